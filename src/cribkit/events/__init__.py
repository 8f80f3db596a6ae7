"""Club nights and tournaments the way cribbage players run them (issue 39): the American
Cribbage Congress's game points, spread and standings (:mod:`cribkit.events.scoring`), a club
night's pairing that leaves nobody idle (:mod:`cribkit.events.nights`), and seeded single- and
double-elimination brackets (:mod:`cribkit.events.brackets`). Pure: the store, the server and
the pages build on it."""

from __future__ import annotations


class EventError(ValueError):
    """An event's setting or step that cannot be: one line saying why."""


class NotDirectorError(EventError):
    """A director's step asked by somebody else."""
