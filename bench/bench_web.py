"""Load test of the web server: many concurrent games of bots over WebSockets, one server.

Starts ``cribkit serve`` on loopback over a temporary store, then plays ``--games`` games at
once: the server's computer plays at the ``random`` level, and each client bot picks a random
legal action from its ``state`` (in Tiles the legal list holds exchanges and passes only: the
bots do not compose plays). For every action a bot sends, the time until its acknowledgement
(the ``state`` with the next ``seq``) is measured: the computer's thinking is not in it, as the
computer only moves after the acknowledgement. Memory per game is the growth of the server's
resident memory with every game live, divided by the number of games.

With ``--people`` each game is instead a table of two people, a host and a friend, each a
player of their own (a session cookie of their own, an HTTP client and a WebSocket of their
own): the host starts the game with ``seats: [me, friend]``, the friend takes the invitation
(``POST /api/invites/{code}/accept``) from an address of its own on loopback (127.0.x.y: the
server lets one address try only so many invitation codes a minute), and both bots pick a
random legal action after the same think time (classic, Table Top to 61 and 2-player Tiles in
turn: Solitaire is played alone). The figure is the time from a bot sending its action to the
*other* seat's socket receiving the ``state`` with the new ``seq``; the mover's own
acknowledgement is reported too. A game of people is always dealt from a fair seed, so no two
runs play the same deals.

    .venv/bin/python bench/bench_web.py --games 200
    .venv/bin/python bench/bench_web.py --games 200 --people
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import re
import tempfile
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from cribkit.deploy.launch import ServerProcess
from timing import summary

GAMES = ("classic", "tabletop", "solitaire", "tiles")
#: The games of two people (Solitaire is played alone).
PEOPLE_GAMES = ("classic", "tabletop", "tiles")
#: Seconds a bot waits for a message before it gives its game up (the think time is 0-2 s).
PATIENCE = 60.0


def _stat(pid: int) -> tuple[int, float] | None:
    """The parent and the CPU seconds (user and system, its own and its reaped children's) of
    process ``pid``, or None if it has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[1]), sum(int(value) for value in fields[11:15]) / ticks


def cpu_seconds(roots: dict[str, int]) -> dict[str, float]:
    """The CPU seconds spent so far by each part's process and every process below it (the
    part's name -> its root process): PostgreSQL's sessions are its postmaster's children."""
    stats = {pid: stat for pid in map(int, filter(str.isdigit, os.listdir("/proc")))
             if (stat := _stat(pid)) is not None}  # fmt: skip
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    spent = {}
    for name, root in roots.items():
        total, todo = 0.0, [root]
        while todo:
            pid = todo.pop()
            total += stats[pid][1] if pid in stats else 0.0
            todo.extend(children.get(pid, []))
        spent[name] = total
    return spent


def server_ack_quantiles(urls: list[str]) -> dict[str, float | None]:
    """The servers' own view of the time from an action's arrival to its acknowledgement
    (``cribkit_ack_seconds``, summed over ``urls``' ``/metrics``): each quantile as the upper
    bound of its histogram bucket, in ms. Set beside the bots' figure, it tells the servers'
    time from the time the action and the state spent on the way and in the bots' own queue."""
    counts: dict[float, float] = {}
    for url in urls:
        text = httpx.get(f"{url}/metrics", timeout=30).text
        for found in re.finditer(r'^cribkit_ack_seconds_bucket\{le="([^"]+)"\} (\S+)$', text, re.M):
            bound = float(found.group(1))
            counts[bound] = counts.get(bound, 0.0) + float(found.group(2))
    bounds = sorted(counts)
    total = counts[bounds[-1]] if bounds else 0.0
    quantiles: dict[str, float | None] = {}
    for name, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
        reached = next((b for b in bounds if total and counts[b] >= q * total), None)
        quantiles[name] = None if reached is None else round(reached * 1000, 1)
    return quantiles


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid``, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


