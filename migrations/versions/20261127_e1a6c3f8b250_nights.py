"""la noche de la peña: a peña's nights, who came, and each round's tables with their games

Revision ID: e1a6c3f8b250
Revises: c4d1a7e93f20
Create Date: 2026-11-27 16:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e1a6c3f8b250"
down_revision = "c4d1a7e93f20"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the nights' tables (empty: no peña has held a night yet)."""
    op.create_table(
        "night",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("preset", sa.String(length=32), nullable=False),
        sa.Column("sizes", sa.String(length=16), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_night_group_id_player_group"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_night")),
        sa.UniqueConstraint("group_id", "number", name=op.f("uq_night_group_id")),
    )
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_night_group_id"), ["group_id"], unique=False)

    op.create_table(
        "night_player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("first_round", sa.Integer(), nullable=False),
        sa.Column("left_round", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["night_id"], ["night.id"], name=op.f("fk_night_player_night_id_night"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_night_player")),
    )
    with op.batch_alter_table("night_player", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_night_player_night_id"), ["night_id"], unique=False)

    op.create_table(
        "night_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("sealed_token", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_night_table_game_id_game"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["night_id"], ["night.id"], name=op.f("fk_night_table_night_id_night"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_night_table")),
        sa.UniqueConstraint("night_id", "round", "number", name=op.f("uq_night_table_night_id")),
    )
    with op.batch_alter_table("night_table", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_night_table_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_night_table_night_id"), ["night_id"], unique=False)


def downgrade() -> None:
    """Drop the nights' tables (their games stay, as any game, in the peña's league)."""
    op.drop_table("night_table")
    op.drop_table("night_player")
    op.drop_table("night")
