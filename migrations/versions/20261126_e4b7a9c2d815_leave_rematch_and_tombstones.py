"""a game left, archived or followed by its revancha; what is left of a deleted game

Revision ID: e4b7a9c2d815
Revises: ced5c2e18961
Create Date: 2026-11-26 10:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e4b7a9c2d815"
down_revision = "ced5c2e18961"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add game.abandoned_at, game.archived_at and game.rematch_id (all empty), and the deleted games' table."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("abandoned_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("archived_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("rematch_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_game_rematch_id_game"), "game", ["rematch_id"], ["id"], ondelete="SET NULL"
        )
    op.create_table(
        "deleted_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_hash", sa.String(length=64), nullable=False),
        sa.Column("watch_token", sa.String(length=43), nullable=False),
        sa.Column("deleted_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deleted_game")),
    )
    with op.batch_alter_table("deleted_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_deleted_game_edit_hash"), ["edit_hash"], unique=True)
        batch_op.create_index(batch_op.f("ix_deleted_game_watch_token"), ["watch_token"], unique=True)


def downgrade() -> None:
    """Drop the deleted games' table and the three columns (a deleted game's address then finds nothing)."""
    with op.batch_alter_table("deleted_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deleted_game_watch_token"))
        batch_op.drop_index(batch_op.f("ix_deleted_game_edit_hash"))
    op.drop_table("deleted_game")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_game_rematch_id_game"), type_="foreignkey")
        batch_op.drop_column("rematch_id")
        batch_op.drop_column("archived_at")
        batch_op.drop_column("abandoned_at")