async def watch_memory(
    tasks: list[asyncio.Task[None]], pid: int, errors: list[str]
) -> tuple[int, int]:
    """The server's resident memory with every game live, and its peak until the games end;
    each game's failure goes into ``errors``."""
    live = peak = rss_kib(pid)
    while not all(t.done() for t in tasks):
        await asyncio.sleep(0.2)
        peak = max(peak, rss_kib(pid))
    errors.extend(repr(t.exception()) for t in tasks if t.exception() is not None)
    return live, peak


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    actions: int = 0


async def bot(
    address: str,
    http: httpx.AsyncClient,
    game: str,
    seed: int,
    totals: Totals,
    ready: asyncio.Barrier,
    think: float,
) -> None:
    rng = random.Random(seed)
    options: dict[str, Any] = {"target": 61} if game in ("classic", "tabletop") else {}
    # Each bot is a player of its own (its own session): the burst limits are per player too.
    async with httpx.AsyncClient(timeout=60) as own:
        response = await own.post(
            f"http://{address}/api/games",
            json={"game": game, "ai": "random", "seed": seed, "options": options},
        )
        # The socket needs the session that created the game (its owner) with the seat's
        # token: the cookie this answer set.
        cookie = "; ".join(f"{name}={value}" for name, value in own.cookies.items())
    answer = response.json()
    url = f"ws://{address}/ws/{answer['id']}?seat=0&token={answer['tokens']['0']}"
    async with connect(
        url, max_size=None, compression="deflate", additional_headers={"Cookie": cookie}
    ) as socket:
        await ready.wait()
        state: dict[str, Any] | None = None
        while True:
            if state is not None and state["result"] is not None:
                totals.finished += 1
                return
            my_turn = (
                state is not None
                and state["observation"].get("current_player") == 0
                and bool(state["legal"])
            )
            if state is None or not my_turn:
                message = json.loads(await socket.recv())
                if message["type"] == "error":
                    totals.errors.append(f"{game} {answer['id']}: {message}")
                    return
                if message["type"] == "state":
                    state = message
                continue
            action = rng.choice(state["legal"])
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "action", "seq": state["seq"], "action": action}))
            while True:
                ack = json.loads(await socket.recv())
                if ack["type"] == "error":
                    totals.errors.append(f"{game} {answer['id']}: {ack}")
                    return
                if ack["type"] == "state" and ack["seq"] == state["seq"] + 1:
                    totals.latencies.append(time.perf_counter() - sent)
                    totals.actions += 1
                    state = ack
                    break


