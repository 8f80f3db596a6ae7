"""Classic cribbage, the play of the rules: dealing, pegging, the show, manual counting.

:class:`~cribkit.games.classic.state.ClassicState` checks each action; this module carries it out on
a mutable copy of the state (:class:`Run`), one step and its automatic consequences (goes, the
show, the next deal) at a time, and records the events.

>>> from tests.games.classic_reference.state import ClassicRules, start_game
>>> state = start_game(ClassicRules(), seed=42).state
>>> run = Run(state)
>>> run.discard(1, cards_of(state.hands[1])[:2])
>>> [kind.type for kind, _ in run.events]
['discard']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from cribkit.core.cards import DECK, DECK_SIZE, Card, Rank, card_pip, card_rank
from cribkit.core.pegging import MAX_COUNT, PegScore
from cribkit.core.scoring import Score
from cribkit.core.tables import hand_total
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
    count_breakdown,
)
from cribkit.games.classic.rules import deal_positions
from cribkit.games.classic.view import ClaimView, ShownDeal
from cribkit.games.events import GameEvent
from cribkit.games.protocol import PendingEvent
from cribkit.games.setup import DealSetup, side_of, side_result

if TYPE_CHECKING:
    from tests.games.classic_reference.state import ClassicState

# Tables of core's card_pip and card_rank: the engine looks them up on every card laid, where
# a tuple index costs less than a call.
#: The counting value of each card.
PIP: Final = tuple(card_pip(c) for c in range(DECK_SIZE))
_RANK: Final = tuple(card_rank(c) for c in range(DECK_SIZE))

DISCARD, PLAY, DECLARE, MUGGINS, OVER, AWAITING = (
    "discard",
    "play",
    "declare",
    "muggins",
    "over",
    "awaiting_deck",
)


# The cards of each byte of a mask, for each of the 7 bytes of 52 bits.
_BYTE_CARDS: Final = tuple(
    tuple(
        tuple(DECK[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < DECK_SIZE)
        for b in range(256)
    )
    for k in range(7)
)
_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BYTE_CARDS


_DEAL_POSITIONS: dict[tuple[int, int], tuple[tuple[int, ...], int, int | None]] = {}


def _deal_positions(players: int, dealer: int) -> tuple[tuple[int, ...], int, int | None]:
    """:func:`~cribkit.games.classic.rules.deal_positions`, made once per seating."""
    known = _DEAL_POSITIONS.get((players, dealer))
    if known is None:
        seats, starter_at, crib_at = deal_positions(players, dealer)
        known = _DEAL_POSITIONS[players, dealer] = (tuple(seats), starter_at, crib_at)
    return known


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, ascending.

    >>> cards_of(1 << 51 | 1 << 17 | 1)
    (Card.parse('Ac'), Card.parse('5d'), Card.parse('Ks'))
    """
    return (
        _B0[mask & 255]
        + _B1[mask >> 8 & 255]
        + _B2[mask >> 16 & 255]
        + _B3[mask >> 24 & 255]
        + _B4[mask >> 32 & 255]
        + _B5[mask >> 40 & 255]
        + _B6[mask >> 48]
    )


def peg_points(pile: Sequence[int], count: int) -> int:
    """Points for the last card of ``pile`` (the current count, in order), which makes ``count``.

    >>> from cribkit.core.cards import parse_cards
    >>> peg_points(parse_cards("4h 6c 5d"), 15), peg_points(parse_cards("Kh Kd Ks"), 30)
    (5, 6)
    """
    points = 2 if count == 15 or count == MAX_COUNT else 0
    n = len(pile)
    rank = _RANK
    last = rank[pile[-1]]
    same = 1
    while same < n and rank[pile[-same - 1]] == last:
        same += 1
    if same > 1:  # a pair at the tail rules out any run through it
        return points + same * (same - 1)
    best = 0
    seen = 1 << last
    low = high = last
    for i in range(n - 2, -1, -1):
        this = rank[pile[i]]
        if seen >> this & 1:
            break
        seen |= 1 << this
        if this < low:
            low = this
        elif this > high:
            high = this
        if high - low == n - 1 - i and n - i >= 3:
            best = n - i
    return points + best


