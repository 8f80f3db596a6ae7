"""The shipped puzzles (``puzzles.json``) and the script that rebuilds them (``build_puzzles``)."""
