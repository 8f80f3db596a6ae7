"""Where a dealt game's chance comes from, checked once for every game that deals decks.

A game dealt from 52-card decks (classic, Table Top) is set up by a seed, by explicit decks
(one per deal, top card first, used before the seed's shuffles), or both, with an optional
first dealer and optional starting scores (problems, handicaps). What these games of sides
share is here too: their start (:func:`sided_start`), their result (:func:`side_result`) and
the base of their states (:class:`SidedGame`); and so is the draw for who starts that Tiles
makes as well (:func:`lowest_first`), with the checks of a seed and of a given first seat.

>>> setup = deal_setup("classic", players=2, sides=2, target=121, seed=7)
>>> setup.deck(0) == deal_deck(7, 0), setup.start_scores
(True, None)
>>> deal_setup("classic", players=2, sides=2, target=121, seed=7, first_dealer=2)
Traceback (most recent call last):
...
cribkit.games.errors.GameError: first_dealer must be a seat from 0 to 1, not 2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, TypeVar

from cribkit.core.cards import DECK, DECK_SIZE, Card, card_rank
from cribkit.games.chance import shuffled
from cribkit.games.errors import GameOverError, NoDeckError
from cribkit.games.protocol import Action, GameError, Result, Rules, check_seat
from cribkit.games.records import record_of
from cribkit.games.stacking import as_deck

__all__ = [
    "SIDED_SETUP_KEYS",
    "CutRound",
    "DealSetup",
    "Seed",
    "SidedAnswers",
    "SidedGame",
    "SidedRules",
    "as_deck",
    "check_first_seat",
    "check_seed",
    "cut_decks",
    "cut_for_first_deal",
    "deal_deck",
    "deal_setup",
    "decided_rounds",
    "first_dealer_cut",
    "lowest_first",
    "side_of",
    "side_result",
    "side_seats",
    "sided_start",
]

#: A seed for the shuffles: an int or a string (any text, used as is).
Seed = int | str
#: A round of the cut for the first deal: the seats cutting, their cards, and the first dealer
#: on the round that decides it (else None).
CutRound = tuple[tuple[int, ...], tuple[Card, ...], int | None]

#: The setup a game of sides takes (:func:`sided_start`): its ``GameInfo.setup_keys``.
SIDED_SETUP_KEYS: Final = ("seed", "decks", "first_dealer", "start_scores")

T = TypeVar("T")


def check_seed(seed: object) -> None:
    """Refuse a seed that is neither a whole number nor text (None is no seed).

    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: a seed is a whole number or text, not True
    """
    if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")


def check_first_seat(name: str, seat: object, players: int) -> None:
    """Refuse a given first seat (``first_dealer``, ``first_player``) that is not a seat of a
    game of ``players`` (None is none given).

    >>> check_first_seat("first_player", 3, 2)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: first_player must be a seat from 0 to 1, not 3
    """
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players
    ):
        raise GameError(f"{name} must be a seat from 0 to {players - 1}, not {seat!r}")


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
        setup: dict[str, Any] = {}
        if self.seed is not None:
            setup["seed"] = self.seed
        if self.decks:
            setup["decks"] = [[str(c) for c in deck] for deck in self.decks]
        if self.first_dealer is not None:
            setup["first_dealer"] = self.first_dealer
        if self.start_scores is not None:
            setup["start_scores"] = list(self.start_scores)
        return record_of(rules, setup, history)


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
    check_seed(seed)
    deck_list = tuple(as_deck(d, f"deck {i}") for i, d in enumerate(decks or ()))
    if seed is None and not deck_list:
        raise GameError("a game needs a seed or explicit decks")
    check_first_seat("first_dealer", first_dealer, players)
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


class SidedRules(Protocol):
    """The rules of a game of sides (classic, Table Top): its seats, sides and target."""

    GAME: ClassVar[str]

    @property
    def players(self) -> int:
        """How many play."""
        ...

    @property
    def sides(self) -> int:
        """How many sides score."""
        ...

    @property
    def target(self) -> int:
        """The points that win."""
        ...


def sided_start(
    rules: SidedRules,
    *,
    seed: Seed | None,
    decks: Iterable[Iterable[int | str]] | None,
    first_dealer: int | None,
    start_scores: Sequence[int] | None,
) -> tuple[DealSetup, tuple[int, ...], int, list[CutRound]]:
    """The start of a game of sides: its setup, checked (:func:`deal_setup`), its scores at
    the start, its first dealer and the rounds of the cut for it (:func:`first_dealer_cut`).

    >>> from cribkit.games.classic.rules import ClassicRules
    >>> setup, scores, dealer, cuts = sided_start(
    ...     ClassicRules(), seed=None, decks=[DECK], first_dealer=1, start_scores=None)
    >>> scores, dealer, cuts
    ((0, 0), 1, [])
    """
    setup = deal_setup(
        rules.GAME, players=rules.players, sides=rules.sides, target=rules.target, seed=seed,
        decks=decks, first_dealer=first_dealer, start_scores=start_scores,
    )  # fmt: skip
    scores = setup.start_scores or (0,) * rules.sides
    dealer, cuts = first_dealer_cut(rules.players, seed, first_dealer)
    return setup, scores, dealer, cuts


def side_of(players: int, seat: int) -> int:
    """The side (scoring unit) of a seat: the seat, or its partnership with 4 players."""
    return seat % 2 if players == 4 else seat


@cache
def seat_sides(players: int) -> tuple[int, ...]:
    """The side of each seat with ``players`` players (made once a number of players).

    >>> seat_sides(4), seat_sides(3)
    ((0, 1, 0, 1), (0, 1, 2))
    """
    return tuple(side_of(players, s) for s in range(players))


def side_seats(players: int, side: int) -> tuple[int, ...]:
    """The seats of ``side``: the seat itself, or the partnership's two with 4 players.

    >>> side_seats(4, 1), side_seats(3, 2)
    ((1, 3), (2,))
    """
    return tuple(s for s in range(players) if side_of(players, s) == side)


def side_result(
    players: int,
    opening_dealer: int,
    scores: tuple[int, ...],
    side: int,
    game_points: int = 1,
    skunk: str = "",
) -> Result:
    """The result of a game of sides that ``side`` won with ``scores``: its seats win, and the
    next game's first dealer is the lowest-scoring loser (ties, and partners, broken by the
    first such seat clockwise from the game's ``opening_dealer``).

    >>> side_result(3, 0, (121, 90, 80), 0).next_dealer
    2
    """
    low = min(score for s, score in enumerate(scores) if s != side)
    next_dealer = next(
        (opening_dealer + i) % players
        for i in range(players)
        if scores[side_of(players, (opening_dealer + i) % players)] == low
        and side_of(players, (opening_dealer + i) % players) != side
    )
    return Result(
        winner=side, winners=side_seats(players, side), scores=scores, game_points=game_points,
        skunk=skunk, next_dealer=next_dealer,
    )  # fmt: skip


class SidedAnswers:
    """The answers of a position of a game of sides (a seat each, or partnerships of four)
    dealt from decks, from its ``rules``, ``phase``, ``deal_no``, ``result``, ``setup`` and
    ``history``: classic and Table Top states answer them so. :attr:`GAME_WORD` names the
    game in a refusal (``match``) and :meth:`result_text` says how it ended."""

    __slots__ = ()

    #: What a refusal calls the game: ``game``, or Table Top's ``match``.
    GAME_WORD: ClassVar[str] = "game"
    rules: Any
    setup: DealSetup
    phase: str
    deal_no: int
    result: Result | None

    if TYPE_CHECKING:

        @property
        def history(self) -> tuple[Action, ...]:
            """Every action applied since the start, in order."""

    @property
    def is_terminal(self) -> bool:
        """Whether the game (or match) is over."""
        return self.phase == "over"

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat (the seat itself, or its partnership with 4 players)."""
        return seat_sides(int(self.rules.players))

    def seat_to_act(self, seat: object) -> int:
        """``seat``, if the game waits for an action and it is a seat of the game: a game over
        or waiting for a deck refuses every action."""
        if self.phase == "over":
            raise GameOverError(f"the {self.GAME_WORD} is over: {self.result_text()}")
        if self.phase == "awaiting_deck":
            raise NoDeckError(f"the {self.GAME_WORD} needs a deck for deal {self.deal_no + 1}")
        return check_seat(seat, int(self.rules.players))

    def result_text(self) -> str:
        """How the game ended, for a refusal after it: ``seat 0 won 121-98``."""
        raise NotImplementedError  # pragma: no cover - every game says it

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON record that :func:`~cribkit.games.records.replay` replays."""
        return self.setup.record(self.rules, self.history)


@dataclass(frozen=True, slots=True, repr=False, kw_only=True)
class SidedGame(SidedAnswers):
    """A position of a game of sides (a seat each, or partnerships of four) dealt from decks,
    as a frozen record: the fields of a Table Top state, which adds its own."""

    #: The game's rules (each state says their type).
    rules: Any
    setup: DealSetup
    phase: str
    deal_no: int
    dealer: int
    #: The first dealer of the game.
    opening_dealer: int
    #: This deal's deck, top card first (engine knowledge: not for a player).
    deck: tuple[Card, ...]
    scores: tuple[int, ...]
    result: Result | None
    #: Every action applied since the start, in order.
    history: tuple[Action, ...] = ()


def deal_deck(seed: Seed, deal: int) -> tuple[Card, ...]:
    """The deck for deal number ``deal`` (0 first) of a game with ``seed``, top card first.

    The shuffle is :func:`~cribkit.games.chance.shuffled` ``(seed, f"deal:{deal}")`` of the 52
    cards in order (for a seed that is not fair, ``random.Random(f"{seed}:{deal}").shuffle``),
    so each deal's deck depends only on the seed and the deal number.
    """
    key = (seed, deal, type(seed))  # the type: True == 1, but its decks are not seed 1's
    deck = _RECENT_DECKS.get(key)
    if deck is None:
        deck = tuple(shuffled(seed, f"deal:{deal}", DECK))
        if len(_RECENT_DECKS) >= _RECENT_LIMIT:
            _RECENT_DECKS.clear()
        _RECENT_DECKS[key] = deck
    return deck


#: The decks made lately, by seed and deal: a simulation plays each deal once from each chair,
#: and a replay deals what the game dealt. Cleared whole when full (decks are immutable).
_RECENT_DECKS: dict[tuple[Seed, int, type], tuple[Card, ...]] = {}
_RECENT_LIMIT: Final = 512


def cut_decks(seed: Seed) -> Iterator[tuple[Card, ...]]:
    """The decks used to cut for the first deal: the ``n``-th is the shuffle labelled
    ``f"cut:{n}"`` (for a seed that is not fair, ``random.Random(f"{seed}:cut:{n}")``)."""
    n = 0
    while True:
        yield tuple(DECK[c] for c in shuffled(seed, f"cut:{n}", range(DECK_SIZE)))
        n += 1


def first_dealer_cut(
    players: int, seed: Seed | None, first_dealer: int | None
) -> tuple[int, list[CutRound]]:
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
    return dealer, decided_rounds(dealer, rounds)


def decided_rounds(
    first: int, rounds: Sequence[tuple[tuple[int, ...], tuple[T, ...]]]
) -> list[tuple[tuple[int, ...], tuple[T, ...], int | None]]:
    """The rounds of a draw for who starts (:func:`lowest_first`) as (seats, drawn, decided):
    ``decided`` is ``first`` on the last round, the one that decides it, and None before.

    >>> decided_rounds(1, [((0, 1, 2), (3, 3, 9)), ((0, 1), (13, 2))])
    [((0, 1, 2), (3, 3, 9), None), ((0, 1), (13, 2), 1)]
    """
    last = len(rounds) - 1
    return [
        (seats, drawn, first if index == last else None)
        for index, (seats, drawn) in enumerate(rounds)
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
    dealer, rounds = lowest_first(
        players, decks, _deck_rank, "the cut for the first deal ran out of decks"
    )
    return dealer, [(seats, tuple(DECK[c] for c in cards)) for seats, cards in rounds]


def _deck_rank(card: int) -> int:
    return card_rank(DECK[card])


def lowest_first(
    players: int, piles: Iterable[Sequence[T]], rank: Callable[[T], int], ran_out: str
) -> tuple[int, list[tuple[tuple[int, ...], tuple[T, ...]]]]:
    """Who starts: the lowest ``rank`` drawn; those tied for lowest draw again.

    Each round the players still in the draw take the top items of the next pile, in seat
    order. Returns the winner and every round as (seats, items); piles that run out while
    players are tied are refused, the error beginning ``ran_out``.

    >>> lowest_first(3, [(3, 3, 9), (13, 2)], int, "no more piles")
    (1, [((0, 1, 2), (3, 3, 9)), ((0, 1), (13, 2))])
    """
    contenders = tuple(range(players))
    rounds: list[tuple[tuple[int, ...], tuple[T, ...]]] = []
    for pile in piles:
        drawn = tuple(pile[i] for i in range(len(contenders)))
        rounds.append((contenders, drawn))
        low = min(rank(d) for d in drawn)
        contenders = tuple(s for s, d in zip(contenders, drawn, strict=True) if rank(d) == low)
        if len(contenders) == 1:
            return contenders[0], rounds
    raise GameError(f"{ran_out} while players were tied")
