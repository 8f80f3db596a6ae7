"""Classic cribbage for 2, 3 or 4 players (4 in partnerships), on the game protocol.

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

Inside, a state is a thin immutable wrapper: the lean core of its position (a tuple of ints,
bit masks and small tuples: :mod:`cribkit.games.classic.core`, where the rules are), the
game's settings, and a link to the state it came from with the action taken there. Its
history and its events are made from those links when they are asked for; scores come from
the fast tables, and the breakdowns that explain them are built only when an event is asked
for its words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress, repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Final, cast

from cribkit.core.cards import Card
from cribkit.core.pegging import MAX_COUNT
from cribkit.core.slots import slot_setters
from cribkit.core.words import scores_dashed
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic import core as lean
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.core import (
    CLAIM,
    COUNT,
    CRIB,
    DEAL,
    DEALER,
    HANDS,
    KEPT,
    LAID,
    PHASE,
    RESULT,
    SCORES,
    TURN,
    Core,
    Game,
    discards,
)
from cribkit.games.classic.events import EVENTS, CutForDeal
from cribkit.games.classic.play import (
    DECLARE,
    DISCARD,
    MUGGINS,
    OVER,
    PIP,
    PLAY,
    Claim,
    ClassicSetup,
    cards_of,
)
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
    GameInfo,
    PendingEvent,
    Result,
    Transition,
    cards_text,
    check_viewer,
    register,
)
from cribkit.games.setup import (
    SIDED_SETUP_KEYS,
    DealSetup,
    Seed,
    SidedAnswers,
    seat_sides,
    side_of,
    sided_start,
)

if TYPE_CHECKING:
    from cribkit.games.classic.playout import Playout

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


def _field(index: int, doc: str) -> Any:
    """A read-only attribute of a state: the field ``index`` of its core."""

    def read(state: ClassicState) -> Any:
        return state._core[index]

    return property(read, doc=doc)


def _setting(name: str, doc: str) -> Any:
    """A read-only attribute of a state: the game's setting ``name``."""

    def read(state: ClassicState) -> Any:
        return getattr(state._game, name)

    return property(read, doc=doc)


