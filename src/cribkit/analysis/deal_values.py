"""The value of the cards dealt, and the luck of a seat's deals against every possible deal.

A deal's value is the value of its best keep, for the seat's role:

- six cards (two players), as ``dealer`` or ``pone``: the kept four's exact mean over the 46
  starters, plus the two cards laid away by the crib table (``TableCribModel`` without card
  removal: the table's entry for their ranks and suitedness), added to the dealer's own crib
  and taken from pone's;
- five cards (three or four players, role ``five``): the kept four's exact mean over the 47
  starters (the crib holds one card of each seat, so no term of the crib);
- six cards of Solitaire (role ``solitaire``): the kept four's mean over the 46 starters plus
  the player's own crib, the two cards laid away with two face-down cards and a starter drawn
  at random: the uniform crib's mean for their ranks and suitedness (over any two of the other
  50 cards and any starter of the 48 left).

The pegging term of the one valuation (:mod:`cribkit.ai.lay_away`) is left out: the luck of the
deal is what the cards offer to any player, and a table of every deal needs a value that is
cheap and exact to compute. The shipped table (``data/deal_values.json``, built by
``python -m cribkit.analysis.data.build_deal_values``) holds, for each role, how many of the
possible deals (20,358,520 of six cards, 2,598,960 of five) have each value, in steps of 0.01
of a point; it was counted over the deals whose suits hold non-increasing numbers of cards, each
weighted by the suit orders that give the same numbers (suits do not change a value).

>>> from cribkit.core.cards import parse_cards
>>> round(float(deal_value(parse_cards("5h 5c 5d Js 7c 9h"), "dealer")), 2)
20.71
>>> round(float(deal_value(parse_cards("5h 5c 5d Js 7c"), "five")), 2)
16.6
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cribkit.ai.crib_table import TYPE_CARDS, TYPE_OF_CARDS, load_crib_table
from cribkit.analysis.model import Luck
from cribkit.core.cards import DECK_SIZE
from cribkit.core.stats import (
    four_card_hands,
    four_card_rows,
    hand_score_grid,
    index_combinations,
)

__all__ = [
    "ROLES",
    "STEP",
    "best_keep_values",
    "deal_luck",
    "deal_role",
    "deal_table",
    "deal_value",
    "table_mean",
    "uniform_crib_values",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

#: The roles a deal is valued for: the dealer's and pone's six cards, five cards, Solitaire's six.
ROLES: Final = ("dealer", "pone", "five", "solitaire")
#: How many cards a deal of each role holds.
SIZES: Final = {"dealer": 6, "pone": 6, "five": 5, "solitaire": 6}
#: The table's step, in points.
STEP: Final = 0.01
DATA_FILE: Final = "deal_values.json"


def deal_role(size: int, dealer: bool) -> str:
    """The role of a deal of ``size`` cards (six: ``dealer`` or ``pone``; five: ``five``)."""
    if size == 5:
        return "five"
    if size == 6:
        return "dealer" if dealer else "pone"
    raise ValueError(f"a deal is five or six cards, not {size}")


@cache
def _hand_sums(crib: bool = False) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The hand-by-starter grid (as a hand, or as a crib) and each four cards' total over the
    48 starters they can have."""
    grid = hand_score_grid(crib=crib)
    hands = four_card_hands().astype(np.intp)
    rows = np.arange(len(hands))
    sums = grid.sum(axis=0, dtype=np.int64)
    for column in range(4):  # a hand's own cards are no starters
        sums -= grid[hands[:, column], rows]
    return grid, sums


