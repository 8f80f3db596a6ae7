"""Discard analysis: which two cards to lay away from a six-card deal.

For each of the 15 ways to lay away 2 cards, the kept hand is scored exactly against each of the
46 possible starters, and the crib's expected value comes from a :class:`CribModel`. The default
:class:`UniformCribModel` is exact for an opponent who lays away uniformly at random: it scores
every one of the C(46, 2) = 1,035 opponent discards with each of the 44 remaining starters.

>>> best = analyse_discards("5h 5c 5d Js 7c 9h", dealer=True)[0]
>>> str(best.discard), str(best.keep), round(best.hand_mean, 3)
('7c 9h', '5c 5d 5h Js', 16.652)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from cribkit.core.cards import (
    Card,
    CardSet,
    HandSizeError,
    Rank,
    card_rank,
    card_suit,
    check_distinct,
    parse_cards,
)
from cribkit.core.stats import index_combinations
from cribkit.core.tables import (
    CARD_WEIGHT_ARRAY,
    FLUSH_TABLES,
    JACK_SHIFT,
    KEY_MASK,
    PACKED_ARRAY,
    RANK_TABLES,
    SUIT_SHIFT,
)

#: Cards in a two-player deal, and how many of them are laid away.
DEAL_SIZE: Final = 6
DISCARD_SIZE: Final = 2


class CribModel(Protocol):
    """Expected crib points for each possible discard of a deal.

    ``discards`` are pairs of cards from ``deal``; the unseen cards are the other 46.
    ``dealer`` says whether the crib is the analysing player's own (the value is always the
    crib's points, whoever owns it; the caller adds or subtracts it).
    """

    name: str

    def crib_means(
        self, deal: Sequence[Card], discards: Sequence[tuple[Card, Card]], *, dealer: bool
    ) -> Sequence[float]: ...


@cache
def _opponent_triples(unseen: int) -> npt.NDArray[np.intp]:
    """(pair i<j, starter k not in {i, j}) as index rows into the unseen cards."""
    pairs = index_combinations(unseen, 2)
    starters = np.arange(unseen)
    rows = np.repeat(pairs, unseen, axis=0)
    ks = np.tile(starters, len(pairs))
    keep = (ks != rows[:, 0]) & (ks != rows[:, 1])
    return np.column_stack([rows[keep], ks[keep]])


class UniformCribModel:
    """The exact crib value when the opponent lays away 2 of the unseen cards at random."""

    name = "uniform"

    def crib_means(
        self, deal: Sequence[Card], discards: Sequence[tuple[Card, Card]], *, dealer: bool
    ) -> list[float]:
        unseen = unseen_cards(deal)
        triples = unseen[_opponent_triples(len(unseen))]
        opp_a, opp_b, starter = triples[:, 0], triples[:, 1], triples[:, 2]
        opp_keys = CARD_WEIGHT_ARRAY[opp_a] + CARD_WEIGHT_ARRAY[opp_b] + CARD_WEIGHT_ARRAY[starter]
        starter_suit = starter & 3
        opp_jacks = (PACKED_ARRAY[opp_a] + PACKED_ARRAY[opp_b]) >> JACK_SHIFT
        opp_nobs = int(np.count_nonzero((opp_jacks >> starter_suit.astype(np.uint64)) & 1))
        # A crib flush needs all five cards of one suit: count the triples of each suit.
        one_suit = ((opp_a & 3) == starter_suit) & ((opp_b & 3) == starter_suit)
        one_suit_triples = np.bincount(starter_suit[one_suit], minlength=4)
        starters_of_suit = np.bincount(starter_suit, minlength=4)

        pairs = np.array(discards, dtype=np.intp).reshape(-1, 2)
        keys = CARD_WEIGHT_ARRAY[pairs].sum(axis=1)[:, None] + opp_keys[None, :]
        rank_sums = RANK_TABLES[5][keys].sum(axis=1, dtype=np.int64)
        means = []
        for rank_sum, (a, b) in zip(rank_sums, pairs, strict=True):
            total = int(rank_sum) + opp_nobs
            if card_suit(a) == card_suit(b):
                total += 5 * int(one_suit_triples[card_suit(a)])
            total += sum(
                int(starters_of_suit[card_suit(c)]) for c in (a, b) if card_rank(c) == Rank.JACK
            )
            means.append(total / len(triples))
        return means


def unseen_cards(seen: Sequence[int]) -> npt.NDArray[np.intp]:
    """The cards not in ``seen``, ascending, as an index array."""
    known = set(seen)
    return np.array([c for c in range(52) if c not in known], dtype=np.intp)


UNIFORM_CRIB: Final = UniformCribModel()


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away: the cards, the exact hand statistics, the crib and the net value."""

    discard: CardSet
    keep: CardSet
    hand_mean: float
    hand_min: int
    hand_max: int
    crib_mean: float
    net_mean: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with cards as text."""
        return {
            "discard": [str(c) for c in self.discard],
            "keep": [str(c) for c in self.keep],
            "hand_mean": self.hand_mean,
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "crib_mean": self.crib_mean,
            "net_mean": self.net_mean,
        }


def hand_starter_totals(keep: Sequence[int], unseen: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """The kept hand's total with each unseen card as the starter."""
    four = int(sum(int(PACKED_ARRAY[c]) for c in keep))
    keys = (four & KEY_MASK) + CARD_WEIGHT_ARRAY[unseen]
    starter_suit = unseen & 3
    totals = RANK_TABLES[5][keys].astype(np.int64)
    totals += (four >> (JACK_SHIFT + starter_suit)) & 1
    suits = (four >> SUIT_SHIFT) & 0xFFF
    totals += FLUSH_TABLES[False][suits * 4 + starter_suit]
    return totals


def analyse_discards(
    deal: str | Sequence[int], *, dealer: bool, crib_model: CribModel = UNIFORM_CRIB
) -> list[DiscardOption]:
    """All 15 discards of a six-card deal with exact statistics, best net value first.

    The net value is hand + crib for the dealer and hand - crib for pone. Ties keep the
    higher hand mean first, then the order of the cards.
    """
    cards = parse_cards(deal) if isinstance(deal, str) else tuple(Card(c) for c in deal)
    if len(cards) != DEAL_SIZE:
        raise HandSizeError(f"a two-player deal has 6 cards, not {len(cards)}")
    check_distinct(cards)
    unseen = unseen_cards(cards)
    ordered = sorted(cards)
    discards = list(combinations(ordered, DISCARD_SIZE))
    crib_means = crib_model.crib_means(ordered, discards, dealer=dealer)
    sign = 1 if dealer else -1
    options = []
    for (a, b), crib_mean in zip(discards, crib_means, strict=True):
        keep = [c for c in ordered if c not in (a, b)]
        totals = hand_starter_totals(keep, unseen)
        hand_mean = float(totals.mean())
        options.append(
            DiscardOption(
                discard=CardSet.of((a, b)),
                keep=CardSet.of(keep),
                hand_mean=hand_mean,
                hand_min=int(totals.min()),
                hand_max=int(totals.max()),
                crib_mean=float(crib_mean),
                net_mean=hand_mean + sign * float(crib_mean),
            )
        )
    options.sort(key=lambda o: (-o.net_mean, -o.hand_mean))
    return options
