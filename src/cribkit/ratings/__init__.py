"""Ratings: Glicko-2 (:mod:`cribkit.ratings.glicko2`)."""
