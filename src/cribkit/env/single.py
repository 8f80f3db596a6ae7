"""Gymnasium environments of one agent (``docs/env.md``, "Gymnasium"): Solitaire, and each
game of two or more seats with every other seat played by a cribkit computer player of a
chosen level. The observation is the codec's array; the legal moves are ``info["action_mask"]``
(and :meth:`CribkitGym.legal_moves`).

>>> env = CribkitGym("classic", opponent="easy")
>>> observation, info = env.reset(seed=3)
>>> observation.shape, int(info["action_mask"].sum())
((552,), 15)

``gymnasium.make("cribkit.env:cribkit/Classic-v0", opponent="expert")`` makes the same (and
``cribkit/Solitaire-v0``, ``cribkit/TableTop-v0``, ``cribkit/Tiles-v0``): the ``cribkit.env:``
prefix imports :mod:`cribkit.env`, which registers them.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces

from cribkit.env.aec import CribkitAEC
from cribkit.env.codec import FloatArray, mask_of
from cribkit.games.protocol import Action, Rules, game_info

#: The environments' registered names, by game.
NAMES: Final = {
    "classic": "cribkit/Classic-v0",
    "solitaire": "cribkit/Solitaire-v0",
    "tabletop": "cribkit/TableTop-v0",
    "tiles": "cribkit/Tiles-v0",
}


class CribkitGym(gymnasium.Env[FloatArray, int]):
    """One seat (``seat``, 0 by default) of ``game`` under ``rules`` (the game's defaults
    without), the others played by ``opponent`` (``random``, ``easy``, ``medium``,
    ``expert``), seeded from the episode's seed. ``reward`` as the AEC environments'
    (:mod:`cribkit.env.aec`): ``game`` (the default; Solitaire's is ``points``) or ``points``.

    A move the mask does not allow ends the episode at once with the reward ``illegal_reward``
    (-1 by default) and nothing played, as PettingZoo's ``TerminateIllegalWrapper`` does;
    ``illegal_reward=None`` raises a ValueError instead."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium's own way)

    def __init__(
        self,
        game: str,
        rules: Rules | None = None,
        *,
        opponent: str = "expert",
        seat: int = 0,
        reward: str | None = None,
        illegal_reward: float | None = -1.0,
        render_mode: str | None = None,
    ) -> None:
        from cribkit.env import codecs

        info = game_info(game)
        self.game = info.name
        self.rules = rules if rules is not None else info.rules_type()
        self.codec = codecs()[self.game]
        scheme = reward or ("points" if self.rules.seats == 1 else "game")
        self._aec = CribkitAEC(self.codec, self.rules, reward=scheme, render_mode=render_mode)
        if not 0 <= seat < self.rules.seats:
            raise ValueError(f"seat is 0 to {self.rules.seats - 1}, not {seat}")
        self.seat = seat
        self.agent = self._aec.possible_agents[seat]
        self.opponent_level = opponent
        self.illegal_reward = illegal_reward
        self._over = True
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, self.codec.shape(self.rules), np.float32)
        self.action_space: spaces.Space[int] = spaces.Discrete(self.codec.actions)  # type: ignore[assignment]
        self._opponents: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        from cribkit.ai.players import make_player

        episode = int(self.np_random.integers(2**62))
        self._aec.reset(seed=episode)
        chooser = random.Random(episode)
        self._opponents = {
            s: make_player(self.game, self.opponent_level, seed=chooser.randrange(2**31))
            for s in range(self.rules.seats)
            if s != self.seat
        }
        self._over = False
        self._others_play()  # (nothing is scored before the agent's first move)
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        aec = self._aec
        if self._over:
            raise RuntimeError("the episode is over: reset() the environment")
        if int(action) not in aec.legal_moves() and self.illegal_reward is not None:
            self._over = True
            return self._observe(), float(self.illegal_reward), True, False, self._info()
        aec.step(int(action))
        reward = aec.rewards[self.agent] + self._others_play()
        self._over = aec.game_state.result is not None
        return self._observe(), float(reward), self._over, False, self._info()

    def render(self) -> str | None:
        return self._aec.render()

    def legal_moves(self) -> dict[int, Action]:
        """The agent's legal moves by number (empty when the episode is over)."""
        return self._aec.legal_moves()

    def _others_play(self) -> float:
        """Let the other seats move until it is the agent's turn or the game is over; the
        agent's rewards meanwhile."""
        from cribkit.ai.players import choose_for_seat

        aec = self._aec
        gained = 0.0
        while True:
            state = aec.game_state
            mover = state.current_player
            if state.result is not None or mover is None or mover == self.seat:
                return gained
            action = choose_for_seat(self._opponents[mover], state, mover)
            number = next(n for n, a in aec.legal_moves().items() if a == action)
            aec.step(number)
            gained += aec.rewards[self.agent]

    def _observe(self) -> FloatArray:
        observation: FloatArray = self._aec.observe(self.agent)["observation"]
        return observation

    def _info(self) -> dict[str, Any]:
        legal = {} if self._over else self._aec.legal_moves()
        return {"action_mask": mask_of(legal, self.codec.actions)}


def register() -> None:
    """Register the four environments with Gymnasium (done when :mod:`cribkit.env` is imported)."""
    for game, name in NAMES.items():
        if name not in gymnasium.registry:
            # Classic also has a vector environment of its own (``make_vec`` with
            # ``vectorization_mode="vector_entry_point"``): the numpy batch.
            vector = "cribkit.env.vector_gym:make_vector" if game == "classic" else None
            gymnasium.register(
                name, entry_point=_make, vector_entry_point=vector, kwargs={"game": game}
            )


def _make(**options: Any) -> CribkitGym:
    return CribkitGym(**options)
