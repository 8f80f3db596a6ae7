"""Cribbage Solitaire in the environments: its move numbers and its observation array.

Moves (``Discrete(15)``): lay away two of the six cards, by their places in the hand
(ascending), as :mod:`cribkit.env.classic_codec` numbers them (0 is places (0, 1) ... 14 is
(4, 5)).

The observation (``float32``, 270 values in [0, 1]):

=========  ===========================================================================
0          the six cards to lay away from (52)
52         every card seen so far (52)
104        the cards seen going to the bottom of the stock (52)
156        the last hand, once dealt (52)
208        the cards counted in the rounds so far (52, the hands and starters shown)
260        the round (7: 0-5, then over); 267: the total / 150; 268: the stock / 52;
           269: the next starter is known (1)
=========  ===========================================================================
"""

from __future__ import annotations

from typing import Final

import numpy as np

from cribkit.env.codec import FloatArray, Position, number_lay_aways, one_hot_cards
from cribkit.games.actions import Discard
from cribkit.games.protocol import Action, Rules
from cribkit.games.solitaire.result import RoundScore
from cribkit.games.solitaire.view import SolitaireView
from cribkit.games.views import GameView

ACTIONS: Final = 15
SIZE: Final = 270


class SolitaireCodec:
    """Solitaire's numbering of lay-aways and its observation array."""

    game = "solitaire"
    actions = ACTIONS

    def shape(self, rules: Rules) -> tuple[int, ...]:
        return (SIZE,)

    def encode(self, view: GameView) -> FloatArray:
        assert isinstance(view, SolitaireView)
        out = np.zeros(SIZE, dtype=np.float32)
        one_hot_cards(out, 0, view.hand)
        one_hot_cards(out, 52, view.seen)
        one_hot_cards(out, 104, view.bottom)
        one_hot_cards(out, 156, view.last_hand)
        for counted in view.counted:
            one_hot_cards(out, 208, counted_cards(counted))
        out[260 + min(view.round, 6)] = 1.0
        out[267] = min(1.0, view.total / 150)
        out[268] = view.stock_count / 52
        out[269] = 1.0 if view.next_starter is not None else 0.0
        return out

    def legal(self, state: Position, seat: int) -> dict[int, Action]:
        if state.current_player != seat:
            return {}
        return number_lay_aways([a for a in state.legal_actions() if isinstance(a, Discard)])


def counted_cards(counted: RoundScore) -> tuple[int, ...]:
    """The cards a counted round showed: its hand dealt, its crib and its starter."""
    return (*counted.dealt, *counted.crib, counted.starter)
