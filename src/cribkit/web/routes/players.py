"""Players' public profiles (``docs/web.md``, "Accounts"): ``GET /api/players/NAME``. A name
with no account (or a deleted one's) is a 404 like any unknown page: the profile is all a
route tells of whether a name is someone's."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from cribkit.accounts.rated import POOLS, leaderboard
from cribkit.accounts.store import AccountStore
from cribkit.ratings.glicko2 import Rating
from cribkit.store.base import Store
from cribkit.web.context import Storage
from cribkit.web.errors import ApiError
from cribkit.web.stats import statistics

router = APIRouter(tags=["players"])


def longest_streak(results: list[dict[str, Any]]) -> int:
    """The most games won in a row (``results`` in the order played).

    >>> longest_streak([{"won": True}, {"won": True}, {"won": False}, {"won": True}])
    2
    """
    best = run = 0
    for result in results:
        run = run + 1 if result["won"] else 0
        best = max(best, run)
    return best


def _rank(accounts: AccountStore, pool: str, name: str) -> int | None:
    """The player's place on the pool's leaderboard, or None if not on it."""
    return next((e["rank"] for e in leaderboard(accounts, pool) if e["name"] == name), None)


#: How many of a player's last rated games their profile lists.
RECENT_GAMES = 10


def recent_rated(store: Store, player: str) -> list[dict[str, Any]]:
    """The player's last finished rated games, newest first (public: anyone may replay them),
    each ``{"id", "pool", "opponent", "won", "scores", "finished"}``."""
    rows = [
        row
        for row in store.list_games()
        if row.table.rated is not None and row.status == "finished" and row.owned_by(player)
    ]
    rows.sort(key=lambda row: row.updated, reverse=True)
    recent = []
    for row in rows[:RECENT_GAMES]:
        [seat] = row.seats_of(player)[:1]
        others = [name for other, name in row.table.names.items() if other != seat]
        result = row.result or {}
        recent.append({
            "id": row.id,
            "pool": row.table.rated,
            "opponent": others[0] if others else None,
            "won": result.get("winner") == seat,
            "scores": list(row.scores),
            "finished": row.updated,
        })  # fmt: skip
    return recent


def profile(store: Store, name: str) -> dict[str, Any] | None:
    """The public profile of ``name``'s account, or None."""
    accounts = AccountStore(store)
    found = accounts.by_name(name) if len(name) <= 64 else None
    if found is None or found.name is None:
        return None
    stats = statistics(store, found.player)
    games: dict[str, dict[str, int]] = {}
    for row in stats["rows"]:
        kind = games.setdefault(row["game"], {"played": 0, "won": 0, "lost": 0})
        for key in kind:
            kind[key] += row[key]
    hands = stats["hand_scores"]["yours"]
    return {
        "name": found.name,
        "member_since": found.created,
        "games": games,
        "ratings": [
            {
                "pool": entry["pool"],
                "rating": round(entry["rating"]),
                "deviation": round(entry["deviation"]),
                "shown": Rating(entry["rating"], entry["deviation"], entry["volatility"]).display(),
                "games": entry["games"],
                "rank": _rank(accounts, entry["pool"], found.name),
            }
            for entry in accounts.ratings_of(found.id)
        ],
        "history": accounts.rating_history(found.id),
        "against": [entry for entry in stats["against"] if entry["kind"] == "person"],
        "recent": recent_rated(store, found.player),
        "milestones": {
            "hands_29": hands.get("29", 0),
            "hands_28": hands.get("28", 0),
            "skunks_won": sum(row["skunks_won"] for row in stats["rows"]),
            "double_skunks_won": sum(row["double_skunks_won"] for row in stats["rows"]),
            "longest_winning_streak": longest_streak(stats["results"]),
        },
    }


@router.get("/api/leaderboards/{pool}")
async def pool_leaderboard(pool: str, store: Storage) -> dict[str, Any]:
    """A pool's leaderboard (``classic``, ``classic-61``, ``tabletop``, ``tiles``): the top 50
    rated in it in the last 30 days whose rating is not provisional."""
    if pool not in POOLS.values():
        raise ApiError(
            404, "not_found", f"no pool {pool[:40]!r}: the pools are {', '.join(POOLS.values())}"
        )
    board = await asyncio.to_thread(leaderboard, AccountStore(store), pool)
    return {"pool": pool, "players": board}


@router.get("/api/players/{name}")
async def player_profile(name: str, store: Storage) -> dict[str, Any]:
    """A player's public profile: name, member since, games by kind, ratings by pool, results
    against the people played, the last rated games (anyone may replay them), milestones (29
    and 28 hands, skunks and double skunks, the longest winning streak)."""
    found = await asyncio.to_thread(profile, store, name)
    if found is None:
        raise ApiError(404, "not_found", f"no player named {name[:40]!r}")
    return found
