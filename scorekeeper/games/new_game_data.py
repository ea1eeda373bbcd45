"""What the phone's copy of the new-game form reads from the page (``#new-game-data``, games/new.html).

Without signal the phone starts a game itself (static/js/pocha/new_game_rules.js): it reads the form as the server
does (games/forms.py), with the rules of every preset, each option's control and bounds, and every refusal's words
in the page's language taken from here, so that the script copies none of them. The phone's reading is checked
against the form's on random forms (tests/phone/test_new_game_rules.py).
"""

from __future__ import annotations

from typing import Any, Final

from flask import url_for
from flask_babel import gettext

from scorekeeper.engine import (
    CUSTOM_PRESET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PRESETS,
    Choice,
    Flag,
    HandList,
    Number,
    Option,
    PochaError,
    check_players,
    preset_rules,
)
from scorekeeper.engine.cards import NO_TRUMP, Suit
from scorekeeper.engine.game_card import TRUMPS, fixed_trumps_by_kind, max_cards_by_table
from scorekeeper.engine.records import MAX_RENUNCIOS
from scorekeeper.engine.rules import PHONE_OPTIONS, SPECIAL_KINDS, Multipliers, Places
from scorekeeper.games.forms import (
    AT_THE_END,
    CHOOSE_DEALER,
    FORM_OPTIONS,
    MAX_CUSTOM_HANDS,
    NOT_A_PLACE,
    NOT_SIZES,
    RANDOM_DEALER,
    READ_ORDER,
    TOO_MANY_HANDS,
    NewGameForm,
)
from scorekeeper.games.phone_game_route import MARK
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.labels.game_words import kind_label
from scorekeeper.plumbing.form_choices import NOT_OFFERED
from scorekeeper.plumbing.form_numbers import MAX_DIGITS, NOT_WHOLE
from scorekeeper.plumbing.script_texts import script_texts
from scorekeeper.storage.player_names import NAME_MAX, REPEATED, TOO_LONG

#: WTForms' own words for a choice not offered and a number out of range, which its catalogue translates.
WTFORMS_NOT_A_CHOICE: Final = "Not a valid choice."
WTFORMS_NUMBER_RANGE: Final = "Number must be between %(min)s and %(max)s."


def _players_refusal() -> str:
    """What the engine says of a table of the wrong size, in the page's language."""
    try:
        check_players(0)
    except PochaError as error:
        return engine_message(error.message)
    raise AssertionError("no table has no players")


def _option(name: str, about: Option, form: NewGameForm) -> dict[str, Any]:
    """One option of the form: its field(s), its control, what it takes and what it says when it refuses."""
    control = about.control
    said: dict[str, Any] = {"name": name, "label": str(form[name].label.text) if name in form else name}
    if isinstance(control, Flag):
        said.update(control="flag", values=["1", "0"])
    elif isinstance(control, Choice):
        said.update(control="choice", values=[value.value for value in control.values])
    elif isinstance(control, Number):
        said.update(control="number", low=control.low, high=control.high, blank=control.blank)
        said["refusal"] = gettext(control.refusal)
    elif isinstance(control, HandList):
        said.update(control="hand_list", how_many=gettext(HandList.HOW_MANY), no_cards=gettext(HandList.NO_CARDS))
    elif isinstance(control, Places):
        said.update(
            control="places",
            fields=[kind.value for kind in SPECIAL_KINDS],
            kinds={kind.value: str(kind_label(kind)) for kind in SPECIAL_KINDS},
            from_one=gettext(Places.FROM_ONE),
            same_hand=gettext(Places.SAME_HAND),
        )
    return said


def new_game_data(form: NewGameForm) -> dict[str, Any]:
    """The new-game form as the phone reads it: the presets' rules, the options in the order the form reads them,
    the names' limits, and every refusal's words (templates with ``%(name)s`` values, as gettext's)."""
    in_order = sorted(FORM_OPTIONS.items(), key=lambda item: READ_ORDER.index(type(item[1].control)))
    number_field = next(form[name] for name, about in FORM_OPTIONS.items() if isinstance(about.control, Number))
    return {
        "presets": {key: preset_rules(key).to_dict() for key in (*PRESETS, CUSTOM_PRESET)},
        "default_preset": form.preset.default,
        "random_dealer": RANDOM_DEALER,
        "players": {"low": MIN_PLAYERS, "high": MAX_PLAYERS, "entries": form.names.max_entries},
        "name_max": NAME_MAX,
        "max_digits": MAX_DIGITS,
        "most_hands": MAX_CUSTOM_HANDS,
        "at_the_end": list(AT_THE_END),
        "options": [_option(name, about, form) for name, about in in_order],
        "rules_order": list(OPTIONS),
        # What the phone plans the schedule with (static/js/pocha/schedule.js), and its refusals' words.
        "max_cards": max_cards_by_table(),
        "fixed_trumps": fixed_trumps_by_kind(),
        "texts": script_texts("js/pocha.js"),
        # What the game's card keeps of the rules (engine/game_card.py: rules_card): the options the phone reads, the
        # factor of each trump by the table's choice of multipliers, the most renuncios a player may have in a hand.
        "phone_options": list(PHONE_OPTIONS),
        "multipliers": {
            choice.value: {code: choice.factor(None if code == NO_TRUMP else Suit(code)) for code in TRUMPS}
            for choice in Multipliers
        },
        "max_renuncios": MAX_RENUNCIOS,
        # Where a game made on the phone is created (its token in place of the mark).
        "create_url": url_for("games.create", token=MARK),
        "made_url": url_for("games.phone_game"),
        "token_mark": MARK,
        "preset_label": str(form.preset.label.text),
        "messages": {
            "too_long": gettext(TOO_LONG),
            "repeated": gettext(REPEATED),
            "players": _players_refusal(),
            "choose_dealer": str(CHOOSE_DEALER),
            "not_offered": gettext(NOT_OFFERED),
            "not_a_choice": str(form.preset.gettext(WTFORMS_NOT_A_CHOICE)),
            "not_whole": str(NOT_WHOLE),
            "number_range": str(number_field.gettext(WTFORMS_NUMBER_RANGE)),
            "too_many_hands": gettext(TOO_MANY_HANDS),
            "not_sizes": gettext(NOT_SIZES),
            "not_a_place": gettext(NOT_A_PLACE),
            "no_worker": gettext(
                "Sin conexión: la partida se empezará cuando la haya. Vuelve a tocar «Empezar la partida»."
            ),
            "not_kept": gettext(
                "Este móvil no deja guardar la partida (¿navegación privada, o sin espacio?): empiézala con conexión."
            ),
        },
    }
