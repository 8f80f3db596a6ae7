"""Cribbage Tiles in the environments: its move numbers and its observation array.

Moves (``Discrete(16384)``) are **a masked index into the moves the engine generates**, the
way the number of a chess move names it only together with its position: move ``i`` is the
``i``-th of :meth:`~cribkit.games.tiles.state.TilesState.legal_actions` in the engine's own
order (every play of 1 to 5 tiles, then the exchanges, the pass and the calls), which the
environment's :meth:`~cribkit.env.aec.CribkitAEC.legal_moves` lists with their actions. The
mask marks ``0`` to ``n - 1`` for the ``n`` moves of the position (the most ever seen in a game
is under 10,000; were there more than 16,384, those past the last would not be offered).

The observation (``float32``, values in [0, 1]; ``C`` the cells of the board, 169 on the
13 x 13 board):

=========  ===========================================================================
0          each cell's piece: the value it was placed as (13) and its colour (2), 15 a
           cell (15 C)
15 C       the seat's rack, each of the 26 tiles' count / 4 (26)
15 C + 26  the tiles the seat has not seen, each tile's count / 4 (26)
15 C + 52  each seat's score / 200, by relative seat (5); each rack's size / 5 (5); each bag's
           size / 104 (5); the turns missed in a row / 3 (1); whose turn it is (5); a play
           waiting for the Joker call (1) and its declared score / 50 (1); the game over (1)
=========  ===========================================================================
"""

from __future__ import annotations

from typing import Final

import numpy as np

from cribkit.env.codec import FloatArray, Position
from cribkit.games.protocol import Action, Rules
from cribkit.games.tiles.board import EMPTY
from cribkit.games.tiles.rules import KINDS, TilesRules, piece_colour, piece_value
from cribkit.games.tiles.view import TilesView
from cribkit.games.views import GameView

ACTIONS: Final = 16384
#: Values after the board and the two tile counts.
TAIL: Final = 29


class TilesCodec:
    """Tiles' index into the generated moves, and its observation array."""

    game = "tiles"
    actions = ACTIONS

    def shape(self, rules: Rules) -> tuple[int, ...]:
        assert isinstance(rules, TilesRules)
        return (15 * rules.board_size**2 + 2 * KINDS + TAIL,)

    def encode(self, view: GameView) -> FloatArray:
        assert isinstance(view, TilesView)
        cells = view.board.cells
        out = np.zeros(15 * len(cells) + 2 * KINDS + TAIL, dtype=np.float32)
        for cell, piece in enumerate(cells):
            if piece != EMPTY:
                out[15 * cell + piece_value(piece) - 1] = 1.0
                out[15 * cell + 13 + piece_colour(piece)] = 1.0
        base = 15 * len(cells)
        for tile in view.rack:
            out[base + tile] += 0.25
        for tile in view.unseen:
            out[base + KINDS + tile] += 0.25
        tail = base + 2 * KINDS
        seats = view.rules.players
        me = max(view.seat, 0)
        for seat in range(len(view.scores)):
            where = (seat - me) % seats
            out[tail + where] = min(1.0, max(0.0, view.scores[seat] / 200))
            out[tail + 5 + where] = view.rack_sizes[seat] / 5
        for seat, size in enumerate(view.bag_sizes):
            out[tail + 10 + (seat - me) % len(view.bag_sizes)] = min(1.0, size / 104)
        out[tail + 15] = min(1.0, view.misses / 3)
        if view.current_player is not None:
            out[tail + 16 + (view.current_player - me) % seats] = 1.0
        if view.claim is not None:
            out[tail + 21] = 1.0
            out[tail + 22] = min(1.0, (view.claim.declared or 0) / 50)
        out[tail + 23] = 1.0 if view.result is not None else 0.0
        return out

    def legal(self, state: Position, seat: int) -> dict[int, Action]:
        if state.current_player != seat:
            return {}
        return dict(enumerate(state.legal_actions()[:ACTIONS]))
