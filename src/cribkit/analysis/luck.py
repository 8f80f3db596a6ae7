"""The luck of a seat's cards against exact distributions, shared by the card games' analysers.

Each kind of luck is a list of draws, each an integer number of points with its own exact
distribution (a shown hand: any 4 cards and a starter; the starter's value to a kept hand: the
hand's points with each starter the seat could not see). The percentile of the seat's mean is
exact: the distributions of its n draws are convolved into the exact distribution of their
sum, and the percentile is the *mid-distribution* one, P(sum < seen) + P(sum = seen) / 2, so
that average luck is 50 and a tie is split rather than counted as all good or all bad luck.

>>> coin = np.array([0.5, 0.5])          # 0 or 1 point, even odds
>>> round(sum_percentile([coin, coin], 1), 1)  # one of two: the median
50.0
>>> round(sum_percentile([coin, coin], 2), 1)  # both: 3/4 below or level, 1/4 level
87.5
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from cribkit.analysis.deal_values import deal_luck
from cribkit.analysis.model import Luck
from cribkit.core.analysis import hand_starter_totals
from cribkit.core.cards import Card
from cribkit.core.scoring import score_hand

Distribution = npt.NDArray[np.float64]


def sum_percentile(distributions: Sequence[Distribution], seen: int) -> float:
    """The mid-distribution percentile (0-100) of the total ``seen`` of independent integer
    draws, each with its distribution (``distributions[i][p]``: the chance of ``p`` points)."""
    total: Distribution = np.ones(1)
    for distribution in distributions:
        total = np.convolve(total, distribution)
    below = float(total[: max(0, seen)].sum())
    level = float(total[seen]) if 0 <= seen < len(total) else 0.0
    return 100.0 * (below + level / 2)


def luck_of(kind: str, seen: Sequence[int], distributions: Sequence[Distribution]) -> Luck:
    """The luck of draws ``seen`` (points), each from its exact distribution."""
    means = [float(np.dot(np.arange(len(d)), d)) for d in distributions]
    count = len(seen)
    return Luck(
        kind,
        count,
        sum(seen) / count,
        sum(means) / count,
        sum_percentile(distributions, sum(seen)),
    )


@cache
def random_hand(crib: bool) -> Distribution:
    """The exact distribution of any 4 cards and a starter (12,994,800 of them), as a hand or
    as a crib (a crib's flush needs the starter's suit too)."""
    from cribkit.core.stats import score_distribution

    counts = score_distribution(crib=crib).astype(np.float64)
    share: Distribution = counts / counts.sum()
    return share


def starter_distribution(keep: Sequence[int], unseen: Sequence[int]) -> Distribution:
    """The kept hand's points with each starter of ``unseen`` (the cards its seat had not
    seen before the cut), equally likely."""
    totals = hand_starter_totals(list(keep), np.array(unseen, dtype=np.intp))
    counts = np.bincount(totals, minlength=30).astype(np.float64)
    share: Distribution = counts / counts.sum()
    return share


def card_luck(
    hands: Sequence[tuple[Sequence[int], int, Sequence[int]]],
    cribs: Sequence[tuple[Sequence[int], int]],
    deals: Sequence[tuple[Sequence[int], str]] = (),
) -> tuple[Luck, ...]:
    """Luck lines from the seat's ``hands`` (4 kept cards, the starter, the cards the seat had
    not seen before the cut), ``cribs`` (4 cards, the starter) and ``deals`` (the cards dealt
    and their role, :mod:`cribkit.analysis.deal_values`):

    - ``hand``: the cards dealt, by their best keep's value, against every possible deal (the
      keep is the seat's choice, so the hand it kept would measure its skill too); without
      ``deals``, the kept hands' points against any 4 cards and a starter;
    - ``crib``: its cribs' points against any crib;
    - ``starter``: its hands' points against the same kept hands with every starter it could
      not see (the cut's part of the luck, the keep being the seat's choice).
    """
    out = []
    if deals:
        out.append(deal_luck(deals))
    elif hands:
        points = [score_hand(keep, Card(cut)).total for keep, cut, _ in hands]
        out.append(luck_of("hand", points, [random_hand(False)] * len(points)))
    if cribs:
        points = [score_hand(cards, Card(cut), crib=True).total for cards, cut in cribs]
        out.append(luck_of("crib", points, [random_hand(True)] * len(points)))
    if hands:
        points = [score_hand(keep, Card(cut)).total for keep, cut, _ in hands]
        dists = [starter_distribution(keep, unseen) for keep, _, unseen in hands]
        out.append(luck_of("starter", points, dists))
    return tuple(out)
