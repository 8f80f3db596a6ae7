"""Classic cribbage: the rule settings, the decks and the dealing convention.

Dealing convention (kept by the engine and by records): the deck is a list of the 52 cards,
top card first. Cards are dealt one at a time from the top, starting with the player to the
dealer's left and going round the table, until each player has 6 (2 players) or 5 cards
(3 or 4 players); with 3 players the next card goes to the crib. The starter is the next card
of the stock after the deal.

>>> rules = ClassicRules(players=3)
>>> deck = stacked_deck(rules, dealer=0, hands={1: "5h 5c 5d Js 2c", 2: "Ah 2h 3h 4h 6h",
...                     0: "Kc Kd Ks Qc Qd"}, crib_card="9c", starter="5s")
>>> " ".join(str(c) for c in deck[:4]), str(deck[15]), str(deck[16])
('5h Ah Kc 5c', '9c', '5s')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Self

from cribkit.core.cards import DECK_SIZE, Card
from cribkit.games.protocol import GameError, Rules, RulesError
from cribkit.games.stacking import GivenCards, as_cards, complete_deck, place_cards

__all__ = [
    "ClassicRules",
    "deal_positions",
    "stacked_deck",
]


@dataclass(frozen=True, kw_only=True)
class ClassicRules(Rules):
    """The settings of a classic cribbage game (the options of ``rules/classic.md``).

    >>> ClassicRules()
    ClassicRules(players=2, target=121, skunks=True, manual_counting=False, muggins=False)
    >>> ClassicRules(muggins=True).manual_counting  # muggins needs manual counting
    True
    """

    GAME = "classic"

    players: int = field(
        default=2, metadata={"choices": (2, 3, 4), "help": "4 plays in partnerships 0+2 v 1+3"}
    )
    target: int = field(default=121, metadata={"choices": (121, 61), "help": "points to win"})
    skunks: bool = field(default=True, metadata={"help": "a skunk wins 2 games, double 3"})
    manual_counting: bool = field(
        default=False, metadata={"help": "players declare their own points"}
    )
    muggins: bool = field(
        default=False, metadata={"help": "opponents take missed points (manual counting)"}
    )

    def __post_init__(self) -> None:
        Rules.__post_init__(self)
        if self.muggins and not self.manual_counting:
            object.__setattr__(self, "manual_counting", True)

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Self:
        """Rules from option values or text; ``muggins=true`` turns on manual counting."""
        rules = super().from_options(options)
        manual = options.get("manual_counting", True)
        if rules.muggins and str(manual).strip().lower() in ("false", "off", "no", "0"):
            raise RulesError("classic option muggins=true needs manual_counting=true")
        return rules

    @property
    def seats(self) -> int:
        """How many seats the game has: one a player."""
        return self.players

    @property
    def sides(self) -> int:
        """How many sides score: the players, or 2 partnerships with 4 players."""
        return 2 if self.players == 4 else self.players

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return 6 if self.players == 2 else 5

    @property
    def discards(self) -> int:
        """Cards each player lays away to the crib."""
        return 2 if self.players == 2 else 1

    @property
    def skunk_line(self) -> int:
        """A loser below this is skunked (91 in a 121 game)."""
        return self.target - 30

    @property
    def double_skunk_line(self) -> int:
        """A loser below this is double skunked (61 in a 121 game)."""
        return self.target - 60


def deal_positions(players: int, dealer: int) -> tuple[list[int], int, int | None]:
    """Who gets each dealt card: the seat for each deck position, the starter position and
    the position of the card dealt to the crib (3 players) or None.

    >>> deal_positions(2, 0)
    ([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0], 12, None)
    """
    per = 6 if players == 2 else 5
    seats = [(dealer + 1 + j) % players for j in range(per * players)]
    if players == 3:
        return seats, len(seats) + 1, len(seats)
    return seats, len(seats), None


def stacked_deck(
    rules: ClassicRules,
    *,
    dealer: int,
    hands: Mapping[int, GivenCards],
    starter: str | int,
    crib_card: str | int | None = None,
) -> tuple[Card, ...]:
    """A deck that deals the given hands (in any order per hand), crib card and starter.

    The cards not named follow in ascending order. Every seat needs its full hand
    (6 cards with 2 players, 5 with 3 or 4); ``crib_card`` is needed with 3 players only.
    """
    positions, starter_at, crib_at = deal_positions(rules.players, dealer)
    deck: list[Card | None] = [None] * DECK_SIZE
    place_cards(deck, owners=positions, given=hands, size=rules.hand_size, noun="hand")
    if crib_at is not None:
        if crib_card is None:
            raise GameError("with 3 players stacked_deck needs the crib_card")
        deck[crib_at] = as_cards([crib_card])[0]
    elif crib_card is not None:
        raise GameError("only a 3-player deal has a card dealt to the crib")
    deck[starter_at] = as_cards([starter])[0]
    return complete_deck(deck)
