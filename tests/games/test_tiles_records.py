"""Cribbage Tiles: the notation, the actions' and events' JSON, records, and random games of
every variant that keep every invariant (hand-built games: see ``test_tiles_rules``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribkit.games import game_info, start
from cribkit.games.actions import Declare
from cribkit.games.chance import new_fair_seed
from cribkit.games.events import GameEvent, event_from_json
from cribkit.games.protocol import Action, GameError, RecordError, Transition
from cribkit.games.records import dumps, replay
from cribkit.games.tiles.actions import Exchange, Joker, Pass, PassJoker, PlayTiles
from cribkit.games.tiles.board import EMPTY, Board, NotTouchingError, OffBoardError
from cribkit.games.tiles.conventions import TilesConvention
from cribkit.games.tiles.events import EVENTS, TilesDrawn, TilesPlayed
from cribkit.games.tiles.notation import NotationError, format_move, parse_move
from cribkit.games.tiles.rules import full_set, parse_piece, parse_tiles, piece_tile, tile_text
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles

from .test_tiles_movegen import slow_points
from .test_tiles_rules import OPENING, go, tiles_state

# -- notation and JSON ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "cells", "tiles"),
    [
        ("B2 across 5d 6l 4d", "B2 across 5d 6l 4d", ["B2", "C2", "D2"], ["5d", "6l", "4d"]),
        ("b2 ACROSS 5D 10l", "B2 across 5d Tl", ["B2", "C2"], ["5d", "Tl"]),
        ("H5 down 9=6d Kl", "H5 down 9=6d Kl", ["H5", "H6"], ["9=6d", "Kl"]),
        ("H5 down 9d=6 6=9l", "H5 down 9=6d 6=9l", ["H5", "H6"], ["9=6d", "6=9l"]),
        ("F8 5d", "F8 5d", ["F8"], ["5d"]),
        ("F8 down 5d", "F8 5d", ["F8"], ["5d"]),
        ("F7 across 5d 4d", "F7 across 5d (Xx) 4d", ["F7", "H7"], ["5d", "4d"]),
        ("F7 across 5d . 4d", "F7 across 5d (Xx) 4d", ["F7", "H7"], ["5d", "4d"]),
        ("F7 across 5d (6l) 4d", "F7 across 5d (Xx) 4d", ["F7", "H7"], ["5d", "4d"]),
        ("G7 across 5d", "H7 5d", ["H7"], ["5d"]),  # G7 holds a tile: the 5d goes on H7
        ("G6 down 5d (6l) 4d", "G6 down 5d (Xx) 4d", ["G6", "G8"], ["5d", "4d"]),
    ],
)
def test_the_notation_reads_and_writes_plays(
    text: str, canonical: str, cells: list[str], tiles: list[str]
) -> None:
    board = Board.from_cells(13, {"G7": "6l"})
    move = parse_move(text, seat=1, board=board)
    assert isinstance(move, PlayTiles)
    assert move.to_dict() == {"type": "play_tiles", "seat": 1, "cells": cells, "tiles": tiles}
    written = format_move(move, board)
    assert written == canonical.replace("Xx", "6l")
    assert parse_move(written, seat=1, board=board) == move
    assert parse_move(format_move(move), seat=1, board=board) == move
    assert str(move) == f"seat 1 plays {format_move(move)}"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", Pass(0)),
        ("PASS", Pass(0)),
        ("exchange 5d Kl", Exchange(0, parse_tiles("5d Kl"))),
        ("exchange Kl 5d", Exchange(0, parse_tiles("Kl 5d"))),  # the order is the player's
        ("swap 5d, 5d", Exchange(0, parse_tiles("5d 5d"))),
        ("declare 12", Declare(0, 12)),
        ("joker", Joker(0)),
        ("no joker", PassJoker(0)),
        ("pass joker", PassJoker(0)),
    ],
)
def test_the_notation_reads_and_writes_the_other_moves(text: str, action: Action) -> None:
    board = Board.empty(13)
    assert parse_move(text, seat=0, board=board) == action
    assert parse_move(format_move(action), seat=0, board=board) == action


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", NotationError, "an empty move"),
        ("hello world", NotationError, "'hello world' is not a move: a move is a play such as"),
        ("G7 5d 6l", NotationError, "say across or down for a play of more than one tile"),
        ("G7 across", NotationError, "names no tile"),
        ("M7 across 5d 4d", NotationError, "runs off the board after M7"),
        ("N7 5d", OffBoardError, "N7 is off the board"),
        ("G7 across 5x", NotationError, "'5x' is not a tile"),
        ("F7 across 5d (5l) 4d", NotationError, "G7 holds 6l, not 5l"),
        ("F6 across 5d . 4d", NotationError, ". stands for a tile on G6, which is empty"),
        ("G7 across (6l)", NotationError, "places no tile"),
        ("exchange", NotationError, "name the tiles to exchange"),
        ("declare lots", NotationError, "a declaration is 'declare' and the points"),
        ("exchange 9=6d", NotationError, "'9=6d' is not a tile"),
    ],
)
def test_bad_notation_says_what_a_move_is(text: str, error: type[Exception], message: str) -> None:
    board = Board.from_cells(13, {"G7": "6l"})
    with pytest.raises(error, match=message):
        parse_move(text, seat=0, board=board)


ACTIONS: list[tuple[Action, dict[str, Any]]] = [
    (
        PlayTiles(0, ((6, 7), (6, 6)), (parse_piece("9=6l"), parse_piece("5d"))),
        {"type": "play_tiles", "seat": 0, "cells": ["G7", "H7"], "tiles": ["5d", "9=6l"]},
    ),
    (Exchange(1, parse_tiles("Kl 5d")), {"type": "exchange", "seat": 1, "tiles": ["Kl", "5d"]}),
    (Pass(2), {"type": "pass", "seat": 2}),
    (Joker(1), {"type": "joker", "seat": 1}),
    (PassJoker(3), {"type": "pass_joker", "seat": 3}),
]


@pytest.mark.parametrize(("action", "data"), ACTIONS)
def test_the_actions_round_trip_through_json(action: Action, data: dict[str, Any]) -> None:
    assert action.to_dict() == data
    assert Action.from_dict(data) == action
    assert str(action).startswith(f"seat {action.seat} ")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "play_tiles", "seat": 0, "cells": "G7", "tiles": 5}, "lists its tiles"),
        ({"type": "play_tiles", "seat": 0, "cells": ["G7"], "tiles": []}, "a tile for each cell"),
        ({"type": "play_tiles", "seat": 0, "cells": ["?"], "tiles": ["5d"]}, "'\\?' is not a cell"),
        ({"type": "play_tiles", "seat": 0, "cells": ["G7"], "tiles": ["5s"]}, "'5s' is not a tile"),
        ({"type": "exchange", "seat": 0, "tiles": [1]}, "lists its tiles"),
        ({"type": "pass", "seat": -1}, "seat is a whole number from 0"),
    ],
)
def test_bad_action_json_is_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message):
        Action.from_dict(data)
    with pytest.raises(GameError):
        Exchange(0, (26,))


# -- records --------------------------------------------------------------------------------------


def test_a_record_with_an_explicit_bag_replays() -> None:
    state = go(OPENING, "G7 across 5d Tl", "I7 Kd", "exchange 2l")
    data = json.loads(dumps(state.record()))
    assert list(data) == ["format", "version", "game", "rules", "bag", "first_player", "actions"]
    assert len(data["bag"]) == 104
    assert data["actions"][1] == {"type": "play_tiles", "seat": 1, "cells": ["I7"], "tiles": ["Kd"]}
    again = replay(data)
    assert again.state == state
    assert again.result is None
    bad = {
        **data,
        "actions": [
            *data["actions"],
            {"type": "play_tiles", "seat": 1, "cells": ["A1"], "tiles": ["Kl"]},
        ],
    }
    with pytest.raises(RecordError) as error:
        replay(bad)
    assert error.value.index == 3
    assert isinstance(error.value.cause, NotTouchingError)
    assert str(error.value).endswith("the play touches no tile on the board")
    with pytest.raises(RecordError, match="the bag has 5 of 5d"):
        replay({**data, "bag": [*data["bag"][:-1], "5d"]})
    with pytest.raises(RecordError, match="a tiles record has no field 'decks'"):
        replay({**data, "decks": []})


def test_a_seeded_record_writes_only_the_seed() -> None:
    state = start_tiles(TilesRules(board_size=9), seed="x").state
    state = state.apply(state.legal_actions()[0]).state
    data = state.record()
    assert list(data) == ["format", "version", "game", "rules", "seed", "actions"]
    assert replay(data).state == state


def test_the_docs_example_replays_as_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    section = text[text.index("## Cribbage Tiles") :]
    blocks = section.split("```")
    example = next(
        b for b in blocks if b.startswith("json\n") and '"tiles"' in b and '"actions"' in b
    )
    r = replay(example[len("json\n") :])
    log = next(b for b in blocks if b.startswith("text\n"))
    assert [e.text() for e in r.events] == log[len("text\n") :].strip().splitlines()
    result_block = next(b for b in blocks if b.startswith('json\n{"winner"'))
    assert r.result is not None
    assert r.result.to_dict() == json.loads(result_block[len("json\n") :])
    full = next(b for b in blocks if b.startswith('json\n{"type"'))
    dicts = [e.to_json() for e in r.events]
    for line in full[len("json\n") :].strip().splitlines():
        assert json.loads(line) in dicts
    picture = next(b for b in blocks if b.startswith("\n      A"))
    assert picture.strip("\n") == tiles_state(r.state).board.picture()
    seeded = next(b for b in blocks if b.startswith('json\n{"game": "tiles"'))
    assert tiles_state(replay(seeded[len("json\n") :]).state).rules.players == 3


# -- random games: invariants ---------------------------------------------------------------------


def check_state(state: TilesState) -> None:
    """The 104 tiles are all somewhere, no line is longer than 5, observations hide what they must."""
    rules = state.rules
    on_the_board = [piece_tile(p) for p in state.board.cells if p != EMPTY]
    everywhere = Counter(on_the_board)
    for rack in state.racks:
        everywhere.update(rack)
    for bag in state.bags:
        everywhere.update(bag)
    assert everywhere == Counter(full_set())
    assert all(len(rack) <= 5 for rack in state.racks)
    n = rules.board_size
    for line in [range(r * n, r * n + n) for r in range(n)] + [
        range(c, n * n, n) for c in range(n)
    ]:
        run = 0
        for cell in line:
            run = run + 1 if state.board.cells[cell] != EMPTY else 0
            assert run <= 5
    # what a seat cannot see can be dealt differently without changing its observation
    rng = random.Random(len(on_the_board))
    for seat in range(rules.players):
        if rules.solitaire:
            hidden_racks: list[int] = []
        else:
            hidden_racks = [s for s in range(rules.players) if s != seat]
        pool = [t for s in hidden_racks for t in state.racks[s]] + [
            t for b in state.bags for t in b
        ]
        rng.shuffle(pool)
        racks = list(state.racks)
        for s in hidden_racks:
            racks[s], pool = tuple(sorted(pool[: len(racks[s])])), pool[len(racks[s]) :]
        bags = []
        for bag in state.bags:
            bags.append(tuple(pool[: len(bag)]))
            pool = pool[len(bag) :]
        if rules.solitaire:
            continue  # two bags of one colour each: the bag order is the only secret
        other = replace(state, racks=tuple(racks), bags=tuple(bags))
        assert other.observation(seat) == state.observation(seat)
    for seat in range(rules.players):
        data = json.loads(json.dumps(state.observation(seat).to_json()))
        assert set(data) >= {"rack", "rack_sizes", "bag_size", "board", "unseen"}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    board_size=st.sampled_from([7, 9, 13]),
    strict=st.booleans(),
    joker=st.booleans(),
    solitaire=st.booleans(),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, board_size: int, strict: bool, joker: bool, solitaire: bool
) -> None:
    if solitaire:
        players, joker = 2, False
    rules = TilesRules(
        players=players,
        board_size=board_size,
        strict_cross_hands=strict,
        joker=joker,
        solitaire=solitaire,
    )
    t: Transition[TilesState] = start_tiles(rules, seed=seed)
    state = t.state
    events = list(t.events)
    rng = random.Random(seed)
    while not state.is_terminal:
        check_state(state)
        actions = state.legal_actions()
        plays = [a for a in actions if isinstance(a, PlayTiles)]
        action = rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(actions)
        t = state.apply(action)
        new = t.state
        if isinstance(action, PlayTiles):
            # every placed tile scores: the independent checker agrees on the points
            board = {
                divmod(i, board_size): p for i, p in enumerate(state.board.cells) if p != EMPTY
            }
            placement = dict(zip(action.cells, action.tiles, strict=True))
            points = slow_points(board, placement, board_size, strict=strict)
            assert points is not None
            assert state.preview(action).points == points
            if not joker:
                scored = [e for e in t.events if e.type in ("hand", "bonus")]
                assert sum(e.points for e in scored) == points
                played = t.events[0]
                assert isinstance(played, TilesPlayed)
                assert played.count == points
        events.extend(t.events)
        state = new
    check_state(state)
    result = state.result
    assert result is not None
    assert result.scores == state.scores
    assert max(state.scores) == state.scores[result.winner]
    again = replay(json.loads(dumps(state.record())))
    assert again.events == tuple(events)
    assert again.state == state
    for event in events:
        for viewer in range(players):
            data = event.to_json(viewer=viewer)
            assert isinstance(data["text"], str)
            if event.private and event.seat != viewer and not solitaire:
                assert "tiles" not in data


# -- typed events ---------------------------------------------------------------------------------

VARIANTS = (
    TilesRules(),
    TilesRules(players=3),
    TilesRules(players=4),
    TilesRules(joker=True),
    TilesRules(solitaire=True),
    TilesRules(board_size=9, strict_cross_hands=False),
)


def random_game_events(rules: TilesRules, seed: int) -> list[GameEvent]:
    """The events of a seeded game of random legal actions (plays most of the time)."""
    t = start_tiles(rules, seed=seed)
    state, events = t.state, list(t.events)
    rng = random.Random(seed)
    while not state.is_terminal:
        actions = state.legal_actions()
        plays = [a for a in actions if isinstance(a, PlayTiles)]
        action = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(actions)
        t = state.apply(action)
        state = t.state
        events.extend(t.events)
    return events


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.spec())
def test_every_event_reads_back_from_its_json(rules: TilesRules) -> None:
    seen: set[type[GameEvent]] = set()
    for seed in range(3):
        for event in random_game_events(rules, seed):
            kind = type(event)
            assert kind in EVENTS
            seen.add(kind)
            data = json.loads(json.dumps(event.to_json()))
            assert kind.from_json(data) == event
            assert event_from_json(EVENTS, data) == event
            for viewer in range(rules.players):
                shown = event.to_json(viewer)
                assert shown["type"] == kind.type
                if event.hidden_from(viewer):
                    assert "tiles" not in shown
                    assert shown["tile_count"] == len(data["tiles"])
    scored = {"declare", "joker"} if rules.joker else {"hand", "bonus"}
    assert {"start", "draw", "play", "end", "win", *scored} <= {k.type for k in seen}


def test_the_registry_lists_every_kind_once() -> None:
    info = game_info("tiles")
    assert info.events == EVENTS
    types = [kind.type for kind in EVENTS]
    assert len(set(types)) == len(types) == 13
    assert set(types) == {
        "draw_first", "start", "draw", "play", "hand", "bonus", "exchange", "pass",
        "declare", "joker", "end", "deduct", "win",
    }  # fmt: skip
    with pytest.raises(RecordError, match="a draw event lists its tiles as text"):
        TilesDrawn.from_json({"type": "draw", "seat": 0, "tiles": [3]})


def test_a_private_draw_tells_another_seat_only_how_many() -> None:
    draw = TilesDrawn(seat=1, scores=(0, 0), tiles=parse_tiles("Kl 5d"))
    assert draw.to_json(viewer=0) == {
        "type": "draw",
        "seat": 1,
        "points": 0,
        "scores": [0, 0],
        "deal": 0,
        "card_count": 0,
        "tile_count": 2,
        "private": True,
        "text": "seat 1 draws two tiles",
    }
    mine = draw.to_json(viewer=1)
    assert (mine["tiles"], mine["text"], mine["private"]) == (
        ["Kl", "5d"],
        "seat 1 draws Kl 5d",
        True,
    )
    public = replace(draw, public=True)
    assert "private" not in public.to_json(viewer=0)
    assert public.to_json(viewer=0)["tiles"] == ["Kl", "5d"]
    assert TilesDrawn.from_json(public.to_json()) == public


# -- records of the engine before 2026-12-01 (tests/games/test_old_records.py replays its own) -----


def exchange_first(state: TilesState) -> TilesState:
    """The state after the player to move exchanges the first two tiles of the rack."""
    seat = state.current_player
    assert seat is not None
    return state.apply(Exchange(seat, state.racks[seat][:2])).state


def test_the_old_convention_reshuffles_a_seeded_bag_after_each_exchange() -> None:
    today = start_tiles(TilesRules(), seed=12).state
    old = start_tiles(TilesRules(), seed=12, convention=TilesConvention.RESHUFFLE).state
    # Alike until an exchange.
    assert old.bags == today.bags
    assert old.racks == today.racks
    for n in range(2):
        given = today.racks[today.turn][:2]
        bag = [*today.bags[0][2:], *given]
        expected = list(bag)
        random.Random(f"tiles:12:exchange:{n}").shuffle(expected)  # as docs/records.md says
        # Both games are in the same position here: the exchanged tiles' order is all that differs.
        assert old.bags == today.bags
        today, old = exchange_first(today), exchange_first(old)
        assert list(today.bags[0]) == bag
        assert list(old.bags[0]) == expected
        old = replace(old, bags=today.bags)
    assert today.record()["version"] == 2
    assert old.record()["version"] == 1


def test_the_old_convention_shuffles_no_bag_without_a_seed() -> None:
    bag = [tile_text(t) for t in full_set()]
    today = start_tiles(TilesRules(), bag=bag, first_player=0).state
    old = start_tiles(TilesRules(), bag=bag, first_player=0, convention=TilesConvention.RESHUFFLE)
    assert exchange_first(old.state).bags == exchange_first(today).bags


def test_a_convention_is_no_rule_and_no_setup() -> None:
    with pytest.raises(GameError, match="a Tiles convention is one of bottom, reshuffle"):
        start_tiles(TilesRules(), seed=1, convention="sideways")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="tiles has no setup convention"):
        start("tiles", seed=1, convention=TilesConvention.RESHUFFLE)
    record = start_tiles(TilesRules(), seed=1, convention=TilesConvention.RESHUFFLE).state.record()
    assert "convention" not in record


def test_the_old_engine_let_light_play_first_at_solitaire() -> None:
    rules = TilesRules(solitaire=True)
    with pytest.raises(GameError, match="dark \\(seat 0\\) always plays first"):
        start_tiles(rules, seed=3, first_player=1)
    old = start_tiles(rules, seed=3, first_player=1, convention=TilesConvention.RESHUFFLE).state
    assert old.current_player == 1
    record = {**old.record(), "actions": [{"type": "pass", "seat": 1}]}
    again = replay(record)
    assert again.state.current_player == 0
    assert again.note == (
        "a version-1 Tiles record: the game was over once a colour played out, as before "
        "2026-12-01; replayed with the game going on until both bags were empty, as since "
        "2026-12-01, it fails: with solitaire dark (seat 0) always plays first: first_player "
        "cannot be 1"
    )
    with pytest.raises(RecordError, match="first_player cannot be 1"):
        replay({**record, "version": 2})


def test_a_record_that_replays_either_way_takes_the_default_and_says_so() -> None:
    state = start_tiles(TilesRules(solitaire=True), seed=5).state
    for _ in range(4):  # no exchange, and nowhere near the end: both engines play it alike
        state = state.apply(state.legal_plays()[0].play).state
    again = replay({**state.record(), "version": 1})
    assert again.state == state
    assert again.convention is not None
    assert again.convention.name == "bottom"
    assert again.note == (
        "a version-1 Tiles record: the game went on until both bags were empty, as since "
        "2026-12-01, the default: it replays with the game over once a colour played out, as "
        "before 2026-12-01 too, and has no result to tell which"
    )


@pytest.mark.parametrize(
    ("seed", "version", "exchanged"),
    [
        # fair seeds came after the change (the id is fixed: xdist's workers collect alike)
        pytest.param(new_fair_seed(), 1, True, id="a-new-fair-seed-1-True"),
        (7, 2, True),  # version 2 is today's
        (7, 1, False),  # no exchange: both engines play it alike
        (None, 1, True),  # an explicit bag was never reshuffled
    ],
)
def test_a_tiles_record_with_one_meaning_has_no_note(
    seed: int | str | None, version: int, exchanged: bool
) -> None:
    bag = None if seed is not None else [tile_text(t) for t in full_set()]
    state = start_tiles(TilesRules(), seed=seed, bag=bag, first_player=0).state
    if exchanged:
        state = exchange_first(state)
    state = state.apply(Pass(state.turn)).state
    again = replay({**state.record(), "version": version})
    assert again.state == state
    assert again.note is None
    assert again.convention is None


def test_a_result_tells_the_two_ways_apart_when_both_replay() -> None:
    bag = [tile_text(t) for t in full_set()]
    random.Random(1).shuffle(bag)
    old = start_tiles(
        TilesRules(solitaire=True), bag=bag, convention=TilesConvention.RESHUFFLE
    ).state
    while not old.is_terminal:
        plays = old.legal_plays()
        old = old.apply(plays[0].play if plays else Pass(old.turn)).state
    assert old.result is not None
    assert old.bag_sizes() == (0, 5)  # dark played out with light's bag not empty: over then
    record = old.record()
    assert record["version"] == 1
    either = replay(record)  # no result: both ways replay, and today's is the default
    assert either.result is None
    assert either.note == (
        "a version-1 Tiles record: the game went on until both bags were empty, as since "
        "2026-12-01, the default: it replays with the game over once a colour played out, as "
        "before 2026-12-01 too, and has no result to tell which"
    )
    told = replay({**record, "result": old.result.to_dict()})
    assert told.state == old
    assert told.note == (
        "a version-1 Tiles record: the game was over once a colour played out, as before "
        "2026-12-01; replayed with the game going on until both bags were empty, as since "
        "2026-12-01, it fails, with another result"
    )


def test_a_malformed_old_record_fails_with_one_plain_error() -> None:
    record = {"game": "tiles", "version": 1, "rules": {"solitaire": True}, "seed": 1}
    with pytest.raises(RecordError) as error:
        replay({**record, "actions": [{"type": "pass", "seat": 9}]})
    assert (
        str(error.value)
        == 'action 0 {"type": "pass", "seat": 9}: there is no seat 9 in a 2-player game'
    )
    assert error.value.index == 0
