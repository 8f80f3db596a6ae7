"""Rebuild the expert's crib table by iterating best responses over all six-card hands.

Run from the project root (about a minute on two cores)::

    .venv/bin/python -m cribkit.ai.data.build_crib_table [--out PATH] [--iterations N] [--quick]

The method (``docs/ai.md`` has the figures of the shipped table):

1. Every two-player deal is covered through the 962,988 classes of six-card hands under
   relabelling of the suits, each with its multiplicity (they add up to C(52, 6) =
   20,358,520 hands). ``--quick`` takes a random sample of hands instead, for tests.
2. For each class and each of its 15 discards, the kept hand's mean points are computed
   exactly over the 46 possible starters.
3. The crib table starts as the uniform model (the other player lays away two random cards).
   Each iteration, every hand picks its best discard for both seats against the current
   table (the dealer maximises hand + crib, pone maximises hand - crib); then each of the
   2 x 169 entries is recomputed as the expected crib given that discard, the other seat's
   discard distribution (from its best responses, aggregated over all its hands) and a
   random starter, with card removal handled as below.
4. Best responses are smoothed: a hand whose best discards are within a few hundredths of a
   point of each other splits between them (a softmax with ``--temperature``, 0.01 points),
   and the table moves ``--damping`` (half) of the way to its recomputed values. With pure
   best responses (``--temperature 0 --damping 1``) some 25,000 marginal hands flip back and
   forth every round and the table never settles (entries keep moving by about 0.005); the
   smoothed iteration converges to a fixed point within 0.006 of that table.
5. The iteration stops once no recomputed entry differs from the current one by more than
   ``--tolerance``, or after ``--iterations`` rounds.
6. ``--check DEALS`` then plays that many random deals with both seats discarding by the
   new table and compares each entry with the mean crib actually scored after it.

Approximation: the two hands are independent except for card removal, which is taken to
first order. Each seat's hand is its discard plus four kept cards; the kept cards are
treated as independent draws with the probabilities observed, for that discard type, over
all the hands that lay it away (in canonical suits). The crib's expected value for our
discard D sums over the other seat's discards P (their frequency, never sharing a card with
D) times the probability that the deal is consistent: P's cards are not among our kept
cards, D's cards are not among theirs, and the two kept hands do not overlap. The starter
is any card outside D and P, weighted by the probability that it is in neither kept hand.
Playing random deals (step 6) measures what this leaves out: the simulated cribs come out
0.01 above the shipped table on average, and 0.02-0.03 away from an entry on average, most of
it sampling noise.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb, factorial
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cribkit.ai.crib_table import (
    DATA_FILE,
    PAIR_CANONICAL,
    PAIR_TYPES,
    PAIRS,
    SUIT_FRAMES,
    TYPE_CARDS,
    TYPE_COUNT,
    TYPE_KEYS,
    TYPE_OF_CARDS,
    TYPE_PAIR_COUNTS,
    CribTable,
    SeatTable,
    symmetrise_kept,
    uniform_frequencies,
    uniform_kept,
)
from cribkit.core.cards import DECK_SIZE, Rank
from cribkit.core.stats import index_combinations
from cribkit.core.tables import CARD_WEIGHT_ARRAY, RANK_TABLES, RANK_WEIGHTS, batch_hand_totals

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]
HandArray = npt.NDArray[np.uint8]
WeightArray = npt.NDArray[np.int64]
Log = Callable[[str], None]

#: Six-card hands in the deck.
ALL_HANDS: Final = comb(DECK_SIZE, 6)
#: The 15 discards of a six-card hand, as positions, and the 4 kept positions of each.
DISCARD_POSITIONS: Final = index_combinations(6, 2)
KEEP_POSITIONS: Final = np.array(
    [[i for i in range(6) if i not in pair] for pair in DISCARD_POSITIONS.tolist()],
    dtype=np.intp,
)
#: Defaults of the command line.
DEFAULT_ITERATIONS: Final = 100
DEFAULT_TOLERANCE: Final = 1e-5
DEFAULT_TEMPERATURE: Final = 0.01
DEFAULT_DAMPING: Final = 0.5
DEFAULT_SAMPLE: Final = 20_000
DEFAULT_SEED: Final = 2024
DEFAULT_CHECK: Final = 4_000_000
#: Entries with fewer simulated cribs than this are left out of the check's comparison.
CHECK_MIN_COUNT: Final = 2_000
_STARTERS: Final = 46  # cards a starter can be, seen from one six-card hand
#: The jack's rank index (``card >> 2``, what the vectorised numpy code below works on).
_JACK_INDEX: Final = Rank.JACK - 1
_NEGLIGIBLE: Final = 1e-10  # a discard this much less likely than the best one is dropped


def _print(message: str) -> None:
    print(message, flush=True)


# --- Hands ------------------------------------------------------------------------------------


def _suit_size_patterns() -> list[tuple[int, ...]]:
    """Ways to split 6 cards over 4 suits, largest first: (6, 0, 0, 0), ..., (2, 2, 1, 1)."""
    patterns: list[tuple[int, ...]] = []
    for a in range(6, -1, -1):
        for b in range(min(a, 6 - a), -1, -1):
            for c in range(min(b, 6 - a - b), -1, -1):
                d = 6 - a - b - c
                if 0 <= d <= c:
                    patterns.append((a, b, c, d))
    return patterns


def six_card_classes() -> tuple[HandArray, WeightArray]:
    """One hand of each class of six-card hands under suit relabelling, and the class sizes.

    A hand is four rank sets, one per suit; relabelling the suits permutes them, so a class is
    a multiset of four rank sets. For each split of the 6 cards over the suits, suits holding
    the same number of cards take their rank sets in non-decreasing order, so each class is
    made once; its size is 24 divided by the number of relabellings that fix it.
    """
    hands: list[HandArray] = []
    sizes: list[WeightArray] = []
    for pattern in _suit_size_patterns():
        groups = [(n, pattern.count(n)) for n in sorted(set(pattern), reverse=True)]
        columns: list[IntArray] = []  # chosen rank-set index per suit, over all classes
        rank_sets: list[IntArray] = []
        stabiliser = np.ones(1, dtype=np.int64)
        for n, count in groups:
            if n == 0:
                stabiliser = stabiliser * factorial(count)
                continue
            sets = index_combinations(13, n)
            choice = index_combinations(len(sets) + count - 1, count) - np.arange(count)
            # Cross this group's choices with the classes built so far.
            before = len(stabiliser)
            columns = [np.repeat(col, len(choice)) for col in columns]
            columns += [np.tile(choice[:, j], before) for j in range(count)]
            rank_sets += [sets] * count
            run = np.ones(len(choice), dtype=np.int64)
            fixed = np.ones(len(choice), dtype=np.int64)
            for j in range(1, count):
                run = np.where(choice[:, j] == choice[:, j - 1], run + 1, 1)
                fixed *= run
            stabiliser = np.repeat(stabiliser, len(choice)) * np.tile(fixed, before)
        cards = np.concatenate(
            [
                sets[col] * 4 + suit
                for suit, (sets, col) in enumerate(zip(rank_sets, columns, strict=True))
            ],
            axis=1,
        )
        hands.append(np.sort(cards, axis=1).astype(np.uint8))
        sizes.append(24 // stabiliser)
    return np.concatenate(hands), np.concatenate(sizes)


def random_cards(count: int, cards: int, rng: np.random.Generator) -> IntArray:
    """``count`` rows of ``cards`` different cards, uniformly at random."""
    rows: IntArray = np.argsort(rng.random((count, DECK_SIZE)), axis=1)[:, :cards]
    return rows


def sample_hands(count: int, seed: int) -> tuple[HandArray, WeightArray]:
    """``count`` six-card hands drawn uniformly at random (weight 1 each)."""
    hands = np.sort(random_cards(count, 6, np.random.default_rng(seed)), axis=1)
    return hands.astype(np.uint8), np.ones(count, dtype=np.int64)


# --- Exact hand values ------------------------------------------------------------------------


def _rank_sums_over_deck() -> npt.NDArray[np.int64]:
    """For each rank key of 4 cards: the rank points summed over all 52 cards as starter."""
    weights = np.array(RANK_WEIGHTS, dtype=np.int64)
    fours = index_combinations(16, 4) - np.arange(4)  # multisets of 4 ranks (0-12)
    keys = weights[fours].sum(axis=1)
    table5 = RANK_TABLES[5].astype(np.int64)
    sums = np.zeros(4 * RANK_WEIGHTS[-1] + 1, dtype=np.int64)
    sums[keys] = 4 * table5[keys[:, None] + weights[None, :]].sum(axis=1)
    return sums


def hand_values(hands: HandArray, chunk: int = 1 << 16) -> FloatArray:
    """Mean points of the kept hand over the 46 starters, for each hand and its 15 discards.

    The rank points over every starter of the deck are looked up once per 4-card rank key,
    and the 6 cards of the hand are taken off; flush and nobs are counted by suit.
    """
    deck_sums = _rank_sums_over_deck()
    table5 = RANK_TABLES[5]
    values = np.empty((len(hands), len(DISCARD_POSITIONS)), dtype=np.float64)
    rows = np.arange(min(chunk, len(hands)))[:, None]
    for start in range(0, len(hands), chunk):
        h = hands[start : start + chunk].astype(np.intp)
        r = rows[: len(h)]
        weights = CARD_WEIGHT_ARRAY[h]
        keys = weights.sum(axis=1)[:, None] - weights[:, DISCARD_POSITIONS].sum(axis=2)
        points = deck_sums[keys]
        for j in range(6):
            points -= table5[keys + weights[:, j : j + 1]]
        suits = h & 3
        starters_of_suit = 13 - (suits[:, :, None] == np.arange(4)).sum(axis=1)
        # Nobs: a kept jack scores with each unseen starter of its suit.
        jack_points = ((h >> 2) == _JACK_INDEX) * starters_of_suit[r, suits]
        points += jack_points.sum(axis=1)[:, None] - jack_points[:, DISCARD_POSITIONS].sum(axis=2)
        # Flush: 4 with every starter, 5 with one of the suit.
        kept_suits = suits[:, KEEP_POSITIONS]
        flush = (kept_suits == kept_suits[:, :, :1]).all(axis=2)
        points += flush * (4 * _STARTERS + starters_of_suit[r, kept_suits[:, :, 0]])
        values[start : start + len(h)] = points / _STARTERS
    return values


def hand_discard_types(hands: HandArray) -> npt.NDArray[np.int16]:
    """The discard type of each of each hand's 15 discards."""
    h = hands.astype(np.intp)
    types = TYPE_OF_CARDS[h[:, DISCARD_POSITIONS[:, 0]], h[:, DISCARD_POSITIONS[:, 1]]]
    return types.astype(np.int16)


