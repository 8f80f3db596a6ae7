"""The expert's crib model: a crib table computed by iterated best responses.

The table gives the expected points of a crib from the two cards one player lays away into
it, as seen by the crib's owner, separately for the two seats:

* ``dealer``: the dealer lays the two cards into their own crib, and pone lays away to
  maximise their hand minus the crib;
* ``pone``: pone lays the two cards into the dealer's crib, and the dealer lays away to
  maximise their hand plus the crib.

A discard is keyed by its two ranks (91 rank pairs, the 13 pairs included) and, for two
different ranks, whether the cards share a suit (which only matters for a crib flush):
169 entries a seat, such as ``55``, ``5Jo`` (offsuit) and ``5Js`` (suited).

The table is computed by :mod:`cribkit.ai.data.build_crib_table` (see ``docs/ai.md``) and
shipped as ``cribkit/ai/data/crib_table.json``. With the file come the opponent's discard
frequencies and, for each discard, how often each other card stays in the discarder's hand;
:class:`TableCribModel` uses them (by default) to account for the cards known to be out of
play.

>>> table = load_crib_table()
>>> round(table.lookup("55", dealer=True), 1) > round(table.lookup("KQo", dealer=True), 1) + 4
True
>>> from cribkit.core.analysis import analyse_discards
>>> best = analyse_discards("5h 5c Kd Qs 2c 9h", dealer=True, crib_model=TableCribModel())[0]
>>> str(best.discard)
'2c 9h'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import permutations
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cribkit.core.cards import (
    DECK_SIZE,
    RANK_CHARS,
    Card,
    Rank,
    card_rank,
    card_suit,
    check_distinct,
)
from cribkit.core.stats import index_combinations
from cribkit.core.tables import CARD_WEIGHT_ARRAY, RANK_TABLES

#: What the data file says it is, and the version of its layout that this module reads.
FORMAT_NAME: Final = "cribkit-crib-table"
FORMAT_VERSION: Final = 1
#: The shipped table, a resource of :mod:`cribkit.ai.data`.
DATA_PACKAGE: Final = "cribkit.ai.data"
DATA_FILE: Final = "crib_table.json"

#: Kept-card probabilities are stored as whole numbers of 1/10,000 to keep the file small.
KEPT_FIELD: Final = "kept_per_10000"
KEPT_SCALE: Final = 10_000

#: The two seats, in the order used throughout: the crib's owner, then the other player.
SEATS: Final = ("dealer", "pone")

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

# Core's card_suit and card_rank as arrays, for the numpy work on many cards at once.
_SUIT_OF: Final = np.array([card_suit(c) for c in range(DECK_SIZE)], dtype=np.intp)
_IS_JACK: Final = np.array([card_rank(c) == Rank.JACK for c in range(DECK_SIZE)])


def _discard_types() -> tuple[tuple[str, ...], IntArray, IntArray]:
    """Keys, canonical cards and number of card pairs of the 169 discard types."""
    keys: list[str] = []
    reps: list[tuple[int, int]] = []
    counts: list[int] = []
    for low in range(13):
        for high in range(low, 13):
            if low == high:
                keys.append(RANK_CHARS[low] * 2)
                reps.append((low * 4, low * 4 + 1))
                counts.append(6)
                continue
            pair = RANK_CHARS[low] + RANK_CHARS[high]
            keys += [pair + "o", pair + "s"]
            reps += [(low * 4, high * 4 + 1), (low * 4, high * 4)]
            counts += [12, 4]
    return tuple(keys), np.array(reps, dtype=np.intp), np.array(counts, dtype=np.intp)


_TYPES: Final = _discard_types()
#: The 169 discard types: ``AA``, ``A2o``, ``A2s``, ..., ``QKs``, ``KK`` (lower rank first).
TYPE_KEYS: Final = _TYPES[0]
#: The canonical cards of each type: a pair in clubs and diamonds, an offsuit discard with
#: the lower rank in clubs and the higher in diamonds, a suited discard in clubs.
TYPE_CARDS: Final = _TYPES[1]
#: How many of the 1,326 two-card sets have each type: 6 (pair), 12 (offsuit) or 4 (suited).
TYPE_PAIR_COUNTS: Final = _TYPES[2]
TYPE_COUNT: Final = len(TYPE_KEYS)
_TYPE_BY_KEY: Final = {key: index for index, key in enumerate(TYPE_KEYS)}


def _type_matrix() -> IntArray:
    matrix = np.full((DECK_SIZE, DECK_SIZE), -1, dtype=np.intp)
    for a in range(DECK_SIZE):
        for b in range(DECK_SIZE):
            if a == b:
                continue
            low, high = sorted((card_rank(a) - 1, card_rank(b) - 1))
            if low == high:
                key = RANK_CHARS[low] * 2
            else:
                suited = card_suit(a) == card_suit(b)
                key = RANK_CHARS[low] + RANK_CHARS[high] + ("s" if suited else "o")
            matrix[a, b] = _TYPE_BY_KEY[key]
    return matrix


#: ``TYPE_OF_CARDS[a, b]``: the discard type of two different cards (-1 on the diagonal).
TYPE_OF_CARDS: Final = _type_matrix()


def discard_type(a: int, b: int) -> int:
    """The index in :data:`TYPE_KEYS` of the discard of cards ``a`` and ``b``.

    >>> TYPE_KEYS[discard_type(Card.parse("Jh"), Card.parse("5h"))]
    '5Js'
    """
    if a == b:
        raise ValueError(f"a discard is two different cards, not {Card(a)} twice")
    return int(TYPE_OF_CARDS[a, b])


def type_index(key: str) -> int:
    """The index of a type key such as ``55``, ``5Jo`` or ``J5s`` (either rank order).

    >>> TYPE_KEYS[type_index("KQo")], TYPE_KEYS[type_index("tt")]
    ('QKo', 'TT')
    """
    text = key.strip().upper().replace("10", "T")
    ranks = [RANK_CHARS.find(ch) for ch in text[:2]]
    suffix = text[2:].lower()
    if len(text) < 2 or -1 in ranks or suffix not in ("", "o", "s"):
        raise KeyError(f"{key!r} is not a discard type such as 55, 5Jo or 5Js")
    low, high = sorted(ranks)
    if low == high:
        if suffix == "s":
            raise KeyError(f"{key!r}: two cards of one rank cannot share a suit")
        return _TYPE_BY_KEY[RANK_CHARS[low] * 2]
    if not suffix:
        raise KeyError(f"{key!r}: say whether the cards are offsuit (o) or suited (s)")
    return _TYPE_BY_KEY[RANK_CHARS[low] + RANK_CHARS[high] + suffix]


def _suit_frames() -> IntArray:
    """``FRAME[sa, sb]``: the suit relabelling that carries a discard to its canonical cards.

    The lower card's suit becomes clubs, the higher card's diamonds (or clubs too when they
    share a suit), and the other suits follow in their usual order.
    """
    frames = np.zeros((4, 4, 4), dtype=np.intp)
    for sa in range(4):
        for sb in range(4):
            order = [sa] if sa == sb else [sa, sb]
            order += [s for s in range(4) if s not in order]
            for new, old in enumerate(order):
                frames[sa, sb, old] = new
    return frames


SUIT_FRAMES: Final = _suit_frames()


def canonical_cards(a: int, b: int) -> IntArray:
    """Where each of the 52 cards goes when the discard ``a < b`` is put in canonical suits.

    >>> str(Card(int(canonical_cards(Card.parse("5h"), Card.parse("Jh"))[Card.parse("Qs")])))
    'Qs'
    >>> str(Card(int(canonical_cards(Card.parse("5h"), Card.parse("Js"))[Card.parse("Qc")])))
    'Qh'
    """
    frame = SUIT_FRAMES[card_suit(a), card_suit(b)]
    cards = np.arange(DECK_SIZE, dtype=np.intp)
    # A card is (rank - 1) * 4 + suit: keep the rank bits, relabel the suit.
    result: IntArray = (cards & ~3) | frame[_SUIT_OF]
    return result


def _pair_tables() -> tuple[IntArray, IntArray, IntArray, IntArray]:
    pairs = index_combinations(DECK_SIZE, 2)
    types = TYPE_OF_CARDS[pairs[:, 0], pairs[:, 1]]
    canon = np.stack([canonical_cards(int(a), int(b)) for a, b in pairs])
    ids = np.full((DECK_SIZE, DECK_SIZE), -1, dtype=np.intp)
    ids[pairs[:, 0], pairs[:, 1]] = np.arange(len(pairs))
    ids[pairs[:, 1], pairs[:, 0]] = np.arange(len(pairs))
    return pairs, types, canon, ids


#: The 1,326 two-card sets (ascending rows), their types, their canonical card maps (one row
#: of :func:`canonical_cards` each) and ``PAIR_IDS[a, b]``, the row of the set {a, b}.
PAIRS, PAIR_TYPES, PAIR_CANONICAL, PAIR_IDS = _pair_tables()


def _stabiliser(kind: str) -> list[tuple[int, ...]]:
    """The suit relabellings that leave a canonical discard of this kind unchanged."""
    fixed = {"pair": ((0, 1), (2, 3)), "offsuit": ((0,), (1,), (2, 3)), "suited": ((0,), (1, 2, 3))}
    groups = fixed[kind]
    result: list[tuple[int, ...]] = []
    for choice in _product([list(permutations(g)) for g in groups]):
        perm = [0, 1, 2, 3]
        for group, image in zip(groups, choice, strict=True):
            for old, new in zip(group, image, strict=True):
                perm[old] = new
        result.append(tuple(perm))
    return result


def _product(options: list[list[tuple[int, ...]]]) -> list[tuple[tuple[int, ...], ...]]:
    combos: list[tuple[tuple[int, ...], ...]] = [()]
    for choices in options:
        combos = [(*combo, choice) for combo in combos for choice in choices]
    return combos


def type_kind(index: int) -> str:
    """``pair``, ``offsuit`` or ``suited``."""
    key = TYPE_KEYS[index]
    return "pair" if len(key) == 2 else ("suited" if key[2] == "s" else "offsuit")


def symmetrise_kept(kept: FloatArray) -> FloatArray:
    """Average each type's 52 card weights over the suit relabellings that fix its cards.

    ``kept`` has shape (169, 52), in canonical suits. Averaging makes, for example, hearts and
    spades interchangeable beside an offsuit clubs-diamonds discard.
    """
    result = np.empty_like(kept)
    cards = np.arange(DECK_SIZE, dtype=np.intp)
    for kind in ("pair", "offsuit", "suited"):
        rows = np.array([t for t in range(TYPE_COUNT) if type_kind(t) == kind], dtype=np.intp)
        perms = _stabiliser(kind)
        total = np.zeros((len(rows), DECK_SIZE))
        for perm in perms:
            image = (cards & ~3) | np.array(perm, dtype=np.intp)[_SUIT_OF]  # as canonical_cards
            total += kept[rows][:, image]
        result[rows] = total / len(perms)
    return result


def uniform_kept() -> FloatArray:
    """Kept-card probabilities when the other 4 cards are any 4 of the other 50."""
    kept = np.full((TYPE_COUNT, DECK_SIZE), 4 / 50)
    rows = np.arange(TYPE_COUNT)
    kept[rows, TYPE_CARDS[:, 0]] = 0.0
    kept[rows, TYPE_CARDS[:, 1]] = 0.0
    return kept


def uniform_frequencies() -> FloatArray:
    """Discard-type frequencies when the two cards are any two of the 52."""
    counts = TYPE_PAIR_COUNTS.astype(np.float64)
    freq: FloatArray = counts / counts.sum()
    return freq


class CribTableError(ValueError):
    """A crib table file that this version of cribkit cannot read."""


@dataclass(frozen=True, eq=False)
class SeatTable:
    """One seat's side of the table.

    ``values[t]``: expected crib points when this seat lays away type ``t``;
    ``frequency[t]``: how often this seat lays away type ``t`` over all six-card hands;
    ``kept[t, c]``: the probability that card ``c`` (in the canonical suits of ``t``) stays in
    this seat's hand when it lays away ``t``.
    """

    values: FloatArray
    frequency: FloatArray
    kept: FloatArray


@dataclass(frozen=True, eq=False)
class CribTable:
    """Both seats' tables and what the build recorded (method, convergence, summary)."""

    dealer: SeatTable
    pone: SeatTable
    info: Mapping[str, Any] = field(default_factory=dict)

    def seat(self, *, dealer: bool) -> SeatTable:
        """The dealer's side (discards into one's own crib) or pone's."""
        return self.dealer if dealer else self.pone

    def lookup(self, key: str, *, dealer: bool) -> float:
        """The expected crib for a discard type key (``55``, ``5Jo``, ``5Js``)."""
        return float(self.seat(dealer=dealer).values[type_index(key)])

    def value(self, a: int, b: int, *, dealer: bool) -> float:
        """The expected crib when the dealer (or pone) lays away cards ``a`` and ``b``."""
        return float(self.seat(dealer=dealer).values[discard_type(a, b)])

    def to_json(self) -> dict[str, Any]:
        """The JSON document of the data file (values rounded for a small, stable file)."""
        document: dict[str, Any] = {
            "format": FORMAT_NAME,
            "format_version": FORMAT_VERSION,
            **self.info,
            "types": list(TYPE_KEYS),
        }
        for name in SEATS:
            seat = getattr(self, name)
            document[name] = {
                "values": [round(float(v), 4) for v in seat.values],
                "frequency": [float(f"{v:.6g}") for v in seat.frequency],
                KEPT_FIELD: {
                    key: [round(float(v) * KEPT_SCALE) for v in row]
                    for key, row in zip(TYPE_KEYS, seat.kept, strict=True)
                },
            }
        return document

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> CribTable:
        """Read a data file's document, checking its format and version."""
        if document.get("format") != FORMAT_NAME:
            raise CribTableError(f"not a crib table: format is {document.get('format')!r}")
        version = document.get("format_version")
        if version != FORMAT_VERSION:
            raise CribTableError(
                f"crib table format version {version!r}, but this cribkit reads version "
                f"{FORMAT_VERSION}: rebuild it with python -m cribkit.ai.data.build_crib_table"
            )
        if tuple(document.get("types", ())) != TYPE_KEYS:
            raise CribTableError("the crib table's discard types are not the 169 expected")
        seats = []
        for name in SEATS:
            raw = document[name]
            values = np.array(raw["values"], dtype=np.float64)
            frequency = np.array(raw["frequency"], dtype=np.float64)
            kept = np.array([raw[KEPT_FIELD][key] for key in TYPE_KEYS], dtype=np.float64)
            kept /= KEPT_SCALE
            if values.shape != (TYPE_COUNT,) or frequency.shape != (TYPE_COUNT,):
                raise CribTableError(f"the {name} table does not have {TYPE_COUNT} entries")
            if kept.shape != (TYPE_COUNT, DECK_SIZE):
                raise CribTableError(f"the {name} kept-card table is not 169 x 52")
            seats.append(SeatTable(values, frequency, kept))
        skip = {"format", "format_version", "types", *SEATS}
        info = {key: value for key, value in document.items() if key not in skip}
        return cls(dealer=seats[0], pone=seats[1], info=info)


