"""What the event routes answer (``docs/events.md``): an event as JSON (settings, players,
standings, games, its bracket drawn, its rounds' seeds once revealed), its standings as CSV, a
club's season table, the public events of the lobby. Accounts are named, never numbered."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from cribkit.accounts.store import AccountStore
from cribkit.events.brackets import Bracket, Pending
from cribkit.events.running import (
    PLAYOFF_ROUNDS,
    bracket_field,
    bracket_of,
    bracket_results,
    games_left,
    night_standings,
)
from cribkit.events.scoring import Standing
from cribkit.events.seasons import Night, season_table
from cribkit.events.store import Event, EventGame, EventGames, EventStore
from cribkit.store.base import Store
from cribkit.web.errors import ApiError

__all__ = ["event_form", "listed_form", "season_form", "standings_csv"]


class Names:
    """Accounts' names, each read once a request (the page asks every few seconds)."""

    def __init__(self, store: Store) -> None:
        self.accounts = AccountStore(store)
        self.known: dict[str, str | None] = {}

    def __call__(self, account_id: str | None) -> str | None:
        if account_id is None:
            return None
        if account_id not in self.known:
            account = self.accounts.by_id(account_id)
            self.known[account_id] = None if account is None else account.shown_name
        return self.known[account_id]


def _found(store: Store, event_id: str) -> Event:
    found = EventStore(store).event(event_id)
    if found is None:
        raise ApiError(404, "not_found", f"no event {event_id[:20]!r}")
    return found


def _summary(event: Event, name: Names) -> dict[str, Any]:
    return {
        "id": event.id,
        "name": event.name,
        "director": name(event.director_id),
        "game": event.spec,
        "format": event.format.name,
        "options": event.format.options(),
        "starts": event.starts,
        "clock": event.clock,
        "public": event.public,
        "season": event.season,
        "status": event.status,
    }


def _standing_form(line: Standing, name: Names, left: int, replaced: bool) -> dict[str, Any]:
    return {"name": name(line.player), "game_points": line.game_points, "games": line.games,
            "wins": line.wins, "spread": line.spread, "skunks": line.skunks, "byes": line.byes,
            "hands_28": line.hands_28, "hands_29": line.hands_29, "perfect": line.perfect,
            "left": left, "replaced": replaced}  # fmt: skip


def event_form(store: Store, event_id: str) -> dict[str, Any]:
    """``GET /api/events/ID``: the event with its players, standings, games, bracket (once
    drawn) and rounds (a night of duplicate deals: each round's seed once it is over)."""
    event = _found(store, event_id)
    name = Names(store)
    events = EventStore(store)
    players = events.players(event_id)
    replaced = events.replaced(event_id)
    games = EventGames(store).of(event_id)
    # (the games not played yet: those to be paired and the one being played)
    left = games_left(event, players, games)
    for game in games:
        if game.open:
            for player in (game.first, game.second):
                if player is not None:
                    left[player] += 1
    form = _summary(event, name)
    form["players"] = [name(p) for p in players]
    form["standings"] = [
        _standing_form(line, name, left.get(line.player, 0), line.player in replaced)
        for line in night_standings(event, players, games)
    ]
    form["games"] = [
        {"number": g.number, "round": g.round, "first": name(g.first), "second": name(g.second),
         "id": g.game_id, "result": g.result, "awarded": g.awarded}
        for g in games
    ]  # fmt: skip
    form["bracket"] = _bracket_form(event, players, games, name)
    if event.format.duplicate:
        form["rounds"] = _rounds_form(store, games)
    return form