# --- Cribs ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CribGrid:
    """Crib points for each canonical discard x other discard x starter, and which can happen.

    ``points[t, p, s]``: the crib of ``TYPE_CARDS[t]`` and ``PAIRS[p]`` with starter ``s``;
    ``starter_ok[t, p, s]`` and ``pair_ok[t, p]``: no card is used twice.
    """

    points: npt.NDArray[np.uint8]
    starter_ok: npt.NDArray[np.bool_]
    pair_ok: npt.NDArray[np.bool_]


def crib_grid() -> CribGrid:
    """Score all 169 x 1,326 x 52 cribs (about 11.7 million, under a second)."""
    table5 = RANK_TABLES[5]
    cards = np.arange(DECK_SIZE)
    starter_suit = cards & 3
    pa, pb = PAIRS[:, 0], PAIRS[:, 1]
    pair_keys = CARD_WEIGHT_ARRAY[pa] + CARD_WEIGHT_ARRAY[pb]
    # Nobs from the other discard: a jack of the starter's suit.
    pair_nobs = sum(
        (((card >> 2) == _JACK_INDEX)[:, None] & ((card & 3)[:, None] == starter_suit[None, :]))
        for card in (pa, pb)
    )
    pair_used = (cards[None, :] == pa[:, None]) | (cards[None, :] == pb[:, None])
    points = np.zeros((TYPE_COUNT, len(PAIRS), DECK_SIZE), dtype=np.uint8)
    starter_ok = np.zeros(points.shape, dtype=np.bool_)
    pair_ok = np.zeros((TYPE_COUNT, len(PAIRS)), dtype=np.bool_)
    for t in range(TYPE_COUNT):
        a, b = (int(c) for c in TYPE_CARDS[t])
        key = int(CARD_WEIGHT_ARRAY[a] + CARD_WEIGHT_ARRAY[b])
        grid = table5[key + pair_keys[:, None] + CARD_WEIGHT_ARRAY[None, :]] + pair_nobs
        for card in (a, b):
            if card >> 2 == _JACK_INDEX:
                grid += starter_suit == card & 3
        if a & 3 == b & 3:
            suit = a & 3
            same = ((pa & 3) == suit) & ((pb & 3) == suit)
            grid += 5 * (same[:, None] & (starter_suit == suit)[None, :])
        ok = (pa != a) & (pa != b) & (pb != a) & (pb != b)
        points[t] = grid
        pair_ok[t] = ok
        starter_ok[t] = ok[:, None] & ~pair_used & (cards != a) & (cards != b)
    return CribGrid(points, starter_ok, pair_ok)


