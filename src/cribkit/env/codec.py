"""What an environment needs of a game: how its moves are numbered and how a seat's view becomes
a fixed-shape array (``docs/env.md``). One :class:`Codec` per game; the environments
(:mod:`cribkit.env.aec`, :mod:`cribkit.env.single`) are the same for all four.

Every array is built from :meth:`GameState.observation` of the seat alone: what the seat
knows, never another seat's cards, the crib before its show or the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from cribkit.core.cards import DECK_SIZE
from cribkit.games.actions import Discard
from cribkit.games.protocol import Action, Result, Rules
from cribkit.games.views import GameView

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

#: The 15 ways to lay away two cards of six, by their places in the ascending hand.
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations(range(6), 2))
PAIR_INDEX: Final = {pair: index for index, pair in enumerate(PAIRS)}


class Position(Protocol):
    """A game as it is now, as the environments read it: a :class:`GameState`, or a game played
    in place (classic's :class:`~cribkit.games.classic.playout.Playout`)."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def result(self) -> Result | None: ...

    def legal_actions(self) -> list[Action]: ...

    def observation(self, seat: int) -> GameView: ...


class Codec(Protocol):
    """A game's numbering of moves and its array of a view."""

    #: The registry name of the game, and its default rules in the environments.
    game: str
    #: How many moves are numbered (the size of the ``Discrete`` action space).
    actions: int

    def shape(self, rules: Rules) -> tuple[int, ...]:
        """The shape of the observation array under ``rules``."""
        ...

    def encode(self, view: GameView) -> FloatArray:
        """The observation array of one seat's view (values in [0, 1])."""
        ...

    def legal(self, state: Position, seat: int) -> dict[int, Action]:
        """The legal moves of ``seat`` by number (empty when it is not the seat's turn)."""
        ...


def one_hot_cards(out: FloatArray, offset: int, cards: Sequence[int]) -> None:
    """Mark ``cards`` (ints 0-51) in the 52 places from ``offset``."""
    for card in cards:
        out[offset + int(card)] = 1.0


def mask_of(legal: dict[int, Action], size: int) -> MaskArray:
    """The action mask: 1 at each legal move's number."""
    mask = np.zeros(size, dtype=np.int8)
    for index in legal:
        mask[index] = 1
    return mask


def pair_index(hand: Sequence[int], cards: Sequence[int]) -> int:
    """The number (0-14) of laying ``cards`` (two) away from the six-card ``hand`` (ascending)."""
    first, second = sorted(hand.index(card) for card in cards)
    return PAIR_INDEX[(first, second)]


CARDS: Final = DECK_SIZE


def number_lay_aways(legal: Sequence[Discard]) -> dict[int, Action]:
    """Two-card lay-aways by their numbers (0-14): the hand, ascending, is every card of the
    lay-aways offered, so no view is needed to place them."""
    place = {card: i for i, card in enumerate(sorted({c for a in legal for c in a.cards}))}
    return {PAIR_INDEX[place[a.cards[0]], place[a.cards[1]]]: a for a in legal}
