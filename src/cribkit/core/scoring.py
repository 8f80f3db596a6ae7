"""Scoring with explanations: the show, 5-card lines, tile lines.

Every function here returns a frozen :class:`Score` breakdown that lists each fifteen, pair and
run by its cards, the flush and nobs, and can say the count the way players say it. The fast
paths in :mod:`cribkit.core.tables` return the same totals without the breakdown. The
combinations come from small tables kept per multiset of ranks, filled as hands are counted
(see "fifteens, pairs and runs from tables" below), so a breakdown costs a few microseconds.

>>> s = score_hand("5h 5c 5d Js", "5s")
>>> s.total, s.fifteens_points, s.pairs_points, s.nobs_points
(29, 16, 12, 1)
>>> score_hand("4h 5d 5h 6s", "6c").words()
'fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, and four runs of three is twenty-four'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from operator import itemgetter
from typing import Any, Final, Generic, Literal, TypeVar, cast

from cribkit.core.cards import DECK, Card, HandSizeError, Rank, check_distinct, parse_cards
from cribkit.core.slots import slot_setters
from cribkit.core.words import LENGTH_WORDS, join_count, number_word, times_word

T = TypeVar("T", bound=int)

#: What was scored: a hand (with or without a starter), a crib, a Table Top line, a tile line.
ScoreKind = Literal["hand", "crib", "line", "tiles"]

CardsLike = str | Iterable[int]

_GROUP_NAMES = {2: "a pair", 3: "three of a kind", 4: "four of a kind", 5: "five of a kind"}


def pair_points(same_rank: int) -> int:
    """Points for ``same_rank`` cards of one rank: 2 for each pair among them."""
    return same_rank * (same_rank - 1)


@dataclass(frozen=True, slots=True)
class Score(Generic[T]):
    """The full breakdown of one counted hand, crib or line.

    ``fifteens``, ``pairs`` and ``runs`` hold the cards (or tile ranks) of each combination;
    ``flush`` holds the cards of a scoring flush (empty when none) and ``nobs`` the jack that
    scores nobs. Points are derived, so the parts and the total can never disagree.
    """

    kind: ScoreKind
    cards: tuple[T, ...]
    starter: T | None
    fifteens: tuple[tuple[T, ...], ...]
    pairs: tuple[tuple[T, T], ...]
    runs: tuple[tuple[T, ...], ...]
    flush: tuple[T, ...] = ()
    nobs: T | None = None

    @property
    def fifteens_points(self) -> int:
        """2 for each distinct set of cards adding to 15."""
        return 2 * len(self.fifteens)

    @property
    def pairs_points(self) -> int:
        """2 for each pair of cards of equal rank."""
        return 2 * len(self.pairs)

    @property
    def runs_points(self) -> int:
        """The length of each longest run, once for every distinct set of cards forming it."""
        return sum(len(run) for run in self.runs)

    @property
    def flush_points(self) -> int:
        """1 for each card of a scoring flush."""
        return len(self.flush)

    @property
    def nobs_points(self) -> int:
        """1 for the jack of the starter's suit in the hand or crib."""
        return 0 if self.nobs is None else 1

    @property
    def total(self) -> int:
        """All the points."""
        return (
            self.fifteens_points
            + self.pairs_points
            + self.runs_points
            + self.flush_points
            + self.nobs_points
        )

    def phrases(self) -> list[str]:
        """The count as players say it, one phrase per scoring step, with running totals."""
        phrases: list[str] = []
        running = 0
        for _ in self.fifteens:
            running += 2
            phrases.append(f"fifteen {number_word(running)}")
        for group in _rank_groups(self.pairs):
            running += pair_points(group)
            phrases.append(f"{_GROUP_NAMES[group]} is {number_word(running)}")
        if self.runs:
            length = len(self.runs[0])
            running += self.runs_points
            runs = "s" if len(self.runs) > 1 else ""
            phrases.append(
                f"{times_word(len(self.runs))} run{runs} of {LENGTH_WORDS[length]} "
                f"is {number_word(running)}"
            )
        if self.flush:
            running += self.flush_points
            phrases.append(
                f"a {LENGTH_WORDS[len(self.flush)]}-card flush is {number_word(running)}"
            )
        if self.nobs is not None:
            running += 1
            phrases.append(f"his nobs is {number_word(running)}")
        return phrases

    def words(self) -> str:
        """The whole count in one sentence: ``fifteen two, fifteen four, and a pair is six``."""
        return join_count(self.phrases()) or "no points"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: integer points per part, the cards of each part, the words."""
        return {
            "kind": self.kind,
            "cards": [_text(card, self.kind) for card in self.cards],
            "starter": None if self.starter is None else _text(self.starter, self.kind),
            "total": self.total,
            "fifteens": self.fifteens_points,
            "pairs": self.pairs_points,
            "runs": self.runs_points,
            "flush": self.flush_points,
            "nobs": self.nobs_points,
            "words": self.words(),
            "detail": {
                "fifteens": [[_text(c, self.kind) for c in combo] for combo in self.fifteens],
                "pairs": [[_text(c, self.kind) for c in combo] for combo in self.pairs],
                "runs": [[_text(c, self.kind) for c in combo] for combo in self.runs],
                "flush": [_text(c, self.kind) for c in self.flush],
                "nobs": None if self.nobs is None else _text(self.nobs, self.kind),
            },
        }


# Breakdowns are made by the thousand (each hint, each simulated show): through their slots'
# setters (cribkit.core.slots), in under half the time of the frozen dataclass's __init__.
_NEW: Final = object.__new__
(
    _SET_KIND,
    _SET_CARDS,
    _SET_STARTER,
    _SET_FIFTEENS,
    _SET_PAIRS,
    _SET_RUNS,
    _SET_FLUSH,
    _SET_NOBS,
) = slot_setters(Score)


def _new_score(
    kind: ScoreKind,
    cards: tuple[T, ...],
    starter: T | None,
    fifteens: tuple[tuple[T, ...], ...],
    pairs: tuple[tuple[T, T], ...],
    runs: tuple[tuple[T, ...], ...],
    flush: tuple[T, ...] = (),
    nobs: T | None = None,
) -> Score[T]:
    """``Score(kind, cards, ...)``, made faster (see above)."""
    score: Score[T] = _NEW(Score)
    _SET_KIND(score, kind)
    _SET_CARDS(score, cards)
    _SET_STARTER(score, starter)
    _SET_FIFTEENS(score, fifteens)
    _SET_PAIRS(score, pairs)
    _SET_RUNS(score, runs)
    _SET_FLUSH(score, flush)
    _SET_NOBS(score, nobs)
    return score


def _text(item: int, kind: ScoreKind) -> str:
    return Rank(item).char if kind == "tiles" else str(Card(item))


def _rank_groups(pairs: Sequence[tuple[int, int]]) -> list[int]:
    """How many cards stand in each rank group that the pairs come from, in order."""
    pair_counts: dict[int, int] = {}
    for first, _ in pairs:
        key = _rank_of_item(first)
        pair_counts[key] = pair_counts.get(key, 0) + 1
    # n cards of a rank make n(n-1)/2 pairs; invert that for the group size.
    return [
        next(n for n in range(2, 9) if n * (n - 1) // 2 == count) for count in pair_counts.values()
    ]


def _rank_of_item(item: int) -> int:
    return item.rank if isinstance(item, Card) else int(item)


# --- fifteens, pairs and runs from tables ---------------------------------------------------
#
# Fifteens, pairs and runs depend only on the ranks, and only on them as a multiset: "5h 5c Js
# 5d" and "Jc 5s 5d 5h" have the same combinations at other positions. So the combinations of
# each multiset are found once, as positions into its ranks sorted, and every later hand with
# those ranks reuses them: the hand's own sort order carries the positions back onto its cards.
# A combination is held as a code: its index among the subsets of two or more of the positions
# 0 .. n-1, listed by size and then in itertools.combinations order, the order in which a count
# by brute force (cribkit.core.combos) lists them. So the codes carried through a sort order and
# sorted give the same combinations in the same order as that brute force: a breakdown is the
# same to the letter, only found faster.
#
# Nothing is built at import. A multiset's combinations are found by brute force the first time
# it is counted, and a sort order's carrying map the first time it is seen: a process that counts
# one hand pays for one of each. There are at most 8,567 multisets of 1 to 5 ranks and 120 sort
# orders of 5 positions, so the tables stay small (about 2 MB once every multiset has been seen).

#: Weight of each rank (ace first): for any n up to 5, the sums of n weights identify the
#: multiset of n ranks (the fast tables of :mod:`cribkit.core.tables` use the same key).
RANK_WEIGHTS: Final = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)
#: The weight of each card 0-51, of each rank 1-13 (index 0 unused), and the rank of a weight.
_CARD_WEIGHTS: Final = tuple(RANK_WEIGHTS[card >> 2] for card in range(52))
_RANK_WEIGHTS: Final = (0, *RANK_WEIGHTS)
_RANK_OF_WEIGHT: Final = {weight: rank for rank, weight in enumerate(RANK_WEIGHTS, 1)}
MAX_ITEMS: Final = 5
_SIZES: Final = range(MAX_ITEMS + 1)
_POSITIONS: Final = tuple(range(size) for size in _SIZES)
#: By number of items: multiset key -> codes of its (fifteens, pairs, runs); sort order -> its
#: carrying map (code -> code); code -> what takes the combination out of the items.
_PATTERNS: Final[tuple[dict[int, tuple[tuple[int, ...], ...]], ...]] = tuple({} for _ in _SIZES)
_REMAPS: Final[tuple[dict[tuple[int, ...], tuple[int, ...]], ...]] = tuple({} for _ in _SIZES)
_GETTERS: Final[list[tuple[Callable[[Sequence[Any]], Any], ...]]] = [() for _ in _SIZES]
#: By number of items, made at its first count: code -> subset of positions, and back.
_SUBSETS: Final[list[tuple[tuple[int, ...], ...]]] = [() for _ in _SIZES]
_CODES: Final[list[dict[tuple[int, ...], int]]] = [{} for _ in _SIZES]

#: The fifteens, pairs and longest runs of some items, each as a tuple of the items.
Parts = tuple[tuple[tuple[T, ...], ...], tuple[tuple[T, T], ...], tuple[tuple[T, ...], ...]]


def card_parts(cards: Sequence[T]) -> Parts[T]:
    """The fifteens, pairs and runs of 0 to 5 distinct cards (ints 0-51), from the tables.

    >>> fifteens, pairs, runs = card_parts(parse_cards("7h 8d 8s 9c Kh"))
    >>> [" ".join(map(str, combo)) for combo in fifteens + pairs + runs]
    ['7h 8d', '7h 8s', '8d 8s', '7h 8d 9c', '7h 8s 9c']
    """
    return _parts(cards, _CARD_WEIGHTS)  # cards sort by rank first, as ranks do


def rank_parts(ranks: Sequence[T]) -> Parts[T]:
    """The fifteens, pairs and runs of 0 to 5 ranks (1-13, repeats allowed), from the tables.

    >>> rank_parts([9, 6, 9])
    (((9, 6), (6, 9)), ((9, 9),), ())
    """
    return _parts(ranks, _RANK_WEIGHTS)


def _parts(items: Sequence[T], weights: tuple[int, ...]) -> Parts[T]:
    size = len(items)
    key = sum(map(weights.__getitem__, items))
    order = tuple(sorted(_POSITIONS[size], key=items.__getitem__))
    pattern = _PATTERNS[size].get(key)
    if pattern is None:
        pattern = _learn(key, [_RANK_OF_WEIGHT[weights[items[i]]] for i in order])
    remap = _REMAPS[size].get(order)
    if remap is None:
        remap = _learn_order(order)
    getters = _GETTERS[size]
    fifteens, pairs, runs = pattern
    return (
        _place(fifteens, remap, getters, items) if fifteens else (),
        _place(pairs, remap, getters, items) if pairs else (),  # type: ignore[return-value]
        _place(runs, remap, getters, items) if runs else (),
    )


def _place(
    codes: tuple[int, ...],
    remap: tuple[int, ...],
    getters: tuple[Callable[[Sequence[T]], tuple[T, ...]], ...],
    items: Sequence[T],
) -> tuple[tuple[T, ...], ...]:
    """The combinations of these codes as tuples of the items, in brute-force order: the codes
    carried through the items' sort order, sorted. (One and two codes, most parts, are taken
    apart from the general case: this is the hot loop of every count.)"""
    if len(codes) == 1:
        return (getters[remap[codes[0]]](items),)
    if len(codes) == 2:
        first, second = remap[codes[0]], remap[codes[1]]
        if first > second:
            first, second = second, first
        return getters[first](items), getters[second](items)
    return tuple([getters[c](items) for c in sorted(map(remap.__getitem__, codes))])


def _learn(key: int, sorted_ranks: list[int]) -> tuple[tuple[int, ...], ...]:
    """Find and keep the codes of a multiset's combinations, trying every subset of positions
    once in code order (so that each part's codes come out in brute-force order)."""
    size = len(sorted_ranks)
    if not _SUBSETS[size]:
        _number_subsets(size)
    subsets = _SUBSETS[size]
    pips = [min(rank, 10) for rank in sorted_ranks]
    ranks = sorted_ranks
    fifteens = tuple(code for code, s in enumerate(subsets) if sum(pips[i] for i in s) == 15)
    pairs = tuple(
        code for code, s in enumerate(subsets) if len(s) == 2 and ranks[s[0]] == ranks[s[1]]
    )
    runs: tuple[int, ...] = ()
    for length in range(size, 2, -1):  # the longest runs only; the ranks being sorted, a run
        runs = tuple(  # is a subset whose ranks step up by one
            code
            for code, s in enumerate(subsets)
            if len(s) == length and all(ranks[j] - ranks[i] == 1 for i, j in pairwise(s))
        )
        if runs:
            break
    pattern = _PATTERNS[size][key] = (fifteens, pairs, runs)
    return pattern


def _learn_order(order: tuple[int, ...]) -> tuple[int, ...]:
    """Find and keep a sort order's carrying map (once): the code of each subset of sorted
    positions -> the code of the same items at their own positions."""
    size = len(order)
    if not _SUBSETS[size]:
        _number_subsets(size)
    codes = _CODES[size]
    remap = _REMAPS[size][order] = tuple(
        codes[tuple(sorted(order[p] for p in subset))] for subset in _SUBSETS[size]
    )
    return remap


def _number_subsets(size: int) -> None:
    """Number the subsets of two or more of ``size`` positions (the codes)."""
    subsets = tuple(combo for k in range(2, size + 1) for combo in combinations(range(size), k))
    _SUBSETS[size] = subsets
    _CODES[size] = {subset: code for code, subset in enumerate(subsets)}
    # itemgetter of two or more positions returns a tuple: the combination's items.
    _GETTERS[size] = tuple(itemgetter(*subset) for subset in subsets)


#: Plain ints and cards, which are looked up directly (a bool, a float or a numpy int goes
#: through ``Card()``, which checks it, or refuses it as ``Card()`` always has).
_PLAIN: Final = frozenset({int, Card})
_JUST_CARDS: Final = frozenset({Card})
_CARD_OF: Final = dict(zip(range(len(DECK)), DECK, strict=True))
_PLAIN_RANKS: Final = frozenset({int, Rank})
_RANK_OF: Final = dict(zip(range(1, 14), Rank, strict=True))
#: The jack of each suit, the card that scores nobs.
_JACKS: Final = tuple(Card.of(Rank.JACK, suit) for suit in range(4))


def _as_cards(cards: CardsLike) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards, distinct=False)
    items: Sequence[int] = cards if type(cards) is tuple or type(cards) is list else tuple(cards)
    kinds = set(map(type, items))
    if kinds == _JUST_CARDS and type(items) is tuple:
        return cast(tuple[Card, ...], items)
    if kinds <= _PLAIN:
        try:
            return tuple(map(_CARD_OF.__getitem__, items))
        except KeyError:  # out of range: Card() says so
            pass
    return tuple(Card(card) for card in items)


