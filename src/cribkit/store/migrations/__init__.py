"""The store's schema versions (Alembic, run as a library: no ``alembic.ini``).

:func:`upgrade` brings a database to the newest revision in the open transaction. Revision
``0001`` is the schema of cribkit 0.1.0; a ``cribkit.db`` written before there were revisions
(its tables but no ``alembic_version``) is adopted by it: the tables and columns it lacks are
added, every row kept, and it is stamped.

Who upgrades: an embedded SQLite file is upgraded by the store that opens it (one process owns
it); a shared PostgreSQL database only by the operator's ``cribkit db upgrade``, since a server
of a new release upgrading it at start would leave the old release's servers beside it unable
to run, and nothing to go back to. The servers and workers there only check
(:func:`require_head`), and refuse a schema that is not theirs with :class:`SchemaError`.
"""

from __future__ import annotations

import functools
import shlex
from typing import Literal

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text

from cribkit.store.base import StoreError

#: The newest revision: what a store opened by this code is upgraded to.
HEAD = "0006"


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the store's migrations, over ``connection``."""
    cfg = Config()
    cfg.set_main_option("script_location", "cribkit.store:migrations")
    cfg.attributes["connection"] = connection
    return cfg


#: The key of the transaction-scoped advisory lock an upgrade of PostgreSQL takes: two processes
#: upgrading one database at once go one after the other (SQLite's write transaction, ``BEGIN
#: IMMEDIATE``, already does that).
LOCK_KEY = 7467314

#: Where a database's schema stands beside this code's: older, the same, or newer.
State = Literal["behind", "current", "ahead"]


class SchemaError(StoreError):
    """A database whose schema is not this code's: ``behind`` (older: ``cribkit db upgrade``
    brings it up) or ``ahead`` (upgraded by a newer cribkit, whose tables this code must not
    write). Its words are one line that says what to do."""

    def __init__(self, shown: str, revision: str | None, state: State) -> None:
        self.revision = revision
        self.state = state
        super().__init__(refusal(shown, revision, state))


def refusal(shown: str, revision: str | None, state: State) -> str:
    """Why a process refuses the database ``shown`` (its URL without the password) at
    ``revision``, and what the operator does about it."""
    database = f"the database {shown}" if shown else "the database"
    if state == "ahead":
        return (
            f"{database} was upgraded by a newer cribkit (revision {revision}); this one knows "
            f"up to {HEAD}: run the newer cribkit, or restore the backup taken before the upgrade"
        )
    if not shown:
        run = "run `cribkit db upgrade`"
    elif "***" in shown:  # (a password goes in the variable or a file, never on a command line)
        run = "run `cribkit db upgrade` with the URL in CRIBKIT_STORE or a --store-file"
    else:
        run = f"run `cribkit db upgrade --store {shlex.quote(shown)}`"
    if revision is None:
        return (
            f"{database} has no cribkit tables yet (no revision), this cribkit needs {HEAD}: {run}"
        )
    return f"{database} is at revision {revision}, this cribkit needs {HEAD}: {run}"


@functools.cache
def known() -> frozenset[str]:
    """Every revision this code has (its ``versions/``): any other was written by a newer one."""
    scripts = ScriptDirectory.from_config(config())
    return frozenset(script.revision for script in scripts.walk_revisions())


def current(connection: Connection) -> str | None:
    """The revision of ``connection``'s database: None without one (a new database, or one
    written before there were revisions)."""
    heads = MigrationContext.configure(connection).get_current_heads()
    return "+".join(sorted(heads)) if heads else None


def state(revision: str | None) -> State:
    """Where ``revision`` stands beside :data:`HEAD` (the history is one line: every revision
    this code knows but its newest is older)."""
    if revision == HEAD:
        return "current"
    return "behind" if revision is None or revision in known() else "ahead"


def lock(connection: Connection) -> None:
    """On PostgreSQL, wait for (and take, until the transaction ends) the upgrade's lock."""
    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({LOCK_KEY})"))


def require_head(connection: Connection, shown: str = "") -> str:
    """The revision of ``connection``'s database if it is this code's (:data:`HEAD`), checked
    and never changed; else :class:`SchemaError` (``shown``: the URL it names)."""
    found = current(connection)
    where = state(found)
    if where != "current":
        raise SchemaError(shown, found, where)
    return HEAD


def upgrade(connection: Connection, shown: str = "") -> tuple[str | None, str]:
    """Upgrade the database of ``connection`` (in its transaction, under :data:`LOCK_KEY` on
    PostgreSQL) to the newest revision: its revision before and after. A newer cribkit's
    database is refused untouched (:class:`SchemaError`), where Alembic would fail for a
    revision it cannot find."""
    lock(connection)
    before = current(connection)
    if state(before) == "ahead":
        raise SchemaError(shown, before, "ahead")
    command.upgrade(config(connection), "head")
    return before, current(connection) or HEAD
