"""Classic cribbage played in place, for simulations: no state is made for each action.

A :class:`Playout` is a game that a simulation plays to the end: it takes the same (legal)
actions as the states do and makes the same events and the same result, but changes one
:class:`~cribkit.games.classic.play.Run` in place rather than making a new immutable state and
its history for each action. A seat's view is made from the run itself
(:meth:`~Playout.observation`), and :meth:`~Playout.state` only when asked for.

>>> import random
>>> from tests.games.classic_reference.state import ClassicRules, start_game
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

from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import Action, PendingEvent, Result
from tests.games.classic_reference.play import OVER, Run
from tests.games.classic_reference.state import (
    ClassicState,
    _legal_actions,
    _state_of,
    _to_act,
    _view_of,
    carry_out,
)

__all__ = ["Playout"]


class Playout:
    """A classic game from ``state`` on, played in place (see the module)."""

    __slots__ = ("_actions", "_history", "_run", "_state")

    def __init__(self, state: ClassicState) -> None:
        self._run = Run(state)
        self._history = state.history
        #: The actions taken here, after the state's history.
        self._actions: list[Action] = []
        self._state: ClassicState | None = state

    @property
    def is_terminal(self) -> bool:
        return self._run.phase == OVER

    @property
    def current_player(self) -> int | None:
        return _to_act(self._run)

    @property
    def dealer(self) -> int:
        return self._run.dealer

    @property
    def result(self) -> Result | None:
        return self._run.result

    @property
    def scores(self) -> tuple[int, ...]:
        return self._run.scores

    def observation(self, seat: int) -> ClassicView:
        """:meth:`ClassicState.observation` of the game as it is now (no state made for it)."""
        return _view_of(self._run, seat)

    def legal_actions(self) -> list[Action]:
        """:meth:`ClassicState.legal_actions` of the game as it is now."""
        return _legal_actions(self._run)

    def apply(self, action: Action) -> list[PendingEvent]:
        """Take ``action`` (legal: it is not checked) and give its events, as pending records
        (:meth:`~cribkit.games.protocol.Transition.tallies` reads them without making them)."""
        run = self._run
        run.events = []
        carry_out(run, action)
        self._actions.append(action)
        self._state = None
        return run.events

    def state(self) -> ClassicState:
        """The game as an immutable state (made when first asked for after an action)."""
        state = self._state
        if state is None:
            run = self._run
            run.history = (*self._history, *self._actions)
            state = self._state = _state_of(run)
        return state
