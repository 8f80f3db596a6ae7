"""Discard analysis against a brute force written here, for dealer and pone."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import pytest

from cribkit.core.analysis import UNIFORM_CRIB, DiscardOption, UniformCribModel, analyse_discards
from cribkit.core.cards import (
    Card,
    CardParseError,
    CardSet,
    DuplicateCardError,
    HandSizeError,
    parse_cards,
)
from cribkit.core.scoring import score_hand
from cribkit.core.tables import hand_total


@dataclass(frozen=True)
class Expected:
    hand_mean: float
    hand_min: int
    hand_max: int
    crib_mean: float


def seeded_deal(seed: int) -> str:
    cards = random.Random(seed).sample(range(52), 6)
    return " ".join(str(Card(c)) for c in cards)


DEALS = [
    seeded_deal(1),
    seeded_deal(2),
    seeded_deal(3),
    "Jh Jc 5h 5d 2h 9h",  # jacks for nobs, suited pairs for crib flushes
    "5h 5c 5d Js 7c 9h",
]


@cache
def brute_force(deal: str) -> dict[CardSet, Expected]:
    """Every discard's statistics, enumerated card by card."""
    cards = parse_cards(deal)
    unseen = [c for c in range(52) if c not in cards]
    assert len(unseen) == 46
    result: dict[CardSet, Expected] = {}
    for discard in combinations(cards, 2):
        keep = [c for c in cards if c not in discard]
        hand = [score_hand(keep, starter).total for starter in unseen]
        crib_sum = 0
        crib_count = 0
        for opp_a, opp_b in combinations(unseen, 2):
            crib = (discard[0], discard[1], opp_a, opp_b)
            for starter in unseen:
                if starter != opp_a and starter != opp_b:
                    crib_sum += hand_total(crib, starter, True)
                    crib_count += 1
        assert crib_count == 1035 * 44
        result[CardSet.of(discard)] = Expected(
            hand_mean=sum(hand) / len(hand),
            hand_min=min(hand),
            hand_max=max(hand),
            crib_mean=crib_sum / crib_count,
        )
    return result


@pytest.mark.parametrize("dealer", [True, False], ids=["dealer", "pone"])
@pytest.mark.parametrize("deal", DEALS)
def test_every_option_matches_brute_force(deal: str, dealer: bool) -> None:
    expected = brute_force(deal)
    options = analyse_discards(deal, dealer=dealer)
    assert len(options) == 15
    assert {o.discard for o in options} == set(expected)
    dealt = CardSet.parse(deal)
    sign = 1 if dealer else -1
    for option in options:
        assert len(option.discard) == 2
        assert len(option.keep) == 4
        assert option.keep | option.discard == dealt
        assert option.keep & option.discard == CardSet()
        want = expected[option.discard]
        assert option.hand_mean == pytest.approx(want.hand_mean, rel=1e-12)
        assert option.hand_min == want.hand_min
        assert option.hand_max == want.hand_max
        assert option.crib_mean == pytest.approx(want.crib_mean, rel=1e-12)
        net = want.hand_mean + sign * want.crib_mean
        assert option.net_mean == pytest.approx(net, rel=1e-12, abs=1e-12)
    # best first: net value, then hand value
    keys = [(o.net_mean, o.hand_mean) for o in options]
    assert keys == sorted(keys, reverse=True)
    best_net = max(e.hand_mean + sign * e.crib_mean for e in expected.values())
    assert options[0].net_mean == pytest.approx(best_net, rel=1e-12, abs=1e-12)


def test_dealer_and_pone_differ_only_in_the_sign_of_the_crib() -> None:
    deal = DEALS[3]
    dealer = {o.discard: o for o in analyse_discards(deal, dealer=True)}
    pone = {o.discard: o for o in analyse_discards(deal, dealer=False)}
    for discard, mine in dealer.items():
        theirs = pone[discard]
        assert mine.hand_mean == theirs.hand_mean
        assert mine.crib_mean == theirs.crib_mean
        assert mine.net_mean - theirs.net_mean == pytest.approx(2 * mine.crib_mean)


