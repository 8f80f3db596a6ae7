"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), with lichess's
parameters: a new player at 1500 with a deviation of 500 and a volatility of 0.09, τ 0.75; the
deviation kept between 45 and 500 and the volatility at most 0.1; shown "provisional" while the
deviation is 110 or more; and the deviation growing while a player does not play, by 0.21436
rating periods a day (lichess's figure: a typical deviation goes from 60 to 110 in a year).

Every rated game is a rating period of its own for both players (as lichess rates a game when
it ends), after the deviation has grown for the days since the player's last rated game.

Glickman's worked example (τ 0.5): a player of 1500, deviation 200, volatility 0.06 beats a
1400/30, loses to a 1550/100 and to a 1700/300:

>>> player = Rating(1500, 200, 0.06)
>>> games = [Outcome(Rating(1400, 30, 0.06), 1.0), Outcome(Rating(1550, 100, 0.06), 0.0),
...          Outcome(Rating(1700, 300, 0.06), 0.0)]
>>> after = rate(player, games, tau=0.5, limits=False)
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper gives 1464.06 and 0.05999 from its rounded intermediate figures.)

The ``glicko2`` package on the package index is not used: its volatility iteration (step 5)
reads the player's rating (μ²) where the paper has its deviation (φ²): Glickman's own example
gives a volatility of 0.059993 there, not 0.059996.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

#: The Glicko-2 scale's unit in rating points, and its zero.
SCALE: Final = 173.7178
CENTRE: Final = 1500.0

#: lichess's parameters (``lila.rating.Glicko``).
START_RATING: Final = 1500.0
START_DEVIATION: Final = 500.0
START_VOLATILITY: Final = 0.09
TAU: Final = 0.75
MIN_DEVIATION: Final = 45.0
MAX_DEVIATION: Final = 500.0
MAX_VOLATILITY: Final = 0.1
MIN_RATING: Final = 400.0
#: A rating is provisional ("1500?") while its deviation is at least this.
PROVISIONAL_DEVIATION: Final = 110.0
#: Rating periods a day without playing: the deviation grows by ``sqrt(φ² + t σ²)``.
PERIODS_PER_DAY: Final = 0.21436

#: The volatility iteration's tolerance (the paper's ε).
CONVERGENCE: Final = 0.000001
#: An iteration that has not converged by then is a bug, not a rating.
MAX_ITERATIONS: Final = 1000


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating, deviation and volatility, on the original (1500) scale."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (deviation 110 or more)."""
        return self.deviation >= PROVISIONAL_DEVIATION

    def display(self) -> str:
        """The rating as players read it: whole points, "?" while provisional.

        >>> Rating().display(), Rating(1623.6, 80).display()
        ('1500?', '1624')
        """
        return f"{round(self.rating)}{'?' if self.provisional else ''}"

    def after_days(self, days: float) -> Rating:
        """The rating after ``days`` without a rated game: the deviation grown (step 6 for
        ``days`` x 0.21436 rating periods), at most 500.

        >>> round(Rating(1500, 60, 0.06).after_days(365).deviation)
        110
        """
        if days <= 0:
            return self
        phi = self.deviation / SCALE
        periods = days * PERIODS_PER_DAY
        grown = math.sqrt(phi * phi + periods * self.volatility * self.volatility) * SCALE
        return Rating(self.rating, min(grown, MAX_DEVIATION), self.volatility)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game of a rating period: the opponent's rating and the player's score (1 a win,
    0 a loss, 0.5 a draw)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, opponent_mu: float, opponent_phi: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(opponent_phi) * (mu - opponent_mu)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (the paper's E, the player's own
    deviation left out as the paper does).

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _expected(
        (player.rating - CENTRE) / SCALE,
        (opponent.rating - CENTRE) / SCALE,
        opponent.deviation / SCALE,
    )


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm (the 2012 revision)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    upper = a
    if delta * delta > phi * phi + v:
        lower = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        lower = a - k * tau
    f_upper, f_lower = f(upper), f(lower)
    for _ in range(MAX_ITERATIONS):
        if abs(lower - upper) <= CONVERGENCE:
            return math.exp(upper / 2.0)
        middle = upper + (upper - lower) * f_upper / (f_lower - f_upper)
        f_middle = f(middle)
        if f_middle * f_lower <= 0:
            upper, f_upper = lower, f_lower
        else:
            f_upper /= 2.0
        lower, f_lower = middle, f_middle
    raise ArithmeticError(f"the volatility did not converge (φ {phi}, σ {sigma}, Δ {delta})")


def rate(
    player: Rating, games: Sequence[Outcome], *, tau: float = TAU, limits: bool = True
) -> Rating:
    """The player's rating after one rating period of ``games`` (steps 2 to 8 of the paper);
    with no games, only the deviation grows (one period). With ``limits`` (the default), the
    result is held within lichess's bounds: rating at least 400, deviation 45 to 500,
    volatility at most 0.1.

    >>> after = rate(Rating(), [Outcome(Rating(), 1.0)])
    >>> round(after.rating), round(after.deviation)
    (1742, 397)
    """
    mu = (player.rating - CENTRE) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return _bounded(Rating(player.rating, phi_star * SCALE, sigma), limits)
    opponents = [
        ((g.opponent.rating - CENTRE) / SCALE, g.opponent.deviation / SCALE, g.score) for g in games
    ]
    v_inverse = 0.0
    improvement = 0.0
    for opponent_mu, opponent_phi, score in opponents:
        weight = _g(opponent_phi)
        expected = _expected(mu, opponent_mu, opponent_phi)
        v_inverse += weight * weight * expected * (1.0 - expected)
        improvement += weight * (score - expected)
    v = 1.0 / v_inverse
    new_sigma = _new_volatility(phi, sigma, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return _bounded(Rating(new_mu * SCALE + CENTRE, new_phi * SCALE, new_sigma), limits)


def _bounded(rating: Rating, limits: bool) -> Rating:
    if not limits:
        return rating
    return Rating(
        max(rating.rating, MIN_RATING),
        min(max(rating.deviation, MIN_DEVIATION), MAX_DEVIATION),
        min(rating.volatility, MAX_VOLATILITY),
    )


def rate_game(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one rated game between them (a period of its own for each,
    both rated from the ratings before the game).

    >>> a, b = rate_game(Rating(), Rating(), 1.0)
    >>> round(a.rating), round(b.rating)
    (1742, 1258)
    """
    return (
        rate(first, [Outcome(second, first_score)]),
        rate(second, [Outcome(first, 1.0 - first_score)]),
    )
