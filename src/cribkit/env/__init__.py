"""The four games as learning environments (``docs/env.md``): PettingZoo AEC environments
(``from cribkit.env import classic_v0``; ``classic_v0.env()``) and Gymnasium environments of one
agent against cribkit's computer players (:class:`~cribkit.env.single.CribkitGym`,
``gymnasium.make("cribkit.env:cribkit/Classic-v0")``, which imports this package), on the exact
engine.

They need the ``rl`` extra (from the checkout, ``pip install -e '.[rl]'``: PettingZoo and
Gymnasium).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cribkit.env.codec import Codec

__all__ = ["classic_v0", "codecs", "solitaire_v0", "tabletop_v0", "tiles_v0"]


@cache
def codecs() -> dict[str, Codec]:
    """Each game's codec, by its registry name."""
    from cribkit.env.classic_codec import ClassicCodec
    from cribkit.env.solitaire_codec import SolitaireCodec
    from cribkit.env.tabletop_codec import TableTopCodec
    from cribkit.env.tiles_codec import TilesCodec

    return {c.game: c for c in (ClassicCodec(), SolitaireCodec(), TableTopCodec(), TilesCodec())}


def _register() -> None:
    from cribkit.env.single import register

    register()


_register()
