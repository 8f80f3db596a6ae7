"""JSON game records: what a game needs to be played again, identically.

A record names the game and its rules (as options), where the chance comes from (a ``seed``,
explicit ``decks`` of 52 cards as text, top card first, or both: decks first), optionally the
``first_dealer`` and ``start_scores``, and the players' ``actions`` in order. Every state can
give its record (``state.record()``), and :func:`replay` plays a record again, giving every
event and the result. The format is described, with a full example, in ``docs/records.md``.

Records are written as version 2. A version-1 record (or one with no version) was written by
an engine that may have carried out a game otherwise than today's does under the same rules:
a game that changed so registers the conventions of its engines (:class:`Convention`,
:func:`register_conventions`), and :func:`steps` replays such a record by the most likely one,
then by the other if that fails; the replay says which in its ``note`` (Cribbage Tiles:
:mod:`cribkit.games.tiles.conventions`).

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
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
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
    "MOST_DEPTH",
    "VERSION",
    "VERSIONS",
    "Convention",
    "RecordError",
    "Replay",
    "Step",
    "dumps",
    "jsonable",
    "loads",
    "nested_deeper_than",
    "record_of",
    "register_conventions",
    "replay",
    "start_from",
    "steps",
]

FORMAT: Final = "cribkit-record"
#: The version of the records written today. Version 1 was written until 2026-12-06, by
#: engines that did not all carry out the same rules alike (see :class:`Convention`).
VERSION: Final = 2
#: The versions read; a record with no version is read as version 1.
VERSIONS: Final = (1, 2)
#: JSON nested deeper than this is no record (records are 4 deep: actions, an action, its
#: cards); :func:`loads` refuses it before parsing it.
MOST_DEPTH: Final = 64
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
    {'format': 'cribkit-record', 'version': 2, 'game': 'solitaire', 'rules': {}, 'seed': 3, 'actions': []}
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
class Convention:
    """A way some engine carried out a game, where engines that wrote records of the same
    version did not all do alike (Tiles' exchanges before 2026-12-01).

    ``name`` is a short word (``"reshuffle"``); ``note`` the plain sentence a replay by it
    says (``"a version-1 Tiles record: the bag was reshuffled after each exchange, as before
    2026-12-01"``; :func:`steps` adds why it was chosen); ``way`` how a replay by it is put
    when it is not chosen (``"with the bag reshuffled after each exchange, as before
    2026-12-01"``); ``start`` the keywords the game's start takes to play by it (an internal
    option of the engine, never a field of a record).
    """

    name: str
    note: str
    way: str
    start: Mapping[str, Any] = field(default_factory=dict)


#: Given a version-1 record of a game, the conventions it may have been written under, the
#: most likely first; none when every engine plays that record alike.
PastConventions = Callable[[Mapping[str, Any]], tuple[Convention, ...]]
_PAST: dict[str, PastConventions] = {}


def register_conventions(game: str, conventions: PastConventions) -> None:
    """Declare that version-1 records of ``game`` may have been written under other
    conventions than today's: ``conventions(record)`` names them (see :func:`steps`)."""
    _PAST[game] = conventions


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the final state, every event in order and the result (None if the
    record ends before the game does); ``convention``, for a version-1 record that engines
    played otherwise, the one it replayed by (None for the others)."""

    state: GameState
    events: tuple[GameEvent, ...]
    result: Result | None
    convention: Convention | None = None

    @property
    def note(self) -> str | None:
        """How the record was replayed, in a sentence, when its version leaves it open
        (``cribkit replay`` prints it); None for a record with one meaning."""
        return None if self.convention is None else self.convention.note

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        """JSON-ready: ``events`` (see :meth:`~cribkit.games.events.GameEvent.to_json`) and
        ``result``, and the ``note`` when there is one."""
        out: dict[str, Any] = {
            "events": [event.to_json(viewer) for event in self.events],
            "result": None if self.result is None else self.result.to_dict(),
        }
        if self.note is not None:
            out["note"] = self.note
        return out


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


def _header(record: object) -> tuple[str, int]:
    """The game and the version of a record, checked (with its format)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(f"this is not a {FORMAT} record: format is {record.get('format')!r}")
    version = record.get("version", 1)
    if type(version) is not int or version not in VERSIONS:
        raise RecordError(
            f"record version {version!r} is not one this engine reads: "
            f"{' or '.join(map(str, VERSIONS))}"
        )
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError(f"a record names its game, such as 'classic', not {name!r}")
    return name, version


def start_from(
    record: Mapping[str, Any], convention: Convention | None = None
) -> tuple[GameState, tuple[GameEvent, ...]]:
    """The opening state of a record and the events of the setup (cut, deal), started by
    ``convention`` (None: today's)."""
    name, _ = _header(record)
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
        setup = _setup(record, info.setup_keys)
        transition = info.start(rules, **setup, **({} if convention is None else convention.start))
    except RecordError:
        raise
    except (GameError, CardError) as error:
        raise RecordError(str(error), cause=error) from None
    return transition.state, transition.events


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replayed record: the action (None for the opening), the events it made
    and the state after it; ``convention`` as in :class:`Replay` (the same on every step)."""

    action: Action | None
    events: tuple[GameEvent, ...]
    state: GameState
    convention: Convention | None = None


def steps(record: Mapping[str, Any] | str) -> Iterator[Step]:
    """Play a record again step by step: the opening (cut, deal), then one step per action.

    The record's ``result``, if it has one, is checked after the last step. A malformed record
    or an illegal action raises :class:`RecordError`, which names the first bad action by its
    index (from 0) and the rule it breaks; the steps before it have been given.

    A version-1 record that engines played otherwise (see :class:`Convention`) is played out
    before its first step is given: by the most likely convention, and by the other if that
    fails (an illegal action, or another result than the record's). Without a result to check,
    the other is tried too, so that the note says whether the record would replay either way
    (then it is replayed by the most likely one). If both fail, the error is that of the one
    that got further (the record is most likely that one's, with a bad action), and says the
    other failed too.

    >>> [len(step.events) > 0 for step in steps({"game": "solitaire", "seed": 1})]
    [True]
    """
    if isinstance(record, str):
        record = loads(record)
    name, version = _header(record)
    past = _PAST.get(name)
    conventions = past(record) if past is not None and version == 1 else ()
    if not conventions:
        yield from _played(record, None)
        return
    likely, *others = conventions
    given, failure = _attempt(record, likely)
    if failure is None:
        if record.get("result") is not None:
            chosen = replace(likely, note=f"{likely.note}; its result matches")
        else:
            chosen = replace(likely, note=_other_ways(likely, record, others))
        yield from (replace(step, convention=chosen) for step in given)
        return
    attempts = [(likely, given, failure)]
    for other in others:
        replayed, other_failure = _attempt(record, other)
        if other_failure is None:
            note = f"{other.note}; replayed {likely.way}, it fails{_where(failure)}"
            yield from (replace(step, convention=replace(other, note=note)) for step in replayed)
            return
        attempts.append((other, replayed, other_failure))
    # Every convention fails: the record is most likely the one that got furthest (the first
    # tried on a tie), and its error names the place; the others are said to fail too.
    chosen, given, failure = max(attempts, key=lambda attempt: len(attempt[1]))
    yield from given
    if all(str(error) == str(failure) for _, _, error in attempts):
        raise failure  # a malformed record, whatever the convention
    also = "".join(
        f"; replayed {way.way}, it fails too{_where(error)}"
        for way, _, error in attempts
        if error is not failure
    )
    raise RecordError(
        f"{failure} (replayed {chosen.way}){also}", index=failure.index, cause=failure.cause
    )


def _other_ways(likely: Convention, record: Mapping[str, Any], others: list[Convention]) -> str:
    """The note of a record that replayed by its likely convention, with no result to check:
    how it fails by the others, or that it replays by them too (and the likely one is taken)."""
    also: list[Convention] = []
    failed: list[str] = []
    for other in others:
        failure = _attempt(record, other)[1]
        if failure is None:
            also.append(other)
        else:
            failed.append(f"; replayed {other.way}, it fails{_where(failure)}")
    if also:
        ways = " and ".join(other.way for other in also)
        return f"{likely.note}, the default: it replays {ways} too, and has no result to tell which"
    return likely.note + "".join(failed)


def _where(failure: RecordError) -> str:
    """Where a replay failed, in a few words."""
    if failure.index is not None:
        return f" at action {failure.index}"
    if isinstance(failure.cause, _OtherResultError):
        return ", with another result"
    return f": {failure}"


class _OtherResultError(GameError):
    """The result a record's actions give is not the record's own."""


def _attempt(
    record: Mapping[str, Any], convention: Convention
) -> tuple[list[Step], RecordError | None]:
    """Every step of the record played by ``convention`` and, if it failed, why."""
    given: list[Step] = []
    try:
        given.extend(_played(record, convention))
    except RecordError as error:
        return given, error
    return given, None


def _played(record: Mapping[str, Any], convention: Convention | None) -> Iterator[Step]:
    """The steps of the record played by ``convention`` (None: today's), its result checked."""
    state, opening = start_from(record, convention)
    yield Step(None, opening, state, convention)
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
        yield Step(action, transition.events, state, convention)
    _check_result(record.get("result"), state.result)


def _check_result(expected: object, result: Result | None) -> None:
    """The record's ``result`` against the one its actions give: every field the record's
    has must be the same (older engines' results may have fewer fields than today's)."""
    if expected is None:
        return
    if not isinstance(expected, Mapping):
        raise RecordError(
            f"a record's result is an object of the result's fields, not {expected!r}"
        )
    given = None if result is None else result.to_dict()
    if given is None or any(key not in given or given[key] != expected[key] for key in expected):
        shown = json.dumps(expected) if jsonable(expected) else repr(expected)
        raise RecordError(
            f"the record's result {shown[:300]} is not what its actions give: {json.dumps(given)}",
            cause=_OtherResultError("another result"),
        )


def replay(record: Mapping[str, Any] | str) -> Replay:
    """Play a record (a dict, or its JSON text) again: every event and the result.

    A malformed record or an illegal action raises :class:`RecordError` (see :func:`steps`).
    """
    events: list[GameEvent] = []
    last: Step | None = None
    for last in steps(record):
        events.extend(last.events)
    assert last is not None  # steps gives the opening at least
    return Replay(last.state, tuple(events), last.state.result, last.convention)


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
    """Parse the JSON text of a record; bad JSON raises :class:`RecordError` with its place.

    JSON nested deeper than :data:`MOST_DEPTH` is refused before it is parsed (the parser
    would recurse once a level):

    >>> loads("[" * 100_000)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.RecordError: a record is JSON nested at most 64 deep: this text is nested deeper
    """
    if nested_deeper_than(text, MOST_DEPTH):
        raise RecordError(
            f"a record is JSON nested at most {MOST_DEPTH} deep: this text is nested deeper"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"a record is JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    return data


#: An escape inside a JSON string (a backslash and the character it escapes), a string once
#: its escapes are gone, and anything but a bracket.
_ESCAPE: Final = re.compile(r"\\.", re.DOTALL)
_STRING: Final = re.compile(r'"[^"]*"')
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")


def nested_deeper_than(text: str, most: int) -> bool:
    """Whether the JSON ``text`` opens more than ``most`` brackets at once, outside strings
    (the records' check, and the web's for every JSON it is sent).

        The escapes go first (so an escaped quote ends no string), then the strings, then all but
        the brackets, each by a regular expression, which takes no longer than the text; the
        brackets left are counted until the depth passes ``most``. Text that is not JSON may be
        counted wrong, but only past the place where the parser stops for its error.

        >>> nested_deeper_than('[[[1]]]', 2), nested_deeper_than('["[[[", [1], "]]]"]', 2)
        (True, False)
    """
    if text.count("[") + text.count("{") <= most:
        return False  # the common case: a record has fewer brackets than that in all
    unescaped = _ESCAPE.sub("", text) if "\\" in text else text
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", unescaped))
    depth = 0
    for bracket in brackets:
        if bracket in "[{":
            depth += 1
            if depth > most:
                return True
        else:
            depth -= 1
    return False
