"""Classic cribbage as an OpenSpiel game written in Python (``docs/env.md``, "OpenSpiel"),
registered as ``python_cribkit_classic`` when this module is imported:

>>> import pyspiel
>>> import cribkit.env.openspiel
>>> game = pyspiel.load_game("python_cribkit_classic")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # the cut for the first dealer
(True, 2)

Chance is explicit: the first dealer (a node of ``players`` outcomes), then each card of each
deal, dealt one by one from the cards not yet dealt (52 outcomes at most), then, once every
seat has laid away, the starter, cut from the cards left. The players' moves are numbered as
the PettingZoo environment's (:mod:`cribkit.env.classic_codec`: 99 moves), and the tensors of
observation and information state are its observation array (552 values). The information
state's string is perfect recall: every event the seat has seen, in order, a line each in the
words of the game's log (``You are dealt ...``, ``seat 1 plays 5h for 15: fifteen two``); the
observation's string is the seat's view as JSON; the public observation (no private
information) is a spectator's view, for every player alike. Utilities are +1 for each winning seat and
the loss shared among the others (zero-sum), at the end only.

The engine under it is cribkit's: each deal's deck is handed to it once its starter is cut, so
every count, go, flush (a four-card crib flush scores nothing) and the win at 121 in the middle
of the show are the engine's own. It needs the ``openspiel`` extra (from the checkout,
``pip install -e '.[openspiel]'``).
"""

from __future__ import annotations

import json
from typing import Any, Final

import numpy as np
import pyspiel

from cribkit.core.cards import DECK_SIZE, Card
from cribkit.env.classic_codec import ACTIONS, SIZE, ClassicCodec
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.events import GameEvent
from cribkit.games.protocol import SPECTATOR, Action, GameState, start

NAME: Final = "python_cribkit_classic"
#: The most moves and chance nodes a game is allowed (far beyond any game's: a deal scores).
MAX_GAME_LENGTH: Final = 20_000
_CODEC: Final = ClassicCodec()

_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="cribkit classic cribbage (Python)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "target": 121},
)


def _deal_size(players: int) -> int:
    """The cards dealt before the starter: the hands, and the crib's card with three players."""
    return {2: 12, 3: 16, 4: 20}[players]