def _bracket_form(
    event: Event, players: Sequence[str], games: Sequence[EventGame], name: Names
) -> dict[str, Any] | None:
    """The bracket as drawn: each match's bracket, round, sides (a name, ``None`` for a bye,
    ``"?"`` not known yet), winner and games; the champion once there is one. None before a
    bracket is drawn (a night, a qualifier's night)."""
    if event.format.name == "night":
        return None
    seeds = bracket_field(event, players, games)
    if len(seeds) < 2:
        return None
    bracket: Bracket = bracket_of(event, seeds)
    results = bracket_results(event, games)
    offset = PLAYOFF_ROUNDS if event.format.name == "qualifier" else 0

    def side(player: str | Pending | None) -> str | None:
        return "?" if isinstance(player, Pending) else name(player)

    matches = []
    for match in bracket.matches:
        outcome = bracket.outcome(match, results)
        first = bracket.player(match.first, results)
        second = bracket.player(match.second, results)
        played = [g.number for g in games if g.round == match.id + offset]
        decided = not isinstance(outcome, Pending)
        winner = None if isinstance(outcome, Pending) else outcome[0]
        # (a deciding match the final made needless is no match: it is drawn as not played)
        needless = match.bracket == "decider" and decided and not played and second is not None
        matches.append({
            "id": match.id, "bracket": match.bracket, "round": match.round,
            "first": side(first), "second": None if needless else side(second),
            "seeds": [match.first.ref if match.first.kind == "seed" else None,
                      match.second.ref if match.second.kind == "seed" else None],
            "winner": None if needless else name(winner),
            "games": played, "needless": needless,
        })  # fmt: skip
    return {
        "seeds": [name(p) for p in seeds],
        "best_of": event.format.best_of,
        "matches": matches,
        "champion": name(bracket.champion(results)),
    }


def _rounds_form(store: Store, games: Sequence[EventGame]) -> list[dict[str, Any]]:
    """A duplicate night's rounds: whether each is over, and then the seed its tables were all
    dealt from (hidden until then: its cards are still being played at the round's tables)."""
    rounds: dict[int, list[EventGame]] = {}
    for game in games:
        rounds.setdefault(game.round, []).append(game)
    forms = []
    for number, played in sorted(rounds.items()):
        over = not any(g.open for g in played)
        seed = None
        if over:
            table = next((g.game_id for g in played if g.game_id is not None), None)
            row = None if table is None else store.load_game(table)
            seed = None if row is None else row.seed
        forms.append({"round": number, "over": over, "seed": seed})
    return forms


STANDINGS_COLUMNS = ("place", "name", "game_points", "games", "wins", "spread", "skunks", "byes",
                     "hands_28", "hands_29", "perfect", "replaced")  # fmt: skip


def standings_csv(store: Store, event_id: str) -> str:
    """``GET /api/events/ID/standings.csv``: the standings, a line a player, best first."""
    form = event_form(store, event_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_COLUMNS)
    for place, line in enumerate(form["standings"], start=1):
        writer.writerow([place, *(_cell(line[key]) for key in STANDINGS_COLUMNS[1:])])
    return out.getvalue()


def _cell(value: Any) -> Any:
    """A cell: booleans as yes/no; a name never read as a spreadsheet's formula."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def season_form(store: Store, event_id: str) -> dict[str, Any]:
    """``GET /api/events/ID/season``: the season table of the event's club (its director's
    nights of the same season), with the nights counted."""
    event = _found(store, event_id)
    if event.season is None:
        raise ApiError(404, "no_season", f"{event.name} counts in no season")
    name = Names(store)
    events = EventStore(store)
    games = EventGames(store)
    nights = []
    counted = []
    for night in events.season(event.director_id, event.season):
        played = games.of(night.id)
        standings = night_standings(night, events.players(night.id), played)
        nights.append(Night(standings, night.format.scoring, frozenset(events.replaced(night.id))))
        counted.append({"id": night.id, "name": night.name, "starts": night.starts,
                        "status": night.status})  # fmt: skip
    return {
        "season": event.season,
        "director": name(event.director_id),
        "nights": counted,
        "table": [
            {"name": name(line.player), "season_points": line.season_points,
             "nights": line.nights, "scoring_nights": line.scoring_nights,
             "game_points": line.game_points, "wins": line.wins, "spread": line.spread}
            for line in season_table(nights)
        ],
    }  # fmt: skip


def listed_form(store: Store) -> list[dict[str, Any]]:
    """``GET /api/events``: the public events open or being played, soonest first (the
    lobby's list), each with its count of players."""
    name = Names(store)
    events = EventStore(store)
    return [
        {**_summary(event, name), "players": len(events.players(event.id))}
        for event in events.listed()
    ]