def test_deal_order_and_form_do_not_matter() -> None:
    deal = DEALS[0]
    cards = parse_cards(deal)
    base = analyse_discards(deal, dealer=True)
    as_ints = analyse_discards([int(c) for c in reversed(cards)], dealer=True)
    as_text = analyse_discards(" ".join(str(c).upper() for c in reversed(cards)), dealer=True)
    assert as_ints == base
    assert as_text == base


def test_known_deal() -> None:
    best = analyse_discards("5h 5c 5d Js 7c 9h", dealer=True)[0]
    assert str(best.discard) == "7c 9h"
    assert str(best.keep) == "5c 5d 5h Js"
    unseen = [c for c in range(52) if c not in parse_cards("5h 5c 5d Js 7c 9h")]
    totals = [score_hand("5h 5c 5d Js", s).total for s in unseen]
    assert best.hand_mean == pytest.approx(sum(totals) / 46)
    assert best.hand_max == 29  # the 5s starter
    assert best.hand_min == min(totals)


def test_to_dict() -> None:
    option = analyse_discards(DEALS[1], dealer=False)[0]
    data = option.to_dict()
    assert data["discard"] == [str(c) for c in option.discard]
    assert data["keep"] == [str(c) for c in option.keep]
    assert data["hand_mean"] == option.hand_mean
    assert data["crib_mean"] == option.crib_mean
    assert data["net_mean"] == option.net_mean
    assert (data["hand_min"], data["hand_max"]) == (option.hand_min, option.hand_max)


class FixedCribModel:
    """A crib model that gives discard i the value i and records how it was called."""

    name = "fixed"

    def __init__(self) -> None:
        self.calls: list[tuple[tuple[Card, ...], list[tuple[Card, Card]], bool]] = []

    def crib_means(
        self, deal: Sequence[Card], discards: Sequence[tuple[Card, Card]], *, dealer: bool
    ) -> list[float]:
        self.calls.append((tuple(deal), list(discards), dealer))
        return [float(i) for i in range(len(discards))]


@pytest.mark.parametrize("dealer", [True, False])
def test_custom_crib_model(dealer: bool) -> None:
    deal = DEALS[2]
    model = FixedCribModel()
    options = analyse_discards(deal, dealer=dealer, crib_model=model)
    assert len(model.calls) == 1
    seen_deal, discards, seen_dealer = model.calls[0]
    assert seen_dealer is dealer
    assert CardSet.of(seen_deal) == CardSet.parse(deal)
    assert len(discards) == 15
    value = {CardSet.of(d): float(i) for i, d in enumerate(discards)}
    sign = 1 if dealer else -1
    for option in options:
        assert option.crib_mean == value[option.discard]
        assert option.net_mean == pytest.approx(option.hand_mean + sign * option.crib_mean)
    assert [o.net_mean for o in options] == sorted((o.net_mean for o in options), reverse=True)


def test_uniform_model_is_the_default() -> None:
    deal = DEALS[4]
    assert isinstance(UNIFORM_CRIB, UniformCribModel)
    assert analyse_discards(deal, dealer=True) == analyse_discards(
        deal, dealer=True, crib_model=UniformCribModel()
    )
    assert all(isinstance(o, DiscardOption) for o in analyse_discards(deal, dealer=True))


@pytest.mark.parametrize(
    ("deal", "error", "match"),
    [
        ("5h 5c 5d Js 7c", HandSizeError, "6 cards, not 5"),
        ("5h 5c 5d Js 7c 9h 2s", HandSizeError, "6 cards, not 7"),
        ("", HandSizeError, "6 cards, not 0"),
        ("5h 5c 5d Js 7c 5H", DuplicateCardError, "5h"),
        ("5h 5c 5d Js 7c 9x", CardParseError, "'9x'"),
    ],
)
def test_bad_deals(deal: str, error: type[ValueError], match: str) -> None:
    with pytest.raises(error, match=match):
        analyse_discards(deal, dealer=True)
    assert issubclass(error, ValueError)


def test_bad_deal_as_ints() -> None:
    with pytest.raises(DuplicateCardError, match="Ac"):
        analyse_discards([0, 1, 2, 3, 4, 0], dealer=False)
    with pytest.raises(HandSizeError, match="6 cards"):
        analyse_discards([0, 1, 2, 3, 4], dealer=False)
    with pytest.raises(ValueError, match="0 to 51"):
        analyse_discards([0, 1, 2, 3, 4, 52], dealer=False)
