"""Cribbage Tiles: the board, its cells by name, crib hands, and the rules of one play.

Cells are named like a spreadsheet's: a column letter (``A`` on the left) and a row number
(``1`` at the top). On the 13x13 board the columns are ``A``-``M`` and the centre is ``G7``.
Inside, a cell is ``row * size + column`` (both from 0); actions name cells by (row, column).

A **crib hand** is a maximal unbroken line of 2 or more tiles across or down. A play places 1
to 5 tiles in one line; :func:`evaluate_play` checks it against every rule of a play
(``rules/tiles.md`` 1-5 and 7-8) and returns its :class:`PlayScore`: each crib hand the play
forms or extends (the main line and the cross line through each placed tile) with its points,
and the bonuses. Every rule it breaks raises an error that names the rule.

>>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
>>> score = evaluate_play(board, [cell_index("I7", 13)], [parse_piece("Kd")])
>>> [(h.name, h.points) for h in score.hands], score.points
([('G7-I7', 4)], 4)
>>> evaluate_play(board, [cell_index("I7", 13)], [parse_piece("4d")])
Traceback (most recent call last):
...
cribkit.games.tiles.board.ScoresNothingError: the tile 4d scores nothing: it is in no fifteen, pair or run of a crib hand the play forms or extends
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from cribkit.core.cards import Rank
from cribkit.core.scoring import Score, score_tile_line
from cribkit.core.tables import RANK_TABLES, RANK_WEIGHTS
from cribkit.games.actions import parse_cell_name
from cribkit.games.protocol import IllegalActionError
from cribkit.games.tiles.rules import (
    BONUS,
    COLOUR_WORDS,
    MAX_HAND,
    RACK_SIZE,
    parse_piece,
    piece_colour,
    piece_text,
    piece_value,
)

__all__ = [
    "EMPTY",
    "Board",
    "Bonus",
    "DeadHandError",
    "FirstPlayError",
    "HandScore",
    "HandTooLongError",
    "LineError",
    "NotTouchingError",
    "OccupiedCellError",
    "OffBoardError",
    "PlayScore",
    "ScoresNothingError",
    "cell_index",
    "cell_name",
    "evaluate_play",
    "hand_info",
    "hand_key",
]

#: An empty cell on the board.
EMPTY: Final = -1
#: The column letters, left to right (boards up to 25 wide).
LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXY"


class OffBoardError(IllegalActionError):
    """A cell outside the board."""


class OccupiedCellError(IllegalActionError):
    """A tile placed on a cell that already holds one."""


class LineError(IllegalActionError):
    """Tiles not in one row or column, leaving a gap, on one cell twice, or not 1 to 5 of them."""


class FirstPlayError(IllegalActionError):
    """A first play of 1 tile, or one that does not cover the centre."""


class NotTouchingError(IllegalActionError):
    """A later play that touches no tile already on the board."""


class HandTooLongError(IllegalActionError):
    """A play that makes a crib hand of more than 5 tiles."""


class ScoresNothingError(IllegalActionError):
    """A placed tile in no fifteen, pair or run of any crib hand the play forms or extends."""


class DeadHandError(IllegalActionError):
    """With ``strict_cross_hands``: a crib hand the play forms or extends that scores nothing."""


# ---------------------------------------------------------------------------------------------
# Cells


def cell_name(cell: int, size: int) -> str:
    """The name of cell ``cell`` on a ``size`` board: ``A1`` top left.

    >>> cell_name(0, 13), cell_name(6 * 13 + 6, 13), cell_name(168, 13)
    ('A1', 'G7', 'M13')
    """
    row, col = divmod(cell, size)
    return f"{LETTERS[col]}{row + 1}"


def cell_index(name: str, size: int) -> int:
    """The cell named like ``G7`` (column letter, then row; any case) on a ``size`` board.

    >>> cell_index("g7", 13), cell_index("A1", 7)
    (84, 0)
    >>> cell_index("N1", 13)
    Traceback (most recent call last):
    ...
    cribkit.games.tiles.board.OffBoardError: N1 is off the board: the cells are A1 to M13
    """
    text, row, col = parse_cell_name(name, "G7", "a column letter and a row number")
    if not (0 <= col < size and 0 <= row < size):
        raise OffBoardError(f"{text} is off the board: {_cells_text(size)}")
    return row * size + col


def _cells_text(size: int) -> str:
    return f"the cells are A1 to {LETTERS[size - 1]}{size}"


def _span_name(cells: Sequence[int], size: int) -> str:
    return f"{cell_name(cells[0], size)}-{cell_name(cells[-1], size)}"


# ---------------------------------------------------------------------------------------------
# Crib hands: points and the values that score


#: Cached ``(points, mask of scoring values)`` by ``hand_key * 8 + length``.
_INFO: dict[int, tuple[int, int]] = {}


def hand_key(values: Iterable[int]) -> int:
    """The additive key of a multiset of values (:data:`~cribkit.core.tables.RANK_WEIGHTS`)."""
    return sum(RANK_WEIGHTS[v - 1] for v in values)


def _scoring_values(values: Sequence[int]) -> int:
    """Bit ``v`` set for each value ``v`` in some fifteen, pair or (longest) run of ``values``."""
    n = len(values)
    mask = 0
    pips = [min(v, 10) for v in values]
    for size in range(2, n + 1):
        for combo in combinations(range(n), size):
            if sum(pips[i] for i in combo) == 15:
                for i in combo:
                    mask |= 1 << values[i]
    seen = 0
    for v in values:
        if seen >> v & 1:
            mask |= 1 << v
        seen |= 1 << v
    # runs: the longest block of consecutive values present, if 3 or longer
    best, blocks, start = 0, [], 0
    for v in range(1, 15):
        if seen >> v & 1:
            if not start:
                start = v
        elif start:
            blocks.append((start, v - 1))
            best = max(best, v - start)
            start = 0
    if best >= 3:
        for low, high in blocks:
            if high - low + 1 == best:
                mask |= ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)
    return mask


def hand_info(values: Sequence[int]) -> tuple[int, int]:
    """``(points, scoring)`` of a crib hand of 1 to 5 values: fifteens, pairs and runs, and
    the bit mask of the values that are in at least one of them (bit ``v`` for value ``v``).

    >>> hand_info([5, 10, 3])
    (2, 1056)
    >>> hand_info([5, 10, 3])[1] == 1 << 5 | 1 << 10
    True
    """
    n = len(values)
    key = hand_key(values)
    info = _INFO.get(key * 8 + n)
    if info is None:
        info = _INFO[key * 8 + n] = (int(RANK_TABLES[n][key]), _scoring_values(values))
    return info


# ---------------------------------------------------------------------------------------------
# The board


@dataclass(frozen=True, slots=True)
class Board:
    """The board: its ``size`` and the piece on each cell (:data:`EMPTY` for none).

    >>> board = Board.from_cells(7, {"D4": "5d", "E4": "9=6l"})
    >>> print(board.picture())
          A    B    C    D    E    F    G
     1    .    .    .    .    .    .    .
     2    .    .    .    .    .    .    .
     3    .    .    .    .    .    .    .
     4    .    .    .   5d 9=6l    .    .
     5    .    .    .    .    .    .    .
     6    .    .    .    .    .    .    .
     7    .    .    .    .    .    .    .
    """

    size: int
    cells: tuple[int, ...]

    @classmethod
    def empty(cls, size: int) -> Board:
        """An empty board of ``size`` x ``size``."""
        return cls(size, (EMPTY,) * (size * size))

    @classmethod
    def from_cells(cls, size: int, pieces: Mapping[str, str | int]) -> Board:
        """A board holding the given pieces by cell name (``{"G7": "5d", "H7": "9=6l"}``);
        no rule is checked (for problems and tests)."""
        cells = [EMPTY] * (size * size)
        for name, piece in pieces.items():
            cells[cell_index(name, size)] = parse_piece(piece) if isinstance(piece, str) else piece
        return cls(size, tuple(cells))

    @property
    def centre(self) -> int:
        """The centre cell."""
        middle = self.size // 2
        return middle * self.size + middle

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been played yet."""
        return all(p == EMPTY for p in self.cells)

    def tile_count(self) -> int:
        """How many tiles are on the board."""
        return sum(p != EMPTY for p in self.cells)

    def placed(self, cells: Sequence[int], pieces: Sequence[int]) -> Board:
        """The board with ``pieces`` put on ``cells`` (no rule checked)."""
        out = list(self.cells)
        for cell, piece in zip(cells, pieces, strict=True):
            out[cell] = piece
        return Board(self.size, tuple(out))

    def rows(self) -> list[list[str | None]]:
        """The board as rows of piece texts (``None`` for an empty cell), top row first."""
        n = self.size
        return [
            [None if p == EMPTY else piece_text(p) for p in self.cells[r * n : (r + 1) * n]]
            for r in range(n)
        ]

    def picture(self) -> str:
        """The board as text: column letters on top, row numbers on the left, ``.`` for empty."""
        n = self.size
        lines = ["  " + "".join(f"{LETTERS[c]:>5}" for c in range(n))]
        for r, row in enumerate(self.rows()):
            lines.append(f"{r + 1:>2}" + "".join(f"{t or '.':>5}" for t in row))
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Scoring a play


