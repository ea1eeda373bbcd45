"""What the hand panels show of the hand in play, decided here so that their templates only draw it.

The scorekeeper's panel (templates/games/_hand.html) and the watchers' (templates/watch/_hand.html)
share its header (games/_hand_header.html): both ask these.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from flask import url_for

from scorekeeper.engine import HandInPlay, HandKind, HandPlan

#: Where each tap of the hand panel posts (the names of games/queued_taps.py's ``Action``): the forms say the tap
#: as data (``data-action``) and post here without the script.
TAP_ENDPOINTS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "trump": "games.trump",
        "offer": "games.offer",
        "bid": "games.bid",
        "tricks": "games.tricks",
        "renuncios": "games.renuncio",
        "undo": "games.undo",
        "save": "games.save",
    }
)


def before_bids(hand: HandInPlay) -> bool:
    """True until the bids start (the auction, the trump): the header gives the bidding order, and the players'
    rows are not drawn yet."""
    return hand.stage in ("auction", "trump")


def explained_kind(plan: HandPlan) -> HandKind | None:
    """The kind of hand the header explains: a special hand's; ``None`` for a normal hand, and for an extra hand
    played to break a tie (its title says so)."""
    return plan.kind if plan.kind not in (HandKind.NORMAL, HandKind.DESEMPATE) else None


def renuncios_listed(hand: HandInPlay) -> tuple[int, ...]:
    """The seats whose renuncios are listed under the panel: each seat with any, until the bids start (there are
    no rows to show them in yet); none after."""
    if not before_bids(hand):
        return ()
    return tuple(seat for seat, count in enumerate(hand.renuncios) if count)


def filled_in(hand: HandInPlay, seat: int) -> int | None:
    """The tricks the hand fills in for ``seat`` (the last player's, once the others' are said); ``None`` when
    they were said, or cannot be known yet."""
    return hand.tricks_filled[seat] if hand.tricks[seat] is None else None


def tap_urls(token: str) -> dict[str, str]:
    """The address each tap of the game ``token`` posts to, by the tap's name."""
    return {action: url_for(endpoint, token=token) for action, endpoint in TAP_ENDPOINTS.items()}
