"""Benchmark: whole random classic games, cribkit against OpenSpiel's C++ cribbage, per CPU-second.

Run from the repository root. OpenSpiel is in the development environment (the ``openspiel``
extra, for ``cribkit.env.openspiel``), so the project's .venv runs it::

    PYTHONPATH=src .venv/bin/python bench/bench_openspiel.py
    PYTHONPATH=src .venv/bin/python bench/bench_openspiel.py --games 300 --runs 5 --check

Without OpenSpiel the OpenSpiel figures are skipped.

Five figures, each the median of ``--runs`` timed rounds of ``--games`` 2-player games to 121
(every round runs each of them once, in turn; a ratio to OpenSpiel is the median of the
rounds' ratios), by CPU time (``time.process_time``: the machine is shared, and the CPU time a process uses is
disturbed less by the others than the wall clock):

- ``engine``: cribkit's engine loop, ``state.apply(rng.choice(state.legal_actions()))`` from
  ``start_game(seed=...)``, the events not read (as ``bench/bench_classic.py``);
- ``playout``: the same games played in place (``state.playout()``: one mutable run, no
  state made per action), what ``simulate`` plays on; no target of its own;
- ``simulate``: :func:`cribkit.sim.simulate` with two random players, what ``cribkit simulate
  classic --ai random,random`` runs (its tallies, the player interface and all);
- ``openspiel``: ``pyspiel.load_game("cribbage")``, random play from ``state.legal_actions()``
  and each chance outcome drawn by its probability from ``state.chance_outcomes()`` with
  ``random.Random.choices`` (about 160 chance nodes a game: OpenSpiel deals card by card, so
  the draw weighs much; ``openspiel_numpy`` and ``openspiel_uniform`` are the same games
  drawn by other means, :data:`SAMPLERS`, shown beside it);
- ``workers``: ``simulate`` with ``--workers`` processes, CPU time per game summed over the
  parent and its worker processes, against one process (a ratio near 1 is a near-linear
  speed-up wherever cores are free).

The targets: the engine at least 2x OpenSpiel (the ``choices`` figure), simulate at least 1x. ``--check`` exits 1 if
either is missed (or, without OpenSpiel, never for them), or if the workers' CPU per game is
more than 1.25x one process's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import start_game
from cribkit.sim import simulate

ENGINE_TARGET = 2.0
SIMULATE_TARGET = 1.0
WORKERS_LIMIT = 1.25


def engine_games(games: int, first_seed: int = 0) -> None:
    """``games`` seeded random classic games through the engine loop."""
    rules = ClassicRules()
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = start_game(rules, seed=seed).state
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions())).state


def playout_games(games: int, first_seed: int = 0) -> None:
    """``games`` seeded random classic games played in place (:meth:`ClassicState.playout`,
    what ``simulate`` plays on), the events not read."""
    rules = ClassicRules()
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        game = start_game(rules, seed=seed).state.playout()
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))


def simulate_games(games: int, first_seed: int = 0) -> None:
    """``games`` games of ``simulate`` between two random players, in this process."""
    simulate("classic", ["random", "random"], games=games, seed=first_seed)


#: How the OpenSpiel loop draws a chance outcome (a card dealt, the starter) from
#: ``state.chance_outcomes()``: ``choices`` (the reference), ``random.Random.choices`` by the
#: outcomes' probabilities; ``numpy``, a numpy Generator's ``choice`` with ``p``; ``uniform``,
#: ``random.Random.choice`` of the outcomes, the same distribution while every outcome is as
#: likely as the others (checked on the first :data:`CHECKED_DRAWS` draws).
SAMPLERS = ("choices", "numpy", "uniform")
CHECKED_DRAWS = 2000


def openspiel_player(sampler: str = "choices") -> Callable[[int, int], None] | None:
    """The OpenSpiel loop, drawing chance outcomes with ``sampler``; None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    import numpy as np

    game = pyspiel.load_game("cribbage")
    checked = [0]

    def draw(outcomes: list[tuple[int, float]], rng: random.Random, gen: Any) -> int:
        if sampler == "choices":
            actions = [action for action, _ in outcomes]
            weights = [probability for _, probability in outcomes]
            return rng.choices(actions, weights)[0]
        if sampler == "numpy":
            actions = [action for action, _ in outcomes]
            weights = [probability for _, probability in outcomes]
            return int(gen.choice(actions, p=weights))
        if checked[0] < CHECKED_DRAWS:
            checked[0] += 1
            first = outcomes[0][1]
            assert all(abs(p - first) < 1e-12 for _, p in outcomes), "not equally likely"
        return int(rng.choice(outcomes)[0])

    def play(games: int, first_seed: int = 0) -> None:
        for seed in range(first_seed, first_seed + games):
            rng, gen = random.Random(seed), np.random.default_rng(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(draw(state.chance_outcomes(), rng, gen))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))

    return play


