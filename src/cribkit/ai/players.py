"""The player interface that every interface and the simulator use, and the random player.

A player answers ``choose(observation, legal_actions)``: it sees only what its seat may know
(the game's observation for that seat) and the actions it may take, and returns one of them.

>>> from cribkit.games import start
>>> state = start("classic", seed=3).state
>>> player = make_player("classic", "random", seed=1)
>>> action = player.choose(state.observation(state.current_player), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from cribkit.games.protocol import Action
from cribkit.games.views import GameView

#: What a player sees: its seat's view.
Observation = GameView

#: The levels every game offers, weakest first.
LEVELS = ("random", "easy", "medium", "expert")


class Player(Protocol):
    """Anything that picks an action for a seat from what that seat can see."""

    name: str

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        return self.rng.choice(list(legal_actions))


PlayerFactory = Callable[[str, int | None], Player]
_FACTORIES: dict[str, PlayerFactory] = {}


V = TypeVar("V", bound=GameView)


def view_of(observation: Observation, view_type: type[V], game: str) -> V:
    """``observation`` as the view a ``game`` player reads; anything else (its JSON form, a
    dict) is a :class:`TypeError` that says so.

    >>> view_of({"hand": []}, GameView, "classic")
    Traceback (most recent call last):
    ...
    TypeError: a classic player reads the seat's view (state.observation(seat)), not dict
    """
    if not isinstance(observation, view_type):
        raise TypeError(
            f"a {game} player reads the seat's view (state.observation(seat)), "
            f"not {type(observation).__name__}"
        )
    return observation


def register_players(game: str, factory: PlayerFactory) -> None:
    """Make ``factory(level, seed)`` the maker of ``game``'s players."""
    _FACTORIES[game] = factory


def make_player(game: str, level: str, seed: int | None = None) -> Player:
    """A player of ``level`` (``random``, ``easy``, ``medium``, ``expert``) for ``game``."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: the levels are {', '.join(LEVELS)}")
    if level == "random":
        return RandomPlayer(seed)
    _load_game_players()
    factory = _FACTORIES.get(game)
    if factory is None:
        raise ValueError(f"no AI players for the game {game!r} yet")
    return factory(level, seed)


def _load_game_players() -> None:
    # Each game's players live in cribkit.ai.<game> and register themselves on import;
    # importing them on first use keeps start-up light.
    from cribkit.games import games

    for game in games():
        if game not in _FACTORIES:
            try:
                importlib.import_module(f"cribkit.ai.{game}")
            except ModuleNotFoundError as error:
                if error.name != f"cribkit.ai.{game}":
                    raise
