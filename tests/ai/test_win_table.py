"""The win-probability table: the solver on samples with known answers, the shipped tables."""

from __future__ import annotations

import random
from functools import cache
from io import BytesIO

import numpy as np
import pytest

from cribkit.ai.data.build_win_table import all_samples
from cribkit.ai.win_table import (
    DEAL_COLUMNS,
    FloatArray,
    encode,
    load_win_table,
    solve_win_table,
    win_probability,
)

UNIT = 1 / 65535  # the shipped tables' resolution
T = 9  # a small target for solved examples


def cells(target: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(target) for b in range(target)]


# ---------------------------------------------------------------------------------------------
# The solver on synthetic samples


def test_columns() -> None:
    assert DEAL_COLUMNS == ("dealer_peg", "pone_peg", "pone_hand", "dealer_hand", "crib")


def test_the_dealer_always_pegs_out() -> None:
    win = solve_win_table([[T, 0, 0, 0, 0]], target=T)
    assert win.shape == (T + 1, T + 1, 2)
    assert np.all(win[:T, :T, 1] == 1.0)  # the player deals and pegs out
    assert np.all(win[:T, :T, 0] == 0.0)  # the opponent deals and pegs out


def test_the_dealer_pegs_out_even_when_pone_would_count_out() -> None:
    # Pegging comes before the show: pone's big hand is never counted.
    win = solve_win_table([[T, 0, T, 0, 0]], target=T)
    assert np.all(win[:T, :T, 1] == 1.0)
    assert np.all(win[:T, :T, 0] == 0.0)


def test_pone_counts_first() -> None:
    # Both hands would reach the target: pone's is counted first and wins.
    win = solve_win_table([[0, 0, T, T, T]], target=T)
    assert np.all(win[:T, :T, 0] == 1.0)
    assert np.all(win[:T, :T, 1] == 0.0)
    # The dealer's hand and crib together win when pone falls short.
    win = solve_win_table([[0, 0, 0, T - 3, 3]], target=T)
    assert np.all(win[:T, :T, 1] == 1.0)
    assert np.all(win[:T, :T, 0] == 0.0)


def test_pegging_out_together_is_half() -> None:
    win = solve_win_table([[T, T, 0, 0, 0]], target=T)
    assert np.all(win[:T, :T, :] == 0.5)


def test_symmetric_mixture_is_half() -> None:
    win = solve_win_table([[T, 0, 0, 0, 0], [0, T, 0, 0, 0]], target=T)
    assert np.allclose(win[:T, :T, :], 0.5)
    win = solve_win_table([[T, 0, 0, 0, 0], [0, 0, T, 0, 0], [0, T, 0, 0, 0]], target=T)
    assert np.allclose(win[:T, :T, 1], 1 / 3)
    assert np.allclose(win[:T, :T, 0], 2 / 3)


def test_one_point_a_deal_to_pone() -> None:
    """Pone scores 1 each deal and the deal alternates: whoever needs fewer deals wins."""
    win = solve_win_table([[0, 0, 1, 0, 0]], target=T)
    for a, b in cells(T):
        # Dealing now, the opponent scores first: the player wins only when strictly ahead.
        assert win[a, b, 1] == (1.0 if a > b else 0.0), (a, b)
        # As pone the player scores first and wins ties.
        assert win[a, b, 0] == (1.0 if a >= b else 0.0), (a, b)


def test_boundaries() -> None:
    win = solve_win_table([[1, 2, 3, 4, 5]], target=T)
    assert np.all(win[T, :, :] == 1.0)
    assert np.all(win[:T, T, :] == 0.0)


def reference_table(samples: list[list[int]], target: int) -> FloatArray:
    """An independent solver: the rules' order of counting, recursively, with memoisation."""

    @cache
    def value(a: int, b: int, dealing: int) -> float:
        total = 0.0
        for dealer_peg, pone_peg, pone_hand, dealer_hand, crib in samples:
            if dealing:
                me, them = a + dealer_peg, b + pone_peg
            else:
                me, them = a + pone_peg, b + dealer_peg
            if me >= target or them >= target:
                total += 0.5 if me >= target and them >= target else float(me >= target)
                continue
            # The show: pone's hand, then the dealer's hand and crib.
            if dealing:
                them += pone_hand
                if them >= target:
                    continue
                me += dealer_hand + crib
                if me >= target:
                    total += 1.0
                    continue
            else:
                me += pone_hand
                if me >= target:
                    total += 1.0
                    continue
                them += dealer_hand + crib
                if them >= target:
                    continue
            total += value(me, them, 1 - dealing)
        return total / len(samples)

    table = np.zeros((target + 1, target + 1, 2))
    table[target, :, :] = 1.0
    for a, b in cells(target):
        for dealing in (0, 1):
            table[a, b, dealing] = value(a, b, dealing)
    return table


@pytest.mark.parametrize("seed", range(3))
def test_solver_matches_an_independent_recursion(seed: int) -> None:
    rng = random.Random(seed)
    samples = []
    for _ in range(12):
        sample = [
            rng.randint(0, 3),
            rng.randint(0, 3),
            rng.randint(0, 6),
            rng.randint(0, 6),
            rng.randint(0, 5),
        ]
        if sample[0] + sample[1] == 0:
            sample[rng.randint(0, 1)] = 1  # a play always scores a point (go or last card)
        samples.append(sample)
    target = 13
    solved = solve_win_table(np.array(samples), target=target)
    assert np.allclose(solved, reference_table(samples, target), atol=1e-12)
    # Both players' views of one position add up to 1.
    for a, b in cells(target):
        assert solved[a, b, 1] + solved[b, a, 0] == pytest.approx(1.0)