@cache
def _splits(size: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Each way to keep four of ``size`` cards: (kept positions, laid-away positions)."""
    out = []
    for keep in combinations(range(size), 4):
        out.append((keep, tuple(p for p in range(size) if p not in keep)))
    return tuple(out)


@cache
def _crib_values(role: str) -> FloatArray:
    """The crib's mean for each discard type (:data:`~cribkit.ai.crib_table.TYPE_KEYS`)."""
    if role == "solitaire":
        return uniform_crib_values()
    values = load_crib_table().seat(dealer=role == "dealer").values
    out: FloatArray = np.asarray(values, np.float64)
    return out


@cache
def uniform_crib_values() -> FloatArray:
    """The exact mean of a crib of the type's two cards, any two of the other 50 and any
    starter of the 48 left (each type's canonical two cards stand for all of its sets)."""
    _, sums = _hand_sums(crib=True)
    out = np.empty(len(TYPE_CARDS))
    for index, (a, b) in enumerate(TYPE_CARDS.tolist()):
        others = np.array([c for c in range(DECK_SIZE) if c not in (a, b)], dtype=np.intp)
        pairs = others[index_combinations(len(others), 2)]
        both = np.column_stack([np.full(len(pairs), a), np.full(len(pairs), b), pairs])
        out[index] = sums[four_card_rows(np.sort(both, axis=1))].mean() / (DECK_SIZE - 4)
    return out


def best_keep_values(deals: npt.ArrayLike, role: str) -> FloatArray:
    """The value of each deal's best keep (rows of five or six cards; see the module)."""
    cards = np.sort(np.asarray(deals, dtype=np.intp), axis=1)
    size = cards.shape[1]
    if SIZES.get(role) != size:
        raise ValueError(f"a deal of {size} cards has no role {role!r}")
    grid, sums = _hand_sums()
    starters = DECK_SIZE - size
    best = np.full(len(cards), -np.inf)
    for keep, laid in _splits(size):
        rows = four_card_rows(cards[:, list(keep)])
        total = sums[rows]
        for position in laid:
            total = total - grid[cards[:, position], rows]
        value = total / starters
        if size == 6:
            crib = _crib_values(role)[TYPE_OF_CARDS[cards[:, laid[0]], cards[:, laid[1]]]]
            value = value - crib if role == "pone" else value + crib
        best = np.maximum(best, value)
    return best


def deal_value(cards: Sequence[int], role: str) -> float:
    """The value of one deal's best keep."""
    return float(best_keep_values([list(cards)], role)[0])


def bins_of(values: npt.ArrayLike) -> IntArray:
    """The table's bin of each value (its value in hundredths of a point, rounded)."""
    out: IntArray = np.rint(np.asarray(values, dtype=np.float64) / STEP).astype(np.intp)
    return out


@cache
def deal_table() -> dict[str, tuple[int, FloatArray]]:
    """The shipped table: for each role, its first bin and the share of deals in each bin."""
    text = resources.files(__package__ + ".data").joinpath(DATA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    out = {}
    for role in ROLES:
        part = data["roles"][role]
        counts = np.asarray(part["counts"], dtype=np.float64)
        out[role] = (int(part["first"]), counts / counts.sum())
    return out


def table_mean(role: str) -> float:
    """The mean value of every deal of the role, from the table."""
    first, shares = deal_table()[role]
    return float(np.dot(np.arange(first, first + len(shares)) * STEP, shares))


def _sum_shares(roles: Sequence[str]) -> tuple[int, FloatArray]:
    """The first bin and the shares of the sum of one independent deal per item of ``roles``
    (the convolution of the roles' tables, by the fast Fourier transform)."""
    table = deal_table()
    first = sum(table[role][0] for role in roles)
    length = sum(len(table[role][1]) - 1 for role in roles) + 1
    size = 1 << (length - 1).bit_length()
    spectrum = np.ones(size // 2 + 1, dtype=np.complex128)
    for role in set(roles):
        spectrum *= np.fft.rfft(table[role][1], size) ** roles.count(role)
    shares = np.clip(np.fft.irfft(spectrum, size)[:length], 0.0, None)
    return first, shares / shares.sum()


def deal_luck(deals: Sequence[tuple[Sequence[int], str]]) -> Luck:
    """The ``hand`` luck line of a seat's deals (the cards dealt and the role of each): the mean
    of their best keeps' values against every deal's, and the mid-distribution percentile of
    their sum among sums of as many deals of the same roles."""
    roles = [role for _, role in deals]
    values = [deal_value(cards, role) for cards, role in deals]
    first, shares = _sum_shares(roles)
    seen = int(bins_of(values).sum()) - first
    below = float(shares[: max(0, seen)].sum())
    level = float(shares[seen]) if 0 <= seen < len(shares) else 0.0
    count = len(deals)
    expected = sum(table_mean(role) for role in roles) / count
    return Luck("hand", count, sum(values) / count, expected, 100.0 * (below + level / 2))
