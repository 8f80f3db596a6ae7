"""How likely an opponent kept four ranks, for the expert's guesses of the cards it holds.

The expert guesses the opponent's hand by drawing four of the cards it has not seen and
weighing each draw by how likely the opponent would have kept it. Two ways are offered:

- :func:`keep_values`: a soft belief that good hands are kept, ``exp(value / temperature)``
  (the expert's model of a strong opponent, whose lay-away it does not try to reproduce);
- :func:`keep_likelihoods`: Bayes' rule for an opponent that lays away by a known rule (the
  best hand, as easy does; or hand and crib at random, as medium does): the chance that such a
  player, dealt these four ranks and two more at random, keeps these four, over the chance
  that a random four are these. A guessed draw weighed by it follows the opponent's hands as
  that player keeps them.

Everything is by ranks (no flushes or nobs): suits hardly move a lay-away.

>>> likely = keep_likelihoods("hand")
>>> likely[(5, 5, 10, 11)] > 1 > likely[(1, 2, 8, 13)]
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import combinations, combinations_with_replacement
from math import comb, exp, prod
from typing import Any, Final, Literal

from cribkit.core.tables import RANK_TABLES, RANK_WEIGHTS

__all__ = [
    "KEEP_TABLES_FORMAT",
    "KeepRule",
    "compute_keep_tables",
    "crib_values",
    "keep_likelihoods",
    "keep_values",
    "soft_keep_likelihoods",
]

#: How an opponent lays away: the best hand alone (``hand``), or the best hand plus its own
#: crib or minus the other's, the crib's other cards at random (``dealer`` / ``pone``: the
#: rule of a player who deals or not).
KeepRule = Literal["hand", "dealer", "pone"]

_RANKS = range(1, 14)


def _key(ranks: Sequence[int]) -> int:
    return sum(RANK_WEIGHTS[r - 1] for r in ranks)


def _draw_weight(ranks: Sequence[int]) -> int:
    """How many sets of cards have these ranks."""
    return prod(comb(4, n) for n in Counter(ranks).values())


def _random_mean(ranks: Sequence[int], drawn: int) -> float:
    """Mean fifteens + pairs + runs of ``ranks`` and ``drawn`` more cards from the rest of a
    deck (the ranks' own cards out of it)."""
    table = RANK_TABLES[len(ranks) + drawn]
    base = _key(ranks)
    held = Counter(ranks)
    total = 0.0
    weights = 0
    for extra in combinations_with_replacement(_RANKS, drawn):
        weight = prod(comb(4 - held[r], n) for r, n in Counter(extra).items())
        if weight:
            total += weight * int(table[base + _key(extra)])
            weights += weight
    return total / weights


@cache
def keep_values() -> dict[tuple[int, ...], float]:
    """Mean fifteens + pairs + runs of 4 kept ranks with a random starter (by rank multiset)."""
    return dict(zip(FOURS, _shipped()["keep_values"], strict=True))


@cache
def crib_values() -> dict[tuple[int, int], float]:
    """Mean fifteens + pairs + runs of a crib holding 2 laid ranks, the other two cards and
    the starter at random."""
    return dict(zip(PAIRS, _shipped()["crib_values"], strict=True))


#: The 15 ways to lay 2 of 6 cards away: the places laid away and the places kept.
_LAY_AWAYS: Final = tuple(
    ((i, j), tuple(k for k in range(6) if k not in (i, j))) for i, j in combinations(range(6), 2)
)
#: The rules and the sign of the crib's value in each.
_SIGNS: Final = {"hand": 0, "dealer": 1, "pone": -1}


@cache
def keep_likelihoods(rule: KeepRule) -> dict[tuple[int, ...], float]:
    """For every 4 ranks a hand can hold: the chance that a player laying away by ``rule``
    keeps them, over the chance that four cards drawn at random have them (so the mean over
    random draws is 1).

    Each six-rank deal goes to the keep the rule prefers (shared between keeps of equal
    value): the mass each keep gathers, over its own chance as a random draw of four.
    """
    return dict(zip(FOURS, _shipped()["keep_likelihoods"][rule], strict=True))


# ---------------------------------------------------------------------------------------------
# The tables as shipped (``cribkit/ai/data/keep_tables.json``) and as worked out


#: Every 4 ranks a hand can hold, and every 2 a crib can be laid, in the tables' order.
FOURS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    combinations_with_replacement(_RANKS, 4)
)
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations_with_replacement(_RANKS, 2))
#: The version of ``keep_tables.json`` this code reads.
KEEP_TABLES_FORMAT: Final = 1