def crib_values(
    grid: CribGrid, own_kept: FloatArray, other_frequency: FloatArray, other_kept: FloatArray
) -> FloatArray:
    """Expected crib for each of one seat's 169 discard types (see the module docstring).

    ``own_kept``: this seat's kept-card probabilities by type (canonical suits);
    ``other_frequency`` and ``other_kept``: the other seat's discard-type frequencies and
    kept-card probabilities.
    """
    pair_weights = other_frequency[PAIR_TYPES] / TYPE_PAIR_COUNTS[PAIR_TYPES]
    other_kept_by_pair = other_kept[PAIR_TYPES[:, None], PAIR_CANONICAL]
    other_free = 1.0 - other_kept_by_pair
    pa, pb = PAIRS[:, 0], PAIRS[:, 1]
    values = np.empty(TYPE_COUNT)
    for t in range(TYPE_COUNT):
        a, b = (int(c) for c in TYPE_CARDS[t])
        own = own_kept[t]
        own_free = 1.0 - own
        # The other discard: its frequency, if its cards are not in our kept hand, our
        # discard's cards are not in theirs, and the two kept hands do not overlap.
        consistent = own_free[pa] * own_free[pb] * other_free[:, a] * other_free[:, b]
        consistent *= np.exp(np.log1p(-own[None, :] * other_kept_by_pair).sum(axis=1))
        weights = grid.pair_ok[t] * pair_weights * consistent
        # The starter: outside both discards, and in neither kept hand.
        starter = grid.starter_ok[t] * own_free[None, :] * other_free
        totals = starter.sum(axis=1)
        cribs = (starter * grid.points[t]).sum(axis=1) / np.where(totals > 0, totals, 1.0)
        values[t] = float((weights * cribs).sum()) / float(weights.sum())
    return values


