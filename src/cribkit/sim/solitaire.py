"""Cribbage Solitaire simulations: many seeded deals played by one AI level.

Deal ``i`` of a run with ``seed`` is the game seeded ``seed + i`` (so any deal can be played
again with ``start_solitaire(seed=seed + i)``), played by a fresh player of the level. For each
deal the best possible total, knowing the whole deck order, is computed too.

>>> result = simulate_solitaire(20, "expert", seed=1)
>>> result.deals, result.mean_total <= result.mean_best
(20, True)
>>> data = result.to_dict()
>>> data["deals"], data["seeds"], 0 <= data["good_rate"] <= 1
(20, [1, 20], True)

The daily deal's seed is :func:`~cribkit.games.solitaire.deal.daily_seed` of the date (``YYYYMMDD``).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cribkit.ai.players import LEVELS, make_player
from cribkit.ai.solitaire import best_play, best_possible_total
from cribkit.games.solitaire.deal import daily_seed
from cribkit.games.solitaire.rules import SolitaireRules
from cribkit.games.solitaire.state import start_solitaire
from cribkit.sim import wilson_interval

__all__ = ["SolitaireSimResult", "daily_seed", "deal_report", "play_deal", "simulate_solitaire"]

#: How many deals between two calls of the progress callback.
PROGRESS_EVERY = 50


def play_deal(seed: int, level: str) -> tuple[int, int]:
    """Play the deal seeded ``seed`` with an AI ``level``: (its total, the best possible total).

    >>> total, best = play_deal(5, "expert")
    >>> 0 <= total <= best
    True
    """
    # Importing cribkit.ai.solitaire (above) registers the Solitaire players.
    player = make_player("solitaire", level, seed)
    state = start_solitaire(seed=seed).state
    while not state.is_terminal:
        state = state.apply(player.choose(state.observation(0), state.legal_actions())).state
    return state.total, best_possible_total(state.deck)


def deal_report(seed: int | str, level: str = "expert") -> dict[str, Any]:
    """One deal played by an AI ``level``, JSON-ready, for a command that shows a deal (such
    as the daily one): the ``seed``, the ``total`` and its ``rating``, the ``best`` possible
    total with each round's best lay-away and points (``best_rounds``), every event
    (``to_json()``: ``text`` and ``words``) and the game's ``record``.

    >>> report = deal_report(20250314)
    >>> report["total"], report["best"], report["rating"], len(report["best_rounds"])
    (100, 113, 'good', 6)
    >>> report["events"][0]["text"]
    'round 1: you are dealt Ac 5h 7c 7h 9c Ks (and 2 to the crib, face down)'
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: the levels are {', '.join(LEVELS)}")
    player = make_player("solitaire", level, seed if isinstance(seed, int) else None)
    transition = start_solitaire(seed=seed)
    state, events = transition.state, list(transition.events)
    while not state.is_terminal:
        transition = state.apply(player.choose(state.observation(0), state.legal_actions()))
        state = transition.state
        events.extend(transition.events)
    assert state.result is not None
    plan = best_play(state.deck)
    return {
        "game": "solitaire",
        "seed": seed,
        "level": level,
        "total": state.total,
        "rating": state.result.rating,
        "best": plan.total,
        "best_rounds": [
            {"round": index, "laid_away": [str(c) for c in laid], "points": points}
            for index, (laid, points) in enumerate(
                zip(plan.discards, plan.round_points, strict=True)
            )
        ],
        "best_last_hand": plan.last_hand_points,
        "rounds": [done.to_json() for done in state.rounds],
        "events": [event.to_json() for event in events],
        "record": state.record(),
    }


@dataclass
class SolitaireSimResult:
    """The totals of a run: one total and one best possible total per deal, in deal order."""

    level: str
    seed: int
    totals: list[int] = field(default_factory=list)
    bests: list[int] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def deals(self) -> int:
        """Deals played."""
        return len(self.totals)

    @property
    def mean_total(self) -> float:
        """The mean total."""
        return statistics.fmean(self.totals) if self.totals else 0.0

    @property
    def mean_best(self) -> float:
        """The mean best possible total, knowing each deck's order."""
        return statistics.fmean(self.bests) if self.bests else 0.0

    @property
    def goods(self) -> int:
        """Deals that passed the skunk line (91 or more)."""
        return sum(t >= SolitaireRules.GOOD for t in self.totals)

    @property
    def greats(self) -> int:
        """Deals of 121 or more."""
        return sum(t >= SolitaireRules.GREAT for t in self.totals)

    def _stderr(self, values: list[int]) -> float:
        return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures: means with standard errors, rates with 95% Wilson intervals."""
        n = self.deals
        return {
            "game": "solitaire",
            "level": self.level,
            "deals": n,
            "seed": self.seed,
            "seeds": [self.seed, self.seed + n - 1] if n else [],
            "mean_total": self.mean_total,
            "mean_total_stderr": self._stderr(self.totals),
            "good_rate": self.goods / n if n else 0.0,
            "good_ci95": list(wilson_interval(self.goods, n)),
            "goods": self.goods,
            "great_rate": self.greats / n if n else 0.0,
            "great_ci95": list(wilson_interval(self.greats, n)),
            "greats": self.greats,
            "min_total": min(self.totals, default=0),
            "max_total": max(self.totals, default=0),
            "mean_best": self.mean_best,
            "mean_best_stderr": self._stderr(self.bests),
            "best_good_rate": sum(b >= SolitaireRules.GOOD for b in self.bests) / n if n else 0.0,
            "best_great_rate": sum(b >= SolitaireRules.GREAT for b in self.bests) / n if n else 0.0,
            "max_best": max(self.bests, default=0),
            "mean_gap": self.mean_best - self.mean_total,
            "perfect_deals": sum(t == b for t, b in zip(self.totals, self.bests, strict=True)),
            "seconds": self.seconds,
        }


def simulate_solitaire(
    deals: int,
    level: str = "expert",
    *,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SolitaireSimResult:
    """Play ``deals`` seeded deals (seeds ``seed``, ``seed + 1``, ...) with an AI ``level``.

    ``progress(n)`` is called after every :data:`PROGRESS_EVERY` deals (and at the end) with
    the number of deals just played, like :func:`cribkit.sim.simulate`'s. One process: a
    deal takes about 4 ms with the expert.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: the levels are {', '.join(LEVELS)}")
    if deals < 1:
        raise ValueError("simulate at least one deal")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the seed of a run is a whole number, not {seed!r}")
    started = time.perf_counter()
    result = SolitaireSimResult(level, seed)
    pending = 0
    for index in range(deals):
        total, best = play_deal(seed + index, level)
        result.totals.append(total)
        result.bests.append(best)
        pending += 1
        if progress is not None and (pending == PROGRESS_EVERY or index == deals - 1):
            progress(pending)
            pending = 0
    result.seconds = time.perf_counter() - started
    return result
