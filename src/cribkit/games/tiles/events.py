"""Cribbage Tiles: the events of a game, one small record per kind, and the result.

Every kind has the shared fields of :class:`~cribkit.games.events.GameEvent` (``seat``,
``points`` for that seat, the running ``scores``) and only its own. Tiles on a rack are tiles
(ints 0-25), tiles on the board are pieces (ints 0-51, a 6 or 9 with the value it was placed
as; see :mod:`~cribkit.games.tiles.rules`); in JSON both are their text (``5d``, ``9=6d``).

>>> from cribkit.games.tiles.rules import parse_piece
>>> e = HandScored(seat=0, points=5, scores=(5, 0), line="G7-I7",
...                tiles=tuple(parse_piece(t) for t in ("5d", "6l", "4l")))
>>> e.text()
'seat 0 scores G7-I7 5d 6l 4l: fifteen two, and a run of three is five (five points)'
>>> HandScored.from_json(e.to_json()) == e
True

The tiles a seat draws or gives back are its own (except with ``solitaire``, where one
player holds both racks): another seat reads how many.

>>> from cribkit.games.tiles.rules import parse_tiles
>>> drawn = TilesDrawn(seat=0, scores=(0, 0), tiles=parse_tiles("5d Kl"))
>>> drawn.to_json(viewer=1)["text"], drawn.to_json(viewer=1)["tile_count"]
('seat 0 draws two tiles', 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final, Self

from cribkit.core.cards import Rank
from cribkit.core.scoring import Score, score_tile_line
from cribkit.core.words import number_word, points_text
from cribkit.games.errors import RecordError
from cribkit.games.events import GameEvent
from cribkit.games.kinds import Called, Counted, declaration_text, draw_text
from cribkit.games.protocol import Result
from cribkit.games.tiles.board import Bonus
from cribkit.games.tiles.rules import (
    STALL_ROUNDS,
    TileParseError,
    parse_piece,
    parse_tile,
    piece_colour,
    piece_text,
    piece_value,
    tile_text,
)

__all__ = [
    "EVENTS",
    "BonusScored",
    "Declared",
    "FirstDraw",
    "FirstPlayer",
    "GameEnded",
    "GameWon",
    "HandScored",
    "JokerCalled",
    "Passed",
    "RackDeducted",
    "TilesDrawn",
    "TilesEvent",
    "TilesExchanged",
    "TilesPlayed",
    "TilesResult",
    "count_text",
    "scores_text",
]


def scores_text(scores: Sequence[int]) -> str:
    """Scores in seat order, ``12, -3`` (scores may fall below 0 at the end)."""
    return ", ".join(str(s) for s in scores)


def count_text(count: int, what: str = "tile") -> str:
    """``two tiles``, ``one tile``: a count in words."""
    return f"{number_word(count) if count < 1000 else count} {what}{'s' if count != 1 else ''}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TilesEvent(GameEvent):
    """What every Cribbage Tiles event shares: its ``tiles`` are written as text, and a field
    left at its default (no tiles, no line, no move) is left out of the JSON.

    :attr:`pieces` says whether a kind's ``tiles`` are pieces (placed on the board) or tiles
    (on a rack).
    """

    #: Whether ``tiles`` holds pieces (0-51) rather than tiles (0-25).
    pieces: ClassVar[bool] = False

    def text_of(self, item: int) -> str:
        """One of the kind's ``tiles`` as text."""
        return piece_text(item) if self.pieces else tile_text(item)

    def texts_of(self, items: Sequence[int]) -> str:
        """The kind's ``tiles`` as text separated by spaces."""
        return " ".join(self.text_of(t) for t in items)

    def json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The kind's own fields: ``tiles`` as text; empty ones left out; the secret ones of a
        private event replaced by their count for another seat."""
        out = GameEvent.json_fields(self, viewer)
        for name, value in list(out.items()):
            if value in ((), [], ""):
                del out[name]
        tiles = getattr(self, "tiles", None)
        if "tiles" in out and tiles is not None:
            out["tiles"] = [self.text_of(t) for t in tiles]
        return out

    @classmethod
    def parse_field(cls, name: str, value: Any, hint: Any) -> Any:
        """``tiles`` from their text; every other field by its type."""
        if name != "tiles":
            return GameEvent.parse_field(name, value, hint)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise RecordError(f"a {cls.type} event lists its tiles as text, not {value!r}")
        try:
            return tuple(parse_piece(v) if cls.pieces else parse_tile(v) for v in value)
        except TileParseError as error:
            raise RecordError(f"a {cls.type} event: {error}") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class _RackTiles(TilesEvent):
    """Tiles that go onto or off a rack: only its seat sees which, unless ``public`` (with
    ``solitaire`` one player holds both racks)."""

    private: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("tiles",)
    count_key: ClassVar[str] = "tile_count"
    #: What the seat does with the tiles, said with them (or, hidden, their count).
    verb: ClassVar[str] = ""

    tiles: tuple[int, ...]
    public: bool = False

    def hidden_from(self, viewer: int | None) -> bool:
        """Whether ``viewer`` may not see the tiles: another seat, unless the event is public."""
        return not self.public and TilesEvent.hidden_from(self, viewer)

    def json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The tiles, or for another seat their ``tile_count`` (and the ``card_count`` of 0
        the JSON has always carried); ``public`` is said by leaving ``private`` out."""
        out = TilesEvent.json_fields(self, viewer)
        out.pop("public", None)
        if self.hidden_from(viewer):
            out = {"card_count": 0, **out}
        return out

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """As every event's, but a public event is not marked ``private``."""
        out = TilesEvent.to_json(self, viewer)
        if self.public:
            del out["private"]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The event of its record JSON: public when it is not marked ``private``."""
        event = super(_RackTiles, cls).from_json(data)
        return replace(event, public=not data.get("private", False))

    def text(self, *, full: bool = True) -> str:
        """``seat 0 draws 5d Tl``."""
        return f"seat {self.seat} {self.verb} {self.texts_of(self.tiles)}"

    def hidden_text(self) -> str:
        """``seat 0 draws five tiles``."""
        return f"seat {self.seat} {self.verb} {count_text(len(self.tiles))}"


# -- the start -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstDraw(TilesEvent):
    """A round of the draw for the first player: the ``seats`` still drawing and their
    ``tiles``, and ``other``, the first player, on the round that decides it."""

    type: ClassVar[str] = "draw_first"
    reveals: ClassVar[str] = "everyone"
    tiles: tuple[int, ...]
    seats: tuple[int, ...]
    other: int | None = None

    def text(self, *, full: bool = True) -> str:
        """``seat 0 draws 4l, seat 1 draws 3l; seat 1 plays first``."""
        return draw_text("draws", self.seats, map(tile_text, self.tiles), self.other, "plays first")


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstPlayer(TilesEvent):
    """``seat`` plays first."""

    type: ClassVar[str] = "start"

    def text(self, *, full: bool = True) -> str:
        """``seat 1 plays first``."""
        return f"seat {self.seat} plays first"


@dataclass(frozen=True, slots=True, kw_only=True)
class TilesDrawn(_RackTiles):
    """``seat`` draws ``tiles`` from its bag."""

    type: ClassVar[str] = "draw"
    reveals: ClassVar[str] = "everyone"
    verb: ClassVar[str] = "draws"


# -- a turn ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TilesPlayed(TilesEvent):
    """``seat`` places ``tiles`` (pieces, in cell order) written ``move`` in the notation;
    ``count`` is what the play scores (None with ``joker``: the player declares it)."""

    type: ClassVar[str] = "play"
    reveals: ClassVar[str] = "others"
    pieces: ClassVar[bool] = True
    tiles: tuple[int, ...]
    move: str
    count: int | None = None

    def text(self, *, full: bool = True) -> str:
        """``seat 0 plays G7 across 5d Tl for twelve points``."""
        count = f" for {points_text(self.count)}" if self.count is not None else ""
        return f"seat {self.seat} plays {self.move}{count}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScored(TilesEvent, Counted):
    """A crib hand the play formed or extended, named by its ``line`` (``G7-I7``), its
    ``tiles`` (pieces) in order, scored for ``seat``."""

    type: ClassVar[str] = "hand"
    reveals: ClassVar[str] = "nothing"
    phase: ClassVar[str | None] = "hands"
    pieces: ClassVar[bool] = True
    line: str
    tiles: tuple[int, ...]

    @property
    def breakdown(self) -> Score[Rank]:
        """The count of the crib hand (:func:`~cribkit.core.scoring.score_tile_line`)."""
        return score_tile_line([piece_value(p) for p in self.tiles])

    def text(self, *, full: bool = True) -> str:
        """``seat 0 scores G7-H7 5d Tl: fifteen two (two points)``."""
        return (
            f"seat {self.seat} scores {self.line} {self.texts_of(self.tiles)}: "
            f"{self.words()}{self.points_said()}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusScored(TilesEvent, Called):
    """A bonus of 10 for ``seat``: ``kind`` ``first`` (the first play), ``five_tiles`` (all
    five rack tiles) or ``colour`` (a crib hand of five tiles of one colour: its ``line`` and
    ``tiles``)."""

    type: ClassVar[str] = "bonus"
    reveals: ClassVar[str] = "nothing"
    phase: ClassVar[str | None] = "bonuses"
    pieces: ClassVar[bool] = True
    kind: str
    line: str = ""
    tiles: tuple[int, ...] = ()

    def words(self) -> str:
        """``ten for the first play`` and the like."""
        colour = piece_colour(self.tiles[0]) if self.tiles else None
        return Bonus(self.kind, self.points, self.line, colour).words()


@dataclass(frozen=True, slots=True, kw_only=True)
class TilesExchanged(_RackTiles):
    """``seat`` misses its turn and gives ``tiles`` back to the bag."""

    type: ClassVar[str] = "exchange"
    reveals: ClassVar[str] = "others"
    verb: ClassVar[str] = "passes and exchanges"


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(TilesEvent):
    """``seat`` misses its turn without exchanging."""

    type: ClassVar[str] = "pass"
    reveals: ClassVar[str] = "others"

    def text(self, *, full: bool = True) -> str:
        """``seat 1 passes``."""
        return f"seat {self.seat} passes"


# -- joker ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(TilesEvent):
    """With ``joker``: ``seat`` declares ``points`` for its ``move``; ``missed`` is what the
    declaration left out (in the record only: finding it is the opponents' game)."""

    type: ClassVar[str] = "declare"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "hands"
    record_only: ClassVar[tuple[str, ...]] = ("missed",)
    move: str
    missed: int = 0

    def text(self, *, full: bool = True) -> str:
        """``seat 0 declares seven points for G7 across 5d Tl, missing five points``."""
        return declaration_text(self.seat, self.points, self.move, self.missed if full else 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class JokerCalled(TilesEvent):
    """With ``joker``: ``seat`` calls Joker on ``other``'s declaration; ``points`` are the
    points it missed, taken, or -5 when it missed none."""

    type: ClassVar[str] = "joker"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "joker"
    other: int

    def text(self, *, full: bool = True) -> str:
        """``seat 1 calls Joker and takes the two points seat 0 missed``."""
        if self.points > 0:
            return (
                f"seat {self.seat} calls Joker and takes the {points_text(self.points)} seat "
                f"{self.other} missed"
            )
        return (
            f"seat {self.seat} calls Joker, but seat {self.other} missed nothing"
            f"{self.points_said()}"
        )


# -- the end -------------------------------------------------------------------------------------

_END_WORDS: Final = {
    "played_out": "{who} has played every tile",
    "passes": "every player in turn has passed with the bag empty",
    "stalled": f"{STALL_ROUNDS} rounds have gone by without a play",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(TilesEvent):
    """The game is over: ``kind`` ``played_out`` (``seat`` has played every tile),
    ``passes`` (every player in turn passed with the bag empty) or ``stalled`` (rounds went by
    without a play)."""

    type: ClassVar[str] = "end"
    kind: str

    def text(self, *, full: bool = True) -> str:
        """``the game ends: seat 0 has played every tile``."""
        words = _END_WORDS.get(self.kind, self.kind)
        return "the game ends: " + words.format(who=f"seat {self.seat}")


@dataclass(frozen=True, slots=True, kw_only=True)
class RackDeducted(TilesEvent):
    """``seat`` loses the face value of the ``tiles`` left on its rack (``points`` below 0)."""

    type: ClassVar[str] = "deduct"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "deductions"
    tiles: tuple[int, ...]

    def text(self, *, full: bool = True) -> str:
        """``seat 1 has Ad 6d left (minus seven points)``."""
        return f"seat {self.seat} has {self.texts_of(self.tiles)} left{self.points_said()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(TilesEvent):
    """The top score: ``seats`` are every seat on it (a tie shares the win), ``seat`` the
    first of them."""

    type: ClassVar[str] = "win"
    seats: tuple[int, ...]

    def text(self, *, full: bool = True) -> str:
        """``seat 0 wins: 20, 14`` or ``seats 0 and 1 share the win: 12, 12``."""
        scores = scores_text(self.scores)
        if len(self.seats) > 1:
            return f"seats {' and '.join(map(str, self.seats))} share the win: {scores}"
        return f"seat {self.seat} wins: {scores}"


#: Every kind of event a game of Cribbage Tiles makes.
EVENTS: Final[tuple[type[GameEvent], ...]] = (
    FirstDraw,
    FirstPlayer,
    TilesDrawn,
    TilesPlayed,
    HandScored,
    BonusScored,
    TilesExchanged,
    Passed,
    Declared,
    JokerCalled,
    GameEnded,
    RackDeducted,
    GameWon,
)


@dataclass(frozen=True, slots=True)
class TilesResult(Result):
    """How a game of Cribbage Tiles ended. ``winners`` lists every seat on the top score (a
    tie shares the win; ``winner`` is the first of them). :attr:`margin` is the winner's lead
    over the next best score (0 for a tie); with ``solitaire`` it is dark's score minus light's
    (the player's margin, to beat). :attr:`servant` is the lowest scorer (the sheet's Servant
    rule, a title only; None with ``solitaire``). ``next_dealer`` is the game's first player
    (each game draws again); ``game_points`` is 1.
    """

    solitaire: bool = False

    @property
    def tie(self) -> bool:
        """Whether several seats share the top score."""
        return len(self.winners) > 1

    @property
    def margin(self) -> int:
        """The winner's lead (0 for a tie); dark minus light with ``solitaire``."""
        if self.solitaire:
            return self.scores[0] - self.scores[1]
        top = self.scores[self.winner]
        return top - max(
            (s for i, s in enumerate(self.scores) if i not in self.winners), default=top
        )

    @property
    def servant(self) -> int | None:
        """The lowest-scoring seat (the first of them in seat order); None with ``solitaire``."""
        if self.solitaire:
            return None
        low = min(self.scores)
        return self.scores.index(low)

    def to_dict(self) -> dict[str, Any]:
        """The common result fields, then ``tie``, ``margin`` and ``servant``."""
        return {
            **Result.to_dict(self),
            "tie": self.tie,
            "margin": self.margin,
            "servant": self.servant,
        }
