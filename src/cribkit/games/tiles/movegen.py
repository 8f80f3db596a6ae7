"""Cribbage Tiles: every legal play for a rack on a board, scored, the way crossword engines do.

The generator never tries placements blindly. It works line by line (each row for plays
across, each column for plays down) with two precomputed tables, as crossword move generators
do (Appel and Jacobson's anchors and cross-checks):

- **anchors**: the empty cells touching a tile. A later play's line must hold one (rule 3).
- **cross-checks**: for each empty cell, the crossing line through it (the tiles above and
  below it for a play across). Crib hands are at most 5 tiles, so a crossing line is short and
  each cell's check is a table over the 13 values: which values may go there (the crossing
  hand stays within 5 tiles and, with ``strict_cross_hands``, scores), which of them score in
  that hand (rule 5), the hand's points and whether it would be 5 tiles of one colour.

A play's main line is a **segment**: a maximal run of at most 5 cells, holding an anchor, whose
empty cells the play fills. For each segment the generator takes each sub-multiset of the rack
of the right size (with each 6 or 9 as itself or turned). The main hand's points and the values
that score in it depend only on that multiset, so they are looked up once; then only the
arrangements whose every tile passes its cell's cross-check and scores in the main hand or in
its crossing hand are kept. Plays of one tile are generated once, with the plays across.

>>> from cribkit.games.tiles.board import Board
>>> from cribkit.games.tiles.notation import format_move
>>> from cribkit.games.tiles.rules import parse_tiles
>>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
>>> plays = generate_plays(board, parse_tiles("Kd 4l 3d 9d"))
>>> best = max(plays, key=lambda p: p.points)
>>> len(plays), format_move(best.play, board), best.points
(292, 'D7 across 4l 6=9d Kd', 9)
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from heapq import heapify, heappop, heappush
from itertools import permutations
from typing import Final, NamedTuple

from cribkit.core.tables import RANK_WEIGHTS
from cribkit.games.tiles.actions import PlayTiles
from cribkit.games.tiles.board import _INFO, EMPTY, Board, hand_info
from cribkit.games.tiles.rules import BONUS, MAX_HAND, RACK_SIZE, piece_of, piece_tile, tile_rank

__all__ = ["ScoredPlay", "best_play", "draw_uniform", "generate_plays", "highest_plays"]

#: Bits 1-13: every value.
_ALL: Final = 0x3FFE
_NO_POINTS: Final = (0,) * 14
_W: Final = (0, *RANK_WEIGHTS)  # weight by value, 1-13


class ScoredPlay(NamedTuple):
    """A legal play and its points (every crib hand and bonus; see
    :meth:`~cribkit.games.tiles.state.TilesState.preview` for the breakdown)."""

    play: PlayTiles
    points: int


class _Choice:
    """A sub-multiset of the rack as placed pieces: its distinct pieces and how many of each."""

    __slots__ = ("bits", "counts", "dark", "key", "perms", "pieces", "values")

    def __init__(self, pieces: Sequence[int]) -> None:
        counts = Counter(pieces)
        self.pieces = tuple(sorted(counts))
        self.counts = tuple(counts[p] for p in self.pieces)
        self.values = tuple((p >> 2) + 1 for p in self.pieces)
        self.bits = tuple(1 << v for v in self.values)
        self.key = sum(_W[(p >> 2) + 1] for p in pieces)
        self.dark = sum(1 for p in pieces if not p >> 1 & 1)
        self.perms = _perms(self.counts)

    def all_values(self) -> list[int]:
        return [v for v, n in zip(self.values, self.counts, strict=True) for _ in range(n)]


_PERMS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def _perms(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct orders of a multiset given by how many of each distinct item."""
    perms = _PERMS.get(counts)
    if perms is None:
        items = [i for i, n in enumerate(counts) for _ in range(n)]
        perms = _PERMS[counts] = sorted(set(permutations(items)))
    return perms


_CHOICES: dict[tuple[int, ...], list[list[_Choice]]] = {}
_CHOICE: dict[tuple[int, ...], _Choice] = {}


