"""What the hand panels show of the hand in play, decided here so that their templates only draw it.

The scorekeeper's panel (templates/games/_hand.html) and the watchers' (templates/watch/_hand.html)
share its header (games/_hand_header.html): both ask these.
"""

from __future__ import annotations

from scorekeeper.engine import HandInPlay, HandKind, HandPlan


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
