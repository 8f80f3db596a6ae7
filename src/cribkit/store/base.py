"""The store of the web app's games: a small interface, so that another database can replace
SQLite by URL.

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
from dataclasses import dataclass, field
from typing import Any, Protocol


class StoreError(RuntimeError):
    """A store that cannot be opened or written, or an unknown store URL."""


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

    #: A practice game (an undo was used, or the client chose the seed): kept out of the
    #: statistics.
    practice: bool = False


def new_row(game_id: str, *, game: str, spec: str, rules: dict[str, Any], seed: int | str,
            mode: str = "ai", ai: str = "expert", humans: tuple[int, ...] = (0,),
            tokens: dict[int, str] | None = None, scores: tuple[int, ...] = (),
            owners: dict[int, str] | None = None,
            practice: bool = False) -> GameRow:  # fmt: skip
    """A new game's row, created now."""
    now = time.time()
    return GameRow(
        id=game_id, game=game, spec=spec, rules=dict(rules), seed=seed, mode=mode, ai=ai,
        humans=humans, tokens=dict(tokens or {}), created=now, updated=now, scores=scores,
        owners=dict(owners or {}),
        practice=practice,
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
    ) -> None:
        """Add action number ``index`` (from 0); with ``result`` the game is finished, in the
        same transaction."""
        ...

    def truncate_actions(self, game_id: str, keep: int, *, version: int, scores: list[int]) -> None:
        """Drop every action from number ``keep`` on (an undo), and mark the game practice
        (:attr:`GameRow.practice`) in the same transaction."""
        ...

    def load_game(self, game_id: str) -> GameRow | None:
        """The game ``game_id``, or None."""
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

    def close(self) -> None:
        """Release the database."""
        ...


def open_store(url: str | None = None) -> Store:
    """The store at ``url``: ``sqlite:///PATH`` (``sqlite:///:memory:`` for a throwaway one);
    None is the default SQLite file, ``<data home>/cribkit.db``."""
    from cribkit.store.sqlite import SQLiteStore, default_url

    url = url or default_url()
    if url.startswith("sqlite:///"):
        return SQLiteStore(url.removeprefix("sqlite:///"))
    scheme = url.partition(":")[0]
    raise StoreError(f"unknown store {scheme!r} in {url!r}: cribkit stores games in sqlite:///PATH")
