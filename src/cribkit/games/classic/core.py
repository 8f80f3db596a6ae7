"""Classic cribbage's lean core: the rules as functions over a compact, immutable position.

A position here (a *core*) is one tuple of ints, bit masks and small tuples, indexed by the
constants below (:data:`PHASE`, :data:`HANDS`, ...); the settings of one game (the rules, where
its decks come from, the first dealer) are a :class:`Game`, shared by every core of the game.
:func:`step` carries out one legal action and returns the next core; it records the events
only when given a list for them, so a search or a random game pays for none, and the state
(:class:`~cribkit.games.classic.state.ClassicState`) makes them again on demand from its
parent's core and the action.

>>> from cribkit.games.classic.rules import ClassicRules, deal_positions
>>> from cribkit.games.setup import DealSetup
>>> game = Game(ClassicRules(), DealSetup(seed=42), opening_dealer=0)
>>> events = []
>>> core = opening(game, (0, 0), events)
>>> core[PHASE], core[TURN], [kind.type for kind, _ in events]
('discard', 1, ['deal', 'hand', 'hand'])
>>> seat_to_act(game, core), len(legal_actions(game, core))
(1, 15)

Cards are ints, hands bit masks (bit ``c`` for card ``c``); scores come from the fast tables.
The pending events are the records :class:`~cribkit.games.protocol.Transition` turns into
typed events when they are read.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Any, Final

from cribkit.core.cards import DECK, DECK_SIZE, Card, Rank, card_rank
from cribkit.core.pegging import MAX_COUNT
from cribkit.core.tables import hand_total
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.events import (
    CardPlayed,
    CribShown,
    Declared,
    GameWon,
    GoPoint,
    GoSaid,
    HandDealt,
    HandShown,
    Heels,
    LaidAway,
    LastCard,
    MugginsCalled,
    NewDeal,
    StarterTurned,
)
from cribkit.games.classic.play import (
    AWAITING,
    DECLARE,
    DISCARD,
    MUGGINS,
    OVER,
    PIP,
    PLAY,
    Claim,
    cards_of,
    peg_points,
)
from cribkit.games.classic.rules import ClassicRules, deal_positions
from cribkit.games.classic.view import ShownDeal
from cribkit.games.events import GameEvent
from cribkit.games.protocol import Action, PendingEvent
from cribkit.games.setup import DealSetup, side_of, side_result

__all__ = [
    "CORE_FIELDS",
    "Game",
    "legal_actions",
    "opening",
    "seat_to_act",
    "step",
]

#: The fields of a core, in order (each index constant below is the field's place).
CORE_FIELDS: Final = (
    "phase", "deal_no", "dealer", "turn", "count", "last", "gone", "hands", "kept", "laid",
    "crib", "starter", "pile", "played", "scores", "claim", "show_step", "result", "deck",
    "past", "tail",
)  # fmt: skip
(
    PHASE, DEAL, DEALER, TURN, COUNT, LAST, GONE, HANDS, KEPT, LAID, CRIB, STARTER, PILE, PLAYED,
    SCORES, CLAIM, SHOW, RESULT, DEAL_DECK, PAST, TAIL,
) = range(len(CORE_FIELDS))  # fmt: skip
# TAIL is the ranks of the count's last cards (up to 7: no run is longer under 31), 4 bits
# each, the last card lowest, each rank from 1 (0: no card): what its points depend on, but the
# count itself.

#: A core: the fields of :data:`CORE_FIELDS`, in order.
Core = tuple[Any, ...]
#: Where a step records its events, or None to record none.
Events = list[PendingEvent] | None

_JACK: Final = Rank.JACK
_BIT: Final = tuple(1 << c for c in range(DECK_SIZE))
#: Per card: its rank from 1 (the ace) to 13, as :data:`TAIL` holds it.
_TAIL_RANK: Final = tuple((c >> 2) + 1 for c in range(DECK_SIZE))
_TAIL_MASK: Final = (1 << 28) - 1
#: Per count left to 31 (0 to 31): the cards that fit (cards ascend by rank).
FITS: Final = tuple(
    sum(1 << c for c in range(DECK_SIZE) if PIP[c] <= room) for room in range(MAX_COUNT + 1)
)
#: The points of a pair group or a run at the end of a count, by its :data:`TAIL` (made as met).
_TAIL_POINTS: dict[int, int] = {}


def tail_points(tail: int) -> int:
    """The points of the pairs or the run that the last card of a count makes, from the count's
    :data:`TAIL` (the points of 15 and 31 are the count's, not the tail's).

    >>> tail_points(5 << 8 | 4 << 4 | 6), tail_points(13 << 8 | 13 << 4 | 13)  # 5 4 6, K K K
    (3, 6)
    """
    points = _TAIL_POINTS.get(tail)
    if points is None:
        ranks = []
        rest = tail
        while rest:
            ranks.append((rest & 15) - 1)
            rest >>= 4
        ranks.reverse()  # oldest first, as a pile
        points = _TAIL_POINTS[tail] = peg_points([r << 2 for r in ranks], 0)
    return points


class Game:
    """The settings every core of one game shares: its rules (and the numbers a step reads
    from them), where its decks come from, and the game's first dealer."""

    __slots__ = (
        "discards",
        "double_skunk_line",
        "manual",
        "muggins",
        "opening_dealer",
        "players",
        "positions",
        "rules",
        "setup",
        "side",
        "skunk_line",
        "skunks",
        "target",
    )

    def __init__(self, rules: ClassicRules, setup: DealSetup, opening_dealer: int) -> None:
        self.rules = rules
        self.setup = setup
        self.opening_dealer = opening_dealer
        n = self.players = rules.players
        self.target = rules.target
        self.manual = rules.manual_counting
        self.muggins = rules.muggins
        self.discards = rules.discards
        self.skunks = rules.skunks
        self.skunk_line = rules.skunk_line
        self.double_skunk_line = rules.double_skunk_line
        #: The side of each seat.
        self.side = tuple(side_of(n, seat) for seat in range(n))
        #: Per dealer: each seat's cards of the deck (a slice), the starter's position and the
        #: crib card's (or None).
        self.positions = _positions(n)