def _as_card(card: Card | int | str) -> Card:
    if type(card) in _PLAIN:
        found = _CARD_OF.get(cast(int, card))
        if found is not None:
            return found
    return Card.parse(card) if isinstance(card, str) else Card(card)


def score_hand(
    hand: CardsLike, starter: Card | int | str | None = None, *, crib: bool = False
) -> Score[Card]:
    """Score 4 cards with the starter as the show does (or 4 cards alone, with no starter).

    Flush: 4 hand cards of one suit score 4, 5 with the starter; a crib only scores a flush of
    all 5. Nobs: a jack in the hand of the starter's suit. With no starter (the last hand of
    Solitaire), 4 cards of one suit score 4 and there is no nobs.

    >>> score_hand("7h 8d 8s 9c", "Kh").total
    12
    >>> score_hand("2h 4h 6h 8h", "Kc").flush_points, score_hand("2h 4h 6h 8h", "Kc", crib=True).total
    (4, 0)
    """
    cards = _as_cards(hand)
    if len(cards) != 4:
        raise HandSizeError(f"a hand has 4 cards, not {len(cards)}: {_cards_text(cards)}")
    if starter is None:
        if crib:
            raise HandSizeError("a crib is always counted with a starter")
        check_distinct(cards)
        fifteens, pairs, runs = _parts(cards, _CARD_WEIGHTS)
        return _new_score(
            "hand", cards, None, fifteens, pairs, runs, cards if _one_suit(cards) else ()
        )
    cut = _as_card(starter)
    five = (*cards, cut)
    if len(set(five)) != 5:
        check_distinct(five)  # raises, naming the first card given twice
    fifteens, pairs, runs = _parts(five, _CARD_WEIGHTS)
    flush: tuple[Card, ...] = ()
    suit = cut & 3
    a, b, c, d = cards
    if a & 3 == b & 3 == c & 3 == d & 3:
        if a & 3 == suit:
            flush = five
        elif not crib:
            flush = cards
    jack = _JACKS[suit]
    nobs = jack if jack in cards else None
    kind: ScoreKind = "crib" if crib else "hand"
    return _new_score(kind, cards, cut, fifteens, pairs, runs, flush, nobs)


