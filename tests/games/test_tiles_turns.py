"""Cribbage Tiles: exchanges, passes and the end of the game, the Joker option, solitaire, and
what a seat's view holds (hand-built games: see ``test_tiles_rules``)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import fields, replace

import pytest

from cribkit.games.actions import Declare
from cribkit.games.errors import OverDeclarationError, WrongActionError
from cribkit.games.protocol import GameError, GameOverError, IllegalActionError, OutOfTurnError
from cribkit.games.records import replay
from cribkit.games.tiles.actions import Exchange, Joker, Pass, PassJoker, PlayTiles
from cribkit.games.tiles.events import TilesDrawn
from cribkit.games.tiles.rules import parse_tile, parse_tiles, seeded_bag, tile_text
from cribkit.games.tiles.state import (
    ExchangeError,
    TilesResult,
    TilesRules,
    start_tiles,
)
from cribkit.games.tiles.view import ClaimView, TilesView

from .test_tiles_rules import MIDDLE, OPENING, bag_with, game, go, on_board, tiles_state

# -- exchanges, passes and the end of the game --------------------------------------------------


def test_an_exchange_draws_new_tiles_and_puts_the_old_ones_at_the_bottom_in_order() -> None:
    state = game("5d Tl 4d 3l 2l", "Kd Kl 5l 9d 6d", then="7d 8l Ql Jd")
    t = state.apply(state.parse("exchange 4d 3l"))
    after = tiles_state(t.state)
    assert after.racks[0] == tuple(sorted(parse_tiles("5d Tl 2l 7d 8l")))
    # rule 10: at the bottom of the bag, in the order the player gave them
    assert after.bags[0] == (*state.bags[0][2:], *parse_tiles("4d 3l"))
    assert (after.scores, after.misses, after.current_player) == ((0, 0), 1, 1)
    exchange, draw = t.events
    assert exchange.text() == "seat 0 passes and exchanges 4d 3l"
    assert exchange.to_json(viewer=1) == {
        "type": "exchange",
        "seat": 0,
        "points": 0,
        "scores": [0, 0],
        "deal": 0,
        "card_count": 0,
        "private": True,
        "tile_count": 2,
        "text": "seat 0 passes and exchanges two tiles",
    }
    assert draw.to_json(viewer=0)["tiles"] == ["7d", "8l"]
    assert "tiles" not in draw.to_json(viewer=1)
    # the other order is another exchange, as legal, with the other bag
    other = state.apply(state.parse("exchange 3l 4d")).state
    assert state.parse("exchange 3l 4d") != state.parse("exchange 4d 3l")
    assert other.racks == after.racks
    assert other.bags[0][-2:] == parse_tiles("3l 4d")
    # the legal actions list each choice of tiles once, in rack order
    offered = [a for a in state.legal_actions() if isinstance(a, Exchange) and len(a.tiles) == 2]
    assert Exchange(0, parse_tiles("3l 4d")) in offered
    assert Exchange(0, parse_tiles("4d 3l")) not in offered
    # the first play is still to come
    assert go(after, "G7 across 6d 9d").scores == (0, 12)


def test_a_seeded_exchange_does_not_shuffle_the_bag() -> None:
    state = start_tiles(TilesRules(), seed=11).state
    seat = state.turn
    tiles = tuple(reversed(state.racks[seat][:3]))
    after = tiles_state(state.apply(Exchange(seat, tiles)).state)
    assert after.bags[0] == state.bags[0][3:] + tiles
    assert after.racks[seat] == tuple(sorted(state.racks[seat][3:] + state.bags[0][:3]))
    again = replay(after.record())
    assert again.state == after
    assert again.state.history[-1] == Exchange(seat, tiles)


def test_an_exchange_needs_that_many_tiles_in_the_bag() -> None:
    state = replace(OPENING, bags=(parse_tiles("Kd Jd"),))
    with pytest.raises(ExchangeError, match="the bag holds two tiles: you cannot exchange 3"):
        state.verify(state.parse("exchange 5d Tl 4d"))
    exchanges = [a for a in state.legal_actions() if isinstance(a, Exchange)]
    assert max(len(a.tiles) for a in exchanges) == 2
    assert len(exchanges) == 5 + 10  # every choice of 1 or 2 of the five different tiles
    empty = replace(OPENING, bags=((),))
    assert not [a for a in empty.legal_actions() if isinstance(a, Exchange)]
    assert empty.legal_actions()[-1] == Pass(0)


def test_every_player_passing_with_the_bag_empty_ends_the_game() -> None:
    state = replace(on_board(MIDDLE, {"G7": "5d", "H7": "Tl"}), bags=((),), scores=(30, 25))
    after = go(state, "pass")
    assert not after.is_terminal
    t = after.apply(Pass(1))
    over = tiles_state(t.state)
    assert over.is_terminal
    assert [e.text() for e in t.events] == [
        "seat 1 passes",
        "the game ends: every player in turn has passed with the bag empty",
        "seat 0 has 3l 4d 5l 6d Kd left (minus twenty-eight points)",
        "seat 1 has 2d 2l 7l Qd Ql left (minus thirty-one points)",
        "seat 0 wins: 2, -6",
    ]
    assert over.result == TilesResult(0, (0,), (2, -6), 1, "", 0)
    assert over.result is not None
    assert over.result.to_dict()["margin"] == 8
    assert over.result.servant == 1
    assert over.current_player is None
    assert over.legal_actions() == []
    assert over.legal_plays() == []
    with pytest.raises(GameOverError, match="the game is over: it ended 2, -6"):
        over.apply(Pass(0))


def test_three_rounds_without_a_play_end_the_game_while_the_bag_holds_tiles() -> None:
    state = MIDDLE
    for _ in range(5):
        state = state.apply(Pass(state.turn)).state
        assert not state.is_terminal
    t = state.apply(Pass(state.turn))
    assert t.state.is_terminal
    assert t.events[1].text() == "the game ends: 3 rounds have gone by without a play"
    # a play starts the count again
    state = go(MIDDLE, "pass", "pass", "pass")
    state = state.apply(state.legal_plays()[0].play).state
    assert state.misses == 0


def test_playing_out_with_the_bag_empty_ends_the_game_and_the_others_pay() -> None:
    state = replace(
        on_board(MIDDLE, {"G7": "5d", "H7": "Tl"}),
        bags=((),),
        racks=(parse_tiles("Kd 5l"), parse_tiles("Ad 6d 9l Kl")),
        scores=(10, 40),
    )
    t = state.apply(state.parse("I7 across Kd 5l"))  # 5 T K 5: four fifteens, a pair
    over = tiles_state(t.state)
    assert over.is_terminal
    assert [e.text() for e in t.events][-4:] == [
        "seat 0 scores G7-J7 5d Tl Kd 5l: fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten (ten points)",
        "the game ends: seat 0 has played every tile",
        "seat 1 has Ad 6d 9l Kl left (minus twenty-six points)",
        "seat 0 wins: 20, 14",
    ]
    assert over.racks == ((), parse_tiles("Ad 6d 9l Kl"))


def test_a_tie_shares_the_win() -> None:
    state = replace(MIDDLE, bags=((),), racks=((), ()), scores=(12, 12))
    t = go(state, "pass").apply(Pass(1))
    assert t.events[-1].text() == "seats 0 and 1 share the win: 12, 12"
    result = tiles_state(t.state).result
    assert result is not None
    assert (result.winner, result.winners, result.tie, result.margin) == (0, (0, 1), True, 0)
    assert result.to_dict()["tie"] is True


# -- joker ----------------------------------------------------------------------------------------

JOKER = game(
    "5d Tl 4d 3l 2l", "Kd Kl 5l 9d 6d", "Qd Ql 2d Ad 7l", rules=TilesRules(players=3, joker=True)
)


def test_joker_a_play_waits_for_its_declaration() -> None:
    t = JOKER.apply(JOKER.parse("G7 across 5d Tl"))
    state = tiles_state(t.state)
    assert [e.type for e in t.events] == ["play"]
    assert t.events[0].text() == "seat 0 plays G7 across 5d Tl"
    assert (state.phase, state.current_player, state.scores) == ("declare", 0, (0, 0, 0))
    assert state.legal_actions() == [Declare(0, p) for p in range(13)]
    assert state.racks[0] == parse_tiles("2l 3l 4d")  # the rack is filled after the calls
    with pytest.raises(
        OverDeclarationError,
        match=r"cannot declare 13 for G7 across 5d Tl: it scores 12 \(G7-H7 fifteen two; ten for the first play\)",
    ):
        state.verify(Declare(0, 13))
    with pytest.raises(IllegalActionError, match="points are 0 or more"):
        state.verify(Declare(0, -1))
    with pytest.raises(OutOfTurnError):
        state.verify(Declare(1, 3))
    with pytest.raises(
        WrongActionError,
        match="seat 0 cannot exchange tiles now: seat 0 is to declare the score of G7 across 5d Tl",
    ):
        state.verify(state.parse("exchange 2l", seat=0))
    data = state.observation(1).to_json()
    assert data["claim"] == {"seat": 0, "move": "G7 across 5d Tl", "declared": None, "to_call": []}


def test_joker_the_first_caller_takes_the_missed_points() -> None:
    state = go(JOKER, "G7 across 5d Tl", "declare 10")
    assert (state.phase, state.current_player, state.scores) == ("joker", 1, (10, 0, 0))
    assert state.legal_actions() == [Joker(1), PassJoker(1)]
    declared = state.observation(2).claim
    assert declared == ClaimView(seat=0, move="G7 across 5d Tl", declared=10, to_call=(1, 2))
    with pytest.raises(OutOfTurnError, match="it is seat 1's turn, not seat 2's"):
        state.verify(Joker(2))
    t = state.apply(Joker(1))
    after = tiles_state(t.state)
    assert t.events[0].text() == "seat 1 calls Joker and takes the two points seat 0 missed"
    assert after.scores == (10, 2, 0)
    assert (after.phase, after.current_player, len(after.racks[0])) == ("play", 1, 5)


def test_joker_a_false_call_costs_five_and_passes_let_it_stand() -> None:
    state = go(JOKER, "G7 across 5d Tl", "declare 12")
    t = state.apply(Joker(1))
    assert t.events[0].text() == "seat 1 calls Joker, but seat 0 missed nothing (minus five points)"
    assert t.state.scores == (12, -5, 0)
    passed = go(state, "no joker", "no joker")
    assert (passed.scores, passed.current_player, passed.phase) == ((12, 0, 0), 1, "play")


def test_joker_the_declaration_hides_what_it_missed_from_the_players() -> None:
    state = go(JOKER, "G7 across 5d Tl")
    declare = state.apply(Declare(0, 7)).events[0]
    assert declare.text() == "seat 0 declares seven points for G7 across 5d Tl, missing five points"
    assert declare.to_json()["missed"] == 5
    for viewer in range(3):
        data = declare.to_json(viewer)
        assert "missed" not in data
        assert data["text"] == "seat 0 declares seven points for G7 across 5d Tl"


# -- solitaire ------------------------------------------------------------------------------------


def test_solitaire_plays_dark_against_light_from_two_bags() -> None:
    t = start_tiles(TilesRules(solitaire=True), seed=5)
    state = t.state
    assert [e.type for e in t.events] == ["start", "draw", "draw"]
    assert state.current_player == state.first_player == 0
    assert all(t % 2 == 0 for t in state.racks[0])
    assert all(t % 2 == 1 for t in state.racks[1])
    assert state.bag_sizes() == (47, 47)
    bag = seeded_bag(5)
    assert state.bags[0] == tuple(t for t in bag if t % 2 == 0)[5:]
    view = state.observation(0)
    assert view.colour == "dark"
    assert view.racks == state.racks
    assert view.to_json()["racks"] == [[tile_text(t) for t in r] for r in state.racks]
    assert (view.bag_size, view.bag_sizes) == (47, (47, 47))
    assert len(view.unseen) == 104 - 10
    # the one player sees both racks, so the tiles drawn are no secret either
    draw = t.events[2]
    assert isinstance(draw, TilesDrawn)
    assert (draw.seat, draw.public, tuple(sorted(draw.tiles))) == (1, True, state.racks[1])
    assert draw.to_json(viewer=0)["tiles"] == [tile_text(t) for t in draw.tiles]
    assert "private" not in draw.to_json(viewer=0)
    # an exchange comes from the seat's own bag
    after = tiles_state(state.apply(Exchange(0, state.racks[0][:2])).state)
    assert after.bag_sizes() == (47, 47)
    assert all(t % 2 == 0 for t in after.racks[0])
    # the result's margin is dark's score minus light's
    over = tiles_state(
        go(replace(state, bags=((), ()), racks=((), ()), scores=(30, 41)), "pass", "pass")
    )
    assert over.result is not None
    assert (over.result.margin, over.result.servant, over.result.winners) == (-11, None, (1,))


def test_solitaire_dark_always_plays_first() -> None:
    rules = TilesRules(solitaire=True)
    with pytest.raises(GameError, match=r"with solitaire dark \(seat 0\) always plays first"):
        start_tiles(rules, seed=5, first_player=1)
    for t in (start_tiles(rules, bag=bag_with()), start_tiles(rules, seed=5, first_player=0)):
        assert [e.type for e in t.events] == ["start", "draw", "draw"]
        assert t.state.current_player == t.state.first_player == 0
    # without solitaire any seat may be given the first turn
    assert start_tiles(TilesRules(), seed=5, first_player=1).state.current_player == 1


def test_solitaire_ends_by_playing_out_only_once_both_bags_are_empty() -> None:
    rules = TilesRules(solitaire=True)
    start = start_tiles(rules, bag=bag_with()).state
    state = replace(
        on_board(start, {"G7": "5d", "H7": "Tl"}),
        racks=(parse_tiles("Kd"), parse_tiles("2l 3l 4l 5l Kl")),
        bags=((), parse_tiles("Ql Jl")),
    )
    # dark plays its last tile with its own bag empty: light's bag still holds two tiles
    state = go(state, "I7 Kd")
    assert not state.is_terminal
    assert (state.racks[0], state.current_player, state.scores) == ((), 1, (4, 0))
    state = go(state, "J7 5l")  # light draws the Ql
    assert state.bags == ((), parse_tiles("Jl"))
    assert state.legal_actions() == [Pass(0)]  # dark has no tile left to play or exchange
    state = go(state, "pass")
    t = state.apply(state.parse("F7 Kl"))  # light draws the last tile: both bags are empty
    over = tiles_state(t.state)
    assert over.is_terminal
    assert [e.text() for e in t.events][-3:] == [
        "the game ends: seat 0 has played every tile",
        "seat 1 has 2l 3l 4l Jl Ql left (minus twenty-nine points)",
        "seat 0 wins: 4, -3",
    ]


# -- observations -------------------------------------------------------------------------------


def test_the_observation_shows_the_board_and_only_the_seats_own_rack() -> None:
    state = go(OPENING, "G7 across 5d Tl")
    view = state.observation(1)
    assert isinstance(view, TilesView)
    assert view.rack == parse_tiles("5l 6d 9d Kd Kl")
    assert view.racks is None
    assert view.rack_sizes == (5, 5)
    assert view.bag_size == 92
    assert view.board == state.board
    assert view.centre == state.board.centre
    assert view.scores == (12, 0)
    unseen = Counter(view.unseen)
    assert [unseen[parse_tile(t)] for t in ("5d", "5l", "Kd")] == [3, 3, 3]
    assert len(view.unseen) == 104 - 2 - 5
    assert unseen[parse_tile("2l")] == 4  # seat 0 holds a 2l, but seat 1 has not seen it
    data = view.to_json()
    assert data["rack"] == ["5l", "6d", "9d", "Kd", "Kl"]
    assert data["board"][6][6:8] == ["5d", "Tl"]
    assert (data["centre"], data["board_size"], data["scores"]) == ("G7", 13, [12, 0])
    assert (data["unseen"]["5d"], data["unseen"]["2l"]) == (3, 4)
    for key in ("seed", "bag", "bags", "history"):
        assert key not in data
        assert key not in {f.name for f in fields(view)}
    with pytest.raises(IllegalActionError, match="no seat 2"):
        state.observation(2)


def test_a_view_is_json_and_reads_back() -> None:
    state = go(OPENING, "G7 across 5d Tl", "pass")
    for seat in (0, 1):
        view = state.observation(seat)
        text = json.dumps(view.to_json())
        assert TilesView.from_json(json.loads(text)) == view
    with pytest.raises(GameError, match="not the JSON of a Cribbage Tiles view"):
        TilesView.from_json({"game": "tiles"})


def test_a_claim_in_the_view_hides_what_the_play_scores() -> None:
    state = go(JOKER, "G7 across 5d Tl")
    claim = state.observation(1).claim
    assert claim == ClaimView(seat=0, move="G7 across 5d Tl", declared=None, to_call=())
    assert {f.name for f in fields(claim)} == {"seat", "move", "declared", "to_call"}
    data = state.observation(1).to_json()
    assert TilesView.from_json(data).claim == claim


def test_offered_actions_are_the_legal_actions_but_the_plays() -> None:
    for state in (OPENING, MIDDLE, replace(OPENING, bags=(parse_tiles("Kd Jd"),))):
        legal = state.legal_actions()
        offered = state.offered_actions()
        assert offered == [a for a in legal if not isinstance(a, PlayTiles)]
        assert offered[-1] == Pass(state.turn)
        lengths = [len(a.tiles) for a in offered if isinstance(a, Exchange)]
        assert lengths == sorted(lengths)
    declaring = go(JOKER, "G7 across 5d Tl")
    assert declaring.offered_actions() == declaring.legal_actions()
    assert declaring.offered_actions()[0] == Declare(0, 0)


def test_a_preview_in_json_lists_each_crib_hand_and_bonus() -> None:
    score = OPENING.preview(OPENING.parse("G7 across 5d Tl"))
    assert score.to_json() == {
        "points": 12,
        "words": ["G7-H7: fifteen two", "ten for the first play"],
        "events": [
            {"type": "hand", "name": "G7-H7", "points": 2, "words": "fifteen two", "main": True},
            {"type": "bonus", "kind": "first", "points": 10, "words": "ten for the first play"},
        ],
    }