@cache
def _positions(players: int) -> tuple[tuple[tuple[slice, ...], int, int | None], ...]:
    """:attr:`Game.positions` of a game of ``players``: the deal goes round from the dealer's
    left a card at a time, so a seat's cards are every ``players``-th card of the deal."""
    out = []
    for dealer in range(players):
        seats, starter_at, crib_at = deal_positions(players, dealer)
        dealt = len(seats)
        slices = tuple(
            slice((seat - dealer - 1) % players, dealt, players) for seat in range(players)
        )
        out.append((slices, starter_at, crib_at))
    return tuple(out)


class GameEnded(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside a step when a side reaches the target: nothing after it happens."""


# -- who acts and what they may do -------------------------------------------------------------

_PLAYS: Final = tuple(tuple(Play(seat, DECK[c]) for c in range(DECK_SIZE)) for seat in range(4))


class _LayAways(dict[tuple[Card, ...], Discard]):
    """One seat's lay-aways by their cards (ascending), each made the first time it is met
    and then shared."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, cards: tuple[Card, ...]) -> Discard:
        action = self[cards] = Discard(self.seat, cards)
        return action


_LAY_AWAYS: Final = tuple(_LayAways(seat) for seat in range(4))


def discards(seat: int, cards: tuple[Card, ...], count: int) -> list[Action]:
    """Every way for ``seat`` to lay away ``count`` (1 or 2) of ``cards`` (ascending)."""
    return list(map(_LAY_AWAYS[seat].__getitem__, combinations(cards, count)))


def seat_to_act(game: Game, core: Core) -> int | None:
    """The seat to act (while laying away, the first from pone clockwise that still has to);
    None when the game is over or waits for a deck."""
    phase = core[PHASE]
    if phase == DISCARD:
        n = game.players
        laid = core[LAID]
        dealer: int = core[DEALER]
        for i in range(1, n + 1):
            seat = (dealer + i) % n
            if not laid[seat]:
                return seat
        return None  # pragma: no cover - the phase ends when all have laid away
    if phase in (OVER, AWAITING):
        return None
    turn: int = core[TURN]
    return turn


def legal_actions(game: Game, core: Core) -> list[Action]:
    """Every action the seat to act may take, made anew."""
    phase = core[PHASE]
    if phase == PLAY:
        seat = core[TURN]
        plays = _PLAYS[seat]
        out: list[Action] = []
        fit = core[HANDS][seat] & FITS[MAX_COUNT - core[COUNT]]
        while fit:
            low = fit & -fit
            out.append(plays[low.bit_length() - 1])
            fit ^= low
        return out
    if phase == DISCARD:
        chooser = seat_to_act(game, core)
        assert chooser is not None
        return discards(chooser, cards_of(core[HANDS][chooser]), game.discards)
    claim: Claim | None = core[CLAIM]
    if phase == DECLARE and claim is not None:
        return [Declare(claim.seat, p) for p in range(claim.correct + 1)]
    if phase == MUGGINS and claim is not None:
        turn = core[TURN]
        if claim.declared < claim.correct:
            return [Muggins(turn), PassMuggins(turn)]
        return [PassMuggins(turn)]
    return []


# -- the steps ---------------------------------------------------------------------------------


def opening(game: Game, scores: tuple[int, ...], events: Events) -> Core:
    """The core of the game's first deal, dealt by the game's first dealer."""
    w: list[Any] = [None] * len(CORE_FIELDS)
    w[DEAL] = 0
    w[DEALER] = game.opening_dealer
    w[SCORES] = scores
    w[RESULT] = None
    w[PAST] = None
    _new_deal(game, w, events)
    return tuple(w)


def step(game: Game, core: Core, action: Action, events: Events) -> Core:
    """The core after ``action`` (a legal one: it is not checked) and its consequences (goes,
    the show, the next deal); its events are added to ``events`` unless that is None."""
    kind = type(action)
    if kind is Play:
        return play(game, core, action.seat, action.card, events)  # type: ignore[attr-defined]
    w = list(core)
    try:
        if kind is Discard:
            _discard(game, w, action.seat, action.cards, events)  # type: ignore[attr-defined]
        elif kind is Declare:
            _declare(game, w, action.points, events)  # type: ignore[attr-defined]
        elif kind is Muggins:
            _muggins(game, w, action.seat, events)
        elif kind is PassMuggins:
            _pass_muggins(game, w, events)
    except GameEnded:
        pass
    return tuple(w)


def play(game: Game, core: Core, seat: int, card: Card, events: Events) -> Core:
    """The core after ``seat`` lays ``card`` on the count (a legal play: not checked).

    The commonest step, written out: a card that scores nothing and leaves the next seat able
    to play makes one new core and nothing else."""
    (
        phase, deal_no, dealer, _, count, _, gone, hands, kept, laid, crib, starter, pile,
        played, scores, claim, show_step, result, deck, past, tail,
    ) = core  # fmt: skip
    hand = hands[seat] & ~(1 << card)
    n = game.players
    if n == 2:
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    else:
        hands = (*hands[:seat], hand, *hands[seat + 1 :])
    count += PIP[card]
    pile = (*pile, card)
    played = (*played, (seat, card))
    tail = (tail << 4 & _TAIL_MASK) | _TAIL_RANK[card]
    points = _TAIL_POINTS.get(tail)
    if points is None:
        points = tail_points(tail)
    if count == 15 or count == MAX_COUNT:
        points += 2
    if count != MAX_COUNT and not game.manual:
        # The common cases here: the card's points (short of the target), then the next to
        # play (a go from the other of two players, too); else the long way, from the start.
        after: tuple[int, ...] | None = scores
        if points:
            side = game.side[seat]
            total = scores[side] + points
            if total >= game.target:
                after = None
            elif n == 2:
                after = (total, scores[1]) if side == 0 else (scores[0], total)
            else:
                after = (*scores[:side], total, *scores[side + 1 :])
        if after is not None:
            room = FITS[MAX_COUNT - count]
            said = -1
            if n == 2:
                other = 1 - seat
                if hands[other] & room:
                    turn = other
                elif hands[seat] & room:
                    turn = seat
                    if hands[other] and not gone >> other & 1:
                        gone |= 1 << other
                        said = other
                else:
                    turn = -1
            else:
                turn = (seat + 1) % n
                if not hands[turn] & room:
                    turn = -1
            if turn >= 0:
                if events is not None:
                    events.append((CardPlayed, {"cards": pile, "count": count, "seat": seat,
                                                "points": points, "scores": after,
                                                "deal": deal_no}))  # fmt: skip
                    if said >= 0:
                        events.append((GoSaid, {"seat": said, "points": 0, "scores": after,
                                                "deal": deal_no}))  # fmt: skip
                return (
                    phase, deal_no, dealer, turn, count, seat, gone, hands, kept, laid, crib,
                    starter, pile, played, after, claim, show_step, result, deck, past, tail,
                )  # fmt: skip
    w = [
        phase, deal_no, dealer, seat, count, seat, gone, hands, kept, laid, crib, starter, pile,
        played, scores, claim, show_step, result, deck, past, tail,
    ]  # fmt: skip
    try:
        if game.manual:
            _note(w, events, CardPlayed, seat, cards=pile, count=count)
            if points:
                _ask(w, Claim(kind="peg", seat=seat, cards=pile, starter=None, correct=points))
                return tuple(w)
        elif points:
            _score(game, w, events, CardPlayed, seat, points, cards=pile, count=count)
        elif events is not None:
            _note(w, events, CardPlayed, seat, cards=pile, count=count)
        _advance(game, w, events)
    except GameEnded:
        pass
    return tuple(w)


def _note(w: list[Any], events: Events, kind: type[GameEvent], seat: int | None, /,
          **fields: Any) -> None:  # fmt: skip
    """Record an event of ``kind`` that scores nothing, with the running totals."""
    if events is not None:
        fields["seat"] = seat
        fields["points"] = 0
        fields["scores"] = w[SCORES]
        fields["deal"] = w[DEAL]
        events.append((kind, fields))


def _score(game: Game, w: list[Any], events: Events, kind: type[GameEvent], seat: int,
           points: int, /, **fields: Any) -> None:  # fmt: skip
    """Add points for ``seat``'s side, record the event, end the game at the target."""
    side = game.side[seat]
    scores = list(w[SCORES])
    total = scores[side] = scores[side] + points
    w[SCORES] = tuple(scores)
    if events is not None:
        fields["seat"] = seat
        fields["points"] = points
        fields["scores"] = w[SCORES]
        fields["deal"] = w[DEAL]
        events.append((kind, fields))
    if total >= game.target:
        _finish(game, w, events, seat, side)


def _finish(game: Game, w: list[Any], events: Events, seat: int, side: int) -> None:
    scores = w[SCORES]
    best_loser = max(score for s, score in enumerate(scores) if s != side)
    if game.skunks and best_loser < game.double_skunk_line:
        game_points, skunk = 3, "double skunk"
    elif game.skunks and best_loser < game.skunk_line:
        game_points, skunk = 2, "skunk"
    else:
        game_points, skunk = 1, ""
    w[RESULT] = side_result(game.players, game.opening_dealer, scores, side, game_points, skunk)
    w[PHASE] = OVER
    w[TURN] = -1
    w[CLAIM] = None
    _note(w, events, GameWon, seat)
    raise GameEnded


def _new_deal(game: Game, w: list[Any], events: Events) -> None:
    """Deal the cards of the core's deal (its dealer is already set)."""
    deck = game.setup.deck(w[DEAL])
    n = game.players
    dealer = w[DEALER]
    w[HANDS] = w[KEPT] = w[LAID] = (0,) * n
    w[CRIB] = 0
    w[STARTER] = None
    w[COUNT] = 0
    w[PILE] = w[PLAYED] = ()
    w[TAIL] = 0
    w[LAST] = -1
    w[GONE] = 0
    w[CLAIM] = None
    w[SHOW] = 0
    w[TURN] = (dealer + 1) % n
    if events is not None:
        _note(w, events, NewDeal, dealer)
    if deck is None:
        w[DEAL_DECK] = ()
        w[PHASE] = AWAITING
        w[TURN] = -1
        return
    w[DEAL_DECK] = deck
    slices, _, crib_at = game.positions[dealer]
    bit = _BIT.__getitem__
    hands = tuple(sum(map(bit, deck[cards])) for cards in slices)
    if crib_at is not None:
        w[CRIB] = 1 << deck[crib_at]
    w[HANDS] = w[KEPT] = hands
    if events is not None:
        for seat in range(n):
            _note(w, events, HandDealt, seat, cards=cards_of(hands[seat]))
    w[PHASE] = DISCARD


def _discard(game: Game, w: list[Any], seat: int, cards: tuple[Card, ...], events: Events) -> None:
    mask = 0
    for c in cards:
        mask |= 1 << c
    hands, kept, laid = list(w[HANDS]), list(w[KEPT]), list(w[LAID])
    hands[seat] &= ~mask
    kept[seat] = hands[seat]
    laid[seat] = mask
    w[HANDS], w[KEPT], w[LAID] = tuple(hands), tuple(kept), tuple(laid)
    w[CRIB] |= mask
    _note(w, events, LaidAway, seat, cards=cards)
    if all(laid):
        _cut(game, w, events)


def _cut(game: Game, w: list[Any], events: Events) -> None:
    dealer = w[DEALER]
    starter = w[DEAL_DECK][game.positions[dealer][1]]
    w[STARTER] = starter
    _note(w, events, StarterTurned, dealer, starter=starter)
    w[PHASE] = PLAY
    w[TURN] = (dealer + 1) % game.players
    w[LAST] = -1
    if card_rank(starter) == _JACK:
        _score(game, w, events, Heels, dealer, 2, starter=starter)


def _advance(game: Game, w: list[Any], events: Events) -> None:
    """After a card: the next player able to play, or go, or the end of the play."""
    n = game.players
    hands = w[HANDS]
    last = w[LAST]
    if not any(hands):
        if w[COUNT] != MAX_COUNT:
            _score(game, w, events, LastCard, last, 1)
        _end_play(game, w, events)
        return
    if w[COUNT] != MAX_COUNT:
        room = MAX_COUNT - w[COUNT]
        for i in range(1, n + 1):
            seat = (last + i) % n
            hand = hands[seat]
            if not hand:
                continue
            if PIP[(hand & -hand).bit_length() - 1] <= room:
                w[TURN] = seat
                return
            if seat != last and not w[GONE] >> seat & 1:
                w[GONE] |= 1 << seat
                _note(w, events, GoSaid, seat)
        _score(game, w, events, GoPoint, last, 1)
    # A new count: the player after the last one to lay a card leads.
    w[COUNT] = 0
    w[PILE] = ()
    w[TAIL] = 0
    w[GONE] = 0
    w[LAST] = -1
    for i in range(1, n + 1):
        seat = (last + i) % n
        if hands[seat]:
            w[TURN] = seat
            return


def _end_play(game: Game, w: list[Any], events: Events) -> None:
    """The show: each hand from pone round to the dealer, then the crib."""
    if game.manual:
        w[SHOW] = 0
        _next_show(game, w, events)
        return
    n = game.players
    starter = w[STARTER]
    dealer = w[DEALER]
    kept = w[KEPT]
    if events is None:
        # Each hand's points added here while none reaches the target (no events to record).
        scores = list(w[SCORES])
        side, target = game.side, game.target
        for i in range(1, n + 1):
            seat = (dealer + i) % n
            total = scores[side[seat]] + hand_total(cards_of(kept[seat]), starter)
            if total >= target:
                break
            scores[side[seat]] = total
        else:
            total = scores[side[dealer]] + hand_total(cards_of(w[CRIB]), starter, True)
            if total < target:
                scores[side[dealer]] = total
                w[SCORES] = tuple(scores)
                _next_deal(game, w, events)
                return
    for i in range(1, n + 1):
        seat = (dealer + i) % n
        hand = cards_of(kept[seat])
        _score(game, w, events, HandShown, seat, hand_total(hand, starter), cards=hand,
               starter=starter)  # fmt: skip
    crib = cards_of(w[CRIB])
    _score(game, w, events, CribShown, dealer, hand_total(crib, starter, True), cards=crib,
           starter=starter)  # fmt: skip
    _next_deal(game, w, events)


def _next_deal(game: Game, w: list[Any], events: Events) -> None:
    w[PAST] = Past(w[PAST], (w[DEALER], w[STARTER], w[PLAYED], w[KEPT], w[CRIB], w[LAID]))
    w[DEAL] += 1
    w[DEALER] = (w[DEALER] + 1) % game.players
    _new_deal(game, w, events)


class Past:
    """The finished deals of a game: each deal's dealer, starter, cards played, hands kept,
    crib and cards laid away (masks), and the deals before it. What the table saw of them is
    made when first asked for, and kept.

    A core holds None before the first deal is over.
    """

    __slots__ = ("_before", "_deal", "_laid", "_shown")

    def __init__(self, before: Past | None, deal: tuple[Any, ...]) -> None:
        self._before = before
        self._deal = deal
        self._shown: tuple[ShownDeal, ...] | None = None
        self._laid: dict[int, tuple[tuple[Card, ...], ...]] = {}

    def shown(self) -> tuple[ShownDeal, ...]:
        """Every finished deal as the table saw it at its show, oldest first."""
        shown = self._shown
        if shown is None:
            dealer, starter, played, kept, crib, _ = self._deal
            deal = ShownDeal(
                dealer=dealer,
                starter=starter,
                played=played,
                hands=tuple(map(cards_of, kept)),
                crib=cards_of(crib),
            )
            shown = self._shown = (*past_deals(self._before), deal)
        return shown

    def laid(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """What ``seat`` laid away in each finished deal, oldest first."""
        laid = self._laid.get(seat)
        if laid is None:
            laid = self._laid[seat] = (
                *past_laid(self._before, seat),
                cards_of(self._deal[5][seat]),
            )
        return laid

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Past):
            return NotImplemented
        return self._deal == other._deal and self._before == other._before

    def __hash__(self) -> int:
        return hash(self._deal)


def past_deals(past: Past | None) -> tuple[ShownDeal, ...]:
    """Every finished deal of ``past`` (a core's :data:`PAST`) as the table saw it."""
    return () if past is None else past.shown()


def past_laid(past: Past | None, seat: int) -> tuple[tuple[Card, ...], ...]:
    """What ``seat`` laid away in each finished deal of ``past`` (a core's :data:`PAST`)."""
    return () if past is None else past.laid(seat)


# -- manual counting ---------------------------------------------------------------------------


def _next_show(game: Game, w: list[Any], events: Events) -> None:
    """Manual counting: expose the next hand (or the crib) and ask for its declaration."""
    n = game.players
    starter = w[STARTER]
    dealer = w[DEALER]
    while w[SHOW] <= n:
        show = w[SHOW]
        w[SHOW] = show + 1
        if show < n:
            seat, kind = (dealer + 1 + show) % n, "show"
            cards = cards_of(w[KEPT][seat])
        else:
            seat, kind, cards = dealer, "crib", cards_of(w[CRIB])
        correct = hand_total(cards, starter, kind == "crib")
        _note(w, events, CribShown if kind == "crib" else HandShown, seat, cards=cards,
              starter=starter)  # fmt: skip
        if correct:
            _ask(w, Claim(kind=kind, seat=seat, cards=cards, starter=starter, correct=correct))
            return
    _next_deal(game, w, events)


def _ask(w: list[Any], claim: Claim) -> None:
    w[CLAIM] = claim
    w[PHASE] = DECLARE
    w[TURN] = claim.seat


def _declare(game: Game, w: list[Any], points: int, events: Events) -> None:
    claim: Claim = w[CLAIM]
    n = game.players
    window: tuple[int, ...] = ()
    # Every opponent may call muggins after every declaration, missed points or not: an
    # opening only after a miss would tell them that there was one.
    if game.muggins:
        mine = game.side[claim.seat]
        window = tuple(
            (claim.seat + i) % n for i in range(1, n) if game.side[(claim.seat + i) % n] != mine
        )
    w[CLAIM] = replace(claim, declared=points, window=window)
    _score(game, w, events, Declared, claim.seat, points, cards=claim.cards,
           starter=claim.starter, kind=claim.kind, missed=claim.correct - points)  # fmt: skip
    if window:
        w[PHASE] = MUGGINS
        w[TURN] = window[0]
    else:
        _settle(game, w, events)


def _muggins(game: Game, w: list[Any], seat: int, events: Events) -> None:
    claim: Claim = w[CLAIM]
    _score(game, w, events, MugginsCalled, seat, claim.correct - claim.declared,
           cards=claim.cards, starter=claim.starter, kind=claim.kind,
           other=claim.seat)  # fmt: skip
    _settle(game, w, events)


def _pass_muggins(game: Game, w: list[Any], events: Events) -> None:
    claim: Claim = w[CLAIM]
    window = claim.window[1:]
    if window:
        w[CLAIM] = replace(claim, window=window)
        w[TURN] = window[0]
    else:
        _settle(game, w, events)


def _settle(game: Game, w: list[Any], events: Events) -> None:
    """The claim is over: go on with the play, the show or the next deal."""
    claim: Claim = w[CLAIM]
    w[CLAIM] = None
    if claim.kind == "peg":
        w[PHASE] = PLAY
        _advance(game, w, events)
    elif claim.kind == "show":
        w[PHASE] = PLAY
        _next_show(game, w, events)
    else:
        _next_deal(game, w, events)
