"""The vectorised classic batch (issue 18, point 4) is the engine: seeded random games through
:class:`ClassicBatch`, each replayed with its decks and moves through ``cribkit.games.start``,
the scores after every move, the winner, the masks and the observations compared."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cribkit.env.classic_codec import ClassicCodec
from cribkit.env.codec import mask_of
from cribkit.env.vector import ClassicBatch, ClassicRecord, random_moves
from cribkit.env.vector_classic import _peg_points, shuffled_decks
from cribkit.env.vector_tables import RANK
from cribkit.games import start
from cribkit.games.classic.play import cards_of, peg_points
from cribkit.games.classic.rules import ClassicRules

Trace = list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]


def play_batch(
    batch: ClassicBatch, games: int, seed: int
) -> list[tuple[ClassicRecord, Trace, list[np.ndarray[Any, Any]]]]:
    """Random games through ``batch`` until ``games`` have ended: each record with the
    observation and mask before each of its moves, and the rewards after each."""
    rng = np.random.default_rng(seed)
    traces: list[Trace] = [[] for _ in range(batch.n)]
    rewards: list[list[np.ndarray[Any, Any]]] = [[] for _ in range(batch.n)]
    done_games: list[tuple[ClassicRecord, Trace, list[np.ndarray[Any, Any]]]] = []
    while batch.games < games:
        observations, masks = batch.observations(), batch.masks()
        for i in range(batch.n):
            traces[i].append((observations[i], masks[i]))
        step_rewards, done = batch.step(random_moves(masks, rng))
        for i in range(batch.n):
            rewards[i].append(step_rewards[i])
        for i in np.flatnonzero(done).tolist():
            done_games.append((batch.records[len(done_games)], traces[i], rewards[i]))
            traces[i], rewards[i] = [], []
    return done_games


def replay(record: ClassicRecord, trace: Trace, rules: ClassicRules) -> tuple[str, set[int]]:
    """Play ``record`` through the engine, checking every move: the kind of the event that won
    the game and the deals whose crib was a four-card flush of another suit than the starter."""
    codec = ClassicCodec()
    state = start(rules, decks=record.decks, first_dealer=record.first_dealer).state
    assert len(trace) == len(record.moves) == len(record.scores)
    flushes: set[int] = set()
    events: list[Any] = []
    for move, scores, (observation, mask) in zip(record.moves, record.scores, trace, strict=True):
        seat = state.current_player
        assert seat is not None
        legal = codec.legal(state, seat)
        np.testing.assert_array_equal(mask, mask_of(legal, codec.actions))
        np.testing.assert_array_equal(observation, codec.encode(state.observation(seat)))
        crib_suits = {c & 3 for c in cards_of(state.crib)}
        if (
            state.starter is not None
            and len(crib_suits) == 1
            and state.starter & 3 not in crib_suits
        ):
            flushes.add(state.deal_no)
        transition = state.apply(legal[move])
        state = transition.state
        events = list(transition.events)
        assert state.scores == scores
    assert state.result is not None
    assert state.result.winner == record.winner
    assert max(state.scores) >= rules.target > min(state.scores)
    assert state.scores[record.winner] == max(state.scores)
    assert events[-1].type == "win"
    return type(events[-2]).__name__, flushes


@pytest.mark.parametrize(
    ("players", "target", "seed", "count"),
    [(2, 121, 1, 150), (2, 61, 2, 200), (3, 121, 3, 100), (4, 121, 4, 200), (3, 61, 5, 250)],
)
def test_random_games_through_the_batch_are_the_engines(
    players: int, target: int, seed: int, count: int
) -> None:
    rules = ClassicRules(players=players, target=target)
    batch = ClassicBatch(16, players=players, seed=seed, target=target, record=True)
    games = play_batch(batch, count, seed)
    assert len(games) >= count
    assert batch.games == len(games)
    heels = deals = 0
    endings: dict[str, int] = {}
    flushes = 0
    for record, trace, rewards in games:
        ending, crib_flushes = replay(record, trace, rules)
        endings[ending] = endings.get(ending, 0) + 1
        flushes += len(crib_flushes)
        winners = [s for s in range(players) if (s % 2 if players == 4 else s) == record.winner]
        loss = -len(winners) / (players - len(winners))
        np.testing.assert_array_equal(
            rewards[-1], [1.0 if s in winners else loss for s in range(players)]
        )
        assert all(not r.any() for r in rewards[:-1])
        starter_at = {2: 12, 3: 16, 4: 20}[players]
        heels += sum(RANK[deck[starter_at]] == 11 for deck in record.decks)
        deals += len(record.decks)
    assert heels > 0  # his heels came up
    assert deals > 100  # the games went through many deals
    # games were won by a card, a go, the last card, a hand and the crib shown; and a crib
    # flush of four (another suit cut) scored nothing
    assert {"CardPlayed", "GoPoint", "LastCard", "HandShown", "CribShown"} <= set(endings)
    assert flushes > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_rewards_are_the_aec_environments(players: int) -> None:
    batch = ClassicBatch(4, players=players, seed=5, reward="points", record=True)
    sides = 2 if players == 4 else players
    games = play_batch(batch, 8, 5)
    for record, _, rewards in games:
        before: tuple[int, ...] = (0,) * sides
        for scores, reward in zip(record.scores, rewards, strict=True):
            gained = [now - then for now, then in zip(scores, before, strict=True)]
            expected = []
            for seat in range(players):
                side = seat % 2 if players == 4 else seat
                others = [g for index, g in enumerate(gained) if index != side]
                expected.append(np.float32(gained[side] - sum(others) / len(others)))
            assert reward.tolist() == expected
            before = scores


def test_peg_points_are_the_engines() -> None:
    rng = np.random.default_rng(3)
    piles: list[list[int]] = []
    while len(piles) < 3000:
        cards = rng.permutation(52)[: rng.integers(1, 9)]
        # small ranks make long counts, runs and pairs
        cards = cards[np.cumsum([min(10, c // 4 + 1) for c in cards]) <= 31]
        if cards.size:
            piles.append(cards.tolist())
    tail = np.zeros((len(piles), 8), dtype=np.int64)
    count = np.zeros(len(piles), dtype=np.int64)
    for i, pile in enumerate(piles):
        for j, card in enumerate(reversed(pile)):
            tail[i, j] = RANK[card]
        count[i] = sum(min(10, c // 4 + 1) for c in pile)
    expected = [peg_points(pile, int(c)) for pile, c in zip(piles, count, strict=True)]
    assert _peg_points(tail, count).tolist() == expected
    # runs of the low cards: A 2 3 4 5 6 7 in any order score the longest run
    run = [4 * r for r in (3, 1, 0, 2, 6, 5, 4)]
    t = np.array([[RANK[c] for c in reversed(run)] + [0]], dtype=np.int64)
    assert _peg_points(t, np.array([28])).tolist() == [peg_points(run, 28)] == [7]


def test_bad_moves_and_settings_are_refused() -> None:
    batch = ClassicBatch(2, seed=0)
    with pytest.raises(ValueError, match="not legal in game 0"):
        batch.step(np.array([20, 0]))
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        ClassicBatch(2, players=5)
    three = ClassicBatch(1, players=3, seed=0)
    with pytest.raises(ValueError, match="not legal in game 0"):
        three.step(np.array([0]))  # a pair's number: three players lay away one card
    with pytest.raises(ValueError, match="reward"):
        ClassicBatch(2, reward="nope")


def test_shuffled_decks_are_decks() -> None:
    decks = shuffled_decks(np.random.default_rng(0), 2000)
    assert (np.sort(decks, axis=1) == np.arange(52)).all()
    # every card comes to the top about as often as every other
    tops = np.bincount(decks[:, 0], minlength=52)
    assert tops.min() > 10
    assert tops.max() < 80
