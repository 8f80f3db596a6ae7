"""The base of every game's events: one small frozen record per kind, with only its own fields.

Each game lists its kinds in its ``events`` module (``EVENTS``), and the registry
(:attr:`~cribkit.games.protocol.GameInfo.events`) finds a kind by its ``type``, so every event
type of every game is known to the code (``docs/records.md`` lists them from there).

Every event has the fields all kinds share: ``seat`` (who it is about, None for the table),
``points`` scored by that seat for its side, ``scores`` (the running totals of every side after
the event) and ``deal`` (the deal or round it happened in). A kind adds its own fields, says its
points in players' words (:meth:`GameEvent.words`) and the event as a sentence
(:meth:`GameEvent.text`), and has a JSON form (:meth:`GameEvent.to_json`) that
:meth:`GameEvent.from_json` reads back:

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Knock(GameEvent):
...     type: ClassVar[str] = "knock"
...     cards: tuple[Card, ...] = ()
...     def text(self, *, full: bool = True) -> str:
...         return f"seat {self.seat} knocks with {' '.join(map(str, self.cards))}"
>>> e = Knock(seat=1, points=2, scores=(0, 2), cards=(Card.parse("5h"),))
>>> e.to_json()
{'type': 'knock', 'seat': 1, 'points': 2, 'scores': [0, 2], 'deal': 0, 'cards': ['5h'], 'text': 'seat 1 knocks with 5h'}
>>> Knock.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from cribkit.core.cards import Card, CardError
from cribkit.core.words import points_text
from cribkit.games.errors import RecordError

__all__ = ["GameEvent", "event_from_json", "json_value"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEvent:
    """One thing that happened, in order. Subclasses set :attr:`type` and add their fields.

    ``private`` kinds are known only to ``seat``: for any other viewer, :meth:`to_json` leaves
    out the fields named in :attr:`secret` (saying how many cards or tiles they hold, under
    :attr:`count_key`) and the words; :meth:`hidden_text` is what such a viewer reads.
    """

    #: The ``type`` of the JSON form; unique within a game.
    type: ClassVar[str] = ""
    #: Whether only ``seat`` may see this kind's :attr:`secret` fields.
    private: ClassVar[bool] = False
    #: The fields another seat may not see in a private event.
    secret: ClassVar[tuple[str, ...]] = ()
    #: The key that tells another seat how many items the secret fields held.
    count_key: ClassVar[str] = "card_count"
    #: The part of the game this kind's points count for in statistics and simulations
    #: (``pegging``, ``hand``, ``crib``, ``lines``; Tiles: ``hands``, ``bonuses``...).
    phase: ClassVar[str | None] = None
    #: The fields only the record (viewer None) may see, such as what a declaration missed;
    #: ``"words"`` among them keeps the words to the record too.
    record_only: ClassVar[tuple[str, ...]] = ()
    #: What an event of this kind shows that was hidden (an undo never goes back past it):
    #: ``"everyone"``, something from the deck or bag, new to every seat that sees it (the
    #: starter, a deal, a card turned up, a drawn tile); ``"others"``, something of its seat's
    #: hidden hand or rack, or what it allows, new to every other seat (a card played, a hand
    #: shown, a go, a pass, an exchange even with its tiles hidden); ``"nothing"`` (a lay-away,
    #: a card placed that every seat has seen). See :meth:`reveals_to`.
    reveals: ClassVar[str] = "nothing"

    seat: int | None = None
    points: int = 0
    scores: tuple[int, ...] = ()
    deal: int = 0

    # -- words -----------------------------------------------------------------------------------

    def words(self) -> str:
        """How the points are counted, the way players say it (empty when nothing to say)."""
        return ""

    def text(self, *, full: bool = True) -> str:
        """The event as a sentence for a log; ``full=False`` leaves out what only the record
        may tell (what a declaration missed)."""
        return f"seat {self.seat} {self.type.replace('_', ' ')}"

    def words_said(self) -> str:
        """``: fifteen two`` after a sentence, the :meth:`words`; nothing when they are empty."""
        words = self.words()
        return f": {words}" if words else ""

    def points_said(self) -> str:
        """`` (seven points)`` after a sentence that scored; nothing after one that did not."""
        return f" ({points_text(self.points)})" if self.points else ""

    def points_phase(self) -> str | None:
        """The part of the game this event's points count for (see :attr:`phase`)."""
        return self.phase

    def hidden_text(self) -> str:
        """The sentence another seat reads for a private event."""
        return ""

    def reveals_to(self, viewer: int) -> bool:
        """Whether this event showed seat ``viewer`` something it did not know before: the
        kind :attr:`reveals` to ``"everyone"`` and the viewer sees the event's fields (a
        private event of another seat shows it a count only), or to ``"others"`` and the
        viewer is another seat.

        >>> from cribkit.games.kinds import StarterTurned
        >>> StarterTurned(seat=1, starter=Card.parse("Jd")).reveals_to(0)
        True
        """
        if self.reveals == "everyone":
            return not self.hidden_from(viewer)
        return self.reveals == "others" and viewer != self.seat

    # -- JSON ------------------------------------------------------------------------------------

    def hidden_from(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (None: the record, which sees everything) may not see the
        secret fields."""
        return self.private and viewer is not None and viewer != self.seat

    def json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The kind's own fields as JSON (the secret and record-only ones left out for
        ``viewer``); a kind that writes a field in its own way overrides this."""
        hidden = self.hidden_from(viewer)
        withheld = self.record_only if viewer is not None else ()
        out: dict[str, Any] = {}
        for name in _own_fields(type(self)):
            value = getattr(self, name)
            if value is None or name in withheld:
                continue
            if hidden and name in self.secret:
                if isinstance(value, Sequence):
                    out[self.count_key] = len(value)
                continue
            out[name] = json_value(value)
        return out

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The JSON form for ``viewer`` (a seat; None for the record): ``type``, the shared
        fields, the kind's own, ``private`` for a private kind, then ``words`` and ``text``."""
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        out["points"] = self.points
        if self.scores:
            out["scores"] = list(self.scores)
        out["deal"] = self.deal
        out.update(self.json_fields(viewer))
        if self.private:
            out["private"] = True
        if self.hidden_from(viewer):
            hidden = self.hidden_text()
            if hidden:
                out["text"] = hidden
            return out
        words = self.words()
        if words and not (viewer is not None and "words" in self.record_only):
            out["words"] = words
        out["text"] = self.text(full=viewer is None)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The event of a JSON form written by :meth:`to_json` for the record (viewer None).

        A kind whose fields are not plain ints, text, cards or tuples of them overrides
        :meth:`parse_field`.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"an event is a JSON object, not {data!r}")
        if data.get("type") != cls.type:
            raise RecordError(f"a {cls.type} event has type {cls.type!r}, not {data.get('type')!r}")
        values: dict[str, Any] = {}
        hints = _hints(cls)
        for f in fields(cls):
            if f.name in data:
                values[f.name] = cls.parse_field(f.name, data[f.name], hints[f.name])
        try:
            return cls(**values)
        except (TypeError, ValueError) as error:
            raise RecordError(f"a {cls.type} event: {error}") from None

    @classmethod
    def parse_field(cls, name: str, value: Any, hint: Any) -> Any:
        """One field's value from its JSON form, by its type."""
        return _parse(name, value, hint)


