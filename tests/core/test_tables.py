"""The fast kernels agree with the explained scorers, card for card."""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.core.cards import Card, parse_cards
from cribkit.core.combos import rank_points
from cribkit.core.scoring import score_hand, score_line, score_tile_line
from cribkit.core.tables import (
    batch_hand_totals,
    batch_line_totals,
    four_card_total,
    hand_total,
    line_total,
    ranks_total,
)

from .strategies import Show, shows


@st.composite
def suited_or_not(draw: st.DrawFn, size: int) -> tuple[Card, ...]:
    """``size`` distinct cards, half the time all of one suit."""
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        ranks = draw(st.lists(st.integers(1, 13), min_size=size, max_size=size, unique=True))
        return tuple(Card.of(r, suit) for r in ranks)
    indices = draw(st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True))
    return tuple(Card(c) for c in indices)


# --- pure-Python fast paths ----------------------------------------------------------------


@settings(max_examples=400)
@given(shows(), st.booleans())
def test_hand_total_equals_score_hand(show: Show, crib: bool) -> None:
    hand, starter = show
    expected = score_hand(hand, starter, crib=crib).total
    assert hand_total(hand, starter, crib) == expected
    assert hand_total([int(c) for c in hand], int(starter), crib=crib) == expected


@settings(max_examples=300)
@given(suited_or_not(4))
def test_four_card_total_equals_score_hand_without_starter(cards: tuple[Card, ...]) -> None:
    assert four_card_total(cards) == score_hand(cards).total


@settings(max_examples=300)
@given(suited_or_not(5))
def test_line_total_equals_score_line(cards: tuple[Card, ...]) -> None:
    assert line_total(cards) == score_line(cards).total


@settings(max_examples=300)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=5))
def test_ranks_total_equals_score_tile_line(ranks: list[int]) -> None:
    assert ranks_total(ranks) == score_tile_line(ranks).total


def test_ranks_total_over_every_multiset_of_ranks() -> None:
    """Exhaustive: every multiset of 1 to 5 ranks (8,567 of them, five of a kind included)."""
    checked = 0
    for size in range(1, 6):
        for ranks in combinations_with_replacement(range(1, 14), size):
            # (the numpy-built table, the explained count and the brute-force definition)
            assert ranks_total(ranks) == score_tile_line(ranks).total == rank_points(ranks), ranks
            checked += 1
    assert checked == 13 + 91 + 455 + 1820 + 6188


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "total"),
    [
        ("5h 5c 5d Js", "5s", False, 29),
        ("2h 4h 6h 8h", "Kc", False, 4),
        ("2h 4h 6h 8h", "Kc", True, 0),
        ("2h 4h 6h 8h", "Th", True, 5),
        ("Ac 3d 7s Qh", "Jc", False, 0),
        ("Jc 3d 7s Qh", "4c", True, 1),
    ],
)
def test_hand_total_rules(hand: str, starter: str, crib: bool, total: int) -> None:
    assert hand_total(parse_cards(hand), Card.parse(starter), crib) == total


def test_four_card_and_line_and_ranks_examples() -> None:
    assert four_card_total(parse_cards("2h 4h 6h 8h")) == 4
    assert four_card_total(parse_cards("Ah 2h 3h 4h")) == 8
    assert line_total(parse_cards("4c 5d 5h 6s 6c")) == 24
    assert line_total(parse_cards("2h 4h 6h 8h Th")) == 5
    assert ranks_total([8, 8, 8, 8, 8]) == 20
    assert ranks_total([6, 9]) == 2


# --- numpy batches -------------------------------------------------------------------------


@settings(max_examples=100)
@given(st.lists(shows(), min_size=1, max_size=40), st.booleans())
def test_batch_hand_totals_equals_hand_total(rows: list[Show], crib: bool) -> None:
    array = np.array([[*hand, starter] for hand, starter in rows], dtype=np.int64)
    totals = batch_hand_totals(array, crib=crib)
    assert totals.shape == (len(rows),)
    for (hand, starter), total in zip(rows, totals.tolist(), strict=True):
        assert total == hand_total(hand, starter, crib)


@settings(max_examples=100)
@given(st.lists(suited_or_not(5), min_size=1, max_size=40))
def test_batch_line_totals_equals_score_line(rows: list[tuple[Card, ...]]) -> None:
    totals = batch_line_totals(np.array(rows, dtype=np.int64))
    assert totals.shape == (len(rows),)
    for cards, total in zip(rows, totals.tolist(), strict=True):
        assert total == line_total(cards) == score_line(cards).total


def random_rows(seed: int, n: int) -> np.ndarray[tuple[int, int], np.dtype[np.int64]]:
    """n rows of 5 distinct cards from a seeded generator."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :5].astype(np.int64)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8, np.intp])
def test_batch_hand_totals_many_rows_any_int_dtype(dtype: type[np.integer]) -> None:
    rows = random_rows(2024, 5000)
    for crib in (False, True):
        totals = batch_hand_totals(rows.astype(dtype), crib=crib)
        expected = [hand_total(row[:4], row[4], crib) for row in rows.tolist()]
        assert totals.tolist() == expected


def test_batch_hand_totals_row_by_row_against_score_hand() -> None:
    rows = random_rows(7, 500)
    hand_totals = batch_hand_totals(rows).tolist()
    crib_totals = batch_hand_totals(rows, crib=True).tolist()
    for row, hand, crib in zip(rows.tolist(), hand_totals, crib_totals, strict=True):
        assert hand == score_hand(row[:4], row[4]).total
        assert crib == score_hand(row[:4], row[4], crib=True).total


def test_batch_line_totals_many_rows() -> None:
    rows = random_rows(99, 3000)
    # random rows almost never make a five-card flush: add some
    suited = np.array(
        [[Card.of(r, s) for r in (1, 3, 5, 7, 9 + s)] for s in range(4)], dtype=np.int64
    )
    rows = np.vstack([rows, suited])
    totals = batch_line_totals(rows).tolist()
    assert totals == [line_total(row) for row in rows.tolist()]
    assert totals[-4:] == [score_line(row).total for row in suited.tolist()]
    assert all(t >= 5 for t in totals[-4:])


def test_batch_shape_errors() -> None:
    with pytest.raises(ValueError, match=r"\(n, 5\)"):
        batch_hand_totals(np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(ValueError, match=r"\(n, 5\)"):
        batch_hand_totals(np.zeros(5, dtype=np.int64))
    with pytest.raises(ValueError, match=r"\(n, 5\)"):
        batch_line_totals(np.zeros((2, 6), dtype=np.int64))


def test_batch_accepts_lists_of_cards() -> None:
    rows = [list(parse_cards("5h 5c 5d Js 5s")), list(parse_cards("2h 4h 6h 8h Kc"))]
    assert batch_hand_totals(rows).tolist() == [29, 4]
    assert batch_hand_totals(rows, crib=True).tolist() == [29, 0]
    assert batch_line_totals([list(parse_cards("2h 4h 6h 8h Th"))]).tolist() == [5]
