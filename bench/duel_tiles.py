"""Benchmark: duplicate games of Cribbage Tiles, to compare AI levels with little noise.

Run from the repository root (one process at a time on a shared machine)::

    nice -n 19 .venv/bin/python bench/duel_tiles.py --variants medium,expert --games 100
    nice -n 19 .venv/bin/python bench/duel_tiles.py --variants easy,medium --json --workers 2
    nice -n 19 .venv/bin/python bench/duel_tiles.py --spec tiles:joker=true --games 20

Every seed is one bag of tiles, and every variant plays a whole game from it once from each
chair (seat 0, then seat 1; with ``players=3`` or ``4`` every seat in turn), against
``--against`` (medium by default) in the other seats. The players' seeds come from the game's
seed and the chair, so an opponent plays the same way against every variant until their choices
part, and a variant equal to the opponent plays the very same games. Duplicate games cancel the
luck of the draw: what is left of the difference between two variants on a seed comes from where
they chose differently, so the paired difference has a much smaller standard error than two
separate win rates.

For each variant the script prints its win rate (a tie for first counts as a shared win) with a
95% Wilson interval, its mean margin a game (its final score minus the opponents' mean, rack
deductions included) with the standard error over the seeds, the margin by kind (hands,
bonuses, joker counts, deductions), and for each variant after the first its paired difference
from the first, seed by seed: margin and wins a game (mean ± standard error) and how many seeds
were played differently.
"""

from __future__ import annotations

from cribkit.sim import GameOutcome
from duel_common import main


def tiles_parts(outcome: GameOutcome, entrant: int) -> dict[str, int]:
    """The entrant's points by kind (:data:`cribkit.sim.TILES_KINDS`); they sum to its score."""
    return dict(outcome.tiles_points[entrant])


if __name__ == "__main__":
    main(__doc__ or "", "tiles", tiles_parts, games=100, seed=20260301)
