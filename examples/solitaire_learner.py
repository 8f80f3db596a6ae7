"""A small learner of Cribbage Solitaire's lay-away, from self-play (numpy only).

Cribbage Solitaire's one decision, six times a game, is which 2 of the 6 hand cards to lay
away to the crib (the rules: ``cribkit.games.solitaire.state``; the environment:
``docs/env.md``, "solitaire_v0"). This example learns it in the PettingZoo environment
``cribkit.env.solitaire_v0``, whose reward is the points counted (an episode's return is the
game's total), with:

- **features**: for each of the 15 candidate lay-aways, a handful of numbers computed from the
  observation array alone (:func:`candidate_features`): the kept four's exact points averaged
  over every starter still possible (the core's fast scoring, ``batch_hand_totals``), the two
  laid cards' points with each possible starter, and a few indicators of the laid pair (a
  pair, a fifteen, fives, touching ranks...);
- **a linear softmax policy** over the candidates, ``p(a) ~ exp(theta . phi(a))``, starting at
  ``theta = 0`` (the uniform random policy);
- **REINFORCE with a baseline**: after each lay-away, ``theta += lr * (r - b) * (phi(a) -
  E_p[phi])``. The credit of a lay-away is its round's points ``r`` (the deck's order is fixed
  by the deal, so a choice changes only its own round's count), ``b`` a running mean of that
  round's points; the step ``lr`` shrinks as ``lr0 / (1 + t / decay)`` after ``t`` lay-aways.

The learner is evaluated greedily (ties broken at random, so the untrained policy is the random
one) on fixed evaluation seeds before, during and after training, beside cribkit's ``easy`` and
``expert`` Solitaire players on the same seeds (the same deals)::

    PYTHONPATH=src python examples/solitaire_learner.py --episodes 2000 --seed 0 \\
        --plot examples/solitaire_learning_curve.png

matplotlib (``examples/requirements.txt``) is needed only for ``--plot``, and imported only then.
The features, the figures and the curve: ``docs/env-example.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.ai.players import choose_for_seat, make_player
from cribkit.core.cards import DECK_SIZE
from cribkit.core.tables import CARD_WEIGHT_ARRAY, RANK_TABLES, batch_hand_totals
from cribkit.env import solitaire_v0
from cribkit.env.aec import CribkitAEC
from cribkit.env.codec import PAIRS

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

#: Where the observation array (``cribkit.env.solitaire_codec``) keeps what the features read.
HAND: Final = 0
SEEN: Final = 52
BOTTOM: Final = 104
ROUND: Final = 260
STARTER_KNOWN: Final = 269

#: The features of one candidate lay-away, in the order of :func:`candidate_features`.
FEATURES: Final = (
    "hand points (mean over the starters, /10)",
    "laid two + starter points (mean, /10)",
    "laid a pair",
    "laid a fifteen",
    "fives laid",
    "laid touching ranks",
    "laid ranks two apart",
    "laid one suit",
    "jacks laid",
    "ten-cards laid",
)

_CARDS: Final = np.arange(DECK_SIZE)
_RANK: Final = _CARDS // 4 + 1
_SUIT: Final = _CARDS % 4
_PIP: Final = np.minimum(_RANK, 10)
_FIRST: Final = np.array([p[0] for p in PAIRS], dtype=np.intp)
_SECOND: Final = np.array([p[1] for p in PAIRS], dtype=np.intp)
#: For each of the 15 lay-aways, the places of the four cards kept.
_KEPT: Final = np.array([[i for i in range(6) if i not in p] for p in PAIRS], dtype=np.intp)
_R3: Final = RANK_TABLES[3].astype(np.float64)


class StarterMemory:
    """The order in which the starters went to the bottom of the stock, from the observations.

    The array marks the bottom's cards but not their order; a player who watches them arrive
    round by round knows it, and so, in the sixth round, the starter to come (the top one)."""

    def __init__(self) -> None:
        self.order: list[int] = []

    def reset(self) -> None:
        self.order = []

    def see(self, observation: npt.NDArray[np.float32]) -> None:
        """Note the cards newly seen going to the bottom."""
        for card in np.flatnonzero(observation[BOTTOM : BOTTOM + DECK_SIZE]):
            if int(card) not in self.order:
                self.order.append(int(card))

    def next_starter(self, observation: npt.NDArray[np.float32]) -> int | None:
        """The starter to come when the observation says it is known (the topmost bottom card)."""
        if observation[STARTER_KNOWN] < 0.5:
            return None
        bottom = observation[BOTTOM : BOTTOM + DECK_SIZE]
        return next((c for c in self.order if bottom[c] > 0.5), None)


def candidate_features(
    observation: npt.NDArray[np.float32], starter: int | None = None
) -> FloatArray:
    """The (15, len(FEATURES)) features of the 15 lay-aways, in the environment's move order.

    The starter is ``starter`` when known, else any card not seen yet (the face-down crib
    cards and the stock but the starters seen going to its bottom), equally likely."""
    hand = np.flatnonzero(observation[HAND : HAND + DECK_SIZE])
    if starter is None:
        starters = np.flatnonzero(observation[SEEN : SEEN + DECK_SIZE] < 0.5)
    else:
        starters = np.array([starter], dtype=np.intp)
    kept = hand[_KEPT]  # (15, 4)
    first, second = hand[_FIRST], hand[_SECOND]  # (15,): the two laid away
    n = len(starters)
    rows = np.concatenate(
        [np.repeat(kept, n, axis=0), np.tile(starters, len(PAIRS))[:, None]], axis=1
    )
    hand_points = batch_hand_totals(rows).reshape(len(PAIRS), n).mean(axis=1)
    keys = CARD_WEIGHT_ARRAY[first] + CARD_WEIGHT_ARRAY[second]
    laid_points = _R3[keys[:, None] + CARD_WEIGHT_ARRAY[starters][None, :]].mean(axis=1)
    r1, r2 = _RANK[first], _RANK[second]
    gap = np.abs(r1 - r2)
    columns = [
        hand_points / 10,
        laid_points / 10,
        r1 == r2,
        _PIP[first] + _PIP[second] == 15,
        (r1 == 5).astype(np.int64) + (r2 == 5),
        gap == 1,
        gap == 2,
        _SUIT[first] == _SUIT[second],
        (r1 == 11).astype(np.int64) + (r2 == 11),
        (_PIP[first] == 10).astype(np.int64) + (_PIP[second] == 10),
    ]
    return np.stack([np.asarray(c, dtype=np.float64) for c in columns], axis=1)


def round_of(observation: npt.NDArray[np.float32]) -> int:
    """The round being played (0-5)."""
    return int(np.argmax(observation[ROUND : ROUND + 6]))


@dataclass
class Learner:
    """A linear softmax policy over the candidates' features, learnt by REINFORCE."""

    lr: float = 0.05
    #: The step is ``lr / (1 + t / decay)`` after ``t`` lay-aways learnt (0: no decay).
    decay: float = 3000.0
    theta: FloatArray = field(default_factory=lambda: np.zeros(len(FEATURES)))
    #: The running mean of each round's points (the baseline), and how many were seen.
    baseline: FloatArray = field(default_factory=lambda: np.zeros(6))
    seen: IntArray = field(default_factory=lambda: np.zeros(6, dtype=np.intp))

    def probabilities(self, features: FloatArray) -> FloatArray:
        logits = features @ self.theta
        weights = np.exp(logits - logits.max())
        result: FloatArray = weights / weights.sum()
        return result

    def sample(self, features: FloatArray, rng: np.random.Generator) -> int:
        return int(rng.choice(len(features), p=self.probabilities(features)))

    def greedy(self, features: FloatArray, rng: np.random.Generator) -> int:
        """The most likely lay-away, ties broken at random."""
        logits = features @ self.theta
        best = np.flatnonzero(logits >= logits.max() - 1e-12)
        return int(rng.choice(best))

    def learn(self, features: FloatArray, action: int, points: float, round_no: int) -> None:
        """One REINFORCE step for the lay-away ``action`` that scored ``points`` in its round."""
        learnt = int(self.seen.sum())
        self.seen[round_no] += 1
        advantage = points - self.baseline[round_no]
        self.baseline[round_no] += advantage / min(int(self.seen[round_no]), 500)
        if self.seen[round_no] == 1:
            return  # (no baseline yet)
        p = self.probabilities(features)
        step = self.lr / (1 + learnt / self.decay) if self.decay > 0 else self.lr
        self.theta += step * advantage * (features[action] - p @ features)