@dataclass(frozen=True, slots=True)
class HandScore:
    """A crib hand a play forms or extends: its cells in order (left to right or top to
    bottom), its pieces, its points and its name (``G7-K7``); ``main`` for the play's line."""

    name: str
    cells: tuple[int, ...]
    pieces: tuple[int, ...]
    points: int
    main: bool

    @property
    def breakdown(self) -> Score[Rank]:
        """The full breakdown (:func:`~cribkit.core.scoring.score_tile_line`) of the values."""
        return score_tile_line([piece_value(p) for p in self.pieces])

    @property
    def colour(self) -> int | None:
        """The colour of all its tiles, if they share one."""
        colours = {piece_colour(p) for p in self.pieces}
        return colours.pop() if len(colours) == 1 else None


@dataclass(frozen=True, slots=True)
class Bonus:
    """A 10-point bonus: ``first`` (the first play of the game), ``five_tiles`` (all 5 rack
    tiles in one turn) or ``colour`` (a crib hand of 5 tiles of one colour, named by ``hand``)."""

    kind: str
    points: int = BONUS
    hand: str = ""
    colour: int | None = None

    def words(self) -> str:
        """``ten for the first play`` and the like."""
        if self.kind == "first":
            return "ten for the first play"
        if self.kind == "five_tiles":
            return "ten for playing all five tiles"
        colour = COLOUR_WORDS[self.colour or 0]
        return f"ten for five {colour} tiles in {self.hand}"


