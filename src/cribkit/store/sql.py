"""The store on SQLAlchemy 2 Core: SQLite (the default, one file) or PostgreSQL (psycopg 3).

The tables are :mod:`cribkit.store.schema`'s; opening a SQLite store upgrades its file to the
newest revision of :mod:`cribkit.store.migrations` first (a ``cribkit.db`` of cribkit 0.1.0 is
adopted in place), opening a PostgreSQL one checks that its database is at that revision
(``cribkit db upgrade`` upgrades it). Every write is one transaction, committed before the
method returns.

SQLite keeps the old store's settings: WAL with ``synchronous=NORMAL``, every write a
``BEGIN IMMEDIATE`` transaction on one connection shared under a lock, and the log copied into
the database by a background thread's passive checkpoints (automatic checkpoints off), so that
no commit pays for one. A passive checkpoint alone does not bound the log: SQLite starts the log
over only at a write that begins once *every* frame is copied, and under a stream of commits
one always lands while the checkpoint runs, so the log grew by every commit (175 MB after 10,000
commits, ``bench/bench_wal.py``). So when a round finds the log past :data:`RESTART_FRAMES`, it
copies the last few frames again holding the store's lock (no write under way): the next write
starts the log over, and ``journal_size_limit`` cuts the file back. Commits wait for that short
copy only under sustained writing; a server with pauses between writes never holds them up.
PostgreSQL uses a pool of connections; a write that depends on what is already there (the talk's
next index) locks the game's row first, and closing an invitation relies on ``DELETE``'s row
locks: of two concurrent claims, the second deletes nothing.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from cribkit.store import migrations
from cribkit.store.base import (
    CommitUnknownError,
    DuplicateActionError,
    GameRow,
    StaleWriteError,
    StoreError,
    Table,
)
from cribkit.store.saves import data_home
from cribkit.store.schema import actions, games, invites, talk
from cribkit.store.urls import without_password

#: How often SQLite's log is copied into the database.
CHECKPOINT_SECONDS = 0.25
#: The log's length (frames: pages written, 4 KiB each by default) past which a round copies
#: its last frames under the store's lock, so that the next write starts it over. The log then
#: peaks near this plus what one round's commits write (``docs/performance.md``, "SQLite's log").
RESTART_FRAMES = 1024
#: The size (bytes) the log's file is cut back to when the log starts over.
LOG_FILE_BYTES = 4 << 20

#: The schemes users write, and the driver each stands for.
_DRIVERS = {
    "sqlite": "sqlite+pysqlite",
    "postgresql": "postgresql+psycopg",
    "postgres": "postgresql+psycopg",
}


def default_url() -> str:
    """``sqlite:///<data home>/cribkit.db``."""
    return f"sqlite:///{data_home() / 'cribkit.db'}"


