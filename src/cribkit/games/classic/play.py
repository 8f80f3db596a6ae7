"""Classic cribbage's pieces shared by the core, the state and the players: the phases, the
counting value of each card, a hand mask's cards, the points of a card on the count, and a
claim waiting for its declaration (manual counting). The rules themselves are
:mod:`cribkit.games.classic.core`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cribkit.core.cards import DECK, DECK_SIZE, Card, card_pip, card_rank
from cribkit.core.pegging import MAX_COUNT, PegScore
from cribkit.core.scoring import Score
from cribkit.games.classic.events import (
    count_breakdown,
)
from cribkit.games.classic.view import ClaimView
from cribkit.games.setup import DealSetup

if TYPE_CHECKING:
    pass

# Tables of core's card_pip and card_rank: the engine looks them up on every card laid, where
# a tuple index costs less than a call.
#: The counting value of each card.
PIP: Final = tuple(card_pip(c) for c in range(DECK_SIZE))
_RANK: Final = tuple(card_rank(c) for c in range(DECK_SIZE))

DISCARD, PLAY, DECLARE, MUGGINS, OVER, AWAITING = (
    "discard",
    "play",
    "declare",
    "muggins",
    "over",
    "awaiting_deck",
)


# The cards of each byte of a mask, for each of the 7 bytes of 52 bits.
_BYTE_CARDS: Final = tuple(
    tuple(
        tuple(DECK[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < DECK_SIZE)
        for b in range(256)
    )
    for k in range(7)
)
_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BYTE_CARDS


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, ascending.

    >>> cards_of(1 << 51 | 1 << 17 | 1)
    (Card.parse('Ac'), Card.parse('5d'), Card.parse('Ks'))
    """
    return (
        _B0[mask & 255]
        + _B1[mask >> 8 & 255]
        + _B2[mask >> 16 & 255]
        + _B3[mask >> 24 & 255]
        + _B4[mask >> 32 & 255]
        + _B5[mask >> 40 & 255]
        + _B6[mask >> 48]
    )


def peg_points(pile: Sequence[int], count: int) -> int:
    """Points for the last card of ``pile`` (the current count, in order), which makes ``count``.

    >>> from cribkit.core.cards import parse_cards
    >>> peg_points(parse_cards("4h 6c 5d"), 15), peg_points(parse_cards("Kh Kd Ks"), 30)
    (5, 6)
    """
    points = 2 if count == 15 or count == MAX_COUNT else 0
    n = len(pile)
    rank = _RANK
    last = rank[pile[-1]]
    same = 1
    while same < n and rank[pile[-same - 1]] == last:
        same += 1
    if same > 1:  # a pair at the tail rules out any run through it
        return points + same * (same - 1)
    best = 0
    seen = 1 << last
    low = high = last
    for i in range(n - 2, -1, -1):
        this = rank[pile[i]]
        if seen >> this & 1:
            break
        seen |= 1 << this
        if this < low:
            low = this
        elif this > high:
            high = this
        if high - low == n - 1 - i and n - i >= 3:
            best = n - i
    return points + best


#: Where a classic game's chance comes from (shared with the other dealt games).
ClassicSetup = DealSetup


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """A count waiting for its owner's declaration (manual counting), then for muggins.

    ``kind`` is ``peg`` (``cards`` is the current count), ``show`` or ``crib`` (``cards`` the
    4 cards); ``correct`` is what they score, ``declared`` what was declared (-1: not yet) and
    ``window`` the opponents still to choose whether to call muggins, in order.
    """

    kind: str
    seat: int
    cards: tuple[Card, ...]
    starter: Card | None
    correct: int
    declared: int = -1
    window: tuple[int, ...] = ()

    def view(self) -> ClaimView:
        """The claim as the players see it: only public cards (the count, a hand being shown,
        the crib at its show), not what they truly score."""
        return ClaimView(
            kind=self.kind,
            seat=self.seat,
            cards=self.cards,
            starter=self.starter,
            declared=None if self.declared < 0 else self.declared,
        )

    @property
    def breakdown(self) -> Score[Card] | PegScore:
        """What the claim truly scores, part by part."""
        return count_breakdown(self.kind, self.cards, self.starter)
