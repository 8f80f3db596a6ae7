"""Cribbage Tiles: the actions, and the move notation players type, both ways.

The actions are :class:`PlayTiles` (pieces on cells), :class:`Exchange` (tiles back to the
bag), :class:`Pass`, and with the ``joker`` option :class:`~cribkit.games.classic.actions.Declare`,
:class:`Joker` and :class:`PassJoker`. Their JSON forms (in records):

>>> play = PlayTiles(0, ((6, 6), (6, 7)), (parse_piece("5d"), parse_piece("Tl")))
>>> play.to_dict()
{'type': 'play_tiles', 'seat': 0, 'cells': ['G7', 'H7'], 'tiles': ['5d', 'Tl']}
>>> Action.from_dict({"type": "exchange", "seat": 1, "tiles": ["Kl", "5d"]})
Exchange(seat=1, tiles=(8, 25))

**The notation.** A play is its first cell, ``across`` or ``down``, and the tiles in order::

    G7 across 5d 6l 4d      5d on G7, 6l on H7, 4d on I7
    H5 down 9=6d Kl         the tile 6d placed as a 9 on H5, Kl on H6
    F8 5d                   one tile: no direction needed

A tile is its rank and colour (``5d``, ``Tl`` or ``10l``, ``Kd``; any case). A 6 placed as a 9
is written value ``=`` tile, ``9=6d``, and a 9 placed as a 6 ``6=9l``. The tiles go on the
**empty** cells from the first cell on, in the direction given: a cell that already holds a
tile is passed over, so ``F7 across 5d 4d`` with a tile on G7 puts 5d on F7 and 4d on H7. The
tiles passed over may be written too, in brackets (checked against the board) or as ``.``:
``F7 across 5d (6l) 4d`` and ``F7 across 5d . 4d`` are the same play. :func:`format_move`
writes a play this way (brackets with the board, ``.`` without), so its text reads back.
The other moves: ``exchange 5d Kl`` (also ``swap``), ``pass``, and with ``joker``
``declare 12``, ``joker`` and ``no joker``.

>>> from cribkit.games.tiles.board import Board
>>> board = Board.from_cells(13, {"G7": "6l"})
>>> move = parse_move("F7 across 5d 4d", seat=0, board=board)
>>> move.names, format_move(move, board), format_move(move)
(('F7', 'H7'), 'F7 across 5d (6l) 4d', 'F7 across 5d . 4d')
>>> parse_move("G6 down 9=6d (6l) kl", seat=0, board=board).to_dict()["tiles"]
['9=6d', 'Kl']
>>> parse_move("M7 across 5d 4d", seat=0, board=board)
Traceback (most recent call last):
...
cribkit.games.tiles.notation.NotationError: 'M7 across 5d 4d' runs off the board after M7
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from cribkit.games.actions import Declare
from cribkit.games.protocol import Action, GameError
from cribkit.games.tiles.board import EMPTY, LETTERS, Board, OffBoardError, cell_index
from cribkit.games.tiles.rules import (
    KINDS,
    TileParseError,
    parse_piece,
    parse_tile,
    piece_text,
    tile_text,
    tiles_text,
)

__all__ = [
    "Declare",
    "Exchange",
    "Joker",
    "NotationError",
    "Pass",
    "PassJoker",
    "PlayTiles",
    "format_move",
    "parse_move",
]

#: A cell as (row, column), both from 0.
Cell = tuple[int, int]
_DIRECTIONS: Final = {"across": (0, 1), "down": (1, 0)}


class NotationError(GameError):
    """Text that is not a move: the message shows the right form."""


def _name(cell: Cell) -> str:
    row, col = cell
    if 0 <= col < len(LETTERS) and row >= 0:
        return f"{LETTERS[col]}{row + 1}"
    return f"({row}, {col})"


def _seat(data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise GameError(f"an action's seat is a whole number from 0, not {seat!r}")
    return seat


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
        return tuple(_name(c) for c in self.cells)

    def __str__(self) -> str:
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
        return cls(_seat(data), tuple(cells), tuple(tiles))


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Miss the turn and exchange ``tiles`` (kept sorted) with tiles from the bag."""

    tiles: tuple[int, ...]
    action_type: ClassVar[str] = "exchange"

    def __post_init__(self) -> None:
        for tile in self.tiles:
            if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < KINDS:
                raise GameError(f"a tile is a number from 0 to {KINDS - 1}, not {tile!r}")
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles)))

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
        return cls(_seat(data), tuple(parse_tile(t) for t in _texts(data, "tiles", "['5d']")))


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Miss the turn without exchanging."""

    action_type: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return f"seat {self.seat} passes"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Pass:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class Joker(Action):
    """Call "Joker" on a declaration (option ``joker``): take the points it missed, or lose 5
    if it missed none."""

    action_type: ClassVar[str] = "joker"

    def __str__(self) -> str:
        return f"seat {self.seat} calls Joker"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Joker:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class PassJoker(Action):
    """Let a declaration stand (option ``joker``)."""

    action_type: ClassVar[str] = "pass_joker"

    def __str__(self) -> str:
        return f"seat {self.seat} lets the score stand"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> PassJoker:
        return cls(_seat(data))


# ---------------------------------------------------------------------------------------------
# The notation


def format_move(action: Action, board: Board | None = None) -> str:
    """The notation of an action (see the module docstring); with the ``board``, the tiles a
    play passes over are written in brackets, without it as ``.``.

    >>> format_move(PlayTiles(0, ((4, 7), (5, 7)), (parse_piece("9=6d"), parse_piece("Kl"))))
    'H5 down 9=6d Kl'
    >>> format_move(Exchange(1, (8, 25))), format_move(Pass(0)), format_move(Declare(0, 12))
    ('exchange 5d Kl', 'pass', 'declare 12')
    """
    if isinstance(action, PlayTiles):
        cells = action.cells
        if not cells:
            return "play nothing"
        words = [_name(cells[0])]
        if len(cells) > 1:
            across = all(r == cells[0][0] for r, _ in cells)
            down = all(c == cells[0][1] for _, c in cells)
            if not (across or down):
                raise NotationError(
                    f"tiles on {', '.join(action.names)} are not in one line: the notation "
                    "writes plays in one row or column"
                )
            words.append("across" if across else "down")
            dr, dc = (0, 1) if across else (1, 0)
            placed = dict(zip(cells, action.tiles, strict=True))
            row, col = cells[0]
            while (row, col) <= cells[-1]:
                if (row, col) in placed:
                    words.append(piece_text(placed[(row, col)]))
                else:
                    held = EMPTY
                    if board is not None and row < board.size and col < board.size:
                        held = board.cells[row * board.size + col]
                    words.append("." if held == EMPTY else f"({piece_text(held)})")
                row, col = row + dr, col + dc
        else:
            words.append(piece_text(action.tiles[0]))
        return " ".join(words)
    if isinstance(action, Exchange):
        return f"exchange {tiles_text(action.tiles)}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Declare):
        return f"declare {action.points}"
    if isinstance(action, Joker):
        return "joker"
    if isinstance(action, PassJoker):
        return "no joker"
    raise NotationError(f"{action!r} is not a Cribbage Tiles move")


_HELP: Final = (
    "a move is a play such as 'G7 across 5d 6l 4d' (first cell, across or down, tiles; "
    "9=6d for a 6 placed as a 9), 'exchange 5d Kl' or 'pass'"
)


def parse_move(text: str, *, seat: int, board: Board) -> Action:
    """The action written ``text`` (see the module docstring) for ``seat`` on ``board``.

    >>> from cribkit.games.tiles.board import Board
    >>> parse_move("exchange 5d kl", seat=1, board=Board.empty(13))
    Exchange(seat=1, tiles=(8, 25))
    >>> parse_move("G7 5d 6l", seat=0, board=Board.empty(13))
    Traceback (most recent call last):
    ...
    cribkit.games.tiles.notation.NotationError: 'G7 5d 6l': say across or down for a play of more than one tile, as in 'G7 across 5d 6l'
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {text!r}")
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(f"an empty move: {_HELP}")
    head = words[0].lower()
    try:
        if head == "pass" and len(words) == 1:
            return Pass(seat)
        if head in ("exchange", "swap"):
            if len(words) == 1:
                raise NotationError(f"{text!r}: name the tiles to exchange, as in 'exchange 5d Kl'")
            return Exchange(seat, tuple(parse_tile(w) for w in words[1:]))
        if head == "declare":
            if len(words) != 2 or not words[1].isdigit():
                raise NotationError(
                    f"{text!r}: a declaration is 'declare' and the points, as in 'declare 12'"
                )
            return Declare(seat, int(words[1]))
        if head == "joker" and len(words) == 1:
            return Joker(seat)
        if [w.lower() for w in words] in (["no", "joker"], ["pass", "joker"]):
            return PassJoker(seat)
        return _parse_play(text, words, seat, board)
    except TileParseError as error:
        raise NotationError(f"{text!r}: {error}") from None


