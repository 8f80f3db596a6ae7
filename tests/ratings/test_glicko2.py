"""Glicko-2 against Glickman's worked example and the properties a rating must keep."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.ratings.glicko2 import (
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    Outcome,
    Rating,
    rate,
    rate_game,
)


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system" (2012): 1500/200/0.06, τ 0.5, beats 1400/30, loses to
    # 1550/100 and to 1700/300: 1464.06, 151.52, 0.05999 (the paper's figures are rounded at
    # every step; exact arithmetic gives 1464.0507 and 0.059996).
    after = rate(
        Rating(1500, 200, 0.06),
        [
            Outcome(Rating(1400, 30), 1.0),
            Outcome(Rating(1550, 100), 0.0),
            Outcome(Rating(1700, 300), 0.0),
        ],
        tau=0.5,
        limits=False,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_new_players_first_game_and_what_the_other_loses() -> None:
    winner, loser = rate_game(Rating(), Rating(), 1.0)
    # Equal players: what one wins the other loses, and both are surer of their ratings.
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.rating > 1700
    assert winner.deviation == pytest.approx(loser.deviation)
    assert winner.deviation < 500
    assert winner.provisional
    assert winner.display().endswith("?")
    # A draw between equals moves neither rating.
    first, second = rate_game(Rating(1600, 80, 0.06), Rating(1600, 80, 0.06), 0.5)
    assert first.rating == pytest.approx(1600)
    assert second.rating == pytest.approx(1600)


def test_deviation_and_volatility_stay_within_lichess_bounds() -> None:
    rating = Rating()
    for game in range(100):
        rating = rate(rating, [Outcome(Rating(1500, 60, 0.06), float(game % 2))])
    # A regular player's deviation settles where each game's news balances its volatility.
    assert MIN_DEVIATION < rating.deviation < 80
    assert not rating.provisional
    # A steady player's is held at 45, never less.
    steady = rate(Rating(1500, 46, 0.01), [Outcome(Rating(1500, 45, 0.01), 0.5)] * 10)
    assert steady.deviation == MIN_DEVIATION
    # Away for years, the deviation comes back to 500 and no further.
    assert rating.after_days(365 * 40).deviation == MAX_DEVIATION
    assert rating.after_days(0) == rating
    # Wild results keep the volatility at its cap.
    wild = Rating(1500, 300, 0.099)
    for game in range(20):
        wild = rate(wild, [Outcome(Rating(2400 if game % 2 else 600, 45), float(game % 2))])
        assert wild.volatility <= MAX_VOLATILITY


def test_a_deviation_of_60_grows_to_110_in_a_year() -> None:
    # lichess chose 0.21436 rating periods a day for exactly this (its volatility 0.06 typical).
    assert Rating(1500, 60, 0.06).after_days(365).deviation == pytest.approx(110, abs=0.5)


ratings = st.builds(
    Rating,
    st.floats(600, 2600),
    st.floats(MIN_DEVIATION, MAX_DEVIATION),
    st.floats(0.03, MAX_VOLATILITY),
)


@given(ratings, ratings)
def test_a_win_never_lowers_a_rating_and_a_loss_never_raises_one(
    player: Rating, opponent: Rating
) -> None:
    won = rate(player, [Outcome(opponent, 1.0)])
    lost = rate(player, [Outcome(opponent, 0.0)])
    assert won.rating >= player.rating >= lost.rating or player.rating <= 400
    assert MIN_DEVIATION <= won.deviation <= MAX_DEVIATION
    assert won.volatility <= MAX_VOLATILITY
