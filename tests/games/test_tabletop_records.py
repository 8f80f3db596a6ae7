"""Table Top Cribbage: the action's JSON, records, random games' invariants, the opening view
and the documented example (the hand-built deals are those of :mod:`.test_tabletop`)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribkit.core.cards import DECK, Card
from cribkit.core.scoring import score_line
from cribkit.games.protocol import Action, GameError, IllegalActionError, RecordError
from cribkit.games.records import dumps, replay
from cribkit.games.tabletop.actions import CELLS, cell_index, cell_name, parse_cell
from cribkit.games.tabletop.rules import LINES, NEIGHBOURS
from cribkit.games.tabletop.state import (
    NotAdjacentError,
    OffGridError,
    Place,
    TableTopRules,
    TableTopState,
    start_tabletop,
)

from .test_tabletop import LAYOUT, fill_actions, fresh, layout_deck, line_events, record, tabletop

# -- actions and records ------------------------------------------------------------------------


def test_the_place_action_in_json_both_ways() -> None:
    assert Place(1, 7).to_dict() == {"type": "place", "seat": 1, "cell": "C2"}
    assert Action.from_dict({"type": "place", "seat": 1, "cell": "c2"}) == Place(1, 7)
    assert Action.from_dict({"type": "place", "seat": 1, "row": 1, "col": 2}) == Place(1, 7)
    assert parse_cell({"cell": " E5 "}) == 24
    assert [cell_index(cell_name(c)) for c in range(CELLS)] == list(range(CELLS))
    assert str(Place(0, 12)) == "seat 0 places on C3"


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        ({"cell": "F1"}, OffGridError, "F1 is off the grid"),
        ({"cell": "A6"}, OffGridError, "A6 is off the grid"),
        ({"cell": "A0"}, OffGridError, "A0 is off the grid"),
        ({"row": -1, "col": 2}, OffGridError, "row -1, col 2 is off the grid"),
        ({"row": 2, "col": 5}, OffGridError, "row 2, col 5 is off the grid"),
        ({"cell": "middle"}, GameError, "'middle' is not a cell"),
        ({"cell": 12}, GameError, "a cell is text such as 'C3', not 12"),
        ({"row": 2}, GameError, "col is a whole number from 0 to 4, not None"),
        ({"row": "2", "col": 2}, GameError, "row is a whole number from 0 to 4, not '2'"),
        ({"cell": "C3", "row": 2}, GameError, "its cell or its row and col, not both"),
        ({}, GameError, "a placement names its cell"),
        ({"cell": "C3", "seat": -1}, GameError, "seat is a whole number from 0"),
    ],
)
def test_bad_placements_in_json(data: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Action.from_dict({"type": "place", "seat": 0, **data})


def test_a_record_replays_and_names_an_illegal_action() -> None:
    deck = layout_deck(LAYOUT)
    actions = fill_actions(2, 0)[:3]
    r = replay(dumps(record(TableTopRules(), [deck], actions)))
    assert tabletop(r.state).placed == 3
    bad = [*actions, {"type": "place", "seat": 0, "cell": "A1"}]
    with pytest.raises(RecordError) as error:
        replay(record(TableTopRules(), [deck], bad))
    assert error.value.index == 3
    assert isinstance(error.value.cause, NotAdjacentError)
    assert str(error.value).startswith('action 3 {"type": "place", "seat": 0, "cell": "A1"}: ')
    with pytest.raises(RecordError, match=r"action 0 .*: 'X9' is not a cell|X9 is off the grid"):
        replay(record(TableTopRules(), [deck], [{"type": "place", "seat": 1, "cell": "X9"}]))
    with pytest.raises(RecordError, match="tabletop option players must be one of 2, 4"):
        replay({"game": "tabletop", "rules": {"players": 3}, "seed": 1})


def test_the_record_format() -> None:
    state = start_tabletop(TableTopRules(target=61, heels=True), seed=4, first_dealer=1).state
    rng = random.Random(4)
    for _ in range(5):
        state = state.apply(rng.choice(state.legal_actions())).state
    data = json.loads(json.dumps(state.record()))
    assert list(data) == ["format", "version", "game", "rules", "seed", "first_dealer", "actions"]
    assert data["game"] == "tabletop"
    assert data["rules"]["heels"] is True
    assert all(set(a) == {"type", "seat", "cell"} for a in data["actions"])
    assert tabletop(replay(data).state) == state


# -- random games: invariants -------------------------------------------------------------------

_CARD_TEXT = {str(c) for c in DECK}


def strings(value: Any) -> set[str]:
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def check_state(state: TableTopState) -> None:
    """Cards conserved, and no observation shows an unturned or unused card."""
    grid = [c for c in state.grid if c != -1]
    assert len(grid) == len(set(grid)) == bin(state.occupied).count("1")
    if state.phase == "place":
        assert len(grid) == 1 + state.placed
        deck = state.deck
        assert set(grid) == set(deck[: 1 + state.placed])  # the table holds the dealt cards so far
        assert sum(state.stack_sizes()) == 24 - state.placed
        assert state.turned == deck[1 + state.placed]
    public = {str(DECK[c]) for c in grid}
    if state.turned is not None:
        public.add(str(state.turned))
    for seat in range(state.rules.players):
        data = state.observation(seat).to_json()
        shown = strings(data) & _CARD_TEXT
        assert shown <= public, shown - public
        assert "seed" not in json.dumps(data)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 4]),
    adjacency=st.sampled_from(["king", "rook"]),
    swap=st.booleans(),
    heels=st.booleans(),
    target=st.sampled_from([61, 121]),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, adjacency: str, swap: bool, heels: bool, target: int
) -> None:
    rules = TableTopRules(
        players=players, adjacency=adjacency, swap_sides=swap, heels=heels, target=target
    )
    t = start_tabletop(rules, seed=seed)
    state = t.state
    events = list(t.events)
    rng = random.Random(seed)
    while not state.is_terminal:
        check_state(state)
        action = rng.choice(state.legal_actions())
        assert isinstance(action, Place)
        cell = action.cell
        assert not state.occupied >> cell & 1
        assert NEIGHBOURS[adjacency][cell] & state.occupied  # every placement touches a card
        before = state.scores
        t = state.apply(action)
        events.extend(t.events)
        new = t.state
        assert all(a <= b for a, b in zip(before, new.scores, strict=True))
        if new.deal_no == state.deal_no and not new.is_terminal:
            assert new.grid[cell] == state.turned
        else:
            # the deal ended: its grid scored exactly the sum of its lines
            finished = [e for e in t.events if e.deal == state.deal_no]
            grid = [*state.grid]
            assert state.turned is not None
            grid[cell] = state.turned
            lines = line_events(finished)
            assert len(lines) == 10
            expected = sum(score_line([DECK[grid[c]] for c in line]).total for line in LINES)
            assert sum(e.points for e in lines) == expected
            heels_points = sum(e.points for e in finished if e.type == "heels")
            assert sum(new.scores) - sum(state.scores) == expected + heels_points
        state = new
    check_state(state)
    result = state.result
    assert result is not None
    assert max(result.scores) >= target
    assert result.scores[result.winner] > result.scores[1 - result.winner]
    again = replay(json.loads(dumps(state.record())))
    assert again.events == tuple(events)
    assert again.result == result
    for event in events:
        data = event.to_json(viewer=0)
        assert data["type"] == event.type
        assert isinstance(data["text"], str)


def test_the_opening_observation() -> None:
    state = fresh()
    view = state.observation(0)
    assert view.turned == state.turned
    assert view.grid[cell_index("C3")] == Card.parse("Jc")
    assert sum(card is not None for card in view.grid) == 1
    assert view.current_player == 1
    assert view.stack_sizes == (12, 12)
    assert [cell_name(c) for c in view.open_cells] == [
        "B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4",
    ]  # fmt: skip
    assert view.my_lines == "columns"
    assert state.observation(1).my_lines == "rows"
    data = view.to_json()
    assert data["turned"] == str(state.turned)
    assert data["grid"][2][2] == "Jc"
    assert sum(cell is not None for row in data["grid"] for cell in row) == 1
    assert data["current_player"] == 1
    assert data["stack_sizes"] == [12, 12]
    assert data["open_cells"] == ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"]
    assert data["my_lines"] == "columns"
    with pytest.raises(IllegalActionError, match="no seat 2"):
        state.observation(2)


def test_the_docs_example_replays_as_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    section = text[text.index("## Table Top Cribbage") :]
    blocks = section.split("```")
    example = next(b for b in blocks if b.startswith("json\n") and '"tabletop"' in b)
    r = replay(example[len("json\n") :])
    log = next(b for b in blocks if b.startswith(("\ndeal 1", "text\ndeal 1")))
    expected = log.split("\n", 1)[1] if log.startswith("text") else log
    shown = [e.text() for e in r.events if e.type in ("deal", "centre", "line", "heels", "win")]
    assert shown == [line for line in expected.strip().splitlines() if not line.startswith("...")]
    result_block = next(b for b in blocks if b.startswith('json\n{"winner"'))
    assert r.result is not None
    assert r.result.to_dict() == json.loads(result_block[len("json\n") :])
    full = next(b for b in blocks if b.startswith('json\n{"type": "place"'))
    forms = [e.to_json() for e in r.events]
    for line in full[len("json\n") :].strip().splitlines():
        documented = json.loads(line)
        # every documented key is there with its value (the JSON may have more, such as deal)
        assert any(documented.items() <= form.items() for form in forms), documented
    picture = next(b for b in blocks if b.startswith("\n     A   B"))
    rows = [line.split()[1:] for line in picture.strip().splitlines()[1:]]
    assert rows == tabletop(r.state).observation(0).to_json()["grid"]
