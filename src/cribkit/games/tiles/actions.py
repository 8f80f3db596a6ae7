"""Cribbage Tiles: the actions and their JSON forms (in records).

The actions are :class:`PlayTiles` (pieces on cells), :class:`Exchange` (tiles back to the
bag), :class:`Pass`, and with the ``joker`` option :class:`~cribkit.games.actions.Declare`,
:class:`Joker` and :class:`PassJoker`. A cell is (row, column) from 0 inside, its name
(``G7``) in JSON; a tile or piece is its text (see :mod:`~cribkit.games.tiles.rules`):

>>> from cribkit.games.tiles.rules import parse_piece
>>> play = PlayTiles(0, ((6, 6), (6, 7)), (parse_piece("5d"), parse_piece("Tl")))
>>> play.to_dict()
{'type': 'play_tiles', 'seat': 0, 'cells': ['G7', 'H7'], 'tiles': ['5d', 'Tl']}
>>> Action.from_dict({"type": "exchange", "seat": 1, "tiles": ["Kl", "5d"]})
Exchange(seat=1, tiles=(25, 8))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cribkit.games.actions import Declare, SeatAction, parse_seat
from cribkit.games.protocol import Action, GameError
from cribkit.games.tiles.board import LETTERS, cell_index
from cribkit.games.tiles.rules import (
    KINDS,
    parse_piece,
    parse_tile,
    piece_text,
    tile_text,
    tiles_text,
)

__all__ = ["Cell", "Declare", "Exchange", "Joker", "Pass", "PassJoker", "PlayTiles", "cell_text"]

#: A cell as (row, column), both from 0.
Cell = tuple[int, int]


def cell_text(cell: Cell) -> str:
    """The name of the cell (row, column): ``G7`` for (6, 6); a cell off every board (a
    negative row or a column past ``Y``) is written as the pair.

    >>> cell_text((6, 6)), cell_text((-1, 2))
    ('G7', '(-1, 2)')
    """
    row, col = cell
    if 0 <= col < len(LETTERS) and row >= 0:
        return f"{LETTERS[col]}{row + 1}"
    return f"({row}, {col})"


def _texts(data: Mapping[str, Any], key: str, example: str) -> list[str]:
    value = data.get(key)
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise GameError(
            f"a {data.get('type')} action lists its {key}, such as {example}, not {value!r}"
        )
    return list(value)


def _cell_of(name: str) -> Cell:
    # Read on the largest board: a record's play is checked against its own board later.
    index = cell_index(name, len(LETTERS))
    return divmod(index, len(LETTERS))


@dataclass(frozen=True, slots=True)
class PlayTiles(Action):
    """Place ``tiles`` (pieces, see :mod:`~cribkit.games.tiles.rules`) on ``cells``, given as
    (row, column) from 0. The pairs are kept in cell order, so equal plays compare equal."""

    cells: tuple[Cell, ...]
    tiles: tuple[int, ...]
    action_type: ClassVar[str] = "play_tiles"

    def __post_init__(self) -> None:
        if len(self.cells) != len(self.tiles):
            raise GameError(
                f"a play gives a tile for each cell: {len(self.cells)} cells, {len(self.tiles)} tiles"
            )
        pairs = sorted(zip(self.cells, self.tiles, strict=True))
        object.__setattr__(self, "cells", tuple(tuple(c) for c, _ in pairs))
        object.__setattr__(self, "tiles", tuple(t for _, t in pairs))

    @classmethod
    def of_sorted(cls, seat: int, cells: tuple[Cell, ...], tiles: tuple[int, ...]) -> PlayTiles:
        """A play from cells already in order (as the move generator makes them), unchecked."""
        play = object.__new__(cls)
        object.__setattr__(play, "seat", seat)
        object.__setattr__(play, "cells", cells)
        object.__setattr__(play, "tiles", tiles)
        return play

    @property
    def names(self) -> tuple[str, ...]:
        """The cells' names, such as ``G7``."""
        return tuple(cell_text(c) for c in self.cells)

    def __str__(self) -> str:
        # The notation imports the actions, so it is looked up when a play is written.
        from cribkit.games.tiles.notation import format_move

        return f"seat {self.seat} plays {format_move(self)}"

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "play_tiles", "seat": 0, "cells": ["G7", "H7"], "tiles": ["5d", "9=6l"]}``."""
        return {
            "type": self.action_type,
            "seat": self.seat,
            "cells": list(self.names),
            "tiles": [piece_text(p) for p in self.tiles],
        }

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> PlayTiles:
        cells = [_cell_of(name) for name in _texts(data, "cells", "['G7', 'H7']")]
        tiles = [parse_piece(t) for t in _texts(data, "tiles", "['5d', '9=6l']")]
        return cls(parse_seat(data), tuple(cells), tuple(tiles))


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Miss the turn and exchange ``tiles`` with tiles from the bag. The order is the
    player's: the tiles go to the bottom of the bag in it (rule 10), so the same tiles in
    another order are another exchange."""

    tiles: tuple[int, ...]
    action_type: ClassVar[str] = "exchange"

    def __post_init__(self) -> None:
        for tile in self.tiles:
            if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < KINDS:
                raise GameError(f"a tile is a number from 0 to {KINDS - 1}, not {tile!r}")
        object.__setattr__(self, "tiles", tuple(self.tiles))

    def __str__(self) -> str:
        return f"seat {self.seat} exchanges {tiles_text(self.tiles)}"

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "exchange", "seat": 0, "tiles": ["5d", "Kl"]}``."""
        return {
            "type": self.action_type,
            "seat": self.seat,
            "tiles": [tile_text(t) for t in self.tiles],
        }

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Exchange:
        return cls(parse_seat(data), tuple(parse_tile(t) for t in _texts(data, "tiles", "['5d']")))


@dataclass(frozen=True, slots=True)
class Pass(SeatAction):
    """Miss the turn without exchanging."""

    action_type: ClassVar[str] = "pass"
    verb: ClassVar[str] = "passes"


@dataclass(frozen=True, slots=True)
class Joker(SeatAction):
    """Call "Joker" on a declaration (option ``joker``): take the points it missed, or lose 5
    if it missed none."""

    action_type: ClassVar[str] = "joker"
    verb: ClassVar[str] = "calls Joker"


@dataclass(frozen=True, slots=True)
class PassJoker(SeatAction):
    """Let a declaration stand (option ``joker``)."""

    action_type: ClassVar[str] = "pass_joker"
    verb: ClassVar[str] = "lets the score stand"
