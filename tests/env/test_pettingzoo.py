"""The PettingZoo environments of the four games (issue 18): PettingZoo's own ``api_test`` and
``seed_test``, the same seeded game through an environment and through the engine, and the
rules kept through it (a four-card crib flush scores nothing)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cribkit.env import classic_v0, solitaire_v0, tabletop_v0, tiles_v0  # noqa: E402
from cribkit.env.aec import CribkitAEC  # noqa: E402
from cribkit.games import start  # noqa: E402
from cribkit.games.classic.events import CribShown, HandShown  # noqa: E402
from cribkit.games.classic.rules import ClassicRules, stacked_deck  # noqa: E402

ENVIRONMENTS: list[tuple[str, Callable[[], Any], int]] = [
    ("classic", classic_v0.env, 3000),
    ("classic, 3 players", lambda: classic_v0.env(players=3), 2000),
    ("classic, 4 players", lambda: classic_v0.env(players=4), 2000),
    ("classic, muggins, points", lambda: classic_v0.env(muggins=True, reward="points"), 2000),
    ("solitaire", solitaire_v0.env, 500),
    ("tabletop", tabletop_v0.env, 1500),
    ("tabletop, 4 players", lambda: tabletop_v0.env(players=4, target=61), 1500),
    ("tiles, 9 x 9", lambda: tiles_v0.env(board_size=9), 150),
]


@pytest.mark.parametrize(("name", "make", "cycles"), ENVIRONMENTS, ids=[e[0] for e in ENVIRONMENTS])
def test_pettingzoos_api_and_seed_tests(name: str, make: Callable[[], Any], cycles: int) -> None:
    with warnings.catch_warnings():
        # (a Dict observation with its action mask is PettingZoo's own classic games' way)
        warnings.filterwarnings("ignore", message="Observation")
        api_test(make(), num_cycles=cycles, verbose_progress=False)
    seed_test(make, num_cycles=cycles)


def play_at_random(env: CribkitAEC, seed: int) -> list[Any]:
    """Play an episode with random legal moves; the actions taken."""
    rng = random.Random(seed)
    taken = []
    for agent in env.agent_iter():
        observation, _reward, termination, truncation, _info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        number = int(rng.choice(list(legal)))
        taken.append(env.legal_moves()[number])
        env.step(number)
        assert agent  # (every agent is named)
    return taken


@pytest.mark.parametrize(
    "make",
    [classic_v0.raw_env, lambda: classic_v0.raw_env(players=4), tabletop_v0.raw_env],
    ids=["classic", "classic, 4 players", "tabletop"],
)
def test_a_seeded_episode_is_the_engines_game_event_for_event(make: Callable[[], Any]) -> None:
    env = make()
    env.reset(seed=11)
    actions = play_at_random(env, seed=5)
    state = env.game_state
    assert state.result is not None
    again = start(env.rules, seed=env.game_seed)
    events = list(again.events)
    engine = again.state
    for action in actions:
        transition = engine.apply(action)
        engine = transition.state
        events.extend(transition.events)
    assert [e.to_json() for e in events] == [e.to_json() for e in env.events]
    assert engine.scores == state.scores


def test_the_rewards_are_the_game_result_or_the_points_margin() -> None:
    for scheme in ("game", "points"):
        env = classic_v0.raw_env(reward=scheme)
        env.reset(seed=3)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        rng = random.Random(1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _info = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
        result = env.game_state.result
        assert result is not None
        winner, loser = (f"player_{s}" for s in (result.winner, 1 - result.winner))
        if scheme == "game":
            assert (totals[winner], totals[loser]) == (1.0, -1.0)
        else:
            margin = result.scores[result.winner] - result.scores[1 - result.winner]
            assert totals[winner] == pytest.approx(margin)
            assert totals[loser] == pytest.approx(-margin)


def named(action: Any) -> list[str]:
    """The cards of a lay-away or a play, as sorted lowercase text."""
    form = action.to_dict()
    return sorted(c.lower() for c in form.get("cards", [form.get("card", "")]))


def test_a_four_card_crib_flush_scores_nothing_through_the_environment() -> None:
    rules = ClassicRules()
    deck = stacked_deck(
        rules,
        dealer=0,
        hands={1: "3s 5s 9s Js 2h 4h", 0: "Ac 6d 7c Kd 8h Qh"},
        starter="Kc",
    )
    env = classic_v0.raw_env()
    env.reset(seed=1, options={"setup": {"decks": [deck], "first_dealer": 0}})
    moves = {
        "player_1": ["2h 4h", "Js", "9s", "3s", "5s"],
        "player_0": ["8h Qh", "Kd", "Ac", "6d", "7c"],
    }
    while moves[env.agent_selection]:
        wanted = sorted(moves[env.agent_selection].pop(0).lower().split())
        number = next(n for n, action in env.legal_moves().items() if named(action) == wanted)
        env.step(number)
    crib = next(e for e in env.events if isinstance(e, CribShown))
    assert crib.points == 0  # 2h 4h 8h Qh with the Kc: a four-card flush counts only in a hand
    pone = next(e for e in env.events if isinstance(e, HandShown) and e.seat == 1)
    assert pone.breakdown.flush_points == 4
