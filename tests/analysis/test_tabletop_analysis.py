"""The analysis of Table Top: each placement's expected line margin, exact where the deal's
last cards make it so, the hindsight search, the seat's information only, and whole games.

Hand-built deals use a layout (the 25 cards of the finished grid, rows top to bottom) filled
in :data:`FILL` order, outwards from the centre, as in tests/games/test_tabletop.py: the last
two cards go to A5 and E5, the first by seat 1 (who scores the rows), the last by seat 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from cribkit.analysis.game import analyse
from cribkit.analysis.tabletop import HINDSIGHT_CARDS, decision, hindsight, luck
from cribkit.core.cards import DECK, parse_cards
from cribkit.core.tables import line_total
from cribkit.games.records import steps
from cribkit.games.tabletop.actions import CELLS, SIZE, Place, cell_index, cell_name
from cribkit.games.tabletop.rules import CENTRE, EMPTY, LINES, PLACEMENTS, deal_seats, side_of
from cribkit.games.tabletop.state import TableTopState

from .playing import play_out

FILL = sorted(
    (c for c in range(CELLS) if c != CENTRE),
    key=lambda c: (abs(c // 5 - 2) + abs(c % 5 - 2), c),
)
# Column A holds 5c 5d Js 2h and column E 9c 8d 4s Ah (seat 0's lines): seat 1 places 5h,
# then seat 0 the deal's last card, 7s in this deck.
LAYOUT = "5c 3h Kd 6c 9c 5d Qc 7h 2s 8d Js 6d Tc 3d 4s 2h Kc 8s Qh Ah 5h 4c 9h Td 7s"


def layout_deck(layout: str) -> list[str]:
    cards = parse_cards(layout)
    order = [cards[CENTRE], *(cards[c] for c in FILL)]
    return [str(c) for c in (*order, *(c for c in DECK if c not in set(order)))]


def fill_actions(count: int, players: int = 2) -> list[dict[str, Any]]:
    seats = deal_seats(players, 0)
    return [{"type": "place", "seat": seats[t], "cell": cell_name(FILL[t])} for t in range(count)]


def position(deck: list[str], placed: int) -> TableTopState:
    """The state after the first ``placed`` cards of the deal, in FILL order."""
    record = {"game": "tabletop", "decks": [deck], "first_dealer": 0}
    record["actions"] = fill_actions(placed)
    state = list(steps(record))[-1].state
    assert isinstance(state, TableTopState)
    return state


def final_margin(grid: list[int], state: TableTopState, seat: int) -> int:
    """The seat's side's lines less the other's, on a full grid (the core's line scores)."""
    mine = side_of(state.rules.players, seat) == state.rows_side
    rows = sum(line_total([grid[c] for c in LINES[line]]) for line in range(SIZE))
    columns = sum(line_total([grid[c] for c in LINES[line]]) for line in range(SIZE, 2 * SIZE))
    return rows - columns if mine else columns - rows


def expected_difference(state: TableTopState, better: int, worse: int) -> float:
    """With two cells left: the seat's expected final margin with its card on ``better`` less
    on ``worse``, the last card averaged over every card the seat has not seen (by hand: every
    card, each grid scored line by line)."""
    seat = state.current_player
    assert seat is not None
    assert state.turned is not None
    x = int(state.turned)
    unseen = [c for c in range(52) if c not in state.grid and c != x]
    total = 0.0
    for y in unseen:
        for cell, sign in ((better, 1), (worse, -1)):
            grid = list(state.grid)
            other = worse if cell == better else better
            grid[cell], grid[other] = x, y
            total += sign * final_margin(grid, state, seat)
    return total / len(unseen)


def test_with_two_cards_left_the_cost_is_the_exact_expected_margin_lost() -> None:
    deck = layout_deck(LAYOUT)
    state = position(deck, PLACEMENTS - 2)
    assert (str(state.turned), state.current_player) == ("5h", 1)
    a5, e5 = cell_index("A5"), cell_index("E5")
    worse = decision(state, Place(1, a5), PLACEMENTS - 2)
    assert worse is not None
    # 5h in column A gives seat 0 5c 5d Js 2h 5h: 14 points for sure; in column E, 9c 8d 4s
    # Ah 5h. Averaged over the 28 cards seat 1 has not seen, E5 is better by 183/28:
    exact = expected_difference(state, e5, a5)
    assert exact == pytest.approx(183 / 28)
    assert worse.best.action == {"type": "place", "seat": 1, "cell": "E5"}
    assert worse.cost == pytest.approx(exact, abs=1e-9)
    assert worse.samples == 0
    assert worse.chosen.error is None
    assert worse.verdict == "blunder"
    assert worse.words.startswith("place 5♥ on A5: expected line margin")
    assert worse.words.endswith(
        ": expected line margin -4.29; E5 was +2.24 (exact: one card to come)"
    )
    best = decision(state, Place(1, e5), PLACEMENTS - 2)
    assert best is not None
    assert best.cost == 0.0
    assert best.verdict == "best"


def test_the_deals_last_card_has_one_cell_and_is_no_decision() -> None:
    state = position(layout_deck(LAYOUT), PLACEMENTS - 1)
    assert decision(state, state.legal_actions()[0], PLACEMENTS - 1) is None


def test_hindsight_knows_the_last_card_and_scores_both_grids() -> None:
    state = position(layout_deck(LAYOUT), PLACEMENTS - 2)
    a5, e5 = cell_index("A5"), cell_index("E5")
    x, y = int(state.turned or 0), DECK.index(parse_cards("7s")[0])
    margins = {}
    for cell, other in ((a5, e5), (e5, a5)):
        grid = list(state.grid)
        grid[cell], grid[other] = x, y
        margins[cell] = final_margin(grid, state, 1)
    seen = hindsight(state)
    assert seen is not None
    best = max(margins, key=lambda c: margins[c])
    assert seen.action["cell"] == cell_name(best)
    assert seen.value == margins[best]


def brute_force(state: TableTopState, seat: int) -> dict[int, int]:
    """Each cell's final margin for ``seat`` with every card known, each side placing every
    later card where it is best for it: a plain search over every order (no pruning)."""
    n = state.rules.players
    cards = [int(c) for c in state.deck[1 + state.placed : 1 + PLACEMENTS]]
    mine = [side_of(n, s) == side_of(n, seat) for s in deal_seats(n, state.dealer)]
    neighbours = state.rules.neighbours

    def open_cells(grid: list[int]) -> list[int]:
        filled = sum(1 << c for c in range(CELLS) if grid[c] != EMPTY)
        return [c for c in range(CELLS) if grid[c] == EMPTY and neighbours[c] & filled]

    def search(grid: list[int], t: int) -> int:
        if t == PLACEMENTS:
            return final_margin(grid, state, seat)
        values = [search(_put(grid, c, cards[t - state.placed]), t + 1) for c in open_cells(grid)]
        return max(values) if mine[t] else min(values)

    grid = list(state.grid)
    return {c: search(_put(grid, c, cards[0]), state.placed + 1) for c in open_cells(grid)}


def _put(grid: list[int], cell: int, card: int) -> list[int]:
    out = list(grid)
    out[cell] = card
    return out


@pytest.mark.parametrize("left", [3, 4, 5])
def test_hindsight_is_the_exact_search_of_the_cards_left(left: int) -> None:
    state = position(layout_deck(LAYOUT), PLACEMENTS - left)
    seat = state.current_player
    assert seat is not None
    margins = brute_force(state, seat)
    seen = hindsight(state)
    assert seen is not None
    assert seen.value == max(margins.values())
    assert margins[cell_index(str(seen.action["cell"]))] == max(margins.values())


def test_no_hindsight_early_in_the_deal() -> None:
    state = position(layout_deck(LAYOUT), PLACEMENTS - HINDSIGHT_CARDS - 1)
    assert hindsight(state) is None
    assert hindsight(position(layout_deck(LAYOUT), PLACEMENTS - HINDSIGHT_CARDS)) is not None


@pytest.mark.parametrize("placed", [3, 12, PLACEMENTS - 2])
def test_the_values_use_only_what_the_seat_knows(placed: int) -> None:
    """Another order of the cards not yet turned (the stacks and the cards out of play) leaves
    every value where it was; only hindsight may see the difference."""
    deck = layout_deck(LAYOUT)
    other = deck[: 2 + placed] + list(reversed(deck[2 + placed :]))
    assert other != deck
    one, two = position(deck, placed), position(other, placed)
    assert one.turned == two.turned
    assert one.grid == two.grid
    action = one.legal_actions()[-1]
    first, second = decision(one, action, placed), decision(two, action, placed)
    assert first is not None
    assert second is not None
    assert [(c.action, c.value) for c in first.choices] == [
        (c.action, c.value) for c in second.choices
    ]
    if placed == PLACEMENTS - 2:
        assert first.hindsight != second.hindsight  # 7s or another last card


@pytest.mark.parametrize(
    "spec", ["tabletop:target=61", "tabletop:target=61,adjacency=rook,swap_sides=true,heels=true"]
)
def test_a_random_game_is_analysed_for_every_seat(spec: str) -> None:
    record = play_out(spec, 3)
    analysis = analyse(record)
    played = list(steps(record))
    places = [s.action for s in played[1:] if isinstance(s.action, Place)]
    assert analysis.decisions
    assert len(analysis.decisions) <= len(places)
    for d in analysis.decisions:
        assert d.phase == "place"
        assert d.unit == "points"
        assert d.samples == 0
        assert d.chosen in d.choices
        assert d.cost >= 0
        assert [c.value for c in d.choices] == sorted((c.value for c in d.choices), reverse=True)
        state = played[d.index].state
        assert isinstance(state, TableTopState)
        assert (d.hindsight is not None) == (PLACEMENTS - state.placed <= HINDSIGHT_CARDS)
    for seat in (0, 1):
        (turned,) = luck(played, seat)
        assert turned.kind == "turned"
        assert turned.count == sum(1 for a in places if a is not None and a.seat == seat)
        assert 0 < turned.percentile < 100
    assert analysis.to_json()["luck"][0]["kind"] == "turned"


def test_four_players_value_each_seat_for_its_side() -> None:
    """With partners, the values of every decision with two cells left differ by exactly the
    expected margin of the seat's side (the partner's lines are the seat's own)."""
    record = play_out("tabletop:players=4,target=61", 5)
    played = list(steps(record))
    analysis = analyse(record)
    assert {d.seat for d in analysis.decisions} == {0, 1, 2, 3}
    checked = 0
    for d in analysis.decisions:
        state = played[d.index].state
        assert isinstance(state, TableTopState)
        if PLACEMENTS - state.placed == 2:
            better = cell_index(str(d.best.action["cell"]))
            worse = cell_index(str(d.choices[-1].action["cell"]))
            gap = d.best.value - d.choices[-1].value
            assert gap == pytest.approx(expected_difference(state, better, worse), abs=1e-9)
            checked += 1
    assert checked >= 1
