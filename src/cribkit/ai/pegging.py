"""Pegging decisions on ranks: greedy, one reply ahead, and exact search to the end of the play.

Pegging points depend only on ranks, so everything here works on ranks 1-13. The exact search
plays out the rest of a two-player play for one guess of the opponent's cards (perfect
information minimax) and is memoised, so many guesses share their work.

>>> greedy_card((5, 9, 4), pile=(10,))
5
>>> PlaySearch().card_values((5, 10), [(5, 9)], pile=())
{5: -3.0, 10: -3.0}
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from itertools import combinations_with_replacement
from operator import mul
from typing import Final, Literal, Protocol

from cribkit.core.cards import card_rank
from cribkit.core.pegging import MAX_COUNT

#: A score that dwarfs any pegging difference: the value of pegging out first.
WIN_VALUE = 1000
#: The value of a sure win in the show after the play, when the end of the play is valued by
#: the outcome: a point below pegging out, which is sure now and needs no model of the show.
SHOW_WIN_VALUE = WIN_VALUE - 1
#: The version of ``peg_values.json`` this code reads.
PEG_VALUES_FORMAT = 2


#: The count value of each rank (index 0 unused), for the search's inner loops.
_PIP: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def pip(rank: int) -> int:
    """The count value of a rank (faces are 10)."""
    return rank if rank < 10 else 10


def peg_points(pile: Sequence[int], count: int) -> int:
    """Points for the last rank of ``pile`` (the current count, ``count`` after it)."""
    points = 2 if count in (15, MAX_COUNT) else 0
    last = pile[-1]
    same = 1
    while same < len(pile) and pile[-same - 1] == last:
        same += 1
    points += same * (same - 1)
    for length in range(len(pile), 2, -1):
        tail = pile[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            return points + length
    return points


def playable(hand: Iterable[int], count: int) -> list[int]:
    """The distinct ranks of ``hand`` that fit under 31."""
    return sorted({rank for rank in hand if count + _PIP[rank] <= MAX_COUNT})


def greedy_card(hand: Sequence[int], pile: Sequence[int] = ()) -> int:
    """The playable rank that scores most now; ties go to the higher count value.

    ``pile`` is the current count's ranks in the order laid.
    """
    count = sum(pip(r) for r in pile)
    options = playable(hand, count)
    if not options:
        raise ValueError("no rank in the hand can be laid on this count")
    return max(options, key=lambda r: (peg_points((*pile, r), count + pip(r)), pip(r), r))


def reply_risk(pile: Sequence[int], count: int, unseen: Mapping[int, int]) -> float:
    """The points an opponent scores on average with one card drawn from ``unseen`` ranks.

    ``unseen`` maps a rank to how many cards of it the player has not seen.
    """
    total = sum(unseen.values())
    if total == 0:
        return 0.0
    risk = 0
    for rank, copies in unseen.items():
        if copies and count + pip(rank) <= MAX_COUNT:
            risk += copies * peg_points((*pile, rank), count + pip(rank))
    return risk / total


def lookahead_card(hand: Sequence[int], pile: Sequence[int], unseen: Mapping[int, int]) -> int:
    """The playable rank with the best (points now - expected points of one reply)."""
    count = sum(pip(r) for r in pile)
    if not playable(hand, count):
        raise ValueError("no rank in the hand can be laid on this count")
    return one_reply_card(hand, tuple(pile), count, [unseen.get(r, 0) for r in range(14)])


def one_reply_card(
    hand: Iterable[int], pile: tuple[int, ...], count: int, unseen: Sequence[int]
) -> int:
    """:func:`lookahead_card` with ``unseen`` counted by rank (index 0 unused) and the reply
    points read from :func:`_reply_points`: the play search asks this at every opponent turn."""
    total = sum(unseen)
    now = _reply_points(pile)
    best: tuple[float, int, int] | None = None
    for rank in playable(hand, count):
        value = float(now[rank])
        if count + _PIP[rank] != MAX_COUNT and total:
            replies = _reply_points((*pile, rank))
            value -= sum(map(mul, unseen, replies)) / total
        if best is None or (value, _PIP[rank], rank) > best:
            best = (value, _PIP[rank], rank)
    if best is None:
        raise ValueError("no rank in the hand can be laid on this count")
    return best[2]


@lru_cache(maxsize=1 << 18)
def _reply_points(pile: tuple[int, ...]) -> tuple[int, ...]:
    """The points of a reply of each rank (index 0 unused) on ``pile``; 0 if it does not fit:
    :func:`peg_points` of the pile with each rank laid, with what the pile's tail gives every
    rank worked out once (the search asks this of some 25,000 piles a game's analysis)."""
    count = sum(_PIP[r] for r in pile)
    n = len(pile)
    last = pile[-1] if n else 0
    trailing = 0
    while trailing < n and pile[-1 - trailing] == last:
        trailing += 1
    # The tails a laid rank could end a run with, longest first: (run length, lowest, highest,
    # ranks) of every tail of distinct ranks (a longer tail with a repeat holds no run).
    tails = []
    for length in range(n + 1, 2, -1):
        tail = pile[n - length + 1 :]
        ranks = set(tail)
        if len(ranks) == length - 1:
            tails.append((length, min(tail), max(tail), ranks))
    out = [0]
    for rank in range(1, 14):
        total = count + _PIP[rank]
        if total > MAX_COUNT:
            out.append(0)
            continue
        points = 2 if total in (15, MAX_COUNT) else 0
        same = trailing + 1 if rank == last else 1
        points += same * (same - 1)
        for length, low, high, ranks in tails:
            if rank not in ranks and max(high, rank) - min(low, rank) == length - 1:
                points += length
                break
        out.append(points)
    return tuple(out)


def win_chance(value: float) -> float:
    """A search value with an outcome (:attr:`PlaySearch.outcome`) as the chance of winning.

    >>> win_chance(SHOW_WIN_VALUE), win_chance(0.0), win_chance(WIN_VALUE)
    (1.0, 0.5, 1.0)
    """
    return min(max((value / SHOW_WIN_VALUE + 1) / 2, 0.0), 1.0)


class PlayOutcome(Protocol):
    """What the end of the play is worth near the end of the game: the searcher's chance of
    winning once the hands are counted, from the points each side pegged in the rest of the
    play. It depends on the guess of the opponent's cards (their count in the show), which
    :meth:`guess_key` sums up so that positions of guesses with the same key share the memo.
    """

    def guess_key(self, guess: tuple[int, ...]) -> Hashable:
        """What of this guess of the opponent's remaining ranks the chance depends on."""
        ...

    def chance(self, key: Hashable, mine: int, theirs: int) -> float:
        """The searcher's chance of winning, 0 to 1, after pegging ``mine`` and ``theirs``
        more points (neither reaching the target) in the rest of the play."""
        ...


@dataclass
class PlaySearch:
    """Exact two-player search of the rest of the play, for known (or guessed) hands.

    Player 0 is the searcher, player 1 the opponent. A value is player 0's points minus
    player 1's for the rest of the play. With ``needs`` given (points each still needs to win),
    reaching the target first is worth :data:`WIN_VALUE`, so the search pegs out when it can and
    defends when the opponent could (against a modelled opponent, see ``greed``, as far as
    the modelled cards peg out).
    """

    needs: tuple[int, int] | None = None
    #: How often the opponent is expected to grab the points on offer rather than play the
    #: card that is best for them to the end of the play (0: a perfect opponent; 1: always the
    #: modelled card, and the search follows only that card at the opponent's turns).
    greed: float = 0.0
    #: The card such an opponent plays: the one that scores most now (``greedy``), or the one
    #: best now minus the expected points of one reply from the ranks *it* has not seen
    #: (``lookahead``: it does not know the searcher's cards; needs ``opponent_view``).
    opponent_model: Literal["greedy", "lookahead"] = "greedy"
    #: With ``needs``: the end of the play valued by the chance of winning it leaves
    #: (:data:`SHOW_WIN_VALUE` times 2 chance - 1, the scale of pegging out), not by the margin.
    outcome: PlayOutcome | None = None
    _memo: dict[tuple[object, ...], float] = field(default_factory=dict, repr=False)
    #: The ranks the opponent has not seen at the root of the current guess (lookahead model).
    _root_unseen: tuple[int, ...] = field(default=(), repr=False)
    _root_hand: tuple[int, ...] = field(default=(), repr=False)
    _guess_key: Hashable = field(default=None, repr=False)
    #: What the lookahead opponent has not seen at the root, by rank, less the searcher's hand
    #: there (the cards the searcher holds at a position come back in), and its total.
    _base: list[int] = field(default_factory=list, repr=False)
    _base_total: int = field(default=0, repr=False)
    #: The reply points a pile makes expected from ``_base``, times its total, by pile.
    _base_replies: dict[tuple[int, ...], int] = field(default_factory=dict, repr=False)

    def card_values(
        self,
        hand: Sequence[int],
        opponent_hands: Sequence[Sequence[int]],
        *,
        pile: Sequence[int] = (),
        last_layer: int | None = None,
        opponent_go: bool = False,
        weights: Sequence[float] | None = None,
        opponent_view: Mapping[int, int] | None = None,
    ) -> dict[int, float]:
        """Mean value of laying each playable rank, over the guessed opponent hands.

        ``pile`` is the current count (ranks in order); ``last_layer`` who laid its last card
        (0 me, 1 opponent; needed when the pile is not empty); ``opponent_go`` whether the
        opponent has already said go on this count. ``opponent_view`` (for the lookahead
        opponent model) counts, by rank, the cards the opponent cannot have seen if it held
        none of them (all but the starter and the cards played); the cards it holds come off
        at each of its turns.
        """
        if self.opponent_model == "lookahead" and self.greed and opponent_view is None:
            raise ValueError("the lookahead opponent model needs opponent_view")
        if self.outcome is not None and self.needs is None:
            raise ValueError("valuing the end of the play by the outcome needs the needs")
        count = sum(pip(r) for r in pile)
        options = playable(hand, count)
        if not options:
            raise ValueError("no rank in the hand can be laid on this count")
        if last_layer is None:
            last_layer = 1 if pile else 0
        mine = tuple(sorted(hand))
        totals = dict.fromkeys(options, 0.0)
        weight_sum = 0.0
        for index, guess in enumerate(opponent_hands):
            weight = 1.0 if weights is None else weights[index]
            theirs = tuple(sorted(guess))
            if self.outcome is not None:
                self._guess_key = self.outcome.guess_key(theirs)
            if opponent_view is not None:
                view = tuple(opponent_view.get(r, 0) for r in range(14))
                if (view, mine) != (self._root_unseen, self._root_hand):
                    # The memo holds values for another view of the opponent's.
                    self._memo.clear()
                    self._root_unseen, self._root_hand = view, mine
                    self._base = list(view)
                    for rank in mine:
                        self._base[rank] -= 1
                    self._base_total = sum(self._base)
                    self._base_replies.clear()
            for rank in options:
                totals[rank] += weight * self._lay(
                    mine, theirs, tuple(pile), count, 0, opponent_go, rank, (0, 0)
                )
            weight_sum += weight
        return {rank: total / weight_sum for rank, total in totals.items()}

    def _lay(
        self,
        h0: tuple[int, ...],
        h1: tuple[int, ...],
        pile: tuple[int, ...],
        count: int,
        mover: int,
        blocked: bool,
        rank: int,
        accrued: tuple[int, int],
    ) -> float:
        """Value after ``mover`` lays ``rank`` (the points it scores included)."""
        hand = h0 if mover == 0 else h1
        index = hand.index(rank)
        rest = hand[:index] + hand[index + 1 :]
        if mover == 0:
            h0 = rest
        else:
            h1 = rest
        # (the points of a rank laid on a pile, read from its cached table)
        points = _reply_points(pile)[rank]
        count += _PIP[rank]
        pile = (*pile, rank)
        if not h0 and not h1 and count < MAX_COUNT:
            points += 1  # last card
        sign = 1 if mover == 0 else -1
        accrued = (
            (accrued[0] + points, accrued[1]) if mover == 0 else (accrued[0], accrued[1] + points)
        )
        if self.needs is not None and accrued[mover] >= self.needs[mover]:
            return sign * WIN_VALUE
        if not h0 and not h1:
            return self._end(accrued) if self.outcome is not None else sign * points
        # Valued by the outcome, points matter only through what has accrued.
        gained = 0 if self.outcome is not None else sign * points
        other = 1 - mover
        other_hand = h1 if mover == 0 else h0
        if count == MAX_COUNT:
            nxt = other if other_hand else mover
            return gained + self._move(h0, h1, (), 0, nxt, False, mover, accrued)
        nxt, still_blocked = (mover, True) if blocked else (other, False)
        return gained + self._move(h0, h1, pile, count, nxt, still_blocked, mover, accrued)

    def _end(self, accrued: tuple[int, int]) -> float:
        assert self.outcome is not None
        chance = self.outcome.chance(self._guess_key, accrued[0], accrued[1])
        return SHOW_WIN_VALUE * (2 * chance - 1)

    def _move(
        self,
        h0: tuple[int, ...],
        h1: tuple[int, ...],
        pile: tuple[int, ...],
        count: int,
        mover: int,
        blocked: bool,
        last: int,
        accrued: tuple[int, int],
    ) -> float:
        """Value of the position with ``mover`` to act (``blocked``: the other said go)."""
        # Only the points still needed matter for the future, not those already scored.
        need_key = (
            None if self.needs is None else (self.needs[0] - accrued[0], self.needs[1] - accrued[1])
        )
        key = (h0, h1, pile, mover, blocked, last, need_key, self._guess_key)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        hand = h0 if mover == 0 else h1
        options = [r for r in set(hand) if count + _PIP[r] <= MAX_COUNT]
        if options and mover == 1 and self.greed >= 1:
            # An opponent who always plays the card it sees as best: one branch to follow.
            card = self._likely_card(h0, h1, pile, count)
            value = self._lay(h0, h1, pile, count, mover, blocked, card, accrued)
        elif options:
            values = [self._lay(h0, h1, pile, count, mover, blocked, r, accrued) for r in options]
            if mover == 0:
                value = max(values)
            elif self.greed:
                # A real opponent often plays by what it sees now: weigh that card in.
                grab = options.index(self._likely_card(h0, h1, pile, count))
                value = (1 - self.greed) * min(values) + self.greed * values[grab]
            else:
                value = min(values)
        else:
            other_hand = h1 if mover == 0 else h0
            if not blocked and any(count + _PIP[r] <= MAX_COUNT for r in other_hand):
                value = self._move(h0, h1, pile, count, 1 - mover, True, last, accrued)
            else:
                value = self._go(h0, h1, last, accrued)
        self._memo[key] = value
        return value

    def _likely_card(
        self, h0: tuple[int, ...], h1: tuple[int, ...], pile: tuple[int, ...], count: int
    ) -> int:
        """The card the modelled opponent plays, holding ``h1``."""
        if self.opponent_model == "greedy":
            return greedy_card(h1, pile)
        # It has seen the searcher's cards played since the root (not those still held) and
        # knows its own hand. The cards it has itself laid since the root count as unseen to
        # it: a small error (a few cards in some forty) that keeps its view a function of the
        # position, so that all the guesses share one memo. Its unseen ranks are the root's
        # (``_base``) with the searcher's cards held added and its own taken off: the expected
        # reply is worked out from the root's once per pile (the sums are of ints, exact, as
        # in :func:`one_reply_card`, which this is).
        total = self._base_total + len(h0) - len(h1)
        now = _reply_points(pile)
        best: tuple[float, int, int] | None = None
        base, known = self._base, self._base_replies
        for rank in playable(h1, count):
            value = float(now[rank])
            if count + _PIP[rank] != MAX_COUNT and total:
                after = (*pile, rank)
                replies = _reply_points(after)
                expected = known.get(after)
                if expected is None:
                    expected = known[after] = sum(map(mul, base, replies))
                for held in h0:
                    expected += replies[held]
                for own in h1:
                    expected -= replies[own]
                value -= expected / total
            if best is None or (value, _PIP[rank], rank) > best:
                best = (value, _PIP[rank], rank)
        assert best is not None, "the modelled opponent is asked only when it can play"
        return best[2]

    def _go(
        self, h0: tuple[int, ...], h1: tuple[int, ...], last: int, accrued: tuple[int, int]
    ) -> float:
        """Nobody can play: 1 for the go to the last layer, and a new count."""
        sign = 1 if last == 0 else -1
        accrued = (accrued[0] + 1, accrued[1]) if last == 0 else (accrued[0], accrued[1] + 1)
        if self.needs is not None and accrued[last] >= self.needs[last]:
            return sign * WIN_VALUE
        after_last = h1 if last == 0 else h0
        leader = 1 - last if after_last else last
        gained = 0 if self.outcome is not None else sign
        return gained + self._move(h0, h1, (), 0, leader, False, last, accrued)


def play_out(
    pone: Sequence[int],
    dealer: Sequence[int],
    views: tuple[Mapping[int, int], Mapping[int, int]] | None = None,
) -> int:
    """Pone's pegging margin (its points minus the dealer's, go and last card included) when
    both players peg one reply ahead (:func:`lookahead_card`), pone leading.

    ``views`` gives, for pone and the dealer, the ranks each has not seen at the start of the
    play (all but its own cards and the starter); each then also sees the other's cards as they
    are played. Without views each player takes every card outside its hand as unseen.

    >>> play_out((5,), (10,))  # pone's 5, the dealer's 10 for fifteen and the last card
    -3
    """
    hands = [list(pone), list(dealer)]
    if views is None:
        unseen = [[4 - hand.count(r) for r in range(14)] for hand in hands]
    else:
        unseen = [[views[0].get(r, 0) for r in range(14)], [views[1].get(r, 0) for r in range(14)]]
    for counts in unseen:
        counts[0] = 0
    pile: tuple[int, ...] = ()
    count, mover, blocked, last, margin = 0, 0, False, 0, 0
    while True:
        hand = hands[mover]
        other = 1 - mover
        if any(count + pip(r) <= MAX_COUNT for r in hand):
            rank = one_reply_card(hand, pile, count, unseen[mover])
            hand.remove(rank)
            unseen[other][rank] -= 1
            count += pip(rank)
            pile = (*pile, rank)
            points = peg_points(pile, count)
            done = not hands[0] and not hands[1]
            if done and count < MAX_COUNT:
                points += 1  # last card
            margin += points if mover == 0 else -points
            last = mover
            if done:
                return margin
            if count == MAX_COUNT:
                pile, count, blocked = (), 0, False
                mover = other if hands[other] else mover
            elif not blocked:
                mover = other
        elif not blocked and any(count + pip(r) <= MAX_COUNT for r in hands[other]):
            blocked, mover = True, other
        else:
            margin += 1 if last == 0 else -1  # the go
            pile, count, blocked = (), 0, False
            mover = 1 - last if hands[1 - last] else last


#: Features of a kept hand's ranks for the prior of its pegging value: the count of each rank,
#: then for each pair of ranks (a <= b) whether the hand holds both (two cards for a == b).
PEG_FEATURES = 13 + 91


def peg_features(ranks: Sequence[int]) -> list[float]:
    """The :data:`PEG_FEATURES` features of kept ranks (the builder's linear prior)."""
    counts = [0] * 14
    for rank in ranks:
        counts[rank] += 1
    out = [float(counts[r]) for r in range(1, 14)]
    for a in range(1, 14):
        for b in range(a, 14):
            both = counts[a] >= 2 if a == b else counts[a] >= 1 and counts[b] >= 1
            out.append(1.0 if both else 0.0)
    return out


@cache
def rank_patterns() -> tuple[tuple[int, ...], ...]:
    """The 1,820 multisets of four ranks (sorted), in the order the pegging values list them."""
    return tuple(combinations_with_replacement(range(1, 14), 4))


@cache
def _pattern_index() -> dict[tuple[int, ...], int]:
    return {pattern: i for i, pattern in enumerate(rank_patterns())}


@dataclass(frozen=True)
class PegValues:
    """A kept hand's expected pegging margin (own points minus the opponent's, go and last
    card included), by role, for each of the 1,820 patterns of four ranks
    (:func:`rank_patterns`, in that order).

    Measured by :mod:`cribkit.ai.data.build_peg_values` from play-outs in which both players
    peg one reply ahead (:func:`play_out`) and the opponent keeps the best four of six random
    cards for its hand, each pattern's mean shrunk toward a linear model of its ranks by its
    standard error.

    >>> values = load_peg_values()
    >>> values.value((1, 1, 4, 4), dealer=False) > values.value((10, 11, 12, 13), dealer=False)
    True
    """

    pone: tuple[float, ...]
    dealer: tuple[float, ...]

    def value(self, ranks: Sequence[int], *, dealer: bool) -> float:
        """The expected pegging margin of these four kept ranks, as dealer or as pone."""
        index = _pattern_index()[tuple(sorted(ranks))]
        return (self.dealer if dealer else self.pone)[index]

    def kept(self, cards: Iterable[int], *, dealer: bool) -> float:
        """:meth:`value` of four kept cards (ints or :class:`~cribkit.core.cards.Card`).

        >>> from cribkit.core.cards import parse_cards
        >>> values = load_peg_values()
        >>> values.kept(parse_cards("Ah As 4c 4d"), dealer=False) == values.value(
        ...     (1, 1, 4, 4), dealer=False)
        True
        """
        return self.value([card_rank(c) for c in cards], dealer=dealer)


@cache
def load_peg_values() -> PegValues:
    """The shipped pegging values (``cribkit/ai/data/peg_values.json``)."""
    data = json.loads(resources.files("cribkit.ai.data").joinpath("peg_values.json").read_text())
    if data.get("format_version") != PEG_VALUES_FORMAT:
        raise ValueError(
            "peg_values.json has another format: rebuild it with "
            "python -m cribkit.ai.data.build_peg_values"
        )
    patterns = len(rank_patterns())
    if len(data["pone"]) != patterns or len(data["dealer"]) != patterns:
        raise ValueError(f"peg_values.json must hold {patterns} values a role")
    return PegValues(pone=tuple(data["pone"]), dealer=tuple(data["dealer"]))
