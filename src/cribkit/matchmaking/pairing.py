"""Pairing the players who wait for a game: by rating, within a window that widens the longer
they wait (±100 at once, 50 more every 5 seconds), never two who block each other.

A general maximum matching is too slow for a pool of any size (networkx's blossom algorithm took
41 s for 1,000 players at ±50), and it is not what a waiting player wants either: the nearest
partner now. So a round walks the pool in rating order and pairs each player still unpaired with
the nearest unpaired player above them whom both windows admit and neither blocks; what is left
waits for the next round, its windows a little wider. A round of 1,000 waiting players takes a
few milliseconds (``bench/bench_pairing.py``, docs/performance.md "Quick play").

>>> pool = [Waiting("ann", 1500, 0.0), Waiting("bob", 1580, 0.0), Waiting("cy", 1900, 0.0)]
>>> pair(pool, now=0.0)
[('ann', 'bob')]
>>> pair([Waiting("ann", 1500, 0.0), Waiting("cy", 1760, 0.0)], now=20.0)  # (±300 by then)
[('ann', 'cy')]
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

#: The window at once, and how it widens: so many points every so many seconds.
START_WINDOW: Final = 100.0
WIDEN_BY: Final = 50.0
WIDEN_EVERY: Final = 5.0
#: The widest a window grows (so the walk's look-ahead is bounded).
MAX_WINDOW: Final = 1000.0


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player waiting in a pool: their rating, since when they wait, whom they block."""

    player: str
    rating: float
    since: float
    blocks: frozenset[str] = field(default_factory=frozenset)


def window(waited: float) -> float:
    """How far from their rating a player who has waited ``waited`` seconds is paired.

    >>> window(0), window(4.9), window(5), window(12)
    (100.0, 100.0, 150.0, 200.0)
    """
    steps = int(max(waited, 0.0) // WIDEN_EVERY)
    return min(START_WINDOW + WIDEN_BY * steps, MAX_WINDOW)


def compatible(first: Waiting, second: Waiting, now: float) -> bool:
    """Whether the two may be paired now: each within the other's window, neither blocking."""
    gap = abs(first.rating - second.rating)
    if gap > window(now - first.since) or gap > window(now - second.since):
        return False
    return second.player not in first.blocks and first.player not in second.blocks


def pair(waiting: Sequence[Waiting], now: float) -> list[tuple[str, str]]:
    """One round: the pairs made now, each (lower rated, higher rated); a player once at most
    (a player waiting twice counts once)."""
    ordered = sorted({w.player: w for w in waiting}.values(), key=lambda w: (w.rating, w.since))
    ratings = [w.rating for w in ordered]
    taken = [False] * len(ordered)
    pairs: list[tuple[str, str]] = []
    for index, player in enumerate(ordered):
        if taken[index]:
            continue
        reach = player.rating + window(now - player.since)
        end = bisect.bisect_right(ratings, reach, lo=index + 1)
        for other in range(index + 1, end):
            if not taken[other] and compatible(player, ordered[other], now):
                taken[index] = taken[other] = True
                pairs.append((player.player, ordered[other].player))
                break
    return pairs