@dataclass(frozen=True, slots=True)
class PlayScore:
    """What a play scores: every crib hand it forms or extends (the main line first) and the
    bonuses, in order; ``points`` is their sum."""

    hands: tuple[HandScore, ...]
    bonuses: tuple[Bonus, ...]

    @property
    def points(self) -> int:
        """All the points of the play."""
        return sum(h.points for h in self.hands) + sum(b.points for b in self.bonuses)

    def to_json(self) -> dict[str, Any]:
        """What a preview of the play shows: ``points``; ``words``, each crib hand's count
        (``G7-H7: fifteen two``) then each bonus; ``events``, each crib hand as ``{"type":
        "hand", "name", "points", "words", "main"}`` and each bonus as ``{"type": "bonus",
        "kind", "points", "words"}``.

        >>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
        >>> score = evaluate_play(board, [cell_index("I7", 13)], [parse_piece("Kd")])
        >>> score.to_json()  # doctest: +NORMALIZE_WHITESPACE
        {'points': 4, 'words': ['G7-I7: fifteen two, fifteen four'],
         'events': [{'type': 'hand', 'name': 'G7-I7', 'points': 4,
                     'words': 'fifteen two, fifteen four', 'main': True}]}
        """
        words = [f"{h.name}: {h.breakdown.words() or 'nothing'}" for h in self.hands]
        words.extend(b.words() for b in self.bonuses)
        events: list[dict[str, Any]] = [
            {
                "type": "hand",
                "name": h.name,
                "points": h.points,
                "words": h.breakdown.words(),
                "main": h.main,
            }
            for h in self.hands
        ]
        events.extend(
            {"type": "bonus", "kind": b.kind, "points": b.points, "words": b.words()}
            for b in self.bonuses
        )
        return {"points": self.points, "words": words, "events": events}


