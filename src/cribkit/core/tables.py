"""Fast kernels: total points only, in pure Python and in numpy batches.

Fifteens, pairs and runs depend only on the multiset of ranks, so they are looked up in a table
indexed by an additive rank key: each rank has a weight chosen so that every multiset of up to 5
ranks has its own sum (``RANK_WEIGHTS``). Flush and nobs are bit tests. Every card is packed into
one int so that adding the packed cards of a hand gives, at once, its rank key (bits 0-18), how
many cards of each suit it holds (3 bits per suit from bit 20) and which jacks it holds (one bit
per suit from bit 32).

The tables are built when this module is first imported (under 10 ms, with numpy) and kept in
memory.

>>> from cribkit.core.cards import parse_cards
>>> hand_total(parse_cards("5h 5c 5d Js"), Card.parse("5s"))
29
>>> import numpy as np
>>> batch_hand_totals(np.array([parse_cards("5h 5c 5d Js 5s"), parse_cards("2h 4h 6h 8h Kc")]))
array([29,  4], dtype=uint8)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.core.cards import DECK_SIZE, Card, card_rank, card_suit
from cribkit.core.scoring import RANK_WEIGHTS

KEY_MASK: Final = (1 << 19) - 1
SUIT_SHIFT: Final = 20
JACK_SHIFT: Final = 32
_ONE_SUIT_COUNT_MASK: Final = 0b111

IntArray = npt.NDArray[np.int64]
UInt8Array = npt.NDArray[np.uint8]


def _packed(card: int) -> int:
    rank, suit = card_rank(card), card_suit(card)
    jack = 1 << (JACK_SHIFT + suit) if rank == 11 else 0
    return RANK_WEIGHTS[rank - 1] | 1 << (SUIT_SHIFT + 3 * suit) | jack


def _build_rank_table(size: int) -> UInt8Array:
    """Fifteens + pairs + runs of every multiset of ``size`` ranks, by rank key: worked out for
    all of them at once with numpy (``combos.rank_points`` is the definition they are held to,
    ``tests/core``), so that the import costs milliseconds, not a loop over 8,567 multisets."""
    multisets = np.array(list(combinations_with_replacement(range(1, 14), size)), dtype=np.int64)
    keys = np.array(RANK_WEIGHTS, dtype=np.int64)[multisets - 1].sum(axis=1)
    # (sorted, not np.unique: that would import numpy.ma, 9 ms of every start)
    if (np.diff(np.sort(keys)) == 0).any():  # pragma: no cover - guards the fixed weights
        raise AssertionError("rank key collision")
    # Fifteens: the subsets of two cards or more (a column each) whose pips sum to 15.
    places = [c for k in range(2, size + 1) for c in combinations(range(size), k)]
    subsets = np.array([[p in c for c in places] for p in range(size)], dtype=np.int64)
    fifteens = (np.minimum(multisets, 10) @ subsets.reshape(size, len(places)) == 15).sum(axis=1)
    counts = (multisets[:, :, None] == np.arange(14)).sum(axis=1)  # each rank's cards
    points = 2 * fifteens + (counts * (counts - 1)).sum(axis=1)  # (each pair of a rank: 2)
    # Runs: the longest stretch of ranks present (a multiset of up to 5 holds one), found on
    # a bit mask of them; it scores its length once per choice of its cards, the product of
    # its ranks' counts.
    stretch = ((counts > 0).astype(np.int64) << np.arange(14)).sum(axis=1)
    length, top = np.zeros(len(keys), np.int64), np.zeros(len(keys), np.int64)
    while stretch.any():
        alive = stretch != 0
        length += alive
        top = np.where(alive, stretch, top)
        stretch &= stretch << 1
    high = np.zeros(len(keys), np.int64)
    for rank in range(1, 14):
        high = np.where((top >> rank) & 1, rank, high)  # the run's highest rank
    taken = np.take_along_axis(counts, np.clip(high[:, None] - np.arange(5), 0, 13), axis=1)
    product = np.where(np.arange(5) < length[:, None], taken, 1).prod(axis=1)
    table = np.zeros(size * RANK_WEIGHTS[-1] + 1, dtype=np.uint8)
    table[keys] = points + np.where(length >= 3, length * product, 0)
    return table


#: Packed form of each card (see the module docstring).
PACKED: Final[tuple[int, ...]] = tuple(_packed(card) for card in range(DECK_SIZE))
PACKED_ARRAY: Final = np.array(PACKED, dtype=np.uint64)
#: Rank key contribution of each card.
CARD_WEIGHTS: Final[tuple[int, ...]] = tuple(p & KEY_MASK for p in PACKED)
CARD_WEIGHT_ARRAY: Final = np.array(CARD_WEIGHTS, dtype=np.int64)

#: ``RANK_TABLES[n][key]``: fifteens + pairs + runs of the n ranks with that key (n = 1..5).
RANK_TABLES: Final[dict[int, UInt8Array]] = {n: _build_rank_table(n) for n in range(1, 6)}
_R5: Final = bytes(RANK_TABLES[5])
_R4: Final = bytes(RANK_TABLES[4])


def _build_flush_table(*, crib: bool) -> UInt8Array:
    """Flush points by (suit counts of the 4 hand cards, packed) * 4 + starter suit."""
    table = np.zeros(4096 * 4, dtype=np.uint8)
    for suit in range(4):
        four = 4 << (3 * suit)
        for starter_suit in range(4):
            if starter_suit == suit:
                table[four * 4 + starter_suit] = 5
            elif not crib:
                table[four * 4 + starter_suit] = 4
    return table


#: Flush points for a hand and for a crib, indexed by suit counts * 4 + starter suit.
FLUSH_TABLES: Final = {False: _build_flush_table(crib=False), True: _build_flush_table(crib=True)}
_FOUR_OF_A_SUIT: Final = frozenset(4 << (3 * suit) for suit in range(4))
_ALL_HEADS = (1 << (SUIT_SHIFT + 12)) - 1


def hand_total(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """Total points of 4 hand (or crib) cards with the starter; same rules as ``score_hand``.

    The cards are ints 0-51 (a :class:`Card` is one); they are trusted to be distinct.
    """
    a, b, c, d = hand
    packed = PACKED
    four = packed[a] + packed[b] + packed[c] + packed[d]
    suit = starter & 3
    total = _R5[(four + packed[starter]) & KEY_MASK] + (four >> (JACK_SHIFT + suit) & 1)
    suits = four >> SUIT_SHIFT & 0xFFF
    if suits in _FOUR_OF_A_SUIT:
        if suits >> (3 * suit) & _ONE_SUIT_COUNT_MASK:
            total += 5
        elif not crib:
            total += 4
    return total


def four_card_total(cards: Sequence[int]) -> int:
    """Total points of 4 cards with no starter (Solitaire's last hand): 4 for a flush."""
    a, b, c, d = cards
    packed = PACKED
    four = packed[a] + packed[b] + packed[c] + packed[d]
    flush = 4 if (four >> SUIT_SHIFT & 0xFFF) in _FOUR_OF_A_SUIT else 0
    return _R4[four & KEY_MASK] + flush


def line_total(cards: Sequence[int]) -> int:
    """Total points of a full 5-card Table Top line: 5-card flush only, no nobs."""
    if len(cards) != 5:
        raise ValueError(f"line_total scores a full line of 5 cards, not {len(cards)}")
    packed = PACKED
    five = sum(packed[card] for card in cards)
    suits = five >> SUIT_SHIFT & 0xFFF
    flush = 5 if suits in _FIVE_OF_A_SUIT else 0
    return _R5[five & KEY_MASK] + flush


_FIVE_OF_A_SUIT: Final = frozenset(5 << (3 * suit) for suit in range(4))


def ranks_total(ranks: Sequence[int]) -> int:
    """Fifteens + pairs + runs of 1 to 5 ranks (a tile line, or the rank part of any hand)."""
    return int(RANK_TABLES[len(ranks)][sum(RANK_WEIGHTS[r - 1] for r in ranks)])


def batch_hand_totals(cards: npt.ArrayLike, *, crib: bool = False) -> UInt8Array:
    """Totals of many hands at once: ``cards`` has shape (n, 5), 4 hand cards then the starter.

    Cards are ints 0-51, trusted to be distinct within a row.
    """
    rows = np.asarray(cards)
    if rows.ndim != 2 or rows.shape[1] != 5:
        raise ValueError(f"batch_hand_totals needs an (n, 5) array, not shape {rows.shape}")
    packed = PACKED_ARRAY
    four = packed[rows[:, 0]] + packed[rows[:, 1]] + packed[rows[:, 2]] + packed[rows[:, 3]]
    starter = rows[:, 4]
    starter_suit = (starter & 3).astype(np.uint64)
    rank_part = RANK_TABLES[5][((four + packed[starter]) & KEY_MASK).astype(np.intp)]
    suits = (four >> SUIT_SHIFT) & 0xFFF
    flush = FLUSH_TABLES[crib][(suits * 4 + starter_suit).astype(np.intp)]
    nobs = ((four >> (JACK_SHIFT + starter_suit)) & 1).astype(np.uint8)
    totals: UInt8Array = rank_part + flush + nobs
    return totals


def batch_line_totals(cards: npt.ArrayLike) -> UInt8Array:
    """Totals of many full Table Top lines at once: ``cards`` has shape (n, 5)."""
    rows = np.asarray(cards)
    if rows.ndim != 2 or rows.shape[1] != 5:
        raise ValueError(f"batch_line_totals needs an (n, 5) array, not shape {rows.shape}")
    five = PACKED_ARRAY[rows].sum(axis=1, dtype=np.uint64)
    suits = (five >> SUIT_SHIFT) & 0xFFF
    flush = np.isin(suits, np.array(sorted(_FIVE_OF_A_SUIT), dtype=np.uint64)) * np.uint8(5)
    totals: UInt8Array = RANK_TABLES[5][(five & KEY_MASK).astype(np.intp)] + flush.astype(np.uint8)
    return totals


__all__ = [
    "CARD_WEIGHTS",
    "PACKED",
    "RANK_TABLES",
    "RANK_WEIGHTS",
    "Card",
    "batch_hand_totals",
    "batch_line_totals",
    "four_card_total",
    "hand_total",
    "line_total",
    "ranks_total",
]
