"""Messages a player understands, and the engine's narrow exceptions that carry them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final


def N_(template: str) -> str:  # noqa: N802  (gettext's usual name for "mark, translate later")
    """Mark a message template for translation without translating it here."""
    return template


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence for the player: a Spanish template with ``%(name)s`` fields and their values.

    ``str(message)`` is the Spanish text; ``render`` gives it in another language.
    A value may itself be a ``Message`` (a reason inside a refusal).
    """

    template: str
    params: Mapping[str, str | int | Message] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.render(lambda template: template)

    def render(self, translate: Callable[[str], str]) -> str:
        """The message through ``translate``, which maps a template to its translation."""
        text = translate(self.template)
        if not self.params:
            return text
        values = {k: v.render(translate) if isinstance(v, Message) else v for k, v in self.params.items()}
        return text % values


class PochaError(ValueError):
    """Base of every error the engine raises; ``message`` says what is wrong, for a player."""

    def __init__(self, template: str, player: int | None = None, **params: str | int | Message) -> None:
        self.message: Final = Message(template, params)
        self.player: Final = player
        super().__init__(str(self.message))


class InvalidCardError(PochaError):
    """A card or a list of cards could not be read (notation like ``12E`` expected)."""


class RulesError(PochaError):
    """The chosen options do not make a playable game."""


class BidError(PochaError):
    """A bid is out of range, or is the dealer's forbidden bid."""


class ForbiddenBidError(BidError):
    """The last bidder asked for the number that would make the bids add up to the cards."""


class IllegalPlayError(PochaError):
    """A card that the rules of play do not allow at this moment (a renuncio)."""


class RecordError(PochaError):
    """A recorded hand does not add up: tricks, bids or players out of place."""


class TurnError(PochaError):
    """A step that does not fit this moment of the hand: another stage, or another player's turn."""


class AlreadySaidError(TurnError):
    """A different value was already said for this step (by another phone, say): the first one stays."""
