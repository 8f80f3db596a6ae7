"""Secrets and exposure of a real cluster (issue 35): Redis with a password, the servers and
the worker told the URLs through their environment, ``/metrics`` refused by the balancer and
guarded by a token on each server and worker, the worker's own ``/healthz``; and no secret in
any process's command line, in any log of the cluster, or in HAProxy's log of requests.

The secrets looked for: Redis's password, the session secret (as the file holds it and as the
servers sign with it, in hex), the metrics token, and the seat token of a game played through
the balancer (its socket opened with ``?seat=0&token=``, the form a script may still use)."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from pathlib import Path

import httpx

from .conftest import ClusterFactory
from .test_authority import PATIENCE, Player
from .test_cluster_launch import process_tree
from .test_outages import play_until_the_computer_answers

#: How soon the worker's /healthz must say that Redis went, and that it is back.
NOTICED_WITHIN = 10.0


def wait_for_status(url: str, status: int, timeout: float = NOTICED_WITHIN) -> httpx.Response:
    """Ask ``url`` until it answers ``status``: that answer."""
    deadline = time.monotonic() + timeout
    answer = httpx.get(url, timeout=5)
    while answer.status_code != status:
        assert time.monotonic() < deadline, (url, answer.status_code, answer.text)
        time.sleep(0.2)
        answer = httpx.get(url, timeout=5)
    return answer


def wait_for_text(path: Path, text: str, timeout: float = PATIENCE) -> str:
    """The text of ``path`` once it holds ``text``."""
    deadline = time.monotonic() + timeout
    while True:
        found = path.read_text(errors="replace") if path.exists() else ""
        if text in found:
            return found
        assert time.monotonic() < deadline, f"no {text!r} in {path}:\n{found[-3000:]}"
        time.sleep(0.1)


def play_a_move_through_the_balancer(address: str) -> str:
    """A game against the computer made and played through the balancer at ``address``, until
    the computer (a worker) has moved once; the seat's token."""

    async def play() -> str:
        player = Player(address)
        created = await player.post(
            "/api/games", {"game": "classic", "ai": "easy", "options": {"target": 61}}
        )
        token: str = created["tokens"]["0"]
        await player.open(f"seat=0&token={token}", created["id"])
        try:
            while not player.my_turn():
                await player.until(lambda m: m["type"] == "state")
            await play_until_the_computer_answers(player, random.Random(35), 1)
        finally:
            assert player.socket is not None
            await player.socket.close()
        return token

    return asyncio.run(play())


def test_no_secret_reaches_a_command_line_or_a_log(
    cluster_factory: ClusterFactory, tmp_path: Path
) -> None:
    password, metrics_token = f"redis-{secrets.token_hex(12)}", secrets.token_hex(16)
    token_file = tmp_path / "metrics-token"
    token_file.write_text(f"{metrics_token}\n")
    guarded = ["--metrics-token-file", str(token_file)]
    cluster = cluster_factory(servers=2, workers=1, redis=True, redis_password=password,
                              serve_args=guarded, worker_args=guarded)  # fmt: skip
    assert cluster.redis_url is not None
    assert f":{password}@" in cluster.redis_url
    seat_token = play_a_move_through_the_balancer(cluster.address)
    bearer = {"Authorization": f"Bearer {metrics_token}"}

    # /metrics: refused at the balancer, whoever asks, however the path is spelt ...
    for path in ("/metrics", "/%6Detrics", "/metrics?x=1"):
        for headers in ({}, bearer):
            answer = httpx.get(f"{cluster.address}{path}", headers=headers, timeout=10)
            assert answer.status_code == 403, (path, answer.text)
    # ... answered by each server's own address, to the token's holder only.
    for url in cluster.server_urls:
        refused = httpx.get(f"{url}/metrics", timeout=10)
        assert refused.status_code == 401
        assert refused.json() == {
            "error": "unauthorized",
            "message": "/metrics needs Authorization: Bearer <token>",
        }
        assert refused.text.count("\n") == 0
        assert refused.headers["www-authenticate"] == "Bearer"
        wrong = {"Authorization": f"Bearer {metrics_token[:-1]}x"}
        assert httpx.get(f"{url}/metrics", headers=wrong, timeout=10).status_code == 401
        scraped = httpx.get(f"{url}/metrics", headers=bearer, timeout=10)
        assert scraped.status_code == 200
        assert "cribkit_active_games" in scraped.text

    # The worker: healthy, its jobs counted; 503 with the reason while Redis is gone.
    [worker] = cluster.worker_health_urls
    assert httpx.get(f"{worker}/healthz", timeout=10).json() == {"status": "ok"}
    assert httpx.get(f"{worker}/metrics", timeout=10).status_code == 401
    figures = httpx.get(f"{worker}/metrics", headers=bearer, timeout=10).text
    assert "cribkit_worker_redis_up 1.0" in figures
    done = next(
        line for line in figures.splitlines() if line.startswith("cribkit_worker_jobs_done")
    )
    assert float(done.split()[1]) >= 1, figures
    assert "cribkit_worker_jobs_failed_total 0.0" in figures
    cluster.kill_redis()
    down = wait_for_status(f"{worker}/healthz", 503)
    assert down.json()["status"] == "unavailable"
    assert down.json()["reason"].startswith("waiting for Redis ("), down.text
    assert down.text.count("\n") == 0
    figures = httpx.get(f"{worker}/metrics", headers=bearer, timeout=10).text
    assert "cribkit_worker_redis_up 0.0" in figures
    cluster.start_redis()
    assert wait_for_status(f"{worker}/healthz", 200).json() == {"status": "ok"}

    # No secret on any command line: the parts', PostgreSQL's own processes' too. The servers
    # and the worker have the URLs in their environment, which only their user reads.
    session_secret = cluster.secret_file.read_bytes()
    wanted = [password, metrics_token, seat_token, session_secret.hex()]
    found = [text.encode() for text in wanted] + [session_secret]
    processes = process_tree(list(cluster.pids.values()))
    assert len(processes) > len(cluster.pids)  # (PostgreSQL's backends among them)
    for pid in processes:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
        assert not [secret for secret in found if secret in command], command
        assert not {b"--store", b"--redis"} & set(command.split(b"\0")), command
    for told in [*cluster.server_pids, *cluster.worker_pids]:
        environment = Path(f"/proc/{told}/environ").read_bytes().split(b"\0")
        assert f"CRIBKIT_REDIS={cluster.redis_url}".encode() in environment
        assert f"CRIBKIT_STORE={cluster.store_url}".encode() in environment

    # HAProxy logged every request, by its path: the seat's socket without its query.
    logs = cluster.folder / "logs"
    balancer = wait_for_text(logs / "haproxy.log", "GET /ws/")
    assert "POST /api/games HTTP/1.1" in balancer
    assert " 403 " in balancer
    assert "GET /metrics HTTP/1.1" in balancer
    assert "token=" not in balancer
    assert "?" not in balancer
    # No secret in any log of the cluster, nor in what it records or prints of itself.
    files = [*logs.iterdir(), cluster.folder / "postgresql" / "postgresql.log"]
    files += [cluster.folder / "cluster.json"]
    assert {path.name for path in logs.iterdir()} >= {
        "haproxy.log", "redis.log", "server-0.log", "server-1.log", "worker-0.log",
    }  # fmt: skip
    for written in files:
        text = written.read_bytes()
        assert not [secret for secret in found if secret in text], written
    assert (cluster.folder / "redis.conf").stat().st_mode & 0o077 == 0