def interleaved_rates(
    players: dict[str, Callable[[int, int], None]], games: int, runs: int
) -> dict[str, list[float]]:
    """Games per CPU-second of each player in each of ``runs`` rounds (after one short
    warm-up each): every round runs every player once, in turn, so that a change in the
    machine's load between rounds weighs on all of them alike."""
    for play in players.values():
        play(max(games // 10, 5), 10**6)
    rates: dict[str, list[float]] = {name: [] for name in players}
    for run in range(runs):
        for name, play in players.items():
            started = time.process_time()
            play(games, run * games)
            rates[name].append(games / (time.process_time() - started))
    return rates


def all_cpu() -> float:
    """CPU seconds of this process and of its waited-for children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def workers_figures(games: int, workers: int) -> dict[str, Any]:
    """CPU time per game (parent and workers) and wall time, one process against ``workers``."""
    out: dict[str, Any] = {"workers": workers}
    for label, count in (("one", 1), ("many", workers)):
        cpu, wall = all_cpu(), time.perf_counter()
        simulate("classic", ["random", "random"], games=games, seed=7, workers=count)
        out[f"cpu_ms_per_game_{label}"] = round(1000 * (all_cpu() - cpu) / games, 3)
        out[f"wall_s_{label}"] = round(time.perf_counter() - wall, 2)
    out["cpu_ratio"] = round(out["cpu_ms_per_game_many"] / out["cpu_ms_per_game_one"], 3)
    out["wall_speedup"] = round(out["wall_s_one"] / out["wall_s_many"], 2)
    return out


def run(games: int, runs: int, workers: int, worker_games: int) -> dict[str, Any]:
    result: dict[str, Any] = {
        "benchmark": "whole random classic games per CPU-second",
        "games": games,
        "runs": runs,
        "python": platform.python_version(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    spiel = openspiel_player()
    players: dict[str, Callable[[int, int], None] | None] = {
        "engine": engine_games,
        "playout": playout_games,
        "simulate": simulate_games,
        "openspiel": spiel,
    }
    if spiel is not None:
        for sampler in SAMPLERS[1:]:
            players[f"openspiel_{sampler}"] = openspiel_player(sampler)
    present = {name: play for name, play in players.items() if play is not None}
    rates = interleaved_rates(present, games, runs)
    for name in players:
        if name not in rates:
            result[name] = None
            continue
        result[name] = {
            "median": round(statistics.median(rates[name]), 1),
            "min": round(min(rates[name]), 1),
            "max": round(max(rates[name]), 1),
        }
    if spiel is not None:
        # Each round's ratio to OpenSpiel in that round, and their median.
        for name in ("engine", "playout", "simulate"):
            pairs = zip(rates[name], rates["openspiel"], strict=True)
            ratios = [ours / theirs for ours, theirs in pairs]
            result[f"{name}_ratio"] = round(statistics.median(ratios), 2)
    if workers > 1:
        result["parallel"] = workers_figures(worker_games, workers)
    return result


def missed(result: dict[str, Any]) -> list[str]:
    """The targets missed, in words."""
    out = []
    if result.get("engine_ratio", ENGINE_TARGET) < ENGINE_TARGET:
        out.append(f"engine {result['engine_ratio']}x OpenSpiel, target {ENGINE_TARGET}x")
    if result.get("simulate_ratio", SIMULATE_TARGET) < SIMULATE_TARGET:
        out.append(f"simulate {result['simulate_ratio']}x OpenSpiel, target {SIMULATE_TARGET}x")
    parallel = result.get("parallel")
    if parallel and parallel["cpu_ratio"] > WORKERS_LIMIT:
        out.append(f"workers' CPU per game {parallel['cpu_ratio']}x one process's")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (the median is shown)")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: not measured)")
    parser.add_argument("--worker-games", type=int, default=2000, help="games of that figure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    result = run(args.games, args.runs, args.workers, args.worker_games)
    if args.json:
        json.dump(result, sys.stdout)
        print()
    else:
        print(f"{args.games} games x {args.runs} runs, games per CPU-second, median (min - max):")
        for name in (
            "engine",
            "playout",
            "simulate",
            "openspiel",
            "openspiel_numpy",
            "openspiel_uniform",
        ):
            figure = result.get(name)
            if figure is None and name != "openspiel":
                continue
            if figure is None:
                print(f"  {name:<17} skipped (no pyspiel here)")
                continue
            ratio = result.get(f"{name}_ratio")
            print(
                f"  {name:<17} {figure['median']:>7.0f} ({figure['min']:.0f} - {figure['max']:.0f})"
                + (f"  {ratio:.2f}x OpenSpiel" if ratio is not None else "")
            )
        parallel = result.get("parallel")
        if parallel:
            print(
                f"  {parallel['workers']} workers          {parallel['cpu_ms_per_game_many']:.2f} ms CPU "
                f"a game against {parallel['cpu_ms_per_game_one']:.2f} in one process "
                f"({parallel['cpu_ratio']:.2f}x); wall {parallel['wall_s_many']:.1f} s against "
                f"{parallel['wall_s_one']:.1f} s ({parallel['wall_speedup']:.2f}x faster)"
            )
        print(f"  load average {result['load_average']}")
    failures = missed(result)
    for failure in failures:
        print(f"missed: {failure}", file=sys.stderr)
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
