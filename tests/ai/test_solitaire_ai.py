"""Cribbage Solitaire players and the best possible total, checked against brute force."""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Sequence
from itertools import combinations, product
from typing import Any

import numpy as np
import pytest

from cribkit.ai.players import LEVELS, make_player
from cribkit.ai.solitaire import (
    SolitairePlayer,
    best_play,
    best_possible_total,
    best_round,
    knowledge,
    lay_away_options,
    options_for,
    unseen_of,
)
from cribkit.core.analysis import analyse_discards
from cribkit.core.cards import DECK, Card, Rank, card_rank, card_suit, parse_cards
from cribkit.core.tables import batch_hand_totals, four_card_total, hand_total
from cribkit.games.actions import Discard
from cribkit.games.records import replay
from cribkit.games.solitaire.deal import round_cards, solitaire_deck, stacked_solitaire_deck
from cribkit.games.solitaire.state import SolitaireState, start_solitaire
from cribkit.games.solitaire.view import SolitaireView
from cribkit.sim.solitaire import daily_seed, deal_report, play_deal, simulate_solitaire

# ---------------------------------------------------------------------------------------------
# Brute force: every (face-down pair, starter) arrangement, scored one by one


def brute_values(
    hand: tuple[Card, ...], unseen: Sequence[int], starter: int | None
) -> dict[tuple[int, ...], tuple[float, float]]:
    """Expected (hand, crib) of each lay-away, by scoring every arrangement (numpy rows)."""
    arrangements = [
        (a, b, s)
        for a, b in combinations(unseen, 2)
        for s in (unseen if starter is None else [starter])
        if s not in (a, b)
    ]
    rows = np.array(arrangements, dtype=np.intp)
    out: dict[tuple[int, ...], tuple[float, float]] = {}
    for laid in combinations(sorted(hand), 2):
        keep = [c for c in sorted(hand) if c not in laid]
        crib_rows = np.column_stack(
            [
                rows[:, 0],
                rows[:, 1],
                np.full(len(rows), laid[0]),
                np.full(len(rows), laid[1]),
                rows[:, 2],
            ]
        )
        crib = float(batch_hand_totals(crib_rows, crib=True).mean())
        starters = unseen if starter is None else [starter]
        hand_mean = sum(hand_total(keep, s) for s in starters) / len(starters)
        out[tuple(laid)] = (hand_mean, crib)
    return out


def python_values(
    hand: Sequence[int], unseen: Sequence[int], starter: int | None
) -> dict[tuple[int, ...], tuple[float, float]]:
    """The same, in plain Python loops (for small sets of unseen cards)."""
    out: dict[tuple[int, ...], tuple[float, float]] = {}
    for laid in combinations(sorted(hand), 2):
        keep = [c for c in sorted(hand) if c not in laid]
        starters = unseen if starter is None else [starter]
        hand_mean = sum(hand_total(keep, s) for s in starters) / len(starters)
        crib_sum = count = 0
        for a, b in combinations(unseen, 2):
            for s in starters:
                if s in (a, b):
                    continue
                crib_sum += hand_total((a, b, *laid), s, True)
                count += 1
        out[tuple(laid)] = (hand_mean, crib_sum / count)
    return out


def engine_unseen(state: SolitaireState) -> tuple[set[int], int | None]:
    """From the engine's full knowledge: the cards the player has not seen, and the starter
    if the player can know it (the stock holds only starters the player saw go down)."""
    known = state.known_bottom
    unknown_stock = state.stock[: len(state.stock) - known]
    unseen = {int(c) for c in (*state.crib_down, *unknown_stock)}
    return unseen, (int(state.stock[0]) if not unknown_stock else None)


def check_options(hand: tuple[Card, ...], unseen: list[int], starter: int | None) -> None:
    options = lay_away_options(hand, unseen, starter)
    assert len(options) == 15
    expected = brute_values(hand, unseen, starter)
    for option in options:
        hand_mean, crib_mean = expected[option.discard]
        assert option.hand_mean == pytest.approx(hand_mean, abs=1e-9)
        assert option.crib_mean == pytest.approx(crib_mean, abs=1e-9)
    values = [o.value for o in options]
    assert values == sorted(values, reverse=True)


# ---------------------------------------------------------------------------------------------
# The expert's analysis


