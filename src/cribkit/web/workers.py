"""What the computer's workers run: its moves (in a worker thread or process), their seeds, and
the worker processes' own upkeep."""

from __future__ import annotations

import os
import threading
import time

from cribkit.ai.players import choose_for_seat, make_player
from cribkit.games.chance import move_seed
from cribkit.games.protocol import Action, GameState, games

__all__ = ["choose_move", "move_seed", "warm_up", "watch_parent"]


def watch_parent(parent: int) -> None:
    """End this worker process when the server that started it is gone (even killed)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch the server", daemon=True).start()


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
