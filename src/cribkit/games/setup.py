"""Where a dealt game's chance comes from, checked once for every game that deals decks.

A game dealt from 52-card decks (classic, Table Top) is set up by a seed, by explicit decks
(one per deal, top card first, used before the seed's shuffles), or both, with an optional
first dealer and optional starting scores (problems, handicaps).

>>> setup = deal_setup("classic", players=2, sides=2, target=121, seed=7)
>>> setup.deck(0) == deal_deck(7, 0), setup.start_scores
(True, None)
>>> deal_setup("classic", players=2, sides=2, target=121, seed=7, first_dealer=2)
Traceback (most recent call last):
...
cribkit.games.errors.GameError: first_dealer must be a seat from 0 to 1, not 2
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cribkit.core.cards import DECK, DECK_SIZE, Card, card_rank
from cribkit.games.protocol import Action, GameError, Rules
from cribkit.games.records import FORMAT, VERSION
from cribkit.games.stacking import as_deck

__all__ = [
    "DealSetup",
    "Seed",
    "SidedGame",
    "as_deck",
    "cut_decks",
    "cut_for_first_deal",
    "deal_deck",
    "deal_setup",
    "first_dealer_cut",
    "side_of",
]

#: A seed for the shuffles: an int or a string (any text, used as is).
Seed = int | str


@dataclass(frozen=True, slots=True)
class DealSetup:
    """Where the chance comes from: explicit decks (first deals), then the seed's shuffles.

    ``first_dealer`` skips the cut for the first deal; ``start_scores`` starts the game from
    given scores instead of 0.
    """

    seed: Seed | None = None
    decks: tuple[tuple[Card, ...], ...] = ()
    first_dealer: int | None = None
    start_scores: tuple[int, ...] | None = None

    def deck(self, deal: int) -> tuple[Card, ...] | None:
        """The deck of deal number ``deal``, or None if there is none."""
        if deal < len(self.decks):
            return self.decks[deal]
        if self.seed is None:
            return None
        return deal_deck(self.seed, deal)

    def record(self, rules: Rules, history: Iterable[Action]) -> dict[str, Any]:
        """The JSON record of a game with these rules, this setup and these actions."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": rules.GAME,
            "rules": rules.options(),
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.decks:
            out["decks"] = [[str(c) for c in deck] for deck in self.decks]
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        if self.start_scores is not None:
            out["start_scores"] = list(self.start_scores)
        out["actions"] = [action.to_dict() for action in history]
        return out


def deal_setup(
    game: str,
    *,
    players: int,
    sides: int,
    target: int,
    seed: Seed | None = None,
    decks: Iterable[Iterable[int | str]] | None = None,
    first_dealer: int | None = None,
    start_scores: Sequence[int] | None = None,
) -> DealSetup:
    """Check a game's setup and return it; every error names what was wrong."""
    if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")
    deck_list = tuple(as_deck(d, f"deck {i}") for i, d in enumerate(decks or ()))
    if seed is None and not deck_list:
        raise GameError("a game needs a seed or explicit decks")
    if first_dealer is not None and (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not 0 <= first_dealer < players
    ):
        raise GameError(
            f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}"
        )
    scores: tuple[int, ...] | None = None
    if start_scores is not None:
        scores = tuple(start_scores)
        if len(scores) != sides or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < target for s in scores
        ):
            raise GameError(
                f"start_scores must be {sides} whole numbers from 0 to {target - 1}, "
                f"not {list(start_scores)!r}"
            )
    return DealSetup(seed, deck_list, first_dealer, scores)


def side_of(players: int, seat: int) -> int:
    """The side (scoring unit) of a seat: the seat, or its partnership with 4 players."""
    return seat % 2 if players == 4 else seat


class SidedGame:
    """What the games of sides (a seat each, or partnerships of four) answer alike: classic
    and Table Top states mix it in."""

    __slots__ = ()
    rules: Any
    phase: str

    @property
    def is_terminal(self) -> bool:
        """Whether the game (or match) is over."""
        return self.phase == "over"

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat (the seat itself, or its partnership with 4 players)."""
        players = int(self.rules.players)
        return tuple(side_of(players, s) for s in range(players))


def deal_deck(seed: Seed, deal: int) -> tuple[Card, ...]:
    """The deck for deal number ``deal`` (0 first) of a game with ``seed``, top card first.

    The shuffle is ``random.Random(f"{seed}:{deal}").shuffle`` of the 52 cards in order, so each
    deal's deck depends only on the seed and the deal number.
    """
    order = list(range(DECK_SIZE))
    random.Random(f"{seed}:{deal}").shuffle(order)
    return tuple(DECK[c] for c in order)


def cut_decks(seed: Seed) -> Iterator[tuple[Card, ...]]:
    """The decks used to cut for the first deal: the ``n``-th is shuffled from ``f"{seed}:cut:{n}"``."""
    n = 0
    while True:
        order = list(range(DECK_SIZE))
        random.Random(f"{seed}:cut:{n}").shuffle(order)
        yield tuple(DECK[c] for c in order)
        n += 1


def first_dealer_cut(
    players: int, seed: Seed | None, first_dealer: int | None
) -> tuple[int, list[tuple[tuple[int, ...], tuple[Card, ...], int | None]]]:
    """The first dealer, given or cut for with ``seed``'s cut decks, and each round of the cut
    as (seats, cards, the first dealer once the round decides it).

    >>> first_dealer_cut(2, None, 1)
    (1, [])
    """
    if first_dealer is not None:
        return first_dealer, []
    if seed is None:
        raise GameError("the first dealer is cut with the seed: give first_dealer or a seed")
    dealer, rounds = cut_for_first_deal(players, cut_decks(seed))
    last = len(rounds) - 1
    return dealer, [
        (seats, cards, dealer if index == last else None)
        for index, (seats, cards) in enumerate(rounds)
    ]


def cut_for_first_deal(
    players: int, decks: Iterable[Sequence[int]]
) -> tuple[int, list[tuple[tuple[int, ...], tuple[Card, ...]]]]:
    """Cut for the first deal: the lowest card deals (ace low); those tied for lowest cut again.

    Each round the players still in the cut take the top cards of the next deck, in seat order.
    Returns the dealer and every round as (seats, cards).

    >>> from cribkit.core.cards import parse_cards
    >>> decks = [parse_cards("3c 3d 9h"), parse_cards("Kh 2s")]
    >>> dealer, rounds = cut_for_first_deal(3, decks)
    >>> dealer, [(seats, " ".join(map(str, cards))) for seats, cards in rounds]
    (1, [((0, 1, 2), '3c 3d 9h'), ((0, 1), 'Kh 2s')])
    """
    contenders = tuple(range(players))
    rounds: list[tuple[tuple[int, ...], tuple[Card, ...]]] = []
    for deck in decks:
        cards = tuple(DECK[deck[i]] for i in range(len(contenders)))
        rounds.append((contenders, cards))
        low = min(card_rank(c) for c in cards)
        contenders = tuple(s for s, c in zip(contenders, cards, strict=True) if card_rank(c) == low)
        if len(contenders) == 1:
            return contenders[0], rounds
    raise GameError("the cut for the first deal ran out of decks while players were tied")
