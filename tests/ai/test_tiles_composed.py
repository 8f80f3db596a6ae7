"""Cribbage Tiles' computer players choose without the state's list of every play: the move
chosen that way (as the web's computer asks for it) is legal in every variant at every level,
is the move ``choose(view, legal_actions)`` makes, and the random level's draw is uniform."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from cribkit.ai.players import (
    LEVELS,
    ComposingPlayer,
    RandomPlayer,
    choose_for_seat,
    make_player,
)
from cribkit.ai.tiles import TilesRandomPlayer
from cribkit.games import lookup, start
from cribkit.games.protocol import Action
from cribkit.games.tiles.actions import Pass
from cribkit.games.tiles.board import Board
from cribkit.games.tiles.movegen import draw_uniform, generate_plays
from cribkit.games.tiles.rules import parse_tiles
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles
from cribkit.web.workers import choose_move

#: Every option of Cribbage Tiles off its default at least once.
VARIANTS = [
    "tiles",
    "tiles:players=3",
    "tiles:players=4,board_size=9",
    "tiles:board_size=7",
    "tiles:board_size=11,strict_cross_hands=false",
    "tiles:joker=true",
    "tiles:joker=true,players=3,board_size=9,strict_cross_hands=false",
    "tiles:solitaire=true",
]
#: The expert takes up to a second a move: it is asked at this many positions of a variant's
#: first game (spread over the turns to play, the last one included).
EXPERT_POSITIONS = 4
#: The choice is asked again from the whole legal list at every this many positions.
COMPARE_EVERY = 3


def positions(spec: str, seed: int) -> list[TilesState]:
    """Every position of a seeded game whose moves mix easy's and random's (dense boards and
    sparse ones, the bag emptied near the end), the declarations and calls of ``joker``
    included."""
    state = start(spec, seed=seed).state
    assert isinstance(state, TilesState)
    mover = random.Random(seed)
    players = {level: make_player("tiles", level, seed=seed) for level in ("random", "easy")}
    out: list[TilesState] = []
    while not state.is_terminal and len(out) < 300:
        out.append(state)
        seat = state.current_player
        assert seat is not None
        level = "easy" if mover.random() < 0.6 else "random"
        state = state.apply(choose_for_seat(players[level], state, seat)).state
    return out


def expert_positions(states: list[TilesState]) -> set[int]:
    """The indices of :data:`EXPERT_POSITIONS` turns to play, evenly spread, the last one in."""
    turns = [i for i, state in enumerate(states) if state.phase == "play"]
    step = max(1, len(turns) // EXPERT_POSITIONS)
    return {*turns[::-step][:EXPERT_POSITIONS]}


@pytest.mark.parametrize("spec", VARIANTS)
def test_every_level_chooses_a_legal_move_without_the_legal_list(spec: str) -> None:
    checked: Counter[str] = Counter()
    phases: set[str] = set()
    for game_seed in (1, 2):
        states = positions(spec, game_seed)
        for_expert = expert_positions(states) if game_seed == 1 else set()
        for index, state in enumerate(states):
            phases.add(state.phase)
            seat = state.current_player
            assert seat is not None
            for level in LEVELS:
                if level == "expert" and index not in for_expert:
                    continue
                move_seed = 1000 * game_seed + index
                fresh = replace(state)  # no plays listed yet (the cache is not copied)
                chosen = choose_move("tiles", level, move_seed, fresh, seat)
                # The web's way did not make the state list its plays.
                assert fresh._plays is None, (spec, level)
                legal = state.legal_actions()
                assert chosen in legal, (spec, level, state.notation(chosen))
                state.verify(chosen)
                checked[level] += 1
                if checked[level] % COMPARE_EVERY == 1:
                    # The same choice as from the whole list (the simulator's way): a game
                    # replays from its seeds whichever way its moves were asked for.
                    player = make_player("tiles", level, seed=move_seed)
                    again = player.choose(state.observation(seat), legal)
                    assert again == chosen, (spec, level)
    assert checked["expert"] >= 3, checked
    assert min(checked[level] for level in LEVELS if level != "expert") >= 20, checked
    rules = lookup(spec)
    assert isinstance(rules, TilesRules)
    if rules.joker:
        assert {"declare", "joker"} <= phases, phases


def test_every_tiles_level_can_choose_from_the_offered_actions() -> None:
    for level in LEVELS:
        assert isinstance(make_player("tiles", level, seed=1), ComposingPlayer), level
    assert isinstance(make_player("tiles", "random", seed=1), TilesRandomPlayer)
    # The other games keep the shared random player, which needs the whole list.
    classic = make_player("classic", "random", seed=1)
    assert isinstance(classic, RandomPlayer)
    assert not isinstance(classic, ComposingPlayer)


def test_the_random_draw_is_uniform_over_the_plays_and_the_other_actions() -> None:
    board = Board.from_cells(9, {"E5": "5d", "F5": "Tl"})
    rack = parse_tiles("4l 6d Jd")  # a 6 either way up
    plays = [p.play for p in generate_plays(board, rack)]
    others = 3
    assert len(plays) == 76
    rng = random.Random(7)
    expected = 100
    counts: Counter[object] = Counter()
    for _ in range(expected * (len(plays) + others)):
        drawn = draw_uniform(board, rack, others, rng)
        counts[drawn if isinstance(drawn, int) else drawn.play] += 1
    assert set(counts) == {*plays, *range(others)}  # every action and nothing else
    # Pearson's chi-square over the 79 actions: about 78 +- 12.5 if the draw is uniform (the
    # seed fixes it), in the thousands for a draw by segment first, then play.
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi_square < 130, chi_square
    assert all(55 <= n <= 145 for n in counts.values()), sorted(counts.values())


def test_the_random_draw_with_no_play_picks_among_the_others() -> None:
    board = Board.empty(7)
    rack = parse_tiles("Ad 3d 8l Qd Kl")  # no two tiles score together: no first play
    assert generate_plays(board, rack) == []
    rng = random.Random(1)
    assert {draw_uniform(board, rack, 2, rng) for _ in range(50)} == {0, 1}
    with pytest.raises(ValueError, match="no legal play and no other action"):
        draw_uniform(board, rack, 0, rng)
    with pytest.raises(ValueError, match="0 or more, not -1"):
        draw_uniform(board, rack, -1, rng)


def test_the_random_level_passes_when_nothing_else_is_legal() -> None:
    state = start_tiles(TilesRules(board_size=7), seed=1, first_player=0).state
    state = replace(state, racks=(parse_tiles("Ad 3d 8l Qd Kl"), state.racks[1]), bags=((),))
    only: list[Action] = [Pass(0)]
    assert state.legal_actions() == only
    assert choose_for_seat(make_player("tiles", "random", seed=3), state, 0) == Pass(0)
