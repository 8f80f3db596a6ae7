"""The leave table's builder: random leaves on real boards, and the value-iteration fit."""

from __future__ import annotations

import random

import pytest

from cribkit.ai.data.build_tiles_leave import Sample, fit, samples_of_game
from cribkit.ai.tiles import LEAVE_FEATURES
from cribkit.games.tiles.rules import RACK_SIZE, parse_tiles, tile_rank


def test_fit_recovers_the_value_of_a_kept_tile() -> None:
    # Synthetic samples: the rack's one play scores 10, plus 4 for each 5 the leave kept, and
    # leaves nothing; the fit's first round is the one-turn value of each feature.
    rng = random.Random(1)
    samples = []
    for _ in range(600):
        leave = tuple(sorted(rng.sample(range(26), rng.randrange(RACK_SIZE))))
        fives = sum(tile_rank(t) == 5 for t in leave)
        rack = tuple(sorted((*leave, *range(26 - (RACK_SIZE - len(leave)), 26))))
        samples.append(Sample(leave, rack, {(): 10 + 4 * fives}))
    table, intercept, r2 = fit(samples, rounds=1)
    weights = dict(zip(LEAVE_FEATURES, table.weights, strict=True))
    assert weights["rank_5"] == pytest.approx(4.0, abs=0.3)
    assert weights["rank_13"] == pytest.approx(0.0, abs=0.3)
    assert intercept == pytest.approx(10.0, abs=0.5)
    assert r2 > 0.9


def test_an_exchange_sets_a_floor_under_the_target() -> None:
    # No play at all: the target is the best exchange, worth 0 with a table of zeros.
    leave = parse_tiles("Kd")
    samples = [Sample(leave, parse_tiles("Kd Kl Qd Qd Jl"), {})] * 3
    table, intercept, _ = fit(samples, rounds=1)
    assert intercept == pytest.approx(0.0, abs=1e-9)
    assert table.value(leave) == pytest.approx(0.0, abs=1e-9)


def test_samples_come_from_real_boards_with_tiles_in_the_bag() -> None:
    samples = samples_of_game(0, racks=1, seed=7)
    assert len(samples) >= 5
    for sample in samples:
        assert len(sample.rack) == RACK_SIZE
        assert len(sample.leave) < RACK_SIZE
        # The leave is drawn first, so it is part of the rack.
        rest = list(sample.rack)
        for tile in sample.leave:
            rest.remove(tile)
        for left, points in sample.best.items():
            assert points > 0
            assert len(left) < RACK_SIZE
    assert any(sample.best for sample in samples)
