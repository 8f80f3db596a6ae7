"""What the benchmark scripts share: percentiles and the summary of decision times."""

from __future__ import annotations

import statistics
from typing import Any


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def timing_summary(times: list[float], target_p95_seconds: float) -> dict[str, Any]:
    """Decision times (seconds) as milliseconds: count, mean, median, p95, p99, max, target."""
    return {
        "decisions": len(times),
        "mean_ms": 1000 * statistics.mean(times),
        "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * percentile(times, 0.95),
        "p99_ms": 1000 * percentile(times, 0.99),
        "max_ms": 1000 * max(times),
        "target_p95_ms": 1000 * target_p95_seconds,
    }
