"""Cribbage Tiles: the move notation players type, read and written.

A play is its first cell, ``across`` or ``down``, and the tiles in order::

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
``declare 12``, ``joker`` and ``no joker``. The actions themselves are in
:mod:`cribkit.games.tiles.actions`.

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

from collections.abc import Sequence
from typing import Final

from cribkit.games.protocol import Action, GameError
from cribkit.games.tiles.actions import (
    Cell,
    Declare,
    Exchange,
    Joker,
    Pass,
    PassJoker,
    PlayTiles,
    cell_text,
)
from cribkit.games.tiles.board import EMPTY, Board, OffBoardError, cell_index
from cribkit.games.tiles.rules import (
    TileParseError,
    parse_piece,
    parse_tile,
    piece_text,
    tiles_text,
)

# The actions are named here too while callers still import them from the notation
# (cribkit.games and the web): their home is cribkit.games.tiles.actions.
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

_DIRECTIONS: Final = {"across": (0, 1), "down": (1, 0)}


class NotationError(GameError):
    """Text that is not a move: the message shows the right form."""


# ---------------------------------------------------------------------------------------------
# The notation


def format_move(action: Action, board: Board | None = None) -> str:
    """The notation of an action (see the module docstring); with the ``board``, the tiles a
    play passes over are written in brackets, without it as ``.``.

    >>> from cribkit.games.tiles.rules import parse_piece
    >>> format_move(PlayTiles(0, ((4, 7), (5, 7)), (parse_piece("9=6d"), parse_piece("Kl"))))
    'H5 down 9=6d Kl'
    >>> format_move(Exchange(1, (8, 25))), format_move(Pass(0)), format_move(Declare(0, 12))
    ('exchange 5d Kl', 'pass', 'declare 12')
    """
    match action:
        case PlayTiles():
            return _play_text(action, board)
        case Exchange():
            return f"exchange {tiles_text(action.tiles)}"
        case Pass():
            return "pass"
        case Declare():
            return f"declare {action.points}"
        case Joker():
            return "joker"
        case PassJoker():
            return "no joker"
        case _:
            raise NotationError(f"{action!r} is not a Cribbage Tiles move")


def _play_text(play: PlayTiles, board: Board | None) -> str:
    cells = play.cells
    if not cells:
        return "play nothing"
    words = [cell_text(cells[0])]
    if len(cells) == 1:
        words.append(piece_text(play.tiles[0]))
        return " ".join(words)
    across = all(r == cells[0][0] for r, _ in cells)
    down = all(c == cells[0][1] for _, c in cells)
    if not (across or down):
        raise NotationError(
            f"tiles on {', '.join(play.names)} are not in one line: the notation "
            "writes plays in one row or column"
        )
    words.append("across" if across else "down")
    dr, dc = (0, 1) if across else (1, 0)
    placed = dict(zip(cells, play.tiles, strict=True))
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
    return " ".join(words)


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
            here = cell_text((row, col))
            if held == EMPTY:
                raise NotationError(f"{text!r}: {word} stands for a tile on {here}, which is empty")
            if word != "." and parse_piece(word[1:-1]) != held:
                raise NotationError(f"{text!r}: {here} holds {piece_text(held)}, not {word[1:-1]}")
        else:
            cells.append((row, col))
            tiles.append(parse_piece(word))
        last = cell_text((row, col))
        row, col = row + step[0], col + step[1]
    if not cells:
        raise NotationError(f"{text!r} places no tile: {_HELP}")
    return PlayTiles(seat, tuple(cells), tuple(tiles))
