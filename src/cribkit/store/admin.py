"""The operator's steps on a store (``cribkit db``): where its schema stands, its upgrade, and
a SQLite file's backup.

They are steps of their own because a shared PostgreSQL database is no longer upgraded by the
servers that open it (:mod:`cribkit.store.migrations`): the operator backs it up, upgrades it
once, then starts the new release's processes, and can go back to the backup and the old
release if need be. How: ``docs/scaling.md``, "Upgrades and backups".
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from cribkit.store import migrations
from cribkit.store.base import StoreError
from cribkit.store.sql import SQLStore, default_url, engine_url, shown_url

__all__ = ["Backup", "Schema", "Upgrade", "backup_sqlite", "check_schema", "schema_status",
           "upgrade_store"]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Schema:
    """Where a database's schema stands: its ``revision`` (None: none yet), this code's
    ``head``, and ``state``, ``behind``, ``current`` or ``ahead``."""

    backend: str
    revision: str | None
    head: str
    state: migrations.State

    def to_json(self) -> dict[str, Any]:
        """``{"backend", "revision", "head", "state"}``."""
        return {"backend": self.backend, "revision": self.revision, "head": self.head,
                "state": self.state}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Upgrade:
    """The revision a database was at before an upgrade, and the one it is at after."""

    before: str | None
    after: str

    @property
    def upgraded(self) -> bool:
        """Whether the upgrade changed anything (False: the database was up to date)."""
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class Backup:
    """A SQLite store copied to ``path``: ``size`` bytes, ``games`` games, at ``revision``."""

    path: Path
    size: int
    games: int
    revision: str | None


def schema_status(url: str | None = None) -> Schema:
    """Where the schema of the store at ``url`` (None: the default SQLite file) stands, read
    without changing anything: a SQLite file that does not exist yet is not made (it has no
    revision)."""
    url = url or default_url()
    parsed = engine_url(url)
    sqlite = parsed.drivername.startswith("sqlite")
    path = parsed.database or ":memory:" if sqlite else None
    if path is not None and (path == ":memory:" or not Path(path).exists()):
        revision = None
    else:
        revision = _read_revision(parsed, shown_url(url))
    return Schema("sqlite" if sqlite else "postgresql", revision, migrations.HEAD,
                  migrations.state(revision))  # fmt: skip


def _read_revision(url: URL, shown: str) -> str | None:
    engine = sa.create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return migrations.current(connection)
    except SQLAlchemyError as error:
        raise StoreError(f"cannot open the store {shown}: {error}") from None
    finally:
        engine.dispose()


def upgrade_store(url: str | None = None) -> Upgrade:
    """Upgrade the database of the store at ``url`` (None: the default SQLite file) to this
    code's schema, in one transaction (on PostgreSQL under the upgrade's advisory lock, so that
    two at once go one after the other): what ``cribkit db upgrade`` and ``make cluster`` do.
    A newer cribkit's database is refused untouched
    (:class:`~cribkit.store.migrations.SchemaError`)."""
    store = SQLStore(url or default_url(), upgrade=True)
    store.close()
    return Upgrade(*store.revisions)


def check_schema(url: str | None = None) -> None:
    """Refuse (:class:`~cribkit.store.migrations.SchemaError`) a shared database whose schema
    is not this code's, before a server or a worker says it has started. A SQLite store passes:
    opening it upgrades it (and refuses a newer cribkit's file)."""
    if url is None or engine_url(url).drivername.startswith("sqlite"):
        return
    found = schema_status(url)
    if found.state != "current":
        raise migrations.SchemaError(shown_url(url), found.revision, found.state)


def backup_sqlite(url: str | None, target: Path) -> Backup:
    """Copy the SQLite store at ``url`` (None: the default file) to the new file ``target``
    with SQLite's online backup: a copy of one instant, safe while a server writes (it reads
    as any reader of a WAL database does, and no write waits for it). The copy is one file
    (rollback journal, not WAL), written beside ``target`` and renamed into place once whole,
    so that a failed backup leaves no half file under the name.

    PostgreSQL is refused, naming ``pg_dump``: its backups are its own tools'."""
    url = url or default_url()
    parsed = engine_url(url)
    if not parsed.drivername.startswith("sqlite"):
        # (libpq, pg_dump's, takes postgresql:// and postgres://, not SQLAlchemy's +psycopg)
        libpq = url.startswith(("postgresql://", "postgres://"))
        given = shown_url(parsed.set(drivername="postgresql").render_as_string(hide_password=True))
        dump = shlex.quote(shown_url(url) if libpq else given)
        raise StoreError(
            f"cribkit db backup copies SQLite stores; back up PostgreSQL with its own tools: "
            f"pg_dump -Fc -f {shlex.quote(str(target))} {dump} (docs/scaling.md, "
            '"Upgrades and backups")'
        )
    path = parsed.database or ":memory:"
    if path == ":memory:":
        raise StoreError("an in-memory store keeps nothing to back up")
    source = Path(path)
    if not source.is_file():
        raise StoreError(f"there is no store at {source}: nothing to back up")
    if target.exists() or target.is_symlink():
        raise StoreError(f"{target} exists: a backup is written to a new file (name another)")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: there is no folder {target.parent}")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        with (
            closing(sqlite3.connect(source, timeout=30)) as db,
            closing(sqlite3.connect(partial, isolation_level=None)) as copy,
        ):
            db.backup(copy)  # every page in one step: one read transaction, one instant
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
            check = copy.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise StoreError(f"the copy of {source} is damaged ({check}): not kept")
            tables = {name for (name,) in copy.execute("SELECT name FROM sqlite_master")}
            games = (
                copy.execute("SELECT count(*) FROM games").fetchone()[0] if "games" in tables else 0
            )
            revision = (
                copy.execute("SELECT version_num FROM alembic_version").fetchone()
                if "alembic_version" in tables
                else None
            )
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        reason = getattr(error, "strerror", None) or str(error)
        raise StoreError(f"cannot back up {source} to {target}: {reason}") from None
    except StoreError:
        partial.unlink(missing_ok=True)
        raise
    return Backup(
        target, target.stat().st_size, int(games), None if revision is None else str(revision[0])
    )
