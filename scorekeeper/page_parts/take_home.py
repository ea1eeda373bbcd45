"""What a finished game's page gives the table to take home (games/_chat_summary.html): the summary for the chat, as
text and as a WhatsApp link, and the play for BG Stats; the words in the page's language, the times in the table's.

The scorekeeper's page and the watchers' give the same: the summary names the watchers' address, never the
scorekeeper's, and the play's id is a hash of the game, never a token.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC

from flask_babel import format_date, gettext, ngettext, to_user_timezone

from scorekeeper.engine import HandKind
from scorekeeper.labels.game_words import kind_label
from scorekeeper.page_parts.bg_stats import bg_stats_link, bg_stats_play, play_id
from scorekeeper.page_parts.chat_summary import SummaryWords, chat_summary
from scorekeeper.page_parts.game_time import SHORTEST_FOR_PACE, GameTime, duration_words
from scorekeeper.page_parts.share_links import watch_link, whatsapp_link
from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.storage.store import GameView


@dataclass(frozen=True)
class TakeHome:
    """The summary of a finished game for the chat, the WhatsApp link that sends it, and the link to BG Stats."""

    summary: str
    whatsapp: str
    bg_stats: str


def summary_words() -> SummaryWords:
    """The summary's words in the page's language: the final result's own (games/_standings.html), and the legend's."""
    return SummaryWords(
        winner=lambda name, points: gettext("Gana %(name)s con %(points)s puntos", name=name, points=points),
        decided_by_misses=lambda points, misses: gettext(
            "Empate a %(points)s puntos: gana quien menos apuestas ha fallado (%(misses)s fallos).",
            points=points,
            misses=misses,
        ),
        decided_by_extra_hands=lambda hands: ngettext(
            "Empate en cabeza al terminar las manos: lo ha deshecho la mano de desempate.",
            "Empate en cabeza al terminar las manos: lo han deshecho %(num)s manos de desempate.",
            hands,
        ),
        points=lambda total: ngettext("%(num)s punto", "%(num)s puntos", total),
        misses=lambda missed: ngettext("%(num)s fallo", "%(num)s fallos", missed),
        made=gettext("apuesta cumplida"),
        missed=gettext("apuesta fallada"),
        not_counted=gettext("no cuenta"),
        extra_hands=str(kind_label(HandKind.DESEMPATE)),
    )


def _minutes(time: GameTime | None) -> int | None:
    """The game's length in minutes, not said (``None``) for a game typed in afterwards: it took no time at all."""
    return time.minutes if time is not None and time.minutes >= SHORTEST_FOR_PACE else None


def summary_text(view: GameView) -> str:
    """The summary of ``view``'s finished game for the chat, as its final page shows it to copy."""
    game = view.game
    minutes = _minutes(stored_game_time(game))
    about = ["Pocha", format_date(game.created_at, "long")]
    if minutes is not None:
        about.append(duration_words(minutes))
    return chat_summary(view.sheet, summary_words(), footer=(" · ".join(about), watch_link(game).url))


def take_home(view: GameView) -> TakeHome:
    """What the page of ``view``'s finished game offers to take home: the summary, and where its two links lead."""
    game = view.game
    time = stored_game_time(game)
    summary = summary_text(view)
    started = to_user_timezone((time.started if time is not None else game.created_at).replace(tzinfo=UTC))
    play = bg_stats_play(view.sheet, play_id(game.watch_token), started, _minutes(time))
    return TakeHome(summary, whatsapp_link(summary), bg_stats_link(play))
