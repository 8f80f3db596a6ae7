"""The Gymnasium vector environment of classic (``cribkit.env.vector_gym``): its games are the
engine's, against a random opponent and in self-play, and it keeps Gymnasium's contract."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from cribkit.env.vector import ClassicBatch, ClassicRecord, random_moves
from cribkit.env.vector_gym import ClassicVectorEnv
from cribkit.games.classic.rules import ClassicRules
from tests.env.test_vector_classic import play_batch, replay


def _play(env: ClassicVectorEnv, steps: int, seed: int) -> dict[str, Any]:
    """Random moves of the learner for ``steps`` steps; what was seen."""
    rng = np.random.default_rng(seed)
    observations, info = env.reset(seed=seed)
    seen: dict[str, Any] = {"rewards": [], "terminated": [], "seats": [], "masks": []}
    for _ in range(steps):
        assert env.observation_space.contains(observations)
        masks = info["action_mask"]
        assert masks.shape == (env.num_envs, 99)
        assert (masks.sum(axis=1) > 0).all()
        actions = random_moves(masks, rng)
        assert env.action_space.contains(actions)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        seen["rewards"].append(rewards)
        seen["terminated"].append(terminated)
        seen["seats"].append(info["seat"])
    return {key: np.array(value) for key, value in seen.items()}


def test_against_random_the_learner_always_moves_and_wins_half_at_random() -> None:
    env = ClassicVectorEnv(64, opponent="random", seat=1, seed=5)
    seen = _play(env, 800, seed=5)
    assert (seen["seats"] == 1).all()  # every game waits for the learner after each step
    ended = seen["terminated"]
    assert ended.sum() == env.games > 300
    # The game reward: +1 or -1 exactly when a game ends, nothing on the way.
    rewards = seen["rewards"]
    np.testing.assert_array_equal(np.abs(rewards) == 1, ended)
    # Random against random: about half the games each (300+ games, far from 0.3 or 0.7).
    wins = (rewards == 1).sum() / ended.sum()
    assert 0.35 < wins < 0.65


def test_in_self_play_each_step_moves_the_seat_whose_turn_it_is() -> None:
    env = ClassicVectorEnv(32, opponent="self", reward="points", seed=3)
    observations, info = env.reset(seed=3)
    batch = env._batch
    rng = np.random.default_rng(3)
    gained = 0.0
    for _ in range(400):
        np.testing.assert_array_equal(observations, batch.observations())
        np.testing.assert_array_equal(info["seat"], batch.seats())
        before = batch.scores.copy()
        mover = batch.seats()
        observations, rewards, terminated, _, info = env.step(
            random_moves(info["action_mask"], rng)
        )
        # The points reward is the moving seat's points less the other's (in a game not ended).
        going = ~terminated
        rows = np.flatnonzero(going)
        change = batch.scores[rows] - before[rows]
        mine = change[np.arange(rows.size), mover[rows]]
        np.testing.assert_array_equal(
            rewards[rows], mine - change[np.arange(rows.size), 1 - mover[rows]]
        )
        gained += float(np.abs(rewards).sum())
    assert gained > 0
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP


def test_the_games_played_against_random_replay_through_the_engine() -> None:
    """A batch whose opponent moves only in its games (``step(..., only=...)``) records
    games that the engine plays move for move, mask and observation at every move."""
    batch = ClassicBatch(8, players=2, seed=9, record=True)
    rng = np.random.default_rng(9)
    traces: list[list[tuple[Any, Any]]] = [[] for _ in range(8)]
    finished: list[tuple[ClassicRecord, list[tuple[Any, Any]]]] = []
    while batch.games < 40:
        observations, masks = batch.observations(), batch.masks()
        only = rng.random(8) < 0.5  # some games move, the others wait
        for i in np.flatnonzero(only).tolist():
            traces[i].append((observations[i], masks[i]))
        before = batch.scores.copy()
        _, done = batch.step(random_moves(masks, rng), only=only)
        waiting = ~only
        np.testing.assert_array_equal(batch.scores[waiting], before[waiting])
        for i in np.flatnonzero(done).tolist():
            finished.append((batch.records[len(finished)], traces[i]))
            traces[i] = []
    for record, trace in finished:
        replay(record, trace, ClassicRules())
    # (and the batch without ``only`` still plays as before)
    assert len(play_batch(ClassicBatch(4, seed=1, record=True), 5, 1)) >= 5


def test_gymnasium_makes_it_by_name_and_bad_settings_are_refused() -> None:
    import cribkit.env  # noqa: F401 - registers the ids

    env = gymnasium.make_vec(
        "cribkit/Classic-v0", num_envs=4, vectorization_mode="vector_entry_point",
        opponent="random",
    )  # fmt: skip
    observations, info = env.reset(seed=2)
    assert observations.shape == (4, 552)
    assert info["action_mask"].shape == (4, 99)
    for bad, words in (
        ({"opponent": "expert"}, "opponent is one of self, random"),
        ({"seat": 2}, "seat is 0 or 1"),
        ({"reward": "money"}, "reward is one of"),
    ):
        with pytest.raises(ValueError, match=words):
            ClassicVectorEnv(2, **bad)
    env = ClassicVectorEnv(2, seed=1)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="is not legal in game"):
        env.step(np.array([98, 98]))