def engine_url(url: str) -> URL:
    """The SQLAlchemy URL of a store URL: ``sqlite:///PATH``, ``postgresql://...`` (psycopg 3;
    ``postgres://`` and ``postgresql+psycopg://`` too).

    >>> engine_url("postgresql://cribkit@db.example/games").drivername
    'postgresql+psycopg'
    >>> engine_url("sqlite:///games.db").database
    'games.db'
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"not a store URL: {shown_url(url)!r}") from None
    driver = _DRIVERS.get(parsed.drivername, parsed.drivername)
    if driver not in ("sqlite+pysqlite", "postgresql+psycopg"):
        raise StoreError(
            f"unknown store {parsed.drivername!r} in {shown_url(url)!r}: cribkit stores games in "
            "sqlite:///PATH or postgresql://USER@HOST/DATABASE"
        )
    return parsed.set(drivername=driver)


def shown_url(url: str) -> str:
    """``url`` as messages show it: as it was given (an operator copies it from there), its
    password, if any, hidden (after ``user:``, or a ``password`` of its query, which libpq
    reads too).

    >>> shown_url("postgresql://cribkit:s3cret@db.example/games")
    'postgresql://cribkit:***@db.example/games'
    >>> shown_url("postgresql://postgres@/games?host=/run/postgresql")
    'postgresql://postgres@/games?host=/run/postgresql'
    >>> shown_url("postgresql://cribkit@db.example/games?password=s3cret")
    'postgresql://cribkit@db.example/games?password=***'
    >>> shown_url("postgresql:/cribkit:s3cret@db.example/games")  # (no URL at all)
    '***@db.example/games'
    """
    return without_password(url)


def _dumps_keys(mapping: dict[int, str]) -> str:
    return json.dumps({str(k): v for k, v in mapping.items()})


class SQLStore:
    """A :class:`~cribkit.store.base.Store` over SQLAlchemy; safe to share between threads."""

    def __init__(self, url: str, *, upgrade: bool | None = None) -> None:
        """The store at ``url``. ``upgrade`` says whether opening upgrades its database to
        this code's schema; by default an embedded SQLite file is upgraded (its one process
        owns it) and a shared PostgreSQL database only checked, refused with
        :class:`~cribkit.store.migrations.SchemaError` unless at this code's revision: it is
        the operator's ``cribkit db upgrade`` that upgrades it (``docs/scaling.md``,
        "Upgrades and backups")."""
        self.url = engine_url(url)
        #: The URL in messages: the user's, without its password.
        self.shown = shown_url(url)
        self.sqlite = self.url.drivername.startswith("sqlite")
        self.path = self.url.database or ":memory:" if self.sqlite else None
        # SQLite: one connection, every use of it under this lock (as the old store did).
        self._lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if self.sqlite else contextlib.nullcontext()
        )
        self._closed = threading.Event()
        self._checkpointer: threading.Thread | None = None
        #: The database's revision when opened, and after (another if it was upgraded).
        self.revisions: tuple[str | None, str]
        upgrading = self.sqlite if upgrade is None else upgrade
        try:
            self._engine = self._sqlite() if self.sqlite else self._postgresql()
            with self._lock, self._engine.begin() as connection:
                if upgrading:
                    self.revisions = migrations.upgrade(connection, self.shown)
                else:
                    found = migrations.require_head(connection, self.shown)
                    self.revisions = (found, found)
        except SQLAlchemyError as error:
            raise StoreError(f"cannot open the store {self.shown}: {error}") from None
        except migrations.SchemaError:
            self._engine.dispose()  # (its pool's connection: the store is not opened)
            raise
        if self.path not in (None, ":memory:"):
            self._checkpointer = threading.Thread(
                target=self._checkpoint_often, name="sqlite checkpoints", daemon=True
            )
            self._checkpointer.start()

    def _sqlite(self) -> Engine:
        path = self.path or ":memory:"
        if path != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(f"cannot make the folder of {path}: {error.strerror}") from None
        engine = sa.create_engine(
            self.url,
            poolclass=StaticPool,
            connect_args={"check_same_thread": False, "isolation_level": None},
        )

        @event.listens_for(engine, "connect")
        def _settings(dbapi: sqlite3.Connection, _record: object) -> None:
            dbapi.execute("PRAGMA journal_mode=WAL")
            dbapi.execute("PRAGMA synchronous=NORMAL")
            dbapi.execute("PRAGMA foreign_keys=ON")
            if path != ":memory:":
                dbapi.execute("PRAGMA wal_autocheckpoint=0")
                dbapi.execute(f"PRAGMA journal_size_limit={LOG_FILE_BYTES}")

        @event.listens_for(engine, "begin")
        def _begin(connection: Connection) -> None:
            # A write takes the write lock from the start: none fails half-way for want of it.
            reading = connection.get_execution_options().get("cribkit_read", False)
            connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

        return engine

    def _postgresql(self) -> Engine:
        return sa.create_engine(self.url, pool_pre_ping=True)

    def _checkpoint_often(self) -> None:
        # Its own connection: a passive checkpoint runs beside the writer, never blocking it.
        assert self.path is not None
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            while not self._closed.wait(CHECKPOINT_SECONDS):
                try:
                    _busy, frames, _copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if frames >= RESTART_FRAMES:
                        # The writes never paused long enough for the log to start over: copy
                        # what came in meanwhile with none under way (every use of the store's
                        # connection holds the lock), and the next write starts it over.
                        with self._lock:
                            db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error:  # busy or locked: the next round will do it
                    continue
        finally:
            db.close()

    @contextlib.contextmanager
    def _transaction(self, *, read: bool = False) -> Iterator[Connection]:
        """One transaction (a reading one with ``read``): committed at the end, rolled back
        on error. A write whose ``COMMIT`` itself failed raises :class:`CommitUnknownError`
        (it may have been made durable all the same); any other failure wrote nothing."""
        with self._lock:
            try:
                with self._engine.connect() as connection:
                    if read:
                        connection.execution_options(cribkit_read=True)
                    transaction = connection.begin()
                    try:
                        yield connection
                    except BaseException:
                        transaction.rollback()
                        raise
                    try:
                        transaction.commit()
                    except SQLAlchemyError as error:
                        if read:
                            raise
                        raise CommitUnknownError(
                            f"the store {self.shown} did not say whether it wrote: {error}"
                        ) from None
            except SQLAlchemyError as error:
                doing = "read" if read else "write to"
                raise StoreError(f"cannot {doing} the store {self.shown}: {error}") from None

    def transaction(self, *, read: bool = False) -> contextlib.AbstractContextManager[Connection]:
        """One transaction on the store's database, for the packages that keep tables of
        their own in it (:mod:`cribkit.accounts`): as every method's own (committed at the
        end, :class:`StoreError` on a failure)."""
        return self._transaction(read=read)

    def create_game(self, row: GameRow) -> None:
        with self._transaction() as db:
            db.execute(
                games.insert().values(
                    id=row.id,
                    game=row.game,
                    spec=row.spec,
                    rules=json.dumps(row.rules),
                    seed=json.dumps(row.seed),
                    mode=row.mode,
                    ai=row.ai,
                    humans=json.dumps(list(row.humans)),
                    tokens=_dumps_keys(row.tokens),
                    status=row.status,
                    created=row.created,
                    updated=row.updated,
                    version=row.version,
                    scores=json.dumps(list(row.scores)),
                    result=None if row.result is None else json.dumps(row.result),
                    owners=_dumps_keys(row.owners),
                    practice=int(row.practice),
                    seating=json.dumps(row.table.to_json()),
                )
            )
            codes = [
                {"code": code, "game_id": row.id, "seat": seat}
                for seat, invite in row.table.invites.items()
                for code in (invite.code, invite.join)
            ]
            if codes:
                db.execute(invites.insert(), codes)

    def find_invite(self, code: str) -> tuple[str, int] | None:
        with self._transaction(read=True) as db:
            found = db.execute(
                sa.select(invites.c.game_id, invites.c.seat).where(invites.c.code == code)
            ).first()
        return None if found is None else (str(found[0]), int(found[1]))

    def save_table(self, game_id: str, table: Table) -> None:
        with self._transaction() as db:
            db.execute(
                games.update()
                .where(games.c.id == game_id)
                .values(seating=json.dumps(table.to_json()))
            )

    def add_talk(self, game_id: str, entry: dict[str, Any]) -> int:
        with self._transaction() as db:
            # Lock the game's row: two lines added at once are numbered one after the other.
            db.execute(sa.select(games.c.id).where(games.c.id == game_id).with_for_update())
            index = db.execute(
                sa.select(sa.func.count()).select_from(talk).where(talk.c.game_id == game_id)
            ).scalar_one()
            db.execute(talk.insert().values(game_id=game_id, idx=index, entry=json.dumps(entry)))
        return int(index)

    def load_talk(self, game_id: str) -> list[dict[str, Any]]:
        with self._transaction(read=True) as db:
            rows = db.execute(
                sa.select(talk.c.entry).where(talk.c.game_id == game_id).order_by(talk.c.idx)
            ).all()
        return [json.loads(text) for (text,) in rows]

    def close_invite(self, row: GameRow, seat: int) -> bool:
        with self._transaction() as db:
            closed = db.execute(
                invites.delete().where(invites.c.game_id == row.id, invites.c.seat == seat)
            ).rowcount
            if closed:
                db.execute(
                    games.update()
                    .where(games.c.id == row.id)
                    .values(
                        humans=json.dumps(list(row.humans)),
                        tokens=_dumps_keys(row.tokens),
                        owners=_dumps_keys(row.owners),
                        seating=json.dumps(row.table.to_json()),
                        updated=time.time(),
                    )
                )
        return bool(closed)

    def append_action(
        self,
        game_id: str,
        index: int,
        action: dict[str, Any],
        *,
        version: int,
        scores: list[int],
        result: dict[str, Any] | None = None,
        expect: int | None = None,
        client_id: str | None = None,
    ) -> None:
        with self._transaction() as db:
            # The game's row first: its update takes the row lock, and checks the version.
            self._move_on(db, game_id, expect, version=version, scores=json.dumps(scores),
                          updated=time.time(), status="playing" if result is None else "finished",
                          result=None if result is None else json.dumps(result))  # fmt: skip
            if result is not None:  # a finished game's invitations are closed with it
                db.execute(invites.delete().where(invites.c.game_id == game_id))
            # An id sent again is refused by the unique index (``actions_client_id``): no
            # question of its own on every action.
            try:
                db.execute(
                    actions.insert().values(
                        game_id=game_id, idx=index, action=json.dumps(action), client_id=client_id
                    )
                )
            except IntegrityError as error:
                if client_id is None or "client_id" not in str(error.orig):
                    raise
                raise DuplicateActionError(
                    f"game {game_id} has an action with the id {client_id!r}: nothing written"
                ) from None

    def find_action(self, game_id: str, client_id: str) -> int | None:
        with self._transaction(read=True) as db:
            return self._find_action(db, game_id, client_id)

    @staticmethod
    def _find_action(db: Connection, game_id: str, client_id: str) -> int | None:
        found = db.execute(
            sa.select(actions.c.idx).where(
                actions.c.game_id == game_id, actions.c.client_id == client_id
            )
        ).scalar()
        return None if found is None else int(found)

    def action_at(self, game_id: str, index: int) -> tuple[dict[str, Any], str | None] | None:
        with self._transaction(read=True) as db:
            found = db.execute(
                sa.select(actions.c.action, actions.c.client_id).where(
                    actions.c.game_id == game_id, actions.c.idx == index
                )
            ).first()
        return None if found is None else (json.loads(found[0]), found[1])

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        if not game_ids:
            return {}
        with self._transaction(read=True) as db:
            rows = db.execute(
                sa.select(games.c.id, games.c.version).where(games.c.id.in_(game_ids))
            ).all()
        return {game_id: int(version) for game_id, version in rows}

    def truncate_actions(
        self, game_id: str, keep: int, *, version: int, scores: list[int], expect: int | None = None
    ) -> None:
        with self._transaction() as db:
            self._move_on(db, game_id, expect, version=version, scores=json.dumps(scores),
                          updated=time.time(), status="playing", result=None,
                          practice=1)  # fmt: skip
            db.execute(actions.delete().where(actions.c.game_id == game_id, actions.c.idx >= keep))

    def abandon_game(
        self, game_id: str, result: dict[str, Any], *, version: int, expect: int
    ) -> None:
        with self._transaction() as db:
            # Only a game still being played, as the player saw it: one that finished (or moved
            # on) meanwhile is left as it is.
            update = games.update().where(
                games.c.id == game_id, games.c.status == "playing", games.c.version == expect
            )
            values = {"version": version, "updated": time.time(), "status": "abandoned",
                      "result": json.dumps(result)}  # fmt: skip
            if db.execute(update.values(**values)).rowcount == 0:
                raise StaleWriteError(
                    f"game {game_id} is not being played at version {expect}: nothing abandoned"
                )
            db.execute(invites.delete().where(invites.c.game_id == game_id))

    @staticmethod
    def _move_on(db: Connection, game_id: str, expect: int | None, **values: Any) -> None:
        """Update the game's row, if its version is ``expect`` (when given)."""
        update = games.update().where(games.c.id == game_id)
        if expect is not None:
            update = update.where(games.c.version == expect)
        if db.execute(update.values(**values)).rowcount == 0 and expect is not None:
            found = db.execute(sa.select(games.c.version).where(games.c.id == game_id)).scalar()
            shown = "no such game" if found is None else f"it is at version {found}"
            raise StaleWriteError(f"game {game_id} is not at version {expect}: {shown}")

    def _rows(self, query: sa.Select[Any]) -> list[GameRow]:
        with self._transaction(read=True) as db:
            rows = db.execute(query).all()
        return [_row(r._mapping) for r in rows]

    def _order(self) -> sa.ColumnElement[Any]:
        """The tie-break of games made at the same instant: the order they were stored in
        (SQLite's ``rowid``), or their ids where there is no such thing (PostgreSQL)."""
        return sa.literal_column("games.rowid") if self.sqlite else games.c.id

    def load_game(self, game_id: str) -> GameRow | None:
        rows = self._rows(sa.select(games).where(games.c.id == game_id))
        return rows[0] if rows else None

    def load_actions(self, game_id: str) -> list[dict[str, Any]]:
        with self._transaction(read=True) as db:
            rows = db.execute(
                sa.select(actions.c.action)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.idx)
            ).all()
        return [json.loads(text) for (text,) in rows]

    def list_games(self) -> list[GameRow]:
        return self._rows(sa.select(games).order_by(games.c.created.desc(), self._order().desc()))

    def unfinished(self) -> list[GameRow]:
        return self._rows(
            sa.select(games)
            .where(games.c.status == "playing")
            .order_by(games.c.created, self._order())
        )

    def ping(self) -> None:
        # A table of the schema, not a bare SELECT 1: SQLite answers that without the file.
        with self._transaction(read=True) as db:
            db.execute(sa.select(games.c.id).limit(1)).all()

    def close(self) -> None:
        self._closed.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        with self._lock:
            if self.path not in (None, ":memory:"):
                # If another connection is busy, the log stays and is replayed on the next open.
                with contextlib.suppress(SQLAlchemyError, sqlite3.Error):
                    raw = self._engine.raw_connection()
                    try:
                        raw.driver_connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[union-attr]
                    finally:
                        raw.close()
            self._engine.dispose()


def _row(values: Any) -> GameRow:
    return GameRow(
        id=values["id"],
        game=values["game"],
        spec=values["spec"],
        rules=json.loads(values["rules"]),
        seed=json.loads(values["seed"]),
        mode=values["mode"],
        ai=values["ai"],
        humans=tuple(json.loads(values["humans"])),
        tokens={int(k): v for k, v in json.loads(values["tokens"]).items()},
        status=values["status"],
        created=values["created"],
        updated=values["updated"],
        version=values["version"],
        scores=tuple(json.loads(values["scores"])),
        result=None if values["result"] is None else json.loads(values["result"]),
        owners={int(k): v for k, v in json.loads(values["owners"]).items()},
        practice=bool(values["practice"]),
        table=Table.from_json(json.loads(values["seating"])),
    )
