"""Table Top computer players: legal whole matches, the easy and medium choices on hand-built
positions, the expert's line potentials against brute force, determinism, the simulator."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.ai.players import LEVELS, RandomPlayer, make_player
from cribkit.ai.tabletop import MIXED, NONE, LinePotential, TableTopPlayer, line_gain
from cribkit.core.cards import DECK, Card, parse_cards
from cribkit.core.scoring import score_line
from cribkit.core.tables import RANK_WEIGHTS, line_total
from cribkit.games.tabletop.actions import CELLS, cell_index
from cribkit.games.tabletop.rules import CENTRE
from cribkit.games.tabletop.state import (
    Place,
    TableTopRules,
    TableTopState,
    partial_line_total,
    start_tabletop,
)
from cribkit.sim import simulate

#: Cells in the order the hand-built deals fill them (outwards from the centre).
FILL = sorted(
    (c for c in range(CELLS) if c != CENTRE), key=lambda c: (abs(c // 5 - 2) + abs(c % 5 - 2), c)
)


def position(
    layout: dict[str, str], centre: str, turned: str, rules: TableTopRules | None = None
) -> TableTopState:
    """A state (seat 0 deals, seat 1 places first and scores the rows) with the given cards on
    the given cells, the centre card, and ``turned`` to place next.

    The cards of ``layout`` are placed in FILL order, so they must be reachable that way.
    """
    rules = rules or TableTopRules()
    cells = sorted((cell_index(name) for name in layout), key=FILL.index)
    cards = [
        Card.parse(layout[name]) for name in sorted(layout, key=lambda n: FILL.index(cell_index(n)))
    ]
    order = [Card.parse(centre), *cards, Card.parse(turned)]
    taken = set(order)
    deck = [*order, *(c for c in DECK if c not in taken)]
    state = start_tabletop(rules, decks=[deck], first_dealer=0).state
    for cell in cells:
        seat = state.current_player
        assert seat is not None
        state = state.apply(Place(seat, cell)).state
    assert state.turned == Card.parse(turned)
    return state


def choose(level: str, state: TableTopState, seed: int = 0) -> Place:
    seat = state.current_player
    assert seat is not None
    action = make_player("tabletop", level, seed=seed).choose(
        state.observation(seat), state.legal_actions()
    )
    assert isinstance(action, Place)
    assert action in state.legal_actions()
    return action


def gains(state: TableTopState) -> dict[int, tuple[int, int]]:
    """For each legal cell: (the mover's own line gain, the opponents' line gain), by score_line."""
    seat = state.current_player
    assert seat is not None
    assert state.turned is not None
    rows = state.observation(seat).my_lines == "rows"
    out = {}
    for action in state.legal_actions():
        assert isinstance(action, Place)
        row, col = action.cell // 5, 5 + action.cell % 5
        gain = {}
        for line in (row, col):
            before = list(state.line_cards(line))
            after = [*before, state.turned]
            gain[line] = score_line(after).total - (score_line(before).total if before else 0)
        own, other = (gain[row], gain[col]) if rows else (gain[col], gain[row])
        out[action.cell] = (own, other)
    return out


# -- whole matches ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        TableTopRules(target=61),
        TableTopRules(target=61, players=4, adjacency="rook"),
        TableTopRules(target=61, swap_sides=True, heels=True, first_lines="columns"),
    ],
)
def test_every_level_plays_legal_whole_matches(rules: TableTopRules) -> None:
    levels = [*LEVELS]
    state = start_tabletop(rules, seed=11).state
    players = [make_player("tabletop", levels[s % 4], seed=s) for s in range(rules.players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = players[seat].choose(state.observation(seat), legal)
        assert action in legal
        state = state.apply(action).state
    assert state.result is not None


def test_make_player_gives_each_level() -> None:
    assert isinstance(make_player("tabletop", "random", seed=1), RandomPlayer)
    for level in ("easy", "medium", "expert"):
        player = make_player("tabletop", level, seed=1)
        assert isinstance(player, TableTopPlayer)
        assert player.name == level
    with pytest.raises(ValueError, match="unknown tabletop AI level"):
        TableTopPlayer("grandmaster")


def test_no_legal_action_is_an_error() -> None:
    state = start_tabletop(TableTopRules(), seed=1).state
    with pytest.raises(ValueError, match="no legal action"):
        TableTopPlayer("easy").choose(state.observation(0), [])


def test_the_players_read_the_typed_view_not_its_json() -> None:
    state = start_tabletop(TableTopRules(), seed=1).state
    seat = state.current_player
    assert seat is not None
    view = state.observation(seat)
    legal = state.legal_actions()
    player = TableTopPlayer("expert", seed=0)
    assert player.choose(view, legal) in legal
    with pytest.raises(TypeError, match=r"reads the seat's view \(state.observation\(seat\)\)"):
        player.choose(view.to_json(), legal)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_the_same_seed_plays_the_same_match(level: str) -> None:
    def run(seed: int) -> list[dict[str, object]]:
        state = start_tabletop(TableTopRules(target=61), seed=4).state
        players = [make_player("tabletop", level, seed=seed + s) for s in range(2)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state = state.apply(
                players[seat].choose(state.observation(seat), state.legal_actions())
            ).state
        return state.record()["actions"]  # type: ignore[no-any-return]

    assert run(1) == run(1)


# -- easy and medium ----------------------------------------------------------------------------


EASY_LAYOUT = {"C2": "Tc", "B3": "Kd", "D3": "Qs", "B2": "5c", "D2": "5d", "C4": "9h"}


def test_easy_takes_the_biggest_gain_for_its_own_line() -> None:
    # Seat 1 scores the rows. Row 2 holds 5c Tc 5d: a third five there scores 8 more.
    state = position(EASY_LAYOUT, "Js", "5h")
    assert state.current_player == 1
    table = gains(state)
    best = max(own for own, _ in table.values())
    choice = choose("easy", state)
    assert table[choice.cell][0] == best
    for seed in range(5):
        assert table[choose("easy", state, seed).cell][0] == best


def test_medium_weighs_the_opponents_line_too() -> None:
    state = position(EASY_LAYOUT, "Js", "5h")
    table = gains(state)
    best = max(own - other for own, other in table.values())
    for seed in range(5):
        own, other = table[choose("medium", state, seed).cell]
        assert own - other == best


def test_easy_and_medium_differ_where_the_opponents_gain_more() -> None:
    # Seed 1, after 19 random placements: B2 gives the mover 7 but the opponents 6, E5 gives
    # the mover 4 and the opponents nothing.
    state = start_tabletop(TableTopRules(), seed=1).state
    rng = random.Random(1)
    for _ in range(19):
        state = state.apply(rng.choice(state.legal_actions())).state
    table = gains(state)
    assert (table[cell_index("B2")], table[cell_index("E5")]) == ((7, 6), (4, 0))
    assert choose("easy", state).cell == cell_index("B2")
    assert choose("medium", state).cell == cell_index("E5")


def test_line_gain_and_partial_line_total() -> None:
    assert partial_line_total(parse_cards("5h 5c 5d")) == 8  # fifteen two and a pair royal
    assert partial_line_total(parse_cards("2h 4h 6h 8h Th")) == 5
    assert partial_line_total(parse_cards("2h 4h 6h 8h")) == 0  # no four-card flush
    assert line_gain(list(parse_cards("5h 5c 5d")), Card.parse("5s")) == 12
    assert line_gain([], Card.parse("5s")) == 0


# -- expert ---------------------------------------------------------------------------------------


def test_the_expert_completes_a_big_line_of_its_own() -> None:
    # Row 2 (seat 1's) holds 5d 5c 5h Js; its last empty cell is A2.
    layout = {"C2": "5c", "B2": "5d", "D2": "5h", "E2": "Js", "B3": "Kc", "D3": "Qc"}
    state = position(layout, "9c", "5s")
    assert choose("expert", state).cell == cell_index("A2")  # 5 5 5 5 J: 28 in the row


def test_the_expert_does_not_give_the_opponents_a_big_line() -> None:
    # Seat 1 (rows) turns up 5s. Column A (the opponents') holds 5h, 5c, 5d: a fourth five
    # on A2 or A5 would give them 20 there.
    layout = {
        "B2": "Qc", "B3": "Kc", "B4": "Kd", "A3": "5c", "A4": "5d", "A1": "5h", "C2": "2d",
        "D3": "8h",
    }  # fmt: skip
    state = position(layout, "9c", "5s")
    assert state.observation(1).my_lines == "rows"
    assert {cell_index("A2"), cell_index("A5")} <= {a.cell for a in state.legal_actions()}  # type: ignore[attr-defined]
    for seed in range(3):
        assert choose("expert", state, seed).cell not in (cell_index("A2"), cell_index("A5"))


def test_the_expert_decides_fast() -> None:
    state = start_tabletop(TableTopRules(), seed=3).state
    player = TableTopPlayer("expert", seed=0)
    rng = random.Random(0)
    worst = 0.0
    for _ in range(24):
        seat = state.current_player
        assert seat is not None
        started = time.perf_counter()
        player.choose(state.observation(seat), state.legal_actions())
        worst = max(worst, time.perf_counter() - started)
        state = state.apply(rng.choice(state.legal_actions())).state
    assert worst < 1.0


def test_the_expert_sees_only_the_observation() -> None:
    # Two deals with the same table and turned card but different stacks: same choice.
    layout = {"C2": "5c", "B3": "Kc", "D3": "Qc"}
    one = position(layout, "9c", "4s")
    deck = list(one.deck)
    deck[10], deck[40] = deck[40], deck[10]  # an unturned card swapped with an unused one
    other = start_tabletop(TableTopRules(), decks=[deck], first_dealer=0).state
    for cell in (cell_index("C2"), cell_index("B3"), cell_index("D3")):
        seat = other.current_player
        assert seat is not None
        other = other.apply(Place(seat, cell)).state
    assert one.observation(1) == other.observation(1)
    assert choose("expert", one, 5) == choose("expert", other, 5)


def _brute(line: list[int], pool: list[int]) -> float:
    need = 5 - len(line)
    totals = [line_total([*line, *extra]) for extra in itertools.combinations(pool, need)]
    return sum(totals) / len(totals)


@settings(max_examples=30, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=16, max_size=16, unique=True),
    k=st.integers(1, 4),
    suited=st.booleans(),
)
def test_line_potentials_are_exact(cards: list[int], k: int, suited: bool) -> None:
    line = cards[:k]
    if suited:
        # a line of one suit, so that a flush may come
        line = [c for c in range(52) if c & 3 == 2][:k]
    pool = [c for c in cards if c not in line][: 12 + k]
    potential = LinePotential(pool)
    key = sum(RANK_WEIGHTS[c >> 2] for c in line)
    suit = line[0] & 3 if len({c & 3 for c in line}) == 1 else MIXED
    assert potential.value(k, key, suit) == pytest.approx(_brute(line, pool))
    excluded = pool[0]
    rest = pool[1:]
    assert potential.value(k, key, suit, exclude=excluded) == pytest.approx(_brute(line, rest))


def test_the_potential_of_an_empty_line() -> None:
    pool = list(range(0, 52, 3))
    potential = LinePotential(pool)
    assert potential.value(0, 0, NONE) == pytest.approx(_brute([], pool))


# -- the simulator -----------------------------------------------------------------------------


def test_simulate_runs_tabletop_matches() -> None:
    result = simulate("tabletop:target=61", ["expert", "easy"], games=2, seed=3)
    assert result.games == 2
    assert sum(result.wins) == 2
    four = simulate("tabletop:target=61,players=4", ["medium", "random"], games=2, seed=3)
    assert sum(four.wins) == 2


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_a_forced_placement_is_taken(level: str) -> None:
    # Fill the grid but one cell: a single legal placement.
    state = start_tabletop(TableTopRules(), seed=2).state
    rng = random.Random(2)
    while state.placed < 23:
        state = state.apply(rng.choice(state.legal_actions())).state
    (only,) = state.legal_actions()
    assert choose(level, state) == only
