"""A game left before its end, put away once over, or deleted: what each does to the stored rows.

Leaving keeps everything (the sheet stays as it was, no hand is played any more); archiving only
takes a game off the home page's list; deleting removes the game's rows, and a tombstone keeps
its two addresses so that both say it was deleted. The peñas' leagues read the games as stored:
a deleted game is out of every league, a left one counts as a game that never ended (nothing).
"""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.storage import groups
from scorekeeper.storage.models import DeletedGame, Game, Group, GroupGame, utcnow
from scorekeeper.storage.store import mark_changed


def can_leave(game: Game) -> bool:
    """Tell whether the table can still leave the game: it is neither over nor left already."""
    return game.finished_at is None and game.abandoned_at is None


def leave(game: Game) -> bool:
    """Leave the game where it is (``False``: it was over or left already, nothing changes)."""
    if not can_leave(game):
        return False
    game.abandoned_at = utcnow()
    mark_changed(game)
    return True


def can_archive(game: Game) -> bool:
    """Tell whether the game can be put away: it is over or left, and not put away yet."""
    return game.archived_at is None and (game.finished_at is not None or game.abandoned_at is not None)


def archive(game: Game, put_away: bool = True) -> bool:
    """Put the game away from the home page's list, or back with ``put_away`` false (``False``: nothing changes)."""
    if put_away and not can_archive(game):
        return False
    if not put_away and game.archived_at is None:
        return False
    game.archived_at = utcnow() if put_away else None
    return True


def groups_of(game: Game) -> list[Group]:
    """The peñas whose league counts ``game``."""
    return list(
        db.session.execute(
            db.select(Group).join(GroupGame, GroupGame.group_id == Group.id).filter(GroupGame.game_id == game.id)
        )
        .scalars()
        .all()
    )


def delete(game: Game) -> DeletedGame:
    """Delete the game and everything said in it, leaving its tombstone; its peñas' leagues no longer count it."""
    for group in groups_of(game):
        groups.mark_changed(group)  # their big screens draw the league again
        group.games[:] = [entry for entry in group.games if entry.game_id != game.id]
    db.session.execute(db.update(Game).where(Game.rematch_id == game.id).values(rematch_id=None))
    tombstone = DeletedGame(edit_hash=game.edit_hash, watch_token=game.watch_token)
    db.session.add(tombstone)
    db.session.delete(game)
    return tombstone