# --- Best responses ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandSet:
    """The hands iterated over, with their exact kept-hand values and discard types."""

    hands: HandArray
    weights: WeightArray
    values: FloatArray
    types: npt.NDArray[np.int16]

    @classmethod
    def of(cls, hands: HandArray, weights: WeightArray) -> HandSet:
        """Compute the values and types of ``hands``."""
        return cls(hands, weights, hand_values(hands), hand_discard_types(hands))


@dataclass(frozen=True)
class SeatPlay:
    """What one seat's discards look like over all hands."""

    best: IntArray  # the best discard (0-14) of each hand
    frequency: FloatArray  # share of hands laying away each type
    kept: FloatArray  # P(card kept | type), canonical suits
    mean_hand: float  # mean kept-hand points
    mixed_share: float  # share of hands giving 1%+ to a discard worth less than the best


def seat_play(hands: HandSet, table: FloatArray, sign: int, temperature: float) -> SeatPlay:
    """Each hand's discards against ``table`` (dealer ``sign`` +1, pone -1), aggregated.

    A hand takes each discard with probability proportional to ``exp(net / temperature)``
    (discards less likely than 1e-10 times the best are dropped); temperature 0 takes only
    the best discard.
    """
    net = hands.values + sign * table[hands.types]
    best = np.argmax(net, axis=1)
    if temperature > 0:
        probability = np.exp((net - net.max(axis=1, keepdims=True)) / temperature)
        probability[probability < _NEGLIGIBLE] = 0.0
        probability /= probability.sum(axis=1, keepdims=True)
        row, choice = np.nonzero(probability)
        share = probability[row, choice]
    else:
        row, choice = np.arange(len(best)), best
        share = np.ones(len(best))
    weight = share * hands.weights[row]
    h = hands.hands.astype(np.intp)
    a = h[row, DISCARD_POSITIONS[choice, 0]]
    b = h[row, DISCARD_POSITIONS[choice, 1]]
    chosen = TYPE_OF_CARDS[a, b]
    kept_cards = h[row[:, None], KEEP_POSITIONS[choice]]
    frames = SUIT_FRAMES[a & 3, b & 3]
    canonical = (kept_cards & ~3) | frames[np.arange(len(row))[:, None], kept_cards & 3]
    counts = np.bincount(chosen, weights=weight, minlength=TYPE_COUNT)
    kept_sums = np.bincount(
        (chosen[:, None] * DECK_SIZE + canonical).ravel(),
        weights=np.repeat(weight, 4),
        minlength=TYPE_COUNT * DECK_SIZE,
    )
    kept = symmetrise_kept(kept_sums.astype(np.float64).reshape(TYPE_COUNT, DECK_SIZE))
    seen = counts > 0
    kept[seen] /= counts[seen, None]
    kept[~seen] = uniform_kept()[~seen]
    total = float(hands.weights.sum())
    # Hands giving 1% or more to a discard worth less than their best (not just an equal one).
    worse = net[row, choice] < net[row, best[row]] - 1e-9
    mixed = np.bincount(row[worse], weights=share[worse], minlength=len(best)) >= 0.01
    return SeatPlay(
        best=best,
        frequency=counts / total,
        kept=kept,
        mean_hand=float((hands.values[row, choice] * weight).sum()) / total,
        mixed_share=float(hands.weights[mixed].sum()) / total,
    )


