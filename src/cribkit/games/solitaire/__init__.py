"""Cribbage Solitaire: one pass through the deck, six rounds of a hand and a crib.

>>> from cribkit.games.solitaire import start_solitaire
>>> start_solitaire(seed=1).state.phase
'discard'
"""

from cribkit.games.solitaire.state import (
    SolitaireRules,
    SolitaireState,
    daily_seed,
    solitaire_deck,
    start_solitaire,
)

__all__ = ["SolitaireRules", "SolitaireState", "daily_seed", "solitaire_deck", "start_solitaire"]