def _choices(rack: Sequence[int]) -> list[list[_Choice]]:
    """Every sub-multiset of the rack (1 to 5 tiles) as pieces, by size; a 6 or a 9 either
    way up."""
    key = tuple(sorted(rack))
    cached = _CHOICES.get(key)
    if cached is not None:
        return cached
    kinds = sorted(Counter(key).items())
    by_size: list[list[_Choice]] = [[] for _ in range(RACK_SIZE + 1)]

    def grow(index: int, chosen: list[int]) -> None:
        if index == len(kinds):
            if chosen:
                # (one object per sub-multiset, shared by every rack that holds it)
                held = tuple(chosen)
                choice = _CHOICE.get(held)
                if choice is None:
                    choice = _CHOICE[held] = _Choice(chosen)
                by_size[len(chosen)].append(choice)
            return
        tile, count = kinds[index]
        turns = tile_rank(tile) in (6, 9)
        for take in range(count + 1):
            for turned in range(take + 1) if turns else (0,):
                pieces = [piece_of(tile)] * (take - turned)
                if turned:
                    pieces += [piece_of(tile, True)] * turned
                grow(index + 1, chosen + pieces)

    grow(0, [])
    if len(_CHOICES) > 4096:
        _CHOICES.clear()
        _CHOICE.clear()
    _CHOICES[key] = by_size
    return by_size


