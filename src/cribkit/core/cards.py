"""Cards, ranks, suits and card sets.

Inside, a card is an int 0-51, ``(rank - 1) * 4 + suit``, so cards sort by rank, then suit;
a set of cards is a 52-bit mask. Outside, :class:`Card`, :class:`Rank`, :class:`Suit` and
:class:`CardSet` give the friendly names, and every text form round-trips:

>>> Card.parse("5h")
Card.parse('5h')
>>> str(Card.parse("10H")), str(Card.parse("5♥")), int(Card.parse("As"))
('Th', '5h', 3)
>>> CardSet.parse("5h 5c 5d js")
CardSet.parse('5c 5d 5h Js')
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Iterator
from typing import Final


class CardError(ValueError):
    """Base class for errors about cards and hands."""


class CardParseError(CardError):
    """A token that is not a card."""

    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(
            f"{token!r} is not a card: a card is a rank (A, 2-10, T, J, Q, K) followed by "
            "a suit (c, d, h, s or ♣ ♦ ♥ ♠), for example 5h, Td, 10d or As"
        )


class DuplicateCardError(CardError):
    """The same card given twice where every card must be different."""

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"the card {card} appears more than once")


class HandSizeError(CardError):
    """A hand, line or pile with the wrong number of cards."""


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The one-letter text form: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]


class Rank(enum.IntEnum):
    """Ranks from ace (1, always low) to king (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def char(self) -> str:
        """The one-character text form: ``A``, ``2``-``9``, ``T``, ``J``, ``Q``, ``K``."""
        return RANK_CHARS[self - 1]

    @property
    def pip(self) -> int:
        """The value a card of this rank adds to a fifteen or a count (faces are 10)."""
        return min(int(self), 10)

    @property
    def word(self) -> str:
        """The rank as players say it: ``ace``, ``five``, ``jack``."""
        return RANK_WORDS[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank (``A``, ``2``-``10``, ``T``, ``J``, ``Q``, ``K``; any case).

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        number = _RANK_BY_TEXT.get(text.strip().upper())
        if number is None:
            raise CardParseError(text)
        return cls(number)


RANK_CHARS: Final = "A23456789TJQK"
RANK_WORDS: Final = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip
_RANK_BY_TEXT: Final = {c: i + 1 for i, c in enumerate(RANK_CHARS)} | {"10": 10}
_SUIT_BY_TEXT: Final = (
    {c: i for i, c in enumerate("cdhs")}
    | {s: i for i, s in enumerate("♣♦♥♠")}
    | {s: i for i, s in enumerate("♧♢♡♤")}
)

#: Number of cards in the deck.
DECK_SIZE: Final = 52


def card_index(rank: int, suit: int) -> int:
    """The int form of the card of ``rank`` (1-13) and ``suit`` (0-3)."""
    return (rank - 1) * 4 + suit


def card_rank(card: int) -> int:
    """The rank (1-13) of an int card."""
    return (card >> 2) + 1


def card_suit(card: int) -> int:
    """The suit (0-3) of an int card."""
    return card & 3


def card_pip(card: int) -> int:
    """The counting value (1-10) of an int card."""
    return min((card >> 2) + 1, 10)


class Card(int):
    """One playing card, an int 0-51 with friendly names.

    >>> c = Card.parse("Jd")
    >>> c.rank, c.suit, c.pip
    (<Rank.JACK: 11>, <Suit.DIAMONDS: 1>, 10)
    >>> Card.of(Rank.FIVE, Suit.HEARTS)
    Card.parse('5h')
    >>> Card(51)
    Card.parse('Ks')
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if type(index) is Card:
            return index
        try:
            number = operator.index(index)  # ints, and numpy's integer types
        except TypeError:
            number = -1
        if isinstance(index, bool) or not 0 <= number < DECK_SIZE:
            raise CardError(f"a card number must be an int from 0 to 51, not {index!r}")
        return _CARDS[number]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of a rank (1-13) and a suit (0-3)."""
        if not 1 <= rank <= 13 or not 0 <= suit <= 3:
            raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
        return _CARDS[card_index(rank, suit)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: rank then suit, any case, ``10`` or ``T``, letter or symbol.

        >>> [str(Card.parse(t)) for t in ("5h", "5H", "10h", "Th", "5♥", "AS")]
        ['5h', '5h', 'Th', 'Th', '5h', 'As']
        >>> Card.parse("5x")
        Traceback (most recent call last):
        ...
        cribkit.core.cards.CardParseError: '5x' is not a card: a card is a rank (A, 2-10, T, J, Q, K) followed by a suit (c, d, h, s or ♣ ♦ ♥ ♠), for example 5h, Td, 10d or As
        """
        token = text.strip()
        rank = _RANK_BY_TEXT.get(token[:-1].upper()) if len(token) >= 2 else None
        suit = _SUIT_BY_TEXT.get(token[-1:].lower()) if rank is not None else None
        if rank is None or suit is None:
            raise CardParseError(text)
        return _CARDS[card_index(rank, suit)]

    @property
    def rank(self) -> Rank:
        """This card's rank."""
        return Rank((self >> 2) + 1)

    @property
    def suit(self) -> Suit:
        """This card's suit."""
        return Suit(self & 3)

    @property
    def pip(self) -> int:
        """The value this card adds to a fifteen or a count (faces are 10)."""
        return min((self >> 2) + 1, 10)

    @property
    def mask(self) -> int:
        """This card's bit in a card-set mask."""
        return 1 << self

    @property
    def symbol(self) -> str:
        """The card as players write it, with a suit symbol: ``5♥``, ``10♦`` (the ten in
        full, as on the cards; :meth:`parse` reads it back)."""
        rank = RANK_CHARS[self >> 2]
        return ("10" if rank == "T" else rank) + "♣♦♥♠"[self & 3]

    def __str__(self) -> str:
        return RANK_CHARS[self >> 2] + "cdhs"[self & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))

#: All 52 cards in order (ace of clubs first).
DECK: Final = _CARDS


def parse_cards(text: str | Iterable[str], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, keeping their order.

    >>> parse_cards("7d 8c, 7h")
    (Card.parse('7d'), Card.parse('8c'), Card.parse('7h'))
    >>> parse_cards("5h 5H")
    Traceback (most recent call last):
    ...
    cribkit.core.cards.DuplicateCardError: the card 5h appears more than once
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(Card.parse(token) for token in tokens)
    if distinct:
        check_distinct(cards)
    return cards


def mask_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending: the cards of a card mask, the cells of a grid mask.

    >>> mask_bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def check_distinct(cards: Iterable[int]) -> None:
    """Raise :class:`DuplicateCardError` if any card repeats."""
    seen = 0
    for card in cards:
        bit = 1 << card
        if seen & bit:
            raise DuplicateCardError(Card(card))
        seen |= bit


class CardSet(int):
    """An immutable set of cards: a 52-bit mask with set operations.

    >>> hand = CardSet.parse("5h 5c 5d Js")
    >>> len(hand), Card.parse("Js") in hand
    (4, True)
    >>> hand | CardSet.parse("5s")
    CardSet.parse('5c 5d 5h 5s Js')
    >>> str(CardSet.full() - hand)[:11]
    'Ac Ad Ah As'
    """

    __slots__ = ()

    def __new__(cls, mask: int = 0) -> CardSet:
        if not 0 <= mask < 1 << DECK_SIZE:
            raise CardError(f"a card-set mask must be a 52-bit int, not {mask!r}")
        return int.__new__(cls, mask)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of the given cards; a repeated card is an error."""
        mask = 0
        for card in cards:
            bit = 1 << Card(card)
            if mask & bit:
                raise DuplicateCardError(Card(card))
            mask |= bit
        return int.__new__(cls, mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces or commas; a repeated card is an error."""
        return cls.of(parse_cards(text))

    @classmethod
    def full(cls) -> CardSet:
        """All 52 cards."""
        return int.__new__(cls, (1 << DECK_SIZE) - 1)

    def cards(self) -> tuple[Card, ...]:
        """The cards in ascending order."""
        return tuple(self)

    def __iter__(self) -> Iterator[Card]:
        mask = int(self)
        while mask:
            low = mask & -mask
            yield _CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return int(self).bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < DECK_SIZE and bool(self >> card & 1)

    def __or__(self, other: int) -> CardSet:
        return int.__new__(CardSet, int(self) | int(other))

    def __and__(self, other: int) -> CardSet:
        return int.__new__(CardSet, int(self) & int(other))

    def __sub__(self, other: int) -> CardSet:
        return int.__new__(CardSet, int(self) & ~int(other))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
