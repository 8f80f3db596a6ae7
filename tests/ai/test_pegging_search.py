"""Pegging on ranks: the points, the greedy and one-reply choices, and the exact play search.

The exact search (:class:`PlaySearch`) is checked against an independent brute force that
drives the real engine: a two-player classic deal from a stacked deck, every sequence of
cards played through ``legal_actions``/``apply``, the pegging points taken from the engine's
``peg``, ``go`` and ``last_card`` events, and a plain minimax over them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.ai.classic import ClassicPlayer
from cribkit.ai.data.build_peg_values import best_keep, measure, shrink
from cribkit.ai.pegging import (
    PEG_FEATURES,
    WIN_VALUE,
    PlaySearch,
    greedy_card,
    load_peg_values,
    lookahead_card,
    peg_features,
    peg_points,
    pip,
    play_out,
    playable,
    rank_patterns,
    reply_risk,
)
from cribkit.core.cards import DECK, Card
from cribkit.core.pegging import MAX_COUNT, score_peg
from cribkit.games.actions import Discard
from cribkit.games.classic.actions import Play
from cribkit.games.classic.rules import ClassicRules, stacked_deck
from cribkit.games.classic.state import ClassicState, start_game

# ---------------------------------------------------------------------------------------------
# peg_points, playable, greedy_card, reply_risk, lookahead_card


@st.composite
def legal_piles(draw: st.DrawFn) -> list[Card]:
    """A current count: distinct cards in the order laid, never past 31."""
    order = draw(st.permutations(range(52)))
    length = draw(st.integers(1, 12))
    pile: list[Card] = []
    count = 0
    for card in order[:length]:
        if count + DECK[card].pip > MAX_COUNT:
            break
        pile.append(DECK[card])
        count += DECK[card].pip
    return pile


@settings(max_examples=400)
@given(legal_piles())
def test_peg_points_agree_with_the_core_on_ranks(pile: list[Card]) -> None:
    ranks = [int(c.rank) for c in pile]
    count = sum(c.pip for c in pile)
    assert peg_points(ranks, count) == score_peg(pile).total


@pytest.mark.parametrize(
    ("ranks", "points"),
    [
        ((5, 10), 2),  # fifteen
        ((10, 10, 10, 1), 2),  # thirty-one
        ((10, 13, 8, 3), 2),  # thirty-one
        ((3, 3, 3, 3), 12),
        ((7, 7, 7), 6),
        ((7, 7), 2),
        ((7, 8, 7), 0),
        ((4, 6, 5), 5),  # run of three and fifteen
        ((3, 4, 5, 5), 2),  # the pair breaks the run
        ((1, 2, 3, 4, 5), 7),  # run of five and fifteen
        ((12, 13, 1), 0),  # ace is low: no Q-K-A run
        ((6, 3, 5, 4), 4),
    ],
)
def test_peg_points_table(ranks: tuple[int, ...], points: int) -> None:
    assert peg_points(ranks, sum(pip(r) for r in ranks)) == points


def test_pip_and_playable() -> None:
    assert [pip(r) for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert playable([13, 5, 5, 1, 7], 22) == [1, 5, 7]
    assert playable([13, 12], 22) == []
    assert playable([13, 12, 11], 21) == [11, 12, 13]


def test_greedy_card_takes_the_most_points_now() -> None:
    assert greedy_card((5, 9, 4), pile=(10,)) == 5  # fifteen
    # The 5 (fifteen) and the 10 (pair) score 2 each: the tie goes to the higher count value.
    assert greedy_card((5, 10, 4), pile=(10,)) == 10
    assert greedy_card((2, 9, 6), pile=(9,)) == 9  # the pair beats the 6 (no fifteen: 9+6)
    assert greedy_card((3, 8, 6), pile=(4, 5)) == 6  # 4-5-6 run and fifteen
    assert greedy_card((1, 13), pile=(10, 10, 10)) == 1  # 31


def test_greedy_card_ties_go_to_the_higher_count_value() -> None:
    assert greedy_card((2, 9, 13)) == 13
    assert greedy_card((11, 13, 12)) == 13  # all count ten: the higher rank
    assert greedy_card((13, 1), pile=(10, 10, 9)) == 1  # the king does not fit


def test_greedy_card_needs_a_playable_rank() -> None:
    with pytest.raises(ValueError, match="no rank"):
        greedy_card((13, 12), pile=(10, 10, 10))


@settings(max_examples=200)
@given(legal_piles(), st.lists(st.integers(1, 13), min_size=1, max_size=4))
def test_greedy_card_is_a_best_scoring_playable_rank(pile: list[Card], hand: list[int]) -> None:
    ranks = [int(c.rank) for c in pile]
    count = sum(c.pip for c in pile)
    options = playable(hand, count)
    if not options:
        with pytest.raises(ValueError, match="no rank"):
            greedy_card(hand, ranks)
        return
    best = max(peg_points([*ranks, r], count + pip(r)) for r in options)
    chosen = greedy_card(hand, ranks)
    assert chosen in options
    assert peg_points([*ranks, chosen], count + pip(chosen)) == best


def test_reply_risk_known_values() -> None:
    # On a 5: a ten-card makes 15 (2), a five pairs (2), aces score nothing.
    unseen = {10: 4, 5: 2, 1: 10}
    assert reply_risk((5,), 5, unseen) == pytest.approx((4 * 2 + 2 * 2) / 16)
    # Cards that do not fit score nothing but still count among the unseen cards.
    assert reply_risk((10, 10, 10), 30, {1: 1, 13: 3}) == pytest.approx(2 / 4)
    assert reply_risk((7,), 7, {}) == 0.0
    assert reply_risk((7,), 7, {8: 0, 2: 0}) == 0.0


def test_lookahead_card_avoids_giving_a_fifteen() -> None:
    unseen = dict(Counter(r for r in range(1, 14) for _ in range(4)))
    unseen[4] -= 1
    unseen[5] -= 1
    # Nothing scores now: greedy leads the higher 5, one reply ahead leads the 4.
    assert greedy_card((4, 5)) == 5
    assert lookahead_card((4, 5), (), unseen) == 4


def test_lookahead_card_counts_no_risk_after_31() -> None:
    # 21 + 10 = 31 scores 2 and ends the count; the 3 (count 24) scores nothing.
    unseen = {7: 4, 1: 4}
    assert lookahead_card((10, 3), (10, 1, 10), unseen) == 10
    with pytest.raises(ValueError, match="no rank"):
        lookahead_card((13,), (10, 10, 10), unseen)


@settings(max_examples=150)
@given(
    legal_piles(),
    st.lists(st.integers(1, 13), min_size=1, max_size=4),
    st.dictionaries(st.integers(1, 13), st.integers(0, 4), min_size=1),
)
def test_lookahead_card_maximises_points_minus_reply_risk(
    pile: list[Card], hand: list[int], unseen: dict[int, int]
) -> None:
    ranks = [int(c.rank) for c in pile]
    count = sum(c.pip for c in pile)
    options = playable(hand, count)
    if not options:
        return

    def net(rank: int) -> float:
        after = count + pip(rank)
        now = peg_points([*ranks, rank], after)
        if after == MAX_COUNT:
            return float(now)
        return now - reply_risk([*ranks, rank], after, unseen)

    chosen = lookahead_card(hand, ranks, unseen)
    assert chosen in options
    assert net(chosen) == pytest.approx(max(net(r) for r in options))


# ---------------------------------------------------------------------------------------------
# PlaySearch: small known positions


def test_search_doctest_position() -> None:
    assert PlaySearch().card_values((5, 10), [(5, 9)], pile=()) == {5: -3.0, 10: -3.0}


def test_search_last_card_and_go() -> None:
    # One card each: my 10, then their 10 pairs (2) and is the last card (1).
    assert PlaySearch().card_values((10,), [(10,)]) == {10: -3.0}
    # On 25, after the opponent's go, only my ace fits (26); the opponent is still stuck and
    # my king does not fit: one for the go to me. Their 9 leads the new count and my king is
    # the last card: 2-0.
    values = PlaySearch().card_values((1, 13), [(9,)], pile=(10, 10, 5), opponent_go=True)
    assert values == {1: 2.0}


def test_search_thirty_one_gives_no_go_and_no_last_card() -> None:
    # 21 + 10 = 31: 2 points, and nothing for the last card.
    assert PlaySearch().card_values((13,), [()], pile=(9, 2, 10), opponent_go=True) == {13: 2.0}


def test_search_weights_average_the_guesses() -> None:
    search = PlaySearch()
    one = search.card_values((5,), [(10,)])
    two = search.card_values((5,), [(4,)])
    both = search.card_values((5,), [(10,), (4,)], weights=[3.0, 1.0])
    assert both[5] == pytest.approx((3 * one[5] + two[5]) / 4)


def test_search_needs_a_playable_rank() -> None:
    with pytest.raises(ValueError, match="no rank"):
        PlaySearch().card_values((13,), [(1,)], pile=(10, 10, 5))


def test_search_pegs_out_with_a_fifteen() -> None:
    """needs=(2, 50): the 5 on a 10 makes 15 and wins at once."""
    values = PlaySearch(needs=(2, 50)).card_values((5, 9), [(3, 4)], pile=(10,))
    assert values[5] == WIN_VALUE
    assert values[9] < WIN_VALUE / 2
    # Without needs the same 5 is worth only its pegging margin.
    assert PlaySearch().card_values((5, 9), [(3, 4)], pile=(10,))[5] < 10


def test_search_defends_when_the_opponent_could_peg_out() -> None:
    # The opponent needs 2 and holds two tens: leading the 5 gives them 15 and the game.
    values = PlaySearch(needs=(50, 2)).card_values((4, 5), [(10, 10)])
    assert values == {4: -1.0, 5: -float(WIN_VALUE)}
    # Without needs the lead of the 5 loses only a few points.
    assert PlaySearch().card_values((4, 5), [(10, 10)])[5] > -10


# ---------------------------------------------------------------------------------------------
# PlaySearch against the engine

PEG_EVENTS = ("peg", "go", "last_card")
RULES = ClassicRules()


def pegging_state(
    seed: int, dealer: int, *, start_scores: Sequence[int] | None = None
) -> ClassicState:
    """A two-player deal at the start of the play: 4 random cards each, a non-jack starter."""
    rng = random.Random(seed)
    cards = rng.sample(range(52), 13)
    starter = next(c for c in cards if DECK[c].rank != 11)
    cards.remove(starter)
    pegging = {0: cards[0:4], 1: cards[4:8]}
    laid = {0: cards[8:10], 1: cards[10:12]}
    return deal_to_play(pegging, laid, starter, dealer, start_scores=start_scores)


def deal_to_play(
    pegging: dict[int, list[int]],
    laid: dict[int, list[int]],
    starter: int,
    dealer: int,
    *,
    start_scores: Sequence[int] | None = None,
) -> ClassicState:
    hands = {seat: " ".join(str(DECK[c]) for c in pegging[seat] + laid[seat]) for seat in (0, 1)}
    deck = stacked_deck(RULES, dealer=dealer, hands=hands, starter=str(DECK[starter]))
    state = start_game(RULES, decks=[deck], first_dealer=dealer, start_scores=start_scores).state
    for seat in (1 - dealer, dealer):
        state = state.apply(Discard(seat, tuple(DECK[c] for c in laid[seat]))).state
    assert state.phase == "play"
    assert state.turn == 1 - dealer  # pone leads
    return state


def cards(text: str) -> list[int]:
    return [int(Card.parse(t)) for t in text.split()]


def ranks_of(mask: int) -> list[int]:
    return [DECK[c].rank for c in range(52) if mask >> c & 1]


class EngineMinimax:
    """Exact values of the rest of the play from the engine's own transitions.

    A value is seat 0's pegging points minus seat 1's from here to the end of the play (from
    the engine's events). With ``wins``, a side that pegs out (the engine ends the game during
    the play) adds WIN_VALUE to its side of the value.
    """

    def __init__(self) -> None:
        self.memo: dict[tuple[object, ...], int] = {}
        self.nodes: list[ClassicState] = []

    def step(self, state: ClassicState, action: Play) -> tuple[int, int]:
        """(pegging margin of the events, margin of the rest) after ``action``."""
        transition = state.apply(action)
        events = transition.events
        margin = 0
        for event in events:
            if event.type in PEG_EVENTS and event.points:
                margin += event.points if event.seat == 0 else -event.points
        after = transition.state
        types = [e.type for e in events]
        if "win" in types:
            before_win = types[types.index("win") - 1]
            if before_win in PEG_EVENTS:  # pegged out: the play ends here
                assert after.result is not None
                return margin + (WIN_VALUE if after.result.winner == 0 else -WIN_VALUE), 0
        if after.phase != "play" or after.deal_no != state.deal_no:
            return margin, 0  # the play is over (the show follows)
        return margin, self.value(after)

    def value(self, state: ClassicState) -> int:
        key = (state.hands, state.pile, state.turn, state.gone, state.last, state.scores)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        self.nodes.append(state)
        mover = state.turn
        totals = [sum(self.step(state, a)) for a in self.legal_plays(state)]
        value = max(totals) if mover == 0 else min(totals)
        self.memo[key] = value
        return value

    @staticmethod
    def legal_plays(state: ClassicState) -> list[Play]:
        actions = state.legal_actions()
        assert actions
        assert all(isinstance(a, Play) for a in actions)
        return [a for a in actions if isinstance(a, Play)]

    def card_values(self, state: ClassicState) -> dict[int, list[int]]:
        """The mover's own value of each legal card, grouped by rank."""
        sign = 1 if state.turn == 0 else -1
        out: dict[int, list[int]] = {}
        for action in self.legal_plays(state):
            out.setdefault(action.card.rank, []).append(sign * sum(self.step(state, action)))
        return out