@cache
def _shipped() -> dict[str, Any]:
    """The shipped tables (worked out once by ``python -m cribkit.ai.data.build_keep_tables``:
    about a second of CPU that every process playing the expert would otherwise spend)."""
    text = resources.files("cribkit.ai.data").joinpath("keep_tables.json").read_text()
    data: dict[str, Any] = json.loads(text)
    if data.get("format_version") != KEEP_TABLES_FORMAT:
        raise ValueError(
            "keep_tables.json has another format: rebuild it with "
            "python -m cribkit.ai.data.build_keep_tables"
        )
    return data


def compute_keep_tables() -> dict[str, Any]:
    """The tables of :func:`keep_values`, :func:`crib_values` and :func:`keep_likelihoods`
    worked out (the document ``keep_tables.json`` holds)."""
    hands: dict[tuple[int, ...], float] = {ranks: _random_mean(ranks, 1) for ranks in FOURS}
    cribs: dict[tuple[int, ...], float] = {pair: _random_mean(pair, 3) for pair in PAIRS}
    likely = _likelihoods(hands, cribs)
    return {
        "format_version": KEEP_TABLES_FORMAT,
        "keep_values": [hands[ranks] for ranks in FOURS],
        "crib_values": [cribs[pair] for pair in PAIRS],
        "keep_likelihoods": {rule: [likely[rule][ranks] for ranks in FOURS] for rule in _SIGNS},
    }


def _likelihoods(
    hands: dict[tuple[int, ...], float], cribs: dict[tuple[int, ...], float]
) -> dict[str, dict[tuple[int, ...], float]]:
    """:func:`keep_likelihoods` of every rule, in one pass over the six-rank deals (each deal's
    lay-aways valued once for the three rules)."""
    kept = {rule: dict.fromkeys(hands, 0.0) for rule in _SIGNS}
    rules = tuple(_SIGNS.items())
    deals = comb(52, 6)
    for six in combinations_with_replacement(_RANKS, 6):
        if max(Counter(six).values()) > 4:
            continue
        # The distinct lay-aways: with a rank twice, two places give the same one.
        ways = {(six[i], six[j]): (six[a], six[b], six[c], six[d])
                for (i, j), (a, b, c, d) in _LAY_AWAYS}  # fmt: skip
        values = [(hands[rest], cribs[away], rest) for away, rest in ways.items()]
        weight = _draw_weight(six) / deals
        for rule, sign in rules:
            best: list[tuple[int, ...]] = []
            best_value = -1e9
            for hand, crib, rest in values:
                value = hand + sign * crib
                if value > best_value + 1e-9:
                    best, best_value = [rest], value
                elif value > best_value - 1e-9:
                    best.append(rest)
            share = weight / len(best)
            masses = kept[rule]
            for keep in best:
                masses[keep] += share
    fours = comb(52, 4)
    return {
        rule: {keep: mass / (_draw_weight(keep) / fours) for keep, mass in masses.items()}
        for rule, masses in kept.items()
    }


@cache
def soft_keep_likelihoods(temperature: float) -> dict[tuple[int, ...], float]:
    """:func:`keep_values` as the soft belief ``exp(value / temperature)``, on the scale of
    :func:`keep_likelihoods` (the mean over random draws of four cards is 1), so that the two
    can be weighed against each other.

    >>> soft = soft_keep_likelihoods(4.0)
    >>> soft[(5, 5, 10, 11)] > 1 > soft[(1, 2, 8, 13)]
    True
    """
    raw = {keep: exp(value / temperature) for keep, value in keep_values().items()}
    mean = sum(weight * _draw_weight(keep) for keep, weight in raw.items()) / comb(52, 4)
    return {keep: weight / mean for keep, weight in raw.items()}
