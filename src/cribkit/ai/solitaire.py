"""Computer players for Cribbage Solitaire, and the best possible total of a known deck.

The only decision is which 2 of the 6 hand cards to lay away to the crib. The levels:

- easy: the best expected hand alone, the starter any of the 46 cards not in the hand;
- medium: the best expected hand + crib for a fresh deck (the crib's other 2 cards and the
  starter uniformly among the 46 cards not in the hand: the core's uniform crib model,
  exactly); it forgets the cards of earlier rounds;
- expert: the best **exact** expected hand + crib given everything the player has seen. The
  crib's 2 face-down cards and the starter are a uniformly random arrangement of the unseen
  cards (the cards neither held nor counted nor turned), so the expectation runs over every
  (face-down pair, starter) of them; in the sixth round the starter is known (it is the
  second starter coming back from the bottom of the stock), and so are the face-down cards
  (the only 2 cards not yet seen).

:func:`lay_away_options` is the expert's analysis; :func:`best_possible_total` the best
total with the whole deck order known.

>>> from cribkit.core.cards import parse_cards
>>> best = lay_away_options(parse_cards("5h 5c 5d Js 7c 9h"), unseen_of(parse_cards("5h 5c 5d Js 7c 9h")))[0]
>>> " ".join(map(str, best.discard)), round(best.hand_mean, 3), round(best.crib_mean, 3)
('7c 9h', 16.652, 4.256)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cribkit.ai.players import Observation, register_players, view_of
from cribkit.core.cards import DECK, Card, Rank, card_rank, card_suit
from cribkit.core.tables import (
    CARD_WEIGHT_ARRAY,
    FLUSH_TABLES,
    JACK_SHIFT,
    KEY_MASK,
    PACKED,
    RANK_TABLES,
    RANK_WEIGHTS,
    SUIT_SHIFT,
    four_card_total,
    hand_total,
)
from cribkit.games.actions import Discard
from cribkit.games.protocol import Action
from cribkit.games.solitaire.deal import round_cards
from cribkit.games.solitaire.rules import HEELS
from cribkit.games.solitaire.view import SolitaireView

__all__ = [
    "BestPlay",
    "LayAwayOption",
    "SolitairePlayer",
    "as_view",
    "best_play",
    "best_possible_total",
    "best_round",
    "knowledge",
    "lay_away_options",
    "options_for",
    "unseen_of",
]

# Each card's rank (1-13) and suit (0-3), from core, as arrays: the analysis looks up whole
# arrays of cards at once.
_RANK: Final = np.array([card_rank(c) for c in DECK], dtype=np.intp)
_SUIT: Final = np.array([card_suit(c) for c in DECK], dtype=np.intp)
_R5: Final = RANK_TABLES[5].astype(np.int64)
_WEIGHTS: Final = np.array(RANK_WEIGHTS, dtype=np.int64)
# The 91 pairs of rank indices p <= q.
_P, _Q = (
    np.array(v, dtype=np.intp)
    for v in zip(*((p, q) for p in range(13) for q in range(p, 13)), strict=True)
)
_PAIR_KEYS: Final = _WEIGHTS[_P] + _WEIGHTS[_Q]
_SAME: Final = _P == _Q


@dataclass(frozen=True, slots=True)
class LayAwayOption:
    """One way to lay away: the 2 cards, the 4 kept, and the exact expected points."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_mean: float
    crib_mean: float

    @property
    def value(self) -> float:
        """Expected hand + crib points this round (his heels does not depend on the choice)."""
        return self.hand_mean + self.crib_mean

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, cards as text."""
        return {
            "discard": [str(c) for c in self.discard],
            "keep": [str(c) for c in self.keep],
            "hand_mean": self.hand_mean,
            "crib_mean": self.crib_mean,
            "value": self.value,
        }


def unseen_of(seen: Iterable[int]) -> tuple[Card, ...]:
    """The cards not in ``seen``, ascending."""
    known = {int(c) for c in seen}
    return tuple(c for c in DECK if c not in known)


def _pair_counts(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """How many unordered pairs of cards have each of the 91 rank pairs, from rank counts."""
    cp, cq = counts[_P], counts[_Q]
    result: npt.NDArray[np.int64] = np.where(_SAME, cp * (cp - 1) // 2, cp * cq)
    return result


def lay_away_options(
    hand: Sequence[int], unseen: Sequence[int], starter: int | None = None
) -> list[LayAwayOption]:
    """The 15 lay-aways of a 6-card ``hand``, with the exact expected hand and crib, best first.

    The crib's 2 face-down cards and the starter are a uniformly random arrangement of the
    ``unseen`` cards (every face-down pair of them, and every other one as the starter, equally
    likely); with a known ``starter`` (not among ``unseen``) only the pair is unknown. Ties
    keep the higher hand first, then the lower cards laid away.

    The crib's fifteens, pairs and runs are summed over rank multisets (the unseen cards'
    rank counts give how many (pair, starter) arrangements have each), the flush and nobs
    by counting suits: exact, and about a millisecond.

    >>> from cribkit.core.cards import parse_cards
    >>> hand = parse_cards("2c 3c 4c 5c 9d Kh")
    >>> options = lay_away_options(hand, parse_cards("5d 5h"), starter=Card.parse("Jc"))
    >>> [(" ".join(map(str, o.discard)), o.hand_mean, o.crib_mean) for o in options[:2]]
    [('5c Kh', 7.0, 20.0), ('9d Kh', 13.0, 10.0)]
    """
    cards = [Card(c) for c in hand]
    if len(cards) != 6 or len(set(cards)) != 6:
        raise ValueError(f"a Solitaire hand is 6 different cards, not {len(cards)}")
    pool = np.array(sorted({int(c) for c in unseen}), dtype=np.intp)
    if set(pool.tolist()) & set(cards) or (starter is not None and int(starter) in pool):
        raise ValueError("the unseen cards cannot include the hand or the known starter")
    n = len(pool)
    suit_counts = np.bincount(_SUIT[pool], minlength=4).astype(np.int64)
    # Indexed by rank - 1, as the tables are.
    rank_counts = np.bincount(_RANK[pool] - 1, minlength=13).astype(np.int64)
    if starter is None:
        if n < 3:
            raise ValueError(f"2 face-down cards and a starter need 3 unseen cards, not {n}")
        # keys[s, k]: rank key of (starter rank s, pair rank-pair k); weights: how many.
        eye = np.eye(13, dtype=np.int64)
        after = rank_counts[None, :] - eye  # rank counts once a starter of rank s is out
        pairs = np.stack([_pair_counts(row) for row in after])
        weights = (rank_counts[:, None] * pairs).ravel()
        keys = (_WEIGHTS[:, None] + _PAIR_KEYS[None, :]).ravel()
        arrangements = n * (n - 1) // 2 * (n - 2)
        flush_count = suit_counts * (suit_counts - 1) // 2 * (suit_counts - 2)
        starter_suit_count = suit_counts * ((n - 1) * (n - 2) // 2)
        jacks = pool[_RANK[pool] == Rank.JACK]
        face_down_nobs = int(sum((suit_counts[card_suit(j)] - 1) * (n - 2) for j in jacks))
        starters = pool
    else:
        s = Card(starter)
        if n < 2:
            raise ValueError(f"2 face-down cards need 2 unseen cards, not {n}")
        weights = _pair_counts(rank_counts)
        suit = card_suit(s)
        keys = _WEIGHTS[card_rank(s) - 1] + _PAIR_KEYS
        arrangements = n * (n - 1) // 2
        flush_count = np.zeros(4, dtype=np.int64)
        flush_count[suit] = suit_counts[suit] * (suit_counts[suit] - 1) // 2
        starter_suit_count = np.zeros(4, dtype=np.int64)
        starter_suit_count[suit] = arrangements
        face_down_nobs = n - 1 if Card.of(Rank.JACK, suit) in pool else 0
        starters = np.array([int(s)], dtype=np.intp)
    live = weights > 0
    weights, keys = weights[live], keys[live]

    ordered = sorted(cards)
    discards = list(combinations(ordered, 2))
    laid = np.array(discards, dtype=np.intp)
    # The crib: fifteens, pairs and runs over the rank multisets, then flush and nobs.
    laid_keys = CARD_WEIGHT_ARRAY[laid].sum(axis=1)
    rank_sums = (_R5[laid_keys[:, None] + keys[None, :]] * weights[None, :]).sum(axis=1)
    # The hand: each kept four with each possible starter, all at once.
    keeps = [tuple(c for c in ordered if c not in pair) for pair in discards]
    four = np.array([sum(PACKED[c] for c in keep) for keep in keeps], dtype=np.uint64)
    starter_suits = _SUIT[starters].astype(np.uint64)
    hand_keys = (four & KEY_MASK).astype(np.int64)[:, None] + CARD_WEIGHT_ARRAY[starters][None, :]
    hand_totals = _R5[hand_keys]
    hand_totals += (
        (four[:, None] >> (np.uint64(JACK_SHIFT) + starter_suits[None, :])) & np.uint64(1)
    ).astype(np.int64)
    suit_part = ((four >> np.uint64(SUIT_SHIFT)) & np.uint64(0xFFF)) * np.uint64(4)
    hand_totals += FLUSH_TABLES[False][
        (suit_part[:, None] + starter_suits[None, :]).astype(np.intp)
    ]
    hand_sums = hand_totals.sum(axis=1)

    options = []
    for index, (a, b) in enumerate(discards):
        crib = int(rank_sums[index]) + face_down_nobs
        if card_suit(a) == card_suit(b):
            crib += 5 * int(flush_count[card_suit(a)])
        crib += sum(
            int(starter_suit_count[card_suit(c)]) for c in (a, b) if card_rank(c) == Rank.JACK
        )
        options.append(
            LayAwayOption(
                discard=(a, b),
                keep=keeps[index],
                hand_mean=int(hand_sums[index]) / len(starters),
                crib_mean=crib / arrangements,
            )
        )
    options.sort(key=lambda o: (-o.value, -o.hand_mean, o.discard))
    return options


def as_view(observation: Observation) -> SolitaireView:
    """The Solitaire view a player reads; anything else is a :class:`TypeError`."""
    return view_of(observation, SolitaireView, "Solitaire")


def knowledge(
    observation: Observation,
) -> tuple[tuple[Card, ...], tuple[Card, ...], Card | None]:
    """From a Solitaire view: the hand, the unseen cards, and the starter if known.

    The starter is known when every card left in the stock is one the player saw go to the
    bottom (the sixth round): it is the top one of them.
    """
    view = as_view(observation)
    return view.hand, view.unseen, view.next_starter


def options_for(observation: Observation) -> list[LayAwayOption]:
    """The expert's exact analysis of the lay-aways in a Solitaire view, best first.

    >>> from cribkit.games.solitaire.state import start_solitaire
    >>> view = start_solitaire(seed=1).state.observation(0)
    >>> options = options_for(view)
    >>> len(options), options[0].value >= options[-1].value
    (15, True)
    """
    hand, unseen, starter = knowledge(observation)
    return lay_away_options(hand, unseen, starter)


class SolitairePlayer:
    """A Solitaire player of one level (``easy``, ``medium``, ``expert``); deterministic.

    >>> from cribkit.games.solitaire.state import start_solitaire
    >>> state = start_solitaire(seed=2).state
    >>> SolitairePlayer("expert").choose(state.observation(0), state.legal_actions()) in state.legal_actions()
    True
    """

    def __init__(self, level: str, seed: int | None = None) -> None:
        if level not in ("easy", "medium", "expert"):
            raise ValueError(f"unknown solitaire AI level {level!r}")
        self.name = level
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        if not discards:
            raise ValueError("there is no lay-away to choose from")
        by_cards = {tuple(a.cards): a for a in discards}
        for cards in self.ranking(observation):
            action = by_cards.get(cards)
            if action is not None:
                return action
        return discards[0]  # pragma: no cover - the ranking covers every lay-away

    def ranking(self, observation: Observation) -> list[tuple[Card, ...]]:
        """Every lay-away (2 cards, ascending), best first for this level."""
        view = as_view(observation)
        if self.level == "expert":
            return [o.discard for o in options_for(view)]
        hand = view.hand
        # A fresh deck: the other 46 cards hold the face-down pair and the starter. This is
        # the core's uniform crib model (see cribkit.core.analysis), computed faster.
        options = lay_away_options(hand, unseen_of(hand))
        if self.level == "easy":
            options.sort(key=lambda o: (-o.hand_mean, o.discard))
        return [o.discard for o in options]


# ---------------------------------------------------------------------------------------------
# The best possible total, knowing the deck


@dataclass(frozen=True, slots=True)
class BestPlay:
    """The best play of a known deck: each round's best lay-away and points, the last hand."""

    discards: tuple[tuple[Card, ...], ...]
    round_points: tuple[int, ...]
    last_hand_points: int

    @property
    def total(self) -> int:
        """The best possible total."""
        return sum(self.round_points) + self.last_hand_points


