"""The game page's data for the phone's script (games/_phone_page.html): besides its words and addresses, the game's
words for trumps and kinds of hand, the most cards by table and the trump each kind of hand fixes, so the script
keeps no copy of its own."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorekeeper.engine import MAX_PLAYERS, MIN_PLAYERS, NO_TRUMP, HandKind, Suit, max_cards
from scorekeeper.engine.game_card import fixed_trump
from scorekeeper.labels.game_words import KIND_HELP, KIND_NAMES, TRUMP_NAMES
from support.table import Table

BLOCK = re.compile(r'<script type="application/json" id="phone-texts">(.*?)</script>', re.S)


def page_data(table: Table, token: str, language: str) -> dict[str, Any]:
    """The game page's data block for the phone, in ``language``."""
    found = BLOCK.search(table.client.get(f"/p/{token}", headers={"Accept-Language": language}).get_data(as_text=True))
    assert found, "the game page carries no #phone-texts block"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_page_carries_the_most_cards_of_every_table(table: Table) -> None:
    data = page_data(table, table.start(), "es")
    assert data["max_cards"] == {str(n): max_cards(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    assert data["max_cards"] == {"3": 12, "4": 10, "5": 8, "6": 6, "7": 5, "8": 5}, "docs/rules.md, Players and deck"


def test_the_page_carries_the_trump_each_kind_of_hand_fixes(table: Table) -> None:
    fixed = page_data(table, table.start(), "es")["fixed_trumps"]
    assert fixed == {kind.value: fixed_trump(kind) for kind in HandKind}
    fixing = {kind: trump for kind, trump in fixed.items() if trump is not None}
    assert fixing == {"mano_de_oro": "O", "sin_triunfo": "-"}


@pytest.mark.parametrize("language", ["es", "en", "eu"])
def test_the_page_carries_the_names_of_trumps_and_kinds_of_hand_in_its_language(table: Table, language: str) -> None:
    every_kind = table.start(
        preset="a_medida", custom_sizes="10 10 1 1 5", subastado="1", sin_triunfo="2", mano_de_oro="3", indias="4"
    )
    labels = page_data(table, every_kind, language)["labels"]
    with table.app.test_request_context(headers={"Accept-Language": language}):
        assert labels == {
            "trumps": {code: str(name) for code, name in TRUMP_NAMES.items()},
            "kinds": {kind.value: str(name) for kind, name in KIND_NAMES.items()},
            "kind_help": {kind.value: str(text) for kind, text in KIND_HELP.items()},
        }
    assert set(labels["trumps"]) == {*(suit.value for suit in Suit), NO_TRUMP}
    assert set(labels["kinds"]) == {kind.value for kind in HandKind}
    assert set(labels["kind_help"]) == {kind.value for kind in HandKind} - {HandKind.NORMAL.value}
    spanish = {"O": "Oros", "C": "Copas", "E": "Espadas", "B": "Bastos", "-": "Sin triunfo"}
    assert (labels["trumps"] == spanish) is (language == "es")


def test_a_game_page_carries_the_words_of_the_kinds_of_hand_its_game_can_play_only(table: Table) -> None:
    labels = page_data(table, table.start(), "es")["labels"]
    assert set(labels["kinds"]) == {HandKind.NORMAL.value, HandKind.DESEMPATE.value}  # a tie adds a hand
    assert set(labels["kind_help"]) == {HandKind.DESEMPATE.value}
