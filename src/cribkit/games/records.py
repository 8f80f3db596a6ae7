"""JSON game records: what a game needs to be played again, identically.

A record names the game and its rules (as options), where the chance comes from (a ``seed``,
explicit ``decks`` of 52 cards as text, top card first, or both: decks first), optionally the
``first_dealer`` and ``start_scores``, and the players' ``actions`` in order. Every state can
give its record (``state.record()``), and :func:`replay` plays a record again, giving every
event and the result. The format is described, with a full example, in ``docs/records.md``.

>>> import random
>>> from cribkit.games import start
>>> state, rng = start("classic:target=61", seed=5).state, random.Random(5)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions())).state
>>> text = dumps(state.record())
>>> again = replay(loads(text))
>>> again.result == state.result, again.to_dict()["result"]["scores"] == list(state.scores)
(True, True)
>>> replay({"game": "classic", "seed": 1, "actions": [{"type": "play", "seat": 0, "card": "5h"}]})
Traceback (most recent call last):
...
cribkit.games.errors.RecordError: action 0 {"type": "play", "seat": 0, "card": "5h"}: seat 0 cannot play a card now: the players are laying away to the crib
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from cribkit.core.cards import CardError
from cribkit.games.events import GameEvent
from cribkit.games.protocol import (
    Action,
    GameError,
    GameState,
    RecordError,
    Result,
    Rules,
    game_info,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "Replay",
    "Step",
    "dumps",
    "jsonable",
    "loads",
    "record_of",
    "replay",
    "steps",
]

FORMAT: Final = "cribkit-record"
VERSION: Final = 1
#: ``commitment`` (the SHA-256 of the seed) is for ``cribkit verify``
#: (:mod:`cribkit.games.verification`); replay leaves it alone, like ``meta``.
_COMMON_KEYS: Final = (
    "format", "version", "game", "rules", "actions", "result", "meta", "commitment",
)  # fmt: skip


def record_of(rules: Rules, setup: Mapping[str, Any], history: Iterable[Action]) -> dict[str, Any]:
    """The JSON record of a game with ``rules``, where its chance comes from (``setup``, such as
    its ``seed``, in the game's order) and the ``history`` of its actions.

    >>> from cribkit.games.solitaire.rules import SolitaireRules
    >>> record_of(SolitaireRules(), {"seed": 3}, [])
    {'format': 'cribkit-record', 'version': 1, 'game': 'solitaire', 'rules': {}, 'seed': 3, 'actions': []}
    """
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": rules.GAME,
        "rules": rules.options(),
        **setup,
        "actions": [action.to_dict() for action in history],
    }


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the final state, every event in order and the result (None if the
    record ends before the game does)."""

    state: GameState
    events: tuple[GameEvent, ...]
    result: Result | None

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        """JSON-ready: ``events`` (see :meth:`~cribkit.games.events.GameEvent.to_json`) and ``result``."""
        return {
            "events": [event.to_json(viewer) for event in self.events],
            "result": None if self.result is None else self.result.to_dict(),
        }


def _setup(record: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    setup: dict[str, Any] = {}
    for key in keys:
        if key in record and record[key] is not None:
            setup[key] = record[key]
    seed = setup.get("seed")
    if "seed" in setup and (not isinstance(seed, int | str) or isinstance(seed, bool)):
        raise RecordError(f"the seed is a whole number or text, not {seed!r}")
    if "decks" in setup:
        decks = setup["decks"]
        if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
            raise RecordError("decks is a list of decks, each a list of 52 cards such as '5h'")
        for index, deck in enumerate(decks):
            bad = next((c for c in deck if not isinstance(c, str)), None)
            if bad is not None:
                raise RecordError(f"deck {index}: a card is text such as '5h', not {bad!r}")
    if "start_scores" in setup and not isinstance(setup["start_scores"], list):
        raise RecordError("start_scores is a list of scores, one per side")
    return setup


def start_from(record: Mapping[str, Any]) -> tuple[GameState, tuple[GameEvent, ...]]:
    """The opening state of a record and the events of the setup (cut, deal)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(f"this is not a {FORMAT} record: format is {record.get('format')!r}")
    if record.get("version", VERSION) != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not {VERSION}")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError(f"a record names its game, such as 'classic', not {name!r}")
    try:
        info = game_info(name)
        options = record.get("rules", {})
        if not isinstance(options, Mapping):
            raise RecordError(f"rules is an object of options, not {options!r}")
        rules = info.rules_type.from_options(options)
        unknown = sorted(set(record) - set(_COMMON_KEYS) - set(info.setup_keys))
        if unknown:
            raise RecordError(
                f"a {info.name} record has no field {', '.join(map(repr, unknown))}: "
                f"the fields are {', '.join((*_COMMON_KEYS, *info.setup_keys))}"
            )
        transition = info.start(rules, **_setup(record, info.setup_keys))
    except RecordError:
        raise
    except (GameError, CardError) as error:
        raise RecordError(str(error), cause=error) from None
    return transition.state, transition.events


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replayed record: the action (None for the opening), the events it made
    and the state after it."""

    action: Action | None
    events: tuple[GameEvent, ...]
    state: GameState


def steps(record: Mapping[str, Any] | str) -> Iterator[Step]:
    """Play a record again step by step: the opening (cut, deal), then one step per action.

    The record's ``result``, if it has one, is checked after the last step. A malformed record
    or an illegal action raises :class:`RecordError`, which names the first bad action by its
    index (from 0) and the rule it breaks; the steps before it have been given.

    >>> [len(step.events) > 0 for step in steps({"game": "solitaire", "seed": 1})]
    [True]
    """
    if isinstance(record, str):
        record = loads(record)
    state, opening = start_from(record)
    yield Step(None, opening, state)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"actions is a list of actions, not {type(actions).__name__}")
    for index, data in enumerate(actions):
        try:
            action = Action.from_dict(data)
            transition = state.apply(action)
        except (GameError, CardError) as error:
            shown = json.dumps(data) if jsonable(data) else repr(data)
            raise RecordError(
                f"action {index} {shown[:200]}: {error}", index=index, cause=error
            ) from None
        state = transition.state
        yield Step(action, transition.events, state)
    result = state.result
    expected = record.get("result")
    if expected is not None and (result is None or result.to_dict() != expected):
        raise RecordError(
            f"the record's result {json.dumps(expected)} is not what its actions give: "
            f"{json.dumps(None if result is None else result.to_dict())}"
        )


def replay(record: Mapping[str, Any] | str) -> Replay:
    """Play a record (a dict, or its JSON text) again: every event and the result.

    A malformed record or an illegal action raises :class:`RecordError` (see :func:`steps`).
    """
    events: list[GameEvent] = []
    state: GameState | None = None
    for step in steps(record):
        events.extend(step.events)
        state = step.state
    assert state is not None  # steps gives the opening at least
    return Replay(state, tuple(events), state.result)


def jsonable(data: object) -> bool:
    """Whether ``data`` can be written as JSON (for error messages that quote it)."""
    try:
        json.dumps(data)
    except (TypeError, ValueError):
        return False
    return True


def dumps(record: Mapping[str, Any]) -> str:
    """The record as JSON text, one deck and one action per line.

    >>> print(dumps({"game": "classic", "seed": 1, "actions": [{"type": "play", "seat": 0, "card": "5h"}]}))
    {
      "game": "classic",
      "seed": 1,
      "actions": [
        {"type": "play", "seat": 0, "card": "5h"}
      ]
    }
    """
    lines = []
    for key, value in record.items():
        if isinstance(value, list) and value and all(isinstance(v, list | dict) for v in value):
            items = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            text = f"[\n{items}\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}"


def loads(text: str) -> dict[str, Any]:
    """Parse the JSON text of a record; bad JSON raises :class:`RecordError` with its place."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"a record is JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    return data
