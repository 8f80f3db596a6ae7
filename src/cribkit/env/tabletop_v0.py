"""Table Top Cribbage as a PettingZoo AEC environment (``docs/env.md``, "tabletop_v0").

>>> from cribkit.env import tabletop_v0
>>> env = tabletop_v0.env()
>>> env.reset(seed=7)
>>> observation, *_ = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((576,), True)

The move numbers and the observation array are :mod:`cribkit.env.tabletop_codec`'s.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from cribkit.env.aec import CribkitAEC
from cribkit.env.tabletop_codec import TableTopCodec
from cribkit.games.tabletop.rules import TableTopRules


def raw_env(
    players: int = 2, target: int = 121, *, reward: str = "game", render_mode: str | None = None
) -> CribkitAEC:
    """The environment without PettingZoo's wrappers; options as :class:`TableTopRules`'."""
    rules = TableTopRules(players=players, target=target)
    return CribkitAEC(TableTopCodec(), rules, reward=reward, render_mode=render_mode)


def env(**options: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (see :func:`raw_env`)."""
    made: Any = raw_env(**options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)
