"""Table Top Cribbage: the grid's cells by name, and the one action, :class:`Place`.

The 5x5 grid's cells are named like a spreadsheet's: a column letter ``A``-``E`` (left to
right) and a row number ``1``-``5`` (top to bottom), so ``C3`` is the centre. Inside, a cell
is an index from 0 to 24, ``row * 5 + col`` with ``row`` and ``col`` counted from 0.

>>> cell_index("C3"), cell_name(12), cell_name(0), cell_name(24)
(12, 'C3', 'A1', 'E5')
>>> p = Place(1, cell_index("b2"))
>>> p, p.to_dict()
(Place(seat=1, cell=6), {'type': 'place', 'seat': 1, 'cell': 'B2'})
>>> Action.from_dict({"type": "place", "seat": 0, "row": 0, "col": 4})
Place(seat=0, cell=4)

The JSON form writes the cell as its name (``"cell": "B2"``); parsing also takes the row and
column as whole numbers from 0 (``"row": 1, "col": 1``). A cell outside the grid is refused
with :class:`OffGridError`, the rule it breaks:

>>> Action.from_dict({"type": "place", "seat": 0, "cell": "F2"})
Traceback (most recent call last):
...
cribkit.games.tabletop.actions.OffGridError: F2 is off the grid: the cells are A1 to E5 (columns A-E, rows 1-5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from cribkit.games.actions import parse_cell_name
from cribkit.games.protocol import Action, GameError, IllegalActionError

__all__ = [
    "CELLS",
    "COLUMNS",
    "SIZE",
    "OffGridError",
    "Place",
    "cell_index",
    "cell_name",
    "parse_cell",
]

#: The grid is SIZE x SIZE.
SIZE: Final = 5
#: Cells in the grid.
CELLS: Final = SIZE * SIZE
#: The column letters, left to right.
COLUMNS: Final = "ABCDE"


class OffGridError(IllegalActionError):
    """A placement on a cell outside the 5x5 grid."""


def cell_name(cell: int) -> str:
    """The name of cell ``cell`` (0-24): ``A1`` top left, ``C3`` the centre, ``E5`` bottom right.

    >>> [cell_name(c) for c in (0, 4, 12, 20)]
    ['A1', 'E1', 'C3', 'A5']
    """
    if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < CELLS:
        raise OffGridError(f"cell {cell!r} is off the grid: cells are numbered 0 to {CELLS - 1}")
    row, col = divmod(cell, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def cell_index(name: str) -> int:
    """The index (0-24) of a cell named like ``C3`` (column letter, then row; any case).

    >>> cell_index("a1"), cell_index(" E5 ")
    (0, 24)
    >>> cell_index("Z9")
    Traceback (most recent call last):
    ...
    cribkit.games.tabletop.actions.OffGridError: Z9 is off the grid: the cells are A1 to E5 (columns A-E, rows 1-5)
    >>> cell_index("centre")
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: 'centre' is not a cell: a cell is a column letter A-E and a row 1-5, such as 'C3'
    """
    text, row, col = parse_cell_name(name, "C3", "a column letter A-E and a row 1-5")
    if not (0 <= col < SIZE and 0 <= row < SIZE):
        raise OffGridError(
            f"{text} is off the grid: the cells are A1 to E5 (columns A-E, rows 1-5)"
        )
    return row * SIZE + col


def _coordinate(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameError(
            f"a placement's {key} is a whole number from 0 to {SIZE - 1}, not {value!r}"
        )
    return value


def parse_cell(data: Mapping[str, Any]) -> int:
    """The cell of a placement's JSON form: ``"cell": "C3"``, or ``"row"`` and ``"col"`` from 0.

    >>> parse_cell({"cell": "d4"}), parse_cell({"row": 2, "col": 2})
    (18, 12)
    >>> parse_cell({"row": 5, "col": 0})
    Traceback (most recent call last):
    ...
    cribkit.games.tabletop.actions.OffGridError: row 5, col 0 is off the grid: rows and columns are numbered 0 to 4 (or name the cell, A1 to E5)
    """
    if "cell" in data:
        if "row" in data or "col" in data:
            raise GameError("a placement gives its cell or its row and col, not both")
        return cell_index(data["cell"])
    if "row" not in data and "col" not in data:
        raise GameError(
            "a placement names its cell, such as {'cell': 'C3'} or {'row': 2, 'col': 2}"
        )
    row, col = _coordinate(data, "row"), _coordinate(data, "col")
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise OffGridError(
            f"row {row}, col {col} is off the grid: rows and columns are numbered 0 to "
            f"{SIZE - 1} (or name the cell, A1 to E5)"
        )
    return row * SIZE + col


def _seat(data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise GameError(f"an action's seat is a whole number from 0, not {seat!r}")
    return seat


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one's turned card on ``cell`` (0-24, see :func:`cell_index`).

    The engine checks the cell (:meth:`TableTopState.verify
    <cribkit.games.tabletop.state.TableTopState.verify>`): on the grid, empty, and touching a card
    already on the table.

    >>> str(Place(0, 12 + 1))
    'seat 0 places on D3'
    """

    cell: int
    action_type: ClassVar[str] = "place"

    @property
    def name(self) -> str:
        """The cell's name, ``C3``; the index itself if it is off the grid."""
        try:
            return cell_name(self.cell)
        except OffGridError:
            return str(self.cell)

    def __str__(self) -> str:
        return f"seat {self.seat} places on {self.name}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"type": "place", "seat": 0, "cell": "C2"}``."""
        return {"type": self.action_type, "seat": self.seat, "cell": self.name}

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Place:
        return cls(_seat(data), parse_cell(data))