#: Where a classic game's chance comes from (shared with the other dealt games).
ClassicSetup = DealSetup


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """A count waiting for its owner's declaration (manual counting), then for muggins.

    ``kind`` is ``peg`` (``cards`` is the current count), ``show`` or ``crib`` (``cards`` the
    4 cards); ``correct`` is what they score, ``declared`` what was declared (-1: not yet) and
    ``window`` the opponents still to choose whether to call muggins, in order.
    """

    kind: str
    seat: int
    cards: tuple[Card, ...]
    starter: Card | None
    correct: int
    declared: int = -1
    window: tuple[int, ...] = ()

    def view(self) -> ClaimView:
        """The claim as the players see it: only public cards (the count, a hand being shown,
        the crib at its show), not what they truly score."""
        return ClaimView(
            kind=self.kind,
            seat=self.seat,
            cards=self.cards,
            starter=self.starter,
            declared=None if self.declared < 0 else self.declared,
        )

    @property
    def breakdown(self) -> Score[Card] | PegScore:
        """What the claim truly scores, part by part."""
        return count_breakdown(self.kind, self.cards, self.starter)


class GameEnded(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside a step when a side reaches the target: nothing after it happens."""


class Run:
    """A mutable copy of a state while one step of the rules runs, and the events it makes.

    Its fields are the state's, by name: the state module builds the new state from them.
    """

    __slots__ = (
        "claim",
        "count",
        "crib",
        "deal_no",
        "dealer",
        "deck",
        "events",
        "gone",
        "hands",
        "history",
        "kept",
        "laid",
        "last",
        "opening_dealer",
        "past_deals",
        "past_laid",
        "phase",
        "pile",
        "played",
        "result",
        "rules",
        "scores",
        "setup",
        "show_step",
        "starter",
        "turn",
    )

    def __init__(self, state: ClassicState | None = None) -> None:
        self.events: list[PendingEvent] = []
        if state is None:
            return
        self.rules = state.rules
        self.setup = state.setup
        self.phase = state.phase
        self.deal_no = state.deal_no
        self.dealer = state.dealer
        self.opening_dealer = state.opening_dealer
        self.deck = state.deck
        # Tuples, as in the state: a step that changes one makes a new one.
        self.hands = state.hands
        self.kept = state.kept
        self.laid = state.laid
        self.crib = state.crib
        self.starter = state.starter
        self.count = state.count
        self.pile = state.pile
        self.played = state.played
        self.turn = state.turn
        self.last = state.last
        self.gone = state.gone
        self.scores = state.scores
        self.claim = state.claim
        self.show_step = state.show_step
        self.result = state.result
        self.history = state.history
        self.past_deals = state.past_deals
        self.past_laid = state.past_laid

    # -- scoring ---------------------------------------------------------------------------------

    def note(self, kind: type[GameEvent], seat: int | None, /, **fields: Any) -> None:
        """Record an event of ``kind`` that scores nothing, with the running totals."""
        # The event is made only if someone reads it: a pending kind and its fields.
        fields["seat"] = seat
        fields["points"] = 0
        fields["scores"] = self.scores
        fields["deal"] = self.deal_no
        self.events.append((kind, fields))

    def score(self, kind: type[GameEvent], seat: int, points: int, /, **fields: Any) -> None:
        """Add points for ``seat``'s side, record the event, end the game at the target."""
        side = seat % 2 if self.rules.players == 4 else seat
        scores = list(self.scores)
        scores[side] += points
        self.scores = tuple(scores)
        fields["seat"] = seat
        fields["points"] = points
        fields["scores"] = self.scores
        fields["deal"] = self.deal_no
        self.events.append((kind, fields))
        if scores[side] >= self.rules.target:
            self.finish(seat, side)

    def finish(self, seat: int, side: int) -> None:
        rules = self.rules
        scores = self.scores
        losers = [s for s in range(rules.sides) if s != side]
        best_loser = max(scores[s] for s in losers)
        if rules.skunks and best_loser < rules.double_skunk_line:
            game_points, skunk = 3, "double skunk"
        elif rules.skunks and best_loser < rules.skunk_line:
            game_points, skunk = 2, "skunk"
        else:
            game_points, skunk = 1, ""
        self.result = side_result(
            rules.players, self.opening_dealer, scores, side, game_points, skunk
        )
        self.phase = OVER
        self.turn = -1
        self.claim = None
        self.note(GameWon, seat)
        raise GameEnded

    # -- the deal --------------------------------------------------------------------------------

    def new_deal(self) -> None:
        """Deal the cards of deal ``deal_no`` (the dealer is already set)."""
        deck = self.setup.deck(self.deal_no)
        n = self.rules.players
        self.hands = self.kept = self.laid = (0,) * n
        self.crib = 0
        self.starter = None
        self.count = 0
        self.pile = ()
        self.played = ()
        self.last = -1
        self.gone = 0
        self.claim = None
        self.show_step = 0
        self.turn = (self.dealer + 1) % n
        self.note(NewDeal, self.dealer)
        if deck is None:
            self.deck = ()
            self.phase = AWAITING
            self.turn = -1
            return
        self.deck = deck
        positions, _, crib_at = _deal_positions(n, self.dealer)
        hands = [0] * n
        for position, seat in enumerate(positions):
            hands[seat] |= 1 << deck[position]
        if crib_at is not None:
            self.crib = 1 << deck[crib_at]
        self.hands = self.kept = tuple(hands)
        for seat in range(n):
            self.note(HandDealt, seat, cards=cards_of(hands[seat]))
        self.phase = DISCARD

    def discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        mask = 0
        for c in cards:
            mask |= 1 << c
        hands, kept, laid = list(self.hands), list(self.kept), list(self.laid)
        hands[seat] &= ~mask
        kept[seat] = hands[seat]
        laid[seat] = mask
        self.hands, self.kept, self.laid = tuple(hands), tuple(kept), tuple(laid)
        self.crib |= mask
        self.note(LaidAway, seat, cards=cards)
        if all(laid):
            self.cut()

    def cut(self) -> None:
        n = self.rules.players
        starter = self.deck[_deal_positions(n, self.dealer)[1]]
        self.starter = starter
        self.note(StarterTurned, self.dealer, starter=starter)
        self.phase = PLAY
        self.turn = (self.dealer + 1) % n
        self.last = -1
        if card_rank(starter) == Rank.JACK:
            self.score(Heels, self.dealer, 2, starter=starter)

    # -- pegging ---------------------------------------------------------------------------------

    def play(self, seat: int, card: Card) -> None:
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        self.hands = tuple(hands)
        count = self.count = self.count + PIP[card]
        pile = (*self.pile, card)
        self.pile = pile
        self.played = (*self.played, (seat, card))
        self.last = seat
        points = peg_points(pile, count)
        if self.rules.manual_counting:
            self.note(CardPlayed, seat, cards=pile, count=count)
            if points:
                self.ask(Claim(kind="peg", seat=seat, cards=pile, starter=None, correct=points))
                return
        elif points:
            self.score(CardPlayed, seat, points, cards=pile, count=count)
        else:  # what note() records, written out: most cards score nothing
            self.events.append(
                (CardPlayed, {"cards": pile, "count": count, "seat": seat, "points": 0,
                              "scores": self.scores, "deal": self.deal_no})
            )  # fmt: skip
        self.advance()

    def advance(self) -> None:
        """After a card: the next player able to play, or go, or the end of the play."""
        n = self.rules.players
        hands = self.hands
        last = self.last
        if not any(hands):
            if self.count != MAX_COUNT:
                self.score(LastCard, last, 1)
            self.end_play()
            return
        if self.count != MAX_COUNT:
            room = MAX_COUNT - self.count
            for i in range(1, n + 1):
                seat = (last + i) % n
                hand = hands[seat]
                if not hand:
                    continue
                if PIP[(hand & -hand).bit_length() - 1] <= room:
                    self.turn = seat
                    return
                if seat != last and not self.gone >> seat & 1:
                    self.gone |= 1 << seat
                    self.note(GoSaid, seat)
            self.score(GoPoint, last, 1)
        # A new count: the player after the last one to lay a card leads.
        self.count = 0
        self.pile = ()
        self.gone = 0
        self.last = -1
        for i in range(1, n + 1):
            seat = (last + i) % n
            if hands[seat]:
                self.turn = seat
                return

    def end_play(self) -> None:
        """The show: each hand from pone round to the dealer, then the crib."""
        if self.rules.manual_counting:
            self.show_step = 0
            self.next_show()
            return
        n = self.rules.players
        starter = self.starter
        assert starter is not None
        for i in range(1, n + 1):
            seat = (self.dealer + i) % n
            hand = cards_of(self.kept[seat])
            self.score(HandShown, seat, hand_total(hand, starter), cards=hand, starter=starter)
        crib = cards_of(self.crib)
        self.score(
            CribShown, self.dealer, hand_total(crib, starter, True), cards=crib, starter=starter
        )
        self.next_deal()

    def next_deal(self) -> None:
        starter = self.starter
        assert starter is not None  # a deal ends after its show, which follows the cut
        shown = ShownDeal(
            dealer=self.dealer,
            starter=starter,
            played=self.played,
            hands=tuple(map(cards_of, self.kept)),
            crib=cards_of(self.crib),
        )
        self.past_deals = (*self.past_deals, shown)
        self.past_laid = tuple(
            (*before, cards_of(laid))
            for before, laid in zip(self.past_laid, self.laid, strict=True)
        )
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.new_deal()

    # -- manual counting -------------------------------------------------------------------------

    def next_show(self) -> None:
        """Manual counting: expose the next hand (or the crib) and ask for its declaration."""
        n = self.rules.players
        starter = self.starter
        assert starter is not None
        while self.show_step <= n:
            step = self.show_step
            self.show_step += 1
            if step < n:
                seat, kind = (self.dealer + 1 + step) % n, "show"
                cards = cards_of(self.kept[seat])
            else:
                seat, kind, cards = self.dealer, "crib", cards_of(self.crib)
            correct = hand_total(cards, starter, kind == "crib")
            self.note(
                CribShown if kind == "crib" else HandShown, seat, cards=cards, starter=starter
            )
            if correct:
                self.ask(Claim(kind=kind, seat=seat, cards=cards, starter=starter, correct=correct))
                return
        self.next_deal()

    def ask(self, claim: Claim) -> None:
        self.claim = claim
        self.phase = DECLARE
        self.turn = claim.seat

    def declare(self, points: int) -> None:
        claim = self.claim
        assert claim is not None
        missed = claim.correct - points
        n = self.rules.players
        window: tuple[int, ...] = ()
        # Every opponent may call muggins after every declaration, missed points or not: an
        # opening only after a miss would tell them that there was one.
        if self.rules.muggins:
            mine = side_of(n, claim.seat)
            window = tuple(
                (claim.seat + i) % n
                for i in range(1, n)
                if side_of(n, (claim.seat + i) % n) != mine
            )
        self.claim = replace(claim, declared=points, window=window)
        self.score(
            Declared,
            claim.seat,
            points,
            cards=claim.cards,
            starter=claim.starter,
            kind=claim.kind,
            missed=missed,
        )
        if window:
            self.phase = MUGGINS
            self.turn = window[0]
        else:
            self.settle()

    def muggins(self, seat: int) -> None:
        claim = self.claim
        assert claim is not None
        self.score(
            MugginsCalled,
            seat,
            claim.correct - claim.declared,
            cards=claim.cards,
            starter=claim.starter,
            kind=claim.kind,
            other=claim.seat,
        )
        self.settle()

    def pass_muggins(self) -> None:
        claim = self.claim
        assert claim is not None
        window = claim.window[1:]
        if window:
            self.claim = replace(claim, window=window)
            self.turn = window[0]
        else:
            self.settle()

    def settle(self) -> None:
        """The claim is over: go on with the play, the show or the next deal."""
        claim = self.claim
        assert claim is not None
        self.claim = None
        if claim.kind == "peg":
            self.phase = PLAY
            self.advance()
        elif claim.kind == "show":
            self.phase = PLAY
            self.next_show()
        else:
            self.next_deal()
