"""Game engines on one protocol (:mod:`cribkit.games.protocol`), found by name.

>>> from cribkit.games import games, lookup
>>> games()
['classic', 'solitaire', 'tabletop', 'tiles']
>>> lookup("classic:players=4").sides
2
"""

from cribkit.games import classic as classic
from cribkit.games import solitaire as solitaire
from cribkit.games import tabletop as tabletop
from cribkit.games import tiles as tiles
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, next_game, start_game
from cribkit.games.events import GameEvent
from cribkit.games.protocol import (
    Action,
    ComposedMoves,
    GameError,
    GameInfo,
    GameOverError,
    GameState,
    IllegalActionError,
    OutOfTurnError,
    Previewing,
    RecordError,
    Result,
    Rules,
    RulesError,
    TogetherMoves,
    Transition,
    acting_seats,
    game_info,
    games,
    legal_actions_for,
    lookup,
    start,
)
from cribkit.games.solitaire.state import (
    SolitaireResult,
    SolitaireRules,
    SolitaireState,
    daily_seed,
    solitaire_deck,
    start_solitaire,
)
from cribkit.games.tabletop.state import (
    NotAdjacentError,
    OccupiedCellError,
    OffGridError,
    Place,
    TableTopRules,
    TableTopState,
    start_tabletop,
)
from cribkit.games.tiles.actions import Exchange, Pass, PlayTiles
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles
from cribkit.games.views import GameView

__all__ = [
    "Action",
    "ClassicRules",
    "ClassicState",
    "ComposedMoves",
    "Declare",
    "Discard",
    "Exchange",
    "GameError",
    "GameEvent",
    "GameInfo",
    "GameOverError",
    "GameState",
    "GameView",
    "IllegalActionError",
    "Muggins",
    "NotAdjacentError",
    "OccupiedCellError",
    "OffGridError",
    "OutOfTurnError",
    "Pass",
    "PassMuggins",
    "Place",
    "Play",
    "PlayTiles",
    "Previewing",
    "RecordError",
    "Result",
    "Rules",
    "RulesError",
    "SolitaireResult",
    "SolitaireRules",
    "SolitaireState",
    "TableTopRules",
    "TableTopState",
    "TilesRules",
    "TilesState",
    "TogetherMoves",
    "Transition",
    "acting_seats",
    "classic",
    "daily_seed",
    "game_info",
    "games",
    "legal_actions_for",
    "lookup",
    "next_game",
    "solitaire",
    "solitaire_deck",
    "start",
    "start_game",
    "start_solitaire",
    "start_tabletop",
    "start_tiles",
    "tabletop",
    "tiles",
]
