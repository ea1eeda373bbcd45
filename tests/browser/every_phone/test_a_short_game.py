"""A whole short game tapped with the page's buttons on a phone at the table's Wi-Fi address (plain HTTP), in every
engine: the dealer's forbidden bid disabled with its reason, the tricks of the last player filled in, each hand
saved; the sheet's totals and the standings as the engine scores the same hands, and the server holds them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine import HandRecord, Suit, forbidden_bid_for, preset_rules, score_sheet
from support.browsers import in_browsers
from support.browsers.table import PhoneTable
from support.server import read_game

if TYPE_CHECKING:
    from support.lan_server import LanServer

    from .conftest import Phones

NAMES = ("Ana", "Bea", "Ciro", "Dani")
FIRST_DEALER = 1
SIZES = (2, 3, 1)
RULES = preset_rules("a_medida", custom_sizes=SIZES)
#: Each hand: the trump, everyone's bids and tricks by seat. The dealer bids last, after the others.
HANDS = (
    (Suit.COPAS, (1, 0, 0, 0), (1, 0, 1, 0)),
    (Suit.ESPADAS, (1, 1, 0, 0), (1, 1, 0, 1)),
    (Suit.BASTOS, (0, 0, 0, 0), (0, 0, 0, 1)),
)


@in_browsers()
def test_a_short_game_tapped_on_the_wifi_is_scored_as_the_engine_scores_it(
    lan_server: LanServer, phones: Phones
) -> None:
    phone = phones.open(lan_server.url)
    table = PhoneTable(phone)
    token = table.start(NAMES, FIRST_DEALER, "a_medida", custom_sizes=" ".join(map(str, SIZES)))
    assert phone.run("() => window.isSecureContext") is False, "the Wi-Fi address is no secure context"

    records: list[HandRecord] = []
    for number, (trump, bids, tricks) in enumerate(HANDS, start=1):
        plan = score_sheet(RULES, NAMES, FIRST_DEALER, records).next_hand
        assert plan is not None
        assert table.hand_title().startswith(table.say("Mano %(n)s de %(total)s", n=number, total=len(SIZES)))
        dealer = plan.bidding_order[-1]
        earlier = [bids[seat] for seat in plan.bidding_order[:-1]]
        forbidden = forbidden_bid_for(plan.cards, earlier, RULES)

        def the_dealers_bid_is_refused_with_its_reason(
            forbidden: int | None = forbidden, dealer: int = dealer, cards: int = plan.cards
        ) -> None:
            disabled, reason = table.forbidden()
            assert forbidden is not None and disabled == [str(forbidden)]
            words = "%(name)s no puede pedir %(bid)s: la suma sería %(cards)s de %(cards)s"
            assert reason == table.say(words, name=NAMES[dealer], bid=forbidden, cards=cards)

        table.play_hand(plan.bidding_order, trump.value, bids, tricks, the_dealers_bid_is_refused_with_its_reason)
        records.append(HandRecord(bids=bids, tricks=tricks, trump=trump, renuncios=(0,) * len(NAMES)))
        assert table.sheet_totals() == [
            list(row.totals) for row in score_sheet(RULES, NAMES, FIRST_DEALER, records).rows
        ]

    expected = score_sheet(RULES, NAMES, FIRST_DEALER, records)
    assert expected.finished
    assert not phone.shows("#mano"), "a hand is offered after the last"
    assert table.standings() == [NAMES[place.seat] for place in expected.standings.places]
    stored = read_game(lan_server.app.config["SQLALCHEMY_DATABASE_URI"], token)
    assert [row.record for row in stored.sheet.rows] == [row.record for row in expected.rows]