def search_values(search: PlaySearch, state: ClassicState) -> dict[int, float]:
    """PlaySearch's values for the seat to play, from the state's public and both hands."""
    me = state.turn
    opponent = 1 - me
    opponent_gone = bool(state.gone >> opponent & 1) or not state.hands[opponent]
    return search.card_values(
        ranks_of(state.hands[me]),
        [ranks_of(state.hands[opponent])],
        pile=[c.rank for c in state.pile],
        last_layer=None if state.last < 0 else (0 if state.last == me else 1),
        opponent_go=bool(state.pile) and opponent_gone,
    )


def check_every_decision(state: ClassicState, *, target: int | None = None) -> int:
    """Compare PlaySearch with the engine minimax at every reachable decision of the play;
    the number of decisions compared."""
    engine = EngineMinimax()
    engine.value(state)
    searches: dict[tuple[int, int] | None, PlaySearch] = {}
    for node in engine.nodes:
        me = node.turn
        needs = None
        if target is not None:
            needs = (target - node.scores[me], target - node.scores[1 - me])
        search = searches.setdefault(needs, PlaySearch(needs=needs))
        mine = search_values(search, node)
        brute = engine.card_values(node)
        assert set(mine) == set(brute), node
        for rank, values in brute.items():
            assert len(set(values)) == 1, "cards of one rank differ in value"
            if target is None:
                assert mine[rank] == values[0], (node, rank)
            else:
                # Pegging out dominates: the same outcome, and the exact margin otherwise.
                outcome = round(values[0] / WIN_VALUE)
                assert round(mine[rank] / WIN_VALUE) == outcome, (node, rank)
                if outcome == 0:
                    assert mine[rank] == values[0], (node, rank)
    return len(engine.nodes)


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(6))
def test_search_matches_the_engine_minimax(seed: int, dealer: int) -> None:
    state = pegging_state(seed, dealer)
    # The whole-play values at the lead, then every decision below it.
    engine = EngineMinimax()
    mine = search_values(PlaySearch(), state)
    brute = engine.card_values(state)
    assert mine == {rank: float(values[0]) for rank, values in brute.items()}
    assert check_every_decision(state) > 5


