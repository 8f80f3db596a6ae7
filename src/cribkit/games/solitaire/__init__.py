"""Cribbage Solitaire: one pass through the deck, six rounds of a hand and a crib.

The rules and their numbers (:mod:`.rules`), the decks and the dealing (:mod:`.deal`), the one
action (:mod:`.actions`), the events (:mod:`.events`), the player's view (:mod:`.view`), the
counted rounds and the result (:mod:`.result`) and the state (:mod:`.state`).

>>> from cribkit.games.solitaire import start_solitaire
>>> start_solitaire(seed=1).state.phase
'discard'
"""

from cribkit.games.solitaire.actions import Discard, lay_away
from cribkit.games.solitaire.deal import (
    RoundCards,
    SolitaireSetup,
    daily_seed,
    round_cards,
    solitaire_deck,
    stacked_solitaire_deck,
)
from cribkit.games.solitaire.events import (
    EVENTS,
    CribCounted,
    GameEnded,
    HandCounted,
    HisHeels,
    LaidAway,
    LastHandCounted,
    RoundDealt,
    SolitaireEvent,
    StarterToBottom,
    StarterTurned,
)
from cribkit.games.solitaire.result import RoundScore, SolitaireResult
from cribkit.games.solitaire.rules import ROUNDS, NoSuchSeatError, SolitaireRules
from cribkit.games.solitaire.state import SolitaireState, start_solitaire
from cribkit.games.solitaire.view import SolitaireView

__all__ = [
    "EVENTS",
    "ROUNDS",
    "CribCounted",
    "Discard",
    "GameEnded",
    "HandCounted",
    "HisHeels",
    "LaidAway",
    "LastHandCounted",
    "NoSuchSeatError",
    "RoundCards",
    "RoundDealt",
    "RoundScore",
    "SolitaireEvent",
    "SolitaireResult",
    "SolitaireRules",
    "SolitaireSetup",
    "SolitaireState",
    "SolitaireView",
    "StarterToBottom",
    "StarterTurned",
    "daily_seed",
    "lay_away",
    "round_cards",
    "solitaire_deck",
    "stacked_solitaire_deck",
    "start_solitaire",
]