def event_from_json(kinds: Sequence[type[GameEvent]], data: Mapping[str, Any]) -> GameEvent:
    """The event of a JSON form, its kind found by ``type`` among ``kinds``."""
    kind = data.get("type") if isinstance(data, Mapping) else None
    for cls in kinds:
        if cls.type == kind:
            return cls.from_json(data)
    raise RecordError(
        f"unknown event type {kind!r}: the types are {', '.join(sorted(k.type for k in kinds))}"
    )


def json_value(value: object) -> Any:
    """A field's JSON form: cards as text, tuples as lists, a record (a view, a result, a
    claim) by its ``to_json`` or ``to_dict``, rules by their ``options``.

    >>> json_value((Card.parse("5h"), None, 3))
    ['5h', None, 3]
    """
    if isinstance(value, Card):  # before int: a card is an int inside
        return str(value)
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, tuple | list):
        return [json_value(v) for v in value]
    if isinstance(value, dict):
        return {k: json_value(v) for k, v in value.items()}
    for method in ("to_json", "to_dict", "options"):
        form = getattr(value, method, None)
        if callable(form):
            return form()
    raise TypeError(f"no JSON form for {type(value).__name__}")


_OWN_FIELDS: dict[type[GameEvent], tuple[str, ...]] = {}
_HINTS: dict[type[GameEvent], dict[str, Any]] = {}


def _own_fields(cls: type[GameEvent]) -> tuple[str, ...]:
    names = _OWN_FIELDS.get(cls)
    if names is None:
        shared = {f.name for f in fields(GameEvent)}
        names = _OWN_FIELDS[cls] = tuple(f.name for f in fields(cls) if f.name not in shared)
    return names


def _hints(cls: type[GameEvent]) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _parse(name: str, value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        if value is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return _parse(name, value, inner[0])
    if origin is tuple:
        if not isinstance(value, list):
            raise RecordError(f"event field {name} is a list, not {value!r}")
        item = args[0] if args else Any
        return tuple(_parse(name, v, item) for v in value)
    if hint is Card:
        if not isinstance(value, str):
            raise RecordError(f"event field {name} is a card such as '5h', not {value!r}")
        try:
            return Card.parse(value)
        except CardError as error:
            raise RecordError(f"event field {name}: {error}") from None
    if hint is bool:
        if not isinstance(value, bool):
            raise RecordError(f"event field {name} is true or false, not {value!r}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"event field {name} is a whole number, not {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise RecordError(f"event field {name} is text, not {value!r}")
        return value
    return value
