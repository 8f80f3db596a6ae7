"""Pegging (the play): the points for the last card laid onto the current count.

>>> score_peg("4h 5d 6c").total
5
>>> score_peg("7d 7h 8c").total
0
>>> count, points = PegCount().lay("5h")
>>> count, points = count.lay("Tc")
>>> points.words(), count.count
('fifteen two', 15)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cribkit.core.cards import (
    DECK,
    Card,
    CardError,
    DuplicateCardError,
    HandSizeError,
    parse_cards,
)
from cribkit.core.scoring import _GROUP_NAMES, pair_points
from cribkit.core.slots import slot_setters
from cribkit.core.words import number_word

#: The count may never pass this.
MAX_COUNT = 31
#: Each card's value in the count, by card number (faces are 10).
_PIPS = tuple(min((card >> 2) + 1, 10) for card in range(52))


class PeggingError(ValueError):
    """A card that cannot be laid on the current count."""


@dataclass(frozen=True, slots=True)
class PegScore:
    """What the last card of ``pile`` scored: 15, 31, a pair group, a run.

    ``pile`` is the current count only (cards laid since the count last started at 0), in
    the order laid; cards from before a reset never combine with later ones.
    """

    pile: tuple[Card, ...]
    same_rank: tuple[Card, ...]
    run: tuple[Card, ...]

    @property
    def card(self) -> Card:
        """The card just laid."""
        return self.pile[-1]

    @property
    def count(self) -> int:
        """The count after the card."""
        pips = _PIPS
        return sum(pips[card] for card in self.pile)

    @property
    def fifteen_points(self) -> int:
        """2 when the count reaches 15."""
        return 2 if self.count == 15 else 0

    @property
    def thirty_one_points(self) -> int:
        """2 when the count reaches 31."""
        return 2 if self.count == MAX_COUNT else 0

    @property
    def pairs_points(self) -> int:
        """2 for a pair, 6 for three of a kind, 12 for four, laid in a row."""
        return pair_points(len(self.same_rank)) if self.same_rank else 0

    @property
    def runs_points(self) -> int:
        """The length of the longest run that the last cards make, in any order."""
        return len(self.run)

    @property
    def total(self) -> int:
        """All the points for the card."""
        pips = _PIPS
        count = 0
        for card in self.pile:
            count += pips[card]
        same = len(self.same_rank)  # (pair_points, inline: each pair among them is 2)
        return (2 if count == 15 or count == MAX_COUNT else 0) + same * (same - 1) + len(self.run)

    def phrases(self) -> list[str]:
        """What the player says, one phrase per scoring part."""
        parts: list[tuple[str, int]] = []
        if self.fifteen_points:
            parts.append(("fifteen", 2))
        if self.thirty_one_points:
            parts.append(("thirty-one", 2))
        if self.same_rank:
            parts.append((_GROUP_NAMES[len(self.same_rank)], self.pairs_points))
        if self.run:
            parts.append((f"a run of {number_word(len(self.run))}", len(self.run)))
        phrases = []
        running = 0
        for index, (name, points) in enumerate(parts):
            running += points
            if name == "fifteen":
                phrases.append("fifteen two")
            elif index == 0:
                phrases.append(f"{name} for {number_word(points)}")
            else:
                phrases.append(f"{name} is {number_word(running)}")
        return phrases

    def words(self) -> str:
        """The whole call, e.g. ``fifteen two, and a pair is four``; empty when nothing scores."""
        phrases = self.phrases()
        if len(phrases) <= 1:
            return "".join(phrases)
        return ", ".join(phrases[:-1]) + ", and " + phrases[-1]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``count``, ``points`` and the integer points of each part."""
        return {
            "card": str(self.card),
            "pile": [str(card) for card in self.pile],
            "count": self.count,
            "points": self.total,
            "fifteen": self.fifteen_points,
            "thirty_one": self.thirty_one_points,
            "pairs": self.pairs_points,
            "runs": self.runs_points,
            "words": self.words(),
            "detail": {
                "pairs": [str(card) for card in self.same_rank],
                "run": [str(card) for card in self.run],
            },
        }