#: A policy: (the candidates' features, a generator) -> the move number.
Policy = Callable[[FloatArray, np.random.Generator], int]


def play(
    env: CribkitAEC,
    seed: int,
    policy: Policy,
    rng: np.random.Generator,
    learner: Learner | None = None,
) -> float:
    """One game of the environment dealt from ``seed``, moved by ``policy`` (and taught to
    ``learner`` if given); its total."""
    env.reset(seed=seed)
    memory = StarterMemory()
    agent = env.possible_agents[0]
    total = 0.0
    while env.game_state.result is None:
        observation = env.observe(agent)["observation"]
        memory.see(observation)
        features = candidate_features(observation, memory.next_starter(observation))
        action = policy(features, rng)
        env.step(action)
        points = env.rewards[agent]
        if learner is not None:
            learner.learn(features, action, points, round_of(observation))
        total += points
    return total


def play_level(env: CribkitAEC, level: str, seeds: Sequence[int]) -> float:
    """The mean total of cribkit's Solitaire player of ``level`` on the games of ``seeds``."""
    totals = []
    for seed in seeds:
        env.reset(seed=seed)
        player = make_player("solitaire", level, seed=seed)
        agent = env.possible_agents[0]
        total = 0.0
        while env.game_state.result is None:
            action = choose_for_seat(player, env.game_state, 0)
            env.step(next(n for n, a in env.legal_moves().items() if a == action))
            total += env.rewards[agent]
        totals.append(total)
    return float(np.mean(totals))