def _parse_play(text: str, words: Sequence[str], seat: int, board: Board) -> PlayTiles:
    size = board.size
    try:
        start = cell_index(words[0], size)
    except OffBoardError:
        raise
    except GameError:
        raise NotationError(f"{text!r} is not a move: {_HELP}") from None
    rest = list(words[1:])
    step: tuple[int, int] | None = None
    if rest and rest[0].lower() in _DIRECTIONS:
        step = _DIRECTIONS[rest.pop(0).lower()]
    if not rest:
        raise NotationError(f"{text!r} names no tile: {_HELP}")
    if step is None:
        if len(rest) > 1:
            raise NotationError(
                f"{text!r}: say across or down for a play of more than one tile, as in "
                f"'{words[0]} across {' '.join(rest)}'"
            )
        step = (0, 1)
    row, col = divmod(start, size)
    cells: list[Cell] = []
    tiles: list[int] = []
    last = words[0].upper()
    for word in rest:
        through = word == "." or (word.startswith("(") and word.endswith(")"))
        while True:
            if not (0 <= row < size and 0 <= col < size):
                raise NotationError(f"{text!r} runs off the board after {last}")
            held = board.cells[row * size + col]
            if through or held == EMPTY:
                break
            row, col = row + step[0], col + step[1]
        if through:
            here = _name((row, col))
            if held == EMPTY:
                raise NotationError(f"{text!r}: {word} stands for a tile on {here}, which is empty")
            if word != "." and parse_piece(word[1:-1]) != held:
                raise NotationError(f"{text!r}: {here} holds {piece_text(held)}, not {word[1:-1]}")
        else:
            cells.append((row, col))
            tiles.append(parse_piece(word))
        last = _name((row, col))
        row, col = row + step[0], col + step[1]
    if not cells:
        raise NotationError(f"{text!r} places no tile: {_HELP}")
    return PlayTiles(seat, tuple(cells), tuple(tiles))
