"""The phone's clock: when a tap, or the creation of a game, was made on the phone (its ``at``, ``Date.now()``).

A game kept without signal reaches the server long after it was played, all at once: by the server's
clock every hand would be saved in the same second. So the server takes the phone's time, as far as it
is believable: never later than now (a clock ahead counts as now), and not older than ``OLDEST`` (a
clock set wrong, or a tap older than any table waits to send it: the server's now counts). A missing or
malformed ``at`` is no refusal, as the outboxes of phones whose page sent none are still taken: the
server's now counts for it.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Final

from scorekeeper.storage.models import utcnow

#: The oldest a phone's time is believed: a fortnight, longer than a game waits on a phone to be sent.
OLDEST: Final = timedelta(days=14)


def phone_time(at: object, now: datetime | None = None) -> datetime | None:
    """When the phone says it made a tap: ``at`` in milliseconds since 1970 (UTC), as the database keeps a moment,
    and no later than ``now`` (the server's, when not given). ``None`` when the server's clock counts instead: no
    time said, not a time, or one older than ``OLDEST``."""
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at):
        return None
    now = now or utcnow()
    try:
        moment = datetime.fromtimestamp(at / 1000, UTC).replace(tzinfo=None)
    except (OverflowError, OSError, ValueError):
        return None
    if moment < now - OLDEST:
        return None
    return min(moment, now)
