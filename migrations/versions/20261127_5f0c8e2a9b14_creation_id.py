"""the id a phone gave a game it made without signal, so that the same creation makes one game

Revision ID: 5f0c8e2a9b14
Revises: 758ab171a8ec
Create Date: 2026-11-27 10:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "5f0c8e2a9b14"
down_revision = "758ab171a8ec"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add game.creation_id, empty for every game so far (each was started on the server), unique when given."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("creation_id", sa.String(length=22), nullable=True))
        batch_op.create_index(batch_op.f("ix_game_creation_id"), ["creation_id"], unique=True)


def downgrade() -> None:
    """Drop game.creation_id (a creation sent again after this would make a second game)."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_creation_id"))
        batch_op.drop_column("creation_id")
