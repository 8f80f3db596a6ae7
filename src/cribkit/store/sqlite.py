"""The SQLite store (stdlib ``sqlite3``, WAL mode): one row per game, one per accepted action.

WAL with ``synchronous=NORMAL`` keeps every committed transaction across a crash of the process
(a power cut may lose the last ones), at a fraction of the cost of a full sync per commit. A
commit then only appends to the log; copying the log into the database (a checkpoint, with its
disk syncs) is left to a background thread, so that no commit, and no player waiting for one,
pays for it.
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

from cribkit.store.base import GameRow, StoreError, Table
from cribkit.store.saves import data_home

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    mode TEXT NOT NULL,
    ai TEXT NOT NULL,
    humans TEXT NOT NULL,
    tokens TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL,
    scores TEXT NOT NULL,
    result TEXT,
    owners TEXT NOT NULL DEFAULT '{}',
    practice INTEGER NOT NULL DEFAULT 0,
    seating TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS talk (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS invites (
    code TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE INDEX IF NOT EXISTS games_status ON games(status, created);
"""

_COLUMNS = (
    "id, game, spec, rules, seed, mode, ai, humans, tokens, status, created, updated, "
    "version, scores, result, owners, practice, seating"
)

#: Columns added since the first schema, with their definitions: an older database gets them
#: (their defaults in every existing row) when it is opened.
_ADDED_COLUMNS = (
    ("owners", "TEXT NOT NULL DEFAULT '{}'"),
    ("practice", "INTEGER NOT NULL DEFAULT 0"),
    ("seating", "TEXT NOT NULL DEFAULT '{}'"),
)


#: How often the log is copied into the database.
CHECKPOINT_SECONDS = 0.5


def default_url() -> str:
    """``sqlite:///<data home>/cribkit.db``."""
    return f"sqlite:///{data_home() / 'cribkit.db'}"


