"""Cribbage Solitaire: what a counted round scored, and how a game ended.

>>> result = SolitaireResult.of_total(100)
>>> result.total, result.rating, result.skunk, result.to_dict()["rating"]
(100, 'good', '', 'good')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from cribkit.core.cards import Card, CardError
from cribkit.games.errors import RecordError
from cribkit.games.protocol import Result
from cribkit.games.solitaire.rules import Rating, SolitaireRules, rating
from cribkit.games.views import read_cards

__all__ = ["RoundScore", "SolitaireResult", "read_count"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScore:
    """One counted round: the cards and the points.

    >>> done = RoundScore(round_no=0, dealt=(), laid=(), kept=(), crib=(),
    ...                   starter=Card.parse("Jh"), heels=2, hand_points=8, crib_points=4)
    >>> done.points, RoundScore.from_json(done.to_json()) == done
    (14, True)
    """

    round_no: int
    #: The 6 cards dealt to the hand, ascending.
    dealt: tuple[Card, ...]
    laid: tuple[Card, ...]
    kept: tuple[Card, ...]
    #: The 4 crib cards: the 2 dealt face down, then the 2 laid away.
    crib: tuple[Card, ...]
    starter: Card
    heels: int
    hand_points: int
    crib_points: int

    @property
    def points(self) -> int:
        """Heels, hand and crib."""
        return self.heels + self.hand_points + self.crib_points

    def to_json(self) -> dict[str, Any]:
        """JSON-ready, cards as text (``laid`` is written ``laid_away``)."""
        return {
            "round": self.round_no,
            "dealt": [str(c) for c in self.dealt],
            "laid_away": [str(c) for c in self.laid],
            "kept": [str(c) for c in self.kept],
            "crib": [str(c) for c in self.crib],
            "starter": str(self.starter),
            "heels": self.heels,
            "hand_points": self.hand_points,
            "crib_points": self.crib_points,
            "points": self.points,
        }

    #: The same as :meth:`to_json`, for the callers written before it.
    to_dict = to_json

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The round of a JSON form written by :meth:`to_json` (``points`` is worked out)."""
        try:
            return cls(
                round_no=read_count(data["round"]),
                dealt=read_cards(data["dealt"]),
                laid=read_cards(data["laid_away"]),
                kept=read_cards(data["kept"]),
                crib=read_cards(data["crib"]),
                starter=Card.parse(data["starter"]),
                heels=read_count(data["heels"]),
                hand_points=read_count(data["hand_points"]),
                crib_points=read_count(data["crib_points"]),
            )
        except (KeyError, TypeError, AttributeError, CardError) as error:
            raise RecordError(f"a counted round: {error!r} in {data!r}") from None


@dataclass(frozen=True, slots=True)
class SolitaireResult(Result):
    """How a Solitaire game ended: ``scores == (total,)``, the player (seat 0) is the
    ``winner``; ``skunk`` is ``"skunk"`` below the skunk line (91), else ``""``.

    :attr:`total` and :attr:`rating` (``great`` from 121, ``good`` from 91, ``skunked``) say it
    plainly; both are in the JSON form too.
    """

    @classmethod
    def of_total(cls, total: int) -> SolitaireResult:
        """The result of a game that ended with ``total``."""
        skunk = "skunk" if total < SolitaireRules.GOOD else ""
        return cls(
            winner=0, winners=(0,), scores=(total,), game_points=1, skunk=skunk, next_dealer=0
        )

    @property
    def total(self) -> int:
        """The game's total."""
        return self.scores[0]

    @property
    def rating(self) -> Rating:
        """``great`` (121 or more), ``good`` (91 or more) or ``skunked``."""
        return rating(self.total)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the common result fields, then ``total`` and ``rating``."""
        return {**Result.to_dict(self), "total": self.total, "rating": self.rating}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SolitaireResult:
        """The result of a JSON form written by :meth:`to_dict`: its total decides it.

        >>> SolitaireResult.from_json(SolitaireResult.of_total(88).to_dict()).skunk
        'skunk'
        """
        scores = data.get("scores") if isinstance(data, Mapping) else None
        if not isinstance(scores, list) or len(scores) != 1:
            raise RecordError(f"a Solitaire result has scores [total], not {data!r}")
        return cls.of_total(read_count(scores[0]))


def read_count(value: object) -> int:
    """A count of a JSON form: a whole number (not a boolean)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"a count is a whole number, not {value!r}")
    return value
