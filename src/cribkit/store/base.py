"""The store of the web app's games: a small interface, with SQLite or PostgreSQL behind it
chosen by URL (:mod:`cribkit.store.sql`).

A game is a :class:`GameRow` (its rules, seed, mode, AI level, seat tokens, status) and its
accepted actions in order. Every write is committed before it returns: the server acknowledges
an action only once :meth:`Store.append_action` has returned.

>>> store = open_store("sqlite:///:memory:")
>>> store.create_game(new_row("g1", game="classic", spec="classic", rules={}, seed=7))
>>> store.append_action("g1", 0, {"type": "discard", "seat": 0, "cards": ["5h", "Jd"]},
...                     version=1, scores=[0, 0])
>>> store.load_actions("g1")
[{'type': 'discard', 'seat': 0, 'cards': ['5h', 'Jd']}]
>>> [row.id for row in store.unfinished()]
['g1']
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from sqlalchemy import Connection


class StoreError(RuntimeError):
    """A store that cannot be opened or written, or an unknown store URL."""


class CommitUnknownError(StoreError):
    """A write whose ``COMMIT`` failed, so that it may or may not have been made durable (the
    line to the database cut between the commit and its answer): what it did is to be asked
    of the store, never guessed. Every other :class:`StoreError` of a write wrote nothing."""


class DuplicateActionError(StoreError):
    """An action whose client's id is stored already (it was sent again): nothing written."""


class StaleWriteError(StoreError):
    """A write that expected the game at one version and found it at another: another process
    (or worker) changed the game first, and nothing was written (the optimistic check of
    :meth:`Store.append_action`)."""


@dataclass(frozen=True, slots=True)
class Invite:
    """An open invitation to a seat: the link's unguessable ``code`` and the short ``join``
    code that can be read aloud (``docs/web.md``, "Tables and invitations")."""

    code: str
    join: str

    def to_json(self) -> dict[str, str]:
        """``{"code", "join"}``."""
        return {"code": self.code, "join": self.join}


