"""Cribbage Tiles: the rules, the tiles and the cells, the start, and every rule of a play on
hand-built bags and boards. The helpers here build those games for the other Tiles tests too.

Hand-built games use an explicit bag (:func:`bag_with`): the racks first, in turn order from
the first player, then any tiles named to be drawn next, then the rest of the set in order.
Positions in the middle of a game put tiles on the board with ``dataclasses.replace``.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from cribkit.games import lookup, start
from cribkit.games.actions import Declare, Discard
from cribkit.games.errors import WrongActionError
from cribkit.games.protocol import (
    Action,
    GameError,
    IllegalActionError,
    OutOfTurnError,
    RulesError,
)
from cribkit.games.tiles.actions import Exchange, Pass, PlayTiles
from cribkit.games.tiles.board import (
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
from cribkit.games.tiles.events import BonusScored, FirstDraw, HandScored, TilesPlayed
from cribkit.games.tiles.notation import parse_move
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
    TilesRules,
    TilesState,
    start_tiles,
)

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
    draws = [e for e in t.events if isinstance(e, FirstDraw)]
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
    assert isinstance(hand, HandScored)
    assert hand.line == "G7-H7"
    assert hand.breakdown.fifteens_points == 2
    assert hand.to_json()["tiles"] == ["5d", "Tl"]
    assert hand.to_json()["words"] == "fifteen two"


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
    bonuses = [e for e in evs if isinstance(e, BonusScored)]
    assert [e.kind for e in bonuses] == ["first", "five_tiles", "colour"]
    colour = next(e for e in bonuses if e.kind == "colour")
    assert colour.to_json()["tiles"] == ["5d", "Td", "5d", "Kd", "Jd"]
    assert colour.to_json()["line"] == "E7-I7"
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
    assert after.observation(1).board == after.board
    assert after.observation(1).to_json()["board"][6][8] == "9=6l"
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
    play = evs[0]
    assert isinstance(play, TilesPlayed)
    assert play.count == 8


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
    assert [(e.line, e.points, e.words()) for e in evs if isinstance(e, HandScored)] == [
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
