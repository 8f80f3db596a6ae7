"""Club nights and tournaments (issue 39): events, their players and their games. Nothing else
changes.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "events" not in existing:
        op.create_table(
            "events",
            sa.Column("id", sa.Text, primary_key=True),
            sa.Column("director_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("spec", sa.Text, nullable=False),
            sa.Column("format", sa.Text, nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("starts", sa.Float, nullable=False),
            sa.Column("clock", sa.Float),
            sa.Column("public", sa.Integer, nullable=False, server_default="0"),
            sa.Column("code", sa.Text, unique=True),
            sa.Column("status", sa.Text, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        )
    if "event_players" not in existing:
        op.create_table(
            "event_players",
            sa.Column("event_id", sa.Text, sa.ForeignKey("events.id"), primary_key=True),
            sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
            sa.Column("registered", sa.Float, nullable=False),
            sa.Column("replaced", sa.Integer, nullable=False, server_default="0"),
        )
        op.create_index("event_players_account", "event_players", ["account_id"])
    if "event_games" not in existing:
        op.create_table(
            "event_games",
            sa.Column("event_id", sa.Text, sa.ForeignKey("events.id"), primary_key=True),
            sa.Column("number", sa.Integer, primary_key=True),
            sa.Column("round", sa.Integer, nullable=False),
            sa.Column("first_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
            sa.Column("second_id", sa.Text, sa.ForeignKey("accounts.id")),
            sa.Column("game_id", sa.Text, sa.ForeignKey("games.id")),
            sa.Column("result", sa.Text),
            sa.Column("awarded", sa.Integer, nullable=False, server_default="0"),
        )
        op.create_index("event_games_game", "event_games", ["game_id"])


def downgrade() -> None:
    op.drop_table("event_games")
    op.drop_table("event_players")
    op.drop_table("events")
