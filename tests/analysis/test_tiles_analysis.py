"""The analysis of Cribbage Tiles: each move's points now plus its leave against the best
found, on hand-built bags; the seat's information only; the luck of the draws; whole games.

A hand-built bag puts seat 0's first rack first, then seat 1's, then the rest of the set in
order (seat 0 plays first: ``first_player`` 0).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cribkit.ai.tiles import load_leave_table
from cribkit.analysis.game import analyse
from cribkit.analysis.tiles import LEADING, decision, five_kept_mean, luck, tile_worth
from cribkit.games.records import steps
from cribkit.games.tiles.actions import Exchange, Pass, PlayTiles
from cribkit.games.tiles.rules import full_set, parse_tiles, tile_text
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles

from .playing import play_out


def bag(*racks: str, rest: list[int] | None = None) -> list[str]:
    """The racks' tiles first, then the rest of the set (in order, or ``rest``'s order)."""
    first = [t for rack in racks for t in parse_tiles(rack)]
    left = list(full_set())
    for tile in first:
        left.remove(tile)
    if rest is not None:
        assert sorted(rest) == sorted(left)
        left = rest
    return [tile_text(t) for t in (*first, *left)]


def opening(tiles: list[str]) -> TilesState:
    return start_tiles(bag=tiles, first_player=0).state


def after(state: TilesState, *moves: str) -> TilesState:
    for move in moves:
        state = state.apply(state.parse(move)).state
    return state


WEIGHTS = dict(zip((f"rank_{r}" for r in range(1, 14)), load_leave_table().weights, strict=False))
PAIR = load_leave_table().weights[13]


def test_a_first_play_of_three_tiles_against_all_five() -> None:
    """4l 5l 6d Kd Kl: all five score fifteens 5+K twice and 4+5+6, the run 4-5-6 and the pair
    of kings (11), the first play's 10 and all five tiles' 10: 31, nothing kept. 4l 5l 6d
    alone score 4+5+6 and the run (5) + 10, and keep the two kings (the table: twice a king's
    weight and a pair), by hand."""
    state = opening(bag("4l 5l 6d Kd Kl", "Ad Ad Al Al 2d"))
    played = decision(state, state.parse("E7 across 4l 5l 6d"), 0)
    assert played is not None
    leave = 2 * WEIGHTS["rank_13"] + PAIR
    assert played.chosen.value == pytest.approx(15 + leave)
    assert played.best.value == 31
    assert played.best.words.endswith("for 31, keeping nothing (+0.00)")
    assert played.cost == pytest.approx(31 - 15 - leave)
    assert played.verdict == "blunder"
    assert played.chosen.words == f"E7 across 4l 5l 6d for 15, keeping Kd Kl ({leave:+.2f})"
    assert played.words.startswith(played.chosen.words)
    assert "; best C7 across 4l 5l 6d K" in played.words
    assert (played.phase, played.unit, played.samples, played.hindsight) == (
        "tiles",
        "points",
        0,
        None,
    )


def test_a_play_for_fewer_points_with_the_same_leave() -> None:
    """After 5d Tl on G7-H7, seat 1's 5l on I7 makes 5d Tl 5l (two fifteens and a pair: 6);
    on G8 it makes 5d 5l down (a pair: 2); either keeps the same four tiles. The best is all
    five down F3-F7: Qd Qd Kd Kd 5l (four fifteens, two pairs: 12), 5l 5d Tl across (6) and
    all five tiles (10): 28, nothing kept."""
    state = after(opening(bag("5d Tl Ad Ad 2d", "5l Kd Kd Qd Qd")), "G7 across 5d Tl")
    assert state.current_player == 1
    worse = decision(state, state.parse("G8 5l"), 1)
    better = decision(state, state.parse("I7 5l"), 1)
    assert worse is not None
    assert better is not None
    kept = load_leave_table().value(parse_tiles("Qd Qd Kd Kd"))
    assert worse.chosen.words == f"G8 5l for 2, keeping Qd Qd Kd Kd ({kept:+.2f})"
    assert better.chosen.words == f"I7 5l for 6, keeping Qd Qd Kd Kd ({kept:+.2f})"
    assert better.chosen.value - worse.chosen.value == pytest.approx(4.0)
    assert worse.best.value == 28
    assert worse.best.words.startswith("F3 down")
    assert worse.cost == pytest.approx(28 - 2 - kept)
    assert better.cost == pytest.approx(28 - 6 - kept)


def test_the_choices_are_the_best_few_and_the_move_made() -> None:
    state = after(opening(bag("5d Tl Ad Ad 2d", "5l Kd Kd Qd Qd")), "G7 across 5d Tl")
    worse = decision(state, state.parse("G8 5l"), 1)
    assert worse is not None
    values = [c.value for c in worse.choices]
    assert len(worse.choices) == LEADING + 1  # the move made is not among the ten best
    assert values == sorted(values, reverse=True)
    assert worse.choices[-1] is worse.chosen
    # F3 down Qd Qd Kd Kd 5l and its other orders of the kings and queens, all 28: one choice.
    assert sum(c.words.startswith("F3 down") for c in worse.choices) == 1
    # The move made in another order of the same tiles is shown as itself.
    other = decision(state, state.parse("F3 down Kd Qd Kd Qd 5l"), 1)
    assert other is not None
    assert other.chosen is other.best
    assert other.cost == 0
    assert other.chosen.words.startswith("F3 down Kd Qd Kd Qd 5l for 28")


def test_exchanges_and_passing_are_valued_by_the_tiles_kept() -> None:
    state = opening(bag("Kd Kl Qd Ql Jd", "Ad Ad Al Al 2d"))
    exchange = decision(state, state.parse("exchange Kd Kl"), 0)
    assert exchange is not None
    kept = parse_tiles("Jd Qd Ql")
    table = load_leave_table()
    assert exchange.chosen.value == pytest.approx(table.value(kept))
    assert exchange.chosen.words.startswith("exchange Kd Kl, keeping Jd Qd Ql")
    passing = decision(state, Pass(0), 0)
    assert passing is not None
    rack = parse_tiles("Jd Qd Ql Kd Kl")
    assert passing.chosen.value == pytest.approx(table.value(rack) - five_kept_mean())
    # The same tiles given back in another order are the same choice.
    again = decision(state, Exchange(0, tuple(reversed(parse_tiles("Kd Kl")))), 0)
    assert again is not None
    assert again.chosen.value == exchange.chosen.value


def test_a_declaration_is_no_decision() -> None:
    tiles = bag("5d Tl Ad Ad 2d", "5l Kd Kd Qd Qd")
    state = start_tiles(TilesRules(joker=True), bag=tiles, first_player=0).state
    declaring = after(state, "G7 across 5d Tl")
    assert declaring.phase == "declare"
    assert decision(declaring, declaring.legal_actions()[-1], 1) is None


@pytest.mark.parametrize("seat", [0, 1])
def test_the_values_use_only_what_the_seat_knows(seat: int) -> None:
    """The other rack and the bag in another order: the seat's values do not move."""
    racks = ("5d Tl Ad Ad 2d", "5l Kd Kd Qd Qd")
    tiles = bag(*racks)
    rest = list(full_set())
    for tile in parse_tiles(" ".join(racks)):
        rest.remove(tile)
    shuffled = list(rest)
    random.Random(4).shuffle(shuffled)
    if seat == 0:  # the opponent's rack and the bag
        others = [*parse_tiles(racks[1]), *shuffled]
        random.Random(5).shuffle(others)
        hidden = bag(racks[0], rest=others)
        one, two = opening(tiles), opening(hidden)
        move = "G7 across 5d Tl"
    else:  # what seat 0 draws after its play, and the bag
        hidden = bag(*racks, rest=shuffled)
        one = after(opening(tiles), "G7 across 5d Tl")
        two = after(opening(hidden), "G7 across 5d Tl")
        move = "G8 5l"
    assert one.racks[seat] == two.racks[seat]
    assert one.board == two.board
    assert one.racks[1 - seat] != two.racks[1 - seat] or one.bags != two.bags
    first = decision(one, one.parse(move), seat)
    second = decision(two, two.parse(move), seat)
    assert first is not None
    assert second is not None
    assert [(c.words, c.value) for c in first.choices] == [
        (c.words, c.value) for c in second.choices
    ]


