"""Cribbage Solitaire (``rules/solitaire.md``, Hoyle's one-pass version), on the game protocol.

One player, one 52-card deck, one pass through it. Each of the six rounds:

1. **The deal**, from the top of the stock, one card at a time: 3 cards to the hand, 2 cards
   to the crib, 3 more cards to the hand. The 2 crib cards are dealt **face down**: the player
   sees them only when the crib is counted (the rules deal them to the crib, not to the
   player, and Hoyle's player "looks at the hand" only).
2. The player lays away 2 of the 6 hand cards to the crib (a :class:`~cribkit.games.classic.actions.Discard`,
   seat 0): the only choice in the game.
3. The top card of the stock is turned as **the starter**; a jack scores 2 (his heels).
4. **The hand, then the crib** are counted with the classic show rules: a 4-card flush in the
   hand (5 with the starter), only a 5-card flush in the crib, nobs.
5. Hand and crib go out of play; **the starter goes to the bottom of the stock**.

Each round takes 8 cards for good, so after six rounds 4 cards are left: they are **the last
hand**, counted with no starter (fifteens, pairs, runs, and 4 if all four share a suit). The
result is the total. The starters come round again: the sixth deal ends with the first
starter (the sixth hand card) and turns the second starter as the sixth starter, so the last
hand is the third, fourth, fifth and second starters, in that order. A player who remembers
them knows the sixth starter before laying away.

>>> t = start_solitaire(seed=7)
>>> state = t.state
>>> [e.type for e in t.events], state.round_no, len(state.legal_actions())
(['deal'], 0, 15)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0]).state
>>> state.result.total == state.total == sum(r.points for r in state.rounds) + state.last_hand_points
True
>>> from cribkit.games.records import replay
>>> replay(state.record()).result == state.result
True

The seeded deck is ``random.Random(f"solitaire:{seed}").shuffle`` of the 52 cards in order
(:func:`solitaire_deck`); :func:`daily_seed` turns a date into the seed of the daily deal.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from cribkit.core.cards import DECK, DECK_SIZE, Card, check_distinct
from cribkit.core.pegging import PegScore
from cribkit.core.scoring import Score, score_hand
from cribkit.core.tables import four_card_total, hand_total
from cribkit.core.words import number_word
from cribkit.games.actions import Discard
from cribkit.games.errors import CardNotHeldError, DiscardError, WrongActionError
from cribkit.games.protocol import (
    Action,
    Event,
    GameError,
    GameInfo,
    GameOverError,
    IllegalActionError,
    Result,
    Rules,
    Transition,
    register,
)
from cribkit.games.records import FORMAT, VERSION
from cribkit.games.stacking import as_cards, as_deck

__all__ = [
    "CardNotHeldError",
    "DiscardError",
    "NoSuchSeatError",
    "RoundScore",
    "SolitaireEvent",
    "SolitaireResult",
    "SolitaireRules",
    "SolitaireSetup",
    "SolitaireState",
    "WrongActionError",
    "daily_seed",
    "round_cards",
    "solitaire_deck",
    "stacked_solitaire_deck",
    "start_solitaire",
]

#: The phases: laying away (the only decision), and the end.
DISCARD: Final = "discard"
OVER: Final = "over"
#: Rounds in a game, cards laid away each round, and the cards of one round's deal.
ROUNDS: Final = 6
LAY_AWAY: Final = 2
HAND_SIZE: Final = 6
#: Where each card of a round's deal goes, from the top of the stock (3 hand, 2 crib, 3 hand).
DEAL_ORDER: Final = ("hand", "hand", "hand", "crib", "crib", "hand", "hand", "hand")
_JACK: Final = 10  # rank index (rank - 1) of the jack

#: A seed for the shuffle: an int or a string (any text, used as is).
Seed = int | str


class NoSuchSeatError(IllegalActionError):
    """An action by a seat other than 0: Cribbage Solitaire has one player."""


# ---------------------------------------------------------------------------------------------
# Rules, decks, the dealing convention


@dataclass(frozen=True, kw_only=True)
class SolitaireRules(Rules):
    """The rules of Cribbage Solitaire. The game has no options (yet): ``lookup("solitaire")``.

    >>> SolitaireRules(), SolitaireRules().spec(), SolitaireRules.ROUNDS
    (SolitaireRules(), 'solitaire', 6)
    """

    GAME = "solitaire"
    #: Rounds in a game.
    ROUNDS: ClassVar[int] = ROUNDS
    #: A total of this or more passes the skunk line (good).
    GOOD: ClassVar[int] = 91

    @property
    def played_alone(self) -> bool:
        """Solitaire is one person's game."""
        return True

    #: A total of this or more is great.
    GREAT: ClassVar[int] = 121

    @property
    def sides(self) -> int:
        """One side: the player."""
        return 1

    @classmethod
    def option_help(cls) -> str:
        """The options, one a line: Cribbage Solitaire has none."""
        return "(none: Cribbage Solitaire has no options)"

    @property
    def players(self) -> int:
        """One player, seat 0."""
        return 1


