"""What the computer's workers run: its moves (in a worker thread or process), their seeds, and
the worker processes' own upkeep."""

from __future__ import annotations

import hashlib
import hmac
import os
import threading
import time

from cribkit.ai.players import choose_for_seat, make_player
from cribkit.games.chance import seed_text
from cribkit.games.protocol import Action, GameState, games

__all__ = ["choose_move", "move_seed", "warm_up", "watch_parent"]


def move_seed(seed: int | str, *parts: object) -> int:
    """A seed for one move of the computer (or one hint), fixed by the game's seed and the
    ``parts`` (the seat, the move number): 32 bits of an HMAC-SHA256 keyed with the seed, so
    that the computer's choices tell nothing of the seed (and so of the cards to come)."""
    label = ":".join(map(str, ("move", *parts))).encode()
    digest = hmac.new(seed_text(seed).encode(), label, hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big")


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