@pytest.mark.parametrize("seed", range(6))
def test_the_expert_matches_brute_force_in_every_round_of_random_deals(seed: int) -> None:
    rng = random.Random(seed)
    state = start_solitaire(seed=seed).state
    expert = SolitairePlayer("expert")
    while not state.is_terminal:
        view = state.observation(0)
        hand, unseen, starter = knowledge(view)
        # The view's JSON form, read back, says the same.
        again = SolitaireView.from_json(json.loads(json.dumps(view.to_json())))
        assert knowledge(again) == (hand, unseen, starter)
        true_unseen, true_starter = engine_unseen(state)
        assert set(unseen) == true_unseen
        assert starter == true_starter
        if state.round_no == 5:
            # The sixth round: the starter is the second one again, the face-down cards are
            # the only two unseen: the expert knows everything.
            assert starter == state.rounds[1].starter
            assert set(unseen) == set(state.crib_down)
        else:
            assert starter is None
        check_options(hand, sorted(unseen), starter)
        expected = brute_values(hand, sorted(unseen), starter)
        best = max(h + c for h, c in expected.values())
        action = expert.choose(view, state.legal_actions())
        assert isinstance(action, Discard)
        chosen = expected[tuple(action.cards)]
        assert sum(chosen) == pytest.approx(best, abs=1e-9)
        state = state.apply(rng.choice(state.legal_actions())).state


@pytest.mark.parametrize("trial", range(24))
def test_exact_values_on_small_unseen_sets_with_flushes_and_jacks(trial: int) -> None:
    """Few suits and many jacks, so that crib flushes and nobs (laid or face down) happen."""
    rng = random.Random(100 + trial)
    pool = [c for c in DECK if card_suit(c) in (0, 1) or card_rank(c) == Rank.JACK]
    rng.shuffle(pool)
    hand = pool[:6]
    unseen = pool[6 : 6 + rng.choice([2, 3, 4, 6, 9, 13])]
    starter = pool[-1] if trial % 2 or len(unseen) < 3 else None
    options = lay_away_options(hand, unseen, starter)
    expected = python_values(hand, unseen, starter)
    for option in options:
        assert (option.hand_mean, option.crib_mean) == pytest.approx(expected[option.discard])


def test_a_fresh_deck_is_the_core_uniform_crib_model() -> None:
    for seed in range(3):
        hand = solitaire_deck(seed)[:6]
        mine = {o.discard: o for o in lay_away_options(hand, unseen_of(hand))}
        for core in analyse_discards(hand, dealer=True):
            option = mine[tuple(core.discard)]
            assert option.hand_mean == pytest.approx(core.hand_mean, abs=1e-9)
            assert option.crib_mean == pytest.approx(core.crib_mean, abs=1e-9)


def test_bad_analysis_inputs() -> None:
    hand = parse_cards("5h 5c 5d Js 7c 9h")
    with pytest.raises(ValueError, match="6 different cards"):
        lay_away_options(hand[:5], unseen_of(hand))
    with pytest.raises(ValueError, match="cannot include the hand"):
        lay_away_options(hand, DECK)
    with pytest.raises(ValueError, match="need 3 unseen cards"):
        lay_away_options(hand, parse_cards("Ac Ad"))


# ---------------------------------------------------------------------------------------------
# The players


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games(level: str) -> None:
    for seed in range(3):
        total, best = play_deal(seed, level)
        assert 0 <= total <= best
        again, _ = play_deal(seed, level)
        assert again == total  # seeded: the same deal, the same play
    player = make_player("solitaire", level, seed=1)
    assert player.name == level


def test_easy_lays_away_for_the_hand_and_medium_for_hand_and_crib() -> None:
    state = start_solitaire(seed=12).state
    obs, legal = state.observation(0), state.legal_actions()
    fresh = lay_away_options(state.hand, unseen_of(state.hand))
    easy = SolitairePlayer("easy").choose(obs, legal)
    medium = SolitairePlayer("medium").choose(obs, legal)
    assert isinstance(easy, Discard)
    assert isinstance(medium, Discard)
    assert tuple(easy.cards) == max(fresh, key=lambda o: o.hand_mean).discard
    assert tuple(medium.cards) == fresh[0].discard
    # A player reads the view itself, not its JSON form.
    with pytest.raises(TypeError, match=r"reads the seat's view"):
        SolitairePlayer("easy").choose(obs.to_json(), legal)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown solitaire AI level"):
        SolitairePlayer("grandmaster")
    with pytest.raises(ValueError, match="no lay-away"):
        SolitairePlayer("expert").choose(obs, [])


def test_the_expert_is_best_on_average() -> None:
    totals = {level: sum(play_deal(seed, level)[0] for seed in range(60)) for level in LEVELS}
    assert totals["expert"] >= totals["medium"] >= totals["random"]
    assert totals["expert"] > totals["easy"] > totals["random"]


def test_options_for_an_observation() -> None:
    view = start_solitaire(seed=3).state.observation(0)
    options = options_for(view)
    assert options[0].to_dict()["value"] == options[0].value
    assert {o.discard for o in options} == {tuple(sorted(p)) for p in combinations(view.hand, 2)}