class CribkitGame(pyspiel.Game):  # type: ignore[misc]
    """The game: parameters ``players`` (2, 3, 4) and ``target`` (121, 61)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = ClassicRules(
            players=int(params.get("players", 2)), target=int(params.get("target", 121))
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=DECK_SIZE,
            num_players=self.rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> CribkitState:
        return CribkitState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CribkitObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        # The public observation (no private information) is what a spectator sees.
        public = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        return CribkitObserver(perfect_recall=recall, public=public)


class CribkitState(pyspiel.State):  # type: ignore[misc]
    """A position: the chance so far, the engine's state once each deal's deck is complete."""

    def __init__(self, game: CribkitGame) -> None:
        super().__init__(game)
        self.rules: ClassicRules = game.rules
        self.first_dealer: int | None = None
        #: Each deal's whole deck, once its starter is cut.
        self.decks: list[tuple[int, ...]] = []
        #: The cards dealt so far in the deal being dealt or laid away.
        self.dealt: list[int] = []
        #: The deal's lay-aways made before its starter is cut.
        self.pending: list[Action] = []
        #: Every action the engine has applied.
        self.actions: list[Action] = []
        self.engine: GameState | None = None
        self.events: list[GameEvent] = []
        #: While the deal's seats lay away: the engine on a deck whose starter is not cut yet
        #: (never turned: the last lay-away waits for the cut).
        self.provisional: GameState | None = None
        self.provisional_events: list[GameEvent] = []

    # -- OpenSpiel's API ---------------------------------------------------------------------

    def current_player(self) -> int:
        engine = self.engine
        if engine is not None and engine.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.first_dealer is None or self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        if self.provisional is not None:
            if len(self.pending) == self.rules.players:
                return int(pyspiel.PlayerId.CHANCE)  # the cut for the starter
            seat = self.provisional.current_player
        else:
            assert engine is not None
            seat = engine.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._moves(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.first_dealer is None:
            seats = self.rules.players
            return [(seat, 1.0 / seats) for seat in range(seats)]
        left = sorted(set(range(DECK_SIZE)) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            if self.first_dealer is None:
                self.first_dealer = action
            elif self._dealing():
                self.dealt.append(action)
                if len(self.dealt) == _deal_size(self.rules.players):
                    self._lay_away_on(self._deck(None))
            else:
                self._cut(action)
            return
        chosen = self._moves(self.current_player())[action]
        if self.provisional is not None:
            self.pending.append(chosen)
            if len(self.pending) < self.rules.players:
                transition = self.provisional.apply(chosen)
                self.provisional = transition.state
                self.provisional_events.extend(transition.events)
            return
        assert self.engine is not None
        transition = self.engine.apply(chosen)
        self.engine = transition.state
        self.events.extend(transition.events)
        self.actions.append(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.first_dealer is None:
                return f"seat {action} deals first"
            verb = "deal" if self._dealing() else "cut the starter"
            return f"{verb} {Card(action)}"
        return str(self._moves(player)[action])

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.result is not None

    def returns(self) -> list[float]:
        players = self.rules.players
        if not self.is_terminal():
            return [0.0] * players
        assert self.engine is not None
        assert self.engine.result is not None
        winners = set(self.engine.result.winners)
        share = -len(winners) / (players - len(winners))
        return [1.0 if seat in winners else share for seat in range(players)]

    def __str__(self) -> str:
        engine = self.provisional or self.engine
        if engine is None:
            return f"dealing: {' '.join(str(Card(c)) for c in self.dealt)}"
        return json.dumps(engine.observation(-1).to_json())

    # -- the rest ------------------------------------------------------------------------------

    def view_of(self, player: int) -> Any:
        """The seat's view (the engine's, or the provisional one while it lays away); None
        before the first deal is dealt."""
        engine = self.provisional or self.engine
        return None if engine is None else engine.observation(player)

    def seen_events(self, player: int) -> list[str]:
        """Every event the seat has seen, in order, in the words of the log."""
        events = self.events + (self.provisional_events if self.provisional else [])
        seen = (event.to_json(viewer=player) for event in events)
        return [str(form.get("text") or form["type"]) for form in seen]

    def _dealing(self) -> bool:
        if self.first_dealer is None or self.provisional is not None:
            return False
        engine = self.engine
        awaiting = engine is None or engine.phase == "awaiting_deck"
        return awaiting and len(self.dealt) < _deal_size(self.rules.players)

    def _moves(self, player: int) -> dict[int, Action]:
        engine = self.provisional or self.engine
        if engine is None or player < 0:
            return {}
        return _CODEC.legal(engine, player)

    def _deck(self, starter: int | None) -> tuple[int, ...]:
        """The deal's deck: the cards dealt, the starter (or, before the cut, the lowest card
        left: never turned), then the rest ascending."""
        rest = sorted(set(range(DECK_SIZE)) - set(self.dealt) - {starter})
        top = [starter] if starter is not None else rest[:1]
        return tuple(self.dealt + top + [c for c in rest if c not in top])

    def _replayed(self, deck: tuple[int, ...]) -> tuple[GameState, list[GameEvent]]:
        """The engine on every deck so far and ``deck``, every action applied again."""
        transition = start(self.rules, decks=[*self.decks, deck], first_dealer=self.first_dealer)
        state, events = transition.state, list(transition.events)
        for action in self.actions:
            transition = state.apply(action)
            state = transition.state
            events.extend(transition.events)
        return state, events

    def _lay_away_on(self, deck: tuple[int, ...]) -> None:
        self.provisional, self.provisional_events = self._replayed(deck)
        self.pending = []

    def _cut(self, starter: int) -> None:
        deck = self._deck(starter)
        engine, events = self._replayed(deck)
        for action in self.pending:
            transition = engine.apply(action)
            engine = transition.state
            events.extend(transition.events)
        self.decks.append(deck)
        self.actions.extend(self.pending)
        self.engine, self.events = engine, events
        self.dealt, self.pending = [], []
        self.provisional, self.provisional_events = None, []


class CribkitObserver:
    """The observer (OpenSpiel's ``PyObserver``): the observation array as ``tensor`` (and
    ``dict["observation"]``); the strings as the module docstring says."""

    def __init__(self, *, perfect_recall: bool, public: bool = False) -> None:
        self.perfect_recall = perfect_recall
        #: Only what every seat sees: each player is observed as a spectator.
        self.public = public
        self.tensor = np.zeros(SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CribkitState, player: int) -> None:
        view = state.view_of(SPECTATOR if self.public else player)
        self.tensor[:] = 0.0 if view is None else _CODEC.encode(view)

    def string_from(self, state: CribkitState, player: int) -> str:
        if self.public:
            player = SPECTATOR
        if self.perfect_recall:
            lines = [f"seat {player}", f"first dealer {state.first_dealer}"]
            lines += state.seen_events(player)
            return "\n".join(lines)
        view = state.view_of(player)
        return "" if view is None else json.dumps(view.to_json())


pyspiel.register_game(_GAME_TYPE, CribkitGame)
