"""«Más opciones» made from the rules' own description of each option (engine/rules.py): a field for every option
the form shows, with its label, hint, choices and bounds, in its section, and each one reaching the game's rules."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

import pytest

from scorekeeper.engine import OPTIONS, Choice, Flag, HandList, Number, Option, Places, form_layout
from scorekeeper.engine.rules import DEFAULT_RULES, SPECIAL_KINDS, HandKind, Special
from scorekeeper.games.forms import NewGameForm

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]
ON_FORM = [name for name, about in OPTIONS.items() if about.form is not None]


def more_options(page_html: str) -> str:
    """The «Más opciones» part of the new-game page."""
    return page_html.split('class="more-options"')[1].split("</details>")[0]


def text(fragment: str) -> str:
    """What a fragment of HTML says, tags taken out."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def test_each_section_is_a_fieldset_with_its_legend_hint_and_fields_in_order(table: Table) -> None:
    more = more_options(table.client.get("/partidas/nueva").get_data(as_text=True))
    fieldsets = re.findall(r"<fieldset>(.*?)</fieldset>", more, re.S)
    assert len(fieldsets) == len(form_layout())
    for fieldset, (section, names) in zip(fieldsets, form_layout(), strict=True):
        assert text(re.findall(r"<legend>(.*?)</legend>", fieldset)[0]) == section.legend
        if section.hint:
            assert f'<p class="hint">{section.hint}</p>' in fieldset
        fields = re.findall(r'<(?:select|input)[^>]*\bname="([^"]+)"', fieldset)
        specials = [kind.value for kind in SPECIAL_KINDS]
        assert fields == [field for name in names for field in (specials if name == "specials" else [name])]


@pytest.mark.parametrize("name", [name for name in ON_FORM if not isinstance(OPTIONS[name].control, Places)])
def test_each_option_shows_its_label_hint_and_control(table: Table, name: str) -> None:
    about = OPTIONS[name]
    more = more_options(table.client.get("/partidas/nueva").get_data(as_text=True))
    label = re.search(rf'<label for="{name}">(.*?)</label>', more)
    assert label and text(label.group(1)) == about.label
    hint = re.search(rf'<p class="hint" id="{name}-hint">(.*?)</p>', more)
    assert (text(hint.group(1)) if hint else None) == about.hint
    control = about.control
    if isinstance(control, (Flag, Choice)):
        select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', more, re.S)
        assert select
        offered = [
            (value, text(said))
            for value, said in re.findall(r'<option[^>]*value="([^"]*)"[^>]*>(.*?)</option>', select.group(1))
        ]
        labels = (
            {"1": "Sí", "0": "No"} if isinstance(control, Flag) else {v.value: s for v, s in control.labels.items()}
        )
        assert offered == [("", "Según las reglas"), *labels.items()]
    else:
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', more)
        assert tag and 'inputmode="numeric"' in tag.group(0)


@pytest.mark.parametrize("name", [name for name in ON_FORM if isinstance(OPTIONS[name].control, Number)])
def test_a_number_out_of_its_bounds_is_refused(table: Table, name: str) -> None:
    control = OPTIONS[name].control
    assert isinstance(control, Number)
    page = table.read(table.new_game(FOUR, **{name: str(control.high + 1)}))
    assert page.status == 422
    assert f"El número debe estar entre {control.low} y {control.high}." in page.errors


def chosen_value(about: Option, default: Any) -> tuple[str | dict[str, str], Any]:
    """What the form is sent for an option other than its default, and the value the rules then hold."""
    control = about.control
    if isinstance(control, Flag):
        return ("0" if default else "1"), not default
    if isinstance(control, Choice):
        value = next(value for value in control.values if value != default)
        return value.value, value
    if isinstance(control, Number):
        return str(control.high), control.high
    if isinstance(control, HandList):
        return "1 2 1", (1, 2, 1)
    assert isinstance(control, Places)
    return {HandKind.INDIAS.value: "1", HandKind.SUBASTADO.value: "fin"}, (
        Special(HandKind.INDIAS, 1),
        Special(HandKind.SUBASTADO, None),
    )


@pytest.mark.parametrize("name", ON_FORM)
def test_each_option_chosen_on_the_form_is_in_the_game_rules(table: Table, name: str) -> None:
    sent, expected = chosen_value(OPTIONS[name], getattr(DEFAULT_RULES, name))
    fields = sent if isinstance(sent, dict) else {name: sent}
    if name == "max_hands":
        fields["climb"] = "0"  # the most hands of M a table can ask for still fit the longest game
    rules = table.snap(table.start(FOUR, preset="a_medida", **fields)).sheet.rules
    assert getattr(rules, name) == expected


def test_the_form_has_a_field_for_every_option_it_shows() -> None:
    shown = {kind.value for kind in SPECIAL_KINDS} | {name for name in ON_FORM if name != "specials"}
    assert set(NewGameForm.OPTION_FIELDS) == shown
    assert len(NewGameForm.OPTION_FIELDS) == len(shown)
