"""Scoring with explanations: the show, 5-card lines, tile lines.

Every function here returns a frozen :class:`Score` breakdown that lists each fifteen, pair and
run by its cards, the flush and nobs, and can say the count the way players say it. The fast
paths in :mod:`cribkit.core.tables` return the same totals without the breakdown.

>>> s = score_hand("5h 5c 5d Js", "5s")
>>> s.total, s.fifteens_points, s.pairs_points, s.nobs_points
(29, 16, 12, 1)
>>> score_hand("4h 5d 5h 6s", "6c").words()
'fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, and four runs of three is twenty-four'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Generic, Literal, TypeVar

from cribkit.core.cards import Card, HandSizeError, Rank, check_distinct, parse_cards
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


def _combinations_parts(
    items: Sequence[T], ranks: Sequence[int]
) -> tuple[tuple[tuple[T, ...], ...], tuple[tuple[T, T], ...], tuple[tuple[T, ...], ...]]:
    """Fifteens, pairs and longest runs among the items, which have the given ranks."""
    indices = range(len(items))
    pips = [min(rank, 10) for rank in ranks]
    fifteens = tuple(
        tuple(items[i] for i in combo)
        for size in range(2, len(items) + 1)
        for combo in combinations(indices, size)
        if sum(pips[i] for i in combo) == 15
    )
    pairs = tuple((items[i], items[j]) for i, j in combinations(indices, 2) if ranks[i] == ranks[j])
    runs: tuple[tuple[T, ...], ...] = ()
    for length in range(len(items), 2, -1):
        runs = tuple(
            tuple(items[i] for i in combo)
            for combo in combinations(indices, length)
            if _is_run([ranks[i] for i in combo])
        )
        if runs:
            break
    return fifteens, pairs, runs


def _is_run(ranks: Sequence[int]) -> bool:
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens + pairs + runs for a multiset of ranks (1-13); what the fast tables hold.

    >>> rank_points([4, 5, 5, 6, 6])
    24
    """
    fifteens, pairs, runs = _combinations_parts(list(ranks), list(ranks))
    return 2 * len(fifteens) + 2 * len(pairs) + sum(len(run) for run in runs)


def _as_cards(cards: CardsLike) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards, distinct=False)
    return tuple(Card(card) for card in cards)


def _as_card(card: Card | int | str) -> Card:
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
        fifteens, pairs, runs = _combinations_parts(cards, [card.rank for card in cards])
        same_suit = len({card.suit for card in cards}) == 1
        return Score("hand", cards, None, fifteens, pairs, runs, cards if same_suit else ())
    cut = _as_card(starter)
    five = (*cards, cut)
    check_distinct(five)
    fifteens, pairs, runs = _combinations_parts(five, [card.rank for card in five])
    hand_suits = {card.suit for card in cards}
    flush: tuple[Card, ...] = ()
    if len(hand_suits) == 1:
        if cut.suit in hand_suits:
            flush = five
        elif not crib:
            flush = cards
    nobs = next((c for c in cards if c.rank == Rank.JACK and c.suit == cut.suit), None)
    kind: ScoreKind = "crib" if crib else "hand"
    return Score(kind, cards, cut, fifteens, pairs, runs, flush, nobs)


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
    check_distinct(cards)
    fifteens, pairs, runs = _combinations_parts(cards, [card.rank for card in cards])
    flush = cards if len(cards) == 5 and len({card.suit for card in cards}) == 1 else ()
    return Score("line", cards, None, fifteens, pairs, runs, flush)


def score_tile_line(ranks: Iterable[int | str]) -> Score[Rank]:
    """Score a Cribbage Tiles crib hand of 1 to 5 tiles by rank (five of a kind is 20).

    >>> score_tile_line("6 9").total, score_tile_line([8, 8, 8, 8, 8]).total
    (2, 20)
    """
    items = ranks.split() if isinstance(ranks, str) else list(ranks)
    tiles = tuple(Rank.parse(r) if isinstance(r, str) else Rank(r) for r in items)
    if not 1 <= len(tiles) <= 5:
        raise HandSizeError(f"a crib hand of tiles has 1 to 5 tiles, not {len(tiles)}")
    fifteens, pairs, runs = _combinations_parts(tiles, [int(t) for t in tiles])
    return Score("tiles", tiles, None, fifteens, pairs, runs)


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards) or "(none)"
