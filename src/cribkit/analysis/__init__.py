"""Analysis of a game from its record: every decision of a seat valued with what the seat
knew, what it cost, and the luck of its cards (docs/analysis.md). Above ``ai`` and ``games``;
the interfaces (``cribkit analyse``, the review page, the coach) call :func:`analyse`."""