async def run(
    address: str, games: int, pid: int, mix: list[str], think: float = 0.0
) -> dict[str, Any]:
    totals = Totals()
    ready = asyncio.Barrier(games + 1)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        before = rss_kib(pid)
        started = time.perf_counter()
        tasks = [
            asyncio.create_task(
                bot(address, http, mix[i % len(mix)], 1000 + i, totals, ready, think)
            )
            for i in range(games)
        ]
        await ready.wait()  # every game created and connected
        live, peak = await watch_memory(tasks, pid, totals.errors)
        seconds = time.perf_counter() - started
    return {
        "games": games,
        "finished": totals.finished,
        "errors": len(totals.errors),
        "error_samples": totals.errors[:3],
        "acks": len(totals.latencies),
        "ack_ms": percentiles(totals.latencies),
        "seconds": round(seconds, 1),
        "rss_mib": {"before": before // 1024, "all_live": live // 1024, "peak": peak // 1024},
        "kib_per_game": round((live - before) / games, 1),
    }


def percentiles(seconds: list[float]) -> dict[str, float | None]:
    """p50, p95, p99, max and mean of latencies in seconds, in milliseconds (None if none)."""
    figures = ("p50", "p95", "p99", "max", "mean")
    if not seconds:
        return dict.fromkeys(figures)
    return {**summary(seconds, *figures, digits=2, suffix="")}


# -- tables of two people ---------------------------------------------------------------------


class BotError(Exception):
    """What made a bot give its game up: an error message, a refusal, a silence."""


#: How many tables sit down at once (make their game, take the invitation, open the sockets).
SITTING = 100


@dataclass
class PeopleTotals:
    others: list[float] = field(default_factory=list)  # action -> the other seat's state
    acks: list[float] = field(default_factory=list)  # action -> the mover's own state
    errors: list[str] = field(default_factory=list)
    finished: int = 0


@dataclass
class Table:
    """One game's actions in flight: the ``seq`` each will make, with its mover and when it was
    sent (every seat's socket looks its ``state`` messages up here)."""

    label: str
    sent: dict[int, tuple[int, float]] = field(default_factory=dict)


def cookie_of(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())


def answer_of(response: httpx.Response, what: str) -> dict[str, Any]:
    if response.status_code != 200:
        raise BotError(f"{what}: {response.status_code} {response.text[:200]}")
    answer: dict[str, Any] = response.json()
    return answer


async def sit_down(
    stack: AsyncExitStack, address: str, game: str, index: int
) -> tuple[str, list[Any]]:
    """Start a table of ``game`` with a host and an invited friend, each a session of its own,
    and open each seat's socket: the game's id and the two sockets, by seat."""
    options: dict[str, Any] = {"target": 61} if game in ("classic", "tabletop") else {}
    if game == "tiles":
        options["players"] = 2
    # The friend comes from an address of its own: the server lets one address try only so
    # many invitation codes a minute (127.0.0.0/8 is all loopback on Linux).
    local = f"127.0.{1 + index // 250}.{1 + index % 250}"
    async with httpx.AsyncClient(timeout=60) as host:
        created = answer_of(
            await host.post(
                f"http://{address}/api/games",
                json={
                    "game": game,
                    "ai": "random",
                    "options": options,
                    "seats": [{"kind": "me"}, {"kind": "friend"}],
                },
            ),
            "POST /api/games",
        )
        host_cookie = cookie_of(host)
    game_id = created["id"]
    [(host_seat, host_token)] = created["tokens"].items()
    [invite] = created["invites"].values()
    transport = httpx.AsyncHTTPTransport(local_address=local)
    async with httpx.AsyncClient(timeout=60, transport=transport) as friend:
        taken = answer_of(
            await friend.post(f"http://{address}/api/invites/{invite['code']}/accept", json={}),
            "POST /api/invites/{code}/accept",
        )
        friend_cookie = cookie_of(friend)
    seats: dict[int, tuple[str, str, dict[str, Any]]] = {
        int(host_seat): (host_token, host_cookie, {}),
        int(taken["seat"]): (taken["token"], friend_cookie, {"local_addr": (local, 0)}),
    }
    if sorted(seats) != [0, 1]:
        raise BotError(f"seats {sorted(seats)}, not 0 and 1")
    sockets = []
    for seat in (0, 1):
        token, cookie, where = seats[seat]
        sockets.append(
            await stack.enter_async_context(
                connect(
                    f"ws://{address}/ws/{game_id}?seat={seat}&token={token}",
                    max_size=None,
                    compression="deflate",
                    additional_headers={"Cookie": cookie},
                    **where,
                )
            )
        )
    return game_id, sockets


async def receive(socket: Any, seat: int, table: Table, totals: PeopleTotals) -> dict[str, Any]:
    """The next message of a seat's socket; a ``state`` that an action in flight made is timed,
    as the mover's acknowledgement or as the other seat's update."""
    try:
        text = await asyncio.wait_for(socket.recv(), PATIENCE)
    except TimeoutError:
        raise BotError(f"seat {seat}: nothing for {PATIENCE:g} s") from None
    arrived = time.perf_counter()
    message: dict[str, Any] = json.loads(text)
    if message["type"] == "error":
        raise BotError(f"seat {seat}: {message}")
    if message["type"] == "state":
        flight = table.sent.get(message["seq"])
        if flight is not None:
            mover, sent = flight
            (totals.acks if mover == seat else totals.others).append(arrived - sent)
    return message


async def play_seat(
    socket: Any, seat: int, table: Table, totals: PeopleTotals, rng: random.Random, think: float
) -> None:
    """One person's bot: a random legal action after the think time, until the game is over
    (``table`` and ``talk`` messages are passed over)."""
    state: dict[str, Any] | None = None
    while True:
        if state is not None and state["result"] is not None:
            return
        my_turn = (
            state is not None
            and state["observation"].get("current_player") == seat
            and bool(state["legal"])
        )
        if state is None or not my_turn:
            message = await receive(socket, seat, table, totals)
            if message["type"] == "state":
                state = message
            continue
        action = rng.choice(state["legal"])
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        seq = state["seq"]
        table.sent[seq + 1] = (seat, time.perf_counter())
        await socket.send(json.dumps({"type": "action", "seq": seq, "action": action}))
        while True:
            ack = await receive(socket, seat, table, totals)
            if ack["type"] == "state" and ack["seq"] == seq + 1:
                state = ack
                break


def describe(error: BaseException) -> str:
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe(e) for e in error.exceptions)
    if isinstance(error, httpx.RequestError):
        try:
            request = error.request
        except RuntimeError:  # (an error raised before its request was made)
            return repr(error)
        return f"{request.method} {request.url.path}: {error!r}"
    return str(error) if isinstance(error, BotError) else repr(error)


