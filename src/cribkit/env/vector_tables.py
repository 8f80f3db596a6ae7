"""The tables the vectorised batches (:mod:`cribkit.env.vector`) look cards up in.

Cards are cribkit's numbers 0-51 and a set of cards is a 52-bit mask in an ``int64``, as in the
engine. :func:`unpack_cards` turns masks into the 0/1 rows of the observation arrays.

>>> int(PIP[int(Card.parse("Kh"))]), int(RANK[int(Card.parse("Kh"))])
(10, 13)
>>> unpack_cards(np.array([1 << 51 | 1], dtype=np.int64)).nonzero()[1].tolist()
[0, 51]
>>> int(RUN_TABLE[0b1110]), int(RUN_TABLE[0b1101]), int(RUN_TABLE[0b111])
(3, 0, 0)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.core.cards import DECK_SIZE, Card, card_pip, card_rank
from cribkit.env.codec import PAIRS

__all__ = [
    "BIT",
    "FITS",
    "KEEP",
    "PAIR_FIRST",
    "PAIR_SECOND",
    "PIP",
    "RANK",
    "RUN_TABLE",
    "Card",
    "IntArray",
    "unpack_cards",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: The counting value and the rank (1-13) of each card.
PIP: Final[IntArray] = np.array([card_pip(c) for c in range(DECK_SIZE)], dtype=np.int64)
RANK: Final[IntArray] = np.array([card_rank(c) for c in range(DECK_SIZE)], dtype=np.int64)
#: The mask of each card.
BIT: Final[IntArray] = np.left_shift(np.int64(1), np.arange(DECK_SIZE, dtype=np.int64))
#: ``FITS[room]``: the mask of every card whose value is at most ``room`` (0-31).
FITS: Final[IntArray] = np.array(
    [sum(1 << c for c in range(DECK_SIZE) if card_pip(c) <= room) for room in range(32)],
    dtype=np.int64,
)
#: The places in the ascending six-card hand of each lay-away number (0-14), and the four kept.
PAIR_FIRST: Final[IntArray] = np.array([p for p, _ in PAIRS], dtype=np.int64)
PAIR_SECOND: Final[IntArray] = np.array([q for _, q in PAIRS], dtype=np.int64)
KEEP: Final[IntArray] = np.array(
    [[i for i in range(6) if i not in pair] for pair in PAIRS], dtype=np.int64
)


def _run_table() -> IntArray:
    """``RUN_TABLE[m]`` for a mask ``m`` of ranks (bit r for rank r; bit 0 marks "no card"):
    the number of ranks when they are 3 or more consecutive ones, else 0."""
    table = np.zeros(1 << 14, dtype=np.int64)
    for mask in range(1 << 14):
        if mask & 1:
            continue
        low = mask & -mask
        size = mask.bit_count()
        if size >= 3 and mask // low == (1 << size) - 1:
            table[mask] = size
    return table


#: Runs in the play by the mask of the last cards' ranks (:func:`_run_table`).
RUN_TABLE: Final[IntArray] = _run_table()


def unpack_cards(masks: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The 0/1 rows (``shape + (52,)``) of masks of cards (an ``int64`` array)."""
    rows = np.ascontiguousarray(masks, dtype="<i8")
    octets = rows.view(np.uint8).reshape(*rows.shape, 8)
    bits: npt.NDArray[np.uint8] = np.unpackbits(octets, axis=-1, bitorder="little")
    return bits[..., :DECK_SIZE]
