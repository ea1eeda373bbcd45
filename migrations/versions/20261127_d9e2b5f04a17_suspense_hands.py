"""the big screen's suspense: how many hands at the end it plays without showing any points

Revision ID: d9e2b5f04a17
Revises: b82d61f0c3e7
Create Date: 2026-11-27 12:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "d9e2b5f04a17"
down_revision = "b82d61f0c3e7"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add game.suspense_hands, empty for every game so far: their big screens show the points all along."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("suspense_hands", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop game.suspense_hands (every big screen then shows the points all along)."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("suspense_hands")
