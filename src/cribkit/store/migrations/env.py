"""Alembic's environment: run on the connection the store gives (never from a URL of its own)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, text

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError(
        "cribkit's migrations run on a store's connection (cribkit.store.migrations)"
    )
if connection.dialect.name == "postgresql":
    # Two processes opening one database upgrade it one after the other (SQLite's write
    # transaction, BEGIN IMMEDIATE, already does that).
    connection.execute(text("SELECT pg_advisory_xact_lock(7467314)"))
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
