"""The store's tables, defined once (SQLAlchemy Core): the schema at the newest migration.

Every JSON value is kept as text, the same on every backend. A change to these tables is made
with a new revision in :mod:`cribkit.store.migrations` (``docs/scaling.md``, "Storage").
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
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
    sa.Column("owners", sa.Text, nullable=False, server_default="{}"),
    sa.Column("practice", sa.Integer, nullable=False, server_default="0"),
    sa.Column("seating", sa.Text, nullable=False, server_default="{}"),
    sa.Index("games_status", "status", "created"),
)

talk = sa.Table(
    "talk",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("entry", sa.Text, nullable=False),
)

invites = sa.Table(
    "invites",
    metadata,
    sa.Column("code", sa.Text, primary_key=True),
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("action", sa.Text, nullable=False),
    # The id its client chose (None: the computer's, or a client that gave none): unique in a
    # game, so that an action sent again is known, never applied twice.
    sa.Column("client_id", sa.Text),
    sa.Index("actions_client_id", "game_id", "client_id", unique=True),
)
