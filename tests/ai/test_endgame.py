"""The end of the play valued by the chance of winning after the show (cribkit.ai.endgame).

The search with a :class:`ShowOutcome` is checked against a brute force that drives the real
engine through every sequence of cards to the end of the play, reads who pegged what from the
engine's events (and who pegged out from its ``win``), and values the end by the same
outcome: the two must agree on every card, for a perfect opponent.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from cribkit.ai.classic import ClassicPlayer, ExpertSettings, _show_outcome
from cribkit.ai.endgame import ShowOutcome, crib_distribution, rank_show
from cribkit.ai.pegging import SHOW_WIN_VALUE, WIN_VALUE, PlaySearch, win_chance
from cribkit.ai.win_table import encode, load_win_table
from cribkit.core.cards import DECK, Card
from cribkit.core.scoring import score_hand
from cribkit.games.classic.actions import Play
from cribkit.games.classic.state import ClassicState

from .test_pegging_search import PEG_EVENTS, RULES, pegging_state, ranks_of


def outcome_of(state: ClassicState) -> ShowOutcome:
    return _show_outcome(state.observation(state.turn))


def brute_values(state: ClassicState, me: int, outcome: ShowOutcome, key: int) -> dict[int, float]:
    """The value for ``me`` of each card the mover may lay, by rank, through the engine:
    pegging out is worth WIN_VALUE, the end of the play SHOW_WIN_VALUE times 2 chance - 1."""

    def after(state: ClassicState, action: Play, pegged: tuple[int, int]) -> float:
        transition = state.apply(action)
        mine, theirs = pegged
        for event in transition.events:
            if event.type in PEG_EVENTS and event.points:
                if event.seat == me:
                    mine += event.points
                else:
                    theirs += event.points
        types = [e.type for e in transition.events]
        if "win" in types and types[types.index("win") - 1] in PEG_EVENTS:
            assert transition.state.result is not None
            return WIN_VALUE if int(transition.state.result.winner) == me else -WIN_VALUE
        nxt = transition.state
        if nxt.phase != "play" or nxt.deal_no != state.deal_no:
            return SHOW_WIN_VALUE * (2 * outcome.chance(key, mine, theirs) - 1)
        return value(nxt, (mine, theirs))

    def value(state: ClassicState, pegged: tuple[int, int]) -> float:
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        values = [after(state, a, pegged) for a in plays]
        return max(values) if state.turn == me else min(values)

    out: dict[int, float] = {}
    for action in state.legal_actions():
        assert isinstance(action, Play)
        out.setdefault(action.card.rank, after(state, action, (0, 0)))
    return out


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(8))
def test_search_valued_by_the_outcome_matches_the_engine(seed: int, dealer: int) -> None:
    rng = random.Random(300 + seed)
    scores = [rng.randint(98, 116), rng.randint(98, 116)]
    state = pegging_state(700 + seed, dealer, start_scores=scores)
    me = state.turn
    outcome = outcome_of(state)
    theirs = tuple(sorted(ranks_of(state.hands[1 - me])))
    key = outcome.guess_key(theirs)
    assert isinstance(key, int)
    needs = (RULES.target - scores[me], RULES.target - scores[1 - me])
    search = PlaySearch(needs=needs, outcome=outcome)
    values = search.card_values(ranks_of(state.hands[me]), [theirs])
    brute = brute_values(state, me, outcome, key)
    assert values == pytest.approx(brute, abs=1e-9)


def test_a_linear_outcome_values_the_play_by_its_margin() -> None:
    """With a chance that moves with the margin alone, the two searches agree exactly."""

    class Linear:
        def guess_key(self, guess: tuple[int, ...]) -> int:
            return 0

        def chance(self, key: object, mine: int, theirs: int) -> float:
            return 0.5 + (mine - theirs) / (2 * SHOW_WIN_VALUE)

    rng = random.Random(5)
    for _ in range(20):
        ranks = rng.sample([r for r in range(1, 14) for _ in range(4)], 8)
        mine, theirs = ranks[:4], [tuple(sorted(ranks[4:]))]
        plain = PlaySearch(needs=(200, 200)).card_values(mine, theirs)
        valued = PlaySearch(needs=(200, 200), outcome=Linear()).card_values(mine, theirs)
        assert valued == pytest.approx(plain, abs=1e-9)


def test_the_outcome_needs_the_needs() -> None:
    outcome = ShowOutcome(121, 0, 0, False, 0, (), 5, (1.0,))
    with pytest.raises(ValueError, match="needs"):
        PlaySearch(outcome=outcome).card_values((5,), [(10,)])


def test_rank_show_agrees_with_the_core_without_flush_or_nobs() -> None:
    rng = random.Random(2)
    for _ in range(200):
        five = [DECK[c] for c in rng.sample(range(52), 5)]
        core = score_hand(five[:4], five[4])
        rank_part = core.fifteens_points + core.pairs_points + core.runs_points
        assert rank_show([int(c.rank) for c in five]) == rank_part


def test_crib_distribution_counts_every_pair_of_the_pool() -> None:
    laid, starter = [int(Card.parse("5h")), int(Card.parse("Jd"))], int(Card.parse("Td"))
    pool = [c for c in range(52) if c not in (*laid, starter)][:20]
    chances = crib_distribution(laid, pool, starter)
    brute = np.zeros(30)
    for a, b in combinations(pool, 2):
        crib = [DECK[laid[0]], DECK[laid[1]], DECK[a], DECK[b]]
        brute[score_hand(crib, DECK[starter], crib=True).total] += 1
    assert chances.sum() == pytest.approx(1.0)
    assert chances == pytest.approx(brute[: len(chances)] / brute.sum())


def test_pone_counting_out_first_wins_and_the_dealer_needs_the_crib() -> None:
    pone = ShowOutcome(121, 110, 115, dealer=False, my_show=10, their_played=(),
                       starter_rank=1, crib=(0.5, 0.5))  # fmt: skip
    assert pone.chance(20, 1, 0) == 1.0  # 121, counted before the dealer's 20
    assert pone.chance(20, 0, 0) == 0.0  # 120: the dealer's hand counts out
    # The dealer (the searcher) needs its crib: 0 or 1 point with even chances.
    dealer = ShowOutcome(121, 112, 100, dealer=True, my_show=8, their_played=(),
                         starter_rank=1, crib=(0.5, 0.5))  # fmt: skip
    going = load_win_table()[120, 104, 0]
    assert dealer.chance(4, 0, 0) == pytest.approx(0.5 * going + 0.5)
    assert dealer.chance(30, 0, 0) == 0.0  # pone's hand counts out first


def test_the_outcome_reads_a_rebuilt_table_from_its_directory(tmp_path: Path) -> None:
    # A rebuild being measured: a table where every position not yet won is even.
    even = np.full((122, 122, 2), 0.5)
    even[121, :, :], even[:121, 121, :] = 1.0, 0.0
    (tmp_path / "win_table_121.npy").write_bytes(encode(even))
    assert load_win_table(121, str(tmp_path))[3, 7, 1] == pytest.approx(0.5, abs=1e-4)
    dealer = ShowOutcome(121, 112, 100, dealer=True, my_show=8, their_played=(),
                         starter_rank=1, crib=(0.5, 0.5), tables=str(tmp_path))  # fmt: skip
    assert dealer.chance(4, 0, 0) == pytest.approx(0.5 * 0.5 + 0.5, abs=1e-4)
    with pytest.raises(ValueError, match="no win-probability table for target 61"):
        load_win_table(61, str(tmp_path))


@pytest.mark.parametrize("seed", range(3))
def test_the_expert_with_the_outcome_plays_legal_cards_near_the_end(seed: int) -> None:
    state = pegging_state(900 + seed, seed % 2, start_scores=[105, 108])
    expert = ClassicPlayer("expert", seed=seed, settings=ExpertSettings(endgame_outcome=True))
    while state.phase == "play" and not state.is_terminal:
        legal = state.legal_actions()
        action = expert.choose(state.observation(state.turn), legal)
        assert action in legal
        state = state.apply(action).state


def test_the_expert_says_when_its_play_values_are_chances() -> None:
    near = pegging_state(950, 0, start_scores=[104, 109])
    early = pegging_state(950, 0, start_scores=[40, 52])
    expert = ClassicPlayer("expert", seed=1)
    for state, chances in ((near, True), (early, False)):
        view = state.observation(state.turn)
        assert expert.plays_for_chances(view) is chances
        hand = [int(c.rank) for c in view.hand]
        values = expert.play_values(view, hand, [])
        if chances:
            assert all(0.0 <= win_chance(v) <= 1.0 for v in values.values())
            assert all(abs(v) <= WIN_VALUE for v in values.values())
        else:
            assert all(abs(v) < 40 for v in values.values())  # pegging margins
    plain = ClassicPlayer("expert", seed=1, settings=ExpertSettings(endgame_outcome=False))
    assert not plain.plays_for_chances(near.observation(near.turn))
