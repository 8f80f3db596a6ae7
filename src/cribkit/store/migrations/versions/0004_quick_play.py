"""Quick play and challenges (issue 38): the players waiting in each pool for a stranger, and
the invitations addressed to a friend. Nothing else changes.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "quick_play" not in existing:
        op.create_table(
            "quick_play",
            sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
            sa.Column("pool", sa.Text, nullable=False),
            sa.Column("rating", sa.Float, nullable=False),
            sa.Column("since", sa.Float, nullable=False),
            sa.Column("seen", sa.Float, nullable=False),
            sa.Column("game_id", sa.Text),
        )
        op.create_index("quick_play_pool", "quick_play", ["pool"])
    if "challenges" not in existing:
        op.create_table(
            "challenges",
            sa.Column("code", sa.Text, primary_key=True),
            sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), nullable=False),
            sa.Column("from_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
            sa.Column("to_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        )
        op.create_index("challenges_to", "challenges", ["to_id"])


def downgrade() -> None:
    op.drop_table("challenges")
    op.drop_table("quick_play")