def test_bad_sample_shapes() -> None:
    with pytest.raises(ValueError, match="shape"):
        solve_win_table([[1, 2, 3, 4]], target=T)
    with pytest.raises(ValueError, match="shape"):
        solve_win_table([1, 2, 3, 4, 5], target=T)


def test_encode_round_trip() -> None:
    win = solve_win_table([[1, 1, 2, 3, 1], [2, 0, 5, 1, 0], [0, 1, 0, 0, 4]], target=T)
    decoded = np.load(BytesIO(encode(win)))
    assert decoded.dtype == np.uint16
    assert np.all(np.abs(decoded / 65535 - win) <= 0.5 * UNIT + 1e-12)


# ---------------------------------------------------------------------------------------------
# The shipped tables


@pytest.mark.parametrize("target", [121, 61])
def test_shipped_tables_load(target: int) -> None:
    win = load_win_table(target)
    assert win.shape == (target + 1, target + 1, 2)
    assert win.dtype == np.float64
    assert np.all((win >= 0) & (win <= 1))
    assert np.all(win[target, :, :] == 1.0)
    assert np.all(win[:target, target, :] == 0.0)
    assert load_win_table(target) is win  # loaded once


def test_unknown_target() -> None:
    with pytest.raises(ValueError, match="no win-probability table"):
        load_win_table(100)


@pytest.mark.parametrize("target", [121, 61])
def test_shipped_tables_are_monotonic(target: int) -> None:
    win = load_win_table(target)
    # More points for the player never hurt; more for the opponent never help.
    assert np.diff(win, axis=0).min() >= -UNIT - 1e-12
    assert np.diff(win, axis=1).max() <= UNIT + 1e-12


@pytest.mark.parametrize("target", [121, 61])
def test_shipped_tables_are_complementary(target: int) -> None:
    win = load_win_table(target)
    inner = win[:target, :target]
    # The dealer's chance and pone's chance from the same position add up to 1.
    assert np.abs(inner[:, :, 1] + inner[:, :, 0].T - 1).max() <= UNIT + 1e-12


@pytest.mark.parametrize("target", [121, 61])
def test_the_dealer_is_favoured_at_the_start(target: int) -> None:
    win = load_win_table(target)
    assert 0.5 < win[0, 0, 1] < 0.6
    assert 0.4 < win[0, 0, 0] < 0.5
    assert win_probability(0, 0, dealer=True, target=target) == win[0, 0, 1]


def test_win_probability_known_positions() -> None:
    assert win_probability(119, 60, dealer=False) > 0.9
    assert win_probability(60, 119, dealer=True) < 0.1
    assert win_probability(121, 0, dealer=False) == 1.0
    assert win_probability(0, 121, dealer=True) == 0.0


@pytest.mark.parametrize("target", [121, 61])
def test_win_probability_interpolates(target: int) -> None:
    win = load_win_table(target)
    rng = random.Random(target)
    for _ in range(50):
        a, b, d = rng.randrange(target), rng.randrange(target), rng.randrange(2)
        dealer = d == 1
        # Grid points are the table's values.
        assert win_probability(a, b, dealer=dealer, target=target) == pytest.approx(win[a, b, d])
        # Halfway along one score: the mean of the two neighbours.
        assert win_probability(a + 0.5, b, dealer=dealer, target=target) == pytest.approx(
            (win[a, b, d] + win[a + 1, b, d]) / 2
        )
        assert win_probability(a, b + 0.5, dealer=dealer, target=target) == pytest.approx(
            (win[a, b, d] + win[a, b + 1, d]) / 2
        )
        # Bilinear inside a cell.
        fa, fb = 0.25, 0.75
        expected = (
            (1 - fa) * (1 - fb) * win[a, b, d]
            + fa * (1 - fb) * win[a + 1, b, d]
            + (1 - fa) * fb * win[a, b + 1, d]
            + fa * fb * win[a + 1, b + 1, d]
        )
        value = win_probability(a + fa, b + fb, dealer=dealer, target=target)
        assert value == pytest.approx(expected)
        lo, hi = sorted([win[a, b, d], win[a + 1, b, d], win[a, b + 1, d], win[a + 1, b + 1, d]])[
            ::3
        ]
        assert lo - 1e-12 <= value <= hi + 1e-12


def test_win_probability_clamps_scores() -> None:
    assert win_probability(-5, 10, dealer=True) == win_probability(0, 10, dealer=True)
    assert win_probability(10, -3.5, dealer=False) == win_probability(10, 0, dealer=False)
    assert win_probability(130.5, 100, dealer=False) == 1.0
    assert win_probability(100, 140, dealer=True) == 0.0
    assert win_probability(30.5, 70, dealer=True, target=61) == 0.0
    assert win_probability(64, 30.5, dealer=False, target=61) == 1.0


def test_the_builder_gives_the_same_samples_in_any_number_of_processes() -> None:
    """The builder's games are seeded by their index: split over processes and joined in
    order, they are the games played in one (each sample a deal's five counts)."""
    one = all_samples(6, seed=3, level="easy", workers=1)
    assert all_samples(6, seed=3, level="easy", workers=2) == one
    assert len(one) > 6 * 4  # the deals of six whole games
    assert all(len(sample) == len(DEAL_COLUMNS) and min(sample) >= 0 for sample in one)
