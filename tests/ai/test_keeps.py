"""How likely an opponent kept four ranks: the soft values and the likelihoods of a rule."""

from __future__ import annotations

import json
import random
from collections import Counter
from importlib import resources
from itertools import combinations
from math import comb, prod

import pytest

from cribkit.ai.keeps import compute_keep_tables, crib_values, keep_likelihoods, keep_values
from cribkit.core.analysis import analyse_discards
from cribkit.core.cards import DECK
from cribkit.core.tables import ranks_total


def draw_chance(ranks: tuple[int, ...]) -> float:
    """The chance that cards drawn at random from a deck have these ranks."""
    return prod(comb(4, n) for n in Counter(ranks).values()) / comb(52, len(ranks))


def test_keep_values_are_means_over_the_starters() -> None:
    # 5-5-J-J: 4 fifteens and 2 pairs (12) with any starter, more with a 5, a ten-card or a J.
    value = keep_values()[(5, 5, 11, 11)]
    starters = [r for r in range(1, 14) for _ in range(4 - [5, 5, 11, 11].count(r))]
    exact = sum(ranks_total([5, 5, 11, 11, s]) for s in starters) / len(starters)
    assert value == pytest.approx(exact)
    assert len(keep_values()) == 1820  # every multiset of 4 ranks


def test_crib_values_hold_a_pair_of_fives_above_a_king_ace() -> None:
    cribs = crib_values()
    assert len(cribs) == 91
    assert cribs[(5, 5)] > cribs[(1, 13)] + 4


@pytest.mark.parametrize("rule", ["hand", "dealer", "pone"])
def test_likelihoods_average_one_over_random_draws(rule: str) -> None:
    likely = keep_likelihoods(rule)
    assert sum(draw_chance(k) * v for k, v in likely.items()) == pytest.approx(1.0)
    assert min(likely.values()) == 0.0  # some keeps are never the best of six


def test_the_hand_rule_is_easys_lay_away_on_ranks() -> None:
    # Six ranks by brute force: the keeps the hand rule can make are those of the best value.
    likely = keep_likelihoods("hand")
    values = keep_values()
    rng = random.Random(7)
    for _ in range(200):
        six = sorted(rng.sample([r for r in range(1, 14) for _ in range(4)], 6))
        keeps = {tuple(k) for k in combinations(six, 4)}
        best = max(values[k] for k in keeps)
        for keep in keeps:
            if values[keep] < best - 1e-9:
                continue
            assert likely[keep] > 0, (six, keep)


def test_easy_keeps_hands_the_hand_rule_finds_likely() -> None:
    # With suits (flushes, nobs) easy can keep a hand the rank rule never keeps, but rarely.
    rng = random.Random(3)
    likely = keep_likelihoods("hand")
    outside = 0
    for _ in range(200):
        cards = rng.sample(range(52), 6)
        easy = max(analyse_discards(cards, dealer=True), key=lambda o: o.hand_mean)
        ranks = tuple(sorted(DECK[c].rank for c in easy.keep))
        outside += likely[ranks] == 0
    assert outside <= 10


def test_the_shipped_tables_are_the_ones_worked_out() -> None:
    """``keep_tables.json`` holds exactly what :func:`compute_keep_tables` works out (floats to
    the last bit: JSON writes the shortest text that reads back the same number)."""
    shipped = json.loads(
        resources.files("cribkit.ai.data").joinpath("keep_tables.json").read_text()
    )
    assert shipped == compute_keep_tables()
