"""What every template sees besides Flask's own, registered in this one place.

Functions are Jinja globals (seen by imported macros too); values that depend on the request
being answered come from a context processor. A blueprint's own pages may add theirs (the
simulator's card helpers), never globals.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from scorekeeper.engine import HandKind, Suit, trump_code
from scorekeeper.engine.game_card import fixed_trumps_by_kind, max_cards_by_table
from scorekeeper.labels import game_words
from scorekeeper.labels.short_names import row_names, script_limits, short_names, strip_names, told_apart
from scorekeeper.page_parts import hand_panel
from scorekeeper.page_parts.chart import score_chart
from scorekeeper.page_parts.game_time import duration_words
from scorekeeper.page_parts.paper_lines import any_not_counted, paper_lines
from scorekeeper.page_parts.share_links import group_links, share_links, watch_link
from scorekeeper.page_parts.standings_panel import counted_in_extra_hand, tie_broken
from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.page_parts.take_home import summary_text
from scorekeeper.plumbing import assets, languages, script_texts, security, urls

#: Functions and names every template may call, by the name templates use.
FUNCTIONS: dict[str, Any] = {
    # the game's values in words (labels/game_words.py), and names cut to fit
    "trump_label": game_words.trump_label,
    "kind_label": game_words.kind_label,
    "kind_help": game_words.kind_help,
    "card_name": game_words.card_name,
    "seat_name": game_words.seat_name,
    "message_text": game_words.message_text,
    "change_text": game_words.change_text,
    "forbidden_text": game_words.forbidden_text,
    "script_labels": game_words.script_labels,
    "max_cards_by_table": max_cards_by_table,
    "fixed_trumps_by_kind": fixed_trumps_by_kind,
    "trump_code": trump_code,
    "short_names": short_names,
    "short_name_limits": script_limits,
    "strip_names": strip_names,
    "told_apart": told_apart,
    "row_names": row_names,
    "Suit": Suit,
    "HandKind": HandKind,
    # what several blueprints' pages draw (page_parts/)
    "score_chart": score_chart,
    "paper_lines": paper_lines,
    "any_not_counted": any_not_counted,
    "share_links": share_links,
    "watch_link": watch_link,
    "group_links": group_links,
    "before_bids": hand_panel.before_bids,
    "explained_kind": hand_panel.explained_kind,
    "renuncios_listed": hand_panel.renuncios_listed,
    "filled_in": hand_panel.filled_in,
    "tap_urls": hand_panel.tap_urls,
    "counted_in_extra_hand": counted_in_extra_hand,
    "tie_broken": tie_broken,
    "stored_game_time": stored_game_time,
    "duration_words": duration_words,
    "chat_summary_text": summary_text,
    # plumbing: a small SVG drawn with the page, the languages offered, the page to come back to, the script's words
    "inline_address": assets.inline_address,
    "script_texts": script_texts.script_texts,
    "language_names": languages.LANGUAGE_NAMES,
    "current_page": urls.current_page,
}


def request_values() -> dict[str, Any]:
    """Values that depend on the request: the page's language, and whether it is a capability page (noindex)."""
    return {"current_locale": languages.current_locale(), **security.capability_page()}


def register(app: Flask) -> None:
    """Give every template the functions above and the request's values, and JSON data blocks (``tojson``) without
    the spaces after commas and colons: a long game's card is that much lighter on the wire."""
    app.jinja_env.globals.update(FUNCTIONS)
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False}
    app.context_processor(request_values)
