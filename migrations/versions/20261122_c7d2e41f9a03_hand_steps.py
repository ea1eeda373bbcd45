"""the steps of a hand in play, in the order they were tapped

Revision ID: c7d2e41f9a03
Revises: a1c4e9d27b10
Create Date: 2026-11-22 17:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c7d2e41f9a03"
down_revision = "a1c4e9d27b10"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add hand.steps (empty for the hands stored so far: they are read from what was said)."""
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("steps", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop hand.steps (undo then goes by what was said)."""
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("steps")
