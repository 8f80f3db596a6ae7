"""A Gymnasium ``VectorEnv`` of two-player classic games, over the numpy batch
(:class:`~cribkit.env.vector_classic.ClassicBatch`): N games stepped together, for learners
that take a batch of actions at a time (``docs/env.md``, "A Gymnasium vector environment").

Two ways of playing:

- ``opponent="self"`` (self-play): both seats are the learner's. Each step moves the seat to
  move in every game; the observation is then the next seat to move's (the codec's array is
  always from the point of view of the seat it is made for), ``info["seat"]`` says which seat
  that is, and the reward is the moving seat's.
- ``opponent="random"``: the learner holds ``seat`` (0 by default) and a uniformly random legal
  move is made for the other seat, in every game, until each game waits for the learner
  again; the reward is the learner's, summed over those moves.

The legal moves are ``info["action_mask"]`` (``(N, 99)`` int8), as the single environment's.
A game that ends is dealt again at once (Gymnasium's same-step autoreset,
``metadata["autoreset_mode"]``): its ``terminated`` is True and the observation given is the
new game's first. The rewards are ``"game"`` (+1 or -1 when a game ends) or ``"points"``, as
the batch's.

>>> env = ClassicVectorEnv(8, opponent="random", seed=1)
>>> observations, info = env.reset(seed=1)
>>> observations.shape, info["action_mask"].shape, env.action_space
((8, 552), (8, 99), MultiDiscrete([99 99 99 99 99 99 99 99]))
>>> rng = np.random.default_rng(0)
>>> observations, rewards, terminated, truncated, info = env.step(
...     random_moves(info["action_mask"], rng))
>>> rewards.dtype, bool(truncated.any()), set(info["seat"].tolist())
(dtype('float32'), False, {0})
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cribkit.env.classic_codec import ACTIONS, SIZE
from cribkit.env.vector_classic import REWARDS, ClassicBatch, FloatArray, MaskArray, random_moves
from cribkit.env.vector_tables import BoolArray, IntArray

__all__ = ["OPPONENTS", "ClassicVectorEnv", "make_vector"]

#: Who plays the other seat: the learner itself, or uniformly random legal moves.
OPPONENTS: Final = ("self", "random")


class ClassicVectorEnv(VectorEnv[FloatArray, IntArray, Any]):
    """``num_envs`` two-player classic games to ``target`` (module docstring)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        *,
        opponent: str = "self",
        seat: int = 0,
        target: int = 121,
        reward: str = "game",
        seed: int | None = None,
    ) -> None:
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent is one of {', '.join(OPPONENTS)}, not {opponent!r}")
        if seat not in (0, 1):
            raise ValueError(f"the learner's seat is 0 or 1, not {seat}")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        self.num_envs = num_envs
        self.opponent = opponent
        self.seat = seat
        self.target = target
        self.reward = reward
        self.single_observation_space = spaces.Box(0.0, 1.0, shape=(SIZE,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed
        self._batch = self._new_batch(seed)
        self._moves_rng = np.random.default_rng(seed)

    def _new_batch(self, seed: int | None) -> ClassicBatch:
        return ClassicBatch(
            self.num_envs, players=2, seed=seed, target=self.target, reward=self.reward
        )

    @property
    def games(self) -> int:
        """How many games have ended since the last reset."""
        return self._batch.games

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """New games in every slot (dealt from ``seed``, if given)."""
        super().reset(seed=seed)
        if seed is not None:
            self._seed = seed
            self._moves_rng = np.random.default_rng(seed)
        self._batch = self._new_batch(self._seed if seed is None else seed)
        ended = np.zeros(self.num_envs, dtype=bool)
        self._others_play(np.zeros((self.num_envs,), dtype=np.float32), ended)
        return self._batch.observations(), self._info()

    def step(
        self, actions: IntArray
    ) -> tuple[FloatArray, FloatArray, BoolArray, BoolArray, dict[str, Any]]:
        """One move of the learner in every game (then the opponent's, against one)."""
        batch = self._batch
        mover = batch.seats()
        rewards, ended = batch.step(actions)
        mine = rewards[np.arange(self.num_envs), mover if self.opponent == "self" else self.seat]
        got = mine.astype(np.float32)
        self._others_play(got, ended)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return batch.observations(), got, ended, truncated, self._info()

    def _others_play(self, rewards: FloatArray, ended: BoolArray) -> None:
        """Against the random opponent: its moves in every game where it is to move, until
        none is, its rewards to the learner added in (and ended games marked)."""
        if self.opponent == "self":
            return
        batch = self._batch
        while True:
            theirs = batch.seats() != self.seat
            if not theirs.any():
                return
            moves = random_moves(batch.masks(), self._moves_rng)
            step_rewards, over = batch.step(moves, only=theirs)
            rewards += step_rewards[:, self.seat]
            ended |= over

    def _info(self) -> dict[str, Any]:
        masks: MaskArray = self._batch.masks()
        return {"action_mask": masks, "seat": self._batch.seats()}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to close: the games are arrays in this process."""


def make_vector(num_envs: int, game: str = "classic", **options: Any) -> ClassicVectorEnv:
    """The vector environment of ``gymnasium.make_vec("cribkit/Classic-v0", num_envs=N,
    vectorization_mode="vector_entry_point", ...)`` (the registered id's ``game`` comes too)."""
    if game != "classic":  # pragma: no cover - only classic's id names this
        raise ValueError(f"only classic has a vector environment of its own, not {game}")
    return ClassicVectorEnv(num_envs, **options)
