"""The analysis of Table Top Cribbage: every placement valued by the expert's evaluation.

Each legal cell of a ``place`` is worth what the expert's evaluation says it adds to the seat's
side's **expected line margin** (its side's lines less the other side's, at the end of the
deal): :func:`cribkit.ai.tabletop.cell_values`, from the seat's view. That evaluation samples
nothing: the opponents' next card is every unseen card in turn (each equally likely), their
best reply is taken for each, and the lines' expected final scores are summed in closed form
over every way the unseen cards could fill them. So a decision has ``samples`` 0 and no
standard error; its values are a model's (the expert's one-reply look-ahead and its line
potentials), exact only on the deal's last card, where the lines are scored as they stand.

``hindsight`` is worked out from the whole state when at most :data:`HINDSIGHT_CARDS` cards of
the deal are left: with the order of the cards to come known, both sides placing each of them
where it is best for their own side (an exact search to the end of the deal), the cell whose
deal ends with the best line margin, and that margin. Earlier in the deal it is None: the
search grows as the factorial of the cards left.

The luck of a seat (:func:`luck`) is the cards it turned: each is worth the most its placement
could add to the seat's expected line margin as the lines stood (the expert's line potentials,
before any reply), against the same worth averaged over every card it might have turned (the
cards not on the table, as the seat saw them).

>>> from cribkit.games import start
>>> from cribkit.games.tabletop.actions import Place, cell_index
>>> state = start("tabletop", seed=7).state
>>> d = decision(state, Place(1, cell_index("C2")), 0)
>>> d.phase, d.unit, d.samples, d.chosen.words.split(":")[0]
('place', 'points', 0, 'place 6♥ on C2')
>>> len(d.choices), d.hindsight is None
(8, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from cribkit.ai.tabletop import CELL_LINES, NONE, LinePotential, cell_values, suit_after
from cribkit.analysis.model import Choice, Decision, Luck
from cribkit.core.cards import DECK_SIZE
from cribkit.core.tables import KEY_MASK, PACKED, RANK_TABLES, RANK_WEIGHTS, SUIT_SHIFT
from cribkit.games.protocol import Action, GameState
from cribkit.games.records import Step
from cribkit.games.tabletop.actions import CELLS, SIZE, Place, cell_name
from cribkit.games.tabletop.rules import EMPTY, LINES, PLACEMENTS, side_of
from cribkit.games.tabletop.state import TableTopState
from cribkit.games.tabletop.view import TableTopView

__all__ = ["HINDSIGHT_CARDS", "decision", "hindsight", "luck"]

#: The hindsight search runs when at most this many cards of the deal are left (the one to
#: place included): 9 cards are at most 362,880 orders, which its pruning (alpha-beta) cuts to
#: some 70 ms (0.15 s at worst) on this machine; each card more multiplies that by about 4.
HINDSIGHT_CARDS: Final = 9


def decision(
    before: GameState, action: Action, index: int, *, hindsight: bool = True
) -> Decision | None:
    """The placement ``action`` from ``before`` with every legal cell valued; None when the
    card had one legal cell (no choice). With ``hindsight=False`` the hindsight search is not
    run (its ``hindsight`` is None)."""
    if not isinstance(action, Place) or not isinstance(before, TableTopState):
        return None
    legal = [a for a in before.legal_actions() if isinstance(a, Place)]
    if len(legal) <= 1:
        return None
    view = before.observation(action.seat)
    assert view.turned is not None  # a placement has its turned card
    card = view.turned.symbol
    values = cell_values(view, [a.cell for a in legal])
    # Best first; cells of equal value in the grid's order (the engine's order of the cells).
    ranked = sorted(legal, key=lambda a: (-values[a.cell], a.cell))
    choices = tuple(
        Choice(a.to_dict(), f"place {card} on {cell_name(a.cell)}", values[a.cell]) for a in ranked
    )
    chosen = choices[ranked.index(action)]
    best = choices[0]
    words = f"{chosen.words}: expected line margin {chosen.value:+.2f}"
    if chosen is best:
        words += f", the best; next {_cell(choices[1])} {choices[1].value:+.2f}"
    else:
        words += f"; {_cell(best)} was {best.value:+.2f}"
    if CELLS - before.occupied.bit_count() == 2:
        # The one card to come is averaged over every card unseen: the differences are exact.
        words += " (exact: one card to come)"
    return Decision(
        index,
        action.seat,
        "place",
        "points",
        chosen,
        choices,
        words,
        samples=0,
        hindsight=_hindsight(before) if hindsight else None,
        scores=tuple(before.scores),
    )


def _cell(choice: Choice) -> str:
    return str(choice.action["cell"])


# ---------------------------------------------------------------------------------------------
# Hindsight: the rest of the deal with every card known


def hindsight(state: TableTopState) -> Choice | None:
    """With the order of the deal's cards to come known, where the current player's card is
    best placed when both sides place every card where it is best for them: that cell, valued
    by the final line margin of the deal for the player's side. None when more than
    :data:`HINDSIGHT_CARDS` cards are left.

    >>> from cribkit.games.tabletop.state import start_tabletop
    >>> state = start_tabletop(seed=7).state
    >>> hindsight(state) is None  # 24 cards to come
    True
    """
    seat = state.current_player
    left = PLACEMENTS - state.placed
    if seat is None or left > HINDSIGHT_CARDS:
        return None
    n = state.rules.players
    mine = side_of(n, seat)
    cards = [int(c) for c in state.deck[1 + state.placed : 1 + PLACEMENTS]]
    movers_mine = [
        side_of(n, (state.dealer + 1 + t) % n) == mine for t in range(state.placed, PLACEMENTS)
    ]
    row_sign = 1 if state.rows_side == mine else -1
    signs = [row_sign] * SIZE + [-row_sign] * SIZE
    grid = state.grid
    neighbours = state.rules.neighbours
    # Each line's cards as one packed sum (the core's), its count of cards, and the margin of
    # the full lines so far: a placement that fills a line adds its score, once.
    sums = [sum(PACKED[grid[c]] for c in line if grid[c] != EMPTY) for line in LINES]
    counts = [sum(grid[c] != EMPTY for c in line) for line in LINES]
    full = sum(signs[line] * _score(sums[line]) for line in range(2 * SIZE) if counts[line] == 5)

    def place(cell: int, card: int) -> int:
        """Put ``card`` on ``cell``: the margin of the lines it fills."""
        gained = 0
        for line in CELL_LINES[cell]:
            sums[line] += PACKED[card]
            counts[line] += 1
            if counts[line] == 5:
                gained += signs[line] * _score(sums[line])
        return gained

    def lift(cell: int, card: int) -> None:
        for line in CELL_LINES[cell]:
            sums[line] -= PACKED[card]
            counts[line] -= 1

    def search(t: int, occupied: int, margin: int, alpha: float, beta: float) -> float:
        if t == len(cards):
            return margin
        card, maximising = cards[t], movers_mine[t]
        best = -math.inf if maximising else math.inf
        for cell in _open(occupied, neighbours):
            value = search(t + 1, occupied | 1 << cell, margin + place(cell, card), alpha, beta)
            lift(cell, card)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    best_cell, best_value = -1, -math.inf
    for cell in _open(state.occupied, neighbours):
        gained = place(cell, cards[0])
        # Strictly better than the best so far, or it cannot change the choice.
        value = search(1, state.occupied | 1 << cell, full + gained, best_value, math.inf)
        lift(cell, cards[0])
        if value > best_value:
            best_cell, best_value = cell, value
    margin = int(best_value)
    card = state.deck[1 + state.placed].symbol
    return Choice(
        Place(seat, best_cell).to_dict(),
        f"place {card} on {cell_name(best_cell)}: the deal ends {margin:+d} in lines with "
        "every card to come known",
        float(margin),
    )


#: The search by another name, for :func:`decision` (where its keyword ``hindsight`` hides it).
_hindsight = hindsight

#: The rank part of a full line by its packed rank key, and the packed suit counts of a
#: 5-card flush.
_R5: Final = bytes(RANK_TABLES[5])
_FLUSHES: Final = frozenset(5 << (3 * suit) for suit in range(4))


def _score(packed: int) -> int:
    """The score of a full line from its cards' packed sum (as ``line_total`` counts it).

    >>> from cribkit.core.cards import parse_cards
    >>> from cribkit.core.tables import line_total
    >>> flush = parse_cards("2h 4h 6h 8h Th")  # no fifteen, no pair, no run: the flush
    >>> _score(sum(PACKED[c] for c in flush)), line_total(flush)
    (5, 5)
    """
    return _R5[packed & KEY_MASK] + (5 if packed >> SUIT_SHIFT & 0xFFF in _FLUSHES else 0)


def _open(occupied: int, neighbours: Sequence[int]) -> list[int]:
    """The empty cells touching a card, ascending."""
    return [c for c in range(CELLS) if not occupied >> c & 1 and neighbours[c] & occupied]


# ---------------------------------------------------------------------------------------------
# Luck: the cards the seat turned


def luck(steps: Sequence[Step], seat: int) -> tuple[Luck, ...]:
    """The cards ``seat`` turned (kind ``turned``), each worth the most it could add to the
    seat's expected line margin where it stood, against the mean of that worth over the cards
    it might have turned; the percentile of the sum by the normal law of a sum of independent
    turns (each turn's mean and variance exact over its possible cards)."""
    worth: list[float] = []
    means: list[float] = []
    variance = 0.0
    for step, after in pairwise(steps):
        action, state = after.action, step.state
        if not isinstance(action, Place) or action.seat != seat:
            continue
        if not isinstance(state, TableTopState):
            continue
        actual, mean, spread = card_worth(state.observation(seat))
        worth.append(actual)
        means.append(mean)
        variance += spread
    if not worth:
        return ()
    count = len(worth)
    z = (sum(worth) - sum(means)) / math.sqrt(variance) if variance > 0 else 0.0
    percentile = 50.0 * (1.0 + math.erf(z / math.sqrt(2.0)))
    return (Luck("turned", count, sum(worth) / count, sum(means) / count, percentile),)


def card_worth(view: TableTopView) -> tuple[float, float, float]:
    """The turned card's worth (the most its placement adds to the seat's side's expected
    line margin, the lines' potentials before any reply), and the mean and variance of the
    worth of a card drawn from every card the seat might have turned (those not on the table).

    >>> from cribkit.games import start
    >>> worth, mean, variance = card_worth(start("tabletop", seed=7).state.observation(1))
    >>> variance > 0
    True
    """
    assert view.turned is not None  # a turn has its turned card
    grid = [EMPTY if c is None else int(c) for c in view.grid]
    pool = [c for c in range(DECK_SIZE) if c not in set(grid)]
    potential = LinePotential(pool)
    mine_rows = view.my_lines == "rows"
    signs = [1.0 if (line < SIZE) == mine_rows else -1.0 for line in range(2 * SIZE)]
    states = []
    for cells_of_line in LINES:
        cards = [grid[c] for c in cells_of_line if grid[c] != EMPTY]
        suit = NONE
        for card in cards:
            suit = suit_after(suit, card)
        states.append((len(cards), sum(RANK_WEIGHTS[(c >> 2)] for c in cards), suit))
    cells = list(view.open_cells)
    worths: dict[int, float] = {}
    for y in pool:
        gains = [0.0] * (2 * SIZE)
        lines = {line for cell in cells for line in CELL_LINES[cell]}
        for line in lines:
            k, key, suit = states[line]
            after = potential.value(k + 1, key + RANK_WEIGHTS[y >> 2], suit_after(suit, y), y)
            gains[line] = signs[line] * (after - potential.value(k, key, suit, y))
        worths[y] = max(gains[row] + gains[col] for row, col in (CELL_LINES[c] for c in cells))
    values = list(worths.values())
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / len(values)
    return worths[int(view.turned)], mean, variance
