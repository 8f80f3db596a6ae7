"""Alembic's environment: run on the connection the store gives (never from a URL of its own)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from cribkit.store.migrations import lock

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError(
        "cribkit's migrations run on a store's connection (cribkit.store.migrations)"
    )
# Two processes upgrading one database go one after the other (taken already by
# migrations.upgrade; a lock of the same transaction is taken again at once).
lock(connection)
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
