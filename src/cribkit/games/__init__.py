"""Game engines on one protocol (:mod:`cribkit.games.protocol`), found by name.

>>> from cribkit.games import games, lookup
>>> games()
['classic']
>>> lookup("classic:players=4").sides
2
"""

from cribkit.games import classic as classic
from cribkit.games.actions import Declare, Discard, Muggins, PassMuggins, Play
from cribkit.games.classic import ClassicState, next_game, start_game
from cribkit.games.classic_rules import ClassicRules
from cribkit.games.protocol import (
    Action,
    Event,
    GameError,
    GameInfo,
    GameOverError,
    GameState,
    IllegalActionError,
    OutOfTurnError,
    RecordError,
    Result,
    Rules,
    RulesError,
    Transition,
    game_info,
    games,
    lookup,
    start,
)

__all__ = [
    "Action",
    "ClassicRules",
    "ClassicState",
    "Declare",
    "Discard",
    "Event",
    "GameError",
    "GameInfo",
    "GameOverError",
    "GameState",
    "IllegalActionError",
    "Muggins",
    "OutOfTurnError",
    "PassMuggins",
    "Play",
    "RecordError",
    "Result",
    "Rules",
    "RulesError",
    "Transition",
    "classic",
    "game_info",
    "games",
    "lookup",
    "next_game",
    "start",
    "start_game",
]