def _run(
    grid: Sequence[int], placed: Mapping[int, int], cell: int, step: int, size: int
) -> list[int]:
    """The cells of the maximal unbroken line through ``cell`` along ``step`` (1 or size)."""
    row = cell // size

    def filled(c: int) -> bool:
        if not 0 <= c < size * size or (step == 1 and c // size != row):
            return False
        return c in placed or grid[c] != EMPTY

    start = cell
    while filled(start - step):
        start -= step
    end = cell
    while filled(end + step):
        end += step
    return list(range(start, end + step, step))


def evaluate_play(
    board: Board, cells: Sequence[int], pieces: Sequence[int], *, strict: bool = True
) -> PlayScore:
    """Check a play of ``pieces`` on ``cells`` against the rules of a play and score it.

    Rules, in the order they are checked (the first one broken raises): 1 to 5 tiles, on the
    board, on empty cells, each cell once; in one row or column with no gap (tiles already on
    the board fill the line between them); the first play (empty board) uses 2 to 5 tiles and
    covers the centre, a later one touches a tile on the board; no crib hand longer than 5;
    every placed tile is in a fifteen, pair or run of a crib hand the play forms or extends;
    with ``strict`` every such crib hand scores at least 1.
    """
    size = board.size
    grid = board.cells
    k = len(cells)
    if len(pieces) != k:
        raise LineError(f"a play gives a tile for each cell: {k} cells, {len(pieces)} tiles")
    if not 1 <= k <= RACK_SIZE:
        raise LineError(f"a play places 1 to {RACK_SIZE} tiles, not {k}")
    for cell in cells:
        if not 0 <= cell < size * size:
            raise OffBoardError(f"cell {cell} is off the board: {_cells_text(size)}")
    if len(set(cells)) != k:
        twice = next(c for c in cells if list(cells).count(c) > 1)
        raise LineError(f"the play puts two tiles on {cell_name(twice, size)}")
    for cell in cells:
        if grid[cell] != EMPTY:
            raise OccupiedCellError(
                f"{cell_name(cell, size)} already holds {piece_text(grid[cell])}"
            )
    order = sorted(range(k), key=lambda i: cells[i])
    cells = [cells[i] for i in order]
    pieces = [pieces[i] for i in order]
    rows = {c // size for c in cells}
    cols = {c % size for c in cells}
    if len(rows) == 1:
        step = 1
    elif len(cols) == 1:
        step = size
    else:
        raise LineError(
            f"{cell_name(cells[0], size)} and {cell_name(cells[-1], size)} are not in one row "
            "or column: the tiles of a play go in one line"
        )
    for between in range(cells[0], cells[-1], step):
        if between not in cells and grid[between] == EMPTY:
            raise LineError(
                f"the play leaves a gap at {cell_name(between, size)}: the tiles must form one "
                "unbroken line with the tiles on the board"
            )
    placed = dict(zip(cells, pieces, strict=True))
    main = _run(grid, placed, cells[0], step, size)
    cross_step = size if step == 1 else 1
    crosses = [_run(grid, placed, c, cross_step, size) for c in cells]
    first = board.is_empty
    if first:
        if k < 2:
            raise FirstPlayError(f"the first play uses 2 to {RACK_SIZE} tiles, not 1")
        if board.centre not in placed:
            raise FirstPlayError(
                f"the first play must cover the centre {cell_name(board.centre, size)}"
            )
    elif len(main) == k and all(len(line) == 1 for line in crosses):
        raise NotTouchingError("the play touches no tile on the board")
    lines = [(main, True)] + [(line, False) for line in crosses]
    hands: list[HandScore] = []
    scoring: dict[int, int] = dict.fromkeys(cells, 0)  # cell -> the values scoring with it
    for line, is_main in lines:
        if len(line) > MAX_HAND:
            raise HandTooLongError(
                f"line of {len(line)} tiles at {_span_name(line, size)}: no crib hand may be "
                f"longer than {MAX_HAND} tiles"
            )
        if len(line) >= 2:
            line_pieces = tuple(placed.get(c, grid[c]) for c in line)
            points, values = hand_info([piece_value(p) for p in line_pieces])
            for c in line:
                if c in scoring:
                    scoring[c] |= values
            hands.append(
                HandScore(_span_name(line, size), tuple(line), line_pieces, points, is_main)
            )
    for cell, piece in zip(cells, pieces, strict=True):
        if not scoring[cell] >> piece_value(piece) & 1:
            raise ScoresNothingError(
                f"the tile {piece_text(piece)} scores nothing: it is in no fifteen, pair or run "
                "of a crib hand the play forms or extends"
            )
    if strict:
        for hand in hands:
            if hand.points == 0:
                raise DeadHandError(
                    f"the crib hand {hand.name} ({' '.join(piece_text(p) for p in hand.pieces)}) "
                    "scores nothing: with strict_cross_hands every crib hand a play forms or "
                    "extends must score"
                )
    bonuses: list[Bonus] = []
    if first:
        bonuses.append(Bonus("first"))
    if k == RACK_SIZE:
        bonuses.append(Bonus("five_tiles"))
    for hand in hands:
        if len(hand.pieces) == MAX_HAND and hand.colour is not None:
            bonuses.append(Bonus("colour", hand=hand.name, colour=hand.colour))
    return PlayScore(tuple(hands), tuple(bonuses))
