"""What the benchmark scripts share: percentiles and the summaries of times.

>>> times = [0.010, 0.020, 0.030, 0.040]
>>> summary(times, "median", "p95", "max")
{'median_ms': 25.0, 'p95_ms': 40.0, 'max_ms': 40.0}
>>> summary(times, "p50", "min", scale=1, digits=3, prefix="whole_", suffix="_s")
{'whole_p50_s': 0.025, 'whole_min_s': 0.01}
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from cribkit.ai.players import Observation, Player
from cribkit.games.protocol import Action


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def figure(values: Sequence[float], name: str) -> float:
    """One figure of ``values`` by its name: ``median`` (or ``p50``, the same), ``mean``,
    ``min``, ``max``, or ``pNN``, the NN-th percentile (:func:`percentile`, nearest rank)."""
    match name:
        case "median" | "p50":
            return statistics.median(values)
        case "mean":
            return statistics.fmean(values)
        case "min":
            return min(values)
        case "max":
            return max(values)
    if name.startswith("p") and name[1:].isdigit():
        return percentile(values, int(name[1:]) / 100)
    raise ValueError(f"no figure {name!r}: median, mean, min, max or pNN")


def summary(
    seconds: Sequence[float],
    *figures: str,
    scale: float = 1000.0,
    digits: int | None = None,
    prefix: str = "",
    suffix: str = "_ms",
) -> dict[str, float]:
    """The named figures (:func:`figure`) of times in seconds, times ``scale`` (milliseconds
    unless told), rounded to ``digits`` when given, each keyed ``prefix + name + suffix``."""
    out: dict[str, float] = {}
    for name in figures:
        value = scale * figure(seconds, name)
        out[f"{prefix}{name}{suffix}"] = value if digits is None else round(value, digits)
    return out


def timing_summary(times: Sequence[float], target_p95_seconds: float) -> dict[str, Any]:
    """Decision times (seconds) as milliseconds: count, mean, median, p95, p99, max, target."""
    return {
        "decisions": len(times),
        **summary(times, "mean", "median", "p95", "p99", "max"),
        "target_p95_ms": 1000 * target_p95_seconds,
    }


def timed_choice(
    player: Player, observation: Observation, legal: Sequence[Action]
) -> tuple[Action, float, float]:
    """``player``'s choice and the seconds it took: wall-clock, and the process's CPU time
    (what the decision costs on a shared machine, where the wall clock counts other work)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    action = player.choose(observation, legal)
    return action, time.perf_counter() - started, time.process_time() - cpu_started