class ClassicState(SidedAnswers):
    """An immutable position of a classic game. Make one with :func:`start_game`.

    Its attributes are the engine's full knowledge (hands are bit masks of cards, ``deck`` is
    this deal's deck): show a player only :meth:`observation`. They are read from the state's
    core (:mod:`cribkit.games.classic.core`); none can be set.
    """

    __slots__ = ("_action", "_core", "_game", "_history", "_legal", "_parent")

    _game: Game
    _core: Core
    #: The state this one came from (None for a game's first state, or one made whole).
    _parent: ClassicState | None
    #: The action taken in the parent state to come here.
    _action: Action | None
    #: The history, once made (a first state's is its own, given).
    _history: tuple[Action, ...] | None
    #: The legal actions, made the first time they are asked for (not a part of the position).
    _legal: tuple[Action, ...] | None

    rules: ClassicRules = _setting("rules", "The rules of the game.")
    setup: DealSetup = _setting("setup", "Where the game's chance comes from.")
    opening_dealer: int = _setting("opening_dealer", "The first dealer of the game.")
    phase: str = _field(lean.PHASE, "The stage of the deal (``discard``, ``play``, ...).")
    deal_no: int = _field(lean.DEAL, "The deal's number, 0 first.")
    dealer: int = _field(lean.DEALER, "The seat that deals (and owns the crib).")
    deck: tuple[Card, ...] = _field(lean.DEAL_DECK, "This deal's deck, top card first.")
    hands: tuple[int, ...] = _field(lean.HANDS, "Cards each seat holds (not laid or played).")
    kept: tuple[int, ...] = _field(lean.KEPT, "Each seat's 4 cards for the show, once laid away.")
    laid: tuple[int, ...] = _field(lean.LAID, "Cards each seat laid away to the crib.")
    crib: int = _field(lean.CRIB, "The crib's cards.")
    starter: Card | None = _field(lean.STARTER, "The starter, once turned.")
    count: int = _field(lean.COUNT, "The count.")
    pile: tuple[Card, ...] = _field(lean.PILE, "The current count's cards, in order.")
    played: tuple[tuple[int, Card], ...] = _field(
        lean.PLAYED, "Every card played this deal, as (seat, card), in order."
    )
    turn: int = _field(lean.TURN, "The seat whose turn it is (-1: none).")
    last: int = _field(lean.LAST, "The seat that laid the last card on this count (-1: none).")
    gone: int = _field(lean.GONE, "Seats that said go on this count (bits).")
    claim: Claim | None = _field(lean.CLAIM, "A count waiting for its declaration, or muggins.")
    show_step: int = _field(lean.SHOW, "Manual counting: the next count of the show.")
    scores: tuple[int, ...] = _field(lean.SCORES, "The running score of every side.")
    result: Result | None = _field(lean.RESULT, "How the game ended, once it has.")

    @property
    def past_deals(self) -> tuple[ShownDeal, ...]:
        """Every finished deal as the table saw it at its show, oldest first."""
        return lean.past_deals(self._core[lean.PAST])

    @property
    def past_laid(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """For each seat, what it laid away in each finished deal."""
        past = self._core[lean.PAST]
        return tuple(lean.past_laid(past, seat) for seat in range(self._game.players))

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self._core[PHASE] == OVER)

    @property
    def lean_core(self) -> tuple[Game, Core]:
        """The game's settings and this position's core (:mod:`cribkit.games.classic.core`),
        for code that reads the position at speed (the learning environments)."""
        return self._game, self._core

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, in order (made from the links to the states
        before, and kept)."""
        history = self._history
        if history is None:
            actions = []
            state = self
            while state._history is None:
                actions.append(state._action)
                assert state._parent is not None  # only a first state has no parent
                state = state._parent
            actions.reverse()
            history = self._history = (*state._history, *cast("list[Action]", actions))
        return history

    def __eq__(self, other: object) -> bool:
        if type(other) is not ClassicState:
            return NotImplemented
        return (
            self._core == other._core
            and self._game.rules == other._game.rules
            and self._game.setup == other._game.setup
            and self._game.opening_dealer == other._game.opening_dealer
            and self.history == other.history
        )

    def __hash__(self) -> int:
        core = self._core
        return hash((core[PHASE], core[DEAL], core[SCORES], core[HANDS], core[TURN]))

    def __reduce__(self) -> tuple[Any, ...]:
        # Whole, without the chain of states before it (which could be deep).
        return (_whole_state, (self._game.rules, self._game.setup, self.opening_dealer,
                               self._core, self.history))  # fmt: skip

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
        return lean.seat_to_act(self._game, self._core)

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take (any laying-away order is also legal).

        They are made once per state (which is immutable) and kept; each call gets its own
        list of them."""
        legal = self._legal
        if legal is None:
            made = lean.legal_actions(self._game, self._core)
            self._legal = tuple(made)
            return made
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
            return discards(seat, cards_of(self.hands[seat]), self.rules.discards)
        return self.legal_actions() if seat == self.current_player else []

    def playout(self) -> Playout:
        """This game to play on in place, for a simulation (:class:`Playout`)."""
        from cribkit.games.classic.playout import Playout

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
        """The new state and the events after ``action``; raises like :meth:`verify`.

        The events are made when the transition is asked for them (the step is then carried
        out again, recording them), so a game whose events nobody reads makes none."""
        core = self._core
        if type(action) is Play:
            # The common case checked here, as verify would (a seat is a small int, so `is`
            # tells 1 from True); anything else is verify's to refuse.
            seat, card = action.seat, action.card
            if not (
                core[PHASE] == PLAY
                and seat is core[TURN]
                and core[HANDS][seat] >> card & 1
                and core[COUNT] + PIP[card] <= MAX_COUNT
            ):
                self.verify(action)
            after = lean.play(self._game, core, seat, card, None)
        else:
            legal = self._legal
            # One of this state's own legal actions (the very object) needs no check.
            if legal is None or not any(map(is_, legal, repeat(action))):
                self.verify(action)
            after = lean.step(self._game, core, action, None)
        state: ClassicState = _NEW_STATE(ClassicState)
        state._game = self._game
        state._core = after
        state._parent = self
        state._action = action
        state._history = state._legal = None
        stepped: _Stepped = _NEW_STATE(_Stepped)
        stepped.state = state
        stepped._events = None
        stepped._pending = ()
        return stepped

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
        return view_of(self._game, self._core, seat)

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


