"""What every live game of a process shares: the store, the limits, where the computer thinks,
and, in a cluster, the fan-out to the other processes and the workers' queue."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cribkit.store.base import Store
from cribkit.web.absence import ABSENCE_WINDOW
from cribkit.web.fanout import Alone, Fanout
from cribkit.web.jobs import Jobs
from cribkit.web.limits import Limits

__all__ = ["Services"]

T = TypeVar("T")


@dataclass(eq=False)
class Services:
    """The parts of a server process (or a worker) its games use."""

    store: Store
    limits: Limits = field(default_factory=Limits)
    #: Where the computer thinks: worker processes, or (None) threads of this process.
    executor: Executor | None = None
    #: The other processes of the cluster (nobody, alone).
    fanout: Fanout = field(default_factory=Alone)
    #: The workers' queue, in a cluster whose computer plays in ``cribkit worker`` processes.
    jobs: Jobs | None = None
    #: Whether this process runs the move clocks (a server does, a worker does not).
    timing: bool = True
    #: Seconds a person is away from a table before the others may claim the game or hand the
    #: seat to the computer (:mod:`cribkit.web.absence`; ``cribkit serve --absence-window``).
    absence_window: float = ABSENCE_WINDOW
    #: The games this process follows in a cluster (the manager's live games), by id.
    live: dict[str, Any] = field(default_factory=dict)
    #: Told the time of each action acknowledged, from its receipt (the metrics' histogram).
    acknowledged: Callable[[float], None] | None = None
    #: The workers' queues' depths, by queue, as last read (a cluster's).
    queue_depths: dict[str, int] = field(default_factory=dict)
    #: The hints asked of the workers and not answered yet, by ticket.
    replies: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)

    @property
    def clustered(self) -> bool:
        """Whether other processes may hold the same games (so that none is kept stale)."""
        return self.fanout.clustered

    async def stored(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A store call, in a thread: a slow commit holds up its own game, not every game."""
        return await asyncio.to_thread(functools.partial(function, *args, **kwargs))
