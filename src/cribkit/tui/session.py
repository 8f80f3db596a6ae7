"""Starting or resuming a game against the computer: shared by the terminal games.

>>> from cribkit.games.classic.state import ClassicState
>>> from cribkit.games.classic.rules import ClassicRules
>>> state, events = open_game(ClassicRules(), ClassicState, seed=3)
>>> state.phase, events[0].type
('discard', 'cut')
>>> sorted(computer_players("classic", "easy", seed=3, players=3))
[1, 2]
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any, TypeVar

from cribkit.ai.players import Player, make_player
from cribkit.games.events import GameEvent
from cribkit.games.protocol import GameError, Rules, start
from cribkit.games.records import replay

S = TypeVar("S")


def open_game(
    rules: Rules,
    state_type: type[S],
    *,
    seed: int | str,
    record: Mapping[str, Any] | None = None,
) -> tuple[S, list[GameEvent]]:
    """A new game with ``rules`` and ``seed``, or the game a saved ``record`` reaches, with
    every event so far; a record of another game is refused."""
    if record is not None:
        replayed = replay(record)
        state: object = replayed.state
        events = list(replayed.events)
    else:
        transition = start(rules, seed=seed)
        state = transition.state
        events = list(transition.events)
    if not isinstance(state, state_type):
        raise GameError(f"this is not a {rules.GAME} game")
    return state, events


def computer_players(game: str, level: str, *, seed: int | str, players: int) -> dict[int, Player]:
    """The computer's players for every seat but the human's (seat 0), seeded from the game's
    seed so that a game started again plays the same way."""
    return {
        seat: make_player(game, level, seed=zlib.crc32(f"{seed}:{seat}".encode()))
        for seat in range(1, players)
    }