@dataclass(frozen=True, slots=True)
class Match:
    """A match: ``best_of`` games (1, 3, 5 or 7), won by the first side to
    :attr:`needed` game points; this game is its ``number`` th (from 1), and ``tally`` the
    game points each side had before it."""

    id: str
    best_of: int
    number: int = 1
    tally: tuple[int, ...] = ()

    @property
    def needed(self) -> int:
        """The game points that win the match: more than half of ``best_of``."""
        return self.best_of // 2 + 1

    def winner(self, tally: tuple[int, ...]) -> int | None:
        """The side that has won the match with ``tally``, or None."""
        return next((side for side, points in enumerate(tally) if points >= self.needed), None)

    def to_json(self) -> dict[str, Any]:
        """``{"id", "best_of", "number", "tally"}``."""
        return {"id": self.id, "best_of": self.best_of, "number": self.number,
                "tally": list(self.tally)}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        """The match of :meth:`to_json`."""
        return cls(str(data["id"]), int(data["best_of"]), int(data.get("number", 1)),
                   tuple(int(p) for p in data.get("tally", ())))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where at a game: the player who made it (``host``), the level of each of the
    computer's seats, the names the people go by, the invitations still open, whether anyone
    may join or watch it from the lobby (``public``) and the spectators' code (``watch``)."""

    host: str | None = None
    levels: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    invites: dict[int, Invite] = field(default_factory=dict)
    public: bool = False
    watch: str = ""
    #: Seconds a person has for each move (None: no clock).
    clock: float | None = None
    #: Whom each seat has muted (their chat is not sent to it).
    mutes: dict[int, frozenset[int]] = field(default_factory=dict)
    #: The setup the game was started with beyond its seed (a match's ``first_dealer``).
    start: dict[str, Any] = field(default_factory=dict)
    #: The match the game is part of (``docs/web.md``, "Matches"), or None.
    match: Match | None = None
    #: The game that follows this one (the match's next, or a rematch), once there is one.
    next: str | None = None
    #: Which deal a practice game's chosen seed is (``"daily deal 2026-12-01"``, ``"seed 7
    #: chosen by the player"``), for its record's ``meta``; empty for a fair seed.
    deal: str = ""
    #: The pool a rated game counts in (``cribkit.accounts.rated``), or None: not rated.
    rated: str | None = None
    #: The event round whose tables are dealt this game's cards (``"EVENT/ROUND"``: duplicate
    #: deals), or empty: nobody watches it, and its seed and record wait for the round's end.
    sealed: str = ""

    def to_json(self) -> dict[str, Any]:
        """The stored JSON form (seats as text keys)."""
        return {
            "host": self.host,
            "levels": {str(s): v for s, v in self.levels.items()},
            "names": {str(s): v for s, v in self.names.items()},
            "invites": {str(s): v.to_json() for s, v in self.invites.items()},
            "public": self.public,
            "watch": self.watch,
            "clock": self.clock,
            "mutes": {str(s): sorted(v) for s, v in self.mutes.items()},
            "start": self.start,
            "match": None if self.match is None else self.match.to_json(),
            "next": self.next,
            "deal": self.deal,
            **({"rated": self.rated} if self.rated else {}),
            **({"sealed": self.sealed} if self.sealed else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        """The table of :meth:`to_json`."""
        return cls(
            host=data.get("host"),
            levels={int(s): v for s, v in data.get("levels", {}).items()},
            names={int(s): v for s, v in data.get("names", {}).items()},
            invites={
                int(s): Invite(v["code"], v["join"]) for s, v in data.get("invites", {}).items()
            },
            public=bool(data.get("public", False)),
            watch=str(data.get("watch", "")),
            clock=data.get("clock"),
            mutes={int(s): frozenset(v) for s, v in data.get("mutes", {}).items()},
            start=dict(data.get("start", {})),
            match=None if data.get("match") is None else Match.from_json(data["match"]),
            next=data.get("next"),
            deal=str(data.get("deal", "")),
            rated=data.get("rated"),
            sealed=str(data.get("sealed", "")),
        )


@dataclass(frozen=True, slots=True)
class GameRow:
    """A stored game: everything needed to rebuild it but its actions."""

    id: str
    game: str
    spec: str
    rules: dict[str, Any]
    seed: int | str
    mode: str = "ai"
    ai: str = "expert"
    humans: tuple[int, ...] = (0,)
    tokens: dict[int, str] = field(default_factory=dict)
    #: ``"playing"``, ``"finished"`` (the rules ended it) or ``"abandoned"`` (a player left it
    #: unfinished: ``result`` then says who, :func:`abandoned_result`).
    status: str = "playing"
    created: float = 0.0
    updated: float = 0.0
    #: Counts every change of the game (an action applied, an undo): the messages' ``seq``.
    version: int = 0
    scores: tuple[int, ...] = ()
    result: dict[str, Any] | None = None
    #: The player id (the web session's) owning each human seat; empty for a game stored before
    #: games had owners, which then belongs to nobody but whoever holds its tokens.
    owners: dict[int, str] = field(default_factory=dict)

    def owned_by(self, player: str | None) -> bool:
        """Whether ``player`` owns a seat of this game (nobody owns an ownerless game)."""
        return player is not None and player in self.owners.values()

    def seats_of(self, player: str | None) -> list[int]:
        """The seats ``player`` owns, in order (none, or no player: an empty list)."""
        if player is None:
            return []
        return sorted(seat for seat, owner in self.owners.items() if owner == player)

    #: A practice game (an undo was used, or the client chose the seed): kept out of the
    #: statistics.
    practice: bool = False
    #: Who sits where: the host, the computer's levels, names, invitations, spectators.
    table: Table = field(default_factory=Table)

    def level_of(self, seat: int) -> str:
        """The level of the computer at ``seat`` (the table's own level, ``ai``, by default)."""
        return self.table.levels.get(seat, self.ai)


def new_row(game_id: str, *, game: str, spec: str, rules: dict[str, Any], seed: int | str,
            mode: str = "ai", ai: str = "expert", humans: tuple[int, ...] = (0,),
            tokens: dict[int, str] | None = None, scores: tuple[int, ...] = (),
            owners: dict[int, str] | None = None,
            practice: bool = False, table: Table | None = None) -> GameRow:  # fmt: skip
    """A new game's row, created now."""
    now = time.time()
    return GameRow(
        id=game_id, game=game, spec=spec, rules=dict(rules), seed=seed, mode=mode, ai=ai,
        humans=humans, tokens=dict(tokens or {}), created=now, updated=now, scores=scores,
        owners=dict(owners or {}),
        practice=practice, table=table or Table(),
    )  # fmt: skip


class Store(Protocol):
    """Where the web app keeps its games. Every method commits before it returns."""

    def create_game(self, row: GameRow) -> None:
        """Add a new game (no actions yet)."""
        ...

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
        """Add action number ``index`` (from 0) and make the game's version ``version``; with
        ``result`` the game is finished, in the same transaction. With ``expect``, only if the
        stored version is ``expect``: otherwise :class:`StaleWriteError`, and nothing written
        (the check and the write are one transaction, under the game's row lock). With
        ``client_id`` (the id its client chose), only if no action of the game has it yet:
        otherwise :class:`DuplicateActionError`, and nothing written."""
        ...

    def find_action(self, game_id: str, client_id: str) -> int | None:
        """The index of the game's action whose client chose the id ``client_id``, or None."""
        ...

    def action_at(self, game_id: str, index: int) -> tuple[dict[str, Any], str | None] | None:
        """The game's action number ``index`` and its client's id, or None if there is none
        (yet): what tells whether a write whose answer was lost was stored."""
        ...

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of ``game_ids`` there is (one question for them all):
        how a server finds the games it holds that moved on without its hearing."""
        ...

    def truncate_actions(
        self, game_id: str, keep: int, *, version: int, scores: list[int], expect: int | None = None
    ) -> None:
        """Drop every action from number ``keep`` on (an undo), and mark the game practice
        (:attr:`GameRow.practice`) in the same transaction; ``expect`` as for
        :meth:`append_action`."""
        ...

    def abandon_game(
        self, game_id: str, result: dict[str, Any], *, version: int, expect: int
    ) -> None:
        """Mark the unfinished game abandoned with ``result`` (who left it, who wins) at
        ``version``, and close its invitations, in one transaction; only if it is being played
        at version ``expect``: otherwise :class:`StaleWriteError`, and nothing written."""
        ...

    def load_game(self, game_id: str) -> GameRow | None:
        """The game ``game_id``, or None."""
        ...

    def find_invite(self, code: str) -> tuple[str, int] | None:
        """The game and seat of the open invitation whose link code or join code is ``code``."""
        ...

    def save_table(self, game_id: str, table: Table) -> None:
        """Store the game's table as it is now (a mute, a match's next game)."""
        ...

    def add_talk(self, game_id: str, entry: dict[str, Any]) -> int:
        """Add a line to the game's table talk (a chat message, a notice), after the others:
        its index (from 0)."""
        ...

    def load_talk(self, game_id: str) -> list[dict[str, Any]]:
        """The game's table talk, in order."""
        ...

    def close_invite(self, row: GameRow, seat: int) -> bool:
        """Close the open invitation to ``seat`` of ``row``'s game and store ``row``'s seats
        (humans, tokens, owners, table) in one transaction: False, and nothing changed, if the
        invitation was not open any more (somebody else took or cancelled it first)."""
        ...

    def load_actions(self, game_id: str) -> list[dict[str, Any]]:
        """The game's actions in order."""
        ...

    def list_games(self) -> list[GameRow]:
        """Every game, newest first."""
        ...

    def unfinished(self) -> list[GameRow]:
        """The games still being played, oldest first."""
        ...

    def transaction(self, *, read: bool = False) -> AbstractContextManager[Connection]:
        """One transaction on the store's database (committed at the end, rolled back on an
        error) for the packages that keep tables of their own in it: the accounts."""
        ...

    def ping(self) -> None:
        """Ask the database a trivial question (one row of ``games``, if any): return if it
        answers, raise :class:`StoreError` if it does not (the server's readiness,
        ``docs/scaling.md``, "Operations"). It waits its turn like any other call."""
        ...

    def close(self) -> None:
        """Release the database."""
        ...


def open_store(url: str | None = None, *, upgrade: bool | None = None) -> Store:
    """The store at ``url``: ``sqlite:///PATH`` (``sqlite:///:memory:`` for a throwaway one) or
    ``postgresql://USER@HOST/DATABASE`` (psycopg 3); None is the default SQLite file,
    ``<data home>/cribkit.db``.

    A SQLite file is upgraded to the newest schema first; a PostgreSQL database, shared by
    many processes, is only checked (:class:`~cribkit.store.migrations.SchemaError` unless it
    is at this code's revision): ``cribkit db upgrade`` upgrades it, as an operator's step
    (``docs/scaling.md``, "Upgrades and backups"). ``upgrade`` True or False chooses for
    either backend."""
    from cribkit.store.sql import SQLStore, default_url

    return SQLStore(url or default_url(), upgrade=upgrade)
