"""Benchmark: random full classic games per CPU-second through the learning environments.

Run from the repository root::

    PYTHONPATH=src .venv/bin/python bench/bench_env.py            # 5 rounds of about 1 s each
    PYTHONPATH=src .venv/bin/python bench/bench_env.py --runs 7 --seconds 2 --json
    PYTHONPATH=src .venv/bin/python bench/bench_env.py --check    # exit 1 under the figures

The ways of playing two-player classic games to the end with uniformly random legal moves:

- ``env``: the PettingZoo AEC environment (``classic_v0.raw_env()``) in PettingZoo's own loop
  (``agent_iter()``, ``last()``, ``step()``), each move drawn from the action mask of the agent
  to move (so each move also builds its observation);
- ``batch``: :class:`cribkit.env.vector.ClassicBatch` of ``--batch`` games (1024) stepped
  together, the moves drawn from the masks at once (:func:`~cribkit.env.vector.random_moves`),
  counting the games finished in the timed steps once the batch runs steadily; ``batch_obs``
  also builds every observation each step;
- ``vector_env_self`` and ``vector_env_random``: the Gymnasium vector environment of
  ``--batch`` games (:class:`cribkit.env.vector_gym.ClassicVectorEnv`) in self-play and against
  its random opponent, the learner's moves drawn from ``info["action_mask"]``, each step
  returning every observation and mask (in self-play every decision is an agent step, as in
  OpenSpiel's loop; against the random opponent about half are);
- ``openspiel``: OpenSpiel's C++ cribbage through pyspiel (``pyspiel.load_game("cribbage")``),
  chance outcomes and moves drawn with ``random.Random``, each decision asking for the
  observation tensor and the legal-action mask first, as an agent of the environment gets them
  (the figures' measure); ``openspiel_moves_only`` skips them (skipped when pyspiel is missing).

Each round times each of them in turn (so a busy machine slows them alike), by the CPU time of
the process (``time.process_time``, which other processes disturb less than the wall clock);
the figures are the medians of the rounds, and the ratios are of the medians of the same run.
The figures asked for (issue 18): the batch at least 5 times OpenSpiel, the environment at
least as fast; ``--check`` exits 1 when either is missed. Solitaire's batch and environment are
timed too, for information.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cribkit.env import classic_v0, solitaire_v0
from cribkit.env.aec import CribkitAEC
from cribkit.env.vector import ClassicBatch, SolitaireBatch, random_moves
from cribkit.env.vector_gym import ClassicVectorEnv

BATCH_OVER_OPENSPIEL = 5.0
ENV_OVER_OPENSPIEL = 1.0


def env_games(make: Callable[[], CribkitAEC], seconds: float, seed: int) -> float:
    """Games per CPU-second through an AEC environment, random legal moves from the masks."""
    env = make()
    rng = random.Random(seed)
    games = 0
    start = time.process_time()
    while True:
        env.reset(seed=seed + games)
        # PettingZoo's own loop: each agent's observation, mask and reward by last(), and each
        # agent stepped once more with None when the game is over.
        for _ in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        games += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return games / spent


def batch_games(n: int, seconds: float, seed: int, *, observe: bool = False) -> float:
    """Games per CPU-second through a :class:`ClassicBatch` of ``n`` games, once steady."""
    batch = ClassicBatch(n, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(150):  # the games spread over every stage
        batch.step(random_moves(batch.masks(), rng))
    first = batch.games
    start = time.process_time()
    while True:
        for _ in range(20):
            if observe:
                batch.observations()
            batch.step(random_moves(batch.masks(), rng))
        spent = time.process_time() - start
        if spent >= seconds:
            return (batch.games - first) / spent


def vector_env_games(n: int, seconds: float, seed: int, opponent: str) -> float:
    """Games per CPU-second through the Gymnasium vector environment of ``n`` games
    (:class:`~cribkit.env.vector_gym.ClassicVectorEnv`), the learner's moves drawn at random
    from ``info["action_mask"]``, every step's observations made, once steady. In self-play
    every decision of a game is an agent step, as in OpenSpiel's loop."""
    env = ClassicVectorEnv(n, opponent=opponent, seed=seed)
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(150):  # the games spread over every stage
        _, _, _, _, info = env.step(random_moves(info["action_mask"], rng))
    first = env.games
    start = time.process_time()
    while True:
        for _ in range(20):
            _, _, _, _, info = env.step(random_moves(info["action_mask"], rng))
        spent = time.process_time() - start
        if spent >= seconds:
            return (env.games - first) / spent