def score_line(line: CardsLike) -> Score[Card]:
    """Score a Table Top row or column: 5 cards (or fewer while it fills), no starter.

    Only a flush of all 5 cards counts, and there is no nobs.

    >>> score_line("4c 5d 5h 6s 6c").total
    24
    >>> score_line("2h 4h 6h 8h Th").flush_points
    5
    """
    cards = _as_cards(line)
    if not 1 <= len(cards) <= 5:
        raise HandSizeError(f"a line has 1 to 5 cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        check_distinct(cards)  # raises, naming the first card given twice
    fifteens, pairs, runs = _parts(cards, _CARD_WEIGHTS)
    flush = cards if len(cards) == 5 and _one_suit(cards) else ()
    return _new_score("line", cards, None, fifteens, pairs, runs, flush)


def score_tile_line(ranks: Iterable[int | str]) -> Score[Rank]:
    """Score a Cribbage Tiles crib hand of 1 to 5 tiles by rank (five of a kind is 20).

    >>> score_tile_line("6 9").total, score_tile_line([8, 8, 8, 8, 8]).total
    (2, 20)
    """
    tiles = _as_tiles(ranks)
    if not 1 <= len(tiles) <= 5:
        raise HandSizeError(f"a crib hand of tiles has 1 to 5 tiles, not {len(tiles)}")
    fifteens, pairs, runs = _parts(tiles, _RANK_WEIGHTS)
    return _new_score("tiles", tiles, None, fifteens, pairs, runs)


def _as_tiles(ranks: Iterable[int | str]) -> tuple[Rank, ...]:
    items = ranks.split() if isinstance(ranks, str) else list(ranks)
    if set(map(type, items)) <= _PLAIN_RANKS:
        try:
            return tuple(map(_RANK_OF.__getitem__, cast(list[int], items)))
        except KeyError:  # not 1-13: Rank() says so
            pass
    return tuple(Rank.parse(r) if isinstance(r, str) else Rank(r) for r in items)


def _one_suit(cards: Sequence[int]) -> bool:
    """Whether the cards (at least one) are all of one suit."""
    return len({card & 3 for card in cards}) == 1


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards) or "(none)"