def test_the_luck_of_the_draws() -> None:
    """Seat 0 draws four 5s and a 10, the best rack the table knows; seat 1 aces and a 2."""
    record: dict[str, Any] = {
        "game": "tiles",
        "bag": bag("5d 5d 5l 5l Tl", "Ad Ad Al Al 2d"),
        "first_player": 0,
        "actions": [],
    }
    played = list(steps(record))
    (lucky,) = luck(played, 0)
    (unlucky,) = luck(played, 1)
    assert (lucky.kind, lucky.count, unlucky.count) == ("draws", 5, 5)
    assert lucky.mean == pytest.approx((4 * WEIGHTS["rank_5"] + WEIGHTS["rank_10"]) / 5)
    everything = [tile_worth(t) for t in full_set()]
    assert lucky.expected == pytest.approx(sum(everything) / len(everything))
    assert lucky.percentile > 99
    assert unlucky.percentile < 50


@pytest.mark.parametrize(
    "spec", ["tiles", "tiles:joker=true", "tiles:solitaire=true", "tiles:players=3"]
)
def test_a_random_game_is_analysed_for_every_seat(spec: str) -> None:
    record = play_out(spec, 2)
    played = list(steps(record))
    analysis = analyse(record)
    turns = [s for s in played[1:] if isinstance(s.action, PlayTiles | Exchange | Pass)]
    assert 0 < len(analysis.decisions) <= len(turns)
    for d in analysis.decisions:
        assert d.phase == "tiles"
        assert d.samples == 0
        assert d.hindsight is None
        assert d.chosen in d.choices
        assert d.cost >= 0
        assert len(d.choices) <= LEADING + 1
    drawn = {item.kind for item in analysis.luck}
    assert drawn == {"draws"}
    assert len(analysis.luck) == len(analysis.seats)
    final = played[-1].state
    assert isinstance(final, TilesState)
    assert final.is_terminal
    # Every tile a seat held was drawn once: the opening racks and each refill (with joker,
    # after the calls).
    for seat, item in enumerate(analysis.luck):
        mine = [s.action for s in turns if s.action is not None and s.action.seat == seat]
        out = sum(len(a.tiles) for a in mine if isinstance(a, PlayTiles | Exchange))
        assert item.count == out + len(final.racks[seat])
