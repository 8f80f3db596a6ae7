"""The schema of cribkit 0.1.0, and the adoption of a database written before revisions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


#: Columns added to ``games`` before there were revisions (cribkit's first SQLite store had
#: none of them): an older database gets them, with their defaults in every row.
def _added_columns() -> list[sa.Column[object]]:
    return [
        sa.Column("owners", sa.Text, nullable=False, server_default="{}"),
        sa.Column("practice", sa.Integer, nullable=False, server_default="0"),
        sa.Column("seating", sa.Text, nullable=False, server_default="{}"),
    ]


def _games() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("mode", sa.Text, nullable=False),
        sa.Column("ai", sa.Text, nullable=False),
        sa.Column("humans", sa.Text, nullable=False),
        sa.Column("tokens", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("scores", sa.Text, nullable=False),
        sa.Column("result", sa.Text),
        *_added_columns(),
    )


def _keyed(name: str, value: str) -> None:
    """``talk`` and ``actions``: a game's numbered lines."""
    op.create_table(
        name,
        sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column(value, sa.Text, nullable=False),
    )


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    tables = set(inspector.get_table_names())
    if "games" not in tables:
        _games()
    else:  # a database from before revisions: add what its code did not have yet
        have = {column["name"] for column in inspector.get_columns("games")}
        for column in _added_columns():
            if column.name not in have:
                op.add_column("games", column)
    if "talk" not in tables:
        _keyed("talk", "entry")
    if "invites" not in tables:
        op.create_table(
            "invites",
            sa.Column("code", sa.Text, primary_key=True),
            sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), nullable=False),
            sa.Column("seat", sa.Integer, nullable=False),
        )
    if "actions" not in tables:
        _keyed("actions", "action")
    if "games_status" not in {index["name"] for index in inspector.get_indexes("games")}:
        op.create_index("games_status", "games", ["status", "created"])


def downgrade() -> None:
    for name in ("talk", "invites", "actions"):
        op.drop_table(name)
    op.drop_table("games")
