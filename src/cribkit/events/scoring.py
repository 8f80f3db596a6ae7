"""Game points, spread and standings, by the American Cribbage Congress's rules (options where
clubs differ).

A win is worth 2 game points, a skunk (the loser short of the skunk line: in a game to 121,
winning by 31 or more) 3, a double skunk 3 too (an option makes it 4), a loss 0; a bye 2 (an
option: 0), with no spread. Every game's **spread** (the margin, negative for its loser) is
kept. Standings: game points, then games won, then spread (an option puts skunks before spread).
A player with 12 or more game points on a night earns season points: the game points plus twice
those over 11 (the ACC internet programme's formula), or (an option) the game points alone.

>>> scoring = Scoring()
>>> night = [Game("ann", "bob", (121, 87)), Game("cy", "ann", (121, 58)), Game("bob", "cy", (121, 119))]
>>> [(s.player, s.game_points, s.wins, s.spread) for s in standings(["ann", "bob", "cy"], night, scoring)]
[('cy', 3, 1, 61), ('ann', 3, 1, -29), ('bob', 2, 1, -32)]
>>> season_points(14, scoring), season_points(11, scoring)
(20, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cribkit.events import EventError

__all__ = ["Game", "Scoring", "Standing", "game_points", "season_points", "standings"]

#: The skunk lines of a game to 121, as margins: the loser 30 or more points short of 91.
SKUNK_MARGIN = 31
DOUBLE_SKUNK_MARGIN = 61


@dataclass(frozen=True, slots=True)
class Scoring:
    """The options of an event's scoring (the ACC's by default)."""

    #: Game points of a double skunk: 3 (the ACC's), or 4.
    double_skunk_points: int = 3
    #: Game points of a bye: 2 (the ACC's), or 0.
    bye_points: int = 2
    #: Standings break ties by skunks before spread.
    skunks_before_spread: bool = False
    #: Season points: "acc" (game points + 2 x (game points - 11) from 12) or "game-points".
    season: str = "acc"

    def __post_init__(self) -> None:
        if self.double_skunk_points not in (3, 4):
            raise EventError(
                f"a double skunk is worth 3 or 4 game points, not {self.double_skunk_points}"
            )
        if self.bye_points not in (0, 2):
            raise EventError(f"a bye is worth 2 or 0 game points, not {self.bye_points}")
        if self.season not in ("acc", "game-points"):
            raise EventError(f"season points are 'acc' or 'game-points', not {self.season!r}")


@dataclass(frozen=True, slots=True)
class Game:
    """A finished game of an event between ``first`` and ``second`` (player ids): their final
    scores in that order; ``skunk`` the game's own word for its winner's margin ("", "skunk",
    "double skunk"; from the margin when None); the 28 and 29 hands each showed."""

    first: str
    second: str
    scores: tuple[int, int]
    skunk: str | None = None
    hands_28: tuple[int, int] = (0, 0)
    hands_29: tuple[int, int] = (0, 0)

    @property
    def winner(self) -> str | None:
        """The winner (None for a tie, which only Tiles can end in)."""
        if self.scores[0] == self.scores[1]:
            return None
        return self.first if self.scores[0] > self.scores[1] else self.second

    @property
    def margin(self) -> int:
        return abs(self.scores[0] - self.scores[1])

    @property
    def kind(self) -> str:
        """``""``, ``"skunk"`` or ``"double skunk"``: the game's own word, else by the margin."""
        if self.skunk is not None:
            return self.skunk
        if self.margin >= DOUBLE_SKUNK_MARGIN:
            return "double skunk"
        return "skunk" if self.margin >= SKUNK_MARGIN else ""


def game_points(game: Game, player: str, scoring: Scoring) -> int:
    """What ``game`` is worth to ``player``: 0 for a loss, 1 each for a tie, 2 for a win, 3 for
    a skunk, 3 or 4 for a double skunk.

    >>> game_points(Game("ann", "bob", (121, 60)), "ann", Scoring(double_skunk_points=4))
    4
    """
    winner = game.winner
    if winner is None:
        return 1
    if winner != player:
        return 0
    kind = game.kind
    if kind == "double skunk":
        return scoring.double_skunk_points
    return 3 if kind == "skunk" else 2


@dataclass
class Standing:
    """A player's line of the standings."""

    player: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    game_points: int = 0
    spread: int = 0
    skunks: int = 0
    double_skunks: int = 0
    byes: int = 0
    hands_28: int = 0
    hands_29: int = 0
    opponents: list[str] = field(default_factory=list)

    @property
    def perfect(self) -> bool:
        """Every game played won (a bye is no game), one at least."""
        return self.games > 0 and self.wins == self.games


def standings(
    players: Sequence[str],
    games: Iterable[Game],
    scoring: Scoring,
    byes: Iterable[str] = (),
) -> list[Standing]:
    """The standings of ``players`` after ``games`` and ``byes`` (a player once a bye), best
    first: game points, games won, then spread (or skunks, then spread); ties keep the order of
    ``players``."""
    lines = {player: Standing(player) for player in players}
    for game in games:
        for side, (player, other) in enumerate(
            ((game.first, game.second), (game.second, game.first))
        ):
            line = lines[player]
            points = game_points(game, player, scoring)
            won = game.winner == player
            line.games += 1
            line.wins += won
            line.losses += game.winner == other
            line.game_points += points
            line.spread += game.scores[side] - game.scores[1 - side]
            line.skunks += won and game.kind != ""
            line.double_skunks += won and game.kind == "double skunk"
            line.hands_28 += game.hands_28[side]
            line.hands_29 += game.hands_29[side]
            line.opponents.append(other)
    for player in byes:
        lines[player].byes += 1
        lines[player].game_points += scoring.bye_points
    order = {player: index for index, player in enumerate(players)}

    def key(line: Standing) -> tuple[int, ...]:
        skunks = (-line.skunks,) if scoring.skunks_before_spread else ()
        return (-line.game_points, -line.wins, *skunks, -line.spread, order[line.player])

    return sorted(lines.values(), key=key)


def season_points(night_game_points: int, scoring: Scoring) -> int:
    """The season points of a night's game points: none under 12; from 12, the game points plus
    twice those over 11 (or the game points alone)."""
    if night_game_points < 12:
        return 0
    if scoring.season == "game-points":
        return night_game_points
    return night_game_points + 2 * (night_game_points - 11)
