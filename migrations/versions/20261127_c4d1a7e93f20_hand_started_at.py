"""when each hand's first tap was stored, so that a game's length is measured from its hands

Revision ID: c4d1a7e93f20
Revises: d9e2b5f04a17
Create Date: 2026-11-27 14:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c4d1a7e93f20"
down_revision = "d9e2b5f04a17"
branch_labels = None
depends_on = None

#: A hand stored so far started when the hand before it was saved (empty when that time is not known).
AFTER_THE_HAND_BEFORE = """
UPDATE hand SET started_at = (
    SELECT previous.completed_at FROM hand AS previous
    WHERE previous.game_id = hand.game_id AND previous.number = (
        SELECT MAX(earlier.number) FROM hand AS earlier
        WHERE earlier.game_id = hand.game_id AND earlier.number < hand.number
    )
)
"""
#: The first hand of a game stored so far started when the game did.
WITH_ITS_GAME = """
UPDATE hand SET started_at = (SELECT game.created_at FROM game WHERE game.id = hand.game_id)
WHERE NOT EXISTS (
    SELECT 1 FROM hand AS earlier WHERE earlier.game_id = hand.game_id AND earlier.number < hand.number
)
"""


def upgrade() -> None:
    """Add hand.started_at, filled for every hand stored so far: the first hand's is its game's start, every other's
    is when the hand before it was saved."""
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("started_at", sa.DateTime(), nullable=True))
    op.execute(sa.text(AFTER_THE_HAND_BEFORE))
    op.execute(sa.text(WITH_ITS_GAME))


def downgrade() -> None:
    """Drop hand.started_at (a game's length is then measured from its start to its last saved hand)."""
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("started_at")
