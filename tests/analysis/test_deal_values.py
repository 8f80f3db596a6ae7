"""The luck of the cards dealt (docs/analysis.md, "Luck"): the value of a deal's best keep, the
shipped table of every deal's value, and the luck line built on them."""

from __future__ import annotations

import math
import random
from itertools import combinations

import numpy as np
import pytest

from cribkit.ai.crib_table import (
    TYPE_CARDS,
    TYPE_PAIR_COUNTS,
    discard_type,
    load_crib_table,
    type_index,
)
from cribkit.analysis.data.build_deal_values import count_values, deals_of, orders, suit_counts
from cribkit.analysis.deal_values import (
    ROLES,
    STEP,
    best_keep_values,
    bins_of,
    deal_luck,
    deal_table,
    deal_value,
    table_mean,
    uniform_crib_values,
)
from cribkit.analysis.luck import random_hand
from cribkit.core.cards import Card, parse_cards
from cribkit.core.scoring import score_hand


def brute_force(deal: list[int], role: str) -> float:
    """The best keep's value counted card by card: every keep, every starter, the crib table
    (Solitaire's: the uniform crib's, checked below)."""
    crib_values = load_crib_table().seat(dealer=role == "dealer").values
    best = -math.inf
    for keep in combinations(deal, 4):
        laid = [c for c in deal if c not in keep]
        starters = [s for s in range(52) if s not in deal]
        value = sum(score_hand(list(keep), Card(s)).total for s in starters) / len(starters)
        if role == "solitaire":  # (its crib's table is counted in the test below)
            value += float(uniform_crib_values()[discard_type(*laid)])
        elif role != "five":
            crib = float(crib_values[discard_type(*laid)])
            value += crib if role == "dealer" else -crib
        best = max(best, value)
    return best


def test_the_table_agrees_with_brute_force_on_a_sample_of_deals() -> None:
    rng = random.Random(2026)
    counts = {role: dict(zip(*_bins(role), strict=True)) for role in ROLES}
    roles = (("dealer", 6, 25), ("pone", 6, 25), ("five", 5, 25), ("solitaire", 6, 25))
    for role, size, many in roles:
        for _ in range(many):
            deal = rng.sample(range(52), size)
            value = brute_force(deal, role)
            assert deal_value(deal, role) == pytest.approx(value, abs=1e-9)
            # The table holds deals of this value (at least the suit-renamed copies of this one).
            assert counts[role][int(bins_of([value])[0])] > 0


def _bins(role: str) -> tuple[list[int], list[float]]:
    first, shares = deal_table()[role]
    return list(range(first, first + len(shares))), shares.tolist()


def test_the_five_card_table_is_what_its_build_counts_and_every_table_counts_every_deal() -> None:
    tally, deals = count_values(5, "five")
    assert deals == math.comb(52, 5)
    first, shares = deal_table()["five"]
    rebuilt = np.array([tally.get(b, 0) for b in range(first, first + len(shares))]) / deals
    assert np.array_equal(rebuilt, shares)
    # The suit counts, each weighted by its orders, make every deal exactly once.
    for size in (5, 6):
        made = sum(orders(c) * math.prod(math.comb(13, n) for n in c) for c in suit_counts(size))
        assert made == math.comb(52, size)
    # A chunk of deals with given suit counts holds those counts and no card twice.
    chunk = next(deals_of((3, 2, 1, 0)))
    assert all(len(set(row)) == 6 for row in chunk.tolist())
    suits = chunk & 3
    for suit, count in enumerate((3, 2, 1, 0)):
        assert ((suits == suit).sum(axis=1) == count).all()


def test_a_random_sample_of_deals_sits_around_the_middle_of_the_table() -> None:
    rng = np.random.default_rng(7)
    deals = np.argsort(rng.random((3000, 52)), axis=1)[:, :6]
    for role in ("dealer", "pone"):
        values = best_keep_values(deals, role)
        first, shares = deal_table()[role]
        spread = math.sqrt(
            float(np.dot((np.arange(len(shares)) + first) ** 2, shares)) * STEP**2
            - table_mean(role) ** 2
        )
        # The sample's mean within 4 standard errors of the table's.
        assert abs(values.mean() - table_mean(role)) < 4 * spread / math.sqrt(len(values))
        # Each deal's percentile alone: uniform around 50.
        percentiles = [deal_luck([(row, role)]).percentile for row in deals[:300].tolist()]
        assert 45 < float(np.mean(percentiles)) < 55


def test_the_luck_of_a_strong_deal_and_of_a_weak_one() -> None:
    strong = list(parse_cards("5h 5c 5d Js 7c 9h"))
    weak = list(parse_cards("2c 4d 8h Ts Qc Ah"))
    good = deal_luck([(strong, "dealer"), (strong, "pone")])
    poor = deal_luck([(weak, "dealer"), (weak, "pone")])
    assert good.kind == poor.kind == "hand"
    assert good.count == 2
    assert good.mean == pytest.approx(
        (deal_value(strong, "dealer") + deal_value(strong, "pone")) / 2
    )
    assert good.expected == pytest.approx((table_mean("dealer") + table_mean("pone")) / 2)
    assert good.percentile > 99
    assert poor.percentile < 10


def test_solitaires_crib_is_the_uniform_crib_of_the_two_cards_laid_away() -> None:
    # Every two cards, weighted by how many sets each type has, make any crib: the exact mean
    # of the 12,994,800 cribs counted by the core's statistics.
    weights = TYPE_PAIR_COUNTS / TYPE_PAIR_COUNTS.sum()
    assert float(np.dot(uniform_crib_values(), weights)) == pytest.approx(
        float(np.dot(np.arange(30), random_hand(True))), abs=1e-12
    )
    # Two types counted card by card: any two of the other 50 cards, any of the 48 starters.
    for key in ("55", "J5s"):
        first, second = (int(c) for c in TYPE_CARDS[type_index(key)])
        others = [c for c in range(52) if c not in (first, second)]
        total = count = 0
        for c, d in combinations(others, 2):
            for starter in others:
                if starter not in (c, d):
                    total += score_hand([first, second, c, d], Card(starter), crib=True).total
                    count += 1
        assert float(uniform_crib_values()[type_index(key)]) == pytest.approx(
            total / count, abs=1e-12
        )
