"""cribkit: the Python home of cribbage.

>>> from cribkit import score_hand
>>> score_hand("5h 5c 5d Js", "5s").total
29
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cribkit.core import (
        DECK,
        Card,
        CardError,
        CardParseError,
        CardSet,
        DuplicateCardError,
        HandSizeError,
        PegCount,
        PeggingError,
        PegScore,
        Rank,
        Score,
        Suit,
        parse_cards,
        score_hand,
        score_line,
        score_peg,
        score_tile_line,
    )

__version__ = "0.1.0"

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
    "__version__",
    "parse_cards",
    "score_hand",
    "score_line",
    "score_peg",
    "score_tile_line",
]


def __getattr__(name: str) -> Any:
    # The names of cribkit.core, imported when first asked for: ``import cribkit.cli`` (and so
    # ``cribkit --help``) need not pay for the engine.
    if name in __all__ and name != "__version__":
        import cribkit.core

        return getattr(cribkit.core, name)
    raise AttributeError(f"module 'cribkit' has no attribute {name!r}")
