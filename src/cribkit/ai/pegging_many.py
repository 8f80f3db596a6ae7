"""The play searched for three and four players, on ranks.

With more than two players an exact search over every seat's choices grows too fast, so the
search follows the searching seat's every choice and, at the other seats' turns, only the card
each is modelled to play: the one best now minus the expected points of one reply from the
ranks it has not seen (:func:`~cribkit.ai.pegging.lookahead_card`, medium's pegging), as the
two-player expert's search does. It plays out the rest of the play for each guess of the
other seats' cards, by the game's order of turns: after a card the next seat round the table
that can lay one plays; when none can, the last to lay a card pegs the go and the seat after
it leads a new count.

A line is worth the searcher's side's points to the end of the play minus the other sides'
mean (with 3 players each seat is a side; with 4 the partners are one), so a point pegged by
one of two opponents counts half against the searcher.

>>> search = ManyPlaySearch(players=3)
>>> # Seat 0 holds 5 and 6, seat 1 a ten and seat 2 a king; a new count.
>>> search.card_values((5, 6), [((10,), (13,))], opponent_views=[{}, {}])
{5: 1.0, 6: 2.0}

The 5 led gives seat 1 fifteen (half a point against), and either lead makes 31 with the last
card (2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from cribkit.ai.pegging import one_reply_card, peg_points, pip, playable
from cribkit.core.pegging import MAX_COUNT

__all__ = ["ManyPlaySearch"]


@dataclass
class ManyPlaySearch:
    """The play to its end for 3 or 4 players, the searcher (seat 0, the others numbered on
    from it in the order of play) choosing freely, the others playing their modelled card."""

    players: int
    _memo: dict[tuple[object, ...], float] = field(default_factory=dict, repr=False)
    _views: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    #: Every seat's cards at the root of the current guess, counted by rank.
    _root: list[int] = field(default_factory=list, repr=False)

    def card_values(
        self,
        hand: Sequence[int],
        guesses: Sequence[Sequence[Sequence[int]]],
        *,
        pile: Sequence[int] = (),
        weights: Sequence[float] | None = None,
        opponent_views: Sequence[Mapping[int, int]],
    ) -> dict[int, float]:
        """Mean value of laying each playable rank of ``hand`` over the ``guesses`` of the other
        seats' ranks (one tuple a seat, seats 1 to players - 1, in the order of play).

        ``pile`` is the current count's ranks. ``opponent_views[i]`` counts, by rank, the cards
        seat ``i + 1`` cannot have seen if it held none (all but the starter and the cards
        played): the cards laid from here on and its own come off at each of its turns.
        """
        if self.players not in (3, 4):
            raise ValueError(f"the many-player search is for 3 or 4 players, not {self.players}")
        count = sum(pip(r) for r in pile)
        options = playable(hand, count)
        if not options:
            raise ValueError("no rank in the hand can be laid on this count")
        self._views = tuple(tuple(view.get(r, 0) for r in range(14)) for view in opponent_views)
        totals = dict.fromkeys(options, 0.0)
        weight_sum = 0.0
        mine = tuple(sorted(hand))
        for index, guess in enumerate(guesses):
            weight = 1.0 if weights is None else weights[index]
            hands = (mine, *(tuple(sorted(g)) for g in guess))
            # The cards laid from here on are seen by every seat: the views follow them, and a
            # position's value depends on the hands it started from.
            self._memo.clear()
            self._root = _rank_counts(r for h in hands for r in h)
            for rank in options:
                totals[rank] += weight * self._lay(hands, tuple(pile), count, 0, rank)
            weight_sum += weight
        return {rank: total / weight_sum for rank, total in totals.items()}

    def _value(self, seat: int, points: int) -> float:
        """What ``points`` pegged by ``seat`` are worth to the searcher."""
        if self.players == 4:
            return points if seat % 2 == 0 else -points
        return points if seat == 0 else -points / 2

    def _lay(
        self, hands: tuple[tuple[int, ...], ...], pile: tuple[int, ...], count: int, seat: int,
        rank: int,
    ) -> float:  # fmt: skip
        """Value after ``seat`` lays ``rank`` (its points included)."""
        hand = hands[seat]
        index = hand.index(rank)
        hands = (*hands[:seat], hand[:index] + hand[index + 1 :], *hands[seat + 1 :])
        count += pip(rank)
        pile = (*pile, rank)
        points = peg_points(pile, count)
        if not any(hands):
            return self._value(seat, points + (count < MAX_COUNT))
        return self._value(seat, points) + self._after(hands, pile, count, seat)

    def _after(
        self, hands: tuple[tuple[int, ...], ...], pile: tuple[int, ...], count: int, last: int
    ) -> float:
        """The rest of the play after ``last`` laid a card (some cards still held)."""
        n = self.players
        if count < MAX_COUNT:
            for i in range(1, n + 1):
                seat = (last + i) % n
                if any(count + pip(r) <= MAX_COUNT for r in hands[seat]):
                    return self._turn(hands, pile, count, seat)
            go = self._value(last, 1)
        else:
            go = 0.0
        for i in range(1, n + 1):
            seat = (last + i) % n
            if hands[seat]:
                return go + self._turn(hands, (), 0, seat)
        raise AssertionError("some cards are still held")

    def _turn(
        self, hands: tuple[tuple[int, ...], ...], pile: tuple[int, ...], count: int, seat: int
    ) -> float:
        key = (hands, pile, seat)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        hand = hands[seat]
        if seat == 0:
            value = max(self._lay(hands, pile, count, 0, r) for r in playable(hand, count))
        else:
            value = self._lay(hands, pile, count, seat, self._modelled_card(hands, pile, seat))
        self._memo[key] = value
        return value

    def _modelled_card(
        self, hands: tuple[tuple[int, ...], ...], pile: tuple[int, ...], seat: int
    ) -> int:
        """The card ``seat`` plays: one reply ahead from the ranks it has not seen (its view
        at the root, less the cards laid since and its own)."""
        held = _rank_counts(r for h in hands for r in h)
        unseen = [
            view - root + now
            for view, root, now in zip(self._views[seat - 1], self._root, held, strict=True)
        ]
        for rank in hands[seat]:
            unseen[rank] -= 1
        count = sum(pip(r) for r in pile)
        return one_reply_card(hands[seat], pile, count, [max(0, n) for n in unseen])


def _rank_counts(ranks: Iterable[int]) -> list[int]:
    counts = [0] * 14
    for rank in ranks:
        counts[rank] += 1
    return counts
