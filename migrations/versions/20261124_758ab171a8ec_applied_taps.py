"""the taps each game has applied, by the id the phone gave each, so that a retry is never applied twice

Revision ID: 758ab171a8ec
Revises: e4b7a9c2d815
Create Date: 2026-11-24 23:32:39

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "758ab171a8ec"
down_revision = "e4b7a9c2d815"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the table applied_tap (empty: the taps applied so far came from forms, which carry no id)."""
    op.create_table(
        "applied_tap",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("tap_id", sa.String(length=40), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("applied_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_applied_tap_game_id_game"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_applied_tap")),
        sa.UniqueConstraint("game_id", "tap_id", name=op.f("uq_applied_tap_game_id")),
    )


def downgrade() -> None:
    """Drop applied_tap, and every id kept in it."""
    op.drop_table("applied_tap")
