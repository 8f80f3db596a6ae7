"""The base of every game's view: what one seat may know, as a frozen record.

A state's :meth:`~cribkit.games.protocol.GameState.observation` builds the view of a seat
(OpenSpiel's observer): cards as :class:`~cribkit.core.cards.Card`, not text, so the computer
players read it directly; :meth:`GameView.to_json` is what a client is sent. A view holds
nothing its seat may not know: another seat's cards, the crib before its show, the deck, the
bag and the seed never appear in one. The view of a spectator
(:data:`~cribkit.games.protocol.SPECTATOR`, ``seat == -1``) holds only what every seat sees: its
seat-private fields (a hand, a rack, cards laid away) are empty.

>>> from dataclasses import dataclass
>>> from cribkit.core.cards import Card
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class PegView(GameView):
...     hand: tuple[Card, ...]
>>> PegView(game="peg", seat=0, phase="play", current_player=0, scores=(0, 0),
...         hand=(Card.parse("5h"),)).to_json()
{'game': 'peg', 'seat': 0, 'phase': 'play', 'current_player': 0, 'scores': [0, 0], 'hand': ['5h']}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypedDict

from cribkit.core.cards import Card
from cribkit.games.errors import RecordError
from cribkit.games.events import json_value

if TYPE_CHECKING:
    from cribkit.games.protocol import GameState

__all__ = ["GameView", "ViewFields", "read_card", "view_fields"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameView:
    """The fields every game's view has; each game's view adds its own."""

    game: str
    seat: int
    phase: str
    current_player: int | None
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form: every field in order, by :func:`~cribkit.games.events.json_value`."""
        return {f.name: json_value(getattr(self, f.name)) for f in fields(self)}


class ViewFields(TypedDict):
    """The fields every view has (:class:`GameView`'s), as a state gives them."""

    game: str
    seat: int
    phase: str
    current_player: int | None
    scores: tuple[int, ...]


def view_fields(state: GameState, seat: int) -> ViewFields:
    """The fields every view of ``state`` has, for ``seat``: a game's ``observation`` passes
    them on to its view (``TableTopView(**view_fields(self, seat), grid=...)``) with its own.
    ``seat`` may be :data:`~cribkit.games.protocol.SPECTATOR`: nothing here is per seat."""
    return ViewFields(
        game=state.rules.GAME,
        seat=seat,
        phase=state.phase,
        current_player=state.current_player,
        scores=state.scores,
    )


def read_card(text: str | None) -> Card | None:
    """A card of a view's JSON form, or None (an empty place: no starter yet, an empty cell)."""
    return None if text is None else Card.parse(text)


def read_cards(value: object) -> tuple[Card, ...]:
    """The cards of a JSON form: a list of cards as text."""
    if not isinstance(value, list):
        raise RecordError(f"cards are a list such as ['5h', 'Kd'], not {value!r}")
    return tuple(Card.parse(c) for c in value)
