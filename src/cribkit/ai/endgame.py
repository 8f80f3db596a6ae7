"""What the end of the play is worth near the end of a two-player classic game.

Near the target, points pegged matter only as far as they change who wins, and who wins is
mostly settled by the show that follows the play: pone counts first, then the dealer's hand,
then the crib. :class:`ShowOutcome` turns the points each player pegs in the rest of the play
into the searcher's chance of winning, for one guess of the opponent's cards: the searcher's
own hand counts exactly (it knows its cards and the starter), the guessed hand by its ranks
(fifteens, pairs and runs; no flush or nobs), the crib by its distribution over the cards the
searcher has not seen, and the win-probability table takes over from the next deal.

>>> pone = ShowOutcome(target=121, mine=100, theirs=112, dealer=False, my_show=8,
...                    their_played=(), starter_rank=5, crib=(1.0,))
>>> their_hand = pone.guess_key((10, 10, 13, 13))  # with the 5: fifteens 8, pairs 4
>>> their_hand
12
>>> pone.chance(their_hand, 0, 0), pone.chance(their_hand, 13, 0)  # 121 first, counting first
(0.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cribkit.ai.win_table import load_win_table
from cribkit.core.scoring import RANK_WEIGHTS
from cribkit.core.tables import RANK_TABLES, batch_hand_totals

FloatArray = npt.NDArray[np.float64]


def rank_show(ranks: Sequence[int]) -> int:
    """The fifteens, pairs and runs of five ranks (a hand and its starter).

    >>> rank_show((5, 5, 10, 11, 5))  # fifteens 8 (16 points), pairs 6 - the 5s' three
    20
    """
    return int(RANK_TABLES[5][sum(RANK_WEIGHTS[r - 1] for r in ranks)])


def crib_distribution(laid: Sequence[int], pool: Sequence[int], starter: int) -> FloatArray:
    """The chance of each crib total (index: points) with the cards ``laid`` in it and the
    other two drawn from ``pool`` (cards 0-51), every pair alike."""
    cards = np.array(pool, dtype=np.intp)
    first, second = np.triu_indices(len(cards), k=1)
    rows = np.column_stack(
        [
            np.full(len(first), laid[0]),
            np.full(len(first), laid[1]),
            cards[first],
            cards[second],
            np.full(len(first), starter),
        ]
    )
    totals = batch_hand_totals(rows, crib=True)
    counts = np.bincount(totals, minlength=1).astype(np.float64)
    chances: FloatArray = counts / counts.sum()
    return chances


@dataclass
class ShowOutcome:
    """The searcher's chance of winning after the play (a :class:`~cribkit.ai.pegging
    .PlayOutcome`), from the scores now and the points each pegs in the rest of the play.

    ``crib`` is the distribution of the crib's points (index: points) for whoever owns it;
    ``their_played`` the ranks the opponent has already played this deal, which with a guess of
    the rest make its hand.
    """

    target: int
    mine: int
    theirs: int
    #: Whether the searcher deals (owns the crib).
    dealer: bool
    my_show: int
    their_played: tuple[int, ...]
    starter_rank: int
    crib: Sequence[float]
    #: A directory of other win tables (``ExpertSettings.win_tables``; empty: the shipped).
    tables: str = ""
    _chances: dict[tuple[Hashable, int, int], float] = field(default_factory=dict, repr=False)

    def guess_key(self, guess: tuple[int, ...]) -> Hashable:
        """The guessed hand's count in the show: all the chance needs of the guess."""
        return rank_show((*self.their_played, *guess, self.starter_rank))

    def chance(self, key: Hashable, mine: int, theirs: int) -> float:
        """The chance of winning after pegging ``mine`` and ``theirs`` more in the play."""
        cached = self._chances.get((key, mine, theirs))
        if cached is None:
            assert isinstance(key, int)
            cached = self._chance(key, self.mine + mine, self.theirs + theirs)
            self._chances[key, mine, theirs] = cached
        return cached

    def _chance(self, their_show: int, me: int, them: int) -> float:
        target = self.target
        table = load_win_table(target, self.tables)
        crib = np.asarray(self.crib)
        points = np.arange(len(crib))
        if not self.dealer:
            # Pone (the searcher) counts first, then the dealer's hand and crib.
            me += self.my_show
            if me >= target:
                return 1.0
            them += their_show
            if them >= target:
                return 0.0
            after = them + points
            # The searcher deals next.
            going = table[me, np.minimum(after, target), 1]
            return float(crib @ np.where(after >= target, 0.0, going))
        them += their_show
        if them >= target:
            return 0.0
        after = me + self.my_show + points
        going = table[np.minimum(after, target), them, 0]
        return float(crib @ np.where(after >= target, 1.0, going))
