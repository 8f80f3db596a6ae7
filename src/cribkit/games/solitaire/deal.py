"""Cribbage Solitaire: the seeded decks, the daily deal and where every card of a deck goes.

The seeded deck is the shuffle labelled ``solitaire`` of the 52 cards in order
(:func:`solitaire_deck`; for a seed that is not fair, ``random.Random(f"solitaire:{seed}")``);
:func:`daily_seed` turns a date into the seed of the daily deal.
The player's choices never change where a card goes, so :func:`round_cards` gives the whole
game's deal from a deck, and :func:`stacked_solitaire_deck` builds a deck that deals given
rounds.

>>> rounds, last = round_cards(solitaire_deck(7))
>>> len(rounds), len(rounds[0].hand), len(rounds[0].crib), len(last)
(6, 6, 2, 4)
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from cribkit.core.cards import DECK, DECK_SIZE, Card, check_distinct
from cribkit.games.chance import shuffled
from cribkit.games.errors import GameError
from cribkit.games.setup import Seed
from cribkit.games.solitaire.rules import DEAL_ORDER, HAND_SIZE, ROUNDS
from cribkit.games.stacking import as_cards, as_deck

__all__ = [
    "RoundCards",
    "Seed",
    "SolitaireSetup",
    "daily_seed",
    "deal_round",
    "round_cards",
    "solitaire_deck",
    "stacked_solitaire_deck",
]

#: How many cards a round's deal takes from the top of the stock.
DEALT: Final = len(DEAL_ORDER)


@dataclass(frozen=True, slots=True, kw_only=True)
class SolitaireSetup:
    """Where the cards come from: the ``seed``, or an explicit ``deck`` (``explicit``)."""

    seed: Seed | None
    deck: tuple[Card, ...]
    explicit: bool


def solitaire_deck(seed: Seed) -> tuple[Card, ...]:
    """The deck of a seeded game, top card first.

    The shuffle is :func:`~cribkit.games.chance.shuffled` ``(seed, "solitaire")`` of the 52
    cards in order (``Ac Ad Ah As 2c ... Ks``; for a seed that is not fair,
    ``random.Random(f"solitaire:{seed}").shuffle``), so a seed names one deal for good, on any
    machine.

    >>> " ".join(str(c) for c in solitaire_deck(1)[:5]) == " ".join(str(c) for c in solitaire_deck("1")[:5])
    True
    """
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")
    return tuple(DECK[c] for c in shuffled(seed, "solitaire", range(DECK_SIZE)))


def daily_seed(day: datetime.date) -> int:
    """The seed of the daily deal of ``day``: the date as the number ``YYYYMMDD``.

    Anyone can play a day's deal again with that seed (``seed=20250314``); the interfaces use
    the player's local date.

    >>> daily_seed(datetime.date(2025, 3, 14))
    20250314
    """
    if not isinstance(day, datetime.date):
        raise GameError(f"a daily deal needs a date, not {day!r}")
    return day.year * 10_000 + day.month * 100 + day.day


def deal_round(
    stock: tuple[Card, ...],
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """One round's deal from the top of ``stock``: the hand (ascending), the 2 crib cards dealt
    face down, and the rest of the stock.

    >>> hand, crib, rest = deal_round(DECK)
    >>> " ".join(map(str, hand)), " ".join(map(str, crib)), len(rest)
    ('Ac Ad Ah 2d 2h 2s', 'As 2c', 44)
    """
    dealt = stock[:DEALT]
    hand = tuple(sorted(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "hand"))
    crib = tuple(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "crib")
    return hand, crib, stock[DEALT:]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundCards:
    """The cards of one round, as the deck order decides them whatever the player lays away:
    the 6 hand cards (in dealing order), the 2 crib cards dealt face down, the starter."""

    hand: tuple[Card, ...]
    crib: tuple[Card, ...]
    starter: Card


def round_cards(deck: Iterable[int | str]) -> tuple[list[RoundCards], tuple[Card, ...]]:
    """Every round's cards and the last hand of a deck (52 cards, top first).

    The player's choices never change where a card goes: this is the whole game's deal.

    >>> rounds, last = round_cards(DECK)
    >>> " ".join(map(str, rounds[0].hand)), " ".join(map(str, rounds[0].crib)), str(rounds[0].starter)
    ('Ac Ad Ah 2d 2h 2s', 'As 2c', '3c')
    >>> " ".join(map(str, rounds[5].hand)), str(rounds[5].starter), " ".join(map(str, last))
    ('Qd Qh Qs Kh Ks 3c', '5d', '7h 9s Qc 5d')
    """
    cards = as_deck(deck)
    stock = list(cards)
    rounds: list[RoundCards] = []
    for _ in range(ROUNDS):
        dealt, stock = stock[:DEALT], stock[DEALT:]
        hand = tuple(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "hand")
        crib = tuple(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "crib")
        starter = stock.pop(0)
        stock.append(starter)
        rounds.append(RoundCards(hand=hand, crib=crib, starter=starter))
    return rounds, tuple(stock)


def stacked_solitaire_deck(
    rounds: Sequence[tuple[str | Iterable[int | str], str | Iterable[int | str], str | int]],
) -> tuple[Card, ...]:
    """A deck that deals the given rounds: (6 hand cards, 2 crib cards, starter) for each of
    the first rounds, in order. The cards not named follow in ascending order.

    A starter goes to the bottom and comes back in the sixth round (the first starter is its
    sixth hand card, the second its starter), so a stack of all six rounds names 48 cards and
    the last hand is made of the third to sixth starters.

    >>> deck = stacked_solitaire_deck([("5h 5c 5d Js 7c 9h", "2c 3c", "5s")])
    >>> " ".join(str(c) for c in deck[:9])
    '5h 5c 5d 2c 3c Js 7c 9h 5s'
    """
    if len(rounds) > ROUNDS:
        raise GameError(f"a game has {ROUNDS} rounds, not {len(rounds)}")
    top: list[Card] = []
    for index, (hand_cards, crib_cards, starter) in enumerate(rounds):
        hand = list(as_cards(hand_cards))
        crib = list(as_cards(crib_cards))
        if len(hand) != HAND_SIZE or len(crib) != 2:
            raise GameError(
                f"round {index + 1} deals {HAND_SIZE} hand cards and 2 crib cards, "
                f"not {len(hand)} and {len(crib)}"
            )
        cut = as_cards([starter])[0]
        if index == ROUNDS - 1:
            # The sixth deal takes the last 7 fresh cards and the first starter, then turns
            # the second starter.
            if hand[-1] != top[8] or cut != top[17]:
                raise GameError(
                    f"round 6's last hand card is the first starter ({top[8]}) and its starter "
                    f"the second ({top[17]})"
                )
            hand.pop()
            order = [*hand[:3], *crib, *hand[3:]]
        else:
            order = [*hand[:3], *crib, *hand[3:], cut]
        top.extend(order)
    check_distinct(top)
    named = set(top)
    return (*top, *(c for c in DECK if c not in named))
