"""Cribbage Tiles as a PettingZoo AEC environment (``docs/env.md``, "tiles_v0").

>>> from cribkit.env import tiles_v0
>>> env = tiles_v0.env(board_size=9)
>>> env.reset(seed=7)
>>> observation, *_ = env.last()
>>> observation["observation"].shape
(1296,)

The move numbers (an index into the generated moves) and the observation array are
:mod:`cribkit.env.tiles_codec`'s; ``env.unwrapped.legal_moves()`` says what each number is.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from cribkit.env.aec import CribkitAEC
from cribkit.env.tiles_codec import TilesCodec
from cribkit.games.tiles.rules import TilesRules


def raw_env(
    players: int = 2,
    board_size: int = 13,
    *,
    joker: bool = False,
    reward: str = "game",
    render_mode: str | None = None,
) -> CribkitAEC:
    """The environment without PettingZoo's wrappers; options as :class:`TilesRules`'."""
    rules = TilesRules(players=players, board_size=board_size, joker=joker)
    return CribkitAEC(TilesCodec(), rules, reward=reward, render_mode=render_mode)


def env(**options: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (see :func:`raw_env`)."""
    made: Any = raw_env(**options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)
