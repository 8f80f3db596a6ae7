"""The store's schema versions (Alembic, run as a library when a store opens: no ``alembic.ini``).

:func:`upgrade` brings a database to the newest revision in the open transaction. Revision
``0001`` is the schema of cribkit 0.1.0; a ``cribkit.db`` written before there were revisions
(its tables but no ``alembic_version``) is adopted by it: the tables and columns it lacks are
added, every row kept, and it is stamped.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

#: The newest revision: what a store opened by this code is upgraded to.
HEAD = "0001"


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the store's migrations, over ``connection``."""
    cfg = Config()
    cfg.set_main_option("script_location", "cribkit.store:migrations")
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection) -> None:
    """Upgrade the database of ``connection`` (in its transaction) to the newest revision."""
    command.upgrade(config(connection), "head")