class _Cross:
    """The cross-checks for plays in one direction: per cell, the values allowed, the values
    that score in the crossing hand, that hand's points by value, its one colour (or -1)."""

    __slots__ = ("allowed", "colour", "points", "scoring", "top")

    def __init__(
        self, grid: Sequence[int], vals: Sequence[int], size: int, step: int, strict: bool
    ) -> None:
        cells = size * size
        self.allowed = [_ALL] * cells
        self.scoring = [0] * cells
        self.points: list[Sequence[int]] = [_NO_POINTS] * cells
        self.colour = [-1] * cells
        #: The most a tile on the cell can score in its crossing hand (its one-colour bonus too).
        self.top = [0] * cells
        # Only an empty cell next to a tile this way has a crossing hand.
        crossed = set()
        for cell in range(cells):
            if not vals[cell]:
                continue
            self.allowed[cell] = 0
            for x in (cell - step, cell + step):
                if 0 <= x < cells and not vals[x] and (step != 1 or x // size == cell // size):
                    crossed.add(x)
        for cell in crossed:
            line: list[int] = []
            row = cell // size
            x = cell - step
            while x >= 0 and (step != 1 or x // size == row) and vals[x]:
                line.append(x)
                x -= step
            x = cell + step
            while x < cells and (step != 1 or x // size == row) and vals[x]:
                line.append(x)
                x += step
            n = len(line)
            if n >= MAX_HAND:
                self.allowed[cell] = 0
                continue
            existing = [vals[x] for x in line]
            allowed, scoring, points, most = _crossing_checks(existing, strict)
            colours = {grid[x] >> 1 & 1 for x in line}
            if n == MAX_HAND - 1 and len(colours) == 1:
                self.colour[cell] = colours.pop()
                most += BONUS
            self.allowed[cell] = allowed
            self.scoring[cell] = scoring
            self.points[cell] = points
            self.top[cell] = most


_CROSSING: dict[tuple[int, int, bool], tuple[int, int, tuple[int, ...], int]] = {}


def _crossing_checks(
    existing: Sequence[int], strict: bool
) -> tuple[int, int, tuple[int, ...], int]:
    """A crossing hand's checks by the values of its tiles in place: the values allowed beside
    them (bit v), those scoring in the hand, the hand's points by value, the most of them; kept,
    as few hands recur on every board."""
    n = len(existing)
    key = sum(_W[v] for v in existing)
    found = _CROSSING.get((key, n, strict))
    if found is None:
        allowed = scoring = 0
        points = [0] * 14
        for v in range(1, 14):
            info = _INFO.get((key + _W[v]) * 8 + n + 1) or hand_info([*existing, v])
            if strict and not info[0]:
                continue
            allowed |= 1 << v
            points[v] = info[0]
            if info[1] >> v & 1:
                scoring |= 1 << v
        found = _CROSSING[(key, n, strict)] = (allowed, scoring, tuple(points), max(points))
    return found


#: A play's main line (see the module's words): the empty cells a play fills, the values of the
#: tiles already in it, how many of those are dark, its length (0 for a first play: as long as
#: its empties), its direction's cross-checks, its bonus before the rack's, the weight key of
#: its tiles in place and the most its empty cells' crossing hands can score (``_Cross.top``).
#: A plain tuple, not a NamedTuple: one is made per segment, and generate_plays is the engine's
#: hot loop.
_Segment = tuple[tuple[int, ...], tuple[int, ...], int, int, _Cross, int, int, int]


def generate_plays(
    board: Board, rack: Sequence[int], *, seat: int = 0, strict: bool = True
) -> list[ScoredPlay]:
    """Every legal play of tiles from ``rack`` (tiles, see :mod:`~cribkit.games.tiles.rules`)
    on ``board``, as :class:`PlayTiles` for ``seat`` with its points.

    Exactly the plays :func:`~cribkit.games.tiles.board.evaluate_play` accepts, each once (a
    play of one tile is not repeated as a play down), in a fixed order: plays across row by row,
    then plays down column by column.
    """
    if not rack:
        return []
    size = board.size
    choices = _choices(rack)
    out: list[ScoredPlay] = []
    for segment in _segments(board, min(len(rack), RACK_SIZE), strict):
        _segment(out, segment, choices[len(segment[0])], size, seat, strict)
    return out


def best_play(
    board: Board,
    rack: Sequence[int],
    *,
    seat: int = 0,
    strict: bool = True,
    kept_value: Callable[[tuple[int, ...]], float] | None = None,
) -> tuple[float, ScoredPlay] | None:
    """The play of :func:`generate_plays` worth most, and its worth: its points, plus
    ``kept_value`` of the tiles it keeps on the rack if given; the first of the best in
    :func:`generate_plays`'s order; None with no legal play.

    The computer players' replies and next turns ask only this, many times a move, so the
    plays are not all made. Each sub-multiset of the rack on each main line is bounded (its
    main hand's points, the most each crossing hand could add, every bonus it could earn), and
    they are tried from the highest bound down, until no bound beats the best play found.

    >>> from cribkit.games.tiles.rules import parse_tiles
    >>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
    >>> rack = parse_tiles("Kd 4l 3d 9d")
    >>> points, scored = best_play(board, rack)
    >>> scored == max(generate_plays(board, rack), key=lambda p: p.points), points
    (True, 9.0)
    """
    if not rack:
        return None
    size = board.size
    choices = _choices(rack)
    extras = [
        [kept_value(_rest(rack, choice)) if kept_value else 0.0 for choice in by_size]
        for by_size in choices
    ]
    mains = _mains(rack, choices, strict)
    # The tries (a sub-multiset of the rack on a main line) are taken best-first by their
    # bound until no bound can reach the best play found. Each line's tries are listed best
    # first by what is sure to be scored, one list per kind of line (its empty cells, the
    # weight of its tiles, its length); a heap holds each line's next try.
    ranked_of: dict[tuple[int, int, int], list[tuple[float, int, int]]] = {}
    lines = _lines(board, min(len(rack), RACK_SIZE), strict)
    heap: list[tuple[float, int, int]] = []  # (- bound, line, place in its list)
    for number, (segment, k, key, length, bonus, ceiling) in enumerate(lines):
        kind = (k, key, length)
        ranked = ranked_of.get(kind)
        if ranked is None:
            extra_k = extras[k]
            ranked = ranked_of[kind] = sorted(
                (
                    (main + extra_k[index], main, index)
                    for main, index in _main_points_on(mains, choices, segment, kind, strict)
                ),
                reverse=True,
            )
        if ranked:
            heap.append((-(ranked[0][0] + bonus + ceiling), number, 0))
    heapify(heap)
    best: tuple[int, int] = (len(lines), 0)  # the best play's line and choice
    best_placement: tuple[int, tuple[int, ...]] | None = None
    best_value = float("-inf")
    while heap:
        bound, number, place = heappop(heap)
        # (a margin of rounding: the exact bound, in the order it was always summed, decides)
        if -bound < best_value - _SLACK:
            break
        segment, k, key, length, bonus, ceiling = lines[number]
        ranked = ranked_of[(k, key, length)]
        if place + 1 < len(ranked):
            heappush(heap, (-(ranked[place + 1][0] + bonus + ceiling), number, place + 1))
        _, main, which = ranked[place]
        extra = extras[k][which]
        sure = main + bonus + extra
        if sure + ceiling < best_value:
            continue
        choice = choices[k][which]
        if sure + _crossing_bound(segment, choice) < best_value:
            continue
        placement = _top_placement(segment, choice, strict)
        if placement is None:
            continue
        value = placement[0] + extra
        if value > best_value or (value == best_value and (number, which) < best):
            best, best_placement, best_value = (number, which), placement, value
    if best_placement is None:
        return None
    cells = tuple(divmod(c, size) for c in lines[best[0]][0][0])
    play = PlayTiles.of_sorted(seat, cells, best_placement[1])
    return best_value, ScoredPlay(play, best_placement[0])


def highest_plays(
    board: Board,
    rack: Sequence[int],
    count: int,
    *,
    seat: int = 0,
    strict: bool = True,
    tiles: int | None = None,
) -> list[ScoredPlay]:
    """The ``count`` plays of :func:`generate_plays` (of ``tiles`` tiles only, if given) that
    score most, best first, ties in :func:`generate_plays`'s order: what sorting every play
    by points and taking the first ``count`` gives, without making every play (the tries are
    bounded as in :func:`best_play`).

    >>> from cribkit.games.tiles.rules import parse_tiles
    >>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
    >>> rack = parse_tiles("Kd 4l 3d 9d")
    >>> every = sorted(generate_plays(board, rack), key=lambda p: -p.points)
    >>> highest_plays(board, rack, 6) == every[:6]
    True
    """
    if not rack or count <= 0:
        return []
    size = board.size
    choices = _choices(rack)
    mains = _mains(rack, choices, strict)
    lines = _lines(board, min(len(rack), RACK_SIZE), strict)
    ranked_of: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    heap: list[tuple[int, int, int]] = []  # (- bound, line, place in its list)
    for number, (segment, k, key, length, bonus, ceiling) in enumerate(lines):
        if tiles is not None and k != tiles:
            continue
        kind = (k, key, length)
        ranked = ranked_of.get(kind)
        if ranked is None:
            points = _main_points_on(mains, choices, segment, kind, strict)
            ranked = ranked_of[kind] = sorted(points, reverse=True)
        if ranked:
            heap.append((-(ranked[0][0] + bonus + ceiling), number, 0))
    heapify(heap)
    # The best so far: (- points, the play's place in generate_plays' order, its pieces).
    kept: list[tuple[int, tuple[int, int, int], tuple[int, ...]]] = []
    least = -1  # the points a play needs to be kept once ``count`` are
    while heap:
        bound, number, place = heappop(heap)
        if -bound < least:
            break
        segment, k, key, length, bonus, ceiling = lines[number]
        ranked = ranked_of[(k, key, length)]
        if place + 1 < len(ranked):
            heappush(heap, (-(ranked[place + 1][0] + bonus + ceiling), number, place + 1))
        main, which = ranked[place]
        choice = choices[k][which]
        if main + bonus + _crossing_bound(segment, choice) < least:
            continue
        for index, (total, placed) in enumerate(
            _placements(segment, _checks(segment), choice, strict)
        ):
            if total >= least:
                insort(kept, (-total, (number, which, index), placed))
                if len(kept) > count:
                    kept.pop()
                if len(kept) == count:
                    least = -kept[-1][0]
    return [
        ScoredPlay(
            PlayTiles.of_sorted(seat, tuple(divmod(c, size) for c in lines[at[0]][0][0]), placed),
            -negative,
        )
        for negative, at, placed in kept
    ]


#: Bounds are compared with this margin before the exact test (float sums in another order).
_SLACK: Final = 1e-9
_MAINS: dict[tuple[tuple[int, ...], bool], dict[tuple[int, int, int], list[tuple[int, int]]]] = {}


def _mains(
    rack: Sequence[int], choices: list[list[_Choice]], strict: bool
) -> dict[tuple[int, int, int], list[tuple[int, int]]]:
    """The rack's main-hand points by kind of line, ``(k, key, length)``, filled by
    :func:`_main_points` as lines are met; kept for the last racks asked (the computer players
    ask for the best plays of one rack on many boards)."""
    at = (tuple(sorted(rack)), strict)
    found = _MAINS.get(at)
    if found is None:
        if len(_MAINS) >= 256:
            _MAINS.clear()
        found = _MAINS[at] = {}
    return found


def _main_points_on(
    mains: dict[tuple[int, int, int], list[tuple[int, int]]],
    choices: list[list[_Choice]],
    segment: _Segment,
    kind: tuple[int, int, int],
    strict: bool,
) -> list[tuple[int, int]]:
    """:func:`_main_points` of the rack's ``choices`` on a main line of this ``kind`` (its
    empty cells, its tiles' weight, its length), ``segment`` one such line; kept in the rack's
    ``mains`` (:func:`_mains`)."""
    points = mains.get(kind)
    if points is None:
        k, key, length = kind
        points = mains[kind] = _main_points(choices[k], key, length, segment[1], strict)
    return points


def _main_points(
    choices: list[_Choice], key: int, length: int, existing: Sequence[int], strict: bool
) -> list[tuple[int, int]]:
    """For each sub-multiset of ``choices`` that may be played on a main line with the tiles
    ``existing`` (weight ``key``) and ``length`` cells (its hand scores, with ``strict``): its
    main hand's points and its index."""
    out: list[tuple[int, int]] = []
    info_of = _INFO.get
    for index, choice in enumerate(choices):
        main = 0
        if length >= 2:
            info = info_of((key + choice.key) * 8 + length)
            main = info[0] if info else hand_info([*existing, *choice.all_values()])[0]
            if strict and not main:
                continue
        out.append((main, index))
    return out


def _crossing_bound(segment: _Segment, choice: _Choice) -> int:
    """The most ``choice`` could add on ``segment`` besides its main hand and the rack's
    bonus: each cell's crossing hand with the best of the choice's values there, the one-colour
    bonuses its colours allow."""
    empties, _, dark, length, cross, *_ = segment
    values = choice.values
    dark_pieces = choice.dark
    light_pieces = sum(choice.counts) - dark_pieces
    total = 0
    points_of, colour_of = cross.points, cross.colour
    for cell in empties:
        total += max(map(points_of[cell].__getitem__, values))
        colour = colour_of[cell]
        if (colour == 0 and dark_pieces) or (colour == 1 and light_pieces):
            total += BONUS
    if (length or len(empties)) == MAX_HAND and dark + dark_pieces in (0, MAX_HAND):
        total += BONUS
    return total


def _rest(rack: Sequence[int], choice: _Choice) -> tuple[int, ...]:
    """The tiles of ``rack`` that placing ``choice`` keeps."""
    left = list(rack)
    for piece, count in zip(choice.pieces, choice.counts, strict=True):
        for _ in range(count):
            left.remove(piece_tile(piece))
    return tuple(left)


def draw_uniform(
    board: Board,
    rack: Sequence[int],
    others: int,
    rng: random.Random,
    *,
    seat: int = 0,
    strict: bool = True,
) -> ScoredPlay | int:
    """One of the legal plays of ``rack`` on ``board`` and ``others`` other actions, each as
    likely as any other, without generating every play: the play drawn, or the index (0 to
    ``others - 1``) of the other action drawn.

    Rejection sampling over the segments: each segment is first counted at an upper bound of
    its plays (the arrangements of the rack's tiles on its empty cells), and a draw lands on a
    segment in proportion to that count. The segment's plays are then generated (once) and the
    draw kept if it falls among them; if not, the segment's count becomes exact and the draw is
    made again. Every legal action is equally likely at every draw, so the one kept is uniform;
    each rejection makes one more segment exact, so there is at most one draw more than segments,
    and the work is at most :func:`generate_plays`'s (plays with points are generated only for
    the segments drawn).

    >>> import random
    >>> from cribkit.games.tiles.rules import parse_tiles
    >>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
    >>> drawn = draw_uniform(board, parse_tiles("Kd 4l 3d 9d"), 0, random.Random(1))
    >>> drawn in generate_plays(board, parse_tiles("Kd 4l 3d 9d"))
    True
    """
    if others < 0:
        raise ValueError(f"the number of other actions is 0 or more, not {others}")
    choices = _choices(rack)
    arrangements = [sum(len(c.perms) for c in by_size) for by_size in choices]
    segments = list(_segments(board, min(len(rack), RACK_SIZE), strict))
    bounds = [arrangements[len(segment[0])] for segment in segments]
    made: dict[int, list[ScoredPlay]] = {}
    while True:
        total = sum(bounds) + others
        if not total:
            raise ValueError("there is no legal play and no other action to draw from")
        at = rng.randrange(total)
        index = 0
        while index < len(bounds) and at >= bounds[index]:
            at -= bounds[index]
            index += 1
        if index == len(bounds):
            return at  # one of the other actions
        plays = made.get(index)
        if plays is None:
            plays = made[index] = []
            segment = segments[index]
            _segment(plays, segment, choices[len(segment[0])], board.size, seat, strict)
            # Each play is one arrangement, so the bound holds; the draw stays uniform only then.
            assert len(plays) <= bounds[index], (len(plays), bounds[index])
            bounds[index] = len(plays)
        if at < len(plays):
            return plays[at]


#: More than a rack's sub-multisets of one size (a 6 or a 9 either way up): a try's number is
#: its line's index times this, plus its choice's.
_CHOICE_CODES: Final = 1024
#: A main line with what :func:`best_play` bounds its tries by: the segment, its empty cells'
#: count, the weight key of its tiles in place, its hand's length, the bonus sure to be earned
#: (the rack's, for a play of every tile), the most its crossing hands and one colour can add.
_Line = tuple[_Segment, int, int, int, int, int]
_LINES: dict[tuple[tuple[int, ...], int, int, bool], tuple[_Line, ...]] = {}


def _lines(board: Board, most: int, strict: bool) -> tuple[_Line, ...]:
    """:func:`_segments` with their bounds' constants, kept for the last boards asked: the
    computer players ask for the best plays of many racks on one board (a reply to each guess
    of the opponent's rack)."""
    key = (board.cells, board.size, most, strict)
    found = _LINES.get(key)
    if found is None:
        lines = []
        for segment in _segments(board, most, strict):
            empties, _, _, length, _, bonus, weight, tops = segment
            k = len(empties)
            length = length or k
            ceiling = tops + BONUS * (length == MAX_HAND)
            lines.append((segment, k, weight, length, bonus + BONUS * (k == RACK_SIZE), ceiling))
        if len(_LINES) >= 64:
            _LINES.clear()
        found = _LINES[key] = tuple(lines)
    return found


def _segments(board: Board, most: int, strict: bool) -> Iterator[_Segment]:
    """The main lines of the plays of at most ``most`` tiles, in :func:`generate_plays`'s order."""
    size = board.size
    grid = board.cells
    vals = [0 if p == EMPTY else (p >> 2) + 1 for p in grid]
    if not any(vals):
        middle = size // 2
        free = _Cross(grid, vals, size, 1, strict)  # nothing crosses: every value is allowed
        for across in (True, False):
            for length in range(2, most + 1):
                for start in range(max(0, middle - length + 1), min(middle, size - length) + 1):
                    cells = tuple(
                        middle * size + start + i if across else (start + i) * size + middle
                        for i in range(length)
                    )
                    yield cells, (), 0, 0, free, BONUS, 0, 0
        return
    area = size * size
    anchors = [False] * area
    for cell, v in enumerate(vals):
        if not v:
            continue
        col = cell % size
        for x in (cell - size, cell + size):
            if 0 <= x < area and not vals[x]:
                anchors[x] = True
        if col > 0 and not vals[cell - 1]:
            anchors[cell - 1] = True
        if col < size - 1 and not vals[cell + 1]:
            anchors[cell + 1] = True
    dark_of = [bool(v) and not grid[cell] >> 1 & 1 for cell, v in enumerate(vals)]
    for across in (True, False):
        cross = _Cross(grid, vals, size, size if across else 1, strict)
        allowed, top = cross.allowed, cross.top
        for line_no in range(size):
            line = [line_no * size + i if across else i * size + line_no for i in range(size)]
            marked = [i for i, c in enumerate(line) if anchors[c]]
            if not marked:
                continue
            line_vals = [vals[c] for c in line]
            for start in range(max(0, marked[0] - MAX_HAND + 1), marked[-1] + 1):
                if start and line_vals[start - 1]:
                    continue  # a crib hand starts after an empty cell or the edge
                empties: list[int] = []
                existing: list[int] = []
                dark = weight = tops = 0
                anchored = False
                for end in range(start, min(start + MAX_HAND, size)):
                    v = line_vals[end]
                    cell = line[end]
                    if v:
                        existing.append(v)
                        dark += dark_of[cell]
                        weight += _W[v]
                    elif allowed[cell]:
                        empties.append(cell)
                        anchored = anchored or anchors[cell]
                        tops += top[cell]
                    else:
                        break  # no tile can go on this cell in a play this way
                    if end + 1 < size and line_vals[end + 1]:
                        continue  # the hand goes on through the next cell
                    k = len(empties)
                    if not anchored or not 0 < k <= most or (k == 1 and not across):
                        continue
                    yield (tuple(empties), tuple(existing), dark, end - start + 1, cross, 0,
                           weight, tops)  # fmt: skip


def _segment(
    out: list[ScoredPlay],
    segment: _Segment,
    choices: Sequence[_Choice],
    size: int,
    seat: int,
    strict: bool,
) -> None:
    """Add the plays of ``choices`` (the rack's sub-multisets of the segment's size) that fill
    the ``segment``'s empty cells."""
    cells = tuple(divmod(c, size) for c in segment[0])
    checks = _checks(segment)
    for choice in choices:
        for total, placed in _placements(segment, checks, choice, strict):
            out.append(ScoredPlay(PlayTiles.of_sorted(seat, cells, placed), total))


def _placements(
    segment: _Segment, checks: _Checks, choice: _Choice, strict: bool
) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Each legal placement of ``choice`` on ``segment`` (its ``checks``), in a fixed order
    (the choice's orders, :func:`_perms`): its points and its pieces, cell by cell."""
    fit = _fit(segment, checks, choice, strict)
    if fit is None:
        return
    base, masks = fit
    _, _, points, colours, _ = checks
    pieces = choice.pieces
    values = choice.values
    positions = range(len(masks))
    for perm in choice.perms:
        for j in positions:
            if not masks[j] >> perm[j] & 1:
                break
        else:
            total = base
            placed = []
            for j in positions:
                piece = pieces[perm[j]]
                placed.append(piece)
                total += points[j][values[perm[j]]]
                if colours[j] == piece >> 1 & 1:
                    total += BONUS
            yield total, tuple(placed)


def _top_placement(
    segment: _Segment, choice: _Choice, strict: bool
) -> tuple[int, tuple[int, ...]] | None:
    """The first of ``choice``'s placements on ``segment`` (in :func:`_segment`'s order)
    scoring most: its points and its pieces, cell by cell; None if it has none."""
    checks = _checks(segment)
    fit = _fit(segment, checks, choice, strict)
    if fit is None:
        return None
    base, masks = fit
    _, _, points, colours, _ = checks
    pieces = choice.pieces
    values = choice.values
    positions = range(len(masks))
    top: tuple[int, ...] | None = None
    top_total = -1
    for perm in choice.perms:
        total = base
        for j in positions:
            at = perm[j]
            if not masks[j] >> at & 1:
                break
            total += points[j][values[at]] + (BONUS if colours[j] == pieces[at] >> 1 & 1 else 0)
        else:
            if total > top_total:
                top, top_total = perm, total
    if top is None:
        return None
    return top_total, tuple(pieces[at] for at in top)


#: A segment's empty cells' cross-checks, cell by cell: the values allowed, those that score in
#: the crossing hand, its points by value, its one colour (or -1); and its tiles' weight key.
_Checks = tuple[list[int], list[int], list[Sequence[int]], list[int], int]


def _checks(segment: _Segment) -> _Checks:
    empties, _, _, _, cross, _, weight, _ = segment
    return (
        [cross.allowed[c] for c in empties],
        [cross.scoring[c] for c in empties],
        [cross.points[c] for c in empties],
        [cross.colour[c] for c in empties],
        weight,
    )


def _fit(
    segment: _Segment, checks: _Checks, choice: _Choice, strict: bool
) -> tuple[int, list[int]] | None:
    """Whether ``choice`` (a sub-multiset of the rack of the segment's size) may be placed on
    the ``segment``'s empty cells (their ``checks``): the points of its placements besides
    their crossing hands and colours, and for each empty cell the mask of the choice's pieces
    that may go there (each allowed by the cell's cross-check and scoring in the main hand or
    the crossing one); None if no placement can be legal."""
    empties, existing, dark, length, _, bonus, _, _ = segment
    allowed, scoring, _, _, key = checks
    k = len(empties)
    length = length or k
    if length >= 2:
        info = _INFO.get((key + choice.key) * 8 + length)
        if info is None:
            info = hand_info([*existing, *choice.all_values()])
        main_points, main_scoring = info
        if strict and not main_points:
            return None
    else:
        main_points = main_scoring = 0
    masks = []
    union = 0
    bits = choice.bits
    for j in range(k):
        ok, good = allowed[j], scoring[j] | main_scoring
        mask = 0
        for i, bit in enumerate(bits):
            if ok & bit and good & bit:
                mask |= 1 << i
        if not mask:
            return None
        masks.append(mask)
        union |= mask
    if union != (1 << len(bits)) - 1:
        return None
    base = main_points + bonus + (BONUS if k == RACK_SIZE else 0)
    if length == MAX_HAND and (dark + choice.dark == MAX_HAND or dark + choice.dark == 0):
        base += BONUS
    return base, masks