@dataclass(frozen=True)
class Iteration:
    """One round of best responses and what it changed."""

    number: int
    residual: float  # largest |recomputed - current| entry
    worst_entry: str
    moved: float  # largest change applied to an entry (damping x residual)
    best_changed: float  # share of (hand, seat) best discards that changed
    seconds: float


def build_table(
    hands: HandSet,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    tolerance: float = DEFAULT_TOLERANCE,
    temperature: float = DEFAULT_TEMPERATURE,
    damping: float = DEFAULT_DAMPING,
    log: Log = _print,
) -> CribTable:
    """Iterate smoothed best responses over ``hands`` into a crib table."""
    mark = time.perf_counter()
    grid = crib_grid()
    log(f"crib grid: 169 discards x 1,326 other discards x 52 starters scored in "
        f"{time.perf_counter() - mark:.1f} s")  # fmt: skip
    uniform = crib_values(grid, uniform_kept(), uniform_frequencies(), uniform_kept())
    current = {"dealer": uniform.copy(), "pone": uniform.copy()}
    log(f"start: the uniform model (mean entry {uniform.mean():.4f})")
    history: list[Iteration] = []
    previous: tuple[IntArray, IntArray] | None = None
    total = float(hands.weights.sum())
    for number in range(1, iterations + 1):
        mark = time.perf_counter()
        dealer = seat_play(hands, current["dealer"], +1, temperature)
        pone = seat_play(hands, current["pone"], -1, temperature)
        target = {
            "dealer": crib_values(grid, dealer.kept, pone.frequency, pone.kept),
            "pone": crib_values(grid, pone.kept, dealer.frequency, dealer.kept),
        }
        gaps = np.concatenate([target[s] - current[s] for s in ("dealer", "pone")])
        worst = int(np.argmax(np.abs(gaps)))
        changed = 1.0
        if previous is not None:
            flips = (dealer.best != previous[0]).astype(np.float64) + (pone.best != previous[1])
            changed = float((flips * hands.weights).sum()) / (2 * total)
        previous = (dealer.best, pone.best)
        for seat in ("dealer", "pone"):
            current[seat] = current[seat] + damping * (target[seat] - current[seat])
        step = Iteration(
            number=number,
            residual=float(np.abs(gaps).max()),
            worst_entry=f"{'dealer' if worst < TYPE_COUNT else 'pone'} "
            f"{TYPE_KEYS[worst % TYPE_COUNT]}",
            moved=damping * float(np.abs(gaps).max()),
            best_changed=changed,
            seconds=time.perf_counter() - mark,
        )
        history.append(step)
        log(
            f"iteration {number:3d}: recomputed entries differ by up to {step.residual:.6f} "
            f"({step.worst_entry}), table moved {step.moved:.6f}; best discards changed for "
            f"{100 * changed:.3f}% of hand-seats; {step.seconds:.1f} s"
        )
        if step.residual < tolerance:
            break
    converged = history[-1].residual < tolerance
    log(
        f"{'converged' if converged else 'NOT converged'} after {len(history)} iterations "
        f"(tolerance {tolerance:g})"
    )
    # The seats' discards against the final table: what the shipped frequencies describe.
    dealer = seat_play(hands, current["dealer"], +1, temperature)
    pone = seat_play(hands, current["pone"], -1, temperature)
    summary = {
        "dealer_crib_mean": round(float(dealer.frequency @ current["dealer"]), 4),
        "pone_crib_mean": round(float(pone.frequency @ current["pone"]), 4),
        "dealer_hand_mean": round(dealer.mean_hand, 4),
        "pone_hand_mean": round(pone.mean_hand, 4),
        "mixed_share": round((dealer.mixed_share + pone.mixed_share) / 2, 6),
    }
    log(
        "mean crib {dealer_crib_mean} (by the dealer's discards) / {pone_crib_mean} (by "
        "pone's); mean hand: dealer {dealer_hand_mean}, pone {pone_hand_mean}; {mixed_share} "
        "of hands give 1% or more to a discard a little worse than their best".format(**summary)
    )
    info: dict[str, Any] = {
        "method": {
            "hands": "all" if int(hands.weights.sum()) == ALL_HANDS else "sample",
            "hand_count": int(hands.weights.sum()),
            "classes": len(hands.hands),
            "temperature": temperature,
            "damping": damping,
            "tolerance": tolerance,
            "max_iterations": iterations,
            "iterations": len(history),
            "converged": converged,
        },
        "convergence": {
            "columns": ["iteration", "residual", "worst_entry", "best_changed"],
            "rows": [
                [
                    step.number,
                    float(f"{step.residual:.4g}"),
                    step.worst_entry,
                    float(f"{step.best_changed:.4g}"),
                ]
                for step in history
            ],
        },
        "summary": summary,
        "uniform_values": [round(float(v), 4) for v in uniform],
    }
    return CribTable(
        dealer=SeatTable(current["dealer"], dealer.frequency, dealer.kept),
        pone=SeatTable(current["pone"], pone.frequency, pone.kept),
        info=info,
    )


