"""Table Top Cribbage: every rule and option on hand-built decks, errors, records and random games.

Hand-built deals use a *layout*: the 25 cards of the finished grid (rows top to bottom). The
deck that gives it puts the centre card first, then the card of each cell in the order the
cells are filled (:data:`FILL`, outwards from the centre, so every placement touches a card
under both adjacency rules), then the rest.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cribkit.core.cards import DECK, Card, parse_cards
from cribkit.core.scoring import score_line
from cribkit.games import lookup, start
from cribkit.games.classic.actions import Play
from cribkit.games.errors import NoDeckError, WrongActionError
from cribkit.games.protocol import (
    Action,
    GameError,
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
    RulesError,
)
from cribkit.games.records import replay
from cribkit.games.tabletop.actions import CELLS, cell_index, cell_name
from cribkit.games.tabletop.events import Cut, Deal, Heels, LineCounted, TurnUp
from cribkit.games.tabletop.rules import CENTRE, LINES, NEIGHBOURS, deal_seats, stacked_deck
from cribkit.games.tabletop.state import (
    NotAdjacentError,
    OccupiedCellError,
    OffGridError,
    Place,
    TableTopRules,
    TableTopState,
    partial_line_total,
    start_tabletop,
)

# -- helpers ------------------------------------------------------------------------------------

#: The cells in the order hand-built deals fill them: by distance from the centre (rook steps).
FILL = sorted(
    (c for c in range(CELLS) if c != CENTRE),
    key=lambda c: (abs(c // 5 - 2) + abs(c % 5 - 2), c),
)

LAYOUT = (
    "4c 5d 5h 6s 6c "  # row 1: 24
    "2h 4h 6h 8h Th "  # row 2: a flush
    "Ks Qd Jc 9d 3s "  # row 3, Jc in the centre
    "Ac 7d 8c 9s 2d "  # row 4
    "Kd Qh 3c Ad 7s"  # row 5
)


def layout_deck(layout: str) -> list[str]:
    """The deck (as text) that deals ``layout`` when the cells are filled in FILL order."""
    cards = parse_cards(layout)
    assert len(cards) == CELLS
    order = [cards[CENTRE], *(cards[c] for c in FILL)]
    taken = set(order)
    return [str(c) for c in (*order, *(c for c in DECK if c not in taken))]


def fill_actions(players: int, dealer: int) -> list[dict[str, Any]]:
    """The placements of one deal in FILL order, by the seat whose turn it is."""
    seats = deal_seats(players, dealer)
    return [
        {"type": "place", "seat": seats[t], "cell": cell_name(cell)} for t, cell in enumerate(FILL)
    ]


def record(
    rules: TableTopRules,
    decks: list[list[str]],
    actions: list[dict[str, Any]],
    *,
    first_dealer: int = 0,
    start_scores: list[int] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "tabletop",
        "rules": rules.options(),
        "decks": decks,
        "first_dealer": first_dealer,
        "actions": actions,
    }
    if start_scores is not None:
        out["start_scores"] = start_scores
    if seed is not None:
        out["seed"] = seed
    return out


def tabletop(state: object) -> TableTopState:
    assert isinstance(state, TableTopState)
    return state


def fresh(rules: TableTopRules | None = None, dealer: int = 0) -> TableTopState:
    rules = rules or TableTopRules()
    return start_tabletop(rules, decks=[layout_deck(LAYOUT)], first_dealer=dealer).state


def types(events: Any) -> list[str]:
    return [e.type for e in events]


def line_events(events: Any) -> list[LineCounted]:
    return [e for e in events if isinstance(e, LineCounted)]


# -- rules --------------------------------------------------------------------------------------


def test_the_rules_and_their_options() -> None:
    rules = TableTopRules()
    assert rules.options() == {
        "players": 2,
        "target": 121,
        "adjacency": "king",
        "swap_sides": False,
        "heels": False,
        "first_lines": "rows",
    }
    assert rules.sides == 2
    assert rules.stack_size == 12
    assert TableTopRules(players=4).stack_size == 6
    spec = "tabletop:players=4,target=61,adjacency=rook,swap_sides=on,heels=yes,first_lines=columns"
    looked = lookup(spec)
    assert looked == TableTopRules(
        players=4, target=61, adjacency="rook", swap_sides=True, heels=True, first_lines="columns"
    )
    assert lookup(looked.spec()) == looked
    assert TableTopRules(adjacency=" Rook ").adjacency == "rook"
    for name in ("players", "target", "adjacency", "swap_sides", "heels", "first_lines"):
        assert name in TableTopRules.option_help()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("tabletop:players=3", "tabletop option players must be one of 2, 4, not 3"),
        ("tabletop:adjacency=queen", "adjacency must be one of king, rook, not 'queen'"),
        ("tabletop:target=100", "target must be one of 121, 61"),
        ("tabletop:first_lines=diagonals", "first_lines must be one of rows, columns"),
        ("tabletop:heels=maybe", "heels is true or false"),
        ("tabletop:swap=true", "tabletop has no option 'swap'"),
    ],
)
def test_bad_options_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        lookup(spec)


def test_start_needs_tabletop_rules_and_chance() -> None:
    with pytest.raises(GameError, match="needs TableTopRules"):
        start_tabletop(lookup("classic"), seed=1)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="a seed or explicit decks"):
        start_tabletop(TableTopRules())
    with pytest.raises(GameError, match="give first_dealer or a seed"):
        start_tabletop(TableTopRules(), decks=[layout_deck(LAYOUT)])
    with pytest.raises(GameError, match="first_dealer must be a seat from 0 to 1"):
        start_tabletop(TableTopRules(), seed=1, first_dealer=2)
    with pytest.raises(GameError, match="start_scores must be 2 whole numbers from 0 to 120"):
        start_tabletop(TableTopRules(), seed=1, start_scores=[0, 121])
    with pytest.raises(GameError, match="deck 0 has 51 cards"):
        start_tabletop(TableTopRules(), decks=[layout_deck(LAYOUT)[:51]], first_dealer=0)
    with pytest.raises(GameError, match="no setup colour"):
        start("tabletop", seed=1, colour="red")


# -- the deal -----------------------------------------------------------------------------------


def test_the_deal_follows_the_convention() -> None:
    deck = layout_deck(LAYOUT)
    t = start_tabletop(TableTopRules(), decks=[deck], first_dealer=0)
    state = t.state
    assert types(t.events) == ["deal", "centre", "turn_up"]
    assert state.grid[CENTRE] == Card.parse("Jc") == Card.parse(deck[0])
    assert state.occupied == 1 << CENTRE
    assert state.dealer == 0
    assert state.first_player == state.current_player == 1
    assert state.turned == Card.parse(deck[1])
    assert state.stack_sizes() == (12, 12)
    turn_up = t.events[2]
    assert isinstance(turn_up, TurnUp)
    assert turn_up.seat == 1
    assert turn_up.card == Card.parse(deck[1])
    # the stacks are dealt alternately from the first player: deck[1 + t] is placed at turn t
    for turn, cell in enumerate(FILL[:6]):
        assert state.current_player == (1 + turn) % 2
        assert state.turned == Card.parse(deck[1 + turn])
        state = state.apply(Place(turn % 2 ^ 1, cell)).state
    assert state.stack_sizes() == (9, 9)


def test_stacked_deck_deals_the_stacks_in_turning_order() -> None:
    rules = TableTopRules(players=4)
    stacks = {
        0: "Ac 2c 3c 4c 5c 6c",
        1: "Ad 2d 3d 4d 5d 6d",
        2: "Ah 2h 3h 4h 5h 6h",
        3: "As 2s 3s 4s 5s 6s",
    }
    deck = stacked_deck(rules, dealer=3, centre="Kh", stacks=stacks)
    assert [str(c) for c in deck[:6]] == ["Kh", "Ac", "Ad", "Ah", "As", "2c"]
    assert len(set(deck)) == 52
    state = start_tabletop(rules, decks=[deck], first_dealer=3).state
    seen = []
    for turn in range(8):
        seat = state.current_player
        assert seat == turn % 4
        assert state.turned is not None
        seen.append((seat, str(state.turned)))
        state = state.apply(state.legal_actions()[0]).state
    assert seen[:5] == [(0, "Ac"), (1, "Ad"), (2, "Ah"), (3, "As"), (0, "2c")]
    assert state.stack_sizes() == (4, 4, 4, 4)
    with pytest.raises(GameError, match="needs the stack of seat 2"):
        stacked_deck(rules, dealer=0, centre="Kh", stacks={0: stacks[0], 1: stacks[1]})
    with pytest.raises(GameError, match="6 cards with 4 players, not 5"):
        stacked_deck(rules, dealer=0, centre="Kh", stacks={**stacks, 2: "Ah 2h 3h 4h 5h"})


def test_king_adjacency_allows_the_eight_neighbours_and_rook_the_four() -> None:
    king = fresh()
    assert {cell_name(a.cell) for a in king.legal_actions()} == {  # type: ignore[attr-defined]
        "B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4",
    }  # fmt: skip
    rook = fresh(TableTopRules(adjacency="rook"))
    assert {cell_name(a.cell) for a in rook.legal_actions()} == {"C2", "B3", "D3", "C4"}  # type: ignore[attr-defined]
    after = rook.apply(Place(1, cell_index("C2"))).state
    assert {cell_name(c) for c in after.open_cells()} == {"C1", "B2", "D2", "B3", "D3", "C4"}
    with pytest.raises(NotAdjacentError, match="diagonals do not count"):
        rook.verify(Place(1, cell_index("B2")))
    assert NEIGHBOURS["king"][0] == (1 << 1) | (1 << 5) | (1 << 6)
    assert NEIGHBOURS["rook"][0] == (1 << 1) | (1 << 5)


# -- errors -------------------------------------------------------------------------------------


def snapshot(state: TableTopState) -> Any:
    return (
        copy.deepcopy(state),
        state.record(),
        [state.observation(s) for s in range(state.rules.players)],
        state.legal_actions(),
    )


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (Place(1, CENTRE), OccupiedCellError, "seat 1 cannot place on C3: it already holds Jc"),
        (Place(1, 0), NotAdjacentError, "seat 1 cannot place on A1: it touches no card"),
        (
            Place(0, cell_index("C2")),
            OutOfTurnError,
            "it is seat 1's turn to place a card, not seat 0's",
        ),
        (Place(1, 25), OffGridError, "cell 25: it is off the grid"),
        (Place(1, -1), OffGridError, "cell -1: it is off the grid"),
        (Place(2, 7), IllegalActionError, "there is no seat 2 in a 2-player game"),
        (
            Play(1, Card.parse("5h")),
            WrongActionError,
            "the only action is to place the turned card",
        ),
    ],
)
def test_illegal_placements_name_the_rule_and_change_nothing(
    action: Action, error: type[Exception], message: str
) -> None:
    state = fresh()
    before = snapshot(state)
    with pytest.raises(error, match=message):
        state.apply(action)
    with pytest.raises(error):
        state.verify(action)
    assert snapshot(state) == before
    # and the game goes on from the same place
    assert state.apply(Place(1, cell_index("C2"))).state.grid[cell_index("C2")] == state.turned


def test_a_placement_on_an_occupied_cell_later_in_the_deal() -> None:
    state = fresh().apply(Place(1, cell_index("C2"))).state
    before = snapshot(state)
    with pytest.raises(OccupiedCellError, match="C2: it already holds"):
        state.apply(Place(0, cell_index("C2")))
    assert snapshot(state) == before


def test_no_action_after_the_match_or_without_a_deck() -> None:
    rules = TableTopRules()
    over = tabletop(
        replay(
            record(rules, [layout_deck(LAYOUT)], fill_actions(2, 0), start_scores=[120, 120])
        ).state
    )
    assert over.is_terminal
    assert over.current_player is None
    assert over.legal_actions() == []
    with pytest.raises(GameOverError, match=r"the match is over: seat . won"):
        over.apply(Place(1, 0))
    waiting = tabletop(replay(record(rules, [layout_deck(LAYOUT)], fill_actions(2, 0))).state)
    assert waiting.phase == "awaiting_deck"
    assert waiting.current_player is None
    assert waiting.turned is None
    with pytest.raises(NoDeckError, match="needs a deck for deal 2"):
        waiting.apply(Place(0, 7))


# -- scoring a deal -----------------------------------------------------------------------------


def test_a_deal_scores_rows_for_the_first_player_and_columns_for_the_dealer() -> None:
    rules = TableTopRules()
    r = replay(record(rules, [layout_deck(LAYOUT)], fill_actions(2, 0)))
    state = tabletop(r.state)
    lines = line_events(r.events)
    assert [e.name for e in lines] == [
        "row 1", "row 2", "row 3", "row 4", "row 5",
        "column A", "column B", "column C", "column D", "column E",
    ]  # fmt: skip
    assert [e.line for e in lines] == list(range(10))
    assert [e.is_row for e in lines] == [True] * 5 + [False] * 5
    assert [e.seat for e in lines] == [1] * 5 + [0] * 5
    cards = parse_cards(LAYOUT)
    for index, event in enumerate(lines):
        expected = tuple(cards[c] for c in LINES[index])
        assert event.cards == expected
        assert event.points == score_line(expected).total
        assert event.breakdown == score_line(expected)
        assert event.words() == score_line(expected).words()
    assert lines[0].points == 24
    assert lines[1].breakdown.flush_points == 5
    rows = sum(e.points for e in lines[:5])
    columns = sum(e.points for e in lines[5:])
    assert lines[4].scores == (columns * 0, rows)
    assert lines[-1].scores == (columns, rows)
    assert "heels" not in types(r.events)  # a jack in the centre, but heels is off
    # the next deal: seat 1 deals and seat 0 places first
    assert types(r.events)[-3:] == ["deal", "centre", "turn_up"] or state.phase == "awaiting_deck"
    assert state.dealer == 1
    assert state.deal_no == 1
    data = lines[0].to_json()
    assert data["line"] == "row 1"
    assert data["words"].endswith("four runs of three is twenty-four")
    assert data["text"].startswith("seat 1 scores row 1 4c 5d 5h 6s 6c: fifteen two")


def test_running_line_scores_while_the_grid_fills() -> None:
    state = fresh()
    for turn, cell in enumerate(FILL[:10]):
        state = state.apply(Place((1 + turn) % 2, cell)).state
    cards = parse_cards(LAYOUT)
    expected = []
    for line in LINES:
        held = [cards[c] for c in line if state.grid[c] != -1]
        expected.append(score_line(held).total if held else 0)
    assert list(state.line_scores()) == expected
    view = state.observation(0)
    assert view.line_scores == tuple(expected)
    assert view.deal_scores == (sum(expected[5:]), sum(expected[:5]))  # seat 0 has columns
    data = view.to_json()
    assert data["line_scores"] == {"rows": expected[:5], "columns": expected[5:]}
    assert data["deal_scores"] == [sum(expected[5:]), sum(expected[:5])]
    assert partial_line_total(parse_cards("5h 5c 5d 5s")) == 20


def test_first_lines_columns_gives_the_first_player_the_columns() -> None:
    rules = TableTopRules(first_lines="columns")
    r = replay(record(rules, [layout_deck(LAYOUT)], fill_actions(2, 0)))
    lines = line_events(r.events)
    assert [e.name for e in lines][:5] == [
        "column A",
        "column B",
        "column C",
        "column D",
        "column E",
    ]
    assert [e.seat for e in lines] == [1] * 5 + [0] * 5
    assert r.events[0].to_json()["rows"] == [0]
    assert r.events[0].text() == "deal 1: seat 0 deals; seat 0 scores the rows, seat 1 the columns"


@pytest.mark.parametrize("swap", [False, True])
def test_sides_keep_or_swap_their_lines_every_deal(swap: bool) -> None:
    rules = TableTopRules(swap_sides=swap)
    deck = layout_deck(LAYOUT)
    r = replay(record(rules, [deck, deck], fill_actions(2, 0) + fill_actions(2, 1)))
    deals = [e for e in r.events if isinstance(e, Deal)]
    assert [e.rows for e in deals] == ([(1,), (0,), (1,)] if swap else [(1,), (1,), (1,)])
    second = [e for e in line_events(r.events) if e.deal == 1]
    # seat 0 places first in deal 2 and its side is scored first
    assert [e.seat for e in second] == [0] * 5 + [1] * 5
    assert second[0].name == ("row 1" if swap else "column A")


@pytest.mark.parametrize("heels", [False, True])
def test_his_heels_scores_two_for_the_dealer_with_a_jack_in_the_centre(heels: bool) -> None:
    rules = TableTopRules(heels=heels)
    r = replay(record(rules, [layout_deck(LAYOUT)], fill_actions(2, 0)))
    events = [e for e in r.events if isinstance(e, Heels)]
    columns = sum(e.points for e in line_events(r.events) if e.seat == 0)
    if heels:
        assert len(events) == 1
        assert (events[0].seat, events[0].points, events[0].card) == (0, 2, Card.parse("Jc"))
        assert events[0].text() == "seat 0: two for his heels (two points)"
        # scored first, with the deal
        assert types(r.events).index("heels") < types(r.events).index("line")
    else:
        assert events == []
    assert tabletop(r.state).scores[0] == columns + (2 if heels else 0)


def test_no_heels_without_a_jack_in_the_centre() -> None:
    layout = LAYOUT.replace("Jc", "Qc")
    r = replay(record(TableTopRules(heels=True), [layout_deck(layout)], fill_actions(2, 0)))
    assert "heels" not in types(r.events)


def test_four_players_play_in_partnerships_round_the_table() -> None:
    rules = TableTopRules(players=4)
    r = replay(record(rules, [layout_deck(LAYOUT)], fill_actions(4, 2), first_dealer=2))
    places = [e.seat for e in r.events if e.type == "place"]
    assert places == [(3 + t) % 4 for t in range(24)]
    lines = line_events(r.events)
    # seat 3 places first: its side (1 and 3) scores the rows
    assert [e.seat for e in lines] == [3] * 5 + [2] * 5
    assert lines[0].seats == (1, 3)
    assert lines[0].text().startswith("seats 1 and 3 score row 1")
    state = tabletop(r.state)
    assert state.scores == (
        sum(e.points for e in lines[5:]),
        sum(e.points for e in lines[:5]),
    )
    assert state.sides == (0, 1, 0, 1)
    assert state.dealer == 3


# -- the match ----------------------------------------------------------------------------------

#: A grid that is its own mirror image by rank: rows and columns score the same.
MIRROR = [["" for _ in range(5)] for _ in range(5)]
_PAIR_CELLS = [(r, c) for r in range(5) for c in range(r + 1, 5)]
for _k, (_r, _c) in enumerate(_PAIR_CELLS):
    _rank = "A2345"[_k // 2]
    _suits = "cd" if _k % 2 == 0 else "hs"
    MIRROR[_r][_c], MIRROR[_c][_r] = _rank + _suits[0], _rank + _suits[1]
for _r, _card in enumerate(("9c", "9d", "Tc", "Jd", "Qh")):
    MIRROR[_r][_r] = _card
MIRROR_LAYOUT = " ".join(card for row in MIRROR for card in row)


def test_the_match_ends_at_the_target_after_the_deal() -> None:
    r = replay(
        record(TableTopRules(), [layout_deck(LAYOUT)], fill_actions(2, 0), start_scores=[0, 120])
    )
    state = tabletop(r.state)
    assert state.is_terminal
    result = r.result
    assert result is not None
    assert result.winner == 1
    assert result.winners == (1,)
    assert result.game_points == 1
    assert result.next_dealer == 0
    assert r.events[-1].type == "win"
    assert r.events[-1].text() == f"seat 1 wins, {result.scores[0]}-{result.scores[1]}"
    # every line of the deal was scored before the win
    assert len(line_events(r.events)) == 10


def test_when_both_pass_the_target_the_higher_total_wins() -> None:
    r = replay(
        record(TableTopRules(), [layout_deck(LAYOUT)], fill_actions(2, 0), start_scores=[120, 120])
    )
    result = r.result
    assert result is not None
    assert min(result.scores) >= 121
    assert result.scores[result.winner] == max(result.scores) > min(result.scores)


def test_an_exact_tie_past_the_target_plays_another_deal() -> None:
    cards = parse_cards(MIRROR_LAYOUT)
    rows = [score_line([cards[c] for c in LINES[i]]).total for i in range(5)]
    columns = [score_line([cards[c] for c in LINES[i]]).total for i in range(5, 10)]
    assert sum(rows) == sum(columns) >= 15
    deck = layout_deck(MIRROR_LAYOUT)
    rec = record(TableTopRules(), [deck], fill_actions(2, 0), start_scores=[110, 110])
    r = replay(rec)
    state = tabletop(r.state)
    assert state.result is None
    assert "tie" in types(r.events)
    tie = next(e for e in r.events if e.type == "tie")
    assert tie.text() == f"both sides have {110 + sum(rows)}, past the target: another deal"
    assert state.phase == "awaiting_deck"  # another deal, but the record has no more decks
    # with a seed the match goes on, seat 1 dealing
    rec["seed"] = 5
    state = tabletop(replay(rec).state)
    assert (state.phase, state.deal_no, state.dealer, state.current_player) == ("place", 1, 1, 0)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions())).state
    assert state.result is not None
    assert state.result.scores[state.result.winner] > min(state.result.scores)


def test_the_dealer_alternates_and_the_player_after_the_dealer_places_first() -> None:
    state = start_tabletop(TableTopRules(target=121), seed=9).state
    first_dealer = state.dealer
    rng = random.Random(9)
    events: list[Any] = []
    while not state.is_terminal:
        t = state.apply(rng.choice(state.legal_actions()))
        events.extend(t.events)
        state = t.state
    deals = [e for e in events if e.type == "deal"]
    assert len(deals) >= 3
    for index, deal in enumerate(deals, start=1):
        assert deal.seat == (first_dealer + index) % 2
        following = events[events.index(deal) + 2]
        assert following.type == "turn_up"
        assert deal.seat is not None
        assert following.seat == (deal.seat + 1) % 2


def test_start_scores_and_a_short_match() -> None:
    state = start_tabletop(TableTopRules(target=61), seed=2, start_scores=[50, 55]).state
    assert state.scores == (50, 55)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions())).state
    assert state.result is not None
    assert state.deal_no == 0  # one deal takes both past 61
    assert max(state.result.scores) >= 61


def test_the_cut_decides_the_first_dealer_with_a_seed() -> None:
    t = start("tabletop", seed="club night")
    cuts = [e for e in t.events if isinstance(e, Cut)]
    assert cuts
    assert cuts[-1].first_dealer == tabletop(t.state).dealer
    assert all(cut.first_dealer is None for cut in cuts[:-1])
    assert cuts[-1].to_json()["other"] == tabletop(t.state).dealer
