"""The simulator's addresses read into values: the deal (players, cards, dealer, preset, seed), seats, cards typed.

Shape only (a whole number, a card in notation): every rule (how many players, cards each,
which dealer, which preset) is the engine's, asked when the deal is made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from flask_babel import gettext as _

from scorekeeper.engine import (
    NO_TRUMP,
    Card,
    Deal,
    HandLog,
    PochaError,
    Rules,
    Suit,
    deal_cards,
    parse_cards,
    preset_rules,
    simulate_hand,
)
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.plumbing import form_numbers

DEFAULT_PLAYERS = 4
DEFAULT_CARDS = 5
DEFAULT_PRESET = "clasica"
#: Every number of the simulator (a seed too) has at most this many digits; a new seed is drawn below NEW_SEED_BELOW.
SEED_DIGITS = 18
NEW_SEED_BELOW = 1_000_000

Args = Mapping[str, str]


class ParamError(ValueError):
    """A value of the address or the form that cannot be used; ``str()`` says why, in the page's language."""


def engine_error(error: PochaError) -> ParamError:
    """An engine refusal as a ``ParamError`` in the page's language."""
    return ParamError(engine_message(error.message))


def whole_number(args: Args, name: str, what: str, default: int | None = None) -> int | None:
    """The whole number (0 or more, ASCII digits) given as ``name``; ``default`` when it is missing or blank."""
    raw = args.get(name)
    if raw is None or not raw.strip():
        return default
    value = form_numbers.whole_number(raw, SEED_DIGITS)
    if value is None:
        raise ParamError(
            _(
                "«%(value)s» no vale como %(what)s: tiene que ser un número entero de 0 en adelante",
                value=raw,
                what=what,
            )
        )
    return value


def required_number(args: Args, name: str, what: str, default: int) -> int:
    """Like ``whole_number``, never ``None``."""
    value = whole_number(args, name, what, default)
    return default if value is None else value


def new_seed() -> int:
    """A fresh seed for a deal nobody asked for in particular."""
    return random.SystemRandom().randrange(1, NEW_SEED_BELOW)


@dataclass(frozen=True, slots=True)
class DealParams:
    """What makes a simulated deal: the table, the rules and the seed of the shuffle (``None``: not chosen yet)."""

    players: int = DEFAULT_PLAYERS
    cards: int = DEFAULT_CARDS
    dealer: int = 0
    preset: str = DEFAULT_PRESET
    seed: int | None = None

    @classmethod
    def read(cls, args: Args) -> DealParams:
        """The deal described by ``args`` (``players``, ``cards``, ``dealer``, ``preset``, ``seed``); shape only."""
        return cls(
            players=required_number(args, "players", _("número de jugadores"), DEFAULT_PLAYERS),
            cards=required_number(args, "cards", _("cartas por jugador"), DEFAULT_CARDS),
            dealer=required_number(args, "dealer", _("quien reparte"), 0),
            preset=(args.get("preset") or DEFAULT_PRESET).strip(),
            seed=whole_number(args, "seed", _("semilla")),
        )

    def seeded(self) -> DealParams:
        """These values with a seed: the one given, else a new one."""
        return self if self.seed is not None else replace(self, seed=new_seed())

    @property
    def rules(self) -> Rules:
        """The rules of the preset (``RulesError`` for an unknown one)."""
        return preset_rules(self.preset)

    def _rng(self) -> random.Random:
        """The random numbers of this seed (``ParamError`` when there is none)."""
        if self.seed is None:
            raise ParamError(_("Falta la semilla"))
        return random.Random(self.seed)

    def simulate(self) -> HandLog:
        """The hand dealt from the seed and played by the bots; ``ParamError`` with the engine's reason."""
        try:
            return simulate_hand(self.players, self.cards, self.dealer, self._rng(), rules=self.rules)
        except PochaError as error:
            raise engine_error(error) from None

    def deal(self) -> Deal:
        """The same deal as ``simulate`` (the shuffle comes first), not played."""
        try:
            self.rules  # noqa: B018  (an unknown preset is refused here too)
            return deal_cards(self.players, self.cards, self.dealer, self._rng())
        except PochaError as error:
            raise engine_error(error) from None

    def query(self) -> dict[str, Any]:
        """The values as address parameters (for ``url_for``)."""
        out: dict[str, Any] = {
            "players": self.players,
            "cards": self.cards,
            "dealer": self.dealer,
            "preset": self.preset,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        return out


def read_cards(text: str | None) -> tuple[Card, ...]:
    """Cards typed in notation (``7C 1C 5O``, commas allowed); ``ParamError`` with the engine's reason."""
    try:
        return parse_cards(text or "")
    except PochaError as error:
        raise engine_error(error) from None


def read_trump(args: Args, name: str = "pinta") -> Suit | None:
    """The trump chosen (``O``, ``C``, ``E``, ``B``; ``-`` for sin triunfo); oros when none is given."""
    letter = (args.get(name) or Suit.OROS.value).strip().upper()
    if letter == NO_TRUMP:
        return None
    try:
        return Suit.parse(letter)
    except PochaError as error:
        raise engine_error(error) from None