@dataclass
class Report:
    """What a run measured: mean totals on the evaluation seeds."""

    episodes: int
    seed: int
    eval_games: int
    #: (episodes trained, the greedy learner's mean total) from 0 episodes.
    curve: list[tuple[int, float]]
    easy: float
    expert: float
    theta: list[float]
    seconds: float

    @property
    def start(self) -> float:
        """The untrained (random) policy's mean total."""
        return self.curve[0][1]

    @property
    def final(self) -> float:
        """The trained learner's mean total."""
        return self.curve[-1][1]


#: The evaluation games' seeds are these and up; the training games' are drawn above them.
EVAL_SEEDS_FROM: Final = 0
TRAIN_SEEDS_FROM: Final = 1_000_000


def run(
    episodes: int,
    seed: int = 0,
    *,
    eval_games: int = 500,
    eval_every: int | None = None,
    lr: float = 0.05,
    decay: float = 3000.0,
    levels: bool = True,
    log: Callable[[str], None] | None = None,
) -> Report:
    """Train a :class:`Learner` for ``episodes`` games from ``seed`` and measure it greedily on
    ``eval_games`` fixed games every ``eval_every`` episodes (40 times by default), with
    cribkit's easy and expert players on the same games unless ``levels`` is false."""
    began = time.perf_counter()
    env = solitaire_v0.raw_env()
    eval_seeds = range(EVAL_SEEDS_FROM, EVAL_SEEDS_FROM + eval_games)
    rng = np.random.default_rng(seed)
    train_seeds = rng.integers(TRAIN_SEEDS_FROM, 2**62, size=episodes)
    every = eval_every or max(1, episodes // 40)
    learner = Learner(lr=lr, decay=decay)

    def evaluate(done: int) -> None:
        greedy_rng = np.random.default_rng([seed, done])  # the ties' coin, fixed
        mean = float(np.mean([play(env, s, learner.greedy, greedy_rng) for s in eval_seeds]))
        curve.append((done, mean))
        if log is not None:
            log(f"  after {done:6d} episodes: mean total {mean:6.2f}")

    curve: list[tuple[int, float]] = []
    evaluate(0)
    for done, game_seed in enumerate(train_seeds, start=1):
        play(env, int(game_seed), learner.sample, rng, learner)
        if done % every == 0 or done == episodes:
            evaluate(done)
    easy = play_level(env, "easy", eval_seeds) if levels else float("nan")
    expert = play_level(env, "expert", eval_seeds) if levels else float("nan")
    return Report(
        episodes=episodes,
        seed=seed,
        eval_games=eval_games,
        curve=curve,
        easy=easy,
        expert=expert,
        theta=[float(t) for t in learner.theta],
        seconds=time.perf_counter() - began,
    )


def plot(report: Report, path: str) -> None:
    """Draw the learning curve with the random start and the easy and expert levels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [done for done, _ in report.curve]
    y = [mean for _, mean in report.curve]
    figure, axes = plt.subplots(figsize=(8, 5), dpi=100)
    axes.plot(
        x, y, marker="o", color="tab:blue", label=f"learner, greedy ({report.final:.2f} at the end)"
    )
    axes.axhline(
        report.expert,
        color="tab:red",
        linestyle="--",
        label=f"cribkit expert ({report.expert:.2f})",
    )
    axes.axhline(
        report.easy, color="tab:orange", linestyle="--", label=f"cribkit easy ({report.easy:.2f})"
    )
    axes.axhline(
        report.start,
        color="grey",
        linestyle=":",
        label=f"random: the untrained learner ({report.start:.2f})",
    )
    axes.set_xlabel("training episodes (games of self-play)")
    axes.set_ylabel(f"mean total over {report.eval_games} evaluation games")
    axes.set_title("Cribbage Solitaire: a linear softmax lay-away policy learnt by REINFORCE")
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def summary(report: Report) -> str:
    """The figures, as the command prints them."""
    lines = [
        f"mean total over {report.eval_games} evaluation games (seeds "
        f"{EVAL_SEEDS_FROM}-{EVAL_SEEDS_FROM + report.eval_games - 1}):",
        f"  random (untrained learner)       {report.start:6.2f}",
        f"  learner after {report.episodes:6d} episodes   {report.final:6.2f}",
        f"  cribkit easy                     {report.easy:6.2f}",
        f"  cribkit expert                   {report.expert:6.2f}",
        "weights: "
        + ", ".join(f"{n}: {t:+.2f}" for n, t in zip(FEATURES, report.theta, strict=True)),
        f"({report.seconds:.1f} s)",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--episodes", type=int, default=2000, help="training games (2000)")
    parser.add_argument("--seed", type=int, default=0, help="the training's seed (0)")
    parser.add_argument("--eval-games", type=int, default=500, help="evaluation games (500)")
    parser.add_argument("--eval-every", type=int, default=None, help="episodes between evaluations")
    parser.add_argument("--lr", type=float, default=0.05, help="the first step size (0.05)")
    parser.add_argument(
        "--decay", type=float, default=3000.0, help="lay-aways to halve the step (3000; 0: never)"
    )
    parser.add_argument("--plot", metavar="PNG", help="draw the learning curve there (matplotlib)")
    parser.add_argument("--json", metavar="PATH", help="write the figures there as JSON")
    args = parser.parse_args(argv)
    print(f"training {args.episodes} episodes from seed {args.seed}:", flush=True)
    report = run(
        args.episodes,
        args.seed,
        eval_games=args.eval_games,
        eval_every=args.eval_every,
        lr=args.lr,
        decay=args.decay,
        log=lambda line: print(line, flush=True),
    )
    print(summary(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(asdict(report), out, indent=2)
    if args.plot:
        plot(report, args.plot)
        print(f"the learning curve: {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