def read_crib_table(text: str) -> CribTable:
    """Parse the text of a crib table file."""
    document = json.loads(text)
    if not isinstance(document, dict):
        raise CribTableError("a crib table file holds a JSON object")
    return CribTable.from_json(document)


@cache
def load_crib_table() -> CribTable:
    """The crib table shipped with cribkit (read once, then kept)."""
    text = resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return read_crib_table(text)


@cache
def _pair_starter_grid(unseen: int) -> tuple[IntArray, IntArray]:
    """The C(n, 2) opponent pairs of n unseen cards and, per pair, the n - 2 other cards."""
    pairs = index_combinations(unseen, 2)
    others = np.arange(unseen)
    keep = (others[None, :] != pairs[:, :1]) & (others[None, :] != pairs[:, 1:])
    starters = np.broadcast_to(others, keep.shape)[keep].reshape(len(pairs), unseen - 2)
    return pairs, starters


class TableCribModel:
    """The expert's crib model (a :class:`cribkit.core.analysis.CribModel`): the crib table.

    With ``card_removal=False`` a discard's value is the table entry for its two ranks and
    suitedness, from the analysing player's seat (``dealer=True``: the dealer's own crib), as
    published discard tables give it; it costs a lookup.

    With ``card_removal=True`` (the default) the value also accounts for the cards known to be
    out of play, the player's own six: the same first-order formula that built the table is
    applied with the player's actual kept cards in place of the average kept hand. The
    opponent's discard is any two unseen cards, weighted by their seat's discard frequencies
    and by the chance that the cards they keep with it are none of ours; the starter is any
    other unseen card, weighted by the chance that it is not in their kept hand. This scores
    15 x 1,035 x 44 cribs a call (about 3 ms), the work of the core's uniform model. Against
    simulated play it predicts the crib a little better than the bare table (see
    ``docs/ai.md``).
    """

    name = "table"

    def __init__(self, table: CribTable | None = None, *, card_removal: bool = True) -> None:
        self.table = table if table is not None else load_crib_table()
        self.card_removal = card_removal

    def crib_means(
        self, deal: Sequence[Card], discards: Sequence[tuple[Card, Card]], *, dealer: bool
    ) -> list[float]:
        """Expected crib points for each discard (the crib's points, whoever owns it)."""
        if not self.card_removal:
            values = self.table.seat(dealer=dealer).values
            return [float(values[discard_type(a, b)]) for a, b in discards]
        return self._with_card_removal(deal, discards, dealer=dealer)

    def _with_card_removal(
        self, deal: Sequence[Card], discards: Sequence[tuple[Card, Card]], *, dealer: bool
    ) -> list[float]:
        check_distinct(deal)
        known = {int(c) for c in deal}
        unseen = np.array([c for c in range(DECK_SIZE) if c not in known], dtype=np.intp)
        pair_index, starter_index = _pair_starter_grid(len(unseen))
        opp_a, opp_b = unseen[pair_index[:, 0]], unseen[pair_index[:, 1]]
        starters = unseen[starter_index]
        # The opponent's discard: their seat's frequencies, spread over the sets of each type.
        other = self.table.seat(dealer=not dealer)
        ids = PAIR_IDS[opp_a, opp_b]
        types = PAIR_TYPES[ids]
        pair_weights = other.frequency[types] / TYPE_PAIR_COUNTS[types]
        # ... if none of the cards the opponent keeps with it is one of ours.
        ours = np.array(sorted(known), dtype=np.intp)
        theirs = other.kept[types[:, None], PAIR_CANONICAL[ids[:, None], ours[None, :]]]
        pair_weights = pair_weights * np.prod(1.0 - theirs, axis=1)
        if pair_weights.sum() <= 0:  # pragma: no cover - a table with no frequencies at all
            pair_weights = np.ones(len(ids))
        pair_weights = pair_weights / pair_weights.sum()
        # The starter: an unseen card, less likely when the opponent tends to keep it.
        kept = other.kept[types[:, None], PAIR_CANONICAL[ids[:, None], starters]]
        starter_weights = np.clip(1.0 - kept, 0.0, None)
        starter_weights /= starter_weights.sum(axis=1, keepdims=True)
        weights = pair_weights[:, None] * starter_weights
        starter_suits = _SUIT_OF[starters]
        weight_by_suit = np.bincount(starter_suits.ravel(), weights.ravel(), minlength=4)
        opp_jacks = sum(
            _IS_JACK[card][:, None] & (_SUIT_OF[card][:, None] == starter_suits)
            for card in (opp_a, opp_b)
        )
        base = float((weights * opp_jacks).sum())
        opp_keys = CARD_WEIGHT_ARRAY[opp_a] + CARD_WEIGHT_ARRAY[opp_b]
        keys3 = (opp_keys[:, None] + CARD_WEIGHT_ARRAY[starters]).ravel()
        flat_weights = weights.ravel()
        rank_table = RANK_TABLES[5]
        means = []
        for a, b in discards:
            key = int(CARD_WEIGHT_ARRAY[a] + CARD_WEIGHT_ARRAY[b])
            # (x * w).sum() rather than x @ w: a threaded BLAS dot is slow on a busy machine.
            total = float((rank_table[keys3 + key] * flat_weights).sum()) + base
            for card in (a, b):
                if card_rank(card) == Rank.JACK:
                    total += float(weight_by_suit[card_suit(card)])
            suit = card_suit(a)
            if card_suit(b) == suit:
                flush = (_SUIT_OF[opp_a] == suit) & (_SUIT_OF[opp_b] == suit)
                total += 5.0 * float(weights[flush][starter_suits[flush] == suit].sum())
            means.append(total)
        return means


__all__ = [
    "FORMAT_VERSION",
    "TYPE_KEYS",
    "CribTable",
    "CribTableError",
    "SeatTable",
    "TableCribModel",
    "discard_type",
    "load_crib_table",
    "read_crib_table",
    "type_index",
]
