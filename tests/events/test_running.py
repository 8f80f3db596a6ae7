"""A club night of 10 accounts run from the store (issue 39), on SQLite and PostgreSQL: each
pairing asked as a game ends, results written as games end in a random order; the standings
then checked against a computation of their own from the stored games (game points, wins,
spread, skunks, byes), with no repeat opponent and every player's 9 games."""

from __future__ import annotations

import random

from cribkit.events.running import next_night_games, night_over, night_standings
from cribkit.events.store import EventGames, EventStore
from cribkit.store.base import Store

from .test_store import accounts


def test_a_night_of_ten_runs_to_its_end_and_its_standings_are_its_games(store: Store) -> None:
    rng = random.Random(10)
    director, *players = accounts(store, 11)
    events, games = EventStore(store), EventGames(store)
    night = events.create(director, "Club night", "classic", "night", {}, starts=0.0)
    code = events.open(night.id, director)
    for player in players:
        events.register(code, player)
    night = events.start(night.id, director)
    registered = events.players(night.id)
    round_ = 0
    while True:
        stored = games.of(night.id)
        if night_over(night, registered, stored):
            break
        pairs, byes = next_night_games(night, registered, stored)
        if pairs or byes:
            round_ += 1
            games.add(night.id, pairs, byes, round_)
        playing = [g for g in games.of(night.id) if g.open]
        assert playing, "nobody at a table and the night not over"
        ended = rng.choice(playing)
        loser = rng.choice([rng.randint(90, 120), rng.randint(60, 89), rng.randint(30, 59)])
        scores = [121, loser] if rng.random() < 0.5 else [loser, 121]
        assert games.record(night.id, ended.number, {"scores": scores})
        assert not games.record(night.id, ended.number, {"scores": scores[::-1]})  # (once)
    stored = games.of(night.id)
    expected: dict[str, list[int]] = {p: [0, 0, 0, 0, 0] for p in registered}  # gp, w, sp, sk, bye
    for game in stored:
        if game.second is None:
            expected[game.first][0] += 2
            expected[game.first][4] += 1
            continue
        assert game.result is not None
        first, second = game.result["scores"]
        for player, mine, theirs in ((game.first, first, second), (game.second, second, first)):
            counted = expected[player]
            counted[2] += mine - theirs
            if mine > theirs:
                counted[1] += 1
                counted[0] += 3 if mine - theirs >= 31 else 2
                counted[3] += mine - theirs >= 31
    table = night_standings(night, registered, stored)
    for line in table:
        assert [line.game_points, line.wins, line.spread, line.skunks, line.byes] == expected[
            line.player
        ]
        assert len(line.opponents) == len(set(line.opponents))  # no repeat
        assert len(line.opponents) + line.byes == 9
    keys = [(-line.game_points, -line.wins, -line.spread) for line in table]
    assert keys == sorted(keys)