def best_round(
    hand: Sequence[int], crib: Sequence[int], starter: int
) -> tuple[int, tuple[Card, ...]]:
    """The most a round can score (heels, hand, crib) and the lay-away that scores it, with
    its 6 hand cards, 2 face-down crib cards and starter known (the first best, lowest cards).

    >>> from cribkit.core.cards import parse_cards
    >>> points, laid = best_round(parse_cards("5h 5c 5d Js 7c 9h"), parse_cards("2c 3c"), Card.parse("5s"))
    >>> points, " ".join(map(str, laid))
    (31, '7c 9h')
    """
    cards = sorted(Card(c) for c in hand)
    down = [Card(c) for c in crib]
    cut = Card(starter)
    heels = HEELS if card_rank(cut) == Rank.JACK else 0
    best = -1
    best_laid: tuple[Card, ...] = ()
    for a, b in combinations(cards, 2):
        keep = [c for c in cards if c != a and c != b]
        points = hand_total(keep, cut) + hand_total((*down, a, b), cut, True)
        if points > best:
            best, best_laid = points, (a, b)
    return heels + best, best_laid


def best_play(deck: Sequence[int | str]) -> BestPlay:
    """The best play of a deck (52 cards, top first) with its whole order known.

    Where every card goes depends only on the deck order (the player's choice only splits
    each round's 6 hand cards between hand and crib), so the rounds are independent and the
    best total is the sum of each round's best, plus the last hand.
    """
    rounds, last = round_cards(deck)
    results = [best_round(r.hand, r.crib, r.starter) for r in rounds]
    return BestPlay(
        tuple(laid for _, laid in results),
        tuple(points for points, _ in results),
        four_card_total(last),
    )


def best_possible_total(deck: Sequence[int | str]) -> int:
    """The best total a player could make on ``deck`` (52 cards, top first) knowing its order.

    >>> from cribkit.games.solitaire.deal import solitaire_deck
    >>> best_possible_total(solitaire_deck(1)) >= 0
    True
    """
    return best_play(deck).total


def _make(level: str, seed: int | None) -> SolitairePlayer:
    return SolitairePlayer(level, seed)


register_players("solitaire", _make)