def solitaire_deck(seed: Seed) -> tuple[Card, ...]:
    """The deck of a seeded game, top card first.

    The shuffle is ``random.Random(f"solitaire:{seed}").shuffle`` of the 52 cards in order
    (``Ac Ad Ah As 2c ... Ks``), so a seed names one deal for good, on any machine.

    >>> " ".join(str(c) for c in solitaire_deck(1)[:5]) == " ".join(str(c) for c in solitaire_deck("1")[:5])
    True
    """
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")
    order = list(range(DECK_SIZE))
    random.Random(f"solitaire:{seed}").shuffle(order)
    return tuple(DECK[c] for c in order)


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


@dataclass(frozen=True, slots=True)
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
        dealt, stock = stock[:8], stock[8:]
        hand = tuple(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "hand")
        crib = tuple(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "crib")
        starter = stock.pop(0)
        stock.append(starter)
        rounds.append(RoundCards(hand, crib, starter))
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


# ---------------------------------------------------------------------------------------------
# Events and the result


@dataclass(frozen=True, slots=True)
class SolitaireEvent(Event):
    """An :class:`~cribkit.games.protocol.Event` of a Solitaire game, said the Solitaire way.

    All events belong to seat 0 and ``scores`` is ``(total,)``; ``deal`` is the round (0-5; 6
    for the last hand and the end). The types: ``deal`` (``cards``: the 6 hand cards),
    ``discard`` (the 2 laid away), ``starter``, ``heels``, ``show`` (the hand, ``cards`` and
    ``starter``), ``crib`` (the 4 crib cards and the starter), ``bottom`` (the starter goes to
    the bottom of the stock), ``last_hand`` (4 cards, no starter) and ``end``.

    >>> e = SolitaireEvent("last_hand", seat=0, points=7, scores=(88,), cards=tuple(map(Card.parse, "4h 5h 6h Kc".split())), deal=6)
    >>> e.text()
    'last hand 4h 5h 6h Kc: fifteen two, fifteen four, and a run of three is seven (seven points)'
    """

    @property
    def breakdown(self) -> Score[Card] | PegScore | None:
        """The count behind the points of a ``show``, ``crib`` or ``last_hand``."""
        if self.type == "last_hand" and len(self.cards) == 4:
            return score_hand(self.cards)
        return super(SolitaireEvent, self).breakdown

    def words(self) -> str:
        """The count as players say it; ``no points`` for a count of nothing."""
        if self.type == "heels":
            return "two for his heels"
        breakdown = self.breakdown
        return "" if breakdown is None else breakdown.words()

    def text(self, *, full: bool = True) -> str:
        """The event as a sentence for a log."""
        cards = " ".join(str(c) for c in self.cards)
        points = f" ({_points_text(self.points)})" if self.points else ""
        words = self.words()
        number = self.deal + 1
        match self.type:
            case "deal":
                return f"round {number}: you are dealt {cards} (and 2 to the crib, face down)"
            case "discard":
                return f"you lay away {cards}"
            case "starter":
                return f"the starter is {self.starter}"
            case "heels":
                return f"{words}{points}"
            case "show":
                return f"hand {cards} with {self.starter}: {words}{points}"
            case "crib":
                return f"crib {cards} with {self.starter}: {words}{points}"
            case "bottom":
                return f"the starter {self.starter} goes to the bottom of the deck"
            case "last_hand":
                return f"last hand {cards}: {words}{points}"
            case "end":
                total = self.scores[0] if self.scores else 0
                return f"the game ends with {_points_text(total)}: {_rating_text(total)}"
            case _:
                return f"{self.type}{points}"


def _points_text(points: int) -> str:
    return f"{number_word(points) if points < 1000 else points} point{'s' if points != 1 else ''}"


