"""Benchmark: the coach's answer after a move (issue 16: under 300 ms at p95).

Run from the repository root (one process at a time on a shared machine)::

    .venv/bin/python bench/bench_coach.py                    # 3 games of each, and a live game
    .venv/bin/python bench/bench_coach.py --games 5 --json

Two parts:

1. **judge**: real games of each game, played first (not timed): the expert against medium
   (Solitaire: the expert alone), seeded ``--seed + i``, the expert in seat ``i % 2``; Table Top
   and classic to 121, Tiles on the 13x13 board. Then the record is replayed and
   :func:`cribkit.analysis.game.judge` (what the coach calls after each move) is timed on every
   action that is a real decision (it answers a Decision), p50/p95/max, per game and for
   classic per phase (lay-away, play).
2. **end to end**: ``cribkit serve`` on a temporary SQLite store, one classic game to 121
   against the server's medium computer over a real WebSocket with the coach on. The client lays
   away the worst of its 15 lay-aways (by the expert's crib table: the coach always speaks) and
   plays a random legal card; the time from sending the action to receiving the ``coach``
   message, and, for every move, to the answer of a ping sent right after it (the socket's next
   message is read once the coach has judged: the coach's whole work, spoken or not).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

import cribkit.ai.tabletop  # registers the Table Top players
import cribkit.ai.tiles  # noqa: F401 - registers the Tiles players
from cribkit.ai.crib_table import TableCribModel
from cribkit.ai.players import make_player
from cribkit.analysis.game import judge
from cribkit.core.analysis import analyse_discards
from cribkit.core.cards import Card
from cribkit.deploy.launch import ServerProcess
from cribkit.games import lookup, start
from cribkit.games.records import steps
from timing import summary

TARGET_P95_MS = 300.0
SPECS = ("classic", "tabletop", "tiles", "solitaire")


def play(spec: str, seed: int, expert_seat: int) -> dict[str, Any]:
    """A record of the expert against medium (the expert alone in Solitaire)."""
    rules = lookup(spec)
    players = [
        make_player(rules.GAME, "expert" if s == expert_seat % rules.seats else "medium",
                    seed=seed * 10 + s)
        for s in range(rules.seats)
    ]  # fmt: skip
    state = start(rules, seed=seed).state
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        choice = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(choice).state
    record: dict[str, Any] = state.record()
    return record


def figures(times: list[float]) -> dict[str, Any]:
    if not times:
        return {"n": 0}
    return {"n": len(times), **summary(times, "p50", "p95", "max", digits=1)}


def time_judge(spec: str, games: int, seed: int) -> dict[str, Any]:
    """judge's time on every decision of ``games`` real games, overall and by phase."""
    every: list[float] = []
    phases: dict[str, list[float]] = {}
    for i in range(games):
        played = list(steps(play(spec, seed + i, i % 2)))
        for index in range(len(played) - 1):
            action = played[index + 1].action
            assert action is not None
            started = time.perf_counter()
            decision = judge(played[index].state, action, index)
            took = time.perf_counter() - started
            if decision is not None:
                every.append(took)
                phases.setdefault(decision.phase, []).append(took)
    return {
        "spec": lookup(spec).spec(),
        "games": games,
        **figures(every),
        "phases": {phase: figures(times) for phase, times in sorted(phases.items())},
    }


def worst_lay_away(state: dict[str, Any]) -> list[str]:
    observation = state["observation"]
    hand = [Card.parse(card) for card in observation["hand"]]
    dealer = observation["dealer"] == state["seat"]
    ranked = analyse_discards(hand, dealer=dealer, crib_model=TableCribModel())
    return [str(card) for card in ranked[-1].discard]


async def live_game(address: str, seed: int) -> dict[str, Any]:
    """One classic game against the server's medium computer with the coach on."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(timeout=60) as http:
        answer = (
            await http.post(f"http://{address}/api/games", json={"game": "classic", "ai": "medium"})
        ).json()
        cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    url = f"ws://{address}/ws/{answer['id']}?seat=0&token={answer['tokens']['0']}"
    spoken: list[float] = []
    judged: list[float] = []
    said: dict[str, int] = {}
    async with connect(url, max_size=None, additional_headers={"Cookie": cookie}) as socket:
        await socket.send(json.dumps({"type": "coach", "on": True}))
        state: dict[str, Any] | None = None
        while state is None or state["result"] is None:
            if state is None or not state["legal"]:  # not this seat's turn: wait for it
                message = json.loads(await socket.recv())
                if message["type"] == "error":
                    raise RuntimeError(message)
                if message["type"] == "state":
                    state = message
                continue
            if state["observation"].get("phase") == "discard":
                action = {"type": "discard", "cards": worst_lay_away(state)}
            else:
                action = rng.choice(state["legal"])
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "action", "seq": state["seq"], "action": action}))
            await socket.send(json.dumps({"type": "ping"}))
            while True:
                reply = json.loads(await socket.recv())
                if reply["type"] == "state":
                    state = reply
                elif reply["type"] == "coach":
                    spoken.append(time.perf_counter() - sent)
                    said[reply["verdict"]] = said.get(reply["verdict"], 0) + 1
                elif reply["type"] == "pong":
                    judged.append(time.perf_counter() - sent)
                    break
                elif reply["type"] == "error":
                    raise RuntimeError(reply)
    return {"moves": len(judged), "spoken": said, "coach_message": figures(spoken),
            "coach_done": figures(judged)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games of each")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--spec", nargs="+", default=list(SPECS), help="games and options")
    parser.add_argument("--no-live", action="store_true", help="skip the live server's game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = [time_judge(spec, args.games, args.seed) for spec in args.spec]
    live = None
    if not args.no_live:
        with tempfile.TemporaryDirectory() as folder:
            server = ServerProcess(
                f"sqlite:///{folder}/bench.db", Path(folder) / "server.log", "--message-rate", "0"
            )  # (no burst limit: the bench pings after every move)
            server.start()
            try:
                live = asyncio.run(live_game(server.address, args.seed))
            finally:
                server.stop()
    load = Path("/proc/loadavg").read_text().split()[:3]
    if args.json:
        print(json.dumps({"seed": args.seed, "rows": rows, "live": live, "load": load}))
        return
    for row in rows:
        ok = "ok" if row.get("p95_ms", 0) < TARGET_P95_MS else "TOO SLOW"
        print(f"{row['spec']}: {row['games']} games, {row['n']} decisions: judge p50 "
              f"{row.get('p50_ms')} ms, p95 {row.get('p95_ms')} ms, max {row.get('max_ms')} ms  "
              f"{ok}")  # fmt: skip
        for phase, figure in row["phases"].items():
            print(f"    {phase}: {figure}")
    if live is not None:
        print(f"live classic game, {live['moves']} moves, spoken {live['spoken']}")
        print(f"    move -> coach message: {live['coach_message']}")
        print(f"    move -> coach done (ping answered): {live['coach_done']}")
    print(f"load average {' '.join(load)}", file=sys.stderr)


if __name__ == "__main__":
    main()
