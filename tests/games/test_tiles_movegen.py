"""Cribbage Tiles move generation: exact counts for fixed positions, checked against a slow
brute-force generator that knows nothing of the engine's scoring.

The slow checker (:func:`slow_points`) applies the rules of a play from ``rules/tiles.md``
directly: it finds every crib hand through a placed tile by walking the board, scores it with
:func:`~cribkit.core.scoring.score_tile_line`, and finds the tiles in a scoring combination by
enumerating index subsets itself. The brute force (:func:`brute_force`) tries every set of empty
cells in one row or column within 5 cells of each other and every arrangement of rack tiles on
them (each 6 and 9 both ways up).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations, permutations, product

import pytest

from cribkit.core.scoring import score_tile_line
from cribkit.games.tiles.actions import Pass, PlayTiles
from cribkit.games.tiles.board import EMPTY, Board
from cribkit.games.tiles.movegen import best_play, generate_plays, highest_plays
from cribkit.games.tiles.notation import format_move
from cribkit.games.tiles.rules import (
    full_set,
    parse_tiles,
    piece_colour,
    piece_of,
    piece_tile,
    piece_value,
    tile_rank,
    tile_text,
)
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles

Cell = tuple[int, int]
PlayKey = tuple[tuple[Cell, ...], tuple[int, ...]]

# -- the slow, independent rules ----------------------------------------------------------------


def _run(tiles: Mapping[Cell, int], cell: Cell, dr: int, dc: int) -> list[Cell]:
    """The maximal line of tiles through ``cell`` along (dr, dc)."""
    r, c = cell
    while (r - dr, c - dc) in tiles:
        r, c = r - dr, c - dc
    line = []
    while (r, c) in tiles:
        line.append((r, c))
        r, c = r + dr, c + dc
    return line


@cache
def _count(values: tuple[int, ...]) -> tuple[int, frozenset[int]]:
    """The points of a crib hand (the core's breakdown) and the indices of the values in some
    fifteen, pair or longest run (found here by enumeration)."""
    n = len(values)
    found: set[int] = set()
    for size in range(2, n + 1):
        for combo in combinations(range(n), size):
            if sum(min(values[i], 10) for i in combo) == 15:
                found.update(combo)
    for i, j in combinations(range(n), 2):
        if values[i] == values[j]:
            found.update((i, j))
    for size in range(n, 2, -1):
        runs = [
            combo
            for combo in combinations(range(n), size)
            if len({values[i] for i in combo}) == size
            and max(values[i] for i in combo) - min(values[i] for i in combo) == size - 1
        ]
        if runs:
            for combo in runs:
                found.update(combo)
            break
    return score_tile_line(values).total, frozenset(found)


_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def slow_shape(board: Mapping[Cell, int], cells: Sequence[Cell], size: int) -> bool:
    """Whether tiles on ``cells`` (sorted) obey the rules that do not depend on the tiles:
    1 to 5 of them, on empty cells of the board, in one line with no gap, covering the centre
    (first play, 2 or more tiles) or touching a tile, no line longer than 5."""
    k = len(cells)
    if not 1 <= k <= 5 or any(not (0 <= r < size and 0 <= c < size) for r, c in cells):
        return False
    if any(cell in board for cell in cells) or len(set(cells)) != k:
        return False
    if len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1:
        return False
    filled = set(board) | set(cells)
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    if any((r, c) not in filled for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
        return False
    if not board:
        if k < 2 or (size // 2, size // 2) not in cells:
            return False
    elif not any((r + dr, c + dc) in board for r, c in cells for dr, dc in _STEPS):
        return False
    return all(
        len(_run(dict.fromkeys(filled, 0), cell, dr, dc)) <= 5
        for cell in cells
        for dr, dc in ((0, 1), (1, 0))
    )


def slow_points(
    board: Mapping[Cell, int],
    placement: Mapping[Cell, int],
    size: int,
    *,
    strict: bool = True,
    shape_checked: bool = False,
) -> int | None:
    """The points of placing ``placement`` (cell -> piece) on ``board``, or None if illegal."""
    cells = sorted(placement)
    if not shape_checked and not slow_shape(board, cells, size):
        return None
    tiles = {**board, **placement}
    hands: list[list[Cell]] = []
    for cell in cells:
        for dr, dc in ((0, 1), (1, 0)):
            line = _run(tiles, cell, dr, dc)
            if len(line) >= 2 and line not in hands:
                hands.append(line)
    points = 0
    contributes: set[Cell] = set()
    for line in hands:
        total, scoring = _count(tuple(piece_value(tiles[cell]) for cell in line))
        if strict and total == 0:
            return None
        points += total
        contributes.update(line[i] for i in scoring)
        if len(line) == 5 and len({piece_colour(tiles[cell]) for cell in line}) == 1:
            points += 10
    if any(cell not in contributes for cell in cells):
        return None
    return points + (10 if not board else 0) + (10 if len(cells) == 5 else 0)


def board_dict(board: Board) -> dict[Cell, int]:
    n = board.size
    return {divmod(i, n): p for i, p in enumerate(board.cells) if p != EMPTY}


def arrangements(rack: Sequence[int], k: int) -> set[tuple[int, ...]]:
    """Every way to lay ``k`` of the rack's tiles in order, each 6 and 9 either way up."""
    out = set()
    for order in permutations(range(len(rack)), k):
        ways = [(False, True) if tile_rank(rack[i]) in (6, 9) else (False,) for i in order]
        for turns in product(*ways):
            out.add(tuple(piece_of(rack[i], t) for i, t in zip(order, turns, strict=True)))
    return out


def brute_force(board: Board, rack: Sequence[int], *, strict: bool = True) -> dict[PlayKey, int]:
    """Every legal play (cells, pieces) with its points, by trying everything."""
    n = board.size
    tiles = board_dict(board)
    lines = [[(r, c) for c in range(n)] for r in range(n)] + [
        [(r, c) for r in range(n)] for c in range(n)
    ]
    ways = {k: arrangements(rack, k) for k in range(1, min(5, len(rack)) + 1)}
    out: dict[PlayKey, int] = {}
    tried: set[tuple[Cell, ...]] = set()
    for line in lines:
        for start in range(n):
            window = range(start + 1, min(start + 5, n))
            for k, pieces_list in ways.items():
                for rest in combinations(window, k - 1):
                    cells = tuple(line[i] for i in (start, *rest))
                    if cells in tried:
                        continue
                    tried.add(cells)
                    if not slow_shape(tiles, cells, n):
                        continue
                    for pieces in pieces_list:
                        placement = dict(zip(cells, pieces, strict=True))
                        points = slow_points(tiles, placement, n, strict=strict, shape_checked=True)
                        if points is not None:
                            out[(cells, pieces)] = points
    return out


def generated(board: Board, rack: Sequence[int], *, strict: bool = True) -> dict[PlayKey, int]:
    """The generator's plays as the brute force keys them; no play may come twice."""
    out: dict[PlayKey, int] = {}
    for scored in generate_plays(board, rack, strict=strict):
        key = (scored.play.cells, scored.play.tiles)
        assert key not in out, f"{format_move(scored.play)} generated twice"
        out[key] = scored.points
    return out


# -- fixed positions ----------------------------------------------------------------------------

#: (name, board size, tiles on the board, rack, strict, legal plays, best points).
POSITIONS = [
    ("first play, 13x13", 13, {}, "5d Tl 5l Kd 4d", True, 376, 20),
    ("first play with a 6 and a 9", 7, {}, "6d 9l 6l 3d 3l", True, 10316, 40),
    ("first play, nothing scores", 7, {}, "Ad 3l 7d Qd Kl", True, 0, None),
    (
        "a cross",
        9,
        {"E5": "5d", "F5": "Tl", "E4": "Kd", "E6": "4l"},
        "5l Td 4d 6l Ad",
        True,
        6374,
        29,
    ),
    (
        "a crowded corner, strict",
        7,
        {"A1": "2d", "B1": "3d", "C1": "4l", "D1": "5l", "A2": "Kd", "A3": "5d", "B3": "Jl"},
        "Al 6d 5l Td 9l",
        True,
        2952,
        30,
    ),
    (
        "a crowded corner, cross hands may score nothing",
        7,
        {"A1": "2d", "B1": "3d", "C1": "4l", "D1": "5l", "A2": "Kd", "A3": "5d", "B3": "Jl"},
        "Al 6d 5l Td 9l",
        False,
        4999,
        30,
    ),
    (
        "five of a kind and colours",
        9,
        {"C5": "8d", "D5": "8d", "E5": "8d", "E4": "7d", "E6": "2d"},
        "8d 8l 7l 7d 3l",
        True,
        1688,
        30,
    ),
]


@pytest.mark.parametrize(
    ("size", "pieces", "rack", "strict", "count", "best"),
    [p[1:] for p in POSITIONS],
    ids=[p[0] for p in POSITIONS],
)
def test_legal_play_counts_of_fixed_positions(
    size: int,
    pieces: dict[str, str],
    rack: str,
    strict: bool,
    count: int,
    best: int | None,
) -> None:
    board = Board.from_cells(size, pieces)
    tiles = parse_tiles(rack)
    plays = generated(board, tiles, strict=strict)
    assert len(plays) == count
    assert (max(plays.values()) if plays else None) == best
    assert plays == brute_force(board, tiles, strict=strict)


def position_after(seed: int, moves: int, rules: TilesRules) -> TilesState:
    """A seeded game after ``moves`` random legal plays (a pass when there is none)."""
    state = start_tiles(rules, seed=seed).state
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        plays = state.legal_plays()
        action = rng.choice(plays).play if plays else Pass(state.turn)
        state = state.apply(action).state
    return state


@pytest.mark.parametrize(
    ("seed", "moves", "strict"),
    [(1, 3, True), (3, 2, False), (4, 4, True), (8, 5, False), (9, 6, True)],
)
def test_random_positions_match_the_brute_force(seed: int, moves: int, strict: bool) -> None:
    state = position_after(seed, moves, TilesRules(board_size=7, strict_cross_hands=strict))
    assert not state.is_terminal
    assert not state.board.is_empty
    rack = state.racks[state.turn]
    assert generated(state.board, rack, strict=strict) == brute_force(
        state.board, rack, strict=strict
    )


def test_every_generated_play_is_accepted_with_the_same_points() -> None:
    state = position_after(4, 6, TilesRules())
    plays = state.legal_plays()
    assert len(plays) > 100
    for scored in plays:
        assert state.preview(scored.play).points == scored.points
    assert [p.points for p in plays] == sorted((p.points for p in plays), reverse=True)
    assert state.legal_actions()[: len(plays)] == [p.play for p in plays]


def test_perft_two_plies_from_the_opening() -> None:
    """Every first play of one rack, then every reply of another (no draws): 2-ply counts."""
    board = Board.empty(7)
    first, second = parse_tiles("5d Tl 5l"), parse_tiles("6d 9l Jd 4d")
    replies = []
    for scored in generate_plays(board, first):
        play = scored.play
        after = board.placed([r * 7 + c for r, c in play.cells], play.tiles)
        replies.append(len(generate_plays(after, second)))
    assert (len(replies), sum(replies)) == (60, 66728)
    # the brute force agrees on a sample of the replies
    for index in (0, 4, 13, 59):
        play = generate_plays(board, first)[index].play
        after = board.placed([r * 7 + c for r, c in play.cells], play.tiles)
        assert len(brute_force(after, second)) == replies[index]


def test_a_play_of_one_tile_is_generated_once_and_scores_both_lines() -> None:
    board = Board.from_cells(9, {"D4": "5d", "E5": "Tl"})
    plays = generate_plays(board, parse_tiles("Kd"))
    moves = {format_move(p.play, board): p.points for p in plays}
    # E4 touches both: 5 K across (fifteen) and K T down (no score: strict refuses it)
    # on E4 and D5 the king also makes K T, which scores nothing: refused when strict
    assert moves == {"D3 Kd": 2, "C4 Kd": 2}
    assert len(moves) == len(plays)
    lenient = generate_plays(board, parse_tiles("Kd"), strict=False)
    assert {format_move(p.play, board): p.points for p in lenient} == {
        "D3 Kd": 2,
        "C4 Kd": 2,
        "E4 Kd": 2,
        "D5 Kd": 2,
    }


def test_an_empty_rack_and_a_full_board_have_no_plays() -> None:
    assert generate_plays(Board.empty(7), ()) == []
    full = Board(7, tuple(piece_of(t) for t in full_set()[:49]))
    assert generate_plays(full, parse_tiles("5d")) == []


def test_the_plays_carry_the_seat_and_come_in_a_fixed_order() -> None:
    board = Board.from_cells(9, {"E5": "5d", "F5": "Tl"})
    rack = parse_tiles("Kd 4l 3d")
    one = generate_plays(board, rack, seat=1)
    two = generate_plays(board, rack, seat=1)
    assert one == two
    assert {p.play.seat for p in one} == {1}
    assert all(isinstance(p.play, PlayTiles) for p in one)
    across = [p for p in one if len({r for r, _ in p.play.cells}) == 1]
    assert one[: len(across)] == across  # plays across first, then down
    assert tile_text(rack[0]) == "Kd"


def _kept_after(rack: Sequence[int], play: PlayTiles) -> tuple[int, ...]:
    left = list(rack)
    for piece in play.tiles:
        left.remove(piece_tile(piece))
    return tuple(left)


def racks_on_boards(
    rng: random.Random, seeds: range, moves: int, sizes: Sequence[int], strict: bool
) -> Iterator[tuple[TilesState, tuple[int, ...]]]:
    """For each seed, its game after ``seed % moves`` random plays, with racks of each of
    ``sizes`` dealt in turn from a full set shuffled by ``rng``."""
    for seed in seeds:
        state = position_after(seed, seed % moves, TilesRules(strict_cross_hands=strict))
        pool = list(full_set())
        rng.shuffle(pool)
        for size in sizes:
            yield state, tuple(sorted(pool[:size]))
            pool = pool[size:]


@pytest.mark.parametrize("strict", [True, False])
def test_the_best_play_is_the_first_of_the_generated_plays_worth_most(strict: bool) -> None:
    """:func:`best_play` prunes what cannot win; it must find what a scan of every play finds,
    with points alone and with a value of the tiles kept, ties to the first in order."""
    rng = random.Random(7)
    weights = {t: rng.uniform(-4, 4) for t in full_set()}

    def kept_value(kept: tuple[int, ...]) -> float:
        return sum(weights[t] for t in kept) + 3.0 * (len(kept) == 2)

    checked = 0
    for state, rack in racks_on_boards(rng, range(1, 13), 7, (1, 3, 5), strict):
        plays = generate_plays(state.board, rack, seat=1, strict=strict)
        found = best_play(state.board, rack, seat=1, strict=strict)
        if not plays:
            assert found is None
            continue
        first = max(plays, key=lambda p: p.points)
        assert found == (first.points, first)
        valued = [p.points + kept_value(_kept_after(rack, p.play)) for p in plays]
        top = max(valued)
        by_kept = best_play(state.board, rack, seat=1, strict=strict, kept_value=kept_value)
        assert by_kept == (top, plays[valued.index(top)])
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("strict", [True, False])
def test_the_highest_plays_are_the_first_of_every_play_sorted_by_points(strict: bool) -> None:
    """:func:`highest_plays` prunes what cannot be among the first ``count``; it must give what
    sorting every play by points (ties in the generated order) gives, of any number of tiles
    or of one number only."""
    rng = random.Random(11)
    checked = 0
    for state, rack in racks_on_boards(rng, range(1, 11), 6, (2, 4, 5), strict):
        plays = sorted(generate_plays(state.board, rack, seat=1, strict=strict),
                       key=lambda p: -p.points)  # fmt: skip
        for count in (1, 2, 6):
            found = highest_plays(state.board, rack, count, seat=1, strict=strict)
            assert found == plays[:count]
            for tiles in range(1, len(rack) + 1):
                of_tiles = [p for p in plays if len(p.play.tiles) == tiles][:count]
                assert of_tiles == highest_plays(
                    state.board, rack, count, seat=1, strict=strict, tiles=tiles
                )
                checked += bool(of_tiles)
    assert checked >= 100
