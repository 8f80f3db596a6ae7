"""Tournaments between computer players: intervals, seeds, seat rotation, duplicate deals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

import cribkit.sim as sim
from cribkit.ai.players import Observation, Player, make_player
from cribkit.core.cards import Card
from cribkit.games import lookup, start
from cribkit.games.classic.state import ClassicRules, ClassicState
from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import Action, Transition
from cribkit.sim import PHASES, SimulationResult, play_game, simulate, wilson_interval

# ---------------------------------------------------------------------------------------------
# wilson_interval


def wilson_reference(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The textbook formula: (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)."""
    p = successes / trials
    n = trials
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Published values (e.g. Newcombe 1998, and any Wilson calculator).
        (60, 100, 0.5020, 0.6906),
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 2, 0.0945, 0.9055),
    ],
)
def test_wilson_interval_known_values(successes: int, trials: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(successes, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize(("successes", "trials"), [(3, 7), (500, 1000), (999, 1000), (2.5, 5)])
def test_wilson_interval_formula_and_bounds(successes: float, trials: int) -> None:
    lo, hi = wilson_interval(successes, trials)
    ref_lo, ref_hi = wilson_reference(successes, trials)
    assert lo == pytest.approx(max(0.0, ref_lo))
    assert hi == pytest.approx(min(1.0, ref_hi))
    assert 0.0 <= lo <= successes / trials <= hi <= 1.0
    wider = wilson_interval(successes, trials, z=2.576)
    assert wider[0] < lo
    assert wider[1] > hi


def test_wilson_interval_without_trials() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_narrows_with_more_trials() -> None:
    widths = [hi - lo for lo, hi in (wilson_interval(n / 2, n) for n in (10, 100, 1000, 10000))]
    assert widths == sorted(widths, reverse=True)
    lo, hi = wilson_interval(5000, 10000)
    assert lo + hi == pytest.approx(1.0)


# ---------------------------------------------------------------------------------------------
# Seats, sides and duplicate deals, through play_game


class Recorder:
    """Wraps the players that play_game makes, to see who sits where and what they see."""

    def __init__(self) -> None:
        self.seats: list[tuple[str, int | None]] = []  # (level, seed) by seat, in order made
        self.first_hands: dict[int, list[Card]] = {}
        self.actions: list[Action] = []
        self.start: ClassicState | None = None

    def make_player(self, game: str, level: str, seed: int | None = None) -> Player:
        real = make_player(game, level, seed=seed)
        seat = len(self.seats)
        self.seats.append((level, seed))
        recorder = self

        class Watched:
            name = real.name

            def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
                assert isinstance(observation, ClassicView)
                if observation.deal == 0 and seat not in recorder.first_hands:
                    recorder.first_hands[seat] = list(observation.hand)
                action = real.choose(observation, legal_actions)
                recorder.actions.append(action)
                return action

        return Watched()

    def start_game(self, rules: Any, **setup: Any) -> Transition[Any]:
        transition = start(rules, **setup)
        self.start = transition.state
        return transition


def watched_game(
    monkeypatch: pytest.MonkeyPatch, spec: str, entrants: Sequence[str], index: int, seed: int
) -> tuple[sim.GameOutcome, Recorder, ClassicState]:
    """play_game with its players and start watched; the outcome, the recorder, the final state
    (the recorded actions replayed from the recorded start)."""
    recorder = Recorder()
    with monkeypatch.context() as patch:
        patch.setattr(sim, "start", recorder.start_game)
        outcome = play_game(spec, entrants, index, seed, recorder.make_player)
    state = recorder.start
    assert state is not None
    for action in recorder.actions:
        state = state.apply(action).state
    assert state.is_terminal
    return outcome, recorder, state


@pytest.mark.parametrize(
    ("spec", "entrants"),
    [
        ("classic:target=61", ["easy", "random"]),
        ("classic:players=3,target=61", ["random", "easy", "medium"]),
        ("classic:players=4,target=61", ["easy", "random"]),
    ],
)
def test_entrants_rotate_through_the_sides(
    monkeypatch: pytest.MonkeyPatch, spec: str, entrants: list[str]
) -> None:
    rules = lookup(spec)
    assert isinstance(rules, ClassicRules)
    sides = len(entrants)
    for index in range(2 * sides):
        outcome, recorder, final = watched_game(monkeypatch, spec, entrants, index, seed=7)
        assert len(recorder.seats) == rules.players
        side_of_entrant = [(e + index) % sides for e in range(sides)]
        for seat, (level, _) in enumerate(recorder.seats):
            side = seat % sides
            assert level == entrants[side_of_entrant.index(side)], (index, seat)
        # The outcome is told by entrant: the winner and the scores.
        result = final.result
        assert result is not None
        assert side_of_entrant[outcome.winner] == result.winner
        assert outcome.scores == [result.scores[side_of_entrant[e]] for e in range(sides)]
        assert outcome.actions == len(recorder.actions)


def test_duplicate_deals_swap_the_chairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games 2k and 2k+1 deal the same cards; each entrant holds the other's cards."""
    for group in range(3):
        _, first, _ = watched_game(
            monkeypatch, "classic:target=61", ["easy", "random"], 2 * group, 3
        )
        _, second, _ = watched_game(
            monkeypatch, "classic:target=61", ["easy", "random"], 2 * group + 1, 3
        )
        assert first.first_hands == second.first_hands  # the same cards at each seat
        assert [lv for lv, _ in first.seats] == [lv for lv, _ in reversed(second.seats)]
    # Different groups get different deals.
    _, a, _ = watched_game(monkeypatch, "classic:target=61", ["easy", "random"], 0, 3)
    _, b, _ = watched_game(monkeypatch, "classic:target=61", ["easy", "random"], 2, 3)
    assert a.first_hands != b.first_hands


def test_play_game_is_deterministic() -> None:
    one = play_game("classic:target=61", ["random", "medium"], 5, seed=11)
    two = play_game("classic:target=61", ["random", "medium"], 5, seed=11)
    assert one == two
    other = play_game("classic:target=61", ["random", "medium"], 5, seed=12)
    assert other != one


# ---------------------------------------------------------------------------------------------
# simulate


def totals(result: SimulationResult) -> dict[str, Any]:
    out = result.to_dict()
    del out["seconds"], out["games_per_second"]
    return out


def test_simulate_is_deterministic_for_a_seed() -> None:
    one = simulate("classic:target=61", ["easy", "random"], games=6, seed=4)
    two = simulate("classic:target=61", ["easy", "random"], games=6, seed=4)
    assert totals(one) == totals(two)
    three = simulate("classic:target=61", ["easy", "random"], games=6, seed=5)
    assert totals(three) != totals(one)


@pytest.mark.parametrize(
    ("spec", "entrants", "games"),
    [
        ("classic:target=61", ["easy", "random"], 7),
        ("classic:players=3,target=61", ["random", "easy", "random"], 6),
        ("classic:players=4,target=61", ["random", "easy"], 5),
        ("classic:target=61,muggins=true", ["random", "random"], 4),
    ],
)
def test_wins_add_up_to_the_games(spec: str, entrants: list[str], games: int) -> None:
    result = simulate(spec, entrants, games=games, seed=2)
    assert result.games == games
    assert sum(result.wins) == games
    assert len(result.wins) == len(entrants)
    assert all(s <= w for s, w in zip(result.skunks, result.wins, strict=True))
    assert all(d <= s for d, s in zip(result.double_skunks, result.skunks, strict=True))
    assert result.win_rate == [w / games for w in result.wins]
    assert result.actions > 0
    assert result.spec == lookup(spec).spec()
    for entrant in range(len(entrants)):
        for role in ("dealer", "pone"):
            assert result.deals[entrant][role] > 0
            assert set(result.points[entrant][role]) == set(PHASES)


def test_simulate_matches_the_games_it_plays() -> None:
    spec, entrants, seed = "classic:target=61", ["easy", "random"], 9
    result = simulate(spec, entrants, games=4, seed=seed)
    outcomes = [play_game(spec, entrants, index, seed) for index in range(4)]
    assert result.wins == [sum(o.winner == e for o in outcomes) for e in range(2)]
    assert result.actions == sum(o.actions for o in outcomes)
    for entrant in range(2):
        for role in ("dealer", "pone"):
            for phase in PHASES:
                assert result.points[entrant][role][phase] == sum(
                    o.points[entrant][role][phase] for o in outcomes
                )


def test_points_add_up_to_the_final_scores() -> None:
    """Every point scored is counted once, in a phase, for the entrant who scored it."""
    for index in range(4):
        for spec in ("classic:target=61", "classic:target=61,manual_counting=true,muggins=true"):
            outcome = play_game(spec, ["easy", "random"], index, seed=1)
            counted = [
                sum(
                    outcome.points[e][role][phase]
                    for role in ("dealer", "pone")
                    for phase in PHASES
                )
                for e in range(2)
            ]
            assert counted == outcome.scores, spec


def test_identical_entrants_over_duplicate_deals_mirror_each_other() -> None:
    """easy is deterministic: each deal played from both chairs gives the same game, mirrored."""
    result = simulate("classic:target=61", ["easy", "easy"], games=8, seed=3)
    assert result.wins == [4, 4]
    assert result.points[0] == result.points[1]
    assert result.deals[0] == result.deals[1]
    outcomes = [play_game("classic:target=61", ["easy", "easy"], i, 3) for i in range(8)]
    for first, second in zip(outcomes[::2], outcomes[1::2], strict=True):
        assert first.winner != second.winner
        assert first.scores == second.scores[::-1]


def test_identical_random_entrants() -> None:
    result = simulate("classic:target=61", ["random", "random"], games=40, seed=1)
    assert sum(result.wins) == 40
    lo, hi = result.ci95[0]
    assert lo < 0.5 < hi  # no entrant is favoured by its place in the list
    assert result.ci95[0] == wilson_interval(result.wins[0], 40)
    # Each entrant dealt as often as the other, give or take the length of the games.
    dealt = [result.deals[e]["dealer"] for e in range(2)]
    assert abs(dealt[0] - dealt[1]) <= 0.2 * max(dealt)


def test_wrong_number_of_entrants() -> None:
    with pytest.raises(ValueError, match="2 sides"):
        simulate("classic", ["easy"], games=2)
    with pytest.raises(ValueError, match="2 sides"):
        simulate("classic:players=4", ["easy", "easy", "easy", "easy"], games=2)
    with pytest.raises(ValueError, match="3 sides"):
        simulate("classic:players=3", ["easy", "easy"], games=2)
    with pytest.raises(ValueError, match="at least one game"):
        simulate("classic", ["easy", "easy"], games=0)
    with pytest.raises(ValueError, match="unknown AI level"):
        simulate("classic:target=61", ["easy", "hard"], games=2)


def test_workers_give_the_same_totals() -> None:
    one = simulate("classic:target=61", ["easy", "random"], games=10, seed=6, workers=1)
    two = simulate("classic:target=61", ["easy", "random"], games=10, seed=6, workers=2)
    assert totals(one) == totals(two)


def test_progress_counts_every_game() -> None:
    seen: list[int] = []
    simulate("classic:target=61", ["random", "random"], games=9, seed=1, progress=seen.append)
    assert sum(seen) == 9


def test_per_deal_averages() -> None:
    result = simulate("classic:target=61", ["easy", "random"], games=4, seed=8)
    for entrant in range(2):
        per = result.per_deal(entrant)
        for role in ("dealer", "pone"):
            deals = result.deals[entrant][role]
            for phase in PHASES:
                assert per[role][phase] == pytest.approx(
                    result.points[entrant][role][phase] / deals
                )
            assert per[role]["total"] == pytest.approx(sum(per[role][p] for p in PHASES))


def test_complete_deals_leave_out_the_deal_the_game_ended_in() -> None:
    spec, entrants, seed = "classic:target=61", ["easy", "random"], 8
    for index in range(2):
        outcome = play_game(spec, entrants, index, seed)
        # The same game step by step: the scores when its last deal began.
        players = [make_player("classic", entrants[(s + index) % 2], sim.mix_seed(seed, index, s))
                   for s in range(2)]  # fmt: skip
        state = start(lookup(spec), seed=sim.mix_seed(seed, index // 2, 999)).state
        at_last_deal = state.scores
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = players[seat].choose(state.observation(seat), state.legal_actions())
            after = state.apply(action).state
            if after.dealer != state.dealer:
                at_last_deal = after.scores
            state = after
        for entrant in range(2):
            seat = (entrant + index) % 2
            counted = outcome.complete_points[entrant]
            assert sum(sum(phases.values()) for phases in counted.values()) == at_last_deal[seat]
            all_deals, complete = outcome.deals[entrant], outcome.complete_deals[entrant]
            assert sum(complete.values()) == sum(all_deals.values()) - 1
    result = simulate(spec, entrants, games=4, seed=seed)
    data = result.to_dict()
    # The last deal of a game is cut short: counted out, the dealer's deals score more.
    assert data["points_per_complete_deal"][0]["dealer"]["total"] != pytest.approx(
        data["points_per_deal"][0]["dealer"]["total"]
    )
    assert sum(result.complete_deals[0].values()) == sum(result.deals[0].values()) - 4


# ---------------------------------------------------------------------------------------------
# Cribbage Tiles: points per game and per turn


@pytest.mark.parametrize("spec", ["tiles:board_size=9", "tiles:board_size=9,joker=true"])
def test_tiles_points_by_kind_add_up_to_the_final_scores(spec: str) -> None:
    for index in range(2):
        outcome = play_game(spec, ["easy", "random"], index, seed=2)
        assert [sum(kinds.values()) for kinds in outcome.tiles_points] == outcome.scores
        assert sum(outcome.turns) <= outcome.actions  # Joker's declarations are not turns
        assert all(turns > 0 for turns in outcome.turns)
        assert all(kinds["deductions"] <= 0 for kinds in outcome.tiles_points)


def test_tiles_turns_are_the_plays_exchanges_and_passes() -> None:
    spec, entrants, seed = "tiles:board_size=9", ["easy", "random"], 3
    outcome = play_game(spec, entrants, 0, seed)
    assert sum(outcome.turns) == outcome.actions  # without Joker every action is a turn
    # The first player takes the same number of turns as the other, or one more.
    assert abs(outcome.turns[0] - outcome.turns[1]) <= 1


def test_tiles_simulation_reports_points_per_game_and_per_turn() -> None:
    spec, entrants, seed = "tiles:board_size=9", ["easy", "random"], 5
    result = simulate(spec, entrants, games=4, seed=seed)
    outcomes = [play_game(spec, entrants, index, seed) for index in range(4)]
    data = result.to_dict()
    for entrant in range(2):
        scores = [o.scores[entrant] for o in outcomes]
        turns = sum(o.turns[entrant] for o in outcomes)
        assert data["points_per_game"][entrant] == pytest.approx(sum(scores) / 4)
        assert data["points_per_turn"][entrant] == pytest.approx(sum(scores) / turns)
        assert data["turns_per_game"][entrant] == pytest.approx(turns / 4)
        by_kind = data["points_per_game_by_kind"][entrant]
        assert set(by_kind) == {"hands", "bonuses", "joker", "deductions"}
        assert sum(by_kind.values()) == pytest.approx(data["points_per_game"][entrant])
    # easy outscores random by far, a game and a turn.
    assert data["points_per_game"][0] > data["points_per_game"][1]
    assert data["points_per_turn"][0] > data["points_per_turn"][1]
    assert totals(result) == totals(simulate(spec, entrants, games=4, seed=seed, workers=2))


def test_only_tiles_reports_points_per_turn() -> None:
    data = simulate("classic:target=61", ["easy", "random"], games=2, seed=1).to_dict()
    assert not {"points_per_game", "points_per_turn", "turns_per_game"} & set(data)
    assert "points_per_deal" in data


def test_a_tie_counts_for_neither_side() -> None:
    from cribkit.sim import GameOutcome, SimulationResult, _add, _empty_points

    result = SimulationResult(
        spec="tiles", entrants=["easy", "medium"], games=0, seed=0, wins=[0, 0],
        skunks=[0, 0], double_skunks=[0, 0], points=[_empty_points(), _empty_points()],
        deals=[{"dealer": 0, "pone": 0}, {"dealer": 0, "pone": 0}],
    )  # fmt: skip
    won = GameOutcome(winner=1, winners=[1], game_points=1, scores=[200, 230], points=[],
                      deals=[], actions=10)  # fmt: skip
    tied = GameOutcome(winner=0, winners=[0, 1], game_points=1, scores=[240, 240], points=[],
                       deals=[], actions=10)  # fmt: skip
    _add(result, [won, tied], None)
    assert result.games == 2
    assert result.wins == [0, 1]
    assert result.ties == [1, 1]
    assert result.to_dict()["ties"] == [1, 1]
    assert result.win_rate == [0.0, 0.5]


def test_a_played_game_names_its_winners_by_entrant() -> None:
    for spec in ("tiles:board_size=9", "classic:players=4,target=61"):
        outcome = play_game(spec, ["easy", "random"], 1, seed=4)
        assert outcome.winners == [outcome.winner]
