"""Hidden information stays hidden: random games of every game, played over the WebSocket,
and no message to the player's seat holds a card that seat may not know.

The forbidden cards are worked out from the true server-side state that each message reflects
(its ``seq`` is the number of actions applied): the other seats' hands and racks, the crib
before the show, the undealt deck, the stacks, the stock and the bag. The raw JSON text of
every message is searched for each forbidden card as a JSON string.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.ai.players import make_player
from cribkit.games.classic.state import ClassicState
from cribkit.games.protocol import Action, GameState
from cribkit.games.records import start_from
from cribkit.games.tiles.rules import tile_text
from cribkit.games.tiles.state import TilesState
from cribkit.web.sessions import GameSession

from ..games.hidden import card_texts, pop_past_deals, view_json
from ..games.hidden import forbidden as forbid
from .conftest import Seat, new_game, socket_url

PLAYER = 0


def forbidden_tiles(state: TilesState, held: set[str]) -> set[str]:
    hidden: set[str] = set()
    for seat in range(state.rules.players):
        if seat != PLAYER:
            hidden |= set(view_json(state, seat)["rack"])
    for bag in state.bags:
        hidden |= {tile_text(tile) for tile in bag}
    board = {
        str(cell).rpartition("=")[2]
        for row in view_json(state, PLAYER)["board"]
        for cell in row
        if cell is not None
    }
    # A tile of the same name that the player holds, held or sees on the board is no secret.
    return hidden - board - held


def unseen_tiles(state: TilesState) -> dict[str, int]:
    """How many tiles of each name the player cannot see: the others' racks and the bags."""
    counts: Counter[str] = Counter()
    for seat in range(state.rules.players):
        if seat != PLAYER:
            counts.update(view_json(state, seat)["rack"])
    for bag in state.bags:
        counts.update(tile_text(tile) for tile in bag)
    return {name: count for name, count in counts.items() if count}


def deal_of(state: GameState) -> int:
    return int(getattr(state, "deal_no", 0))


def split_by_deal(
    events: list[dict[str, Any]], state: GameState
) -> tuple[list[dict[str, Any]], dict[int, list[dict[str, Any]]]]:
    """The events of ``state``'s deal, and those of the earlier deals by deal (each checked
    against what its deal's end revealed); the cut and the draw for the first turn are left
    out: drawn for the first turn and shuffled back before the first deal."""
    current: list[dict[str, Any]] = []
    earlier: dict[int, list[dict[str, Any]]] = {}
    for event in events:
        if event["type"] in ("cut", "draw_first"):
            continue
        deal = event.get("deal", 0)
        if not hasattr(state, "deal_no") or deal == deal_of(state):
            current.append(event)
        else:
            earlier.setdefault(deal, []).append(event)
    return current, earlier


def check_message(raw: str, state: GameState, before: GameState | None, held: set[str]) -> None:
    """No forbidden card in the message's text (events of an earlier deal are checked against
    that deal's undealt cards, as the deal's end reveals the rest)."""
    message = json.loads(raw)
    # The seed is revealed with the result, never before.
    assert ('"seed"' in raw) == (message.get("result") is not None), raw[:300]
    # Tiles: a tile the player has held (and may have given back to the bag) is no secret.
    forbidden = (
        forbidden_tiles(state, held) if isinstance(state, TilesState) else forbid(state, PLAYER)
    )
    if isinstance(state, TilesState) and "observation" in message:
        # Tiles shows how many of each tile are still unseen: names as keys, counts only.
        unseen = message["observation"].pop("unseen")
        assert unseen == unseen_tiles(state)
    pop_past_deals(message, state, PLAYER)
    current, by_deal = split_by_deal(message.pop("events", []), state)
    parts = [json.dumps(message), *map(json.dumps, current)]
    earlier = [json.dumps(event) for events in by_deal.values() for event in events]
    for part in parts:
        leaks = {card for card in forbidden if f'"{card}"' in part}
        assert not leaks, f"{sorted(leaks)} leak in {part[:300]}"
    if earlier and before is not None:
        undealt = (forbid(before, PLAYER) if isinstance(before, ClassicState) else set()) - _shown(
            before
        )
        for part in earlier:
            leaks = {card for card in undealt if f'"{card}"' in part}
            assert not leaks, f"{sorted(leaks)} leak in {part[:300]}"


def _shown(state: GameState) -> set[str]:
    """The cards still to be shown at the end of a classic deal (hands and crib)."""
    if not isinstance(state, ClassicState):
        return set()
    shown: set[str] = card_texts(state.crib)
    for seat in range(state.rules.players):
        shown |= card_texts(state.hands[seat] | state.kept[seat] | state.laid[seat])
    return shown


def play_random_game(client: TestClient, game: str, options: dict[str, Any], seed: int) -> int:
    """Play a game with random choices on both sides; check every message; the number."""
    answer = new_game(client, game, ai="random", seed=seed, options=options)
    session: GameSession = client.app.state.manager.sessions[answer["id"]]  # type: ignore[attr-defined]
    human = make_player(game, "random", seed=seed)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while state["result"] is None:
            truth = session.state
            action: Action = human.choose(truth.observation(PLAYER), truth.legal_actions())
            form = action.to_dict()
            del form["seat"]
            state = seat.until_turn(seat.act(form))
    record = {"game": game, "rules": session.row.rules, "seed": seed, "actions": session.actions}
    states, _ = _states(record)
    held: list[set[str]] = []
    so_far: set[str] = set()
    for truth in states:
        if isinstance(truth, TilesState):
            so_far = so_far | set(view_json(truth, PLAYER)["rack"])
        held.append(so_far)
    for raw in seat.received:
        seq = json.loads(raw)["seq"]
        check_message(raw, states[seq], states[seq - 1] if seq else None, held[seq])
    return len(seat.received)


def _states(record: dict[str, Any]) -> tuple[list[GameState], None]:
    state, _ = start_from(record)
    states = [state]
    for data in record["actions"]:
        state = state.apply(Action.from_dict(data)).state
        states.append(state)
    return states, None


GAMES = [
    ("classic", {}, 8),
    ("classic", {"players": 3}, 2),
    ("classic", {"players": 4}, 2),
    ("classic", {"manual_counting": True, "muggins": True, "target": 61}, 3),
    ("tabletop", {"target": 61}, 4),
    ("tabletop", {"players": 4, "target": 61}, 1),
    ("tiles", {}, 4),
    ("tiles", {"players": 3}, 1),
    ("tiles", {"players": 4}, 1),
    ("solitaire", {}, 6),
]


@pytest.mark.parametrize(("game", "options", "games"), GAMES)
def test_no_message_holds_a_card_the_seat_may_not_know(
    client: TestClient, game: str, options: dict[str, Any], games: int
) -> None:
    messages = 0
    for seed in range(games):
        messages += play_random_game(client, game, options, seed=100 + seed)
    assert messages > games * 5


def test_the_check_finds_a_leak() -> None:
    state, _ = start_from({"game": "classic", "seed": 3, "actions": []})
    assert isinstance(state, ClassicState)
    theirs = sorted(card_texts(state.hands[1]))
    leaking = json.dumps({"type": "state", "seq": 0, "observation": {"hand": theirs[:1]}})
    with pytest.raises(AssertionError, match="leak"):
        check_message(leaking, state, None, set())
    starter = json.dumps(
        {"type": "state", "seq": 0, "events": [{"type": "peg", "cards": [str(state.deck[-1])]}]}
    )
    with pytest.raises(AssertionError, match="leak"):
        check_message(starter, state, None, set())
