"""peñas: a group's name and addresses, the games in its league, merged names and seasons

Revision ID: ced5c2e18961
Revises: c7d2e41f9a03
Create Date: 2026-11-24 23:30:22

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "ced5c2e18961"
down_revision = "c7d2e41f9a03"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the peñas' tables (empty: no game is in a peña yet)."""
    op.create_table(
        "player_group",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("manage_hash", sa.String(length=64), nullable=False),
        sa.Column("look_token", sa.String(length=43), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_group")),
    )
    with op.batch_alter_table("player_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_player_group_look_token"), ["look_token"], unique=True)
        batch_op.create_index(batch_op.f("ix_player_group_manage_hash"), ["manage_hash"], unique=True)

    op.create_table(
        "name_merge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("into", sa.String(length=40), nullable=False),
        sa.Column("made_at", sa.DateTime(), nullable=False),
        sa.Column("undone_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_name_merge_group_id_player_group"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_name_merge")),
    )
    with op.batch_alter_table("name_merge", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_name_merge_group_id"), ["group_id"], unique=False)

    op.create_table(
        "player_group_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("added_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_player_group_game_game_id_game"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["player_group.id"],
            name=op.f("fk_player_group_game_group_id_player_group"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_group_game")),
        sa.UniqueConstraint("group_id", "game_id", name=op.f("uq_player_group_game_group_id")),
    )
    with op.batch_alter_table("player_group_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_player_group_game_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_player_group_game_group_id"), ["group_id"], unique=False)

    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_season_group_id_player_group"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_season")),
    )
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_season_group_id"), ["group_id"], unique=False)


def downgrade() -> None:
    """Drop the peñas' tables; every game stays as it was."""
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_season_group_id"))

    op.drop_table("season")
    with op.batch_alter_table("player_group_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_group_game_group_id"))
        batch_op.drop_index(batch_op.f("ix_player_group_game_game_id"))

    op.drop_table("player_group_game")
    with op.batch_alter_table("name_merge", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_name_merge_group_id"))

    op.drop_table("name_merge")
    with op.batch_alter_table("player_group", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_group_manage_hash"))
        batch_op.drop_index(batch_op.f("ix_player_group_look_token"))

    op.drop_table("player_group")