def view_of(game: Game, core: Core, seat: int) -> ClassicView:
    """:meth:`ClassicState.observation` of a core of ``game``."""
    rules = game.rules
    players = game.players
    claim = core[CLAIM]
    laid = core[LAID]
    hands = core[HANDS]
    # A spectator holds nothing, lays nothing away and scores for no side.
    side, to_lay_away = SPECTATOR, 0
    hand: tuple[Card, ...] = ()
    kept: tuple[Card, ...] = ()
    laid_away: tuple[Card, ...] = ()
    past_laid_away: tuple[tuple[Card, ...], ...] = ()
    if check_viewer(seat, players) != SPECTATOR:
        side = side_of(players, seat)
        past_laid_away = lean.past_laid(core[lean.PAST], seat)
        own_laid = laid[seat]
        hand = cards_of(hands[seat])
        kept = cards_of(core[KEPT][seat]) if own_laid else ()
        laid_away = cards_of(own_laid)
        to_lay_away = game.discards if core[PHASE] == DISCARD and not own_laid else 0
    # Slot by slot: the view is made at every decision of a
    # learning environment, and the dataclass's own __init__ took twice as long.
    view: ClassicView = object.__new__(ClassicView)
    (
        view_game, viewer, phase, current_player, scores, view_rules, view_side, sides, deal,
        dealer, target, view_hand, view_kept, view_laid_away, view_to_lay_away, hand_counts,
        laid_away_by, crib_owner, crib_count, starter, count, pile, played, view_claim,
        result, past_deals, view_past_laid_away,
    ) = _VIEW_SETTERS  # fmt: skip
    view_game(view, rules.GAME)
    viewer(view, seat)
    phase(view, core[PHASE])
    current_player(view, lean.seat_to_act(game, core))
    scores(view, core[SCORES])
    view_rules(view, rules)
    view_side(view, side)
    sides(view, seat_sides(players))
    deal(view, core[DEAL])
    dealer(view, core[DEALER])
    target(view, game.target)
    view_hand(view, hand)
    view_kept(view, kept)
    view_laid_away(view, laid_away)
    view_to_lay_away(view, to_lay_away)
    hand_counts(view, tuple(map(int.bit_count, hands)))
    laid_away_by(view, tuple(compress(range(players), laid)))
    crib_owner(view, core[DEALER])
    crib_count(view, core[CRIB].bit_count())
    starter(view, core[lean.STARTER])
    count(view, core[COUNT])
    pile(view, core[lean.PILE])
    played(view, core[lean.PLAYED])
    view_claim(view, None if claim is None else claim.view())
    result(view, core[RESULT])
    past_deals(view, lean.past_deals(core[lean.PAST]))
    view_past_laid_away(view, past_laid_away)
    return view


class _Stepped(Transition[ClassicState]):
    """The transition of :meth:`ClassicState.apply`: its events are made only when read, by
    carrying out the step again from the state before, recording them (made without
    ``__init__``: :meth:`ClassicState.apply` sets its slots)."""

    __slots__ = ()

    def _records(self) -> list[PendingEvent]:
        state = self.state
        before, action = state._parent, state._action
        assert before is not None
        assert action is not None
        events: list[PendingEvent] = []
        lean.step(before._game, before._core, action, events)
        return events


def made_whole(game: Game, core: Core, history: tuple[Action, ...]) -> ClassicState:
    """The state of ``core`` with its own ``history`` (not linked to the states before)."""
    state: ClassicState = _NEW_STATE(ClassicState)
    state._game = game
    state._core = core
    state._parent = state._action = state._legal = None
    state._history = history
    return state


def _whole_state(
    rules: ClassicRules, setup: DealSetup, opening_dealer: int, core: Core,
    history: tuple[Action, ...],
) -> ClassicState:  # fmt: skip
    """A pickled state made again (:meth:`ClassicState.__reduce__`)."""
    return made_whole(Game(rules, setup, opening_dealer), core, history)


_NEW_STATE: Final = object.__new__
#: The setter of each of a view's slots, in the order :meth:`ClassicState.observation` unpacks them.
_VIEW_SETTERS: Final = slot_setters(ClassicView, (
    "game", "seat", "phase", "current_player", "scores", "rules", "side", "sides", "deal",
    "dealer", "target", "hand", "kept", "laid_away", "to_lay_away", "hand_counts",
    "laid_away_by", "crib_owner", "crib_count", "starter", "count", "pile", "played", "claim",
    "result", "past_deals", "past_laid_away",
))  # fmt: skip

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
    >>> from cribkit.core.cards import DECK
    >>> start_game(ClassicRules(), decks=[DECK])
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: the first dealer is cut with the seed: give first_dealer or a seed
    """
    rules = ClassicRules.or_default(rules)
    setup, scores, dealer, cuts = sided_start(
        rules, seed=seed, decks=decks, first_dealer=first_dealer, start_scores=start_scores
    )
    scores = tuple(scores)
    events: list[PendingEvent] = [
        (CutForDeal, {"cards": cards, "seats": seats, "other": decided, "seat": None,
                      "points": 0, "scores": scores, "deal": 0})
        for seats, cards, decided in cuts
    ]  # fmt: skip
    game = Game(rules, setup, dealer)
    core = lean.opening(game, scores, events)
    return Transition(made_whole(game, core, ()), pending=events)


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


register(
    GameInfo(
        name="classic",
        rules_type=ClassicRules,
        start=start_game,
        setup_keys=SIDED_SETUP_KEYS,
        summary="classic cribbage for 2, 3 or 4 players",
        events=EVENTS,
        hotseat=True,
        calls=("muggins",),
        together=True,
    )
)
