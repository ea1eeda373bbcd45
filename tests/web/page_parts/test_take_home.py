"""A finished game's summary for the chat and its play for BG Stats on the pages (page_parts/take_home.py,
games/_chat_summary.html): the scorekeeper's and the watchers' alike, and never on a game still being played."""

from __future__ import annotations

import html
import json
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from scorekeeper.extensions import db
from scorekeeper.page_parts.bg_stats import play_id
from scorekeeper.storage import store
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from support.table import Table

FIVE = ("Ana", "Bea", "Carlos", "Dani", "Elena")
# 19:30 in UTC is 20:30 in Madrid in November (the configured time zone: BABEL_DEFAULT_TIMEZONE).
CREATED = datetime(2026, 11, 27, 19, 30, 5)
FOUR_MINUTES = timedelta(minutes=4)


def summary_in(page: str) -> str:
    """The summary drawn in the page's read-only box, as the phone reads it."""
    found = re.search(r'<textarea id="resumen-chat-texto"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "no summary on the page"
    return html.unescape(found.group(1))


def link_in(page: str, css_class: str) -> tuple[str, str]:
    """The address and the ``rel`` of the link of ``css_class`` in the summary's section."""
    section = page.split('id="resumen-chat"', 1)[1].split("</section>", 1)[0]
    found = re.search(rf'<a class="[^"]*\b{css_class}\b[^"]*" href="([^"]+)" rel="([^"]+)"', section)
    assert found, css_class
    return html.unescape(found.group(1)), found.group(2)


def sent_on(table: Table, page: str, css_class: str) -> tuple[str, str]:
    """Where the link of ``css_class`` sends the phone (Pocha's own address, asked for only when tapped), and its
    ``rel``."""
    address, rel = link_in(page, css_class)
    assert address.startswith("/"), "the page carries Pocha's own address, not the game again in another's"
    answer = table.client.get(address)
    assert answer.status_code == 303 and answer.headers["Cache-Control"] == "no-store", address
    return answer.headers["Location"], rel


def bg_stats_data(address: str) -> dict[str, Any]:
    """The play a BG Stats link carries."""
    parts = urlsplit(address)
    assert (parts.netloc, parts.path) == ("app.bgstatsapp.com", "/createPlay.html")
    play: dict[str, Any] = json.loads(parse_qs(parts.query)["data"][0])
    return play


def finished_five(table: Table) -> tuple[str, str]:
    """A finished game of five, started at ``CREATED`` with a hand saved every four minutes: its two tokens."""
    token, watch = store_game(table.app, FIVE, classic_game(5))
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.created_at = CREATED
        for hand in game.hands:
            hand.completed_at = CREATED + hand.number * FOUR_MINUTES
        db.session.commit()
    return token, watch


def test_the_scorekeeper_and_the_watchers_get_the_same_summary_and_links(table: Table) -> None:
    token, watch = finished_five(table)
    pages = {
        "scorekeeper": table.client.get(f"/p/{token}").get_data(as_text=True),
        "watchers": table.client.get(f"/ver/{watch}").get_data(as_text=True),
    }
    summaries = {who: summary_in(page) for who, page in pages.items()}
    assert summaries["scorekeeper"] == summaries["watchers"]
    summary = summaries["watchers"]
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        sheet = store.view_of(game).sheet
    winner = sheet.winner
    assert winner is not None
    assert summary.startswith(f"🏆 Gana {FIVE[winner]} con {sheet.totals[winner]} puntos\n")
    assert "Pocha · 27 de noviembre de 2026 · " in summary, "the day and the length (27 hands, 4 minutes each)"
    assert summary.endswith(f"/ver/{watch}"), "it ends with the watchers' address"
    assert token not in summary, "never the scorekeeper's address"
    for who, page in pages.items():
        whatsapp, rel = sent_on(table, page, "whatsapp-link")
        parts = urlsplit(whatsapp)
        assert (parts.scheme, parts.netloc, parts.path) == ("https", "wa.me", "/"), who
        assert parse_qs(parts.query)["text"] == [summary], "the link sends the summary as it is"
        assert rel == "noopener noreferrer"
        bg_stats, rel = sent_on(table, page, "bg-stats-link")
        assert rel == "noopener noreferrer"
        play = bg_stats_data(bg_stats)
        assert play["sourcePlayId"] == play_id(watch) and token not in bg_stats and watch not in bg_stats
        assert play["playDate"] == "2026-11-27 20:30:05", "the start as the table's clock said it"
        assert play["durationMin"] == 27 * 4
        assert [p["score"] for p in play["players"]] == list(sheet.totals)
        assert [p["winner"] for p in play["players"]] == [seat == winner for seat in range(5)]
        assert [p["startPlayer"] for p in play["players"]] == [False, True, False, False, False]
        assert 'data-copy="resumen-chat-texto"' in page and "Copiar resumen" in page, who
    assert "prefetch" not in pages["scorekeeper"] and "prefetch" not in pages["watchers"]


def test_the_fragment_the_game_page_asks_for_has_it_too(table: Table) -> None:
    token, _watch = finished_five(table)
    page = table.client.get(f"/p/{token}").get_data(as_text=True)
    fragment = table.client.get(f"/p/{token}/hoja").get_data(as_text=True)
    assert summary_in(fragment) == summary_in(page)


def test_a_game_being_played_has_neither_summary_nor_links(table: Table) -> None:
    token, watch = store_game(table.app, FIVE, classic_game(5)[:9])
    for address in (f"/p/{token}", f"/ver/{watch}", f"/p/{token}/hoja", f"/ver/{watch}/en-directo"):
        response = table.client.get(address)
        assert response.status_code == 200, address
        page = response.get_data(as_text=True)
        assert "hoja" in page, address
        assert "resumen-chat" not in page, address
        assert "bgstatsapp" not in page, address
        assert "wa.me/?text=%F0%9F%8F%86" not in page, address  # 🏆: the summary's first letter
    for scope, address_token in (("p", token), ("ver", watch)):
        for where in ("resumen-por-whatsapp", "a-bg-stats"):
            refused = table.client.get(f"/{scope}/{address_token}/{where}")
            assert refused.status_code == 409, (scope, where)
            assert "La partida aún no ha terminado" in refused.get_data(as_text=True)


def test_the_summary_speaks_the_pages_language(table: Table) -> None:
    _token, watch = finished_five(table)
    table.client.set_cookie("lang", "en")
    try:
        summary = summary_in(table.client.get(f"/ver/{watch}").get_data(as_text=True))
    finally:
        table.client.delete_cookie("lang")
    assert re.match(r"🏆 \w+ wins with -?\d+ points\n", summary), summary
    assert "bid made" in summary and "Pocha · November 27, 2026" in summary


def test_each_address_the_watchers_reach_has_its_own_summary(table: Table) -> None:
    _token, watch = finished_five(table)
    one = summary_in(table.client.get(f"/ver/{watch}", base_url="http://192.168.1.20:5000").get_data(as_text=True))
    two = summary_in(table.client.get(f"/ver/{watch}", base_url="http://pocha.example").get_data(as_text=True))
    assert one.endswith(f"http://192.168.1.20:5000/ver/{watch}")
    assert two.endswith(f"http://pocha.example/ver/{watch}")
