"""``make cluster`` under supervisord (issue 35, point 3): every part killed in turn is started
again by the supervisor and serves; ``status`` shows each part's state, uptime and restarts;
``down`` from another shell stops everything, even after the launcher itself was killed.

The cluster is started exactly as ``make cluster`` starts it (``python -m
cribkit.deploy.cluster up``), with a Redis password from a file: no secret on any command line.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cribkit.deploy.config import free_port
from cribkit.deploy.processes import Recorded
from cribkit.deploy.supervisor import Supervisor

from .conftest import require_programs
from .test_secrets import play_a_move_through_the_balancer, wait_for_text

PASSWORD = "supervised-redis-secret-35"
#: How soon a killed part must run again and serve.
BACK_WITHIN = 45.0


def cluster_command(folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cribkit.deploy.cluster", *command, "--folder", str(folder)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture
def launched() -> Iterator[tuple[Path, subprocess.Popen[bytes]]]:
    """``make cluster``'s launcher running (two servers, one worker), and its folder."""
    require_programs(redis=True)
    root = Path(tempfile.mkdtemp(prefix="cribkit-supervised-"))
    root.chmod(0o755)
    folder = root / "cluster"
    password_file = root / "redis-password"
    password_file.write_text(PASSWORD + "\n")
    output = root / "up.log"
    with output.open("wb") as log:
        launcher = subprocess.Popen(
            [sys.executable, "-m", "cribkit.deploy.cluster", "up", "--folder", str(folder),
             "--port", str(free_port()), "--workers", "1",
             "--redis-password-file", str(password_file)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        wait_for_text(output, "playing at", timeout=120)
        yield folder, launcher
    finally:
        if launcher.poll() is None:
            launcher.terminate()
            launcher.wait(timeout=120)
        cluster_command(folder, "down")
        print(output.read_text(errors="replace")[-3000:], file=sys.stderr)


def wait_restarted(supervisor: Supervisor, name: str, old_pid: int) -> int:
    """Wait until supervisord runs ``name`` again in a new process: its id."""
    deadline = time.monotonic() + BACK_WITHIN
    while True:
        status = supervisor.status(name)
        if status.state == "RUNNING" and status.pid not in (None, old_pid):
            assert status.restarts >= 1, status  # (PostgreSQL's first try may find its
            # killed server's shared memory still held by a session ending, and is tried again)
            assert status.pid is not None
            return status.pid
        assert time.monotonic() < deadline, f"{name} not started again: {status}"
        time.sleep(0.1)


def wait_serving(url: str) -> None:
    """Wait until ``url`` answers 200 (a readiness check: with every dependency ``ok``, none
    degraded)."""
    deadline = time.monotonic() + BACK_WITHIN
    answer: httpx.Response | str = "no answer yet"
    while time.monotonic() < deadline:
        try:
            answer = httpx.get(url, timeout=5)
        except httpx.TransportError as error:  # (the part is still starting)
            answer = str(error)
        else:
            checks = answer.json().get("checks", {})
            if answer.status_code == 200 and set(checks.values()) <= {"ok"}:
                return
        time.sleep(0.2)
    raise AssertionError(f"{url} does not serve: {answer}")


def test_every_part_killed_is_started_again_and_down_stops_everything(
    launched: tuple[Path, subprocess.Popen[bytes]],
) -> None:
    folder, launcher = launched
    record = json.loads((folder / "cluster.json").read_text())
    balancer, (server_url, _), (worker_url,) = (
        record["address"], record["server_urls"], record["worker_health_urls"]
    )  # fmt: skip
    supervisor = Supervisor(folder)
    deadline = time.monotonic() + 10.0  # (RUNNING once a part has run a second)
    while any(status.state != "RUNNING" for status in supervisor.statuses()):
        assert time.monotonic() < deadline, supervisor.statuses()
        time.sleep(0.1)
    parts = {status.name: status for status in supervisor.statuses()}
    assert set(parts) == {"postgresql", "redis", "server-0", "server-1", "worker-0", "haproxy"}
    assert all(status.state == "RUNNING" and status.restarts == 0 for status in parts.values())
    # The programs' environment (the store's and Redis's URLs) is its user's alone to read.
    assert (folder / "supervisord.conf").stat().st_mode & 0o077 == 0

    # Each part SIGKILLed in turn: supervisord starts it again, and it serves.
    serving = {
        "server-0": f"{server_url}/readyz",
        "worker-0": f"{worker_url}/healthz",
        "haproxy": f"{balancer}/readyz",
        "redis": f"{balancer}/readyz",
        "postgresql": f"{balancer}/readyz",
    }
    for name, url in serving.items():
        pid = supervisor.status(name).pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        wait_restarted(supervisor, name, pid)
        wait_serving(url)
    # And the whole serves a game against the computer through the balancer.
    play_a_move_through_the_balancer(balancer)

    # make cluster-status: every part with its state, uptime and restarts.
    shown = cluster_command(folder, "status")
    assert shown.returncode == 0, shown.stderr
    rows = {line.split()[0]: line.split() for line in shown.stdout.splitlines()[4:]}
    for name in parts:
        state, _, uptime, restarts = rows[name][1:]
        assert state == "RUNNING"
        assert uptime.count(":") == 2
        assert (int(restarts) >= 1) == (name in serving), (name, restarts)
    # No secret on any command line of the cluster's processes.
    pids = [status.pid for status in supervisor.statuses()] + [launcher.pid]
    for pid in pids:
        assert pid is not None
        assert PASSWORD.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()

    # The launcher killed outright: another shell's `down` still stops everything it started.
    supervisord = Recorded.of(int((folder / "supervisord.pid").read_text()))
    running = [Recorded.of(pid) for pid in pids if pid is not None and pid != launcher.pid]
    os.killpg(launcher.pid, signal.SIGKILL)
    launcher.wait(timeout=10)
    stopped = cluster_command(folder, "down")
    assert stopped.returncode == 0, stopped.stderr
    assert "stopped in" in stopped.stdout
    for process in [*running, supervisord]:
        assert process is None or not process.alive
    assert cluster_command(folder, "status").returncode == 1
