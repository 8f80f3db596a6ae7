"""The pure core: cards, scoring, pegging, fast tables and analysis (numpy only, no I/O).

The fast kernels (:mod:`cribkit.core.tables`), the exhaustive statistics
(:mod:`cribkit.core.stats`) and discard analysis (:mod:`cribkit.core.analysis`) build their
numpy tables on first import, so they are imported from their own modules.
"""

from cribkit.core.cards import (
    DECK,
    Card,
    CardError,
    CardParseError,
    CardSet,
    DuplicateCardError,
    HandSizeError,
    Rank,
    Suit,
    parse_cards,
)
from cribkit.core.pegging import PegCount, PeggingError, PegScore, score_peg
from cribkit.core.scoring import Score, score_hand, score_line, score_tile_line

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "CardParseError",
    "CardSet",
    "DuplicateCardError",
    "HandSizeError",
    "PegCount",
    "PegScore",
    "PeggingError",
    "Rank",
    "Score",
    "Suit",
    "parse_cards",
    "score_hand",
    "score_line",
    "score_peg",
    "score_tile_line",
]
