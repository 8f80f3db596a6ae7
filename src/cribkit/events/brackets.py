"""Seeded elimination brackets: single, or double (a first loss drops a player into the losers'
bracket, a second ends their event; the two brackets' winners meet in a final, and if the
losers' bracket's winner wins it, one more deciding match is played).

A bracket is drawn for the power of two at or above the field, the top seeds given the byes
(seed 1 meets the lowest seed, as in every seeded draw: positions by :func:`seed_positions`).
Each match takes its two sides from a seed, or from the winner or the loser of an earlier match
(:class:`Source`); a side that is nobody (a bye) lets the other through at once. The results
are the winner of each match by its number; :meth:`Bracket.ready` lists the matches whose two
players are known and not yet played, :meth:`Bracket.champion` the event's winner once there is
one. A match is best of 1, 3 or 5 games: the bracket knows only who won it.

>>> bracket = Bracket(["ann", "bob", "cy"])
>>> [(m.id, sides) for m, sides in bracket.ready({})]  # (match 1: ann's bye)
[(2, ('bob', 'cy'))]
>>> bracket.ready({2: "cy"})[0][1], bracket.champion({2: "cy", 3: "ann"})
(('ann', 'cy'), 'ann')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cribkit.events import EventError

__all__ = ["PENDING", "Bracket", "BracketMatch", "Pending", "Source", "seed_positions"]

Kind = Literal["seed", "winner", "loser"]


class Pending:
    """A side or a match not decided yet (:data:`PENDING`)."""

    def __repr__(self) -> str:
        return "PENDING"


#: Not known yet: a side whose match is not played, a match not decided.
PENDING = Pending()


def seed_positions(size: int) -> list[int]:
    """The seeds (from 1) in bracket order for a draw of ``size`` (a power of two): each
    first-round match pairs seeds summing to ``size + 1``, and the top seeds meet last.

    >>> seed_positions(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    positions = [1]
    while len(positions) < size:
        total = 2 * len(positions) + 1
        positions = [seed for top in positions for seed in (top, total - top)]
    return positions


@dataclass(frozen=True, slots=True)
class Source:
    """Where a side of a match comes from: seed ``ref`` (from 1), or the winner or the loser of
    match ``ref``."""

    kind: Kind
    ref: int


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A match of the bracket: its number (from 1, in the order they can be played), which
    bracket (``winners``, ``losers``, ``final``, ``decider``) and round, and its two sides."""

    id: int
    bracket: str
    round: int
    first: Source
    second: Source


class Bracket:
    """The bracket of ``players`` (best seed first), single or ``double`` elimination."""

    def __init__(self, players: Sequence[str], *, double: bool = False) -> None:
        if len(players) < 2:
            raise EventError(f"a bracket needs two players at least, not {len(players)}")
        if len(set(players)) != len(players):
            raise EventError("a player is seeded once")
        self.players = tuple(players)
        self.double = double
        size = 1
        while size < len(players):
            size *= 2
        self.size = size
        self.matches: list[BracketMatch] = []
        self._draw()

    def _add(self, bracket: str, round_: int, first: Source, second: Source) -> Source:
        match = BracketMatch(len(self.matches) + 1, bracket, round_, first, second)
        self.matches.append(match)
        return Source("winner", match.id)

    def _draw(self) -> None:
        seeds = [Source("seed", seed) for seed in seed_positions(self.size)]
        rounds: list[list[int]] = []  # the winners' bracket's match numbers, by round
        sides = seeds
        round_ = 1
        while len(sides) > 1:
            winners = [
                self._add("winners", round_, sides[i], sides[i + 1])
                for i in range(0, len(sides), 2)
            ]
            rounds.append([w.ref for w in winners])
            sides, round_ = winners, round_ + 1
        if not self.double:
            return
        champion = sides[0]
        # The losers' bracket: the first round's losers meet; then each winners' round's losers
        # drop in against the survivors (in reverse order, so as not to meet again at once),
        # and the survivors meet among themselves before the next drop.
        losers = [Source("loser", ref) for ref in rounds[0]]
        if len(losers) == 1:
            survivors = losers
        else:
            survivors = [
                self._add("losers", 1, losers[i], losers[i + 1]) for i in range(0, len(losers), 2)
            ]
        stage = 2
        for number, refs in enumerate(rounds[1:], start=1):
            dropped = [Source("loser", ref) for ref in refs]
            if number % 2:
                dropped.reverse()
            survivors = [
                self._add("losers", stage, survivor, drop)
                for survivor, drop in zip(survivors, dropped, strict=True)
            ]
            stage += 1
            if len(survivors) > 1:
                survivors = [
                    self._add("losers", stage, survivors[i], survivors[i + 1])
                    for i in range(0, len(survivors), 2)
                ]
                stage += 1
        final = self._add("final", 1, champion, survivors[0])
        self._add("decider", 1, Source("winner", final.ref), Source("loser", final.ref))

    # -- playing it -------------------------------------------------------------------------

    def player(self, source: Source, results: Mapping[int, str]) -> str | Pending | None:
        """The player a side is: a name, None (nobody: a bye), or :data:`PENDING`."""
        if source.kind == "seed":
            return self.players[source.ref - 1] if source.ref <= len(self.players) else None
        outcome = self.outcome(self.matches[source.ref - 1], results)
        if isinstance(outcome, Pending):
            return PENDING
        winner, loser = outcome
        return winner if source.kind == "winner" else loser

    def outcome(
        self, match: BracketMatch, results: Mapping[int, str]
    ) -> tuple[str | None, str | None] | Pending:
        """A match's (winner, loser): :data:`PENDING` while it is not decided; a bye decides
        at once."""
        first = self.player(match.first, results)
        second = self.player(match.second, results)
        if isinstance(first, Pending) or isinstance(second, Pending):
            return PENDING
        if first is None or second is None:
            return (first or second or None, None)
        if match.bracket == "decider" and not self._decider_played(results):
            return (first, None)  # (the final's winner had not lost before: it is over)
        winner = results.get(match.id)
        if winner is None:
            return PENDING
        if winner not in (first, second):
            raise EventError(f"match {match.id} is between {first} and {second}, not {winner}")
        return (winner, second if winner == first else first)

    def ready(self, results: Mapping[int, str]) -> list[tuple[BracketMatch, tuple[str, str]]]:
        """The matches to play now: both players known, no result yet (in number order)."""
        found = []
        for match in self.matches:
            if match.id in results:
                continue
            first = self.player(match.first, results)
            second = self.player(match.second, results)
            if not isinstance(first, str) or not isinstance(second, str):
                continue
            if match.bracket == "decider" and not self._decider_played(results):
                continue
            found.append((match, (first, second)))
        return found

    def _decider_played(self, results: Mapping[int, str]) -> bool:
        """Whether the deciding match is played: the final was won by the losers' bracket's
        winner (the winners' bracket's had not lost before)."""
        final = self.matches[-2]
        return results.get(final.id) not in (None, self.player(final.first, results))

    def champion(self, results: Mapping[int, str]) -> str | None:
        """The event's winner, once decided."""
        last = self.matches[-1]
        outcome = self.outcome(last, results)
        return None if isinstance(outcome, Pending) else outcome[0]
