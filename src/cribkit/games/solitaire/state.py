"""Cribbage Solitaire (``rules/solitaire.md``, Hoyle's one-pass version), on the game protocol.

One player, one 52-card deck, one pass through it. Each of the six rounds:

1. **The deal**, from the top of the stock, one card at a time: 3 cards to the hand, 2 cards
   to the crib, 3 more cards to the hand. The 2 crib cards are dealt **face down**: the player
   sees them only when the crib is counted (the rules deal them to the crib, not to the
   player, and Hoyle's player "looks at the hand" only).
2. The player lays away 2 of the 6 hand cards to the crib (a :class:`~cribkit.games.actions.Discard`,
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

The rules and their numbers are in :mod:`~cribkit.games.solitaire.rules`, the decks and the
dealing in :mod:`~cribkit.games.solitaire.deal`, the events in
:mod:`~cribkit.games.solitaire.events` and the player's view in
:mod:`~cribkit.games.solitaire.view`; this module keeps their names importable from here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from cribkit.core.cards import Card, Rank, card_rank
from cribkit.core.tables import four_card_total, hand_total
from cribkit.core.words import points_text
from cribkit.games.errors import (
    CardNotHeldError,
    DiscardError,
    GameError,
    GameOverError,
    IllegalActionError,
    WrongActionError,
)
from cribkit.games.events import GameEvent
from cribkit.games.protocol import (
    Action,
    GameInfo,
    PendingEvent,
    Transition,
    is_spectator,
    register,
)
from cribkit.games.records import record_of
from cribkit.games.solitaire.actions import Discard, lay_away, not_in_solitaire
from cribkit.games.solitaire.deal import (
    Seed,
    SolitaireSetup,
    daily_seed,
    deal_round,
    round_cards,
    solitaire_deck,
    stacked_solitaire_deck,
)
from cribkit.games.solitaire.events import (
    EVENTS,
    CribCounted,
    GameEnded,
    HandCounted,
    HisHeels,
    LaidAway,
    LastHandCounted,
    RoundDealt,
    SolitaireEvent,
    StarterToBottom,
    StarterTurned,
)
from cribkit.games.solitaire.result import RoundScore, SolitaireResult
from cribkit.games.solitaire.rules import (
    DISCARD,
    HEELS,
    LAY_AWAY,
    OVER,
    ROUNDS,
    NoSuchSeatError,
    SolitaireRules,
    check_seat,
)
from cribkit.games.solitaire.view import SolitaireView
from cribkit.games.stacking import as_deck
from cribkit.games.views import view_fields

# The names other modules (the web app, the commands, the records guide) import from here.
__all__ = [
    "ROUNDS",
    "CardNotHeldError",
    "DiscardError",
    "NoSuchSeatError",
    "RoundScore",
    "SolitaireEvent",
    "SolitaireResult",
    "SolitaireRules",
    "SolitaireSetup",
    "SolitaireState",
    "SolitaireView",
    "WrongActionError",
    "daily_seed",
    "round_cards",
    "solitaire_deck",
    "stacked_solitaire_deck",
    "start_solitaire",
]


@dataclass(frozen=True, slots=True, repr=False, kw_only=True)
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
    rounds: tuple[RoundScore, ...] = ()
    last_hand: tuple[Card, ...] = ()
    last_hand_points: int = 0
    result: SolitaireResult | None = None
    #: Every action applied since the start, in order.
    history: tuple[Action, ...] = ()

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

    @property
    def deck(self) -> tuple[Card, ...]:
        """The game's whole deck, top card first (engine knowledge: not for the player)."""
        return self.setup.deck

    def legal_actions(self) -> list[Action]:
        """The 15 ways to lay away 2 of the 6 hand cards (none when the game is over)."""
        if self.phase != DISCARD:
            return []
        hand = self.hand
        return [lay_away(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]

    def verify(self, action: Action) -> None:
        """Raise the :class:`GameError` that names the rule ``action`` breaks; else nothing.

        >>> from cribkit.core.cards import DECK
        >>> state = start_solitaire(deck=DECK).state
        >>> state.verify(Discard(0, (Card.parse("Ac"), Card.parse("Ks"))))
        Traceback (most recent call last):
        ...
        cribkit.games.errors.CardNotHeldError: you cannot lay away Ks: it is not in your hand (Ac Ad Ah 2d 2h 2s)
        """
        match action:
            case Discard():
                self._verify_lay_away(action)
            case _:
                self._reject(action)

    def apply(self, action: Action) -> Transition[SolitaireState]:
        """Lay away, count the round, deal the next (or count the last hand and end).

        Raises like :meth:`verify`, and then nothing changes.
        """
        match action:
            case Discard():
                self._verify_lay_away(action)
            case _:
                self._reject(action)
        return self._lay_away(action)

    # -- the one move -------------------------------------------------------------------------

    def _verify_turn(self, seat: object) -> None:
        if self.phase == OVER:
            total = self.result.total if self.result is not None else self.total
            raise GameOverError(f"the game is over: it ended with {points_text(total)}")
        check_seat(seat)

    def _reject(self, action: object) -> NoReturn:
        """Raise the error of anything but a lay-away: not an action, or not Solitaire's."""
        match action:
            case Action(seat=seat):
                self._verify_turn(seat)
                raise WrongActionError(not_in_solitaire(type(action).__name__))
            case _:
                raise IllegalActionError(f"{action!r} is not an action")

    def _verify_lay_away(self, action: Discard) -> None:
        self._verify_turn(action.seat)
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

    def _lay_away(self, action: Discard) -> Transition[SolitaireState]:
        """Count the round of a verified lay-away, then deal the next (or end the game)."""
        pending: list[PendingEvent] = []
        r = self.round_no
        total = self.total

        def note(kind: type[GameEvent], points: int = 0, **own: Any) -> None:
            nonlocal total
            total += points
            pending.append(
                (kind, {"seat": 0, "points": points, "scores": (total,), "deal": r, **own})
            )

        laid = action.cards
        kept = tuple(c for c in self.hand if c not in laid)
        crib = (*self.crib_down, *laid)
        stock = self.stock
        starter = stock[0]
        known = min(self.known_bottom, len(stock) - 1)
        note(LaidAway, cards=laid)
        note(StarterTurned, starter=starter)
        heels = HEELS if card_rank(starter) == Rank.JACK else 0
        if heels:
            note(HisHeels, heels, starter=starter)
        hand_points = hand_total(kept, starter)
        note(HandCounted, hand_points, cards=kept, starter=starter)
        crib_points = hand_total(crib, starter, True)
        note(CribCounted, crib_points, cards=crib, starter=starter)
        note(StarterToBottom, starter=starter)
        stock = (*stock[1:], starter)
        known += 1
        done = RoundScore(
            round_no=r, dealt=self.hand, laid=laid, kept=kept, crib=crib, starter=starter,
            heels=heels, hand_points=hand_points, crib_points=crib_points,
        )  # fmt: skip
        rounds = (*self.rounds, done)
        history = (*self.history, action)
        if r + 1 < ROUNDS:
            hand, crib_down, stock = deal_round(stock)
            r += 1
            note(RoundDealt, cards=hand)
            state = SolitaireState(
                rules=self.rules, setup=self.setup, phase=DISCARD, round_no=r, hand=hand,
                crib_down=crib_down, stock=stock, known_bottom=min(known, len(stock)),
                total=total, rounds=rounds, history=history,
            )  # fmt: skip
            return Transition(state, pending=pending)
        r = ROUNDS
        last_points = four_card_total(stock)
        note(LastHandCounted, last_points, cards=stock)
        note(GameEnded)
        state = SolitaireState(
            rules=self.rules, setup=self.setup, phase=OVER, round_no=r, hand=(), crib_down=(),
            stock=(), known_bottom=0, total=total, rounds=rounds, last_hand=stock,
            last_hand_points=last_points, result=SolitaireResult.of_total(total),
            history=history,
        )  # fmt: skip
        return Transition(state, pending=pending)

    # -- what the player sees, and the record -------------------------------------------------

    def observation(self, seat: int) -> SolitaireView:
        """What the player (seat 0) may know (see :class:`SolitaireView`).

        A :data:`~cribkit.games.protocol.SPECTATOR` sees what every seat sees, and the game
        has one seat: the player's view, with ``seat`` SPECTATOR (every event, the hand dealt
        among them, is public too). The face-down crib and the stock stay hidden.

        >>> view = start_solitaire(seed=3).state.observation(0)
        >>> len(view.hand), view.crib_face_down, view.stock_count, view.bottom, "deck" in view.to_json()
        (6, 2, 44, (), False)
        >>> from cribkit.games.protocol import SPECTATOR
        >>> start_solitaire(seed=3).state.observation(SPECTATOR).seat
        -1
        """
        if not is_spectator(seat):
            check_seat(seat)
        stock = self.stock
        bottom = stock[len(stock) - self.known_bottom :] if self.known_bottom else ()
        seen = set(self.hand) | set(self.last_hand)
        for done in self.rounds:
            seen.update(done.dealt)
            seen.update(done.crib)
            seen.add(done.starter)
        return SolitaireView(
            **view_fields(self, seat),
            rules=self.rules,
            round=self.round_no,
            rounds=ROUNDS,
            total=self.total,
            hand=self.hand,
            to_lay_away=LAY_AWAY if self.phase == DISCARD else 0,
            crib_face_down=len(self.crib_down),
            stock_count=len(stock),
            bottom=bottom,
            counted=self.rounds,
            seen=tuple(sorted(seen)),
            last_hand=self.last_hand,
            last_hand_points=self.last_hand_points,
            result=self.result,
        )

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON record that :func:`~cribkit.games.records.replay` replays."""
        setup = self.setup
        given = {"deck": [str(c) for c in setup.deck]} if setup.explicit else {"seed": setup.seed}
        return record_of(self.rules, given, self.history)


def start_solitaire(
    rules: SolitaireRules | None = None,
    *,
    seed: Seed | None = None,
    deck: Iterable[int | str] | None = None,
) -> Transition[SolitaireState]:
    """Start a game from a ``seed`` (see :func:`~cribkit.games.solitaire.deal.solitaire_deck`)
    or an explicit ``deck`` of the 52 cards, top card first (one or the other: both only when
    the deck is the seed's, as in a verifiable record), and deal the first round.

    >>> from cribkit.core.cards import DECK
    >>> t = start_solitaire(deck=DECK)
    >>> t.events[0].text()
    'round 1: you are dealt Ac Ad Ah 2d 2h 2s (and 2 to the crib, face down)'
    >>> start_solitaire(seed=1, deck=DECK)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: a game takes a seed or a deck, not both (unless it is the seed's deck)
    """
    rules = SolitaireRules.or_default(rules)
    if seed is not None and deck is not None:
        # A verifiable record holds the seed and the deck it dealt: nothing else may.
        if as_deck(deck) != solitaire_deck(seed):
            raise GameError(
                "a game takes a seed or a deck, not both (unless it is the seed's deck)"
            )
        deck = None
    if deck is not None:
        setup = SolitaireSetup(seed=None, deck=as_deck(deck), explicit=True)
    elif seed is not None:
        setup = SolitaireSetup(seed=seed, deck=solitaire_deck(seed), explicit=False)
    else:
        raise GameError("a game needs a seed or a deck")
    hand, crib_down, stock = deal_round(setup.deck)
    state = SolitaireState(
        rules=rules, setup=setup, phase=DISCARD, round_no=0, hand=hand, crib_down=crib_down,
        stock=stock, known_bottom=0, total=0,
    )  # fmt: skip
    dealt = RoundDealt(seat=0, points=0, scores=(0,), deal=0, cards=hand)
    return Transition(state, [dealt])


register(
    GameInfo(
        name="solitaire",
        rules_type=SolitaireRules,
        start=start_solitaire,
        setup_keys=("seed", "deck"),
        summary="Cribbage Solitaire: one player, one pass through the deck",
        events=EVENTS,
        best_possible=True,
    )
)