def score_peg(pile: str | Iterable[int]) -> PegScore:
    """Score the last card of a pile (the current count, in the order laid).

    >>> score_peg("5h 5c 5d").total
    8
    >>> score_peg("Kh Qh Jh 2c")
    Traceback (most recent call last):
    ...
    cribkit.core.pegging.PeggingError: the count would be 32 with 2c: it may not pass 31
    """
    if isinstance(pile, str):
        cards = parse_cards(pile)
    else:
        deck = DECK  # (a plain card number is looked up, anything else checked by Card)
        cards = tuple([deck[c] if type(c) is int and 0 <= c < 52 else Card(c) for c in pile])
    if not cards:
        raise HandSizeError("a pile needs at least one card to score")
    seen = count = 0
    pips = _PIPS
    for card in cards:
        bit = 1 << card
        if seen & bit:
            raise DuplicateCardError(card)
        seen |= bit
        count += pips[card]
        if count > MAX_COUNT:
            raise PeggingError(
                f"the count would be {count} with {card}: it may not pass {MAX_COUNT}"
            )
    return _new_peg_score(cards, _same_rank_tail(cards), _longest_run_tail(cards))


# (made through the slots' setters, as cribkit.core.scoring makes its Score objects)
_SET_PILE, _SET_SAME_RANK, _SET_RUN = slot_setters(PegScore)


def _new_peg_score(
    pile: tuple[Card, ...], same_rank: tuple[Card, ...], run: tuple[Card, ...]
) -> PegScore:
    """``PegScore(pile, same_rank, run)``, made faster (see above)."""
    score: PegScore = object.__new__(PegScore)
    _SET_PILE(score, pile)
    _SET_SAME_RANK(score, same_rank)
    _SET_RUN(score, run)
    return score


def _same_rank_tail(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    # (ranks compared as card numbers >> 2: no Rank made per card)
    rank = cards[-1] >> 2
    size = 1
    while size < len(cards) and cards[-size - 1] >> 2 == rank:
        size += 1
    return cards[-size:] if size >= 2 else ()


def _longest_run_tail(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    # One walk back from the last card: the tail stays a run while its ranks are distinct and
    # span one less than its length; a repeated rank ends every longer tail too.
    best = 0
    seen = 0
    low = high = cards[-1] >> 2
    for length in range(1, len(cards) + 1):
        rank = cards[-length] >> 2
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if length >= 3 and high - low == length - 1:
            best = length
    return cards[-best:] if best else ()


@dataclass(frozen=True, slots=True)
class PegCount:
    """One count of the play, from 0 up to 31: immutable, :meth:`lay` returns a new count."""

    pile: tuple[Card, ...] = ()

    @property
    def count(self) -> int:
        """The running count."""
        return sum(card.pip for card in self.pile)

    def can_lay(self, card: int) -> bool:
        """Whether ``card`` fits under 31."""
        return self.count + Card(card).pip <= MAX_COUNT

    def lay(self, card: Card | int | str) -> tuple[PegCount, PegScore]:
        """Lay a card: the new count and what the card scored.

        Raises :class:`PeggingError` if the card would take the count past 31.
        """
        laid = Card.parse(card) if isinstance(card, str) else Card(card)
        if laid in self.pile:
            raise CardError(f"the card {laid} is already on this count")
        if not self.can_lay(laid):
            raise PeggingError(
                f"the count would be {self.count + laid.pip} with {laid}: "
                f"it may not pass {MAX_COUNT}"
            )
        pile = (*self.pile, laid)
        return PegCount(pile), score_peg(pile)

    def reset(self) -> PegCount:
        """A new count from 0 (after a go or 31)."""
        return PegCount()
