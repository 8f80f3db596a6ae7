"""The cluster's acceptance tests (issue 14): real PostgreSQL, Redis, HAProxy, ``cribkit serve``
and ``cribkit worker`` processes (``cluster_factory``), played over real sockets.

- Two people on two server processes play a game to the end; the server of one of them is
  SIGKILLed mid-game, that player reconnects through the other and finishes: no acknowledged
  action is lost, and a spectator on the surviving server saw every move.
- A worker is SIGKILLed while it works out the computer's move: another worker makes it.
- PostgreSQL is restarted mid-game: nothing acknowledged is lost, and the game goes on.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import psycopg
from websockets.asyncio.client import ClientConnection, connect

from cribkit.games.verification import verify_record
from cribkit.store.base import open_store
from cribkit.web.routes.saved import verifiable_game_record

Message = dict[str, Any]
PATIENCE = 30.0


@dataclass
class Player:
    """A person: a session cookie, and a socket to a seat (or to watch) on one server."""

    base: str
    cookie: str = ""
    socket: ClientConnection | None = None
    state: Message | None = None
    seen: list[Message] = field(default_factory=list)

    async def post(self, path: str, body: Message) -> Message:
        async with httpx.AsyncClient(timeout=PATIENCE) as http:
            headers = {"Cookie": self.cookie} if self.cookie else {}
            answer = await http.post(f"{self.base}{path}", json=body, headers=headers)
            assert answer.status_code == 200, answer.text
            if not self.cookie:
                self.cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
            result: Message = answer.json()
            return result

    async def open(self, query: str, game_id: str) -> Message:
        url = self.base.replace("http://", "ws://") + f"/ws/{game_id}?{query}"
        self.socket = await connect(url, additional_headers={"Cookie": self.cookie})
        return await self.until(lambda m: m["type"] == "state")

    async def until(self, wanted: Callable[[Message], bool]) -> Message:
        """The next message ``wanted`` (every state kept as the player's view)."""
        assert self.socket is not None
        while True:
            message: Message = json.loads(await asyncio.wait_for(self.socket.recv(), PATIENCE))
            self.seen.append(message)
            if message["type"] == "state":
                self.state = message
            if wanted(message):
                return message

    async def send(self, message: Message) -> None:
        assert self.socket is not None
        await self.socket.send(json.dumps(message))

    def my_turn(self) -> bool:
        return self.state is not None and bool(self.state["legal"]) and not self.state["result"]


async def act(player: Player, rng: random.Random | None) -> int:
    """Make a random legal move (the first, without ``rng``) and wait for its
    acknowledgement: the seq it made."""
    assert player.state is not None
    seq = player.state["seq"]
    legal = player.state["legal"]
    action = legal[0] if rng is None else rng.choice(legal)
    answer = await send_action(player, seq, action)
    assert answer["type"] == "state", answer
    return int(answer["seq"])


async def send_action(player: Player, seq: int, action: Message) -> Message:
    """Send ``action`` on version ``seq`` with an id of its own; the answer: the state that
    acknowledges it (another seat's lay-away beside it may come first), or an error."""
    action_id = secrets.token_hex(8)
    await player.send({"type": "action", "seq": seq, "action": action, "id": action_id})
    return await player.until(functools.partial(answered, action_id=action_id))


def answered(message: Message, action_id: str) -> bool:
    """Whether ``message`` answers the action sent with ``action_id``."""
    return message["type"] == "error" or message.get("ack") == action_id


async def settle(players: list[Player]) -> None:
    """Wait until the players' views agree on the game's seq (every update has arrived)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        seqs = {p.state["seq"] for p in players if p.state is not None}
        if len(seqs) == 1:
            return
        behind = min(players, key=lambda p: -1 if p.state is None else p.state["seq"])
        await behind.until(lambda m: m["type"] == "state")
    raise AssertionError("the players' views never agreed")


def assert_stored(store_url: str, game_id: str, seq: int) -> list[Message]:
    """The stored game is at ``seq``, finished, and its record verifies."""
    store = open_store(store_url)
    try:
        row = store.load_game(game_id)
        assert row is not None
        assert row.version == seq
        assert row.status == "finished"
        actions = store.load_actions(game_id)
        check = verify_record(verifiable_game_record(row, actions))
        assert check.ok, check.summary()
        return actions
    finally:
        store.close()


async def seat_two(host: Player, friend: Player) -> str:
    """A table of two people, the host at its seat and the friend at the invited one, each on
    its player's server: the game's id, once both views agree."""
    created = await host.post(
        "/api/games",
        {
            "game": "classic",
            "options": {"target": 61},
            "seats": [{"kind": "me"}, {"kind": "friend"}],
        },
    )
    [(seat, token)] = created["tokens"].items()
    [invite] = created["invites"].values()
    taken = await friend.post(f"/api/invites/{invite['code']}/accept", {})
    await host.open(f"seat={seat}&token={token}", created["id"])
    await friend.open(f"seat={taken['seat']}&token={taken['token']}", created["id"])
    await settle([host, friend])
    return str(created["id"])


def test_two_people_on_two_servers_and_one_server_killed(cluster_factory: Any) -> None:
    cluster = cluster_factory(servers=2, workers=1, redis=True)
    first, second = cluster.server_urls
    rng = random.Random(14)

    async def play() -> None:
        host, friend, watcher = Player(first), Player(second), Player(first)
        created = await host.post(
            "/api/games",
            {
                "game": "classic",
                "options": {"target": 61},
                "seats": [{"kind": "me"}, {"kind": "friend"}],
            },
        )
        game_id = created["id"]
        [(seat, token)] = created["tokens"].items()
        [invite] = created["invites"].values()
        taken = await friend.post(f"/api/invites/{invite['code']}/accept", {})
        await host.open(f"seat={seat}&token={token}", game_id)
        await friend.open(f"seat={taken['seat']}&token={taken['token']}", game_id)
        await watcher.open(f"watch={created['watch']}", game_id)
        # Each server hears who is at the other: both seats are shown connected to both.
        table = await host.until(
            lambda m: (
                m["type"] in ("table", "state")
                and sum(s.get("connected", False) for s in m["table"]["seats"]) == 2
                and m["table"]["spectators"] == 1
            )
        )
        assert table["table"]["spectators"] == 1
        acknowledged = 0
        killed = False
        while not (host.state and host.state["result"]):
            await settle([host, friend, watcher])
            mover = host if host.my_turn() else friend if friend.my_turn() else None
            if mover is None:
                await asyncio.sleep(0.05)
                continue
            acknowledged = await act(mover, rng)
            if acknowledged >= 12 and not killed:
                # The friend's server dies; the friend comes back through the first server.
                cluster.kill_server(1)
                killed = True
                assert friend.socket is not None
                await friend.socket.close()
                friend.base = first
                back = await friend.open(f"seat={taken['seat']}&token={taken['token']}", game_id)
                assert back["seq"] == acknowledged  # nothing acknowledged was lost
        await settle([host, friend, watcher])
        assert watcher.state is not None
        assert watcher.state["result"] is not None
        assert killed
        actions = assert_stored(cluster.store_url, game_id, acknowledged)
        # The spectator saw every move, in order, as the seats did.
        seen = [e for m in watcher.seen if m["type"] == "state" for e in m["events"]]
        assert len([e for e in seen if e["type"] in ("laid_away", "played", "go")]) > 0
        assert len(actions) > 12

    asyncio.run(play())


def test_a_worker_killed_mid_move_and_the_move_is_still_made(cluster_factory: Any) -> None:
    # Each worker takes at least 2 s per move, so that one can be killed while it thinks; a
    # job not finished in 1 s is taken by another.
    cluster = cluster_factory(servers=1, workers=2, redis=True,
                              worker_args=["--slow", "2", "--claim-after", "1"])  # fmt: skip
    rng = random.Random(15)

    async def play() -> None:
        import redis.asyncio as aioredis

        player = Player(cluster.server_urls[0])
        created = await player.post(
            "/api/games", {"game": "classic", "ai": "easy", "options": {"target": 61}}
        )
        state = await player.open(f"seat=0&token={created['tokens']['0']}", created["id"])
        redis = aioredis.Redis.from_url(cluster.redis_url)
        killed = None
        try:
            while state["legal"] == [] and not state["result"]:
                state = await player.until(lambda m: m["type"] == "state")
            seq = await act(player, rng)  # the lay-away; then the computer's, then the play
            if player.state is not None and player.state["observation"]["current_player"] == 0:
                seq = await act(player, rng)
            # Now the computer thinks: find the worker that took the move, and kill it.
            deadline = time.monotonic() + PATIENCE
            while killed is None and time.monotonic() < deadline:
                pending = await redis.xpending_range("cribkit:moves", "workers", "-", "+", 10)
                for entry in pending:
                    consumer = entry["consumer"]
                    name = consumer.decode() if isinstance(consumer, bytes) else str(consumer)
                    pid = int(name.split(":")[-1].split("-")[0])  # (worker@HOST:PID-xxxxxx)
                    if pid in cluster.worker_pids:
                        killed = cluster.worker_pids.index(pid)
                        cluster.kill_worker(killed)
                        break
                await asyncio.sleep(0.05)
            assert killed is not None, "no worker took the computer's move"
            after = await player.until(lambda m: m["type"] == "state" and m["seq"] > seq)
            assert after["seq"] == seq + 1
            assert cluster.worker_pids[killed] is None
        finally:
            await redis.aclose()

    asyncio.run(play())


def test_postgresql_restarted_mid_game_loses_nothing(cluster_factory: Any) -> None:
    cluster = cluster_factory(servers=1, workers=1, redis=True)
    rng = random.Random(16)

    async def play() -> None:
        player = Player(cluster.server_urls[0])
        created = await player.post(
            "/api/games", {"game": "classic", "ai": "easy", "options": {"target": 61}}
        )
        game_id = created["id"]
        await player.open(f"seat=0&token={created['tokens']['0']}", game_id)
        acknowledged = 0
        restarted = False
        refused = 0
        while not (player.state and player.state["result"]):
            if not player.my_turn():
                await player.until(lambda m: m["type"] == "state")
                continue
            assert player.state is not None
            seq = player.state["seq"]
            answer = await send_action(player, seq, rng.choice(player.state["legal"]))
            if answer["type"] == "error":
                # Refused while PostgreSQL was down: nothing applied, so try again.
                assert answer["code"] == "unavailable", answer
                refused += 1
                await asyncio.sleep(0.2)
                continue
            acknowledged = answer["seq"]
            if acknowledged >= 6 and not restarted:
                cluster.restart_postgresql("immediate")
                restarted = True
        assert restarted
        with psycopg.connect(cluster.store_url.replace("postgresql+psycopg", "postgresql")):
            pass
        assert_stored(cluster.store_url, game_id, player.state["seq"])
        assert player.state["seq"] >= acknowledged

    asyncio.run(play())


def test_talk_hints_and_undo_across_processes(cluster_factory: Any) -> None:
    cluster = cluster_factory(servers=2, workers=1, redis=True)
    first, second = cluster.server_urls

    async def play() -> None:
        # Chat: a line said through one server is heard through the other.
        host, friend = Player(first), Player(second)
        await seat_two(host, friend)
        await friend.send({"type": "chat", "text": "good luck"})
        line = await host.until(lambda m: m["type"] == "talk")
        assert [entry["text"] for entry in line["lines"]] == ["good luck"]

        # A hint is worked out by a worker and answered on the asker's server; an undo made
        # through one server resets the same player's other tab, on the other server. (A
        # practice deal whose seat 0, taking its first legal move, soon plays twice running
        # with nothing shown between: an undo is allowed there.)
        player = Player(first)
        game = await player.post("/api/games", {"game": "classic", "ai": "random", "seed": 4,
                                                "options": {"target": 61}})  # fmt: skip
        query = f"seat=0&token={game['tokens']['0']}"
        state = await player.open(query, game["id"])
        while not state["legal"]:
            state = await player.until(lambda m: m["type"] == "state")
        await player.send({"type": "hint"})
        hint = await player.until(lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint", hint
        assert hint["action"] in state["legal"]
        other_tab = Player(second, cookie=player.cookie)
        await other_tab.open(query, game["id"])
        while True:
            while not player.my_turn():
                await player.until(lambda m: m["type"] == "state")
            seq = await act(player, None)
            assert player.state is not None
            if player.state["can_undo"] and player.my_turn():  # (the computer is not moving)
                break
        await other_tab.until(lambda m: m["type"] == "state" and m["seq"] >= seq)
        await player.send({"type": "undo"})
        undone = await player.until(lambda m: m.get("reset") is True or m["type"] == "error")
        assert undone["type"] == "state", undone
        mirrored = await other_tab.until(lambda m: m["type"] == "state" and m.get("reset") is True)
        assert mirrored["seq"] == undone["seq"]
        assert mirrored["observation"] == undone["observation"]
        assert mirrored["practice"] is True

    asyncio.run(play())
