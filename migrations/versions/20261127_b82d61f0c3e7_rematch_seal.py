"""la revancha's token kept sealed with the old game's, for whoever keeps the old game's score

Revision ID: b82d61f0c3e7
Revises: 5f0c8e2a9b14
Create Date: 2026-11-27 11:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "b82d61f0c3e7"
down_revision = "5f0c8e2a9b14"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add game.rematch_seal, empty: a revancha started so far has a token worked out from the old game's."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rematch_seal", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Drop game.rematch_seal (a revancha made on a phone is then reached from its own address only)."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("rematch_seal")
