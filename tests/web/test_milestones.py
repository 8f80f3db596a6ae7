"""A profile's milestones from the games the server keeps (issue 38): a classic game won by a
double skunk counts as a skunk and a double skunk, and in the winning streak."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from cribkit.ai.players import make_player
from cribkit.games.protocol import GameState, legal_actions_for, lookup, start
from cribkit.store.base import Store, new_row

from .test_accounts import claim


def _double_skunk() -> tuple[int, list[dict[str, Any]], GameState]:
    """A seed and the actions of a classic game seat 0 wins by a double skunk (the medium
    computer against the random one)."""
    for seed in range(40):
        state = start(lookup("classic"), seed=seed).state
        players = [make_player("classic", level, seed) for level in ("medium", "random")]
        actions = []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = players[seat].choose(state.observation(seat), legal_actions_for(state, seat))
            actions.append(action.to_dict())
            state = state.apply(action).state
        result = state.result
        if result is not None and result.skunk == "double skunk" and result.winner == 0:
            return seed, actions, state
    raise AssertionError("no double skunk in 40 games")


def test_a_double_skunk_is_a_milestone_of_the_winners_profile(client: TestClient) -> None:
    claim(client)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    player = client.get("/api/me").json()["player"]
    seed, actions, final = _double_skunk()
    row = new_row("ds1", game="classic", spec="classic", rules={}, seed=seed, mode="ai",
                  ai="random", humans=(0,), tokens={0: "t"}, owners={0: player})  # fmt: skip
    store.create_game(row)
    result = final.result
    assert result is not None
    for index, action in enumerate(actions):
        last = index == len(actions) - 1
        store.append_action("ds1", index, action, version=index + 1, scores=list(final.scores),
                            result=result.to_dict() if last else None)  # fmt: skip
    milestones = client.get("/api/players/Ann").json()["milestones"]
    assert milestones == {
        "hands_29": 0,
        "hands_28": 0,
        "skunks_won": 1,
        "double_skunks_won": 1,
        "longest_winning_streak": 1,
    }
