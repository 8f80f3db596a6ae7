"""Classic cribbage as a PettingZoo AEC environment (``docs/env.md``, "classic_v0").

>>> from cribkit.env import classic_v0
>>> env = classic_v0.env()
>>> env.reset(seed=7)
>>> observation, reward, termination, truncation, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((552,), 15)

The move numbers and the observation array are :mod:`cribkit.env.classic_codec`'s.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from cribkit.env.aec import CribkitAEC
from cribkit.env.classic_codec import ClassicCodec
from cribkit.games.classic.rules import ClassicRules


def raw_env(
    players: int = 2,
    target: int = 121,
    *,
    manual_counting: bool = False,
    muggins: bool = False,
    reward: str = "game",
    render_mode: str | None = None,
) -> CribkitAEC:
    """The environment without PettingZoo's wrappers; options as :class:`ClassicRules`'."""
    rules = ClassicRules(
        players=players, target=target, manual_counting=manual_counting, muggins=muggins
    )
    return CribkitAEC(ClassicCodec(), rules, reward=reward, render_mode=render_mode)


def env(**options: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (an out-of-range or early move fails
    loudly; see :func:`raw_env` for the options)."""
    made: Any = raw_env(**options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)
