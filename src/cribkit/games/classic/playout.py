"""Classic cribbage played in place, for simulations: no state is made for each action.

A :class:`Playout` is a game that a simulation plays to the end: it takes the same (legal)
actions as the states do and makes the same events and the same result, but changes one
:mod:`~cribkit.games.classic.core` position in place rather than making a new state for each
action. A seat's view is made from the core itself (:meth:`~Playout.observation`), and
:meth:`~Playout.state` only when asked for.

>>> import random
>>> from cribkit.games.classic.state import ClassicRules, start_game
>>> state, rng = start_game(ClassicRules(), seed=4).state, random.Random(1)
>>> game = state.playout()
>>> while not game.is_terminal:
...     action = rng.choice(game.legal_actions())
...     _ = game.apply(action)
...     state = state.apply(action).state
>>> game.state() == state and game.result == state.result
True

The actions are not checked: take them from :meth:`~Playout.legal_actions` (a simulation's
players do), or check them on :meth:`~Playout.state` first.
"""

from __future__ import annotations

from cribkit.games.classic import core as lean
from cribkit.games.classic.core import DEALER, PHASE, RESULT, SCORES
from cribkit.games.classic.play import OVER
from cribkit.games.classic.state import ClassicState, made_whole, view_of
from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import Action, PendingEvent, Result

__all__ = ["Playout"]


class Playout:
    """A classic game from ``state`` on, played in place (see the module)."""

    __slots__ = ("_actions", "_core", "_game", "_history", "_state")

    def __init__(self, state: ClassicState) -> None:
        self._game = state._game
        self._core = state._core
        self._history = state.history
        #: The actions taken here, after the state's history.
        self._actions: list[Action] = []
        self._state: ClassicState | None = state

    @property
    def is_terminal(self) -> bool:
        return bool(self._core[PHASE] == OVER)

    @property
    def current_player(self) -> int | None:
        return lean.seat_to_act(self._game, self._core)

    @property
    def lean_core(self) -> tuple[lean.Game, lean.Core]:
        """:attr:`ClassicState.lean_core` of the game as it is now."""
        return self._game, self._core

    @property
    def dealer(self) -> int:
        dealer: int = self._core[DEALER]
        return dealer

    @property
    def result(self) -> Result | None:
        result: Result | None = self._core[RESULT]
        return result

    @property
    def scores(self) -> tuple[int, ...]:
        scores: tuple[int, ...] = self._core[SCORES]
        return scores

    def observation(self, seat: int) -> ClassicView:
        """:meth:`ClassicState.observation` of the game as it is now (no state made for it)."""
        return view_of(self._game, self._core, seat)

    def legal_actions(self) -> list[Action]:
        """:meth:`ClassicState.legal_actions` of the game as it is now."""
        return lean.legal_actions(self._game, self._core)

    def apply(self, action: Action) -> list[PendingEvent]:
        """Take ``action`` (legal: it is not checked) and give its events, as pending records
        (:meth:`~cribkit.games.protocol.Transition.tallies` reads them without making them)."""
        events: list[PendingEvent] = []
        self._core = lean.step(self._game, self._core, action, events)
        self._actions.append(action)
        self._state = None
        return events

    def state(self) -> ClassicState:
        """The game as an immutable state (made when first asked for after an action)."""
        state = self._state
        if state is None:
            history = (*self._history, *self._actions)
            state = self._state = made_whole(self._game, self._core, history)
        return state
