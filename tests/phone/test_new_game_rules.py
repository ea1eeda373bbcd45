"""The phone's copy of the new-game form (static/js/pocha/new_game_rules.js, run by Node.js) against the form itself
(games/forms.py): random forms, as a phone's page sends them and worse, read both ways in Spanish and in English give
the same game (names, first dealer, preset and every rule) or the same refusals, field by field, in the same words."""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any, Final

import pytest
from flask import Flask
from werkzeug.datastructures import MultiDict

from scorekeeper.engine import game_card, schedule
from scorekeeper.games.forms import NewGameForm
from scorekeeper.games.new_game_data import new_game_data
from support.phone_rules import node_program

DRIVER: Final = Path(__file__).resolve().parent / "new_game_rules_driver.js"
FORMS: Final = 600
#: Names a table types, and some it should not: accents, the longest allowed and one more letter, letters that
#: are the same but for case (as Python's casefold sees them), spaces and control characters inside.
NAMES: Final = (
    "Ana",
    "ana",
    "ANA",
    "Begoña",
    "BEGOÑA",
    "Íñigo",
    "Maximiliano de las N",
    "Maximiliano de las Ni",
    "Maximiliano de las Nie",
    "María José",
    "  María   José ",
    "Strauß",
    "STRAUSS",
    "Σοφία",
    "ΣΟΦΊΑ",
    "Ǆuro",
    "ǆuro",
    "😀 Pepe",
    "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀",
    "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀",
    "a\tb",
    "a\x1cb",
    "a\x07b",
    "\u00a0Luis\u00a0",
    "Luis",
    "Jo\ufeffsé",
    "İsmail",
    "i̇smail",
    "x" * 19,
    "",
)
#: Names a table would type: all different.
TABLE: Final = ("Ana", "Begoña", "Íñigo", "Maximiliano de las N", "María José", "Strauß", "Σοφία", "😀 Pepe", "Luis")
NUMBERS: Final = (
    "",
    "",
    "0",
    "1",
    "5",
    "7",
    "12",
    "40",
    "41",
    "100",
    "1000",
    "1001",
    " 8 ",
    "x",
    "٣",
    "-1",
    "1234567",
    "007",
)
SIZES: Final = ("", "", "1 2 3", "1,2,3", "1 1", "3 3 3", "12", "13", "0", "1 x", ",", " 1  5 ", "2," * 101, "5 " * 30)
PLACES: Final = ("", "", "", "fin", "FIN", "final", "end", "0", "1", "2", "3", "28", "99", "x", " 2 ", "1000")


def random_form(rng: random.Random, data: dict[str, Any]) -> dict[str, str]:
    """A form as the new-game page sends it: eight name rows, the first dealer, the preset and every option's field;
    a third of them as a table fills it in (names apart, options left as the rules say or chosen from what the
    page offers), the rest anything, each field usually as its control offers it, sometimes not."""
    careful = rng.random() < 1 / 3
    players = rng.randint(3, 8) if careful else rng.randint(2, 9)
    seated = rng.sample(TABLE, players) if careful else [rng.choice(NAMES) for _ in range(players)]
    fields = {f"names-{row}": seated[row] if row < len(seated) else "" for row in range(8)}
    dealers = [str(seat) for seat in range(players)] if careful else [str(seat) for seat in range(8)] + ["9", "x"]
    fields["first_dealer"] = rng.choice(["azar", "azar", *dealers])
    fields["preset"] = rng.choice([*data["presets"], "nada"] if rng.random() < 0.05 else list(data["presets"]))
    for option in data["options"]:
        control = option["control"]
        if careful and control not in ("flag", "choice") and rng.random() < 0.8:
            continue  # as the rules say
        if control in ("flag", "choice"):
            wrong = ["2", "x"] if rng.random() < 0.05 and not careful else []
            fields[option["name"]] = rng.choice(["", "", *option["values"], *wrong])
        elif control == "number":
            fields[option["name"]] = rng.choice(NUMBERS)
        elif control == "hand_list":
            fields[option["name"]] = rng.choice(SIZES)
        else:
            for kind in option["fields"]:
                fields[kind] = rng.choice(PLACES)
    # The page sends every name row, blank or not; an option's field may be left out (a page of an older release).
    return {name: value for name, value in fields.items() if value or name.startswith("names-") or rng.random() < 0.5}


def server_reads(fields: dict[str, str]) -> dict[str, Any]:
    """What the new-game form makes of ``fields``: the game's names, first dealer, preset and rules, or the
    refusals by field, or the rules' refusal (shown under «Más opciones»)."""
    form = NewGameForm(formdata=MultiDict(fields))
    if not form.validate():
        return {"errors": {name: [str(error) for error in errors] for name, errors in form.errors.items()}}
    rules = form.check_rules(len(form.player_names()))
    if rules is None:
        return {"refusal": form.rules_error}
    dealer = form.first_dealer.data
    names = form.player_names()
    seat = len(names) - 1 if dealer == "azar" else int(dealer)
    plans = schedule(len(names), seat, rules)
    return {
        "names": names,
        "dealer": dealer if dealer == "azar" else int(dealer),
        "preset": form.preset.data,
        "rules": rules.to_dict(),
        "card": game_card(rules, names, seat, [], plans[0]),
    }


def phone_reads(data: dict[str, Any], forms: list[dict[str, str]]) -> list[dict[str, Any]]:
    """What the phone's copy makes of each form, with the page's data."""
    request = json.dumps({"data": data, "forms": forms}, ensure_ascii=False)
    done = subprocess.run(
        [node_program(), str(DRIVER)], input=request, capture_output=True, text=True, encoding="utf-8", check=True
    )
    read: list[dict[str, Any]] = json.loads(done.stdout)["read"]
    return read


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_phone_reads_every_form_as_the_server_does(app: Flask, language: str) -> None:
    app.config["WTF_CSRF_ENABLED"] = False
    rng = random.Random(f"new-game-{language}")
    with app.test_request_context(headers={"Accept-Language": language}):
        data = new_game_data(NewGameForm(formdata=None))
        forms = [random_form(rng, data) for _ in range(FORMS)]
        server = [server_reads(fields) for fields in forms]
    phone = phone_reads(data, forms)
    kinds = {next(iter(read)) for read in server}
    assert kinds == {"errors", "refusal", "names"}, "the forms reach every outcome"
    assert sum("names" in read for read in server) >= FORMS // 10, "a good share make a game"
    for fields, theirs, ours in zip(forms, server, phone, strict=True):
        assert ours == theirs, json.dumps(fields, ensure_ascii=True)


def test_the_new_game_page_carries_what_the_phone_reads_the_form_with(app: Flask) -> None:
    page = app.test_client().get("/partidas/nueva", headers={"Accept-Language": "en"}).get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="new-game-data">(.*?)</script>', page, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    assert set(data["presets"]) == {
        "clasica",
        "corta",
        "rapida",
        "ludoteka",
        "ludoteka_subir",
        "ludoteka_maximo",
        "a_medida",
    }
    assert data["presets"]["rapida"]["custom_sizes"] == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    assert data["messages"]["choose_dealer"] == "Choose who deals first"
    assert [option["name"] for option in data["options"]][:3] == ["opening_ones", "closing_ones", "multipliers"]