def _rating(total: int) -> str:
    if total >= SolitaireRules.GREAT:
        return "great"
    if total >= SolitaireRules.GOOD:
        return "good"
    return "skunked"


def _rating_text(total: int) -> str:
    return {
        "great": f"great ({SolitaireRules.GREAT} or more)",
        "good": f"past the skunk line ({SolitaireRules.GOOD} or more)",
        "skunked": f"short of the skunk line ({SolitaireRules.GOOD})",
    }[_rating(total)]


@dataclass(frozen=True, slots=True)
class SolitaireResult(Result):
    """How a Solitaire game ended: ``scores == (total,)``, the player (seat 0) is the
    ``winner``; ``skunk`` is ``"skunk"`` below the skunk line (91), else ``""``.

    :attr:`total` and :attr:`rating` (``great`` from 121, ``good`` from 91, ``skunked``) say it
    plainly; both are in the JSON form too.
    """

    @property
    def total(self) -> int:
        """The game's total."""
        return self.scores[0]

    @property
    def rating(self) -> str:
        """``great`` (121 or more), ``good`` (91 or more) or ``skunked``."""
        return _rating(self.total)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the common result fields, then ``total`` and ``rating``."""
        return {**Result.to_dict(self), "total": self.total, "rating": self.rating}


def _result(total: int) -> SolitaireResult:
    skunk = "skunk" if total < SolitaireRules.GOOD else ""
    return SolitaireResult(0, (0,), (total,), 1, skunk, 0)


# ---------------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True, slots=True)
class SolitaireSetup:
    """Where the cards come from: the ``seed``, or an explicit ``deck`` (``explicit``)."""

    seed: Seed | None
    deck: tuple[Card, ...]
    explicit: bool


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One counted round: the cards and the points."""

    round_no: int
    #: The 6 cards dealt to the hand, ascending.
    dealt: tuple[Card, ...]
    laid: tuple[Card, ...]
    kept: tuple[Card, ...]
    #: The 4 crib cards: the 2 dealt face down, then the 2 laid away.
    crib: tuple[Card, ...]
    starter: Card
    heels: int
    hand_points: int
    crib_points: int

    @property
    def points(self) -> int:
        """Heels, hand and crib."""
        return self.heels + self.hand_points + self.crib_points

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, cards as text."""
        return {
            "round": self.round_no,
            "dealt": [str(c) for c in self.dealt],
            "laid_away": [str(c) for c in self.laid],
            "kept": [str(c) for c in self.kept],
            "crib": [str(c) for c in self.crib],
            "starter": str(self.starter),
            "heels": self.heels,
            "hand_points": self.hand_points,
            "crib_points": self.crib_points,
            "points": self.points,
        }


_DISCARDS: dict[tuple[int, int], Discard] = {}


def _discard(a: Card, b: Card) -> Discard:
    key = (a, b) if a < b else (b, a)
    action = _DISCARDS.get(key)
    if action is None:
        action = _DISCARDS[key] = Discard(0, key)
    return action


@dataclass(frozen=True, slots=True, repr=False)
class SolitaireState:
    """An immutable position of a Solitaire game. Make one with :func:`start_solitaire`.

    The fields are the engine's full knowledge (``stock`` is the order of the cards still to
    come, ``crib_down`` the crib cards dealt face down): show a player only :meth:`observation`.
    """

    rules: SolitaireRules
    setup: SolitaireSetup
    phase: str
    #: The round being played (0-5), 6 once the game is over.
    round_no: int
    #: The 6 hand cards to lay away from, ascending (empty when the game is over).
    hand: tuple[Card, ...]
    #: This round's 2 crib cards, dealt face down.
    crib_down: tuple[Card, ...]
    #: The stock after this round's deal, top card first.
    stock: tuple[Card, ...]
    #: How many cards at the bottom of the stock the player has seen (starters put back).
    known_bottom: int
    total: int
    rounds: tuple[RoundScore, ...]
    last_hand: tuple[Card, ...]
    last_hand_points: int
    result: SolitaireResult | None
    #: Every action applied since the start, in order.
    history: tuple[Action, ...]

    def __repr__(self) -> str:
        return f"<SolitaireState round {self.round_no + 1} {self.phase} total {self.total}>"

    # -- the protocol -------------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """The total, as the one side's score."""
        return (self.total,)

    @property
    def current_player(self) -> int | None:
        """Seat 0 while laying away, None once the game is over."""
        return 0 if self.phase == DISCARD else None

    @property
    def is_terminal(self) -> bool:
        """Whether the six rounds and the last hand have been counted."""
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        """The 15 ways to lay away 2 of the 6 hand cards (none when the game is over)."""
        if self.phase != DISCARD:
            return []
        hand = self.hand
        return [_discard(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]

    def verify(self, action: Action) -> None:
        """Raise the :class:`GameError` that names the rule ``action`` breaks; else nothing.

        >>> state = start_solitaire(deck=DECK).state
        >>> state.verify(Discard(0, (Card.parse("Ac"), Card.parse("Ks"))))
        Traceback (most recent call last):
        ...
        cribkit.games.errors.CardNotHeldError: you cannot lay away Ks: it is not in your hand (Ac Ad Ah 2d 2h 2s)
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action")
        if self.phase == OVER:
            assert self.result is not None
            raise GameOverError(
                f"the game is over: it ended with {_points_text(self.result.total)}"
            )
        seat = action.seat
        if seat != 0 or isinstance(seat, bool):
            raise NoSuchSeatError(
                f"there is no seat {seat!r}: Cribbage Solitaire has one player, seat 0"
            )
        if not isinstance(action, Discard):
            raise WrongActionError(
                f"you cannot {_VERBS.get(type(action).__name__, 'do that')} in Cribbage "
                "Solitaire: the only choice is the 2 cards to lay away to the crib"
            )
        cards = action.cards
        if len(cards) != LAY_AWAY:
            raise DiscardError(f"you must lay away {LAY_AWAY} cards, not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise DiscardError(f"you cannot lay away {cards[0]} twice")
        held = " ".join(str(c) for c in self.hand)
        for card in cards:
            if card not in self.hand:
                raise CardNotHeldError(
                    f"you cannot lay away {card}: it is not in your hand ({held})"
                )

    def apply(self, action: Action) -> Transition[SolitaireState]:
        """Lay away, count the round, deal the next (or count the last hand and end).

        Raises like :meth:`verify`, and then nothing changes.
        """
        self.verify(action)
        assert isinstance(action, Discard)
        events: list[Event] = []
        r = self.round_no
        total = self.total
        laid = action.cards
        kept = tuple(c for c in self.hand if c not in laid)
        crib = (*self.crib_down, *laid)
        stock = self.stock
        starter = stock[0]
        known = min(self.known_bottom, len(stock) - 1)

        def note(kind: str, points: int = 0, **extra: Any) -> None:
            nonlocal total
            total += points
            events.append(SolitaireEvent(kind, 0, points, (total,), deal=r, **extra))

        note("discard", cards=laid)
        note("starter", starter=starter)
        heels = 2 if starter >> 2 == _JACK else 0
        if heels:
            note("heels", heels, starter=starter)
        hand_points = hand_total(kept, starter)
        note("show", hand_points, cards=kept, starter=starter)
        crib_points = hand_total(crib, starter, True)
        note("crib", crib_points, cards=crib, starter=starter)
        note("bottom", starter=starter)
        stock = (*stock[1:], starter)
        known += 1
        done = RoundScore(r, self.hand, laid, kept, crib, starter, heels, hand_points, crib_points)
        rounds = (*self.rounds, done)
        history = (*self.history, action)
        if r + 1 < ROUNDS:
            hand, crib_down, stock = _deal(stock)
            known = min(known, len(stock))
            r += 1
            note("deal", cards=hand)
            state = SolitaireState(
                self.rules, self.setup, DISCARD, r, hand, crib_down, stock, known, total,
                rounds, (), 0, None, history,
            )  # fmt: skip
            return Transition(state, events)
        r = ROUNDS
        last_points = four_card_total(stock)
        note("last_hand", last_points, cards=stock)
        result = _result(total)
        note("end")
        state = SolitaireState(
            self.rules, self.setup, OVER, r, (), (), (), 0, total, rounds, stock, last_points,
            result, history,
        )  # fmt: skip
        return Transition(state, events)

    def observation(self, seat: int) -> dict[str, Any]:
        """What the player (seat 0) may know, JSON-ready.

        The hand to lay away from, the number of crib cards lying face down (never which),
        the stock's size and the cards at its bottom that the player saw go there (starters
        put back, top to bottom), every counted round, the cards seen so far and the total.
        The deck order, the face-down crib cards and the seed never appear.

        >>> obs = start_solitaire(seed=3).state.observation(0)
        >>> len(obs["hand"]), obs["crib_face_down"], obs["stock_count"], obs["bottom"], "deck" in obs
        (6, 2, 44, [], False)
        """
        if seat != 0 or isinstance(seat, bool):
            raise NoSuchSeatError(
                f"there is no seat {seat!r}: Cribbage Solitaire has one player, seat 0"
            )
        stock = self.stock
        bottom = stock[len(stock) - self.known_bottom :] if self.known_bottom else ()
        seen = set(self.hand) | set(self.last_hand)
        for done in self.rounds:
            seen.update(done.dealt)
            seen.update(done.crib)
            seen.add(done.starter)
        return {
            "game": self.rules.GAME,
            "rules": self.rules.options(),
            "seat": 0,
            "phase": self.phase,
            "round": self.round_no,
            "rounds": ROUNDS,
            "current_player": self.current_player,
            "total": self.total,
            "scores": [self.total],
            "hand": [str(c) for c in self.hand],
            "to_lay_away": LAY_AWAY if self.phase == DISCARD else 0,
            "crib_face_down": len(self.crib_down),
            "stock_count": len(stock),
            "bottom": [str(c) for c in bottom],
            "counted": [done.to_dict() for done in self.rounds],
            "seen": [str(c) for c in sorted(seen)],
            "last_hand": [str(c) for c in self.last_hand],
            "last_hand_points": self.last_hand_points,
            "result": None if self.result is None else self.result.to_dict(),
        }

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON record that :func:`~cribkit.games.records.replay` replays."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.rules.GAME,
            "rules": self.rules.options(),
        }
        setup = self.setup
        if setup.explicit:
            out["deck"] = [str(c) for c in setup.deck]
        else:
            out["seed"] = setup.seed
        out["actions"] = [action.to_dict() for action in self.history]
        return out

    @property
    def deck(self) -> tuple[Card, ...]:
        """The game's whole deck, top card first (engine knowledge: not for the player)."""
        return self.setup.deck


