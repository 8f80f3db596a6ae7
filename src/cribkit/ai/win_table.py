"""The win-probability table: the chance of winning from any two scores, by who deals next.

``table[a, b, d]`` is the probability that a player with ``a`` points wins against an opponent
with ``b`` points, at the start of a deal that the player deals (``d = 1``) or not (``d = 0``),
in a two-player game to the target. It is solved backwards from the target over samples of whole
deals (each sample: the dealer's and pone's pegging, pone's hand, the dealer's hand and crib),
counted in the order of the rules: pegging first, then pone's hand, then the dealer's hand and
crib, the game ending the moment a player reaches the target.

The deal samples come from self-play (:mod:`cribkit.ai.data.build_win_table`: medium's for the
shipped tables; a rebuild from the expert's own games moved the expert's play by nothing
measurable, ``docs/ai.md``), and the solved tables ship as
``cribkit/ai/data/win_table_<target>.npy`` (probabilities in 1/65535).

>>> round(win_probability(0, 0, dealer=True), 2), round(win_probability(0, 0, dealer=False), 2)
(0.56, 0.44)
>>> win_probability(119, 60, dealer=False) > 0.9
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from io import BytesIO
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

#: Columns of a deal sample.
DEAL_COLUMNS: Final = ("dealer_peg", "pone_peg", "pone_hand", "dealer_hand", "crib")
DATA_PACKAGE: Final = "cribkit.ai.data"
#: Mean points a deal of the samples the shipped tables were solved from (3,000 medium
#: self-play games, 24,721 deals; see ``docs/ai.md``).
DEAL_MEANS: Final = {
    "dealer_peg": 3.404,
    "pone_peg": 2.026,
    "pone_hand": 8.09,
    "dealer_hand": 7.994,
    "crib": 4.764,
}

FloatArray = npt.NDArray[np.float64]


def solve_win_table(samples: npt.ArrayLike, target: int = 121) -> FloatArray:
    """Solve the table from deal samples: an (n, 5) array in :data:`DEAL_COLUMNS` order.

    Pegging points are taken as arriving together; if both players would reach the target in
    the same play, each is given half the chance (the samples do not say who got there first).
    """
    deals = np.asarray(samples, dtype=np.int64)
    if deals.ndim != 2 or deals.shape[1] != len(DEAL_COLUMNS):
        raise ValueError(f"deal samples need shape (n, {len(DEAL_COLUMNS)}), not {deals.shape}")
    dealer_peg, pone_peg, pone_hand, dealer_hand, crib = deals.T
    dealer_show = dealer_hand + crib
    # win[a, b, d]: the player to score a, the opponent b, d = the player deals.
    win = np.zeros((target + 1, target + 1, 2))
    win[target, :, :] = 1.0
    win[:target, target, :] = 0.0
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            for deals_now in (1, 0):
                if deals_now:
                    mine_peg, theirs_peg = dealer_peg, pone_peg
                else:
                    mine_peg, theirs_peg = pone_peg, dealer_peg
                me = a + mine_peg
                them = b + theirs_peg
                me_out = me >= target
                them_out = them >= target
                value = np.where(me_out & them_out, 0.5, np.where(me_out, 1.0, 0.0))
                going = ~(me_out | them_out)
                if deals_now:
                    # Pone (the opponent) counts first, then the player's hand and crib.
                    them = them + pone_hand
                    them_win = going & (them >= target)
                    me = me + dealer_show
                    me_win = going & ~them_win & (me >= target)
                else:
                    me = me + pone_hand
                    me_win = going & (me >= target)
                    them = them + dealer_show
                    them_win = going & ~me_win & (them >= target)
                value = np.where(me_win, 1.0, value)
                rest = going & ~me_win & ~them_win
                # The next deal is dealt by the other player.
                next_value = win[np.minimum(me, target), np.minimum(them, target), 1 - deals_now]
                value = np.where(rest, next_value, value)
                win[a, b, deals_now] = value.mean()
    return win


def encode(table: FloatArray) -> bytes:
    """The table as a small ``.npy`` file (probabilities in 1/65535)."""
    out = BytesIO()
    np.save(out, np.round(table * 65535).astype(np.uint16))
    return out.getvalue()


def load_win_table(target: int = 121, directory: str = "") -> FloatArray:
    """The shipped table for ``target`` (121 or 61), or the one in ``directory`` (a rebuild
    being measured: :mod:`cribkit.ai.data.build_win_table` ``--out``); each loaded once."""
    return _load_win_table(target, directory)


@cache
def _load_win_table(target: int, directory: str) -> FloatArray:
    name = f"win_table_{target}.npy"
    try:
        if directory:
            data = (Path(directory) / name).read_bytes()
        else:
            data = resources.files(DATA_PACKAGE).joinpath(name).read_bytes()
    except FileNotFoundError:
        raise ValueError(f"no win-probability table for target {target}") from None
    table: FloatArray = np.load(BytesIO(data)).astype(np.float64) / 65535
    return table


def win_probability(mine: float, theirs: float, *, dealer: bool, target: int = 121) -> float:
    """The chance of winning from these scores at the start of a deal (scores may be fractional
    expectations; they are interpolated)."""
    table = load_win_table(target)
    d = 1 if dealer else 0
    a = min(max(mine, 0.0), float(target))
    b = min(max(theirs, 0.0), float(target))
    a0, b0 = int(a), int(b)
    a1, b1 = min(a0 + 1, target), min(b0 + 1, target)
    fa, fb = a - a0, b - b0
    return float(
        (1 - fa) * (1 - fb) * table[a0, b0, d]
        + fa * (1 - fb) * table[a1, b0, d]
        + (1 - fa) * fb * table[a0, b1, d]
        + fa * fb * table[a1, b1, d]
    )
