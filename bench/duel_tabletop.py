"""Benchmark: duplicate matches of Table Top Cribbage, to compare AI levels with little noise.

Run from the repository root (one process at a time on a shared machine)::

    .venv/bin/python bench/duel_tabletop.py --variants medium,expert --games 200 --workers 2
    .venv/bin/python bench/duel_tabletop.py --variants easy,medium,expert --json
    .venv/bin/python bench/duel_tabletop.py --spec tabletop:players=4 --variants medium,expert

Every seed is one match to the rules' target (121 unless ``--spec`` says otherwise), and every
variant plays it twice on the same decks: once in seat 0 and once in seat 1 (with four players
the variant's partnership takes each side in turn), against ``--against`` (medium by default) in
the other seat. The players' seeds come from the game's seed and the chair, so the opponent
plays the same way against every variant until their choices part, and a variant equal to the
opponent plays the very same matches. Duplicate matches cancel the luck of the cards: what is
left of the difference between two variants on a seed comes from where they chose differently,
so the paired difference has a much smaller standard error than two separate win rates.

For each variant the script prints its match win rate with a 95% Wilson interval and its mean
margin a match (its final score minus the opponent's) with the standard error over the seeds,
the margin by part (its points minus the opponent's as dealer and as pone), and for each
variant after the first its paired difference from the first, seed by seed: margin and wins a
match (mean ± standard error) and how many seeds were played differently.
"""

from __future__ import annotations

from cribkit.sim import GameOutcome
from duel_common import main


def tabletop_parts(outcome: GameOutcome, entrant: int) -> dict[str, int]:
    """The entrant's points as dealer and as pone (lines, and his heels with ``heels``)."""
    return {role: sum(phases.values()) for role, phases in outcome.points[entrant].items()}


if __name__ == "__main__":
    main(__doc__ or "", "tabletop", tabletop_parts, games=200, seed=20261129)
