"""The classic engine as it was before the lean core (the reference of the differential test).

Classic cribbage for 2, 3 or 4 players (4 in partnerships), on the game protocol.

The rules are the project's classic rules (``rules/classic.md``): laying away, the starter and
his heels, pegging with go, 31 and last card, the show in order (pone first, the dealer, then
the crib), the game ending the moment a side reaches the target, skunks, and optional manual
counting with muggins. ``docs/records.md`` describes the dealing convention and the records.

>>> t = start_game(ClassicRules(), seed=42)
>>> state = t.state
>>> state.phase, state.current_player, len(state.legal_actions())
('discard', 1, 15)
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions())).state
>>> state.result.scores[state.result.winner]
121
>>> from cribkit.games.records import replay
>>> replay(state.record()).result == state.result
True

Each seat sees the game through its :meth:`~ClassicState.observation`, a
:class:`~cribkit.games.classic.view.ClassicView`; the events are the kinds of
:mod:`cribkit.games.classic.events`.

Inside, cards are ints and hands are bit masks; scores come from the fast tables, and the
breakdowns that explain them are built only when an event is asked for its words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import is_
from typing import TYPE_CHECKING, Final, cast

from cribkit.core.cards import DECK, DECK_SIZE, Card
from cribkit.core.pegging import MAX_COUNT
from cribkit.core.slots import slot_setters
from cribkit.core.words import scores_dashed
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.events import CutForDeal
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.view import ClassicView, ShownDeal
from cribkit.games.errors import (
    CardNotHeldError,
    DiscardError,
    GameError,
    IllegalActionError,
    NoDeckError,
    OutOfTurnError,
    OverDeclarationError,
    WrongActionError,
)
from cribkit.games.protocol import (
    SPECTATOR,
    Action,
    Transition,
    cards_text,
    check_viewer,
)
from cribkit.games.setup import (
    Seed,
    SidedGame,
    seat_sides,
    side_of,
    sided_start,
)
from tests.games.classic_reference.play import (
    AWAITING,
    DECLARE,
    DISCARD,
    MUGGINS,
    OVER,
    PIP,
    PLAY,
    Claim,
    ClassicSetup,
    GameEnded,
    Run,
    cards_of,
)

if TYPE_CHECKING:
    from tests.games.classic_reference.playout import Playout

__all__ = [
    "CardNotHeldError",
    "Claim",
    "ClassicRules",
    "ClassicSetup",
    "ClassicState",
    "CountOverError",
    "DiscardError",
    "NoDeckError",
    "OverDeclarationError",
    "WrongActionError",
    "WrongMugginsError",
    "next_game",
    "start_game",
]


class CountOverError(IllegalActionError):
    """A card that would take the count past 31."""


class WrongMugginsError(IllegalActionError):
    """A muggins call when there are no missed points to take (or not the caller's to take)."""


_PLAYS: Final = tuple(tuple(Play(seat, DECK[c]) for c in range(DECK_SIZE)) for seat in range(4))
# Discard records made once and shared: [seat][card] for one card, [seat][card * 52 + card] for two.
_DISCARD_ONE: Final[list[list[Discard | None]]] = [[None] * DECK_SIZE for _ in range(4)]
_DISCARD_TWO: Final[list[list[Discard | None]]] = [[None] * DECK_SIZE**2 for _ in range(4)]


def _discards(seat: int, cards: tuple[Card, ...], count: int) -> list[Action]:
    """Every way for ``seat`` to lay away ``count`` (1 or 2) of ``cards`` (ascending)."""
    actions: list[Action] = []
    if count == 1:
        table = _DISCARD_ONE[seat]
        for card in cards:
            action = table[card]
            if action is None:
                action = table[card] = Discard(seat, (card,))
            actions.append(action)
        return actions
    table = _DISCARD_TWO[seat]
    for i, first in enumerate(cards):
        row = first * DECK_SIZE
        for second in cards[i + 1 :]:
            action = table[row + second]
            if action is None:
                action = table[row + second] = Discard(seat, (first, second))
            actions.append(action)
    return actions


def _to_act(position: ClassicState | Run) -> int | None:
    """:attr:`ClassicState.current_player` of a state or of a run."""
    phase = position.phase
    if phase == DISCARD:
        n = position.rules.players
        laid = position.laid
        for i in range(1, n + 1):
            seat = (position.dealer + i) % n
            if not laid[seat]:
                return seat
        return None  # pragma: no cover - the phase ends when all have laid away
    if phase in (OVER, AWAITING):
        return None
    return position.turn


def _legal_actions(position: ClassicState | Run) -> list[Action]:
    """:meth:`ClassicState.legal_actions` of a state or of a run, made anew."""
    phase = position.phase
    if phase == PLAY:
        seat = position.turn
        room = MAX_COUNT - position.count
        plays = _PLAYS[seat]
        out: list[Action] = []
        hand = position.hands[seat]
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            if PIP[card] > room:
                break  # cards ascend by rank, so no later card fits either
            out.append(plays[card])
            hand ^= low
        return out
    if phase == DISCARD:
        chooser = _to_act(position)
        assert chooser is not None
        return _discards(chooser, cards_of(position.hands[chooser]), position.rules.discards)
    claim = position.claim
    if phase == DECLARE and claim is not None:
        return [Declare(claim.seat, p) for p in range(claim.correct + 1)]
    if phase == MUGGINS and claim is not None:
        if claim.declared < claim.correct:
            return [Muggins(position.turn), PassMuggins(position.turn)]
        return [PassMuggins(position.turn)]
    return []


@dataclass(frozen=True, slots=True, repr=False, kw_only=True)
class ClassicState(SidedGame):
    """An immutable position of a classic game. Make one with :func:`start_game`.

    Fields are the engine's full knowledge (hands are bit masks of cards, ``deck`` is this
    deal's deck): show a player only :meth:`observation`.
    """

    rules: ClassicRules
    #: Cards each seat holds (not yet laid away or played).
    hands: tuple[int, ...]
    #: Each seat's 4 cards for the show, once laid away.
    kept: tuple[int, ...]
    #: Cards each seat laid away to the crib.
    laid: tuple[int, ...]
    crib: int
    starter: Card | None
    count: int
    #: The current count's cards, in order.
    pile: tuple[Card, ...]
    #: Every card played this deal, as (seat, card), in order.
    played: tuple[tuple[int, Card], ...]
    turn: int
    #: The seat that laid the last card on this count (-1: none yet).
    last: int
    #: Seats that said go on this count (bits).
    gone: int
    claim: Claim | None
    show_step: int
    #: Every finished deal as the table saw it at its show, oldest first.
    past_deals: tuple[ShownDeal, ...]
    #: For each seat, what it laid away in each finished deal.
    past_laid: tuple[tuple[tuple[Card, ...], ...], ...]
    #: The legal actions, made the first time they are asked for (not a part of the position).
    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def __repr__(self) -> str:
        return (
            f"<ClassicState {self.rules.spec()} deal {self.deal_no} {self.phase} "
            f"scores {scores_dashed(self.scores)} turn {self.current_player}>"
        )

    # -- the protocol -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act; None when the game is over or waits for a deck.

        While laying away, any seat that still has to may act; this is the first of them
        clockwise from pone.
        """
        return _to_act(self)

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take (any laying-away order is also legal).

        They are made once per state (which is immutable) and kept; each call gets its own
        list of them."""
        legal = self._legal
        if legal is None:
            legal = tuple(_legal_actions(self))
            _SET_LEGAL(self, legal)
        return list(legal)

    @property
    def acting_seats(self) -> tuple[int, ...]:
        """Every seat that may act now: while laying away, each seat that still has to, from
        pone clockwise (``current_player`` is the first); else the current player alone.

        >>> state = start_game(ClassicRules(players=4), seed=3).state
        >>> state.dealer, state.acting_seats
        (3, (0, 1, 2, 3))
        """
        if self.phase != DISCARD:
            seat = self.current_player
            return () if seat is None else (seat,)
        n = self.rules.players
        seats = ((self.dealer + i) % n for i in range(1, n + 1))
        return tuple(seat for seat in seats if not self.laid[seat])

    def legal_actions_for(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now: its lay-aways while it has still to lay away
        (whoever else has), else the current player's actions if it is ``seat``."""
        if self.phase == DISCARD:
            if not 0 <= seat < self.rules.players or self.laid[seat]:
                return []
            return _discards(seat, cards_of(self.hands[seat]), self.rules.discards)
        return self.legal_actions() if seat == self.current_player else []

    def playout(self) -> Playout:
        """This game to play on in place, for a simulation (:class:`Playout`)."""
        from tests.games.classic_reference.playout import Playout

        return Playout(self)

    def verify(self, action: Action) -> None:
        """Raise the :class:`GameError` that names the rule ``action`` breaks; else nothing.

        >>> state = start_game(ClassicRules(), seed=42).state
        >>> state.verify(Play(1, Card.parse("5h")))
        Traceback (most recent call last):
        ...
        cribkit.games.errors.WrongActionError: seat 1 cannot play a card now: the players are laying away to the crib
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action")
        phase = self.phase
        kind = type(action)
        seat = action.seat
        self.seat_to_act(seat)
        if kind is Muggins and phase != MUGGINS:
            raise WrongMugginsError(
                f"seat {seat} cannot call muggins: there are no missed points to take"
            )
        if kind not in _PHASE_ACTIONS[phase]:
            raise WrongActionError(
                f"seat {seat} cannot {_VERBS.get(kind, 'do that')} now: {self._waiting_text()}"
            )
        match action:
            case Play():
                self._verify_play(action)
            case Discard():
                self._verify_discard(action)
            case Declare():
                self._verify_declare(action)
            case Muggins() | PassMuggins():
                self._verify_muggins(action)

    def _verify_play(self, action: Play) -> None:
        seat, card = action.seat, action.card
        if seat != self.turn:
            raise OutOfTurnError(f"it is seat {self.turn}'s turn to play, not seat {seat}'s")
        if not self.hands[seat] >> card & 1:
            raise CardNotHeldError(f"seat {seat} cannot play {card}: it is not in their hand")
        if self.count + PIP[card] > MAX_COUNT:
            raise CountOverError(
                f"seat {seat} cannot play {card}: the count would be "
                f"{self.count + PIP[card]}, over {MAX_COUNT}"
            )

    def _verify_muggins(self, action: Muggins | PassMuggins) -> None:
        seat, calls = action.seat, type(action) is Muggins
        claim = self.claim
        assert claim is not None  # the muggins phase always has its claim
        if seat != self.turn:
            raise (WrongMugginsError if calls else OutOfTurnError)(
                f"seat {seat} cannot {_VERBS[type(action)]} now: it is seat {self.turn}'s "
                f"turn to call muggins on seat {claim.seat} or let the count stand"
            )
        if calls and claim.declared >= claim.correct:
            raise WrongMugginsError(
                f"seat {seat} cannot call muggins: seat {claim.seat} declared all "
                f"{claim.correct} points of the {_CLAIM_WORDS[claim.kind]}"
            )

    def _verify_discard(self, action: Discard) -> None:
        seat, cards = action.seat, action.cards
        need = self.rules.discards
        if self.laid[seat]:
            raise OutOfTurnError(f"seat {seat} has already laid away to the crib")
        if len(cards) != need:
            raise DiscardError(
                f"seat {seat} must lay away {need} card{'s' if need > 1 else ''}, not {len(cards)}"
            )
        if len(set(cards)) != len(cards):
            raise DiscardError(f"seat {seat} cannot lay away {cards[0]} twice")
        for card in cards:
            if not self.hands[seat] >> card & 1:
                raise CardNotHeldError(
                    f"seat {seat} cannot lay away {card}: it is not in their hand"
                )

    def _verify_declare(self, action: Declare) -> None:
        claim = self.claim
        assert claim is not None  # the declare phase always has its claim
        seat, points = action.seat, action.points
        if seat != claim.seat:
            raise OutOfTurnError(
                f"it is seat {claim.seat}'s turn to declare the {_CLAIM_WORDS[claim.kind]}, "
                f"not seat {seat}'s"
            )
        if points < 0:
            raise IllegalActionError(f"seat {seat} cannot declare {points}: points are 0 or more")
        if points > claim.correct:
            breakdown = claim.breakdown
            words = breakdown.words()
            raise OverDeclarationError(
                f"seat {seat} cannot declare {points} for the {_CLAIM_WORDS[claim.kind]} "
                f"{cards_text(claim.cards)}"
                + (f" with starter {claim.starter}" if claim.kind != "peg" else "")
                + f": it scores {claim.correct} ({words})",
                breakdown,
            )

    def apply(self, action: Action) -> Transition[ClassicState]:
        """The new state and the events after ``action``; raises like :meth:`verify`."""
        kind = type(action)
        if kind is Play:
            # The common case checked here, as verify would (a seat is a small int, so `is`
            # tells 1 from True); anything else is verify's to refuse.
            card = cast(Play, action).card
            if not (
                self.phase == PLAY
                and action.seat is self.turn
                and self.hands[self.turn] >> card & 1
                and self.count + PIP[card] <= MAX_COUNT
            ):
                self.verify(action)
        else:
            legal = self._legal
            # One of this state's own legal actions (the very object) needs no check.
            if legal is None or not any(map(is_, legal, repeat(action))):
                self.verify(action)
        run = Run(self)
        carry_out(run, action)
        run.history = (*self.history, action)
        return Transition(_state_of(run), pending=run.events)

    def observation(self, seat: int) -> ClassicView:
        """What ``seat`` may know: its own cards, the public table, how many cards each holds.

        Other players' cards (except those played), the crib before its show, the rest of the
        deck and the seed never appear. A :data:`~cribkit.games.protocol.SPECTATOR` holds no
        hand, keeps and lays away nothing, and scores for no side (``side`` is SPECTATOR).

        >>> view = start_game(ClassicRules(), seed=42).state.observation(0)
        >>> view.hand_counts, view.starter, "deck" in view.to_json()
        ((6, 6), None, False)
        >>> watching = start_game(ClassicRules(), seed=42).state.observation(SPECTATOR)
        >>> watching.seat, watching.hand, watching.hand_counts
        (-1, (), (6, 6))
        """
        return _view_of(self, seat)

    # -- words ----------------------------------------------------------------------------------

    def _waiting_text(self) -> str:
        phase = self.phase
        if phase == DISCARD:
            return "the players are laying away to the crib"
        if phase == PLAY:
            return f"it is seat {self.turn}'s turn to play a card"
        claim = self.claim
        assert claim is not None
        what = _CLAIM_WORDS[claim.kind]
        if phase == DECLARE:
            return f"seat {claim.seat} is to declare the points of the {what}"
        return f"seat {self.turn} may call muggins on seat {claim.seat}'s {what}"

    def result_text(self) -> str:
        """``seat 0 won 121-98``."""
        result = self.result
        assert result is not None
        who = " and ".join(f"seat {s}" for s in result.winners)
        return f"{who} won {scores_dashed(result.scores)}"


def _view_of(position: ClassicState | Run, seat: int) -> ClassicView:
    """:meth:`ClassicState.observation` of a state or of a run."""
    rules = position.rules
    players = rules.players
    claim = position.claim
    laid = position.laid
    hands = position.hands
    # A spectator holds nothing, lays nothing away and scores for no side.
    side, to_lay_away = SPECTATOR, 0
    hand: tuple[Card, ...] = ()
    kept: tuple[Card, ...] = ()
    laid_away: tuple[Card, ...] = ()
    past_laid_away: tuple[tuple[Card, ...], ...] = ()
    if check_viewer(seat, players) != SPECTATOR:
        side = side_of(players, seat)
        past_laid_away = position.past_laid[seat]
        own_laid = laid[seat]
        hand = cards_of(hands[seat])
        kept = cards_of(position.kept[seat]) if own_laid else ()
        laid_away = cards_of(own_laid)
        to_lay_away = rules.discards if position.phase == DISCARD and not own_laid else 0
    # Slot by slot, as _state_of makes a state: the view is made at every decision of a
    # learning environment, and the dataclass's own __init__ took twice as long.
    view: ClassicView = object.__new__(ClassicView)
    (
        game, viewer, phase, current_player, scores, view_rules, view_side, sides, deal,
        dealer, target, view_hand, view_kept, view_laid_away, view_to_lay_away, hand_counts,
        laid_away_by, crib_owner, crib_count, starter, count, pile, played, view_claim,
        result, past_deals, view_past_laid_away,
    ) = _VIEW_SETTERS  # fmt: skip
    game(view, rules.GAME)
    viewer(view, seat)
    phase(view, position.phase)
    current_player(view, _to_act(position))
    scores(view, position.scores)
    view_rules(view, rules)
    view_side(view, side)
    sides(view, seat_sides(players))
    deal(view, position.deal_no)
    dealer(view, position.dealer)
    target(view, rules.target)
    view_hand(view, hand)
    view_kept(view, kept)
    view_laid_away(view, laid_away)
    view_to_lay_away(view, to_lay_away)
    hand_counts(view, tuple(map(int.bit_count, hands)))
    laid_away_by(view, tuple(compress(range(players), laid)))
    crib_owner(view, position.dealer)
    crib_count(view, position.crib.bit_count())
    starter(view, position.starter)
    count(view, position.count)
    pile(view, position.pile)
    played(view, position.played)
    view_claim(view, None if claim is None else claim.view())
    result(view, position.result)
    past_deals(view, position.past_deals)
    view_past_laid_away(view, past_laid_away)
    return view


def carry_out(run: Run, action: Action) -> None:
    """Carry out ``action`` (a legal one: it is not checked) on ``run``."""
    kind = type(action)
    try:
        if kind is Play:
            run.play(action.seat, cast(Play, action).card)
        elif kind is Discard:
            run.discard(action.seat, cast(Discard, action).cards)
        elif kind is Declare:
            run.declare(cast(Declare, action).points)
        elif kind is Muggins:
            run.muggins(action.seat)
        elif kind is PassMuggins:
            run.pass_muggins()
    except GameEnded:
        pass


def _state_of(run: Run) -> ClassicState:
    """The state a step of the rules ends in: every field from the run's field of that name.

    The fields are set slot by slot: the dataclass's own ``__init__`` sets each one through
    ``object.__setattr__`` (the state is frozen), which made the random games of
    ``bench/bench_classic.py`` a tenth slower. ``tests/games/test_classic_random.py`` checks
    that the two build equal states.
    """
    state: ClassicState = object.__new__(ClassicState)
    (
        rules, setup, phase, deal_no, dealer, opening_dealer, deck, hands, kept, laid, crib,
        starter, count, pile, played, turn, last, gone, scores, claim, show_step, result,
        history, past_deals, past_laid, legal,
    ) = _SETTERS  # fmt: skip
    rules(state, run.rules)
    setup(state, run.setup)
    phase(state, run.phase)
    deal_no(state, run.deal_no)
    dealer(state, run.dealer)
    opening_dealer(state, run.opening_dealer)
    deck(state, run.deck)
    hands(state, run.hands)
    kept(state, run.kept)
    laid(state, run.laid)
    crib(state, run.crib)
    starter(state, run.starter)
    count(state, run.count)
    pile(state, run.pile)
    played(state, run.played)
    turn(state, run.turn)
    last(state, run.last)
    gone(state, run.gone)
    scores(state, run.scores)
    claim(state, run.claim)
    show_step(state, run.show_step)
    result(state, run.result)
    history(state, run.history)
    past_deals(state, run.past_deals)
    past_laid(state, run.past_laid)
    legal(state, None)
    return state


#: The setter of each field's slot, in the order :func:`_state_of` unpacks them (every field).
_SETTERS: Final = slot_setters(ClassicState, (
    "rules", "setup", "phase", "deal_no", "dealer", "opening_dealer", "deck", "hands",
    "kept", "laid", "crib", "starter", "count", "pile", "played", "turn", "last", "gone",
    "scores", "claim", "show_step", "result", "history", "past_deals", "past_laid", "_legal",
))  # fmt: skip
#: The setter of each of a view's slots, in the order :meth:`ClassicState.observation` unpacks them.
_VIEW_SETTERS: Final = slot_setters(ClassicView, (
    "game", "seat", "phase", "current_player", "scores", "rules", "side", "sides", "deal",
    "dealer", "target", "hand", "kept", "laid_away", "to_lay_away", "hand_counts",
    "laid_away_by", "crib_owner", "crib_count", "starter", "count", "pile", "played", "claim",
    "result", "past_deals", "past_laid_away",
))  # fmt: skip
_SET_LEGAL: Final[Callable[[ClassicState, tuple[Action, ...]], None]] = _SETTERS[-1]

_PHASE_ACTIONS: Final[dict[str, tuple[type[Action], ...]]] = {
    DISCARD: (Discard,),
    PLAY: (Play,),
    DECLARE: (Declare,),
    MUGGINS: (Muggins, PassMuggins),
}
_VERBS: Final[dict[type[Action], str]] = {
    Play: "play a card",
    Discard: "lay away",
    Declare: "declare points",
    Muggins: "call muggins",
    PassMuggins: "pass on muggins",
}
_CLAIM_WORDS: Final = {"peg": "card played", "show": "hand", "crib": "crib"}


def start_game(
    rules: ClassicRules | None = None,
    *,
    seed: Seed | None = None,
    decks: Iterable[Iterable[int | str]] | None = None,
    first_dealer: int | None = None,
    start_scores: Sequence[int] | None = None,
) -> Transition[ClassicState]:
    """Start a classic game: cut for the first deal (unless ``first_dealer``) and deal.

    ``decks`` (top card first, one per deal) are used for the first deals, then the ``seed``'s
    shuffles; a seed is needed to cut for the first dealer. With explicit decks only, the game
    stops (``phase == "awaiting_deck"``) when they run out.

    >>> t = start_game(ClassicRules(players=4), seed="club night")
    >>> [e.type for e in t.events]
    ['cut', 'deal', 'hand', 'hand', 'hand', 'hand']
    >>> start_game(ClassicRules(), decks=[DECK])
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: the first dealer is cut with the seed: give first_dealer or a seed
    """
    rules = ClassicRules.or_default(rules)
    setup, scores, dealer, cuts = sided_start(
        rules, seed=seed, decks=decks, first_dealer=first_dealer, start_scores=start_scores
    )
    run = Run()
    run.rules = rules
    run.setup = setup
    run.deal_no = 0
    run.scores = tuple(scores)
    run.result = None
    run.history = ()
    run.past_deals = ()
    run.past_laid = ((),) * rules.players
    for seats, cards, decided in cuts:
        run.note(CutForDeal, None, cards=cards, seats=seats, other=decided)
    run.dealer = run.opening_dealer = dealer
    run.new_deal()
    return Transition(_state_of(run), pending=run.events)


def next_game(
    previous: ClassicState,
    *,
    seed: Seed | None = None,
    decks: Iterable[Iterable[int | str]] | None = None,
) -> Transition[ClassicState]:
    """The next game of a match, with the same rules: the loser of ``previous`` deals first.

    >>> import random
    >>> state, rng = start_game(ClassicRules(target=61), seed=3).state, random.Random(3)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions())).state
    >>> following = next_game(state, seed=4).state
    >>> following.dealer == state.result.next_dealer != state.result.winner
    True
    """
    result = previous.result
    if result is None:
        raise GameError("the previous game is not over yet")
    return start_game(previous.rules, seed=seed, decks=decks, first_dealer=result.next_dealer)
