"""Running a club night from its stored games (:class:`~cribkit.events.store.EventGames`): the
standings so far, the games to start now (:func:`~cribkit.events.nights.pair_free` over the
players free), and whether the night is over. The server asks it whenever an event's game ends,
one server at a time (a lock in the cluster; the store refuses a player paired twice anyway).
"""

from __future__ import annotations

from collections.abc import Sequence

from cribkit.events.nights import pair_free
from cribkit.events.scoring import Game, Standing, standings
from cribkit.events.store import Event, EventGame

__all__ = ["games_left", "next_night_games", "night_over", "night_standings"]


def _played(games: Sequence[EventGame]) -> list[Game]:
    return [
        Game(g.first, g.second, (int(g.result["scores"][0]), int(g.result["scores"][1])),
             g.result.get("skunk"))
        for g in games
        if g.second is not None and g.result is not None
    ]  # fmt: skip


def night_standings(
    event: Event, players: Sequence[str], games: Sequence[EventGame]
) -> list[Standing]:
    """The standings of the night's games played so far (byes counted)."""
    byes = [g.first for g in games if g.second is None]
    return standings(players, _played(games), event.format.scoring, byes)


def games_left(event: Event, players: Sequence[str], games: Sequence[EventGame]) -> dict[str, int]:
    """Each player's games still to be paired (a game being played, or a bye, is paired)."""
    left = dict.fromkeys(players, event.format.games)
    for game in games:
        for player in (game.first, game.second):
            if player is not None:
                left[player] -= 1
    return left


def next_night_games(
    event: Event, players: Sequence[str], games: Sequence[EventGame]
) -> tuple[list[tuple[str, str]], list[str]]:
    """The games to start now and the byes to give (see :mod:`cribkit.events.nights`)."""
    order = [line.player for line in night_standings(event, players, games)]
    busy = {p for g in games if g.open for p in (g.first, g.second) if p is not None}
    met: dict[str, set[str]] = {p: set() for p in players}
    for game in games:
        if game.second is not None:
            met[game.first].add(game.second)
            met[game.second].add(game.first)
    free = [p for p in players if p not in busy]
    return pair_free(order, free=free, met=met, left=games_left(event, players, games))


def night_over(event: Event, players: Sequence[str], games: Sequence[EventGame]) -> bool:
    """Every game paired and played."""
    return not any(g.open for g in games) and not any(games_left(event, players, games).values())