# --- Checking against play --------------------------------------------------------------------


def _best_discards(hands: HandArray, values: FloatArray, sign: int) -> tuple[IntArray, IntArray]:
    """The cards each hand lays away against one seat's table (pure best response)."""
    net = hand_values(hands) + sign * values[hand_discard_types(hands)]
    choice = np.argmax(net, axis=1)
    rows = np.arange(len(hands))
    h = hands.astype(np.intp)
    return h[rows, DISCARD_POSITIONS[choice, 0]], h[rows, DISCARD_POSITIONS[choice, 1]]


def check_table(
    table: CribTable,
    deals: int,
    seed: int,
    *,
    min_count: int = CHECK_MIN_COUNT,
    chunk: int = 200_000,
    log: Log = _print,
) -> dict[str, Any]:
    """Play ``deals`` random deals with both seats discarding by ``table``; compare the cribs.

    For each seat and discard type with at least ``min_count`` cribs, the mean crib scored is
    compared with the table entry (difference and its z-score).
    """
    rng = np.random.default_rng(seed)
    sums = np.zeros((2, TYPE_COUNT))
    squares = np.zeros((2, TYPE_COUNT))
    counts = np.zeros((2, TYPE_COUNT))
    mark = time.perf_counter()
    done = 0
    while done < deals:
        size = min(chunk, deals - done)
        cards = random_cards(size, 13, rng)
        dealer_hands = np.sort(cards[:, :6], axis=1).astype(np.uint8)
        pone_hands = np.sort(cards[:, 6:12], axis=1).astype(np.uint8)
        da, db = _best_discards(dealer_hands, table.dealer.values, +1)
        pa, pb = _best_discards(pone_hands, table.pone.values, -1)
        crib = batch_hand_totals(np.stack([da, db, pa, pb, cards[:, 12]], axis=1), crib=True)
        points = crib.astype(np.float64)
        for seat, (a, b) in enumerate(((da, db), (pa, pb))):
            types = TYPE_OF_CARDS[a, b]
            sums[seat] += np.bincount(types, weights=points, minlength=TYPE_COUNT)
            squares[seat] += np.bincount(types, weights=points**2, minlength=TYPE_COUNT)
            counts[seat] += np.bincount(types, minlength=TYPE_COUNT)
        done += size
    report: dict[str, Any] = {"deals": deals, "seed": seed, "min_count": min_count}
    for seat, name in enumerate(("dealer", "pone")):
        values = table.seat(dealer=seat == 0).values
        ok = counts[seat] >= min_count
        n = counts[seat][ok]
        mean = sums[seat][ok] / n
        error = np.sqrt(np.maximum(squares[seat][ok] / n - mean**2, 0.0) / n)
        diff = mean - values[ok]
        z = diff / np.where(error > 0, error, 1.0)
        worst = int(np.argmax(np.abs(diff)))
        keys = [key for key, good in zip(TYPE_KEYS, ok, strict=True) if good]
        report[name] = {
            "entries": int(ok.sum()),
            "cribs_covered": round(float(n.sum() / counts[seat].sum()), 6),
            "mean_abs_diff": round(float(np.abs(diff).mean()), 4),
            "weighted_mean_abs_diff": round(float(np.abs(diff) @ n / n.sum()), 4),
            "mean_diff": round(float(diff @ n / n.sum()), 4),
            "max_abs_diff": round(float(np.abs(diff[worst])), 4),
            "max_abs_diff_entry": keys[worst],
            "rms_z": round(float(np.sqrt((z**2).mean())), 3),
        }
        log(
            f"check {name}: {report[name]['entries']} entries with {min_count}+ cribs; "
            f"simulated - table: mean {report[name]['mean_diff']:+.4f}, mean |diff| "
            f"{report[name]['mean_abs_diff']:.4f}, max {report[name]['max_abs_diff']:.4f} "
            f"({keys[worst]}), rms z-score {report[name]['rms_z']:.2f}"
        )
    report["simulated_crib_mean"] = round(float(sums[0].sum() / counts[0].sum()), 4)
    log(
        f"check: {deals:,} deals in {time.perf_counter() - mark:.1f} s, mean crib "
        f"{report['simulated_crib_mean']}"
    )
    return report


