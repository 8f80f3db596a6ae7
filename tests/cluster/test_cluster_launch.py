"""``make cluster``'s launcher: a real cluster (PostgreSQL, HAProxy, ``cribkit serve``
processes; Redis and workers once they exist) serves one store behind one address, and stops
leaving no process behind, from Python and from another shell's ``down``."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from cribkit.deploy.config import free_port

from .conftest import ClusterFactory, require_programs

#: The layouts started: (servers, workers, Redis).
LAYOUTS = [
    pytest.param(1, 0, False, id="1-server"),
    pytest.param(2, 0, False, id="2-servers"),
    pytest.param(2, 2, True, id="2-servers-2-workers-redis"),
]


def _start_time(pid: int) -> str | None:
    """A process's start time (``/proc/PID/stat``), None once it has ended (or is a zombie)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]


def process_tree(roots: list[int]) -> dict[int, str]:
    """Every process of ``roots`` and their descendants (PostgreSQL's backends...), with start
    times, to tell later whether that very process still runs."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: dict[int, str] = {}
    todo = list(roots)
    while todo:
        pid = todo.pop()
        if (started := _start_time(pid)) is not None and pid not in found:
            found[pid] = started
            todo.extend(children.get(pid, []))
    return found


def still_running(processes: dict[int, str]) -> list[int]:
    return [pid for pid, started in processes.items() if _start_time(pid) == started]


@pytest.mark.parametrize(("servers", "workers", "redis"), LAYOUTS)
def test_a_cluster_serves_one_store_behind_one_address(
    cluster_factory: ClusterFactory, servers: int, workers: int, redis: bool
) -> None:
    cluster = cluster_factory(servers=servers, workers=workers, redis=redis)
    processes = process_tree(list(cluster.pids.values()))
    # PostgreSQL, the servers, the workers, HAProxy (and Redis), each with a process at least.
    assert len(cluster.pids) == 2 + servers + workers + redis
    assert len(processes) > len(cluster.pids)  # PostgreSQL's own processes too
    assert cluster.balancer_states() == {f"server-{i}": "UP" for i in range(servers)}

    with httpx.Client(timeout=10) as web:
        lobby = web.get(f"{cluster.address}/")
        assert lobby.status_code == 200
        assert "<title>cribkit</title>" in lobby.text
        created = web.post(f"{cluster.address}/api/games", json={"game": "classic", "ai": "random"})
        assert created.status_code == 200, created.text
        game = created.json()
        # Every server knows the game (one PostgreSQL) and the player (one session secret).
        for url in cluster.server_urls:
            saved = web.get(f"{url}/api/games/saved").json()
            assert [row["id"] for row in saved] == [game["id"]], url
        # Another person sees none of it, through the balancer.
        assert httpx.get(f"{cluster.address}/api/games/saved").json() == []
        # The balancer forwards the seat's WebSocket.
        cookie = {"Cookie": f"cribkit_session={web.cookies['cribkit_session']}"}
        ws_url = cluster.address.replace("http://", "ws://")
        seat = f"{ws_url}/ws/{game['id']}?seat=0&token={game['tokens']['0']}"
        with connect(seat, open_timeout=10, additional_headers=cookie) as socket:
            first = json.loads(socket.recv(timeout=10))
        assert first["type"] == "state", first
        assert first["observation"]["seat"] == 0

    cluster.stop()
    assert still_running(processes) == []
    assert not (cluster.folder / "cluster.json").exists()


def test_the_balancer_spreads_connections_and_survives_a_killed_server(
    cluster_factory: ClusterFactory,
) -> None:
    cluster = cluster_factory(servers=2)
    # A new connection each: the least loaded server, so both in turn.
    for _ in range(6):
        assert httpx.get(f"{cluster.address}/api/games").status_code == 200
    served = {name: int(row["stot"]) for name, row in cluster.balancer_stats().items()}
    assert served["server-0"] >= 2, served
    assert served["server-1"] >= 2, served

    killed = cluster.server_pids[0]
    assert killed is not None
    cluster.kill_server(0)
    assert cluster.server_pids[0] is None
    assert _start_time(killed) is None
    # Before HAProxy has noticed, a refused connection is sent to the other server.
    for _ in range(6):
        assert httpx.get(f"{cluster.address}/api/games").status_code == 200
    cluster.wait_balanced()
    assert cluster.balancer_states() == {"server-0": "DOWN", "server-1": "UP"}

    cluster.start_server(0)
    assert cluster.balancer_states() == {"server-0": "UP", "server-1": "UP"}
    assert httpx.get(f"{cluster.server_urls[0]}/api/games").status_code == 200

    # The servers reconnect to a restarted PostgreSQL.
    postmaster = cluster.pids["postgresql"]
    cluster.restart_postgresql()
    assert cluster.pids["postgresql"] != postmaster
    with httpx.Client(timeout=10) as web:
        for url in cluster.server_urls:
            created = web.post(f"{url}/api/games", json={"game": "solitaire"})
            assert created.status_code == 200, created.text
        saved = web.get(f"{cluster.address}/api/games/saved").json()
        assert len(saved) == 2


@pytest.mark.parametrize("launcher_killed", [False, True], ids=["up-running", "up-killed"])
def test_down_in_another_shell_stops_a_cluster_that_up_started(launcher_killed: bool) -> None:
    require_programs(redis=False)
    top = Path(tempfile.mkdtemp(prefix="cribkit-cluster-"))
    top.chmod(0o755)  # (the postgres user must reach it)
    folder, port, output = top / "cluster", free_port(), top / "up.out"
    launcher = [sys.executable, "-m", "cribkit.deploy.cluster"]
    where = ["--folder", str(folder)]
    layout = ["--port", str(port), "--servers", "1", "--workers", "0", "--no-redis"]
    with output.open("wb") as log:
        up = subprocess.Popen([*launcher, "up", *where, *layout], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 60
        while "playing at" not in output.read_text() and up.poll() is None:
            assert time.monotonic() < deadline, output.read_text()
            time.sleep(0.1)
        assert f"playing at http://127.0.0.1:{port}/" in output.read_text()
        status = subprocess.run([*launcher, "status", *where], capture_output=True, text=True)
        assert status.returncode == 0
        assert f"up (pid {up.pid}) at http://127.0.0.1:{port}" in status.stdout
        state = json.loads((folder / "cluster.json").read_text())
        assert sorted(part["name"] for part in state["parts"]) == [
            "haproxy",
            "postgresql",
            "server-0",
            "supervisord",  # (make cluster's parts run under it)
        ]
        processes = process_tree([up.pid, *(part["pid"] for part in state["parts"])])
        assert httpx.get(f"http://127.0.0.1:{port}/").status_code == 200
        if launcher_killed:
            # No chance to stop its parts: they run on, and down stops them from the record.
            up.send_signal(signal.SIGKILL)
            up.wait()
            status = subprocess.run([*launcher, "status", *where], capture_output=True, text=True)
            assert "its launcher is gone" in status.stdout
            assert httpx.get(f"http://127.0.0.1:{port}/").status_code == 200

        down = subprocess.run([*launcher, "down", *where], capture_output=True, text=True)
        assert down.returncode == 0, down.stderr
        assert down.stdout == f"cribkit cluster: stopped in {folder}\n"
        if not launcher_killed:
            assert up.wait(timeout=10) == 0  # it stopped the cluster itself, in order
            said = output.read_text()
            assert said.endswith("cribkit cluster: stopping\ncribkit cluster: stopped\n")
        assert still_running(processes) == []
        again = subprocess.run([*launcher, "down", *where], capture_output=True, text=True)
        assert again.stdout == f"cribkit cluster: none running in {folder}\n"
        status = subprocess.run([*launcher, "status", *where], capture_output=True, text=True)
        assert status.returncode == 1
    finally:
        subprocess.run([*launcher, "down", *where], capture_output=True, check=False)
        if up.poll() is None:
            up.send_signal(signal.SIGKILL)
            up.wait()
        shutil.rmtree(top, ignore_errors=True)
