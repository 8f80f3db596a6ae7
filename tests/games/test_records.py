"""JSON game records: round trips, replay, and clear errors for every kind of bad record."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribkit.core.cards import DECK, Card
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import start_game
from cribkit.games.events import GameEvent
from cribkit.games.protocol import OutOfTurnError, RecordError
from cribkit.games.records import MOST_DEPTH, dumps, loads, nested_deeper_than, replay

from .helpers import classic, deck, discards, play_random, plays, record

TWO = ClassicRules()
GOOD_DECK = deck(TWO, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "6c")
GOOD_ACTIONS = discards(s1="As 2s", s0="3c 4c") + plays("1 7h", "0 Kc", "1 8h")


def good() -> dict[str, Any]:
    return record(TWO, [GOOD_DECK], GOOD_ACTIONS)


def seeded_game(seed: int, **rules: Any) -> dict[str, Any]:
    state = start_game(ClassicRules(**rules), seed=seed).state
    state, _ = play_random(state, random.Random(seed))
    return state.record()


def test_a_played_game_records_and_replays_to_the_same_result() -> None:
    state = start_game(TWO, seed="records").state
    rng = random.Random(2)
    events: list[GameEvent] = []
    while not state.is_terminal:
        t = state.apply(rng.choice(state.legal_actions()))
        events.extend(t.events)
        state = t.state
    text = dumps(state.record())
    again = replay(text)
    opening = start_game(TWO, seed="records").events
    assert again.events == (*opening, *events)
    assert again.result == state.result
    assert again.state == state
    data = again.to_dict()
    assert data["result"]["scores"] == list(state.scores)
    assert all("type" in e and "points" in e for e in data["events"])


def test_the_record_format() -> None:
    data = loads(dumps(seeded_game(3, target=61)))
    assert list(data) == ["format", "version", "game", "rules", "seed", "actions"]
    assert data["format"] == "cribkit-record"
    assert data["version"] == 2
    assert data["rules"] == {
        "players": 2,
        "target": 61,
        "skunks": True,
        "manual_counting": False,
        "muggins": False,
    }
    assert {a["type"] for a in data["actions"]} == {"discard", "play"}
    text = dumps(data)
    assert '    {"type": "discard", "seat": ' in text  # one action per line


def test_explicit_decks_and_start_scores_are_kept_in_the_record() -> None:
    r = replay(record(TWO, [GOOD_DECK], GOOD_ACTIONS, start_scores=[10, 20]))
    data = r.state.record()
    assert data["decks"] == [GOOD_DECK]
    assert data["first_dealer"] == 0
    assert data["start_scores"] == [10, 20]
    assert "seed" not in data
    assert data["actions"] == GOOD_ACTIONS
    assert replay(data).events == r.events


def test_decks_come_first_then_the_seed() -> None:
    rec = record(TWO, [GOOD_DECK], [])
    rec["seed"] = 11
    state = replay(rec).state
    assert [str(c) for c in state.deck] == GOOD_DECK  # type: ignore[attr-defined]
    full = seeded_game(11)
    assert replay(full).result is not None


def test_a_record_may_state_its_result_which_replay_checks() -> None:
    rec = seeded_game(4)
    result = replay(rec).result
    assert result is not None
    rec["result"] = result.to_dict()
    assert replay(rec).result == result
    rec["result"] = {**result.to_dict(), "winner": 1 - result.winner}
    with pytest.raises(RecordError, match="is not what its actions give"):
        replay(rec)


def test_a_result_with_fewer_fields_is_checked_field_by_field() -> None:
    rec = seeded_game(4)
    result = replay(rec).result
    assert result is not None
    # An older engine might have written fewer fields: those it has must be the same.
    rec["result"] = {"winner": result.winner, "scores": list(result.scores)}
    assert replay(rec).result == result
    rec["result"] = {"scores": [s + 1 for s in result.scores]}
    with pytest.raises(RecordError, match="is not what its actions give"):
        replay(rec)
    rec["result"] = {**result.to_dict(), "margin": 3}  # a field classic never had
    with pytest.raises(RecordError, match="is not what its actions give"):
        replay(rec)
    rec["result"] = [1, 2]
    with pytest.raises(RecordError, match="a record's result is an object of the result's fields"):
        replay(rec)


def test_a_result_for_a_record_that_stops_before_the_end_is_refused() -> None:
    rec = good()
    rec["result"] = {"winner": 0}
    with pytest.raises(RecordError, match=r"is not what its actions give: null"):
        replay(rec)


@pytest.mark.parametrize("version", [1, 2, None])
def test_versions_1_and_2_and_none_replay_a_classic_record_alike(version: int | None) -> None:
    rec = seeded_game(5, target=61)
    expected = replay(rec)
    if version is None:
        del rec["version"]
    else:
        rec["version"] = version
    again = replay(rec)
    assert again.result == expected.result
    assert again.events == expected.events
    assert again.note is None  # classic was always played alike: nothing to say
    assert "note" not in again.to_dict()


def test_an_illegal_action_is_named_by_index() -> None:
    rec = good()
    rec["actions"] = [*GOOD_ACTIONS[:3], {"type": "play", "seat": 1, "card": "8h"}]
    with pytest.raises(RecordError) as error:
        replay(rec)
    assert error.value.index == 3
    assert str(error.value) == (
        'action 3 {"type": "play", "seat": 1, "card": "8h"}: '
        "it is seat 0's turn to play, not seat 1's"
    )
    assert isinstance(error.value.cause, OutOfTurnError)


def mutate(path: list[Any], value: Any) -> dict[str, Any]:
    rec = copy.deepcopy(good())
    target: Any = rec
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return rec


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["game"], "chess", "unknown game 'chess'"),
        (["game"], DELETE, "a record names its game"),
        (["rules"], {"players": 5}, "classic option players must be one of 2, 3, 4, not 5"),
        (["rules"], {"colour": "red"}, "classic has no option 'colour'"),
        (["rules"], [2], "rules is an object of options"),
        (["decks", 0, 5], "5x", "deck 0: '5x' is not a card"),
        (["decks", 0, 5], 17, "deck 0: a card is text such as '5h', not 17"),
        (["decks", 0, 5], "7h", "deck 0: the card 7h appears more than once"),
        (["decks", 0], GOOD_DECK[:51], "deck 0 has 51 cards, not 52"),
        (["decks"], "5h 6h", "decks is a list of decks"),
        (["decks"], DELETE, "a game needs a seed or explicit decks"),
        (["first_dealer"], 2, "first_dealer must be a seat from 0 to 1, not 2"),
        (["first_dealer"], DELETE, "give first_dealer or a seed"),
        (["seed"], True, "the seed is a whole number or text"),
        (["start_scores"], 5, "start_scores is a list"),
        (["start_scores"], [0], "start_scores must be 2 whole numbers"),
        (["format"], "pgn", "this is not a cribkit-record record"),
        (["version"], 3, "record version 3 is not one this engine reads: 1 or 2"),
        (["version"], "2", "record version '2' is not one this engine reads: 1 or 2"),
        (["version"], True, "record version True is not one this engine reads"),
        (["players"], 2, "a classic record has no field 'players'"),
        (["actions"], {"type": "play"}, "actions is a list of actions"),
        (["actions", 1], "play 5h", 'action 1 "play 5h": an action is a JSON object'),
        (["actions", 1, "type"], "fold", "action 1 .*unknown action type 'fold'"),
        (["actions", 1, "cards"], ["3c", "9x"], "action 1 .*'9x' is not a card"),
        (["actions", 1, "cards"], ["3c"], "action 1 .*seat 0 must lay away 2 cards, not 1"),
        (["actions", 2, "card"], "Kh", "action 2 .*seat 1 cannot play Kh: it is not in their hand"),
        (["actions", 0, "seat"], "one", "action 0 .*seat is a whole number"),
    ],
)
def test_malformed_records_raise_record_errors(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(mutate(path, value))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "a record is JSON: Expecting property name enclosed in double quotes at line 1"),
        ("[1, 2]", "a record is a JSON object, not list"),
        ("", "a record is JSON: Expecting value at line 1 column 1"),
    ],
)
def test_bad_json_text(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(text)


def test_json_nested_too_deep_is_refused_before_it_is_parsed() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"a": ' * 100_000, "[" * 65):
        with pytest.raises(RecordError) as error:
            loads(text)
        assert str(error.value) == (
            "a record is JSON nested at most 64 deep: this text is nested deeper"
        )
        assert "\n" not in str(error.value)
    # Brackets in strings (escaped quotes too) are text, not nesting.
    inside = json.dumps({"game": "classic", "meta": {"note": '"[' * 1000 + "\\"}})
    assert loads(inside)["meta"]["note"].startswith('"[')
    # As deep as the limit is still JSON (and then no record of a game).
    deep = "[" * 64 + "]" * 64
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        loads(deep)


def test_the_depth_check_is_fast_on_a_large_record() -> None:
    rec = seeded_game(6)
    rec["meta"] = {"log": [{"line": i, "text": '"[{' * 3} for i in range(25_000)]}
    text = dumps(rec)
    assert len(text) > 1_000_000
    started = time.perf_counter()
    assert not nested_deeper_than(text, MOST_DEPTH)
    assert time.perf_counter() - started < 1.0  # about 30 ms, as long as parsing it twice
    assert loads(text)["actions"] == rec["actions"]


def test_a_record_that_is_not_a_mapping() -> None:
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        replay([1, 2])  # type: ignore[arg-type]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["5h", "play", "x", "Kd"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(
        [
            ["game"],
            ["rules"],
            ["decks"],
            ["decks", 0],
            ["decks", 0, 3],
            ["first_dealer"],
            ["seed"],
            ["start_scores"],
            ["actions"],
            ["actions", 0],
            ["actions", 3],
            ["actions", 3, "card"],
            ["actions", 1, "cards"],
            ["actions", 2, "seat"],
            ["result"],
        ]
    ),
    value=JSON,
)
def test_any_damage_gives_a_record_error_never_a_traceback(path: list[Any], value: Any) -> None:
    try:
        replay(mutate(path, value))
    except RecordError as error:
        message = str(error)
    else:
        message = "replayed"
    assert message
    json.dumps(value)  # the fuzz values are JSON, as a record's would be


def test_explicit_decks_only_stop_when_they_run_out() -> None:
    state = start_game(TWO, decks=[DECK, DECK], first_dealer=1).state
    state, _ = play_random(state, random.Random(1))
    assert state.phase in ("awaiting_deck", "over")
    assert state.deal_no <= 2


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """The (language, body) of each fenced block of a markdown text."""
    blocks: list[tuple[str, str]] = []
    language: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        if line.startswith("```"):
            if language is None:
                language, body = line[3:].strip(), []
            else:
                blocks.append((language, "\n".join(body) + "\n"))
                language = None
        elif language is not None:
            body.append(line)
    return blocks


def test_the_example_in_docs_records_md_replays_as_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = fenced_blocks(text)
    example = next(body for kind, body in blocks if kind and '"decks"' in body)
    r = replay(example)
    lines = next(body for kind, body in blocks if not kind and body.startswith("deal 1"))
    assert [e.text() for e in r.events] == lines.strip().splitlines()
    documented = next(body for kind, body in blocks if kind and body.startswith('{"winner"'))
    assert r.result is not None
    assert r.result.to_dict() == json.loads(documented)
    shown = next(body for kind, body in blocks if kind and body.startswith('{"type": "show"'))
    assert json.loads(shown) in [e.to_json() for e in r.events]


def test_the_seeded_example_in_docs_records_md_replays() -> None:
    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    example = next(body for _, body in fenced_blocks(text) if '"seed": "club night"' in body)
    r = replay(example)
    state = classic(r)
    assert state.dealer == 2
    assert state.laid[0] == 1 << Card.parse("Kh")