# --- Files and command line -------------------------------------------------------------------


def write_table(table: CribTable, path: Path) -> None:
    """Write the table's JSON document, each list of numbers on one line."""
    text = json.dumps(table.to_json(), indent=1, ensure_ascii=False)
    path.write_text(_compact_lists(text) + "\n", encoding="utf-8")


def _compact_lists(text: str) -> str:
    """Put each innermost list of ``json.dumps(indent=...)`` output on one line."""
    out: list[str] = []
    buffer: list[str] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if buffer is not None:
            if stripped.startswith("]"):
                out.append(buffer[0] + " ".join(buffer[1:]) + stripped)
                buffer = None
            elif stripped.endswith(("[", "{")):  # not innermost after all: leave it as it is
                out.append(buffer[0])
                buffer = [line] if stripped.endswith("[") else None
                if buffer is None:
                    out.append(line)
            else:
                buffer.append(stripped)
            continue
        if stripped.endswith("["):
            buffer = [line]
            continue
        out.append(line)
    return "\n".join(out)


def default_path() -> Path:
    """The shipped data file, next to this script."""
    return Path(__file__).with_name(DATA_FILE)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: rebuild the table and write it."""
    parser = argparse.ArgumentParser(
        prog="python -m cribkit.ai.data.build_crib_table",
        description="Rebuild the crib table by iterating best responses over six-card hands.",
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="where to write (default: the shipped file)"
    )
    parser.add_argument(
        "--iterations", type=int, default=DEFAULT_ITERATIONS, help="most iterations to run"
    )
    parser.add_argument(
        "--tolerance",
        type=float,
        default=DEFAULT_TOLERANCE,
        help="stop once no recomputed entry differs by more than this",
    )
    parser.add_argument(
        "--temperature",
        type=float,
        default=DEFAULT_TEMPERATURE,
        help="points over which near-equal discards are mixed (0: pure best responses)",
    )
    parser.add_argument(
        "--damping",
        type=float,
        default=DEFAULT_DAMPING,
        help="share of the way the table moves to its recomputed values each iteration",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a random sample of hands instead of all of them"
    )
    parser.add_argument(
        "--sample", type=int, default=DEFAULT_SAMPLE, help="hands in the --quick sample"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the sample")
    parser.add_argument(
        "--check",
        type=int,
        default=None,
        metavar="DEALS",
        help=f"random deals to play to check the table (default {DEFAULT_CHECK:,}; 0 with --quick)",
    )
    args = parser.parse_args(argv)
    if args.iterations < 1:
        parser.error("--iterations must be at least 1")
    if not 0 < args.damping <= 1:
        parser.error("--damping must be in (0, 1]")
    if args.quick and args.out is None:
        parser.error("--quick needs --out: a sampled table must not replace the shipped one")
    out: Path = args.out if args.out is not None else default_path()
    check: int = args.check if args.check is not None else (0 if args.quick else DEFAULT_CHECK)

    started = time.perf_counter()
    if args.quick:
        hands, weights = sample_hands(args.sample, args.seed)
        _print(f"sampled {len(hands):,} six-card hands (seed {args.seed})")
    else:
        hands, weights = six_card_classes()
        _print(
            f"{len(hands):,} classes of six-card hands under suit relabelling, "
            f"covering {int(weights.sum()):,} hands"
        )
        if int(weights.sum()) != ALL_HANDS:  # pragma: no cover - a broken enumeration
            raise AssertionError("the classes do not cover every six-card hand")
    mark = time.perf_counter()
    hand_set = HandSet.of(hands, weights)
    _print(
        f"hand values: {len(hands):,} hands x 15 discards x 46 starters in "
        f"{time.perf_counter() - mark:.1f} s"
    )
    table = build_table(
        hand_set,
        iterations=args.iterations,
        tolerance=args.tolerance,
        temperature=args.temperature,
        damping=args.damping,
    )
    if check > 0:
        info = dict(table.info)
        info["check"] = check_table(table, check, args.seed)
        table = CribTable(table.dealer, table.pone, info)
    write_table(table, out)
    _print(
        f"wrote {out} ({out.stat().st_size:,} bytes); total {time.perf_counter() - started:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
