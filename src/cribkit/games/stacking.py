"""Stacked decks, for tests and worked examples: the named cards go where the deal puts them,
and the cards not named follow in ascending order.

>>> deck = [None] * 52
>>> place_cards(deck, owners=[1, 0, 1, 0], given={0: "5h 5c", 1: "Jd 4s"}, size=2, noun="hand")
>>> complete_deck(deck)[:5]
(Card.parse('Jd'), Card.parse('5h'), Card.parse('4s'), Card.parse('5c'), Card.parse('Ac'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cribkit.core.cards import DECK, DECK_SIZE, Card, CardError, check_distinct, parse_cards
from cribkit.games.protocol import GameError

#: Cards as text (``"5h 5c"``), or as ints or texts one by one.
GivenCards = str | Iterable[int | str]


def as_cards(cards: GivenCards) -> tuple[Card, ...]:
    """The cards of a hand or stack given as text or one by one (repeats allowed here: the
    finished deck is checked)."""
    if isinstance(cards, str):
        return parse_cards(cards, distinct=False)
    return tuple(Card.parse(c) if isinstance(c, str) else Card(c) for c in cards)


def place_cards(
    deck: list[Card | None],
    *,
    owners: Sequence[int],
    given: Mapping[int, GivenCards],
    size: int,
    noun: str,
    offset: int = 0,
) -> None:
    """Put each seat's ``given`` cards, in order, at the deck positions (from ``offset``) that
    ``owners`` gives to that seat; every seat of ``owners`` needs exactly ``size`` cards."""
    for seat in sorted(set(owners)):
        if seat not in given:
            raise GameError(f"stacked_deck needs the {noun} of seat {seat}")
        cards = list(as_cards(given[seat]))
        if len(cards) != size:
            players = len(set(owners))
            raise GameError(
                f"seat {seat}'s {noun} has {size} cards with {players} players, not {len(cards)}"
            )
        for position, owner in enumerate(owners):
            if owner == seat:
                deck[offset + position] = cards.pop(0)


def complete_deck(deck: Sequence[Card | None]) -> tuple[Card, ...]:
    """The deck with its empty places filled by the cards not named, in ascending order; a card
    named twice is an error."""
    named = [c for c in deck if c is not None]
    check_distinct(named)
    taken = set(named)
    rest = iter(c for c in DECK if c not in taken)
    return tuple(c if c is not None else next(rest) for c in deck)


def as_deck(deck: object, name: str = "the deck") -> tuple[Card, ...]:
    """A deck of 52 distinct cards (text or numbers), top first; else a :class:`GameError`
    that calls it ``name``.

    >>> as_deck(["5h"] * 52, "deck 0")
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: deck 0: the card 5h appears more than once
    """
    if isinstance(deck, str) or not isinstance(deck, Iterable):
        raise GameError(f"a deck is a list of the 52 cards such as '5h', top first, not {deck!r}")
    try:
        cards = as_cards(deck)
        check_distinct(cards)
    except CardError as error:
        raise GameError(f"{name}: {error}") from None
    if len(cards) != DECK_SIZE:
        raise GameError(f"{name} has {len(cards)} cards, not {DECK_SIZE}")
    return cards
