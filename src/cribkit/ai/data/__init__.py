"""Data shipped with :mod:`cribkit.ai` (the crib table) and the script that rebuilds it."""
