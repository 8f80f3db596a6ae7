"""Computer players for Table Top Cribbage: easy, medium and expert.

Each line (row or column) belongs to one side; every placement adds a card to one line of each
side. The levels:

- easy: the cell where the turned card raises its own line's score most, as the line stands.
- medium: the cell that maximises its own line's gain minus the gain of the opponents' line
  through the same cell.
- expert: a shallow expectimax over the unknown cards with a *line-potential* evaluation.
  The potential of a line is its expected final score if its empty cells were filled from the
  unseen cards (everything not on the table and not the turned card: the unturned stacks and
  the 27 cards out of play, which are all alike to the player), computed exactly over every
  multiset of ranks that could fill it (the core's rank tables) plus the chance of a 5-card
  flush. The evaluation of a grid is the sum of its own lines' potentials minus the opponents'.
  For each cell the expert places the turned card, then every unseen card in turn is the
  opponents' next card (each is equally likely to be on top of their stack: that is all that
  is known of the stacks), the opponent answers with the placement that is best for them by
  the same evaluation, and the expert keeps the cell with the best average. The evaluation
  after the reply uses the pool without the opponent's card, so cards seen are never counted
  twice.

>>> from cribkit.games import start
>>> state = start("tabletop", seed=5).state
>>> player = TableTopPlayer("expert", seed=1)
>>> action = player.choose(state.observation(state.current_player), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.ai.players import Observation, register_players, view_of
from cribkit.core.cards import DECK_SIZE, card_rank, card_suit, mask_bits
from cribkit.core.tables import RANK_TABLES, RANK_WEIGHTS
from cribkit.games.protocol import Action
from cribkit.games.tabletop.actions import CELLS, SIZE, Place
from cribkit.games.tabletop.rules import EMPTY, LINES
from cribkit.games.tabletop.state import partial_line_total
from cribkit.games.tabletop.view import TableTopView

__all__ = [
    "CELL_LINES",
    "MIXED",
    "NONE",
    "LinePotential",
    "Position",
    "TableTopPlayer",
    "cell_values",
    "line_gain",
    "suit_after",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Suit state of a line: a suit 0-3 when all its cards share it, MIXED, or NONE for no cards.
MIXED: Final = -1
NONE: Final = 4
#: Every line through each cell: (its row, its column) as line numbers 0-9.
CELL_LINES: Final = tuple((cell // SIZE, SIZE + cell % SIZE) for cell in range(CELLS))
_R5: Final = RANK_TABLES[5].astype(np.float64)
#: Each card's rank weight, looked up once per card: the expert sums them in its inner loops.
_WEIGHT: Final = tuple(RANK_WEIGHTS[card_rank(c) - 1] for c in range(DECK_SIZE))


def line_gain(line: Sequence[int], card: int) -> int:
    """How much ``card`` adds to the score of ``line`` (its cards so far), as the line stands.

    >>> from cribkit.core.cards import Card
    >>> line_gain([Card.parse("5h"), Card.parse("5c")], Card.parse("Tc"))
    4
    """
    return partial_line_total([*line, card]) - partial_line_total(line)


# ---------------------------------------------------------------------------------------------
# Line potentials


@cache
def _multisets(m: int) -> tuple[IntArray, IntArray]:
    """Every multiset of ``m`` ranks: its count of each rank (rows of 13) and its rank key."""
    rows = []
    for ranks in combinations_with_replacement(range(13), m):
        counts = [0] * 13
        for r in ranks:
            counts[r] += 1
        rows.append(counts)
    counts_array = np.array(rows, dtype=np.int64).reshape(-1, 13)
    keys = counts_array @ np.array(RANK_WEIGHTS, dtype=np.int64)
    return counts_array, keys


#: C(a, k) for a = 0..4 cards of a rank left and k = 0..5 drawn.
_COMB: Final = np.array([[math.comb(a, k) for k in range(6)] for a in range(5)], dtype=np.float64)


class LinePotential:
    """Expected final line scores when the empty cells are filled from a pool of unseen cards.

    ``value(k, key, suit, exclude)`` is the expectation for a line of ``k`` cards with rank key
    ``key`` (the sum of :data:`~cribkit.core.tables.RANK_WEIGHTS`) and suit state ``suit``
    (a suit when all its cards share one, :data:`MIXED`, or :data:`NONE` when empty), with the
    pool less one card ``exclude`` (a card placed meanwhile; -1 for none). The remaining
    ``5 - k`` cards are drawn without replacement: the rank part is summed exactly over every
    multiset of ranks, weighted by its hypergeometric probability, and a flush adds 5 times the
    chance that all the drawn cards have the line's suit.

    >>> from cribkit.core.cards import Card
    >>> pool = [c for c in range(52) if c not in (Card.parse("5h"), Card.parse("5c"))]
    >>> potential = LinePotential(pool)
    >>> round(potential.value(0, 0, NONE), 3) == round(potential.value(0, 0, NONE, exclude=-1), 3)
    True
    >>> full = [Card.parse(c) for c in ("4c", "5d", "5h", "6s")]
    >>> pool = [c for c in range(52) if c not in full]
    >>> key = sum(RANK_WEIGHTS[card_rank(c) - 1] for c in full)
    >>> round(LinePotential(pool).value(4, key, MIXED), 4)  # 4c 5d 5h 6s and one card of 48
    15.9583
    """

    def __init__(self, pool: Sequence[int]) -> None:
        self.n = len(pool)
        counts = np.zeros(13, dtype=np.int64)
        suits = [0] * 4
        for card in pool:
            counts[card_rank(card) - 1] += 1
            suits[card_suit(card)] += 1
        self.rank_counts = counts
        self.suit_counts = suits
        #: probabilities[m][exclude rank + 1]: of each multiset of m ranks (column 0: no exclusion)
        self._probabilities: dict[int, FloatArray] = {}
        self._flush: dict[tuple[int, int, int], float] = {}
        self._cache: dict[tuple[int, int, int], FloatArray] = {}

    def _probs(self, m: int) -> FloatArray:
        probs = self._probabilities.get(m)
        if probs is None:
            multis, _ = _multisets(m)
            columns = []
            for excluded in range(-1, 13):
                counts = self.rank_counts.copy()
                n = self.n
                if excluded >= 0:
                    counts[excluded] = max(0, counts[excluded] - 1)
                    n -= 1
                ways = _COMB[np.minimum(counts, 4)[None, :], multis].prod(axis=1)
                total = math.comb(n, m)
                columns.append(ways / total if total else ways * 0.0)
            probs = np.stack(columns, axis=1)
            self._probabilities[m] = probs
        return probs

    def rank_values(self, k: int, key: int) -> FloatArray:
        """The expected rank part (fifteens, pairs, runs) of a line of ``k`` cards with rank
        key ``key``: 14 values, for the pool less nothing (index 0) or less one card of each
        rank (index rank, 1-13)."""
        cached = self._cache.get((k, key, 0))
        if cached is None:
            m = 5 - k
            _, keys = _multisets(m)
            cached = _R5[key + keys] @ self._probs(m)
            self._cache[(k, key, 0)] = cached
        return cached

    def flush_chance(self, m: int, suit: int, excluded_suit: int) -> float:
        """The chance that ``m`` cards drawn from the pool (less a card of ``excluded_suit``,
        -1 for none) all have suit ``suit`` (any one suit for :data:`NONE`; 0 for
        :data:`MIXED`)."""
        if suit == MIXED:
            return 0.0
        found = self._flush.get((m, suit, excluded_suit))
        if found is None:
            n = self.n - (excluded_suit >= 0)
            total = math.comb(n, m)
            suits = range(4) if suit == NONE else (suit,)
            ways = sum(math.comb(self.suit_counts[s] - (s == excluded_suit), m) for s in suits)
            found = ways / total if total else 0.0
            self._flush[(m, suit, excluded_suit)] = found
        return found

    def value(self, k: int, key: int, suit: int, exclude: int = -1) -> float:
        """The expected final score of a line (see the class docstring)."""
        column = 0 if exclude < 0 else card_rank(exclude)
        rank = float(self.rank_values(k, key)[column])
        return rank + 5.0 * self.flush_chance(
            5 - k, suit, card_suit(exclude) if exclude >= 0 else -1
        )


def suit_after(suit: int, card: int) -> int:
    """A line's suit state (:data:`NONE`, a suit 0-3, :data:`MIXED`) after ``card`` joins it.

    >>> from cribkit.core.cards import Card
    >>> hearts = suit_after(NONE, Card.parse("5h"))
    >>> suit_after(hearts, Card.parse("9h")) == hearts
    True
    >>> suit_after(hearts, Card.parse("9c")) == MIXED
    True
    """
    suit_of_card = card_suit(card)
    if suit == NONE:
        return suit_of_card
    return suit if suit == suit_of_card else MIXED


# ---------------------------------------------------------------------------------------------
# The players


class Position:
    """What a player needs from a seat's view: the grid (:data:`EMPTY` where no card is), the
    turned card, each line's cards, its sign (+1 the player's own lines, -1 the opponents'), the
    occupied cells as bits and the pool (every card neither on the table nor turned). What
    :meth:`TableTopPlayer.greedy_values` and :meth:`TableTopPlayer.expert_values` value.

    >>> from cribkit.games import start
    >>> position = Position(start("tabletop", seed=5).state.observation(1))
    >>> len(position.pool), position.occupied.bit_count()
    (50, 1)
    """

    def __init__(self, view: TableTopView) -> None:
        self.grid = [EMPTY if card is None else int(card) for card in view.grid]
        if view.turned is None:
            raise ValueError("there is no turned card to place")
        self.card = int(view.turned)
        mine_rows = view.my_lines == "rows"
        #: +1 for the player's own lines, -1 for the opponents'.
        self.signs = [1.0 if (line < SIZE) == mine_rows else -1.0 for line in range(2 * SIZE)]
        self.neighbours = view.rules.neighbours
        self.occupied = sum(1 << c for c in range(CELLS) if self.grid[c] != EMPTY)
        seen = {c for c in self.grid if c != EMPTY} | {self.card}
        self.pool = [c for c in range(DECK_SIZE) if c not in seen]
        self.lines = [[self.grid[c] for c in line if self.grid[c] != EMPTY] for line in LINES]


class TableTopPlayer:
    """A Table Top player of one level; seeded, so its games replay exactly.

    >>> from cribkit.games import start
    >>> state = start("tabletop", seed=3).state
    >>> TableTopPlayer("medium", seed=0).choose(
    ...     state.observation(state.current_player), state.legal_actions()) in state.legal_actions()
    True
    """

    def __init__(self, level: str, seed: int | None = None) -> None:
        if level not in ("easy", "medium", "expert"):
            raise ValueError(f"unknown tabletop AI level {level!r}")
        self.name = level
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The placement this level prefers among ``legal_actions``, from the seat's view
        (``state.observation(seat)``)."""
        observation = view_of(observation, TableTopView, "Table Top")
        places = [a for a in legal_actions if isinstance(a, Place)]
        if not places:
            if legal_actions:
                return legal_actions[0]
            raise ValueError("there is no legal action to choose from")
        if len(places) == 1:
            return places[0]
        position = Position(observation)
        if self.level == "expert":
            values = self.expert_values(position, [p.cell for p in places])
        else:
            values = self.greedy_values(position, [p.cell for p in places])
        best = max(values.values())
        top = [p for p in places if values[p.cell] >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    # -- easy and medium ----------------------------------------------------------------------

    def greedy_values(self, position: Position, cells: Sequence[int]) -> dict[int, float]:
        """Easy: its own line's gain; medium: that minus the opponents' line's gain."""
        card, lines, signs = position.card, position.lines, position.signs
        values: dict[int, float] = {}
        for cell in cells:
            value = 0.0
            for line in CELL_LINES[cell]:
                gain = line_gain(lines[line], card)
                if signs[line] > 0:
                    value += gain
                elif self.level == "medium":
                    value -= gain
            values[cell] = value
        return values

    # -- expert ---------------------------------------------------------------------------------

    def expert_values(self, position: Position, cells: Sequence[int]) -> dict[int, float]:
        """The expected value of each cell: own potential gain, then the opponents' best reply
        averaged over every card they may turn up (see the module docstring)."""
        x = position.card
        pool = position.pool
        potential = LinePotential(pool)
        signs = np.array(position.signs)
        states = []
        for cards in position.lines:
            suit = NONE
            for card in cards:
                suit = suit_after(suit, card)
            states.append((len(cards), sum(_WEIGHT[c] for c in cards), suit))
        empties = CELLS - bin(position.occupied).count("1")
        if empties <= 1:
            # The last card of the deal: the lines are scored as they are.
            return {cell: self._exact_gain(position, cell) for cell in cells}
        ys = pool
        ny = len(ys)
        # a[y, l]: potential of line l as it stands; b: with x; c: with y; d: with x and y,
        # all for the pool less y.
        a = np.zeros((ny, 2 * SIZE))
        b = np.zeros((ny, 2 * SIZE))
        c = np.zeros((ny, 2 * SIZE))
        d = np.zeros((ny, 2 * SIZE))
        wx, sx = _WEIGHT[x], x
        for line, (k, key, suit) in enumerate(states):
            if k >= 5:
                continue
            rank_a = potential.rank_values(k, key)
            suit_x = suit_after(suit, sx)
            rank_b = potential.rank_values(k + 1, key + wx)
            for i, y in enumerate(ys):
                column = card_rank(y)
                ysuit = card_suit(y)
                a[i, line] = rank_a[column] + 5.0 * potential.flush_chance(5 - k, suit, ysuit)
                wy = _WEIGHT[y]
                suit_y = suit_after(suit, y)
                c[i, line] = potential.rank_values(k + 1, key + wy)[column] + (
                    5.0 * potential.flush_chance(4 - k, suit_y, ysuit)
                )
                b[i, line] = rank_b[column] + 5.0 * potential.flush_chance(4 - k, suit_x, ysuit)
                if k <= 3:
                    d[i, line] = potential.rank_values(k + 2, key + wx + wy)[column] + (
                        5.0 * potential.flush_chance(3 - k, suit_after(suit_x, y), ysuit)
                    )
        sa, sb, sc, sd = a * signs, b * signs, c * signs, d * signs
        gain_y = sc - sa  # the opponents' card on a line untouched by ours
        gain_xy = sd - sb  # ... on a line that took ours
        own = sb - sa
        occupied, neighbours = position.occupied, position.neighbours
        open_before = self._open(occupied, neighbours)
        values: dict[int, float] = {}
        for cell in cells:
            row, col = CELL_LINES[cell]
            mine = own[:, row] + own[:, col]
            after = occupied | 1 << cell
            replies = mask_bits((open_before | neighbours[cell]) & ~after)
            if not replies:
                values[cell] = float(mine.mean())
                continue
            rows = np.array([CELL_LINES[j][0] for j in replies])
            cols = np.array([CELL_LINES[j][1] for j in replies])
            reply = np.where(rows == row, gain_xy[:, rows], gain_y[:, rows]) + np.where(
                cols == col, gain_xy[:, cols], gain_y[:, cols]
            )
            values[cell] = float((mine + reply.min(axis=1)).mean())
        return values

    @staticmethod
    def _open(occupied: int, neighbours: tuple[int, ...]) -> int:
        reach = 0
        for cell in mask_bits(occupied):
            reach |= neighbours[cell]
        return reach & ~occupied

    @staticmethod
    def _exact_gain(position: Position, cell: int) -> float:
        value = 0.0
        for line in CELL_LINES[cell]:
            value += position.signs[line] * line_gain(position.lines[line], position.card)
        return value


def cell_values(view: TableTopView, cells: Sequence[int]) -> dict[int, float]:
    """The expert's value of placing the turned card on each of ``cells``: the expected margin
    of line points it makes (own lines less the opponents', their best reply averaged over
    every card they may turn up; exact on the deal's last card). What its hint explains.

    >>> from cribkit.games import start
    >>> state = start("tabletop", seed=3).state
    >>> view = state.observation(state.current_player)
    >>> cells = [a.cell for a in state.legal_actions()]
    >>> values = cell_values(view, cells)
    >>> sorted(values) == sorted(cells)
    True
    """
    return TableTopPlayer("expert").expert_values(Position(view), cells)


def _make(level: str, seed: int | None) -> TableTopPlayer:
    return TableTopPlayer(level, seed)


register_players("tabletop", _make)
