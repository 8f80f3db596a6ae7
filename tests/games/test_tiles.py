"""Cribbage Tiles: every rule and option on hand-built bags and boards, errors, notation,
records, and random games that keep every invariant.

Hand-built games use an explicit bag (:func:`bag_with`): the racks first, in turn order from
the first player, then any tiles named to be drawn next, then the rest of the set in order.
Positions in the middle of a game put tiles on the board with ``dataclasses.replace``.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribkit.games import lookup, start
from cribkit.games.actions import Declare, Discard
from cribkit.games.errors import OverDeclarationError, WrongActionError
from cribkit.games.protocol import (
    Action,
    GameError,
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
    RecordError,
    RulesError,
    Transition,
)
from cribkit.games.records import dumps, replay
from cribkit.games.tiles.board import (
    EMPTY,
    Board,
    DeadHandError,
    FirstPlayError,
    HandTooLongError,
    LineError,
    NotTouchingError,
    OccupiedCellError,
    OffBoardError,
    ScoresNothingError,
    cell_index,
    cell_name,
    hand_info,
)
from cribkit.games.tiles.notation import (
    Exchange,
    Joker,
    NotationError,
    Pass,
    PassJoker,
    PlayTiles,
    format_move,
    parse_move,
)
from cribkit.games.tiles.rules import (
    KINDS,
    SET_SIZE,
    TileParseError,
    draw_for_first_player,
    full_set,
    parse_piece,
    parse_tile,
    parse_tiles,
    piece_of,
    piece_text,
    piece_tile,
    seeded_bag,
    tile_text,
)
from cribkit.games.tiles.state import (
    ExchangeError,
    TileNotHeldError,
    TilesEvent,
    TilesResult,
    TilesRules,
    TilesState,
    start_tiles,
)

from .test_tiles_movegen import slow_points

# -- helpers ------------------------------------------------------------------------------------


def bag_with(*racks: str, then: str = "") -> list[str]:
    """A full bag dealing ``racks`` in order, then ``then``, then the rest of the set in order."""
    named = [t for text in (*racks, then) for t in parse_tiles(text)]
    rest = Counter(full_set()) - Counter(named)
    assert not Counter(named) - Counter(full_set()), "more of a tile than the set has"
    order = named + [t for t in full_set() if rest[t] and not rest.subtract({t: 1})]
    return [tile_text(t) for t in order]


def game(
    *racks: str, then: str = "", rules: TilesRules | None = None, first: int = 0
) -> TilesState:
    """A game whose racks are ``racks`` (``racks[0]`` for the first player, and so on)."""
    rules = rules or TilesRules()
    return start_tiles(rules, bag=bag_with(*racks, then=then), first_player=first).state


def on_board(state: TilesState, pieces: dict[str, str]) -> TilesState:
    """The state with these tiles on the board (a position in the middle of a game)."""
    return replace(state, board=Board.from_cells(state.rules.board_size, pieces))


def go(state: TilesState, *moves: str) -> TilesState:
    """The state after the moves, each in the notation for the player to act."""
    for move in moves:
        state = state.apply(state.parse(move)).state
    return state


def events(state: TilesState, move: str) -> list[TilesEvent]:
    out = []
    for e in state.apply(state.parse(move)).events:
        assert isinstance(e, TilesEvent)
        out.append(e)
    return out


def texts(evs: list[TilesEvent], *types: str) -> list[str]:
    return [e.text() for e in evs if not types or e.type in types]


def snapshot(state: TilesState) -> Any:
    return (
        copy.deepcopy(state),
        state.record(),
        [state.observation(s) for s in range(state.rules.players)],
        state.legal_actions(),
    )


def tiles_state(value: object) -> TilesState:
    assert isinstance(value, TilesState)
    return value


# -- rules and tiles ----------------------------------------------------------------------------


def test_the_rules_and_their_options() -> None:
    rules = TilesRules()
    assert rules.options() == {
        "players": 2,
        "board_size": 13,
        "strict_cross_hands": True,
        "joker": False,
        "solitaire": False,
    }
    assert (rules.sides, rules.centre, rules.bag_count) == (2, (6, 6), 1)
    spec = "tiles:players=4,board_size=9,strict_cross_hands=off,joker=yes"
    looked = lookup(spec)
    assert looked == TilesRules(players=4, board_size=9, strict_cross_hands=False, joker=True)
    assert lookup(looked.spec()) == looked
    assert TilesRules(solitaire=True).bag_count == 2
    assert TilesRules(solitaire=True).bag_of(1) == 1
    for name in ("players", "board_size", "strict_cross_hands", "joker", "solitaire"):
        assert name in TilesRules.option_help()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("tiles:players=5", "tiles option players must be one of 2, 3, 4, not 5"),
        ("tiles:players=1", "players must be one of 2, 3, 4, not 1"),
        ("tiles:board_size=8", "board_size must be one of 7, 9, 11, 13, 15, 17, 19, 21, 23, 25"),
        ("tiles:board_size=5", "board_size must be one of 7, 9"),
        ("tiles:joker=maybe", "tiles option joker is true or false"),
        ("tiles:solitaire=true,players=3", "solitaire=true is one player .*: players must be 2"),
        ("tiles:solitaire=true,joker=true", "solitaire and joker do not go together"),
        ("tiles:bonus=20", "tiles has no option 'bonus'"),
    ],
)
def test_bad_options_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        lookup(spec)


def test_every_tile_and_piece_reads_back_from_its_text() -> None:
    tiles = range(KINDS)
    assert [parse_tile(tile_text(t)) for t in tiles] == list(tiles)
    assert len({tile_text(t) for t in tiles}) == KINDS
    pieces = [piece_of(t) for t in tiles] + [piece_of(t, True) for t in tiles if t // 2 in (5, 8)]
    assert len(pieces) == 30
    assert [parse_piece(piece_text(p)) for p in pieces] == pieces
    assert [piece_text(piece_of(parse_tile(t), True)) for t in ("6d", "6l", "9d", "9l")] == [
        "9=6d",
        "9=6l",
        "6=9d",
        "6=9l",
    ]
    assert all(piece_tile(p) == t for t in tiles for p in [piece_of(t)])
    assert tile_text(parse_tile("10D")) == "Td"
    assert len(full_set()) == SET_SIZE == 104
    assert Counter(full_set()) == dict.fromkeys(range(KINDS), 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5h", "'5h' is not a tile"),
        ("5", "'5' is not a tile"),
        ("Zd", "'Zd' is not a tile"),
        ("d", "'d' is not a tile"),
        ("9=5d", "only a 6 can be placed as a 9 and only a 9 as a 6"),
        ("6=6d", "a 6 placed as a 6 is written 6d"),
        ("9=6", "'9=6' has no colour"),
        ("9d=6l", "gives two colours"),
        ("K=9d", "only a 6 can be placed as a 9"),
    ],
)
def test_bad_tile_text_says_what_a_tile_is(text: str, message: str) -> None:
    with pytest.raises(TileParseError, match=message):
        parse_piece(text)
    with pytest.raises(TileParseError):
        piece_of(parse_tile("5d"), True)


def test_cells_are_named_like_a_spreadsheet() -> None:
    assert cell_name(0, 13) == "A1"
    assert cell_name(6 * 13 + 6, 13) == "G7"  # the centre of the 13x13 board
    assert cell_name(168, 13) == "M13"
    assert [cell_index(cell_name(c, 9), 9) for c in range(81)] == list(range(81))
    assert Board.empty(7).centre == cell_index("D4", 7)
    with pytest.raises(OffBoardError, match="N1 is off the board: the cells are A1 to M13"):
        cell_index("N1", 13)
    with pytest.raises(OffBoardError, match="A14 is off the board"):
        cell_index("A14", 13)
    with pytest.raises(GameError, match="'centre' is not a cell"):
        cell_index("centre", 13)


def test_hand_info_agrees_with_the_core_breakdown() -> None:
    from itertools import combinations_with_replacement

    from cribkit.core.scoring import score_tile_line

    for size in range(1, 6):
        for values in combinations_with_replacement(range(1, 14), size):
            score = score_tile_line(values)
            scoring = 0
            for part in (*score.fifteens, *score.pairs, *score.runs):
                for rank in part:
                    scoring |= 1 << int(rank)
            assert hand_info(values) == (score.total, scoring), values


# -- starting a game ----------------------------------------------------------------------------


def test_the_draw_for_the_first_player_redraws_ties() -> None:
    bags = [parse_tiles("5d 2l 2d Kl"), parse_tiles("9d 9l"), parse_tiles("Ad 3l")]
    first, rounds = draw_for_first_player(4, bags)
    # 2l and 2d tie (colour does not count), then 9d and 9l: seats 1 and 2 draw a third time
    assert first == 1
    assert rounds == [((0, 1, 2, 3), bags[0]), ((1, 2), bags[1]), ((1, 2), bags[2])]
    with pytest.raises(GameError, match="ran out of bags while players were tied"):
        draw_for_first_player(2, [parse_tiles("5d 5l")])


def test_a_seeded_start_draws_for_the_first_player_and_fills_the_racks() -> None:
    t = start_tiles(TilesRules(players=3), seed=6)
    state = t.state
    draws = [e for e in t.events if e.type == "draw_first"]
    assert [e.seats for e in draws] == [(0, 1, 2), (0, 2)]
    assert draws[-1].other == state.first_player == state.turn == state.current_player == 0
    assert [e.type for e in t.events][2:] == ["start", "draw", "draw", "draw"]
    # racks are filled from the front of the bag in turn order, first player first
    bag = seeded_bag(6)
    assert [e.seat for e in t.events if e.type == "draw"] == [0, 1, 2]
    assert state.racks == tuple(tuple(sorted(bag[5 * i : 5 * i + 5])) for i in range(3))
    assert state.bags == (bag[15:],)
    assert state.phase == "play"
    assert state.scores == (0, 0, 0)
    assert start_tiles(TilesRules(players=3), seed="6").state.racks == state.racks


def test_first_player_skips_the_draw_and_a_bag_needs_a_seed_to_draw() -> None:
    t = start_tiles(TilesRules(), bag=bag_with("5d Tl 4d 3l 2l", "Kd Kl 5l 9d 6d"), first_player=1)
    assert [e.type for e in t.events] == ["start", "draw", "draw"]
    state = t.state
    assert state.current_player == 1
    assert state.racks[1] == tuple(sorted(parse_tiles("5d Tl 4d 3l 2l")))
    with pytest.raises(GameError, match="give first_player or a seed"):
        start_tiles(TilesRules(), bag=bag_with())
    with pytest.raises(GameError, match="a seed or an explicit bag"):
        start_tiles(TilesRules())
    with pytest.raises(GameError, match="first_player must be a seat from 0 to 1, not 2"):
        start_tiles(TilesRules(), seed=1, first_player=2)
    with pytest.raises(GameError, match="tiles needs TilesRules"):
        start_tiles(lookup("classic"), seed=1)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="no setup deck"):
        start("tiles", seed=1, deck=[])


@pytest.mark.parametrize(
    ("bag", "message"),
    [
        (bag_with()[:103], "the bag has 103 tiles, not 104"),
        ([*bag_with()[:-1], "5d"], "the bag has 5 of 5d: a set has 4 of each tile"),
        (["5h", *bag_with()[1:]], "the bag: '5h' is not a tile"),
        ("5d 5l", "a bag is a list of the 104 tiles"),
    ],
)
def test_a_bad_bag_is_refused(bag: Any, message: str) -> None:
    with pytest.raises(GameError, match=message):
        start_tiles(TilesRules(), bag=bag, first_player=0)


# -- the first play -----------------------------------------------------------------------------

OPENING = game("5d Tl 4d 3l 2l", "Kd Kl 5l 9d 6d", then="7d 8l Ql Jd")


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        ("E7 across 5d Tl", FirstPlayError, "the first play must cover the centre G7"),
        ("G7 5d", FirstPlayError, "the first play uses 2 to 5 tiles, not 1"),
        ("G7 across 5d 4d", ScoresNothingError, "the tile 5d scores nothing"),
        ("G7 across 5d Tl 4d", ScoresNothingError, "the tile 4d scores nothing"),
        ("G7 across 5d Kd", TileNotHeldError, "you hold no Kd: your rack is 2l 3l 4d 5d Tl"),
        ("G7 across 5d 5d", TileNotHeldError, "you hold only one 5d"),
        ("G1 down 5d Tl", FirstPlayError, "cover the centre"),
    ],
)
def test_a_bad_first_play_names_the_rule_and_changes_nothing(
    move: str, error: type[Exception], message: str
) -> None:
    state = OPENING
    before = snapshot(state)
    action = state.parse(move)
    with pytest.raises(error, match=message):
        state.apply(action)
    with pytest.raises(error):
        state.verify(action)
    with pytest.raises(error):
        state.preview(action)
    assert snapshot(state) == before
    assert action not in state.legal_actions()


def test_the_first_play_scores_its_crib_hand_and_ten() -> None:
    state = OPENING
    evs = events(state, "G7 across 5d Tl")
    assert texts(evs) == [
        "seat 0 plays G7 across 5d Tl for twelve points",
        "seat 0 scores G7-H7 5d Tl: fifteen two (two points)",
        "seat 0: ten for the first play (ten points)",
        "seat 0 draws 7d 8l",
    ]
    after = go(state, "G7 across 5d Tl")
    assert after.scores == (12, 0)
    assert after.racks[0] == tuple(sorted(parse_tiles("2l 3l 4d 7d 8l")))
    assert after.current_player == 1
    assert after.board.rows()[6][6:8] == ["5d", "Tl"]
    hand = evs[1]
    assert hand.line == "G7-H7"
    assert hand.hand_breakdown is not None
    assert hand.hand_breakdown.fifteens_points == 2
    assert hand.to_dict()["tiles"] == ["5d", "Tl"]
    assert hand.to_dict()["words"] == "fifteen two"


def test_five_tiles_of_one_colour_take_all_three_bonuses() -> None:
    state = game("5d Td 5d Kd Jd", "Kl Kl 5l 9d 6d")
    evs = events(state, "E7 across 5d Td 5d Kd Jd")
    # 5 T 5 K J: six fifteens and a pair
    assert texts(evs, "hand", "bonus") == [
        "seat 0 scores E7-I7 5d Td 5d Kd Jd: fifteen two, fifteen four, fifteen six, fifteen "
        "eight, fifteen ten, fifteen twelve, and a pair is fourteen (fourteen points)",
        "seat 0: ten for the first play (ten points)",
        "seat 0: ten for playing all five tiles (ten points)",
        "seat 0: ten for five dark tiles in E7-I7 (ten points)",
    ]
    assert [e.kind for e in evs if e.type == "bonus"] == ["first", "five_tiles", "colour"]
    colour = next(e for e in evs if e.kind == "colour")
    assert colour.to_dict()["tiles"] == ["5d", "Td", "5d", "Kd", "Jd"]
    assert colour.to_dict()["line"] == "E7-I7"
    assert colour.scores == (44, 0)


def test_a_six_may_be_placed_as_a_nine_and_keeps_that_value() -> None:
    state = game("Ad 5d 6l 6d 3l", "9d 6d 4l 4d Kl")
    with pytest.raises(ScoresNothingError, match="the tile Ad scores nothing"):
        state.verify(state.parse("G7 across Ad 5d 6l"))  # A 5 6 makes nothing
    evs = events(state, "G7 across Ad 5d 9=6l")  # A + 5 + 9 = 15
    assert texts(evs, "play", "hand") == [
        "seat 0 plays G7 across Ad 5d 9=6l for twelve points",
        "seat 0 scores G7-I7 Ad 5d 9=6l: fifteen two (two points)",
    ]
    after = go(state, "G7 across Ad 5d 9=6l")
    assert after.board.rows()[6][6:9] == ["Ad", "5d", "9=6l"]
    assert after.observation(1)["board"][6][8] == "9=6l"
    # the 9d beside it pairs with the turned 6, now a 9 for good
    assert after.preview(after.parse("I8 9d")).points == 2
    # A 5 9 4 has nothing for the 4 (as a 6 it would have made a run 4-5-6)
    with pytest.raises(ScoresNothingError, match="the tile 4d scores nothing"):
        after.verify(after.parse("J7 4d"))


# -- later plays: the rules of a play -----------------------------------------------------------

MIDDLE = on_board(
    game("Kd 5l 4d 3l 6d", "Qd Ql 2d 2l 7l", then="Ad Al 8d 8l 9d"),
    {"G7": "5d", "H7": "Tl"},
)


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (
            PlayTiles(
                0, ((5, 6), (7, 7)), (piece_of(parse_tile("Kd")), piece_of(parse_tile("4d")))
            ),
            LineError,
            "G6 and H8 are not in one row or column: the tiles of a play go in one line",
        ),
        (
            PlayTiles(
                0, ((7, 6), (7, 8)), (piece_of(parse_tile("Kd")), piece_of(parse_tile("4d")))
            ),
            LineError,
            "the play leaves a gap at H8: the tiles must form one unbroken line",
        ),
        (
            PlayTiles(
                0, ((6, 8), (6, 8)), (piece_of(parse_tile("Kd")), piece_of(parse_tile("4d")))
            ),
            LineError,
            "the play puts two tiles on I7",
        ),
        (PlayTiles(0, (), ()), LineError, "a play places 1 to 5 tiles, not 0"),
        (
            PlayTiles(0, tuple((0, c) for c in range(6)), tuple(range(0, 24, 4))),
            LineError,
            "a play places 1 to 5 tiles, not 6",
        ),
        (
            PlayTiles(0, ((6, 6),), (piece_of(parse_tile("Kd")),)),
            OccupiedCellError,
            "G7 already holds 5d",
        ),
        (
            PlayTiles(0, ((13, 0),), (piece_of(parse_tile("Kd")),)),
            OffBoardError,
            "A14 is off the board",
        ),
        (
            PlayTiles(0, ((0, 0), (0, 1)), (parse_piece("Kd"), parse_piece("5l"))),
            NotTouchingError,
            "the play touches no tile on the board",
        ),
        (
            PlayTiles(0, ((6, 8),), (piece_of(parse_tile("5d")),)),
            TileNotHeldError,
            "you hold no 5d",
        ),
        (
            PlayTiles(0, ((6, 8),), (piece_of(parse_tile("4d")),)),
            ScoresNothingError,
            "the tile 4d scores nothing",
        ),
        (PlayTiles(0, ((6, 8),), (99,)), GameError, "a placed tile is a piece number from 0 to 51"),
        (Pass(1), OutOfTurnError, "it is seat 0's turn, not seat 1's"),
        (Pass(2), IllegalActionError, "there is no seat 2 in a 2-player game"),
        (Declare(0, 3), WrongActionError, "seat 0 cannot declare points now: seat 0 is to play"),
        (Discard(0, ()), WrongActionError, "seat 0 cannot do that now"),
        (Exchange(0, ()), ExchangeError, "an exchange is of 1 to 5 tiles, not 0"),
        (Exchange(0, parse_tiles("Kd Kd")), TileNotHeldError, "you hold only one Kd"),
    ],
)
def test_illegal_plays_name_the_rule_and_change_nothing(
    action: Action, error: type[Exception], message: str
) -> None:
    state = MIDDLE
    before = snapshot(state)
    with pytest.raises(error, match=message):
        state.apply(action)
    with pytest.raises(error):
        state.verify(action)
    assert snapshot(state) == before
    assert action not in state.legal_actions()
    assert state.apply(state.parse("I7 Kd")).state.scores == (4, 0)  # and the game goes on


def test_a_play_through_tiles_on_the_board_scores_the_whole_line() -> None:
    state = MIDDLE  # 5d Tl on G7 H7; seat 0 holds 3l 4d 5l 6d Kd
    with pytest.raises(ScoresNothingError, match="the tile 3l scores nothing"):
        state.verify(state.parse("I7 across Kd 3l"))  # 5 T K 3: the 3 is in nothing
    play = state.parse("F7 across 5l (5d) (Tl) Kd")
    assert play == state.parse("F7 across 5l Kd")  # the tiles passed over may be left out
    assert isinstance(play, PlayTiles)
    assert play.names == ("F7", "I7")
    evs = events(state, "F7 across 5l Kd")
    # 5 5 T K: four fifteens (each 5 with the T and with the K) and a pair
    assert texts(evs, "play", "hand") == [
        "seat 0 plays F7 across 5l (5d) (Tl) Kd for ten points",
        "seat 0 scores F7-I7 5l 5d Tl Kd: fifteen two, fifteen four, fifteen six, fifteen "
        "eight, and a pair is ten (ten points)",
    ]
    assert [e.type for e in evs] == ["play", "hand", "draw"]  # no bonus
    with pytest.raises(WrongActionError, match="only a play of tiles has a score to preview"):
        state.preview(Pass(0))


def test_a_single_tile_scores_both_lines_through_it() -> None:
    state = on_board(MIDDLE, {"G7": "5d", "H7": "Tl", "I8": "Kl"})
    # I7: across 5 T 5 (two fifteens, a pair), down 5 K (a fifteen)
    evs = events(state, "I7 5l")
    assert texts(evs, "hand") == [
        "seat 0 scores G7-I7 5d Tl 5l: fifteen two, fifteen four, and a pair is six (six points)",
        "seat 0 scores I7-I8 5l Kl: fifteen two (two points)",
    ]
    assert evs[0].count == 8


def test_no_crib_hand_may_be_longer_than_five() -> None:
    row = on_board(MIDDLE, {"E7": "Ad", "F7": "2d", "G7": "3l", "H7": "4l"})
    assert row.preview(row.parse("I7 5l")).points == 7  # run of five, and A 2 3 4 5 = 15
    with pytest.raises(HandTooLongError, match="line of 6 tiles at E7-J7"):
        row.verify(row.parse("I7 across 5l 6d"))
    with pytest.raises(HandTooLongError, match="line of 6 tiles at D7-I7"):
        row.verify(row.parse("D7 across 6d (Ad) (2d) (3l) (4l) 5l"))
    column = on_board(MIDDLE, {"H3": "Ad", "H4": "2d", "H5": "3l", "H6": "4l", "H7": "5d"})
    # across at H8, the crossing column would be H3-H8: 6 tiles
    with pytest.raises(HandTooLongError, match="line of 6 tiles at H3-H8"):
        column.verify(column.parse("G8 across 5l Kd"))


def test_strict_cross_hands_refuses_a_crossing_hand_that_scores_nothing() -> None:
    pieces = {"G7": "5d", "H7": "Tl", "I8": "2d"}
    strict = on_board(MIDDLE, pieces)
    # the K makes 5 T K across (4) but K 2 down scores nothing
    with pytest.raises(DeadHandError, match=r"the crib hand I7-I8 \(Kd 2d\) scores nothing"):
        strict.verify(strict.parse("I7 Kd"))
    lenient = on_board(
        game("Kd 5l 4d 3l 6d", "Qd Ql 2d 2l 7l", rules=TilesRules(strict_cross_hands=False)), pieces
    )
    evs = events(lenient, "I7 Kd")
    assert [(e.line, e.points, e.words()) for e in evs if e.type == "hand"] == [
        ("G7-I7", 4, "fifteen two, fifteen four"),
        ("I7-I8", 0, "no points"),
    ]
    # a main line that scores nothing, each tile scoring down: lenient only
    pair = {"G7": "5d", "H7": "5l"}
    play = "G8 across Tl Kd"
    with pytest.raises(DeadHandError, match=r"the crib hand G8-H8 \(Tl Kd\) scores nothing"):
        on_board(game("Tl Kd 2d 3l 6d", "Qd Ql 2d 2l 7l"), pair).verify(
            parse_move(play, seat=0, board=Board.from_cells(13, pair))
        )
    relaxed = on_board(
        game("Tl Kd 2d 3l 6d", "Qd Ql 2d 2l 7l", rules=TilesRules(strict_cross_hands=False)), pair
    )
    assert [(h.name, h.points) for h in relaxed.preview(relaxed.parse(play)).hands] == [
        ("G8-H8", 0),
        ("G7-G8", 2),
        ("H7-H8", 2),
    ]


def test_five_of_a_kind_scores_twenty_and_a_crossing_hand_of_one_colour_ten() -> None:
    state = on_board(
        game("8l 8d 7d 2l 3l", "Qd Ql 2d 2l 7l"),
        {"C7": "8d", "D7": "8d", "E7": "8l", "G2": "Al", "G3": "2l", "G4": "3l", "G5": "4l"},
    )
    score = state.preview(state.parse("B7 across 8l (8d) (8d) (8l) 8d"))
    assert [(h.name, h.points, h.breakdown.words()) for h in score.hands] == [
        ("B7-F7", 20, "five of a kind is twenty"),
    ]
    # G6 2l: G2-G6 A 2 3 4 2, all light: two runs of four and a pair (10), and the colour
    score = state.preview(state.parse("G6 2l"))
    assert [(h.name, h.points) for h in score.hands] == [("G2-G6", 10)]
    assert [(b.kind, b.hand, b.words()) for b in score.bonuses] == [
        ("colour", "G2-G6", "ten for five light tiles in G2-G6")
    ]
    assert score.points == 20


# -- exchanges, passes and the end of the game --------------------------------------------------


def test_an_exchange_draws_new_tiles_and_puts_the_old_ones_at_the_back() -> None:
    state = game("5d Tl 4d 3l 2l", "Kd Kl 5l 9d 6d", then="7d 8l Ql Jd")
    t = state.apply(state.parse("exchange 4d 3l"))
    after = tiles_state(t.state)
    assert after.racks[0] == tuple(sorted(parse_tiles("5d Tl 2l 7d 8l")))
    assert after.bags[0][-2:] == parse_tiles("3l 4d")
    assert len(after.bags[0]) == len(state.bags[0])
    assert (after.scores, after.misses, after.current_player) == ((0, 0), 1, 1)
    exchange, draw = t.events
    assert exchange.text() == "seat 0 passes and exchanges 3l 4d"
    assert exchange.to_dict(viewer=1) == {
        "type": "exchange",
        "seat": 0,
        "points": 0,
        "scores": [0, 0],
        "card_count": 0,
        "private": True,
        "tile_count": 2,
        "text": "seat 0 passes and exchanges two tiles",
    }
    assert draw.to_dict(viewer=0)["tiles"] == ["7d", "8l"]
    assert "tiles" not in draw.to_dict(viewer=1)
    # the first play is still to come
    assert go(after, "G7 across 6d 9d").scores == (0, 12)


def test_a_seeded_exchange_shuffles_the_bag() -> None:
    state = start_tiles(TilesRules(), seed=11).state
    seat = state.turn
    tiles = state.racks[seat][:3]
    after = tiles_state(state.apply(Exchange(seat, tiles)).state)
    assert Counter(after.bags[0]) == Counter(state.bags[0][3:] + tiles)
    assert after.bags[0] != state.bags[0][3:] + tiles
    assert after.racks[seat] == tuple(sorted(state.racks[seat][3:] + state.bags[0][:3]))
    assert after.exchanges == 1
    assert replay(after.record()).state == after


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
    obs = state.observation(1)
    assert obs["claim"] == {"seat": 0, "move": "G7 across 5d Tl", "declared": None, "to_call": []}


def test_joker_the_first_caller_takes_the_missed_points() -> None:
    state = go(JOKER, "G7 across 5d Tl", "declare 10")
    assert (state.phase, state.current_player, state.scores) == ("joker", 1, (10, 0, 0))
    assert state.legal_actions() == [Joker(1), PassJoker(1)]
    declared = state.observation(2)["claim"]
    assert declared == {"seat": 0, "move": "G7 across 5d Tl", "declared": 10, "to_call": [1, 2]}
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
    assert declare.to_dict()["missed"] == 5
    for viewer in range(3):
        data = declare.to_dict(viewer)
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
    obs = state.observation(0)
    assert obs["colour"] == "dark"
    assert obs["racks"] == [[tile_text(t) for t in r] for r in state.racks]
    assert obs["bag_size"] == 47
    assert obs["bag_sizes"] == [47, 47]
    assert sum(obs["unseen"].values()) == 104 - 10
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


# -- observations -------------------------------------------------------------------------------


def test_the_observation_shows_the_board_and_only_the_seats_own_rack() -> None:
    state = go(OPENING, "G7 across 5d Tl")
    obs = state.observation(1)
    assert obs["rack"] == ["5l", "6d", "9d", "Kd", "Kl"]
    assert obs["racks"] is None
    assert obs["rack_sizes"] == [5, 5]
    assert obs["bag_size"] == 92
    assert obs["board"][6][6:8] == ["5d", "Tl"]
    assert obs["centre"] == "G7"
    assert obs["scores"] == [12, 0]
    assert (obs["unseen"]["5d"], obs["unseen"]["5l"], obs["unseen"]["Kd"]) == (3, 3, 3)
    assert sum(obs["unseen"].values()) == 104 - 2 - 5
    assert obs["unseen"]["2l"] == 4  # seat 0 holds a 2l, but seat 1 has not seen it
    for key in ("seed", "bag", "bags", "history"):
        assert key not in obs
    with pytest.raises(IllegalActionError, match="no seat 2"):
        state.observation(2)


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
        ("exchange 5d Kl", Exchange(0, parse_tiles("Kl 5d"))),
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
    (Exchange(1, parse_tiles("Kl 5d")), {"type": "exchange", "seat": 1, "tiles": ["5d", "Kl"]}),
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
    dicts = [e.to_dict() for e in r.events]
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
        assert set(state.observation(seat)) >= {"rack", "rack_sizes", "bag_size", "board", "unseen"}


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
                assert t.events[0].count == points
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
            data = event.to_dict(viewer=viewer)
            assert isinstance(data["text"], str)
            if event.private and event.seat != viewer and not solitaire:
                assert "tiles" not in data
