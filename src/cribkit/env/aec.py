"""The PettingZoo AEC environment of any cribkit game (``docs/env.md``): one class, given the
game's :class:`~cribkit.env.codec.Codec`; each game's module (``classic_v0``...) makes it.

The engine is the authority: a move is a number of the codec's, legal only where the action
mask says so; chance (the shuffles, the cuts) comes from the seed given to :meth:`reset`, so a
seeded episode replays exactly. Rewards are ``"game"`` (the default: at the end +1 to each
winning seat, the loss shared among the others so that they sum to 0) or ``"points"`` (after
every move, what it changed of each seat's side's score minus the mean of the other sides':
summed over a deal, its points margin).

``reset(seed, options={"setup": {...}})`` passes a game's setup to its start
(:func:`cribkit.games.start`): stacked ``decks`` and the ``first_dealer`` for worked examples
and tests (once the decks are used up, the episode's seed deals the rest).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any, Final, Protocol, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cribkit.env.codec import Codec, FloatArray, MaskArray, Position, mask_of
from cribkit.games.events import GameEvent
from cribkit.games.protocol import Action, GameState, PendingEvent, Rules, Transition, start


class InPlace(Position, Protocol):
    """A game played in place (classic's :class:`~cribkit.games.classic.playout.Playout`)."""

    def apply(self, action: Action) -> list[PendingEvent]: ...

    def state(self) -> GameState: ...


#: The reward schemes.
REWARDS: Final = ("game", "points")


class CribkitAEC(AECEnv):  # type: ignore[misc]  # (PettingZoo has no type information)
    """A cribkit game as a PettingZoo AEC environment; agents ``player_0``, ``player_1``..."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self, codec: Codec, rules: Rules, reward: str = "game", render_mode: str | None = None
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.metadata = {**type(self).metadata, "name": f"cribkit_{codec.game}_v0"}
        self.codec = codec
        #: The codec's array written straight from the position, if it has that way (classic).
        self._observe: Callable[[Position, int], FloatArray] | None = getattr(
            codec, "observe", None
        )
        self.rules = rules
        self.reward_scheme = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(rules.seats)]
        self.agents = list(self.possible_agents)
        shape = codec.shape(rules)
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(codec.actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(codec.actions) for a in self.possible_agents}
        self._seeds = random.Random(secrets.randbits(64))
        # The game as it is now: played in place where the game offers it (classic's
        # ``playout``: no state made for each move), else its immutable states.
        self._game: Position | None = None
        self._in_place: InPlace | None = None
        # The episode's steps, their events made only when read (an agent seldom reads them).
        self._steps: list[Transition[Any]] = []
        self._legal: dict[int, Action] = {}

    # -- the PettingZoo API ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.agents = list(self.possible_agents)
        setup = dict((options or {}).get("setup", {}))
        #: The seed the episode was dealt from (``start(rules, seed=game_seed)`` deals it again).
        self.game_seed = self._seeds.randrange(2**63)
        transition = start(self.rules, seed=self.game_seed, **setup)
        state = transition.state
        playout = getattr(state, "playout", None)
        self._in_place = None if playout is None else playout()
        self._game = state if self._in_place is None else self._in_place
        self._steps = [transition]
        self._sides = [
            int(getattr(state.observation(s), "side", s)) for s in range(len(self.agents))
        ]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        fast = self._observe
        position = self._now()
        observation: FloatArray = (
            fast(position, seat) if fast else self.codec.encode(position.observation(seat))
        )
        legal = self._legal if agent == self.agent_selection else {}
        mask: MaskArray = mask_of(legal, self.codec.actions)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal.get(-1 if action is None else int(action))
        if chosen is None:
            legal = sorted(self._legal)
            raise ValueError(f"move {action} is not legal for {agent} now: the legal are {legal}")
        game = self._now()
        before = game.scores
        if self._in_place is not None:
            self._steps.append(Transition(None, pending=self._in_place.apply(chosen)))
        else:
            transition = cast(GameState, game).apply(chosen)
            self._game = game = transition.state
            self._steps.append(transition)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self._rewards(before, game)
        if game.result is not None:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self._now()
        seat = game.current_player
        return str(game.observation(seat if seat is not None else 0).to_json())

    def close(self) -> None:
        pass

    # -- the rest ------------------------------------------------------------------------------

    @property
    def events(self) -> list[GameEvent]:
        """Every event of the episode so far, in order."""
        return [event for step in self._steps for event in step.events]

    @property
    def game_state(self) -> GameState:
        """The engine's state of the episode (every card: not for a player's eyes)."""
        if self._in_place is not None:
            return self._in_place.state()
        return cast(GameState, self._now())

    def legal_moves(self) -> dict[int, Action]:
        """The legal moves of the agent to move, by number."""
        return dict(self._legal)

    def _now(self) -> Position:
        if self._game is None:
            raise RuntimeError("reset() the environment before using it")
        return self._game

    def _select(self) -> None:
        game = self._now()
        seat = game.current_player
        if game.result is not None or seat is None:
            self._legal = {}
            if getattr(self, "agent_selection", None) is None:
                self.agent_selection: str = self.agents[0]
            return
        self.agent_selection = self.possible_agents[seat]
        self._legal = self.codec.legal(game, seat)

    def _rewards(self, before: tuple[int, ...], after: Position) -> dict[str, float]:
        rewards = dict.fromkeys(self.agents, 0.0)
        if self.reward_scheme == "points":
            gained = [now - then for now, then in zip(after.scores, before, strict=True)]
            for seat, agent in enumerate(self.agents):
                side = self._sides[seat]
                others = [g for index, g in enumerate(gained) if index != side]
                rewards[agent] = float(gained[side] - (sum(others) / len(others) if others else 0))
            return rewards
        result = after.result
        if result is None:
            return rewards
        winners = set(result.winners)
        losers = len(self.agents) - len(winners)
        for seat, agent in enumerate(self.agents):
            if not winners or not losers:
                continue  # a tie: nobody wins
            rewards[agent] = 1.0 if seat in winners else -len(winners) / losers
        return rewards
