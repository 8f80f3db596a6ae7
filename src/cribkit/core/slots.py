"""Frozen records made fast, for the ones made by the thousand (breakdowns, the play's counts,
game states).

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``; setting the
slots through their own descriptors makes the same object in under half the time. The setters
cover every field of the class, or the caller is refused at import, so they cannot fall out of
step with the class.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pair:
...     left: int
...     right: int
>>> set_left, set_right = slot_setters(Pair)
>>> pair = object.__new__(Pair)
>>> set_left(pair, 1); set_right(pair, 2)
>>> pair == Pair(1, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

__all__ = ["slot_setters"]


def slot_setters(
    cls: type, names: Sequence[str] | None = None
) -> tuple[Callable[[Any, Any], None], ...]:
    """The setter of each field's slot of the frozen slots dataclass ``cls``: in field order, or
    in the order of ``names`` (which must name every field once)."""
    every = [f.name for f in fields(cls)]
    chosen = list(every if names is None else names)
    if sorted(chosen) != sorted(every):
        raise TypeError(f"{cls.__name__}'s setters need every field once: {every}, not {chosen}")
    return tuple(getattr(cls, name).__set__ for name in chosen)
