"""Running a club night from its stored games (:class:`~cribkit.events.store.EventGames`): the
standings so far, the games to start now (:func:`~cribkit.events.nights.pair_free` over the
players free), and whether the night is over. The server asks it whenever an event's game ends,
one server at a time (a lock in the cluster; the store refuses a player paired twice anyway).
"""

from __future__ import annotations

from collections.abc import Sequence

from cribkit.events.brackets import Bracket
from cribkit.events.nights import pair_free
from cribkit.events.scoring import Game, Standing, standings
from cribkit.events.store import Event, EventGame

#: A qualifier's playoff matches are stored in rounds from here (its night's rounds are below).
PLAYOFF_ROUNDS = 1000

__all__ = [
    "PLAYOFF_ROUNDS",
    "bracket_field",
    "bracket_of",
    "bracket_results",
    "event_over",
    "games_left",
    "next_bracket_games",
    "next_night_games",
    "night_over",
    "night_standings",
]


def _pair(form: object) -> tuple[int, int]:
    return (int(form[0]), int(form[1])) if isinstance(form, list) and len(form) == 2 else (0, 0)


def _played(games: Sequence[EventGame]) -> list[Game]:
    return [
        Game(g.first, g.second, _pair(g.result["scores"]), g.result.get("skunk"),
             _pair(g.result.get("hands_28")), _pair(g.result.get("hands_29")))
        for g in games
        if g.second is not None and g.result is not None
    ]  # fmt: skip


def night_standings(
    event: Event, players: Sequence[str], games: Sequence[EventGame]
) -> list[Standing]:
    """The standings of the night's games played so far (byes counted; a qualifier's before
    its playoff)."""
    games = [g for g in games if g.round < PLAYOFF_ROUNDS]
    byes = [g.first for g in games if g.second is None]
    return standings(players, _played(games), event.format.scoring, byes)


def games_left(event: Event, players: Sequence[str], games: Sequence[EventGame]) -> dict[str, int]:
    """Each player's night games still to be paired (a game being played, or a bye, is
    paired); none in an elimination (its games are the bracket's)."""
    left = dict.fromkeys(players, event.format.games)
    for game in games:
        if game.round >= PLAYOFF_ROUNDS:
            continue
        for player in (game.first, game.second):
            if player is not None:
                left[player] -= 1
    return {player: max(0, count) for player, count in left.items()}


def next_night_games(
    event: Event, players: Sequence[str], games: Sequence[EventGame]
) -> tuple[list[tuple[str, str]], list[str]]:
    """The games to start now and the byes to give (see :mod:`cribkit.events.nights`); of a
    qualifier's night, before its playoff. A night of duplicate deals is played in rounds: the
    next round is paired once every game of the last has ended, everyone with games left in it
    (a player left with nobody to meet in the round has a bye)."""
    games = [g for g in games if g.round < PLAYOFF_ROUNDS]
    if event.format.duplicate and any(g.open for g in games):
        return [], []
    order = [line.player for line in night_standings(event, players, games)]
    busy = {p for g in games if g.open for p in (g.first, g.second) if p is not None}
    met: dict[str, set[str]] = {p: set() for p in players}
    for game in games:
        if game.second is not None:
            met[game.first].add(game.second)
            met[game.second].add(game.first)
    free = [p for p in players if p not in busy]
    left = games_left(event, players, games)
    pairs, byes = pair_free(order, free=free, met=met, left=left)
    if event.format.duplicate:
        paired = {p for pair in pairs for p in pair}
        byes = [p for p in order if left[p] > 0 and p not in paired]
    return pairs, byes


def night_over(event: Event, players: Sequence[str], games: Sequence[EventGame]) -> bool:
    """Every night game paired and played."""
    games = [g for g in games if g.round < PLAYOFF_ROUNDS]
    return not any(g.open for g in games) and not any(games_left(event, players, games).values())


def event_over(event: Event, players: Sequence[str], games: Sequence[EventGame]) -> bool:
    """Every game the event's format asks for played: a night's, a bracket's to its champion
    (a qualifier's both)."""
    if event.format.name == "night":
        return night_over(event, players, games)
    seeds = bracket_field(event, players, games)
    if len(seeds) < 2:
        return False
    return bracket_of(event, seeds).champion(bracket_results(event, games)) is not None


def _needed(best_of: int) -> int:
    return best_of // 2 + 1


def bracket_field(event: Event, players: Sequence[str], games: Sequence[EventGame]) -> list[str]:
    """Who plays the bracket, best seed first: every player in registration order (single and
    double elimination), or the top of a qualifier's standings once its night is over (none
    before)."""
    if event.format.name != "qualifier":
        return list(players)
    night = [g for g in games if g.round < PLAYOFF_ROUNDS]
    if not night_over(event, players, night):
        return []
    table = night_standings(event, players, night)
    return [line.player for line in table[: event.format.playoff_size(len(players))]]


def bracket_of(event: Event, seeds: Sequence[str]) -> Bracket:
    return Bracket(seeds, double=event.format.name == "double")


def bracket_results(event: Event, games: Sequence[EventGame]) -> dict[int, str]:
    """The bracket's decided matches: the player who won enough of the match's games."""
    offset = PLAYOFF_ROUNDS if event.format.name == "qualifier" else 0
    wins: dict[int, dict[str, int]] = {}
    for game in games:
        if game.round < offset or game.second is None or game.result is None:
            continue
        first, second = game.result["scores"]
        if first == second:
            continue  # (a tie decides nothing: the match goes on)
        winner = game.first if first > second else game.second
        tally = wins.setdefault(game.round - offset, {})
        tally[winner] = tally.get(winner, 0) + 1
    needed = _needed(event.format.best_of)
    return {
        match: player
        for match, tally in wins.items()
        for player, won in tally.items()
        if won >= needed
    }


def next_bracket_games(
    event: Event, players: Sequence[str], games: Sequence[EventGame]
) -> list[tuple[int, str, str]]:
    """The bracket's games to start now, each (its round: the match's number, offset in a
    qualifier; first; second): one for each match ready with no game being played."""
    seeds = bracket_field(event, players, games)
    if len(seeds) < 2:
        return []
    offset = PLAYOFF_ROUNDS if event.format.name == "qualifier" else 0
    bracket = bracket_of(event, seeds)
    results = bracket_results(event, games)
    playing = {g.round for g in games if g.open}
    return [
        (match.id + offset, first, second)
        for match, (first, second) in bracket.ready(results)
        if match.id + offset not in playing
    ]