@pytest.mark.parametrize(
    ("pone", "dealer_hand"),
    [
        ("5h 5c Td Jd", "5d 5s Kc Qh"),  # fifteens, pairs, 31s
        ("Ac 2c 3c 4c", "Ad 2d 3d 4d"),  # runs, one count, the last card
        ("Kc Kd Ks Kh", "9c 9d 9h 9s"),  # goes on every count
        ("7c 8c 7d 8d", "Ah 7h 8h 2c"),
        ("6c 9d Qh 3s", "4c 4d Ts Ah"),
    ],
)
def test_search_matches_the_engine_on_stacked_deals(pone: str, dealer_hand: str) -> None:
    pegging = {1: cards(pone), 0: cards(dealer_hand)}
    used = set(pegging[0] + pegging[1])
    spare = [c for c in range(52) if c not in used and DECK[c].rank != 11]
    state = deal_to_play(pegging, {1: spare[:2], 0: spare[2:4]}, spare[4], dealer=0)
    assert check_every_decision(state) > 3


@pytest.mark.parametrize("seed", range(5))
def test_search_with_needs_matches_the_engine_near_the_target(seed: int) -> None:
    rng = random.Random(1000 + seed)
    scores = [rng.randint(113, 120), rng.randint(113, 120)]
    state = pegging_state(100 + seed, seed % 2, start_scores=scores)
    assert check_every_decision(state, target=RULES.target) > 5


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_an_opponent_who_grabs_points_is_never_worth_less(rng: random.Random) -> None:
    # The greedy card is one of the opponent's options, so a mix with it can only be worth
    # as much as the opponent's best reply or more, all the way up the search.
    deck = [rank for rank in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    mine, theirs = tuple(deck[:3]), tuple(deck[3:6])
    values = [PlaySearch(greed=g).card_values(mine, [theirs]) for g in (0.0, 0.5, 1.0)]
    for card in values[0]:
        assert values[0][card] <= values[1][card] + 1e-9
        assert values[1][card] <= values[2][card] + 1e-9


# ---------------------------------------------------------------------------------------------
# PlaySearch with an opponent who plays by what it can see (opponent_model="lookahead"): the
# brute force drives the engine and picks the opponent's card one reply ahead from its view at
# every opponent turn.


class EngineAgainstModel:
    """Seat 0's value of the rest of the play from ``root``, from the engine's own transitions,
    against an opponent that plays, with weight ``greed``, the card one reply ahead
    (:func:`lookahead_card`) from its view, and its best card otherwise.

    Its view at a position: every rank but the starter, the cards played before the root, the
    two it laid away, seat 0's cards played since the root and the cards it holds (the model's
    opponent forgets only the cards it has itself laid since the root).
    """

    def __init__(self, root: ClassicState, greed: float) -> None:
        self.greed = greed
        self.root_view = opponent_view(root)
        self.root_played = len(root.played)
        self.memo: dict[tuple[object, ...], float] = {}

    def after(self, state: ClassicState, action: Play) -> float:
        transition = state.apply(action)
        margin = sum(
            (e.points if e.seat == 0 else -e.points)
            for e in transition.events
            if e.type in PEG_EVENTS and e.points
        )
        nxt = transition.state
        if nxt.phase != "play" or nxt.deal_no != state.deal_no:
            return float(margin)
        return float(margin + self.value(nxt))

    def modelled_card(self, state: ClassicState) -> int:
        view = dict(self.root_view)
        since = [card for seat, card in state.played[self.root_played :] if seat == 0]
        for card in since + ranks_cards(state.hands[1]):
            view[Card(card).rank] -= 1
        hand = ranks_of(state.hands[1])
        return lookahead_card(hand, [c.rank for c in state.pile], view)

    def value(self, state: ClassicState) -> float:
        key = (state.hands, state.pile, state.turn, state.gone, state.last)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        by_rank = {int(a.card.rank): self.after(state, a) for a in plays}
        if state.turn == 0:
            value = max(by_rank.values())
        else:
            picked = by_rank[self.modelled_card(state)]
            value = (1 - self.greed) * min(by_rank.values()) + self.greed * picked
        self.memo[key] = value
        return value

    def card_values(self, state: ClassicState) -> dict[int, float]:
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        return {a.card.rank: self.after(state, a) for a in plays}


def opponent_view(state: ClassicState) -> dict[int, int]:
    """Ranks seat 1 has not seen, its own cards aside: all but the starter, the cards played
    and the two it laid away (the brute force's opponent knows its discards)."""
    counts = dict.fromkeys(range(1, 14), 4)
    assert state.starter is not None
    seen = [state.starter, *(card for _, card in state.played), *ranks_cards(state.laid[1])]
    for card in seen:
        counts[Card(card).rank] -= 1
    return counts


def ranks_cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def seat_zero_decisions(state: ClassicState) -> list[ClassicState]:
    """Every position of the play reachable from ``state`` where seat 0 is to play."""
    out: list[ClassicState] = []
    seen: set[tuple[object, ...]] = set()
    stack = [state]
    while stack:
        node = stack.pop()
        key = (node.hands, node.pile, node.turn, node.gone, node.last)
        if key in seen or node.phase != "play" or node.deal_no != state.deal_no:
            continue
        seen.add(key)
        if node.turn == 0:
            out.append(node)
        for action in node.legal_actions():
            stack.append(node.apply(action).state)
    return out


@pytest.mark.parametrize("greed", [1.0, 0.5])
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(4))
def test_lookahead_opponent_matches_the_engine(seed: int, dealer: int, greed: float) -> None:
    state = pegging_state(300 + seed, dealer)
    decisions = seat_zero_decisions(state)
    assert len(decisions) > 3
    for node in decisions:
        search = PlaySearch(greed=greed, opponent_model="lookahead")
        opponent_gone = bool(node.gone >> 1 & 1) or not node.hands[1]
        mine = search.card_values(
            ranks_of(node.hands[0]),
            [ranks_of(node.hands[1])],
            pile=[c.rank for c in node.pile],
            last_layer=None if node.last < 0 else (0 if node.last == 0 else 1),
            opponent_go=bool(node.pile) and opponent_gone,
            opponent_view=opponent_view(node),
        )
        brute = EngineAgainstModel(node, greed).card_values(node)
        assert mine.keys() == brute.keys()
        for rank, value in brute.items():
            assert mine[rank] == pytest.approx(value), (node, rank)


