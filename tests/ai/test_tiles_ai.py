"""The Cribbage Tiles computer players: legal, deterministic, easy greedy, the leave table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cribkit.ai.players import make_player
from cribkit.ai.tiles import (
    LEAVE_FEATURES,
    Candidate,
    LeaveTable,
    TilesPlayer,
    _kept,
    _placed,
    leave_features,
    load_leave_table,
)
from cribkit.ai.tiles_search import Line, top_plays, top_plays_of
from cribkit.games.protocol import Action
from cribkit.games.tiles.actions import Exchange, Pass, PlayTiles
from cribkit.games.tiles.board import Board
from cribkit.games.tiles.movegen import generate_plays
from cribkit.games.tiles.rules import parse_tiles, tiles_text
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles


def advance(state: TilesState, turns: int) -> TilesState:
    """The state after ``turns`` greedy turns (or the end)."""
    for _ in range(turns):
        if state.is_terminal:
            break
        plays = state.legal_plays()
        seat = state.current_player
        assert seat is not None
        state = state.apply(plays[0].play if plays else Pass(seat)).state
    return state


def choose(level: str, state: TilesState, seed: int = 1) -> Action:
    seat = state.current_player
    assert seat is not None
    return make_player("tiles", level, seed=seed).choose(
        state.observation(seat), state.legal_actions()
    )


@pytest.mark.parametrize("level", ["random", "easy", "medium", "expert"])
@pytest.mark.parametrize("turns", [0, 7])
def test_every_level_returns_a_legal_action(level: str, turns: int) -> None:
    state = advance(start_tiles(TilesRules(), seed=4).state, turns)
    action = choose(level, state)
    assert action in state.legal_actions()
    state.verify(action)


def positions_with_plays(count: int, turns: int) -> list[TilesState]:
    """Positions after ``turns`` greedy turns in which the player to move has a play."""
    out: list[TilesState] = []
    seed = 0
    while len(out) < count:
        state = advance(start_tiles(TilesRules(), seed=seed).state, turns)
        if state.legal_plays():
            out.append(state)
        seed += 1
    return out


def test_easy_picks_the_top_scoring_play() -> None:
    for state in positions_with_plays(3, 4):
        action = choose("easy", state)
        assert isinstance(action, PlayTiles)
        best = state.legal_plays()[0]
        assert state.preview(action).points == best.points
        assert action == best.play


def test_medium_and_expert_score_well_and_keep_a_good_leave() -> None:
    state = positions_with_plays(1, 6)[0]
    top = state.legal_plays()[0].points
    for level in ("medium", "expert"):
        action = choose(level, state)
        assert isinstance(action, PlayTiles)
        assert state.preview(action).points >= top - 25


def game_moves(state: TilesState, players: list[TilesPlayer], turns: int) -> list[str]:
    """The moves of up to ``turns`` turns from ``state``, each checked legal."""
    moves = []
    for _ in range(turns):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = players[seat].choose(state.observation(seat), legal)
        assert action in legal
        moves.append(state.notation(action))
        state = state.apply(action).state
    return moves


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_the_same_seed_makes_the_same_choices(level: str) -> None:
    def moves(seed: int) -> list[str]:
        state = start_tiles(TilesRules(board_size=7), seed=9).state
        return game_moves(state, [TilesPlayer(level, seed=seed + s) for s in (0, 1)], 12)

    assert moves(3) == moves(3)


def test_with_no_play_the_players_exchange_while_the_bag_allows() -> None:
    # An empty 7x7 board but a rack with no two tiles that score together: no first play.
    board = Board.empty(7)
    rack = parse_tiles("Ad 3d 8l Qd Kl")
    state = start_tiles(TilesRules(board_size=7), seed=1, first_player=0).state
    state = replace(state, board=board, racks=(rack, state.racks[1]))
    assert state.legal_plays() == []
    for level in ("easy", "medium", "expert"):
        action = choose(level, state)
        assert isinstance(action, Exchange), (level, action)
        assert action in state.legal_actions()
    empty_bag = replace(state, bags=((),))
    for level in ("easy", "medium", "expert"):
        assert choose(level, empty_bag) == Pass(0)


def test_the_shipped_leave_table_loads() -> None:
    table = load_leave_table()
    assert len(table.weights) == len(LEAVE_FEATURES)
    assert any(w != 0.0 for w in table.weights)
    assert table.meta is not None
    assert table.meta["games"] > 0
    assert table.meta["samples"] > 0
    assert table.value(()) == 0.0
    weights = dict(zip(LEAVE_FEATURES, table.weights, strict=True))
    # What the self-play fit learned: two tiles that score together are worth keeping, a 5
    # beats a fresh tile and a king does not, and keeping four tiles costs the fresh draws.
    assert min(weights["pair"], weights["fifteen"], weights["step1"]) > 0
    assert weights["rank_5"] > 0 > weights["rank_13"]
    assert weights["kept_4"] < 0
    # Two tiles kept are worth their ranks plus their combinations: a 5 and a 10 make
    # fifteen; of one colour they also count as same-coloured.
    alone = weights["rank_5"] + weights["rank_10"]
    assert table.value(parse_tiles("5d Tl")) == pytest.approx(alone + weights["fifteen"])
    assert table.value(parse_tiles("5d Td")) == pytest.approx(
        alone + weights["fifteen"] + weights["same_colour"]
    )
    assert LeaveTable.from_json(table.to_json()).weights == pytest.approx(table.weights)


def test_leave_features_count_sixes_and_nines_either_way_up() -> None:
    features = dict(zip(LEAVE_FEATURES, leave_features(parse_tiles("6d 6l")), strict=True))
    assert features["pair"] == 1
    assert features["fifteen"] == 1  # a 6 placed as a 9 with the other 6
    assert tiles_text(parse_tiles("9d")) == "9d"


def test_the_view_holds_what_the_players_need() -> None:
    state = advance(start_tiles(TilesRules(), seed=3).state, 3)
    seat = state.current_player
    assert seat is not None
    view = state.observation(seat)
    assert view.board == state.board
    assert view.rack == state.racks[seat]
    other = state.racks[1 - seat]
    assert len(view.unseen) == len(other) + state.bag_sizes()[0]
    plays = generate_plays(view.board, view.rack, seat=seat, strict=view.rules.strict_cross_hands)
    assert {p.play for p in plays} == {p.play for p in state.legal_plays()}
    assert view.opponents() == [1 - seat]


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_a_player_reads_the_view_not_its_json(level: str) -> None:
    state = advance(start_tiles(TilesRules(players=3), seed=8).state, 5)
    seat = state.current_player
    assert seat is not None
    view, legal = state.observation(seat), state.legal_actions()
    assert TilesPlayer(level, seed=2).choose(view, legal) in legal
    with pytest.raises(TypeError, match=r"reads the seat's view \(state.observation\(seat\)\)"):
        TilesPlayer(level, seed=2).choose(view.to_json(), legal)  # type: ignore[arg-type]


def test_the_expert_player_is_a_tiles_player() -> None:
    player = make_player("tiles", "expert", seed=1)
    assert isinstance(player, TilesPlayer)
    assert player.name == "expert"


def test_leave_features_count_colours_and_how_many_tiles_are_kept() -> None:
    features = dict(zip(LEAVE_FEATURES, leave_features(parse_tiles("5d 5l Kd Ad")), strict=True))
    assert features["same_colour"] == 3  # 5d-Kd, 5d-Ad, Kd-Ad
    assert (features["kept_3"], features["kept_4"]) == (0, 1)
    assert sum(features[f"rank_{r}"] for r in range(1, 14)) == 4
    nothing = leave_features(())
    assert nothing == [0.0] * len(LEAVE_FEATURES)


def test_medium_and_expert_exchange_tiles_no_play_can_use() -> None:
    # On a board of 7d 8d, a king can score with nothing in the rack (no 5, no queen, no
    # second king), so every play keeps it; a table that prices a kept king far below a fresh
    # tile makes the exchange worth more than any play.
    board = Board.from_cells(13, {"G7": "7d", "H7": "8d"})
    rack = parse_tiles("Kd 6d 6l 9d 9l")
    state = start_tiles(TilesRules(), seed=1, first_player=0).state
    state = replace(state, board=board, racks=(rack, state.racks[1]))
    plays = state.legal_plays()
    assert plays
    assert all("Kd" not in state.notation(p.play) for p in plays)
    table = LeaveTable.from_json({"weights": {"rank_13": -100.0}})
    for level in ("medium", "expert"):
        action = TilesPlayer(level, seed=1, leave=table).choose(
            state.observation(0), state.legal_actions()
        )
        assert isinstance(action, Exchange), level
        assert parse_tiles("Kd")[0] in action.tiles
    # With the shipped table the same rack plays: a king kept costs a few points, not 100.
    assert isinstance(choose("medium", state), PlayTiles)


def test_the_expert_looking_at_its_own_next_turn_plays_legally_and_replays() -> None:
    def moves(seed: int) -> list[str]:
        players = [TilesPlayer("expert", seed=seed + s) for s in (0, 1)]
        for player in players:
            player.own_turn, player.samples = True, 3
        return game_moves(start_tiles(TilesRules(board_size=9), seed=5).state, players, 8)

    first = moves(2)
    assert len(first) == 8
    assert moves(2) == first


def empty_bag_positions(count: int, bag: int = 0) -> list[TilesState]:
    """Positions of easy against itself where the bag has just come down to ``bag`` tiles or
    fewer, with a play to make."""
    out: list[TilesState] = []
    seed = 0
    easy = TilesPlayer("easy")
    while len(out) < count:
        state = start_tiles(TilesRules(), seed=seed).state
        seed += 1
        while not state.is_terminal and state.bag_sizes()[0] > bag:
            seat = state.current_player
            assert seat is not None
            state = state.apply(easy.choose(state.observation(seat), state.legal_actions())).state
        if not state.is_terminal and state.legal_plays():
            out.append(state)
    return out


def test_the_end_game_search_foresees_the_game_against_easy() -> None:
    # With the bag empty both racks are known and easy plays its highest-scoring play, so
    # the search's value of the expert's play is what the rest of the game really scores
    # (the margin, deductions included) when the game ends within the search.
    for state in empty_bag_positions(6):
        seat = state.current_player
        assert seat is not None
        view = state.observation(seat)
        line = Line(seat, strict=True)
        plays = generate_plays(view.board, view.rack, seat=seat)
        values = {
            p.play: line.after_mine(view.board, view.rack, view.unseen, (), p, 5)
            for p in top_plays(plays)
        }
        expert = TilesPlayer("expert", seed=1)
        expert.end_greedy, expert.end_depth = True, 5
        players = {seat: expert, 1 - seat: TilesPlayer("easy")}
        action = expert.choose(view, state.legal_actions())
        assert isinstance(action, PlayTiles)
        assert values[action] == max(values.values())
        before = state.scores[seat] - state.scores[1 - seat]
        turns = 0
        while not state.is_terminal:
            mover = state.current_player
            assert mover is not None
            chosen = players[mover].choose(state.observation(mover), state.legal_actions())
            state = state.apply(chosen if turns else action).state
            turns += 1
        assert turns <= 5
        assert state.scores[seat] - state.scores[1 - seat] - before == values[action]


def test_the_expert_near_the_end_plays_legally_and_replays() -> None:
    def moves(seed: int) -> list[str]:
        players = [TilesPlayer("expert", seed=seed + s) for s in (0, 1)]
        for player in players:
            player.pre_end = 15
        return game_moves(empty_bag_positions(1, bag=8)[0], players, 10)

    first = moves(2)
    assert len(first) >= 3
    assert moves(2) == first


def test_each_play_is_valued_at_its_points_and_the_leave_it_keeps() -> None:
    # Medium's ranking works each leave out once per set of placed tiles: every play's
    # value must be the plain one, with the bag full or empty.
    player = TilesPlayer("expert", seed=1)
    for state in empty_bag_positions(3, bag=40):
        seat = state.current_player
        assert seat is not None
        view = state.observation(seat)
        plays = generate_plays(view.board, view.rack, seat=seat)
        for left in (view.bag_size, 0):
            plain = [p.points + player._leave(_kept(view.rack, p.play), left) for p in plays]
            assert player._play_values(view.rack, plays, left) == plain


def test_a_two_ply_value_is_the_mean_over_guesses_of_points_less_the_reply_plus_the_next_turn() -> (
    None
):
    # The expert finds each reply and next turn without listing every play (best_play); the
    # value must be the one the full lists give.
    player = TilesPlayer("expert", seed=3)
    checked = 0
    for state in empty_bag_positions(3, bag=50):
        seat = state.current_player
        assert seat is not None
        view = state.observation(seat)
        samples, bags = player._deal_opponents(view, view.opponents())
        for value, _, scored in player.ranked(view, state.legal_plays())[:3]:
            after = _placed(view.board, scored.play)
            kept = _kept(view.rack, scored.play)
            candidate = Candidate(value, scored.play, after, scored.points, kept)
            total = 0.0
            for ((other, rack),), bag in zip(samples, bags, strict=True):
                replies = generate_plays(after, rack, seat=other)
                reply = max(replies, key=lambda p: p.points) if replies else None
                board = after if reply is None else _placed(after, reply.play)
                drawn = bag[: 5 - len(kept)]
                mine = tuple(sorted((*kept, *drawn)))
                left = len(bag) - len(drawn)
                own = [
                    p.points + player._leave(_kept(mine, p.play), left)
                    for p in generate_plays(board, mine, seat=seat)
                ]
                total += scored.points - (reply.points if reply else 0) + max(own, default=0.0)
            assert player._two_plies(view, candidate, samples, bags) == pytest.approx(
                total / len(samples)
            )
            checked += 1
    assert checked == 9


@pytest.mark.parametrize("strict", [True, False])
def test_the_searchs_top_plays_are_those_of_every_play(strict: bool) -> None:
    """The search's plays at each of its positions (the highest-scoring and the longest) are
    found without making every play: the same list, in the same order, as from every play."""
    rules = TilesRules(strict_cross_hands=strict)
    compared = 0
    for seed in range(1, 7):
        state = start_tiles(rules, seed=seed).state
        player = make_player("tiles", "easy", seed=seed)
        while not state.is_terminal and compared < 40 * seed:
            seat = state.current_player
            assert seat is not None
            view = state.observation(seat)
            for rack in (view.rack, view.rack[:3]):
                every = generate_plays(state.board, rack, seat=seat, strict=strict)
                for branch in (1, 6):
                    assert top_plays_of(state.board, rack, seat, strict, branch) == top_plays(
                        every, branch
                    )
                    compared += 1
            state = state.apply(player.choose(view, state.legal_actions())).state
    assert compared >= 100