async def people_game(
    address: str,
    game: str,
    index: int,
    totals: PeopleTotals,
    ready: asyncio.Barrier,
    think: float,
    sitting: asyncio.Semaphore,
) -> None:
    """One table of two people, from its start to its end (every table starts playing once
    every table is seated; so many sit down at a time)."""
    seated = False
    label = f"{game} #{index}"
    try:
        async with AsyncExitStack() as stack:
            async with sitting:
                game_id, sockets = await sit_down(stack, address, game, index)
            label = f"{game} {game_id}"
            seated = True
            await ready.wait()
            table = Table(label)
            async with asyncio.TaskGroup() as group:
                for seat, socket in enumerate(sockets):
                    rng = random.Random(2000 + 2 * index + seat)
                    group.create_task(play_seat(socket, seat, table, totals, rng, think))
        totals.finished += 1
    except Exception as error:  # a game given up is an error of the run, not its end
        totals.errors.append(f"{label}: {describe(error)}")
    finally:
        if not seated:
            await ready.wait()  # the others wait for every table, this one's given up


async def run_people(
    address: str, games: int, pid: int, mix: list[str], think: float
) -> dict[str, Any]:
    totals = PeopleTotals()
    ready = asyncio.Barrier(games + 1)
    # The tables sit down SITTING at a time: a thousand at once would measure the bots' own
    # loop (a request connected and not written for 10 s is cut by the balancer), and only
    # the play is timed anyway.
    sitting = asyncio.Semaphore(SITTING)
    before = rss_kib(pid)
    started = time.perf_counter()
    tasks = [
        asyncio.create_task(
            people_game(address, mix[i % len(mix)], i, totals, ready, think, sitting)
        )
        for i in range(games)
    ]
    await ready.wait()  # every table created, its invitation taken, both seats connected
    live, peak = await watch_memory(tasks, pid, totals.errors)
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "people": True,
        "finished": totals.finished,
        "errors": len(totals.errors),
        "error_samples": totals.errors[:3],
        "updates": len(totals.others),
        "other_ms": percentiles(totals.others),
        "acks": len(totals.acks),
        "ack_ms": percentiles(totals.acks),
        "actions_per_second": round(len(totals.acks) / max(seconds, 1e-9), 1),
        "seconds": round(seconds, 1),
        "rss_mib": {"before": before // 1024, "all_live": live // 1024, "peak": peak // 1024},
        "kib_per_game": round((live - before) / games, 1),
    }


#: The server's ordinary lines (its address, uvicorn's INFO lines): every other is worth a look.
_QUIET = re.compile(r"^(cribkit: (playing at|other devices open) |INFO:)")


