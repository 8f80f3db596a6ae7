"""The ``cribkit`` command line (Typer)."""