class SQLiteStore:
    """A :class:`~cribkit.store.base.Store` in one SQLite file; safe to share between threads."""

    def __init__(self, path: str) -> None:
        if path != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(f"cannot make the folder of {path}: {error.strerror}") from None
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            _upgrade(self._db)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the store {path}: {error}") from None
        self.path = path
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if path != ":memory:":
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(
                target=self._checkpoint_often, name="sqlite checkpoints", daemon=True
            )
            self._checkpointer.start()

    def _checkpoint_often(self) -> None:
        # Its own connection: a passive checkpoint runs beside the writer, never blocking it.
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            while not self._closed.wait(CHECKPOINT_SECONDS):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:  # busy or locked: the next round will do it
                    continue
        finally:
            db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (under the lock): committed at the end, rolled back on error."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                self._db.execute("COMMIT")
            except sqlite3.Error as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"cannot write to the store {self.path}: {error}") from None

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self._transaction() as db:
            for sql, params in statements:
                db.execute(sql, params)

    def create_game(self, row: GameRow) -> None:
        invites = [
            ("INSERT INTO invites (code, game_id, seat) VALUES (?, ?, ?)", (code, row.id, seat))
            for seat, invite in row.table.invites.items()
            for code in (invite.code, invite.join)
        ]
        self._write(
            [
                (
                    f"INSERT INTO games ({_COLUMNS}) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id,
                        row.game,
                        row.spec,
                        json.dumps(row.rules),
                        json.dumps(row.seed),
                        row.mode,
                        row.ai,
                        json.dumps(list(row.humans)),
                        json.dumps({str(k): v for k, v in row.tokens.items()}),
                        row.status,
                        row.created,
                        row.updated,
                        row.version,
                        json.dumps(list(row.scores)),
                        None if row.result is None else json.dumps(row.result),
                        json.dumps({str(k): v for k, v in row.owners.items()}),
                        int(row.practice),
                        json.dumps(row.table.to_json()),
                    ),
                ),
                *invites,
            ]
        )

    def find_invite(self, code: str) -> tuple[str, int] | None:
        with self._lock:
            found = self._db.execute(
                "SELECT game_id, seat FROM invites WHERE code = ?", (code,)
            ).fetchone()
        return None if found is None else (str(found[0]), int(found[1]))

    def save_table(self, game_id: str, table: Table) -> None:
        self._write(
            [("UPDATE games SET seating = ? WHERE id = ?", (json.dumps(table.to_json()), game_id))]
        )

    def add_talk(self, game_id: str, entry: dict[str, Any]) -> None:
        self._write(
            [
                (
                    "INSERT INTO talk (game_id, idx, entry) VALUES (?, "
                    "(SELECT COUNT(*) FROM talk WHERE game_id = ?), ?)",
                    (game_id, game_id, json.dumps(entry)),
                )
            ]
        )

    def load_talk(self, game_id: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT entry FROM talk WHERE game_id = ? ORDER BY idx", (game_id,)
            ).fetchall()
        return [json.loads(text) for (text,) in rows]

    def close_invite(self, row: GameRow, seat: int) -> bool:
        with self._transaction() as db:
            closed = db.execute(
                "DELETE FROM invites WHERE game_id = ? AND seat = ?", (row.id, seat)
            ).rowcount
            if closed:
                db.execute(
                    "UPDATE games SET humans = ?, tokens = ?, owners = ?, seating = ?, "
                    "updated = ? WHERE id = ?",
                    (
                        json.dumps(list(row.humans)),
                        json.dumps({str(k): v for k, v in row.tokens.items()}),
                        json.dumps({str(k): v for k, v in row.owners.items()}),
                        json.dumps(row.table.to_json()),
                        time.time(),
                        row.id,
                    ),
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
    ) -> None:
        status = "playing" if result is None else "finished"
        # A finished game's invitations are closed with it.
        closing = [] if result is None else [("DELETE FROM invites WHERE game_id = ?", (game_id,))]
        self._write(
            [
                *closing,
                (
                    "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                    (game_id, index, json.dumps(action)),
                ),
                (
                    "UPDATE games SET version = ?, scores = ?, updated = ?, status = ?, "
                    "result = ? WHERE id = ?",
                    (
                        version,
                        json.dumps(scores),
                        time.time(),
                        status,
                        None if result is None else json.dumps(result),
                        game_id,
                    ),
                ),
            ]
        )

    def truncate_actions(self, game_id: str, keep: int, *, version: int, scores: list[int]) -> None:
        self._write(
            [
                ("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, keep)),
                (
                    "UPDATE games SET version = ?, scores = ?, updated = ?, status = 'playing', "
                    "result = NULL, practice = 1 WHERE id = ?",
                    (version, json.dumps(scores), time.time(), game_id),
                ),
            ]
        )

    def _rows(self, where: str, params: tuple[Any, ...]) -> list[GameRow]:
        with self._lock:
            rows = self._db.execute(f"SELECT {_COLUMNS} FROM games {where}", params).fetchall()
        return [_row(r) for r in rows]

    def load_game(self, game_id: str) -> GameRow | None:
        rows = self._rows("WHERE id = ?", (game_id,))
        return rows[0] if rows else None

    def load_actions(self, game_id: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)
            ).fetchall()
        return [json.loads(text) for (text,) in rows]

    def list_games(self) -> list[GameRow]:
        return self._rows("ORDER BY created DESC, rowid DESC", ())

    def unfinished(self) -> list[GameRow]:
        return self._rows("WHERE status = 'playing' ORDER BY created, rowid", ())

    def ping(self) -> None:
        with self._lock:
            try:
                self._db.execute("SELECT id FROM games LIMIT 1").fetchall()
            except sqlite3.Error as error:
                raise StoreError(f"cannot read the store {self.path}: {error}") from None

    def close(self) -> None:
        self._closed.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        with self._lock:
            if self.path != ":memory:":
                # If another connection is busy, the log stays and is replayed on the next open.
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()


def _upgrade(db: sqlite3.Connection) -> None:
    """Add the columns an older database lacks (in place, keeping every row)."""
    have = {name for _, name, *_ in db.execute("PRAGMA table_info(games)").fetchall()}
    for name, definition in _ADDED_COLUMNS:
        if name not in have:
            try:
                db.execute(f"ALTER TABLE games ADD COLUMN {name} {definition}")
            except sqlite3.OperationalError as error:  # another process added it first
                if "duplicate column" not in str(error):
                    raise


def _row(values: tuple[Any, ...]) -> GameRow:
    (game_id, game, spec, rules, seed, mode, ai, humans, tokens, status, created, updated,
     version, scores, result, owners, practice, seating) = values  # fmt: skip
    return GameRow(
        id=game_id,
        game=game,
        spec=spec,
        rules=json.loads(rules),
        seed=json.loads(seed),
        mode=mode,
        ai=ai,
        humans=tuple(json.loads(humans)),
        tokens={int(k): v for k, v in json.loads(tokens).items()},
        status=status,
        created=created,
        updated=updated,
        version=version,
        scores=tuple(json.loads(scores)),
        result=None if result is None else json.loads(result),
        owners={int(k): v for k, v in json.loads(owners).items()},
        practice=bool(practice),
        table=Table.from_json(json.loads(seating)),
    )
