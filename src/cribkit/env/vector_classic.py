"""Classic cribbage, N games stepped together (:class:`ClassicBatch`), for learners that want
millions of games.

The games are numpy arrays: hands, kept cards, crib and the cards of the count and of the deal
as 52-bit masks, the count, the last ranks of the count, the scores, the dealer, the phase.
One :meth:`~ClassicBatch.step` makes one move in every game (by the seat to move there), with
the numbers of :mod:`cribkit.env.classic_codec`, and carries out what follows it as the engine
does (:mod:`cribkit.games.classic.play`): the cut and his heels; pegging (15, 31, pairs, runs,
go, last card); the show (pone, the dealer, the crib, by :func:`~cribkit.core.tables.
batch_hand_totals`: a four-card crib flush scores nothing); the next deal; and the win the moment
a side reaches the target, in the middle of the play or of the show. A finished game is dealt
again at once (a new first dealer and new decks from the batch's generator) and counted in
:attr:`~ClassicBatch.games`.

Two, three or four players (four in partnerships), standard rules (no manual counting).
:meth:`~ClassicBatch.observations` and :meth:`~ClassicBatch.masks` are exactly
:class:`~cribkit.env.classic_codec.ClassicCodec`'s for the seat to move; with ``record=True``
the batch keeps each game's first dealer, decks and moves, and
``tests/env/test_vector_classic.py`` replays them through the engine
(``start("classic", decks=..., first_dealer=...)``), comparing the scores, the mask and the
observation at every move and the winner.

>>> batch = ClassicBatch(4, seed=1)
>>> batch.observations().shape, batch.masks().shape, int(batch.masks()[0].sum())
((4, 552), (4, 99), 15)
>>> rng = np.random.default_rng(2)
>>> while batch.games < 4:
...     rewards, done = batch.step(random_moves(batch.masks(), rng))
>>> rewards.shape, done.shape
((4, 2), (4,))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.core.tables import batch_hand_totals
from cribkit.env.classic_codec import ACTIONS, CARD_BASE, SIZE
from cribkit.env.vector_tables import (
    BIT,
    FITS,
    KEEP,
    PAIR_FIRST,
    PAIR_SECOND,
    PIP,
    RANK,
    RUN_TABLE,
    BoolArray,
    IntArray,
    unpack_cards,
)

__all__ = ["REWARDS", "ClassicBatch", "ClassicRecord", "random_moves", "shuffled_decks"]

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

#: The reward schemes, as the AEC environment's (:mod:`cribkit.env.aec`).
REWARDS: Final = ("game", "points")
_MAX_COUNT: Final = 31
_JACK: Final = 11
_TAIL: Final = 8  # no count holds more than the deal's 8 cards
_DECK_ROW: Final = np.arange(52, dtype=np.uint64)
#: The four places of a five-card hand kept when the card at each place is laid away.
_KEEP_FIVE: Final = np.array([[i for i in range(5) if i != j] for j in range(5)], dtype=np.int64)


@dataclass
class ClassicRecord:
    """One finished game of a recording batch: enough to play it again through the engine
    (``start("classic", decks=decks, first_dealer=first_dealer)``, then the moves by number)."""

    slot: int
    first_dealer: int
    decks: list[list[int]] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    #: The scores (of each side) after each move.
    scores: list[tuple[int, ...]] = field(default_factory=list)
    #: The side that won.
    winner: int = -1


def shuffled_decks(rng: np.random.Generator, count: int) -> IntArray:
    """``count`` shuffled decks ``(count, 52)``: the cards sorted by 58 random bits each (the
    card breaks a tie, once in 10^14 decks or so)."""
    keys = rng.integers(0, 1 << 58, (count, 52), dtype=np.uint64) << np.uint64(6) | _DECK_ROW
    decks: IntArray = (np.sort(keys, axis=1) & np.uint64(63)).astype(np.int64)
    return decks


def random_moves(masks: npt.NDArray[np.int8], rng: np.random.Generator) -> IntArray:
    """A uniformly random legal move in each row of ``masks``: the k-th legal one, k drawn
    uniformly below their number (each row needs one legal move at least)."""
    legal = np.cumsum(masks, axis=1, dtype=np.int8)  # (no row has 128 legal moves)
    pick = (rng.random(masks.shape[0]) * legal[:, -1]).astype(np.int8)
    moves: IntArray = np.argmax(legal > pick[:, None], axis=1).astype(np.int64)
    return moves


class ClassicBatch:
    """``n`` classic games of ``players`` (2, 3 or 4, in partnerships) stepped together
    (module docstring).

    ``reward`` is ``"game"`` (when a game ends, +1 to each winning seat and the loss shared
    among the others) or ``"points"`` (each seat's side's points in the move less the mean of
    the other sides'), as the AEC environment's; ``record=True`` keeps every game's decks,
    moves and scores (:attr:`records`, slow: for tests).
    """

    def __init__(
        self,
        n: int,
        players: int = 2,
        seed: int | None = None,
        *,
        target: int = 121,
        reward: str = "game",
        record: bool = False,
    ) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"classic is for 2, 3 or 4 players, not {players}")
        if target not in (61, 121):
            raise ValueError(f"the target is 121 or 61, not {target}")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if n < 1:
            raise ValueError(f"a batch holds one game or more, not {n}")
        self.n = n
        self.players = p = players
        self.sides = 2 if p == 4 else p
        self.target = target
        self.reward = reward
        self.rng = np.random.default_rng(seed)
        self.record = record
        #: The finished games, in order (only with ``record=True``).
        self.records: list[ClassicRecord] = []
        self._open: list[ClassicRecord] = []
        #: How many games have finished.
        self.games = 0
        self._rows = np.arange(n, dtype=np.int64)
        self._hand_size = 6 if p == 2 else 5
        self._starter_at = {2: 12, 3: 16, 4: 20}[p]
        #: The side of each seat.
        self.side_of = np.array([s % 2 if p == 4 else s for s in range(p)], dtype=np.int64)
        i64 = np.int64
        self.hands = np.zeros((n, p), i64)
        self.kept = np.zeros((n, p), i64)
        self.laid = np.zeros((n, p), i64)
        self.played = np.zeros((n, p), i64)
        self.sorted = np.zeros((n, p, self._hand_size), i64)
        self.kept4 = np.zeros((n, p, 4), i64)
        self.crib4 = np.zeros((n, 4), i64)
        self.show = np.zeros((n, p + 1), i64)
        self.deck = np.zeros((n, 52), i64)
        self.starter = np.full(n, -1, i64)
        self.count = np.zeros(n, i64)
        self.tail = np.zeros((n, _TAIL), i64)
        self.pile = np.zeros(n, i64)
        self.turn = np.zeros(n, i64)
        self.last = np.full(n, -1, i64)
        self.dealer = np.zeros(n, i64)
        self.phase = np.zeros(n, i64)  # 0: laying away, 1: the play
        self.laid_count = np.zeros(n, i64)
        self.scores = np.zeros((n, self.sides), i64)
        self.deal_no = np.zeros(n, i64)
        #: The side that won each game just ended (-1 while it goes on).
        self.winner = np.full(n, -1, i64)
        self._dealing: list[IntArray] = []
        if record:
            self._open = [ClassicRecord(slot=i, first_dealer=0) for i in range(n)]
        self._new_games(self._rows)

    # -- what the seats to move see ------------------------------------------------------------

    def seats(self) -> IntArray:
        """The seat to move in each game (laying away: pone first, clockwise)."""
        laying = (self.dealer + 1 + self.laid_count) % self.players
        seats: IntArray = np.where(self.phase == 0, laying, self.turn)
        return seats

    def masks(self) -> MaskArray:
        """``(n, 99)`` int8: the legal moves of the seat to move, by the codec's numbers."""
        out = np.zeros((self.n, ACTIONS), dtype=np.int8)
        cards = slice(CARD_BASE, CARD_BASE + 52)
        if self.players == 2:
            out[:, :15] = (self.phase == 0)[:, None]
        else:
            rows = np.flatnonzero(self.phase == 0)
            if rows.size:
                seat = (self.dealer[rows] + 1 + self.laid_count[rows]) % self.players
                out[rows, cards] = unpack_cards(self.hands[rows, seat])
        rows = np.flatnonzero(self.phase == 1)
        if rows.size:
            room = _MAX_COUNT - self.count[rows]
            legal = self.hands[rows, self.turn[rows]] & FITS[room]
            out[rows, cards] = unpack_cards(legal)
        return out

    def observations(self) -> FloatArray:
        """``(n, 552)`` float32: :meth:`ClassicCodec.encode` of the seat to move's view."""
        n, rows, p = self.n, self._rows, self.players
        seat = self.seats()
        own_laid = self.laid[rows, seat]
        starter = np.where(self.starter >= 0, BIT[np.maximum(self.starter, 0)], 0)
        masks = [
            self.hands[rows, seat],
            np.where(own_laid != 0, self.kept[rows, seat], 0),
            own_laid,
            starter,
            self.pile,
        ]
        masks += [self.played[rows, (seat + r) % p] for r in range(p)]
        out = np.zeros((n, SIZE), dtype=np.float32)
        out[:, : 52 * len(masks)] = unpack_cards(np.stack(masks, axis=1)).reshape(n, -1)
        target, sides = self.target, self.sides
        own = self.side_of[seat]
        for side in range(sides):
            out[rows, 468 + (side - own) % sides] = np.minimum(1.0, self.scores[:, side] / target)
        out[rows, 472 + (self.dealer - seat) % p] = 1.0
        out[:, 476] = 1.0
        out[rows, 480 + self.phase] = 1.0
        out[:, 485] = self.count / 31
        held = np.bitwise_count(self.hands) / 6
        for other in range(p):
            out[rows, 486 + (other - seat) % p] = held[:, other]
        out[:, 490] = np.where(self.phase == 0, (2 if p == 2 else 1) / 2, 0.0)
        out[:, 491 + p - 2] = 1.0
        out[:, 494] = 1.0 if target == 61 else 0.0
        return out

    # -- a move in every game ------------------------------------------------------------------

    def step(
        self, actions: npt.ArrayLike, only: BoolArray | None = None
    ) -> tuple[FloatArray, BoolArray]:
        """Make ``actions`` (one move number a game) and what follows; the rewards
        ``(n, players)`` and which games ended (those are dealt again at once). With ``only``
        (one bool a game), only those games move: the others' actions are not read."""
        moves = np.asarray(actions, dtype=np.int64).reshape(self.n)
        moving = np.ones(self.n, dtype=bool) if only is None else np.asarray(only, dtype=bool)
        self._check(moves, moving)
        before = self.scores.copy() if self.reward == "points" else self.scores
        over = np.zeros(self.n, dtype=bool)
        laying = np.flatnonzero((self.phase == 0) & moving)
        playing = np.flatnonzero((self.phase == 1) & moving)
        if laying.size:
            self._lay_away(laying, moves[laying], over)
        if playing.size:
            self._play(playing, moves[playing], over)
        ended = np.flatnonzero(over)
        rewards = self._rewards(before, ended)
        if self.record:
            for i in np.flatnonzero(moving).tolist():
                game = self._open[i]
                game.moves.append(int(moves[i]))
                game.scores.append(tuple(int(x) for x in self.scores[i]))
            for i in ended.tolist():
                self._open[i].winner = int(self.winner[i])
                self.records.append(self._open[i])
        if ended.size:
            self.games += int(ended.size)
            self._start(ended)
        dealing = [*self._dealing, ended] if ended.size else self._dealing
        if dealing:
            self._deal(np.concatenate(dealing))
            self._dealing = []
        return rewards, over

    def _rewards(self, before: IntArray, ended: IntArray) -> FloatArray:
        rewards = np.zeros((self.n, self.players), dtype=np.float32)
        side = self.side_of
        if self.reward == "points":
            gained = self.scores - before
            others = (gained.sum(axis=1, keepdims=True) - gained) / (self.sides - 1)
            rewards[:] = (gained - others)[:, side]
        elif ended.size:
            winners = self.players // self.sides  # seats of a side
            losers = self.players - winners
            won = side[None, :] == self.winner[ended][:, None]
            rewards[ended] = np.where(won, 1.0, -winners / losers)
        return rewards

    def _check(self, moves: IntArray, moving: BoolArray) -> None:
        laying = self.phase == 0
        card = np.clip(moves - CARD_BASE, 0, 51)
        room = np.where(laying, _MAX_COUNT, np.maximum(_MAX_COUNT - self.count, 0))
        held = (self.hands[self._rows, self.seats()] & FITS[room] & BIT[card]) != 0
        is_card = held & (moves >= CARD_BASE) & (moves < CARD_BASE + 52)
        if self.players == 2:
            ok = np.where(laying, (moves >= 0) & (moves < 15), is_card)
        else:
            ok = is_card
        ok |= ~moving
        if not ok.all():
            bad = int(np.flatnonzero(~ok)[0])
            legal = np.flatnonzero(self.masks()[bad]).tolist()
            raise ValueError(f"move {moves[bad]} is not legal in game {bad}: the legal are {legal}")

    # -- the deal ------------------------------------------------------------------------------

    def _new_games(self, rows: IntArray) -> None:
        self._start(rows)
        self._deal(rows)

    def _start(self, rows: IntArray) -> None:
        """New games in ``rows``: a first dealer, the scores at 0 (to be dealt)."""
        self.dealer[rows] = self.rng.integers(0, self.players, rows.size)
        self.scores[rows] = 0
        self.deal_no[rows] = 0
        self.winner[rows] = -1
        if self.record:
            for i in rows.tolist():
                self._open[i] = ClassicRecord(slot=i, first_dealer=int(self.dealer[i]))

    def _deal(self, rows: IntArray) -> None:
        decks = shuffled_decks(self.rng, rows.size)
        self.deck[rows] = decks
        if self.record:
            for i, deck in zip(rows.tolist(), decks, strict=True):
                self._open[i].decks.append(deck.tolist())
        p = self.players
        dealer = self.dealer[rows]
        dealt = self._hand_size * p
        for place in range(p):  # the cards go round from pone, one at a time
            seat = (dealer + 1 + place) % p
            cards = np.sort(decks[:, place:dealt:p], axis=1)
            self.sorted[rows, seat] = cards
            self.hands[rows, seat] = BIT[cards].sum(axis=1)
        self.kept[rows] = self.hands[rows]
        self.laid[rows] = 0
        self.laid_count[rows] = 0
        self.played[rows] = 0
        self.crib4[rows] = 0
        if p == 3:
            self.crib4[rows, 0] = decks[:, dealt]  # the card dealt to the crib
        self.starter[rows] = -1
        self.count[rows] = 0
        self.tail[rows] = 0
        self.pile[rows] = 0
        self.turn[rows] = (dealer + 1) % p
        self.last[rows] = -1
        self.phase[rows] = 0

    def _lay_away(self, rows: IntArray, moves: IntArray, over: BoolArray) -> None:
        p = self.players
        seat = (self.dealer[rows] + 1 + self.laid_count[rows]) % p
        hand = self.sorted[rows, seat]
        k = np.arange(rows.size)
        if p == 2:
            first = hand[k, PAIR_FIRST[moves]]
            second = hand[k, PAIR_SECOND[moves]]
            mask = BIT[first] | BIT[second]
            self.kept4[rows, seat] = hand[k[:, None], KEEP[moves]]
            self.crib4[rows, 2 * seat] = first
            self.crib4[rows, 2 * seat + 1] = second
        else:
            card = moves - CARD_BASE
            mask = BIT[card]
            place = np.argmax(hand == card[:, None], axis=1)
            self.kept4[rows, seat] = hand[k[:, None], _KEEP_FIVE[place]]
            self.crib4[rows, seat + (1 if p == 3 else 0)] = card
        held = self.hands[rows, seat] & ~mask
        self.hands[rows, seat] = held
        self.kept[rows, seat] = held
        self.laid[rows, seat] = mask
        self.laid_count[rows] += 1
        cut = rows[self.laid_count[rows] == p]  # the dealer lays away last
        if cut.size:
            self._cut(cut, over)

    def _cut(self, rows: IntArray, over: BoolArray) -> None:
        p = self.players
        dealer = self.dealer[rows]
        starter = self.deck[rows, self._starter_at]
        self.starter[rows] = starter
        self.phase[rows] = 1
        self.turn[rows] = (dealer + 1) % p
        self.last[rows] = -1
        cards = np.empty((rows.size, p, 5), dtype=np.int64)  # each hand, pone first
        cards[:, :, 4] = starter[:, None]
        for place in range(p):
            cards[:, place, :4] = self.kept4[rows, (dealer + 1 + place) % p]
        self.show[rows, :p] = batch_hand_totals(cards.reshape(-1, 5)).reshape(rows.size, p)
        crib = np.column_stack([self.crib4[rows], starter])
        self.show[rows, p] = batch_hand_totals(crib, crib=True)
        heels = RANK[starter] == _JACK
        if heels.any():
            self._score(rows[heels], dealer[heels], np.full(int(heels.sum()), 2), over)

    # -- scoring -------------------------------------------------------------------------------

    def _score(
        self, rows: IntArray, seat: IntArray, points: IntArray, over: BoolArray
    ) -> BoolArray:
        """Add ``points`` for ``seat``'s side in games ``rows``; end the games where it reaches
        the target. Which of ``rows`` go on (not ended)."""
        side = self.side_of[seat]
        totals = self.scores[rows, side] + points
        self.scores[rows, side] = totals
        won = totals >= self.target
        if won.any():
            ended = rows[won]
            over[ended] = True
            self.winner[ended] = side[won]
        going: BoolArray = ~won
        return going

    # -- pegging -------------------------------------------------------------------------------

    def _play(self, rows: IntArray, moves: IntArray, over: BoolArray) -> None:
        seat = self.turn[rows]
        card = moves - CARD_BASE
        bit = BIT[card]
        self.hands[rows, seat] &= ~bit
        count = self.count[rows] + PIP[card]
        self.count[rows] = count
        tail = self.tail[rows]
        tail[:, 1:] = tail[:, :-1].copy()
        tail[:, 0] = RANK[card]
        self.tail[rows] = tail
        self.pile[rows] |= bit
        self.played[rows, seat] |= bit
        self.last[rows] = seat
        points = _peg_points(tail, count)
        scored = points > 0
        if scored.any():
            going = self._score(rows[scored], seat[scored], points[scored], over)
            keep = np.ones(rows.size, dtype=bool)
            keep[np.flatnonzero(scored)[~going]] = False
            rows, seat, count = rows[keep], seat[keep], count[keep]
        if rows.size:
            self._advance(rows, seat, count, over)

    def _advance(self, rows: IntArray, seat: IntArray, count: IntArray, over: BoolArray) -> None:
        """After a card by ``seat``: the next able to play, or a go, or the end of the play."""
        p = self.players
        hands = self.hands[rows]
        empty = (hands == 0).all(axis=1)
        if empty.any():
            ended = rows[empty]
            not31 = count[empty] != _MAX_COUNT
            going = np.ones(ended.size, dtype=bool)
            if not31.any():
                last_card = np.flatnonzero(not31)
                going[last_card] = self._score(
                    ended[last_card],
                    seat[empty][last_card],
                    np.ones(last_card.size, np.int64),
                    over,
                )
            if going.any():
                self._show(ended[going], over)
        rest = ~empty
        if not rest.any():
            return
        rows, seat, count, hands = rows[rest], seat[rest], count[rest], hands[rest]
        k = np.arange(rows.size)
        at31 = count == _MAX_COUNT
        fits = FITS[np.maximum(_MAX_COUNT - count, 0)]
        after = [(seat + i) % p for i in range(1, p + 1)]  # the others clockwise, then seat
        able = np.full(rows.size, -1, dtype=np.int64)
        for other in reversed(after):
            able = np.where((hands[k, other] & fits) != 0, other, able)
        on = ~at31 & (able >= 0)
        self.turn[rows[on]] = able[on]
        go = ~at31 & ~on
        restart = at31.copy()
        if go.any():
            going = self._score(rows[go], seat[go], np.ones(int(go.sum()), np.int64), over)
            restart[np.flatnonzero(go)[going]] = True
        if restart.any():
            again = rows[restart]
            self.count[again] = 0
            self.tail[again] = 0
            self.pile[again] = 0
            self.last[again] = -1
            lead = np.full(rows.size, -1, dtype=np.int64)
            for other in reversed(after):
                lead = np.where(hands[k, other] != 0, other, lead)
            self.turn[again] = lead[restart]

    def _show(self, rows: IntArray, over: BoolArray) -> None:
        """The show: each hand from pone round to the dealer, then the crib; the next deal."""
        p = self.players
        dealer = self.dealer[rows]
        for place in range(p + 1):
            seat = (dealer + 1 + place) % p if place < p else dealer
            going = self._score(rows, seat, self.show[rows, place], over)
            rows, dealer = rows[going], dealer[going]
        if rows.size:
            self.deal_no[rows] += 1
            self.dealer[rows] = (dealer + 1) % p
            self._dealing.append(rows)  # dealt at the end of the step


def _peg_points(tail: IntArray, count: IntArray) -> IntArray:
    """The points of the last card laid: ``tail`` holds the ranks of the count's cards, the
    last first (0: no card), ``count`` the count it makes (as ``play.peg_points``)."""
    last = tail[:, 0]
    points = np.where((count == 15) | (count == _MAX_COUNT), 2, 0)
    # the cards of the same rank laid last, in a row: 2 for a pair, 6 for three, 12 for four
    same = np.ones(last.size, dtype=np.int64)
    run = tail[:, 1] == last
    for back in range(1, 4):
        if back > 1:
            run &= tail[:, back] == last
        same += run
    points += same * (same - 1)
    # the longest run of the last k cards (k >= 3): their ranks' mask is k consecutive ones
    ranks = np.left_shift(1, last) | np.left_shift(1, tail[:, 1])
    best = np.zeros(last.size, dtype=np.int64)
    for size in range(3, _TAIL + 1):
        ranks |= np.left_shift(1, tail[:, size - 1])
        best = np.where(RUN_TABLE[ranks] == size, size, best)
    points += best
    return points
