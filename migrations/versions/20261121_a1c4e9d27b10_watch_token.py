"""a watch token per game: the read-only address for the rest of the table

Revision ID: a1c4e9d27b10
Revises: 3b5b316888b3
Create Date: 2026-11-21 17:10:00

"""

import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "a1c4e9d27b10"
down_revision = "3b5b316888b3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add game.watch_token, giving every existing game one of its own."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("watch_token", sa.String(length=43), nullable=True))
    game = sa.table("game", sa.column("id", sa.Integer), sa.column("watch_token", sa.String))
    connection = op.get_bind()
    for (game_id,) in connection.execute(sa.select(game.c.id)).all():
        connection.execute(game.update().where(game.c.id == game_id).values(watch_token=secrets.token_urlsafe(16)))
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.alter_column("watch_token", existing_type=sa.String(length=43), nullable=False)
        batch_op.create_index(batch_op.f("ix_game_watch_token"), ["watch_token"], unique=True)


def downgrade() -> None:
    """Drop game.watch_token."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_watch_token"))
        batch_op.drop_column("watch_token")
