"""Classic cribbage for 2, 3 or 4 players: rules, state, actions, events and each seat's view.

>>> from cribkit.games.classic import ClassicRules, start_game
>>> start_game(ClassicRules(), seed=42).state.phase
'discard'
"""

from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.events import EVENTS
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, next_game, start_game
from cribkit.games.classic.view import ClaimView, ClassicView, ShownDeal

__all__ = [
    "EVENTS",
    "ClaimView",
    "ClassicRules",
    "ClassicState",
    "ClassicView",
    "Declare",
    "Discard",
    "Muggins",
    "PassMuggins",
    "Play",
    "ShownDeal",
    "next_game",
    "start_game",
]