def test_lookahead_model_needs_the_opponents_view() -> None:
    with pytest.raises(ValueError, match="opponent_view"):
        PlaySearch(greed=0.5, opponent_model="lookahead").card_values((5,), [(4,)])


def test_lookahead_mix_lies_between_the_perfect_and_the_modelled_opponent() -> None:
    rng = random.Random(7)
    view = dict.fromkeys(range(1, 14), 4)
    for _ in range(30):
        deck = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        mine, theirs = tuple(deck[:3]), tuple(deck[3:6])
        values = [
            PlaySearch(greed=g, opponent_model="lookahead").card_values(
                mine, [theirs], opponent_view=view
            )
            for g in (0.0, 0.5, 1.0)
        ]
        for card in values[0]:
            assert values[0][card] <= values[1][card] + 1e-9
            assert values[1][card] <= values[2][card] + 1e-9


# ---------------------------------------------------------------------------------------------
# play_out and the pegging values of kept hands


def engine_play_margin(state: ClassicState) -> int:
    """Pone's pegging margin when both seats are the real medium player, through the engine."""
    players = [ClassicPlayer("medium", seed=s) for s in (0, 1)]
    pone = 1 - state.dealer
    margin = 0
    while state.phase == "play":
        seat = state.turn
        transition = state.apply(
            players[seat].choose(state.observation(seat), state.legal_actions())
        )
        for event in transition.events:
            if event.type in PEG_EVENTS and event.points:
                margin += event.points if event.seat == pone else -event.points
        state = transition.state
    return margin


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(12))
def test_play_out_matches_two_medium_players_in_the_engine(seed: int, dealer: int) -> None:
    state = pegging_state(500 + seed, dealer)
    pone = 1 - dealer
    assert state.starter is not None
    views = []
    for seat in (pone, dealer):
        view = dict.fromkeys(range(1, 14), 4)
        for card in [*ranks_cards(state.hands[seat] | state.laid[seat]), state.starter]:
            view[Card(card).rank] -= 1
        views.append(view)
    margin = play_out(
        ranks_of(state.hands[pone]), ranks_of(state.hands[dealer]), (views[0], views[1])
    )
    assert margin == engine_play_margin(state)


