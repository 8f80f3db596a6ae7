"""Table Top Cribbage in the environments: its move numbers and its observation array.

Moves (``Discrete(25)``): the cell the turned card is placed on, ``row * 5 + column`` (0 is
A1, the top left, 12 the centre C3, 24 E5), as :class:`~cribkit.games.tabletop.actions.Place`
numbers them.

The observation (``float32``, 576 values in [0, 1]), sides and seats counted from the
observing seat:

=========  ===========================================================================
0          each cell's card: its rank (13) then its suit (4), 17 a cell, 25 cells (425)
425        the turned card to place, when it is known (52)
477        the open cells, where it may go (25)
502        whether the seat's side scores the rows this deal (1)
503        each line's score as it stands / 30: rows 0-4 then columns 5-9 (10)
513        each side's score / target (4, own side first); 517: the deal's line totals by
           side / 100 (4, own side first)
521        cards each seat has still to place / 13 (4, by relative seat)
525        the dealer (4) and whose turn it is (4), by relative seat
533        cards placed this deal / 25 (1); 534: two or four players (2); 536: the phase:
           place, over (2)
538        a game to 61 (1), to 121 (1); 540: the deal's number / 36 (1); 541: spare (35)
=========  ===========================================================================
"""

from __future__ import annotations

from typing import Final

import numpy as np

from cribkit.core.cards import card_rank, card_suit
from cribkit.env.codec import FloatArray, Position
from cribkit.games.protocol import Action, Rules
from cribkit.games.tabletop.actions import Place
from cribkit.games.tabletop.view import TableTopView
from cribkit.games.views import GameView

ACTIONS: Final = 25
SIZE: Final = 576


class TableTopCodec:
    """Table Top's numbering of moves (the cells) and its observation array."""

    game = "tabletop"
    actions = ACTIONS

    def shape(self, rules: Rules) -> tuple[int, ...]:
        return (SIZE,)

    def encode(self, view: GameView) -> FloatArray:
        assert isinstance(view, TableTopView)
        out = np.zeros(SIZE, dtype=np.float32)
        seats = view.rules.players
        me = view.seat

        def relative(seat: int) -> int:
            return (seat - me) % seats

        for cell, card in enumerate(view.grid):
            if card is not None:
                out[17 * cell + card_rank(card) - 1] = 1.0
                out[17 * cell + 13 + card_suit(card)] = 1.0
        if view.turned is not None:
            out[425 + int(view.turned)] = 1.0
        for cell in view.open_cells:
            out[477 + cell] = 1.0
        out[502] = 1.0 if view.rows_side == view.side else 0.0
        for line, score in enumerate(view.line_scores):
            out[503 + line] = min(1.0, score / 30)
        sides = len(view.scores)
        for index, score in enumerate(view.scores):
            out[513 + (index - view.side) % sides] = min(1.0, score / view.target)
        for index, score in enumerate(view.deal_scores):
            out[517 + (index - view.side) % sides] = min(1.0, score / 100)
        for seat, left in enumerate(view.stack_sizes):
            out[521 + relative(seat)] = min(1.0, left / 13)
        out[525 + relative(view.dealer)] = 1.0
        if view.current_player is not None:
            out[529 + relative(view.current_player)] = 1.0
        out[533] = view.placed / 25
        out[534 + (0 if seats == 2 else 1)] = 1.0
        out[536 + (1 if view.result is not None else 0)] = 1.0
        out[538 + (0 if view.target == 61 else 1)] = 1.0
        out[540] = min(1.0, view.deal / 36)
        return out

    def legal(self, state: Position, seat: int) -> dict[int, Action]:
        if state.current_player != seat:
            return {}
        return {a.cell: a for a in state.legal_actions() if isinstance(a, Place)}
