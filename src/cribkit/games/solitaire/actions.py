"""Cribbage Solitaire's one action: laying 2 cards away to the crib, the shared
:class:`~cribkit.games.actions.Discard` (seat 0).

The state lists its 15 lay-aways as :func:`lay_away` records, made once per pair of cards
and kept, since a game of searches asks for the same ones over and over:

>>> a = lay_away(Card.parse("Kh"), Card.parse("5d"))
>>> a, a is lay_away(Card.parse("5d"), Card.parse("Kh"))
(Discard(seat=0, cards=(Card.parse('5d'), Card.parse('Kh'))), True)
>>> not_in_solitaire("Play")
'you cannot play a card in Cribbage Solitaire: the only choice is the 2 cards to lay away to the crib'
"""

from __future__ import annotations

from typing import Final

from cribkit.core.cards import Card
from cribkit.games.actions import Discard

__all__ = ["Discard", "lay_away", "not_in_solitaire"]

_LAY_AWAYS: dict[tuple[Card, Card], Discard] = {}

#: What the actions of the other card games do, for the error that says Solitaire has none.
_VERBS: Final = {
    "Play": "play a card",
    "Declare": "declare points",
    "Muggins": "call muggins",
    "PassMuggins": "pass on muggins",
}


def lay_away(a: Card, b: Card) -> Discard:
    """The lay-away of cards ``a`` and ``b`` by seat 0 (the same record every time)."""
    key = (a, b) if a < b else (b, a)
    action = _LAY_AWAYS.get(key)
    if action is None:
        action = _LAY_AWAYS[key] = Discard(0, key)
    return action


def not_in_solitaire(action_name: str) -> str:
    """Why an action of another game (by its class name) is no move in Solitaire."""
    return (
        f"you cannot {_VERBS.get(action_name, 'do that')} in Cribbage Solitaire: "
        "the only choice is the 2 cards to lay away to the crib"
    )
