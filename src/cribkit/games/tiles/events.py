"""Cribbage Tiles: the events of a game and its result, said the way players say them.

>>> e = TilesEvent("bonus", seat=1, points=10, kind="five_tiles", scores=(12, 40))
>>> e.text(), e.to_dict()["kind"]
('seat 1: ten for playing all five tiles (ten points)', 'five_tiles')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cribkit.core.cards import Rank
from cribkit.core.scoring import Score, score_tile_line
from cribkit.core.words import number_word
from cribkit.games.protocol import Event, Result
from cribkit.games.tiles.board import Bonus
from cribkit.games.tiles.rules import STALL_ROUNDS, piece_text, piece_value

__all__ = ["TilesEvent", "TilesResult", "count_text", "scores_text"]


def _points_text(points: int) -> str:
    word = number_word(abs(points)) if abs(points) < 1000 else str(abs(points))
    return f"{'minus ' if points < 0 else ''}{word} point{'s' if abs(points) != 1 else ''}"


def scores_text(scores: Sequence[int]) -> str:
    """Scores in seat order, ``12, -3`` (scores may fall below 0 at the end)."""
    return ", ".join(str(s) for s in scores)


def count_text(count: int, what: str = "tile") -> str:
    return f"{number_word(count) if count < 1000 else count} {what}{'s' if count != 1 else ''}"


@dataclass(frozen=True, slots=True)
class TilesEvent(Event):
    """An event of a Cribbage Tiles game: the base :class:`Event` with the tiles.

    ``tiles`` holds pieces (a tile placed as a value; text ``5d`` or ``9=6d``), ``line`` names a
    crib hand (``G7-K7``), ``move`` is a play in the notation. The types:
    ``draw_first`` (a round of the draw for the first player: ``seats``, ``tiles``, ``other``
    the first player on the deciding round), ``start`` (``seat`` plays first), ``draw``
    (``seat`` draws ``tiles``: private), ``play`` (``seat`` places ``tiles``: ``move``,
    ``count`` the play's points unless the points are declared), ``hand`` (a crib hand the play
    formed or extended: ``line``, ``tiles`` in order, ``points``, ``words``), ``bonus`` (10:
    ``kind`` ``first``, ``five_tiles`` or ``colour`` with its ``line``), ``exchange`` (``seat``
    puts ``tiles`` back: which is private, how many is not), ``pass``, ``declare`` and
    ``joker`` (option ``joker``; ``other`` the declarer), ``end`` (``kind``: ``played_out``,
    ``passes`` or ``stalled``), ``deduct`` (``seat``'s ``tiles`` left, ``points`` below 0) and
    ``win`` (``seats``: every seat on the top score).

    >>> e = TilesEvent("hand", seat=0, points=5, tiles=(16, 22, 14), line="G7-I7")
    >>> e.text()
    'seat 0 scores G7-I7 5d 6l 4l: fifteen two, and a run of three is five (five points)'
    """

    tiles: tuple[int, ...] = ()
    line: str = ""
    move: str = ""

    @property
    def hand_breakdown(self) -> Score[Rank] | None:
        """A ``hand`` event's breakdown (:func:`~cribkit.core.scoring.score_tile_line`)."""
        if self.type == "hand" and self.tiles:
            return score_tile_line([piece_value(p) for p in self.tiles])
        return None

    def words(self) -> str:
        """How the points are counted: a crib hand's count, a bonus, a deduction."""
        if self.type == "hand":
            breakdown = self.hand_breakdown
            return "" if breakdown is None else breakdown.words()
        if self.type == "bonus":
            return Bonus(self.kind, self.points, self.line, self._colour()).words()
        return ""

    def _colour(self) -> int | None:
        return (self.tiles[0] >> 1 & 1) if self.tiles else None

    def _tiles_text(self) -> str:
        return " ".join(piece_text(p) for p in self.tiles)

    def text(self, *, full: bool = True) -> str:
        """The event as a sentence for a log; ``full=False`` leaves out what a declaration
        missed. (For another seat's eyes, :meth:`to_dict` says how many tiles a private event
        has, not which.)"""
        who = f"seat {self.seat}"
        points = f" ({_points_text(self.points)})" if self.points else ""
        match self.type:
            case "draw_first":
                draws = ", ".join(
                    f"seat {s} draws {piece_text(t)}"
                    for s, t in zip(self.seats, self.tiles, strict=True)
                )
                return draws + (
                    f"; seat {self.other} plays first" if self.other is not None else ""
                )
            case "start":
                return f"{who} plays first"
            case "draw":
                return f"{who} draws {self._tiles_text()}"
            case "play":
                count = f" for {_points_text(self.count)}" if self.count is not None else ""
                return f"{who} plays {self.move}{count}"
            case "hand":
                return f"{who} scores {self.line} {self._tiles_text()}: {self.words()}{points}"
            case "bonus":
                return f"{who}: {self.words()}{points}"
            case "exchange":
                return f"{who} passes and exchanges {self._tiles_text()}"
            case "pass":
                return f"{who} passes"
            case "declare":
                missed = f", missing {_points_text(self.missed)}" if self.missed and full else ""
                return f"{who} declares {_points_text(self.points)} for {self.move}{missed}"
            case "joker":
                if self.points > 0:
                    return (
                        f"{who} calls Joker and takes the {_points_text(self.points)} seat "
                        f"{self.other} missed"
                    )
                return f"{who} calls Joker, but seat {self.other} missed nothing{points}"
            case "end":
                return "the game ends: " + _END_WORDS.get(self.kind, self.kind).format(who=who)
            case "deduct":
                return f"{who} has {self._tiles_text()} left{points}"
            case "win":
                scores = scores_text(self.scores)
                if len(self.seats) > 1:
                    return f"seats {' and '.join(map(str, self.seats))} share the win: {scores}"
                return f"{who} wins: {scores}"
            case _:
                return Event.text(self, full=full)

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        """The JSON form (see :meth:`Event.to_dict`): ``tiles`` as text, ``line`` and ``move``;
        a private event of another seat shows ``tile_count`` instead of its tiles."""
        out = Event.to_dict(self, viewer)
        hidden = self.private and viewer is not None and viewer != self.seat
        if hidden:
            out["tile_count"] = len(self.tiles)
            verb = "draws" if self.type == "draw" else "passes and exchanges"
            out["text"] = f"seat {self.seat} {verb} {count_text(len(self.tiles))}"
        elif self.tiles:
            out["tiles"] = [piece_text(p) for p in self.tiles]
        if self.line:
            out["line"] = self.line
        if self.move:
            out["move"] = self.move
        return out


_END_WORDS: Final = {
    "played_out": "{who} has played every tile",
    "passes": "every player in turn has passed with the bag empty",
    "stalled": f"{STALL_ROUNDS} rounds have gone by without a play",
}


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
