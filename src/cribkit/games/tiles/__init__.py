"""Cribbage Tiles: the crossword game of crib hands on a 13x13 board (the package's public
names; the interfaces import these, never the modules).

>>> from cribkit.games.tiles import TilesRules
>>> TilesRules(players=3).spec(), TilesRules().centre
('tiles:players=3', (6, 6))
"""

from cribkit.games.tiles.actions import Exchange, Pass, PlayTiles
from cribkit.games.tiles.board import EMPTY, LETTERS
from cribkit.games.tiles.events import GameWon
from cribkit.games.tiles.rules import (
    COLOURS,
    MAX_HAND,
    TilesRules,
    piece_colour,
    piece_turned,
    piece_value,
    tile_colour,
    tile_text,
)
from cribkit.games.tiles.state import TilesState, start_tiles
from cribkit.games.tiles.view import TilesView

__all__ = [
    "COLOURS",
    "EMPTY",
    "LETTERS",
    "MAX_HAND",
    "Exchange",
    "GameWon",
    "Pass",
    "PlayTiles",
    "TilesRules",
    "TilesState",
    "TilesView",
    "piece_colour",
    "piece_turned",
    "piece_value",
    "start_tiles",
    "tile_colour",
    "tile_text",
]
