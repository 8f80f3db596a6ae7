"""What an analysis says: each decision of a seat with its choices and their values, what the
choice cost, and the game's totals. Frozen records, JSON out (``to_json``), no I/O.

A value is always the seat's expectation *with the seat's information* at the time (its view),
in the unit of its game: points for the seat (classic lay-away: hand + own crib - opponent's
crib, and the pegging term; classic play: the play's points for minus against), the line-score
margin in Table Top, points now plus the leave in Tiles, hand + crib in Solitaire; or the chance
of winning (``unit="win"``, from 0 to 1) where the analyser values the game's end. ``hindsight``
is the best choice with every card known, labelled as such and never mixed into ``cost``.

>>> chosen = Choice({"type": "discard", "cards": ["2D", "2S"]}, "lay away 2♦ 2♠", 4.10)
>>> best = Choice({"type": "discard", "cards": ["2D", "TH"]}, "lay away 2♦ 10♥", 5.27)
>>> verdict(best.value - chosen.value, "points")
'inaccuracy'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

#: What a decision's cost is called, from the least: (the least cost of the verdict, its name).
#: In points of expectation: an inaccuracy is about a fifteen's worth at half weight (0.5), a
#: mistake about a pair left on the table (1.5), a blunder a run or two fifteens (3). In win
#: chance: 3, 8 and 15 percentage points (docs/analysis.md says why).
VERDICTS: Final[Mapping[str, tuple[tuple[float, str], ...]]] = {
    "points": ((0.5, "inaccuracy"), (1.5, "mistake"), (3.0, "blunder")),
    "win": ((0.03, "inaccuracy"), (0.08, "mistake"), (0.15, "blunder")),
}

#: The verdicts that say a choice was wrong whatever the other seat held.
SEVERE: Final = frozenset({"mistake", "blunder"})


def _severity(name: str) -> int:
    return ["best", "good", "inaccuracy", "mistake", "blunder"].index(name)


#: Below this a choice is as good as the best (the values' own rounding and sampling error).
EQUAL: Final[Mapping[str, float]] = {"points": 0.005, "win": 0.002}


def verdict(cost: float, unit: str) -> str:
    """The name of a cost: "best", "good" (a little below the best), "inaccuracy", "mistake"
    or "blunder".

    >>> [verdict(c, "points") for c in (0, 0.2, 0.5, 1.6, 4)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if cost <= EQUAL[unit]:
        return "best"
    name = "good"
    for least, label in VERDICTS[unit]:
        if cost >= least:
            name = label
    return name


@dataclass(frozen=True, slots=True)
class Choice:
    """One alternative of a decision: the action (its dict form), its words, its value, and
    the standard error of the value when it is an estimate (sampled), else None."""

    action: Mapping[str, Any]
    words: str
    value: float
    error: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": dict(self.action), "words": self.words}
        out["value"] = round(self.value, 4)
        if self.error is not None:
            out["error"] = round(self.error, 4)
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the seat: at the record's action ``index`` (from 0), in ``phase``
    ("lay-away", "play", "place", "tiles", ...), the choice made and every alternative valued
    (``choices``, best first), its ``cost`` (best value - chosen value, never negative), the
    ``verdict`` of that cost, why in words, and the hindsight best when the analyser knows it.
    ``samples`` says how many deals an estimate averaged (0: the values are exact)."""

    index: int
    seat: int
    phase: str
    unit: str
    chosen: Choice
    choices: tuple[Choice, ...]
    words: str
    samples: int = 0
    hindsight: Choice | None = None
    #: The seat's and the others' scores before the decision (the position's context).
    scores: tuple[int, ...] = ()
    #: What the choice cost against any hand the other seat could hold (every hand of its
    #: unseen cards equally likely), where ``cost`` rests on a read of its likely cards (a
    #: classic play); None where no read was made.
    any_hand_cost: float | None = None

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def cost(self) -> float:
        return max(0.0, self.best.value - self.chosen.value)

    @property
    def verdict(self) -> str:
        """The verdict of the cost; a choice whose cost rests on a read of the other's cards is
        a mistake or a blunder only when it is one against any hand too (the lesser of the
        two), otherwise at most an inaccuracy."""
        name = verdict(self.cost, self.unit)
        if self.any_hand_cost is None or name not in SEVERE:
            return name
        other = verdict(self.any_hand_cost, self.unit)
        if other not in SEVERE:
            return "inaccuracy"
        return min(name, other, key=_severity)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "seat": self.seat,
            "phase": self.phase,
            "unit": self.unit,
            "chosen": self.chosen.to_json(),
            "best": self.best.to_json(),
            "cost": round(self.cost, 4),
            "verdict": self.verdict,
            "words": self.words,
            "choices": [choice.to_json() for choice in self.choices],
            "scores": list(self.scores),
        }
        if self.samples:
            out["samples"] = self.samples
        if self.hindsight is not None:
            out["hindsight"] = self.hindsight.to_json()
        if self.any_hand_cost is not None:
            out["any_hand_cost"] = round(self.any_hand_cost, 4)
        return out


@dataclass(frozen=True, slots=True)
class PhaseTotal:
    """A phase's decisions: how many, the cost summed (per unit), and how many of each verdict."""

    phase: str
    unit: str
    decisions: int
    cost: float
    verdicts: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "unit": self.unit,
            "decisions": self.decisions,
            "cost": round(self.cost, 4),
            "verdicts": dict(self.verdicts),
        }


def totals(decisions: Sequence[Decision]) -> tuple[PhaseTotal, ...]:
    """The totals per phase (and unit), in the order the phases first came."""
    keys: list[tuple[str, str]] = []
    for decision in decisions:
        if (decision.phase, decision.unit) not in keys:
            keys.append((decision.phase, decision.unit))
    out = []
    for phase, unit in keys:
        mine = [d for d in decisions if (d.phase, d.unit) == (phase, unit)]
        counts: dict[str, int] = {}
        for d in mine:
            counts[d.verdict] = counts.get(d.verdict, 0) + 1
        out.append(PhaseTotal(phase, unit, len(mine), sum(d.cost for d in mine), counts))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Luck:
    """How the seat's cards compare with the exact distributions: for each kind ("hand",
    "crib", "starter", ...), how many were dealt, their mean, the mean expected, and the
    percentile of their mean (0-100, 50 is average luck). ``seat``: whose cards (set by
    :func:`~cribkit.analysis.game.analyse`)."""

    kind: str
    count: int
    mean: float
    expected: float
    percentile: float
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **({} if self.seat is None else {"seat": self.seat}),
            "kind": self.kind,
            "count": self.count,
            "mean": round(self.mean, 4),
            "expected": round(self.expected, 4),
            "percentile": round(self.percentile, 1),
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """A game's analysis for one seat (``seat``), or for every seat when analysed so."""

    game: str
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    luck: tuple[Luck, ...] = ()
    #: Notes of what was not analysed and why (a decision with one legal choice is not one).
    notes: tuple[str, ...] = field(default=())

    def totals(self, seat: int | None = None) -> tuple[PhaseTotal, ...]:
        return totals([d for d in self.decisions if seat is None or d.seat == seat])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": list(self.seats),
            "decisions": [d.to_json() for d in self.decisions],
            "totals": {str(s): [t.to_json() for t in self.totals(s)] for s in self.seats},
            "luck": [item.to_json() for item in self.luck],
            "notes": list(self.notes),
        }
