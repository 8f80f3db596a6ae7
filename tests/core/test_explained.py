"""The explained count's tables give the very combinations, in the very order, of brute force.

The reference here lists the subsets of positions by bit masks, ordered by size and then by
their positions: how the count has always listed fifteens, pairs and runs. Every multiset of 1
to 5 ranks is checked in several orders, some hands in all 120, and random cards besides.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import combinations_with_replacement, permutations
from random import Random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.core.cards import Card, CardError, parse_cards
from cribkit.core.combos import enumerate_parts
from cribkit.core.scoring import (
    MAX_ITEMS,
    Score,
    _new_score,
    card_parts,
    rank_parts,
    score_hand,
    score_line,
    score_tile_line,
)

from .strategies import Show, shows

Combos = tuple[tuple[int, ...], ...]


def reference_parts(items: Sequence[int], ranks: Sequence[int]) -> tuple[Combos, Combos, Combos]:
    """Fifteens, pairs and longest runs, as tuples of the items, by bit masks."""
    n = len(items)
    subsets = sorted(
        (tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)),
        key=lambda positions: (len(positions), positions),
    )
    fifteens = tuple(
        tuple(items[i] for i in s)
        for s in subsets
        if len(s) >= 2 and sum(min(ranks[i], 10) for i in s) == 15
    )
    pairs = tuple(
        (items[s[0]], items[s[1]]) for s in subsets if len(s) == 2 and ranks[s[0]] == ranks[s[1]]
    )
    runs: Combos = ()
    for length in range(n, 2, -1):
        runs = tuple(
            tuple(items[i] for i in s)
            for s in subsets
            if len(s) == length
            and len({ranks[i] for i in s}) == length
            and max(ranks[i] for i in s) - min(ranks[i] for i in s) == length - 1
        )
        if runs:
            break
    return fifteens, pairs, runs


def card_reference(cards: Sequence[Card]) -> tuple[Combos, Combos, Combos]:
    return reference_parts(cards, [card.rank for card in cards])


@pytest.mark.parametrize("size", range(1, MAX_ITEMS + 1))
def test_every_multiset_of_ranks_in_several_orders(size: int) -> None:
    rng = Random(size)
    for multiset in combinations_with_replacement(range(1, 14), size):
        shuffled = list(multiset)
        rng.shuffle(shuffled)
        for ranks in (multiset, multiset[::-1], tuple(shuffled)):
            assert rank_parts(ranks) == reference_parts(ranks, ranks), ranks
            assert enumerate_parts(ranks, ranks) == reference_parts(ranks, ranks), ranks


@pytest.mark.parametrize(
    "text",
    ["5h 5c 5d Js 5s", "3c 3d 4h 4s 5c", "4c 5d 5h 6s 6c", "6c 7d 8h 8s 9c", "Ac 2d 3h 4s 5c"],
)
def test_every_order_of_a_hand(text: str) -> None:
    for five in permutations(parse_cards(text)):
        assert card_parts(five) == card_reference(five), five
        for size in range(1, 5):
            assert card_parts(five[:size]) == card_reference(five[:size]), five[:size]


@settings(max_examples=500)
@given(shows(), st.booleans())
def test_the_breakdown_is_brute_force_to_the_letter(show: Show, crib: bool) -> None:
    hand, starter = show
    score = score_hand(hand, starter, crib=crib)
    assert (score.fifteens, score.pairs, score.runs) == card_reference((*hand, starter))
    alone = score_hand(hand)
    assert (alone.fifteens, alone.pairs, alone.runs) == card_reference(hand)
    line = score_line((*hand, starter))
    assert (line.fifteens, line.pairs, line.runs) == card_reference((*hand, starter))
    # the same cards given as plain ints, and as numpy ints, make the same object
    assert score_hand([int(c) for c in hand], int(starter), crib=crib) == score
    assert score_hand(np.array(hand), np.int64(starter), crib=crib) == score  # type: ignore[arg-type]


@settings(max_examples=300)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=5))
def test_tile_lines_are_brute_force_to_the_letter(ranks: list[int]) -> None:
    score = score_tile_line(ranks)
    assert (score.fifteens, score.pairs, score.runs) == reference_parts(ranks, ranks)
    assert all(type(tile) is not int for combo in score.fifteens for tile in combo)


def test_the_fast_constructor_makes_the_same_frozen_score() -> None:
    cards = parse_cards("5h 5c 5d Js")
    parts = card_parts((*cards, Card.parse("5s")))
    made = _new_score("crib", cards, Card.parse("5s"), *parts, (), cards[3])
    assert made == Score("crib", cards, Card.parse("5s"), *parts, (), cards[3])
    assert made.total == 29
    assert _new_score("tiles", (), None, (), (), ()) == Score("tiles", (), None, (), (), ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.nobs = None  # type: ignore[misc]


@pytest.mark.parametrize("bad", [[True, 2, 3, 4], [1.0, 2, 3, 4], [-1, 2, 3, 4], [52, 2, 3, 4]])
def test_what_is_not_a_card_is_still_refused(bad: list[object]) -> None:
    with pytest.raises(CardError):
        score_hand(bad, 5)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        score_hand([5, 6, 7, 8], bad[0])  # type: ignore[arg-type]


def test_what_is_not_a_rank_is_still_refused() -> None:
    for bad in ([0], [14], [5, -1]):
        with pytest.raises(ValueError, match="is not a valid Rank"):
            score_tile_line(bad)
