"""The player interface that every interface and the simulator use, and the random player.

A player answers ``choose(observation, legal_actions)``: it sees only what its seat may know
(the game's observation for that seat) and the actions it may take, and returns one of them.
A player of a game whose moves are composed (``GameInfo.composed_moves``: Tiles' plays) may
also answer ``choose_composed(observation, offered_actions)`` (:class:`ComposingPlayer`),
given only the actions the state offers as a list; :func:`choose_for_seat` asks it that way.

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
from typing import Protocol, TypeVar, cast, runtime_checkable

from cribkit.games.protocol import Action, ComposedMoves, GameState, game_info, legal_actions_for
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


@runtime_checkable
class ComposingPlayer(Protocol):
    """A player that can choose without the full list of legal actions, in a game whose
    moves are composed (``GameInfo.composed_moves``, :class:`~cribkit.games.ComposedMoves`),
    where that list is long and costly to build (every play of a Tiles rack: hundreds).

    ``choose_composed(observation, offered_actions)`` is given the seat's view and the
    state's ``offered_actions()`` (the legal actions but the composed moves) and composes the
    moves itself from the view, as a client does. It returns a legal action, and the same one
    ``choose(observation, legal_actions)`` returns (a player's choices replay from its seed
    whichever way it was asked). A game's players need not offer it: :func:`choose_for_seat`
    then builds the whole list.
    """

    def choose_composed(
        self, observation: Observation, offered_actions: Sequence[Action]
    ) -> Action:
        """A legal action: one of ``offered_actions`` or a move composed from the view."""
        ...


@runtime_checkable
class BlindPlayer(Protocol):
    """A player that chooses from the legal actions alone, reading no view (the random
    player): ``choose_legal(legal_actions)`` returns what ``choose(observation,
    legal_actions)`` would, so :func:`choose_for_seat` and the simulator skip building the
    seat's view for it."""

    def choose_legal(self, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, the one ``choose`` returns."""
        ...


def choose_for_seat(player: Player, state: GameState, seat: int) -> Action:
    """``player``'s choice for ``seat`` (the seat to act) in ``state``: from the seat's view and
    the state's offered actions when the game composes its moves and the player can choose so
    (:class:`ComposingPlayer`), else from its view and every legal action.

    >>> from cribkit.games import start
    >>> state = start("tiles", seed=3).state
    >>> seat = state.current_player
    >>> action = choose_for_seat(make_player("tiles", "easy", seed=1), state, seat)
    >>> action == make_player("tiles", "easy", seed=1).choose(
    ...     state.observation(seat), state.legal_actions())
    True
    """
    composed = game_info(state.rules.GAME).composed_moves and isinstance(player, ComposingPlayer)
    if not composed:
        blind = getattr(player, "choose_legal", None)
        if blind is not None:
            # It reads no view: none is built.
            return cast(BlindPlayer, player).choose_legal(legal_actions_for(state, seat))
    view = state.observation(seat)
    if composed:
        return cast(ComposingPlayer, player).choose_composed(
            view, cast(ComposedMoves, state).offered_actions()
        )
    return player.choose(view, legal_actions_for(state, seat))


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return self.choose_legal(legal_actions)

    def choose_legal(self, legal_actions: Sequence[Action]) -> Action:
        """The same choice as :meth:`choose`, with no view to read (:class:`BlindPlayer`)."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        # Any sequence: the same index as of its list.
        return self.rng.choice(legal_actions)


PlayerFactory = Callable[[str, int | None], Player]
_FACTORIES: dict[str, PlayerFactory] = {}
#: The games whose factory makes their random level too (else it is the shared RandomPlayer).
_OWN_RANDOM: set[str] = set()


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


def register_players(game: str, factory: PlayerFactory, *, own_random: bool = False) -> None:
    """Make ``factory(level, seed)`` the maker of ``game``'s players; of its random level too
    with ``random`` (a game whose legal list is costly to build draws its own random moves),
    else the random level is the shared :class:`RandomPlayer`."""
    _FACTORIES[game] = factory
    if own_random:
        _OWN_RANDOM.add(game)
    else:
        _OWN_RANDOM.discard(game)


def make_player(game: str, level: str, seed: int | None = None) -> Player:
    """A player of ``level`` (``random``, ``easy``, ``medium``, ``expert``) for ``game``."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: the levels are {', '.join(LEVELS)}")
    _load_players(game)
    factory = _FACTORIES.get(game)
    if level == "random" and (factory is None or game not in _OWN_RANDOM):
        return RandomPlayer(seed)
    if factory is None:
        raise ValueError(f"no AI players for the game {game!r} yet")
    return factory(level, seed)


def _load_players(game: str) -> None:
    # Each game's players live in cribkit.ai.<game> and register themselves on import;
    # importing them on first use keeps start-up light, and only the game asked for.
    from cribkit.games import games

    if game in _FACTORIES or game not in games():
        return
    try:
        importlib.import_module(f"cribkit.ai.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"cribkit.ai.{game}":
            raise
