"""A crash loses nothing: a real ``cribkit serve`` process is killed (SIGKILL) in the middle of
a game, started again over the same store, and the game is finished; everything the player
was told before the kill is still there, and the record replays to the finished game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from cribkit.deploy.launch import ServerProcess
from cribkit.games.records import replay

from .conftest import cookie_header

Message = dict[str, Any]


class Player:
    """Seat 0 over a real WebSocket: every event it is told, in order."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.events: list[Message] = []
        self.last: Message = {}
        self.sent = 0

    def receive(self) -> Message:
        message: Message = json.loads(self.socket.recv(timeout=20))
        assert message["type"] != "error", message
        if message["type"] == "state":
            self.events.extend(message["events"])
            self.last = message
        return message

    def until_turn(self) -> Message:
        while not (
            self.last
            and (self.last["result"] is not None or self.last["observation"]["current_player"] == 0)
        ):
            self.receive()
        return self.last

    def send_action(self, rng: random.Random, *, wait: bool = True) -> None:
        """A random legal move; with ``wait``, until the state that acknowledges it (the
        computer's lay-away beside it may come first, still offering this seat its own)."""
        action = rng.choice(self.last["legal"])
        self.sent += 1
        action_id = f"move-{self.sent}"
        self.socket.send(
            json.dumps(
                {"type": "action", "seq": self.last["seq"], "action": action, "id": action_id}
            )
        )
        self.last = {}
        while wait and self.receive().get("ack") != action_id:
            pass


def seat_socket(base_url: str, game_id: str, token: str, web: httpx.Client) -> ClientConnection:
    """Seat 0's socket, as the player of ``web``'s session."""
    ws_url = base_url.replace("http://", "ws://")
    return connect(
        f"{ws_url}/ws/{game_id}?seat=0&token={token}",
        open_timeout=10,
        additional_headers=cookie_header(web.cookies),
    )


def test_a_killed_server_loses_no_acknowledged_action(tmp_path: Path) -> None:
    # (--message-rate 0: the player acts at machine speed, beyond the burst limit)
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'games.db'}", tmp_path / "server.log", "--message-rate", "0"
    )
    rng = random.Random(8)
    # One player's session throughout: the secret beside the store signs it across the restart.
    web = httpx.Client()
    try:
        base = server.start()
        answer = web.post(
            f"{base}/api/games", json={"game": "classic", "ai": "random", "seed": 77}
        ).json()
        game_id, token = answer["id"], answer["tokens"]["0"]
        with seat_socket(base, game_id, token, web) as socket:
            player = Player(socket)
            for _ in range(12):
                player.until_turn()
                player.send_action(rng)
            seq_told = player.until_turn()["seq"]
            assert seq_told >= 12
            # and one more, killed before or after it is stored
            player.send_action(rng, wait=False)
            told = list(player.events)
            server.kill()

        base = server.start()
        resumed = web.get(f"{base}/api/games/{game_id}/resume").json()
        assert resumed == {"id": game_id, "tokens": {"0": token}}
        with seat_socket(base, game_id, token, web) as socket:
            player = Player(socket)
            first = player.receive()
            assert first["seq"] >= seq_told
            assert first["events"][: len(told)] == told
            while True:
                state = player.until_turn()
                if state["result"] is not None:
                    break
                player.send_action(rng)
        record = web.get(f"{base}/api/games/{game_id}/record").json()
        assert len(record["actions"]) == state["seq"]
        replayed = replay(record)
        assert replayed.result is not None
        assert replayed.result.to_dict() == state["result"]
        saved = web.get(f"{base}/api/games/saved").json()
        assert [(g["id"], g["status"]) for g in saved] == [(game_id, "finished")]
        # Another person sees none of it.
        assert httpx.get(f"{base}/api/games/saved").json() == []
    finally:
        web.close()
        server.stop()