_VERBS: Final = {
    "Play": "play a card",
    "Declare": "declare points",
    "Muggins": "call muggins",
    "PassMuggins": "pass on muggins",
}


def _deal(stock: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """One round's deal from the top of ``stock``: the hand (ascending), the crib, the rest."""
    dealt = stock[:8]
    hand = tuple(sorted(c for c, place in zip(dealt, DEAL_ORDER, strict=True) if place == "hand"))
    return hand, (dealt[3], dealt[4]), stock[8:]


def start_solitaire(
    rules: SolitaireRules | None = None,
    *,
    seed: Seed | None = None,
    deck: Iterable[int | str] | None = None,
) -> Transition[SolitaireState]:
    """Start a game from a ``seed`` (see :func:`solitaire_deck`) or an explicit ``deck`` of the
    52 cards, top card first (one or the other), and deal the first round.

    >>> t = start_solitaire(deck=DECK)
    >>> t.events[0].text()
    'round 1: you are dealt Ac Ad Ah 2d 2h 2s (and 2 to the crib, face down)'
    >>> start_solitaire(seed=1, deck=DECK)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: a game takes a seed or a deck, not both
    """
    rules = SolitaireRules() if rules is None else rules
    if not isinstance(rules, SolitaireRules):
        raise GameError(f"solitaire needs SolitaireRules, not {type(rules).__name__}")
    if seed is not None and deck is not None:
        raise GameError("a game takes a seed or a deck, not both")
    if deck is not None:
        cards = as_deck(deck)
        setup = SolitaireSetup(None, cards, True)
    elif seed is not None:
        setup = SolitaireSetup(seed, solitaire_deck(seed), False)
    else:
        raise GameError("a game needs a seed or a deck")
    hand, crib_down, stock = _deal(setup.deck)
    state = SolitaireState(
        rules, setup, DISCARD, 0, hand, crib_down, stock, 0, 0, (), (), 0, None, (),
    )  # fmt: skip
    event = SolitaireEvent("deal", 0, 0, (0,), cards=hand, deal=0)
    return Transition(state, [event])


register(
    GameInfo(
        name="solitaire",
        rules_type=SolitaireRules,
        start=start_solitaire,
        setup_keys=("seed", "deck"),
        summary="Cribbage Solitaire: one player, one pass through the deck",
        best_possible=True,
    )
)
