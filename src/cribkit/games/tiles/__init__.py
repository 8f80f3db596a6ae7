"""Cribbage Tiles: the crossword game of crib hands on a 13x13 board.

>>> from cribkit.games.tiles import TilesRules, start_tiles
>>> start_tiles(TilesRules(), seed=3).state.phase
'play'
"""

from cribkit.games.tiles.notation import Exchange, Pass, PlayTiles
from cribkit.games.tiles.rules import TilesRules
from cribkit.games.tiles.state import TilesState, start_tiles

__all__ = ["Exchange", "Pass", "PlayTiles", "TilesRules", "TilesState", "start_tiles"]