# ---------------------------------------------------------------------------------------------
# The best possible total


def future(state: SolitaireState) -> tuple[Any, ...]:
    """Everything about a state that can matter to what happens next (not the total so far)."""
    return (state.phase, state.round_no, state.hand, state.crib_down, state.stock, state.last_hand)


def exhaustive_best(deck: tuple[Card, ...]) -> tuple[int, list[int]]:
    """The best total over all 15^6 ways to play, by search: states with the same future are
    merged, keeping the best total so far (exact, whatever the rules' structure). Also gives
    how many different futures each round had."""
    frontier = {future(s): s for s in [start_solitaire(deck=deck).state]}
    widths = []
    while not next(iter(frontier.values())).is_terminal:
        widths.append(len(frontier))
        following: dict[tuple[Any, ...], SolitaireState] = {}
        for state in frontier.values():
            for action in state.legal_actions():
                after = state.apply(action).state
                key = future(after)
                if key not in following or following[key].total < after.total:
                    following[key] = after
        frontier = following
    return max(s.total for s in frontier.values()), widths


@pytest.mark.parametrize("seed", range(12))
def test_best_possible_total_is_the_exhaustive_best(seed: int) -> None:
    deck = solitaire_deck(seed)
    best, widths = exhaustive_best(deck)
    assert best_possible_total(deck) == best
    # The choices never change what comes next: one future per round.
    assert widths == [1] * 6


def test_the_last_rounds_literally_every_way() -> None:
    """All 15^3 plays of rounds 4 to 6, from a game played at random so far."""
    rng = random.Random(5)
    deck = solitaire_deck(77)
    state = start_solitaire(deck=deck).state
    for _ in range(3):
        state = state.apply(rng.choice(state.legal_actions())).state
    best = 0
    for choices in product(range(15), repeat=3):
        end = state
        for choice in choices:
            end = end.apply(end.legal_actions()[choice]).state
        best = max(best, end.total)
    plan = best_play(deck)
    assert best == state.total + sum(plan.round_points[3:]) + plan.last_hand_points


def test_best_round_is_the_best_of_the_fifteen() -> None:
    state = start_solitaire(seed=8).state
    while not state.is_terminal:
        results = [state.apply(a).state for a in state.legal_actions()]
        points = max(s.rounds[-1].points for s in results)
        done = results[0].rounds[-1]
        assert best_round(done.dealt, state.crib_down, done.starter)[0] == points
        state = results[0]


def test_the_best_play_of_a_hand_built_deck() -> None:
    rounds = [("5h 5c 5d Js 7c 9h", "2c 3c", "5s")]
    deck = stacked_solitaire_deck(rounds)
    plan = best_play(deck)
    assert plan.round_points[0] == 31
    assert [str(c) for c in plan.discards[0]] == ["7c", "9h"]
    _, last = round_cards(deck)
    assert plan.last_hand_points == four_card_total(last)
    assert plan.total == best_possible_total([str(c) for c in deck])


# ---------------------------------------------------------------------------------------------
# Simulation


def test_simulation_reports_with_progress() -> None:
    seen: list[int] = []
    result = simulate_solitaire(60, "expert", seed=1000, progress=seen.append)
    assert sum(seen) == 60
    assert seen == [50, 10]
    data = result.to_dict()
    assert data["deals"] == 60
    assert data["seeds"] == [1000, 1059]
    assert data["mean_total"] <= data["mean_best"]
    assert 0 <= data["great_rate"] <= data["good_rate"] <= 1
    assert result.totals[3] == play_deal(1003, "expert")[0]
    assert simulate_solitaire(60, "expert", seed=1000).totals == result.totals
    with pytest.raises(ValueError, match="unknown AI level"):
        simulate_solitaire(5, "wizard")
    with pytest.raises(ValueError, match="at least one deal"):
        simulate_solitaire(0)


def test_the_report_of_one_deal() -> None:
    report = deal_report(daily_seed(datetime.date(2025, 3, 14)), "medium")
    assert report["seed"] == 20250314
    again = replay(report["record"])
    assert again.result is not None
    assert report["total"] == again.result.scores[0]
    assert report["best"] == best_possible_total(solitaire_deck(20250314))
    assert (
        sum(r["points"] for r in report["best_rounds"]) + report["best_last_hand"] == report["best"]
    )
    assert report["events"][-1]["type"] == "end"
    assert json.loads(json.dumps(report)) == report
    assert deal_report("club night")["record"]["seed"] == "club night"
    with pytest.raises(ValueError, match="unknown AI level"):
        deal_report(1, "wizard")