def solitaire_batch_games(n: int, seconds: float, seed: int) -> float:
    """Solitaire games per CPU-second through a :class:`SolitaireBatch`, with observations."""
    batch = SolitaireBatch(n, seed=seed)
    rng = np.random.default_rng(seed)
    first = batch.games
    start = time.process_time()
    while True:
        for _ in range(6):
            batch.observations()
            batch.step(random_moves(batch.masks(), rng))
        spent = time.process_time() - start
        if spent >= seconds:
            return (batch.games - first) / spent


def openspiel_games(seconds: float, seed: int, *, observe: bool = True) -> float | None:
    """Games per CPU-second of OpenSpiel's C++ cribbage through pyspiel (None without it).

    Like the environment, each decision gets the player's observation tensor and legal-action
    mask before its random legal move (``observe=False``: the moves alone)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage")
    rng = random.Random(seed)
    games = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if observe:
                player = state.current_player()
                state.observation_tensor(player)
                state.legal_actions_mask(player)
            state.apply_action(rng.choice(state.legal_actions()))
        games += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return games / spent


def run(runs: int, seconds: float, n: int) -> dict[str, Any]:
    """``runs`` rounds of every measure; the medians, the ratios and the figures' verdicts."""
    measures: dict[str, Callable[[int], float | None]] = {
        "env": lambda seed: env_games(classic_v0.raw_env, seconds, seed),
        "batch": lambda seed: batch_games(n, seconds, seed),
        "batch_obs": lambda seed: batch_games(n, seconds, seed, observe=True),
        "vector_env_self": lambda seed: vector_env_games(n, seconds, seed, "self"),
        "vector_env_random": lambda seed: vector_env_games(n, seconds, seed, "random"),
        "openspiel": lambda seed: openspiel_games(seconds, seed),
        "openspiel_moves_only": lambda seed: openspiel_games(seconds, seed, observe=False),
        "solitaire_env": lambda seed: env_games(solitaire_v0.raw_env, seconds, seed),
        "solitaire_batch": lambda seed: solitaire_batch_games(n, seconds, seed),
    }
    for measure in measures.values():  # warm up: imports, tables, caches
        measure(10**6)
    rates: dict[str, list[float]] = {name: [] for name in measures}
    for round_no in range(runs):
        for name, measure in measures.items():
            rate = measure(round_no)
            if rate is not None:
                rates[name].append(rate)
    medians = {name: statistics.median(r) for name, r in rates.items() if r}
    out: dict[str, Any] = {
        "benchmark": "random classic games per CPU-second through the environments",
        "players": 2,
        "batch": n,
        "runs": runs,
        "seconds_per_measure": seconds,
        "games_per_cpu_second": {name: round(m, 1) for name, m in medians.items()},
        "min": {name: round(min(r), 1) for name, r in rates.items() if r},
        "max": {name: round(max(r), 1) for name, r in rates.items() if r},
        "python": platform.python_version(),
    }
    spiel = medians.get("openspiel")
    if spiel:
        out["ratios_to_openspiel"] = {
            name: round(m / spiel, 2) for name, m in medians.items() if name != "openspiel"
        }
        out["ratios_to_openspiel_moves_only"] = {
            name: round(m / medians["openspiel_moves_only"], 2)
            for name, m in medians.items()
            if not name.startswith("openspiel")
        }
        out["batch_ok"] = medians["batch"] >= BATCH_OVER_OPENSPIEL * spiel
        out["env_ok"] = medians["env"] >= ENV_OVER_OPENSPIEL * spiel
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of every measure")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time of each measure")
    parser.add_argument("--batch", type=int, default=1024, help="games in the batch")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--check", action="store_true", help="exit 1 under the figures")
    args = parser.parse_args(argv)
    result = run(args.runs, args.seconds, args.batch)
    if args.json:
        print(json.dumps(result))
    else:
        rates = result["games_per_cpu_second"]
        ratios = result.get("ratios_to_openspiel", {})
        for name, rate in rates.items():
            ratio = f"  ({ratios[name]:.2f}x OpenSpiel)" if name in ratios else ""
            print(f"{name:16} {rate:10.1f} games/s{ratio}")
    if args.check:
        if "batch_ok" not in result:
            print("bench_env: pyspiel is not importable: nothing to check", file=sys.stderr)
            return 0
        failed = [
            f"{what} is {result['ratios_to_openspiel'][what]}x OpenSpiel, under {need}x"
            for what, need, ok in (
                ("batch", BATCH_OVER_OPENSPIEL, result["batch_ok"]),
                ("env", ENV_OVER_OPENSPIEL, result["env_ok"]),
            )
            if not ok
        ]
        for line in failed:
            print(f"bench_env: {line}", file=sys.stderr)
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