def log_problems(path: Path) -> list[str]:
    """The lines of the server's log that are not its ordinary ones."""
    lines = path.read_text(errors="replace").splitlines() if path.exists() else []
    return [line for line in lines if line.strip() and not _QUIET.match(line)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument(
        "--people",
        action="store_true",
        help="tables of two people (host and invited friend, two sessions, two sockets) "
        "instead of a person against the server's computer",
    )
    parser.add_argument(
        "--mix",
        default=None,
        help="the games, in turn (default: all four; with --people classic,tabletop,tiles)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="a bot's mean time to choose, in seconds, uniform from 0 to twice it (default 1; "
        "0: as fast as the server answers)",
    )
    parser.add_argument(
        "--server-log",
        type=Path,
        default=None,
        help="keep the server's log there (default: in the temporary folder, deleted at the "
        "end); with --cluster, the cluster's folder (its logs in logs/)",
    )
    parser.add_argument(
        "--cluster",
        type=int,
        default=0,
        metavar="SERVERS",
        help="play against a cluster on this machine (PostgreSQL, Redis, SERVERS cribkit serve "
        "processes and --workers workers behind HAProxy: make cluster's) instead of one "
        "cribkit serve on SQLite",
    )
    parser.add_argument("--workers", type=int, default=2, help="the cluster's workers (2)")
    parser.add_argument("--fsync", action=argparse.BooleanOptionalAction, default=True,
                        help="the cluster's PostgreSQL syncs its commits to disk, as make "
                        "cluster's does (default; --no-fsync: a figure to label as such)")  # fmt: skip
    parser.add_argument("--limits", action=argparse.BooleanOptionalAction, default=True,
                        help="the servers' message rate limits on, as make cluster's are "
                        "(default; --no-limits: --message-rate 0)")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    mix = (args.mix or ",".join(PEOPLE_GAMES if args.people else GAMES)).split(",")
    if args.people and "solitaire" in mix:
        parser.error("solitaire is played alone: --people plays classic, tabletop and tiles")
    with tempfile.TemporaryDirectory() as folder:
        load_before = Path("/proc/loadavg").read_text().split()[0]
        if args.cluster:
            from cribkit.deploy.cluster import Cluster

            # (a folder the postgres user may enter: PostgreSQL runs as postgres)
            Path(folder).chmod(0o755)
            where = args.server_log or Path(folder) / "cluster"
            # make cluster's own settings (supervised, fsync on, the message limits on) unless
            # told otherwise, and then the report says so.
            cluster = Cluster(where, port=0, servers=args.cluster, workers=args.workers,
                              durable=args.fsync, supervised=True,
                              serve_args=[] if args.limits else ["--message-rate", "0"])  # fmt: skip
            cluster.start()
            address, pid = cluster.address.removeprefix("http://"), cluster.server_pids[0]
            logs = [cluster.folder / "logs" / f"server-{i}.log" for i in range(args.cluster)]
            stop: Callable[[], None] = cluster.stop
            server_urls = cluster.server_urls
            parts = {name: pid for name, pid in cluster.pids.items() if name != "supervisord"}
        else:
            logs = [args.server_log or Path(folder) / "server.log"]
            server = ServerProcess(f"sqlite:///{folder}/bench.db", logs[0])
            server.start()
            address, pid = server.address, server.pid
            stop = functools.partial(server.stop, timeout=20)
            parts = {"server": pid}
            server_urls = [f"http://{server.address}"]
        assert pid is not None
        parts["bots"] = os.getpid()
        spent_before = cpu_seconds(parts)
        try:
            if args.people:
                report = asyncio.run(run_people(address, args.games, pid, mix, args.think))
            else:
                report = asyncio.run(run(address, args.games, pid, mix, args.think))
            report["mix"] = mix
            report["think"] = args.think
            report["servers"] = args.cluster or "one process, SQLite"
            report["load_average"] = [load_before, Path("/proc/loadavg").read_text().split()[0]]
            spent = cpu_seconds(parts)
            report["cpu_seconds"] = {name: round(spent[name] - spent_before[name], 1)
                                     for name in parts}  # fmt: skip
            report["settings"] = {"fsync": args.fsync, "message_limits": args.limits}
            report["server_ack_ms"] = server_ack_quantiles(server_urls)
            if args.people:
                problems = [line for log in logs for line in log_problems(log)]
                report["server_log"] = {"lines": len(problems), "samples": problems[:5]}
        finally:
            stop()
    if args.people:
        print_people(report, args.json)
        return
    if args.json:
        print(json.dumps(report, indent=2))
        return
    ack = report["ack_ms"]
    print(
        f"{report['games']} concurrent games ({', '.join(report['mix'])} in turn, bots think {report['think']} s on average), {report['finished']} finished, {report['errors']} errors, {report['seconds']} s"
    )
    print(
        f"action -> acknowledgement over {report['acks']} actions: p50 {ack['p50']} ms, p95 {ack['p95']} ms, p99 {ack['p99']} ms, max {ack['max']} ms"
    )
    rss = report["rss_mib"]
    print(
        f"server memory: {rss['before']} MiB before, {rss['all_live']} MiB with every game live (peak {rss['peak']} MiB): {report['kib_per_game']} KiB per game"
    )
    load = report["load_average"]
    print(f"machine: {os.cpu_count()} cores, load average {load[0]} before and {load[1]} after")
    for sample in report["error_samples"]:
        print("error:", sample)


def print_cpu(report: dict[str, Any]) -> None:
    """Where the CPU time went: each part's seconds, and their share of the whole."""
    spent = report["cpu_seconds"]
    total = sum(spent.values()) or 1.0
    shares = ", ".join(f"{name} {seconds} s ({100 * seconds / total:.0f}%)"
                       for name, seconds in sorted(spent.items(), key=lambda kv: -kv[1]))  # fmt: skip
    print(f"CPU over the run ({report['seconds']} s of wall time): {shares}")
    settings = report["settings"]
    print(f"settings: fsync {'on' if settings['fsync'] else 'OFF'}, message limits "
          f"{'on' if settings['message_limits'] else 'OFF'}")  # fmt: skip


def print_people(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report, indent=2))
        return
    other, ack = report["other_ms"], report["ack_ms"]
    print(
        f"{report['games']} concurrent tables of two people ({', '.join(report['mix'])} in turn, bots think {report['think']} s on average), {report['finished']} finished, {report['errors']} errors, {report['seconds']} s"
    )
    print(
        f"action -> the other seat's update over {report['updates']} actions: p50 {other['p50']} ms, p95 {other['p95']} ms, p99 {other['p99']} ms, max {other['max']} ms"
    )
    print(
        f"action -> the mover's acknowledgement over {report['acks']} actions: p50 {ack['p50']} ms, p95 {ack['p95']} ms, p99 {ack['p99']} ms, max {ack['max']} ms"
    )
    print(
        f"throughput: {report['actions_per_second']} actions a second; servers: {report['servers']}"
    )
    rss = report["rss_mib"]
    print(
        f"server memory: {rss['before']} MiB before, {rss['all_live']} MiB with every game live (peak {rss['peak']} MiB): {report['kib_per_game']} KiB per game"
    )
    load = report["load_average"]
    print(f"machine: {os.cpu_count()} cores, load average {load[0]} before and {load[1]} after")
    print_cpu(report)
    inside = report["server_ack_ms"]
    print(f"the servers' own time from an action's arrival to its acknowledgement (their "
          f"histogram's buckets): p50 <= {inside['p50']} ms, p95 <= {inside['p95']} ms, "
          f"p99 <= {inside['p99']} ms")  # fmt: skip
    log = report["server_log"]
    print(f"server log: {log['lines']} lines besides its address")
    for line in log["samples"]:
        print("  ", line)
    for sample in report["error_samples"]:
        print("error:", sample)


if __name__ == "__main__":
    main()
