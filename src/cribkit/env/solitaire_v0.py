"""Cribbage Solitaire as a PettingZoo AEC environment of one agent (``docs/env.md``,
"solitaire_v0"); :mod:`cribkit.env.single` has it as a Gymnasium environment too.

>>> from cribkit.env import solitaire_v0
>>> env = solitaire_v0.env()
>>> env.reset(seed=7)
>>> observation, *_ = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((270,), 15)

The move numbers and the observation array are :mod:`cribkit.env.solitaire_codec`'s.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from cribkit.env.aec import CribkitAEC
from cribkit.env.solitaire_codec import SolitaireCodec
from cribkit.games.solitaire.rules import SolitaireRules


def raw_env(*, reward: str = "points", render_mode: str | None = None) -> CribkitAEC:
    """The environment without PettingZoo's wrappers. Its reward is ``points`` by default
    (each round's points as they are counted: their sum is the total); ``game`` gives 0."""
    return CribkitAEC(SolitaireCodec(), SolitaireRules(), reward=reward, render_mode=render_mode)


def env(**options: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (see :func:`raw_env`)."""
    made: Any = raw_env(**options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)
