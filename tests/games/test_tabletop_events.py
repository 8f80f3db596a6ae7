"""Table Top Cribbage: the typed events and the typed view, their JSON forms and round trips."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from cribkit.core.cards import Card, parse_cards
from cribkit.games import game_info, lookup
from cribkit.games.errors import RecordError
from cribkit.games.events import GameEvent, event_from_json
from cribkit.games.records import replay
from cribkit.games.tabletop.actions import cell_index
from cribkit.games.tabletop.events import (
    EVENTS,
    CentreCard,
    Cut,
    Deal,
    Heels,
    LineCounted,
    Placement,
    TableTopEvent,
    Tie,
    TurnUp,
    Win,
)
from cribkit.games.tabletop.rules import CENTRE, TableTopRules, line_index
from cribkit.games.tabletop.state import TableTopState, start_tabletop
from cribkit.games.tabletop.view import TableTopView

from .test_tabletop import LAYOUT, MIRROR_LAYOUT, fill_actions, layout_deck, record

#: The golden variants, and every other value of each option.
VARIANTS = [
    "tabletop",
    "tabletop:players=4",
    "tabletop:adjacency=rook,target=61",
    "tabletop:swap_sides=true,heels=true",
    "tabletop:first_lines=columns",
    "tabletop:players=4,heels=true,swap_sides=true,first_lines=columns",
]


def random_match(spec: str, seed: int) -> tuple[list[GameEvent], list[TableTopState]]:
    """Every event and every state of a random match."""
    t = start_tabletop(lookup(spec), seed=seed)  # type: ignore[arg-type]
    events, states = list(t.events), [t.state]
    rng = random.Random(seed)
    state = t.state
    while not state.is_terminal:
        t = state.apply(rng.choice(state.legal_actions()))
        state = t.state
        events.extend(t.events)
        states.append(state)
    return events, states


def tie_events() -> list[GameEvent]:
    """The events of a hand-built deal that ties past the target (see test_tabletop)."""
    rec = record(
        TableTopRules(heels=True),
        [layout_deck(MIRROR_LAYOUT)],
        fill_actions(2, 0),
        start_scores=[110, 110],
    )
    return list(replay(rec).events)


@pytest.mark.parametrize("spec", VARIANTS)
def test_every_event_round_trips_through_its_json(spec: str) -> None:
    events, _ = random_match(spec, seed=len(spec))
    kinds = {type(e) for e in events}
    assert {Cut, Deal, CentreCard, TurnUp, Placement, LineCounted, Win} <= kinds
    for event in events:
        assert isinstance(event, TableTopEvent)
        data = event.to_json()
        assert type(event).from_json(data) == event
        assert event_from_json(EVENTS, json.loads(json.dumps(data))) == event
        # nothing in Table Top is private: every seat reads what the record says
        for viewer in range(lookup(spec).seats):
            assert event.to_json(viewer) == data


def test_every_kind_is_made_and_listed() -> None:
    seen: set[type[GameEvent]] = set()
    for spec in VARIANTS:
        seen |= {type(e) for e in random_match(spec, seed=3)[0]}
    ties = tie_events()
    seen |= {type(e) for e in ties}
    for event in ties:
        assert event_from_json(EVENTS, event.to_json()) == event
    assert seen == set(EVENTS)
    assert len({kind.type for kind in EVENTS}) == len(EVENTS)
    assert game_info("tabletop").events == EVENTS


def test_the_json_keeps_the_records_forms() -> None:
    jc = Card.parse("Jc")
    assert Cut(seats=(0, 1), cards=parse_cards("Th 7d"), first_dealer=1).to_json() == {
        "type": "cut",
        "points": 0,
        "deal": 0,
        "seats": [0, 1],
        "cards": ["Th", "7d"],
        "other": 1,
        "text": "seat 0 cuts Th, seat 1 cuts 7d; seat 1 deals first",
    }
    undecided = Cut(seats=(0, 1), cards=parse_cards("Th Td")).to_json()
    assert "other" not in undecided
    assert undecided["text"] == "seat 0 cuts Th, seat 1 cuts Td"
    centre = CentreCard(card=jc, cell=CENTRE, scores=(0, 0)).to_json()
    assert (centre["cards"], centre["cell"], "seat" in centre) == (["Jc"], "C3", False)
    place = Placement(seat=1, card=jc, cell=cell_index("B4"), deal=2).to_json()
    assert (place["cards"], place["cell"], place["deal"]) == (["Jc"], "B4", 2)
    assert place["text"] == "seat 1 places Jc on B4"
    heels = Heels(seat=0, points=2, card=jc).to_json()
    assert (heels["cards"], heels["words"]) == (["Jc"], "two for his heels")
    line = LineCounted(
        seat=3, line=line_index("column B"), cards=parse_cards(LAYOUT)[1::5], seats=(1, 3)
    )
    data = line.to_json()
    assert (data["line"], data["seats"], data["cards"]) == (
        "column B",
        [1, 3],
        ["5d", "4h", "Qd", "7d", "Qh"],
    )
    assert data["text"].startswith("seats 1 and 3 score column B 5d 4h Qd 7d Qh: fifteen two")
    assert line.is_row is False
    deal = Deal(seat=0, rows=(1,), columns=(0,)).to_json()
    assert (deal["rows"], deal["columns"], deal["deal"]) == ([1], [0], 0)
    assert (
        Tie(scores=(130, 130)).to_json()["text"]
        == "both sides have 130, past the target: another deal"
    )
    assert Win(seat=1, seats=(1,), scores=(100, 121)).to_json()["text"] == "seat 1 wins, 100-121"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "place", "seat": 0, "cards": ["5h"], "cell": "F9"}, "F9 is off the grid"),
        ({"type": "place", "seat": 0, "cards": ["5h"], "cell": 12}, "a cell is text"),
        ({"type": "place", "seat": 0, "cards": ["5h", "5c"], "cell": "C2"}, "a list of one card"),
        ({"type": "place", "seat": 0, "cards": ["5x"], "cell": "C2"}, "'5x' is not a card"),
        ({"type": "place", "seat": 0, "cell": "C2"}, "card"),
        ({"type": "turn_up", "seat": 0, "cards": "5h"}, "a list of one card"),
        (
            {"type": "line", "seat": 0, "line": "diagonal", "cards": [], "seats": [0]},
            "'diagonal' is not a line",
        ),
        ({"type": "cut", "seats": [0, 1], "cards": ["5h", "6h"], "other": "one"}, "whole number"),
        ({"type": "win", "seat": 0}, "seats"),
    ],
)
def test_a_bad_event_json_is_refused_with_a_record_error(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        event_from_json(EVENTS, data)


def test_events_are_frozen_records_of_their_own_fields() -> None:
    place = Placement(seat=1, card=Card.parse("5h"), cell=7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        place.cell = 8  # type: ignore[misc]
    shared = {f.name for f in dataclasses.fields(GameEvent)}
    own = {kind.type: {f.name for f in dataclasses.fields(kind)} - shared for kind in EVENTS}
    assert own == {
        "cut": {"seats", "cards", "first_dealer"},
        "deal": {"rows", "columns"},
        "centre": {"card", "cell"},
        "turn_up": {"card"},
        "place": {"card", "cell"},
        "heels": {"card"},
        "line": {"line", "cards", "seats"},
        "tie": set(),
        "win": {"seats"},
    }


# -- the view -----------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", VARIANTS[:3])
def test_every_view_is_json_and_says_what_its_fields_say(spec: str) -> None:
    _, states = random_match(spec, seed=11)
    for state in states[:: max(1, len(states) // 40)] + states[-1:]:
        for seat in range(state.rules.players):
            view = state.observation(seat)
            assert isinstance(view, TableTopView)
            data = json.loads(json.dumps(view.to_json()))
            assert data["grid"] == [
                [None if card is None else str(card) for card in view.grid[row * 5 : row * 5 + 5]]
                for row in range(5)
            ]
            assert data["turned"] == (None if view.turned is None else str(view.turned))
            assert data["rules"] == state.rules.options()
            assert data["target"] == state.rules.target
            assert data["scores"] == list(state.scores)
            assert data["line_scores"]["rows"] + data["line_scores"]["columns"] == list(
                view.line_scores
            )
            assert data["result"] == (None if state.result is None else state.result.to_dict())
            assert [cell_index(c) for c in data["open_cells"]] == list(view.open_cells)
            assert data["my_lines"] == ("rows" if view.side == view.rows_side else "columns")


def test_the_view_holds_cards_not_text() -> None:
    state = start_tabletop(TableTopRules(), seed=7).state
    view = state.observation(0)
    assert all(card is None or type(card) is Card for card in view.grid)
    assert type(view.turned) is Card
    assert view.rules is state.rules
    assert len(view.grid) == 25
    assert view.grid[CENTRE] == state.deck[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.placed = 3  # type: ignore[misc]
