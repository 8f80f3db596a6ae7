"""What the computer's workers run: its moves (in a worker thread or process), their seeds, and
the worker processes' own upkeep."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from cribkit.ai.players import choose_for_seat, make_player
from cribkit.games.chance import move_seed
from cribkit.games.protocol import Action, GameState, games

__all__ = ["choose_move", "move_seed", "sigint_ignored", "warm_up", "watch_parent"]


def watch_parent(parent: int) -> None:
    """End this worker process when the server that started it is gone (even killed).

    Ctrl+C in a terminal interrupts every process of the foreground group, the workers too:
    they ignore it, so that no traceback of theirs is printed, and end when the server shuts
    its pool down (or is gone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch the server", daemon=True).start()


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ctrl+C ignored in this process while worker processes start, so that they start with it
    ignored (an ignored signal stays ignored across exec, and Python then leaves it so): a
    worker interrupted while it imports would print a traceback. Only the main thread can set
    a signal's handler; elsewhere (a test's server in a thread) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


def warm_up() -> None:
    """Import what the computer players need (run once in each worker process)."""
    for game in games():
        make_player(game, "easy", seed=0)


def choose_move(game: str, level: str, seed: int, state: GameState, seat: int) -> Action:
    """The computer's move for ``seat``: what a ``level`` player seeded with ``seed`` chooses
    from the seat's view (run in a worker thread or process). The whole list of legal actions
    is built only for players that need it: a game's players that compose its moves from the
    view (Tiles' plays) are given the state's offered actions alone (``choose_for_seat``), which
    spares a Tiles move the listing of hundreds of plays."""
    return choose_for_seat(make_player(game, level, seed=seed), state, seat)