def test_peg_features_count_ranks_and_pairs_of_ranks() -> None:
    features = peg_features((5, 5, 10, 13))
    assert len(features) == PEG_FEATURES
    counts, pairs = features[:13], features[13:]
    assert counts == [0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 1]
    index = {pair: i for i, pair in enumerate((a, b) for a in range(1, 14) for b in range(a, 14))}
    assert sum(pairs) == 4  # 5-5, 5-10, 5-K, 10-K
    assert pairs[index[5, 5]] == pairs[index[5, 10]] == pairs[index[10, 13]] == 1
    assert pairs[index[10, 10]] == 0


def test_rank_patterns_are_every_multiset_of_four_ranks_once() -> None:
    patterns = rank_patterns()
    assert len(patterns) == len(set(patterns)) == 1820
    assert all(list(p) == sorted(p) and len(p) == 4 for p in patterns)
    assert (5, 5, 5, 5) in patterns
    assert (1, 2, 3, 13) in patterns


def test_best_keep_keeps_the_best_hand_of_six() -> None:
    assert best_keep([5, 5, 10, 11, 1, 9]) == (5, 5, 10, 11)
    assert best_keep([13, 2, 7, 8, 9, 4]) == (2, 7, 8, 9)  # the run and its fifteen, and the 2


def test_shrink_keeps_sure_means_and_pulls_noisy_ones_to_the_linear_prior() -> None:
    rng = np.random.default_rng(4)
    design = np.array([peg_features(p) for p in rank_patterns()])
    linear = 0.3 + design @ rng.normal(scale=0.3, size=PEG_FEATURES)
    means = linear + rng.normal(scale=0.5, size=len(linear))
    sure, _ = shrink(means, np.full(len(means), 1e-6))
    assert np.allclose(sure, means, atol=1e-6)
    # The deviations are all noise of the stated size: the values come back to the prior.
    noisy, spread = shrink(means, np.full(len(means), 0.5))
    assert spread < 0.1
    assert np.abs(noisy - linear).mean() < 0.5 * np.abs(means - linear).mean()


def test_pegging_values_do_not_depend_on_how_the_work_is_split() -> None:
    whole = measure((3, 6, 6, 9))
    parts = measure((3, 4, 6, 9)) + measure((4, 6, 6, 9))
    assert whole == parts
    assert whole != measure((3, 6, 6, 10))


def test_shipped_peg_values() -> None:
    values = load_peg_values()
    assert len(values.pone) == len(values.dealer) == 1820
    # The dealer pegs more than pone on average; the last card is the dealer's more often.
    assert values.value((1, 4, 9, 12), dealer=True) > values.value((1, 4, 9, 12), dealer=False)
    # Low pairs peg well and four faces badly, in either role.
    for dealer in (False, True):
        assert (
            values.value((4, 1, 4, 1), dealer=dealer)
            > values.value((10, 11, 12, 13), dealer=dealer) + 1
        )
