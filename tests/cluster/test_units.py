"""The systemd units of ``deploy/systemd`` (issue 35, point 3; docs/scaling.md, "On several
machines"): each passes ``systemd-analyze verify``, and each role started from its unit alone
serves, every process on a loopback address of its own as if on a machine of its own.

"From its unit alone": the command is the unit's ``ExecStart`` with systemd's substitutions
(``%i`` the instance, ``${NAME}`` from the environment), the environment is only what the unit
and its ``EnvironmentFile`` give (and what systemd gives every service: ``PATH``, ``LANG``,
``HOME``), the working folder is the role's own, and each role has its own copy of what it
needs (the session secret): nothing relies on a shared file or one process tree.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cribkit.deploy.config import free_port, haproxy_config, redis_config, require_binary
from cribkit.deploy.postgresql import PostgreSQL
from tests.needs import missing

from .conftest import SUITE, require_programs
from .test_secrets import play_a_move_through_the_balancer

UNITS = Path(__file__).parents[2] / "deploy" / "systemd"
#: Where the units expect cribkit installed, and their environment file.
INSTALLED = "/opt/cribkit/bin/cribkit"
ENVIRONMENT_FILE = "/etc/cribkit/cribkit.env"
#: Each role's machine: its own loopback address.
SERVERS = ("127.0.0.2", "127.0.0.3")
WORKER = "127.0.0.4"
BALANCER = "127.0.0.5"
REDIS_PASSWORD = "units-redis-35"


def cribkit_binary() -> str:
    """The installed ``cribkit`` command, standing for the units' ``/opt/cribkit/bin/cribkit``."""
    return str(Path(sys.executable).with_name("cribkit"))


def read_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """A unit file's sections, each key's values in order (continued lines joined)."""
    sections: dict[str, dict[str, list[str]]] = {}
    section: dict[str, list[str]] = {}
    text = re.sub(r"\\\n", " ", path.read_text())
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = sections.setdefault(line.strip("[]"), {})
            continue
        key, value = line.split("=", 1)
        section.setdefault(key.strip(), []).append(value.strip())
    return sections


def unit_command(path: Path, instance: str, env: dict[str, str]) -> list[str]:
    """The unit's ``ExecStart`` as systemd runs it for ``instance`` with the environment
    ``env``: ``%i`` and ``${NAME}`` replaced, cribkit where this test installed it."""
    [line] = read_unit(path)["Service"]["ExecStart"]
    words = [word.replace("%i", instance) for word in shlex.split(line)]
    words = [re.sub(r"\$\{(\w+)\}", lambda found: env[found.group(1)], word) for word in words]
    assert words[0] == INSTALLED
    return [cribkit_binary(), *words[1:]]


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        missing("systemd-analyze is not installed", "systemd", SUITE)
    units = sorted(UNITS.glob("*@.service"))
    assert [unit.name for unit in units] == ["cribkit-serve@.service", "cribkit-worker@.service"]
    for unit in units:
        # (verify wants the program on this machine, and an instance of the template)
        instance = tmp_path / unit.name.replace("@.", "@9000.")
        instance.write_text(unit.read_text().replace(INSTALLED, cribkit_binary()))
        checked = subprocess.run([analyze, "verify", str(instance)], capture_output=True,
                                 text=True, check=False)  # fmt: skip
        said = (checked.stdout + checked.stderr).strip()
        assert checked.returncode == 0, (unit.name, said)
        assert not said, unit.name  # (an unknown key is only a warning)
        service = read_unit(unit)["Service"]
        assert service["EnvironmentFile"] == [ENVIRONMENT_FILE]
        assert service["Restart"] == ["always"]
        # No secret on the command line: the URLs come from the environment file.
        assert not re.search(r"--(store|redis)\b", service["ExecStart"][0])


class Role:
    """One process started from its unit, in a folder of its own (its log there)."""

    def __init__(self, root: Path, name: str, command: list[str], env: dict[str, str]) -> None:
        self.folder = root / name
        self.folder.mkdir(exist_ok=True)
        self.log = self.folder / "log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, env=env, cwd=self.folder, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)  # fmt: skip

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def wait_ready(url: str, role: Role, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(url, timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert role.process.poll() is None, role.log.read_text(errors="replace")[-3000:]
        assert time.monotonic() < deadline, f"{url} not ready"
        time.sleep(0.1)


@pytest.fixture
def root() -> Iterator[Path]:
    require_programs(redis=True)
    folder = Path(tempfile.mkdtemp(prefix="cribkit-units-"))
    folder.chmod(0o755)  # (PostgreSQL runs as postgres when the tests run as root)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_each_role_started_from_its_unit_alone_on_its_own_address(root: Path) -> None:
    postgresql = PostgreSQL(root / "postgresql", port=free_port(), durable=False)
    roles: list[Role] = []
    try:
        postgresql.start()
        store = postgresql.create_database("cribkit")
        redis_port = free_port()
        (root / "redis").mkdir()
        (root / "redis.conf").write_text(
            redis_config(redis_port, root / "redis", password=REDIS_PASSWORD)
        )
        redis_server = require_binary("redis-server")
        roles.append(Role(root, "redis", [redis_server, str(root / "redis.conf")], {}))
        shared = {
            "CRIBKIT_STORE": store,
            "CRIBKIT_REDIS": f"redis://:{REDIS_PASSWORD}@127.0.0.1:{redis_port}/0",
        }
        # The operator's step before the first server starts.
        upgraded = subprocess.run([cribkit_binary(), "db", "upgrade"], env={**os.environ, **shared},
                                  capture_output=True, text=True, check=False)  # fmt: skip
        assert upgraded.returncode == 0, upgraded.stderr
        secret = os.urandom(32)
        balancer_port = free_port(BALANCER)
        public_url = f"http://{BALANCER}:{balancer_port}/"
        servers = []
        for index, host in enumerate(SERVERS):
            folder = root / f"server-{index}"
            folder.mkdir()
            (folder / "session-secret").write_bytes(secret)  # (a copy on each machine)
            env = {
                "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(folder),
                **shared, "CRIBKIT_SECRET_FILE": str(folder / "session-secret"),
                "CRIBKIT_HOST": host, "CRIBKIT_PUBLIC_URL": public_url,
                "CRIBKIT_BALANCER": BALANCER,
            }  # fmt: skip
            port = free_port(host)
            command = unit_command(UNITS / "cribkit-serve@.service", str(port), env)
            roles.append(Role(root, f"server-{index}", command, env))
            servers.append((host, port))
        worker_port = free_port(WORKER)
        worker_env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "HOME": str(root / "worker"), **shared, "CRIBKIT_HEALTH_HOST": WORKER,
        }  # fmt: skip
        command = unit_command(UNITS / "cribkit-worker@.service", str(worker_port), worker_env)
        roles.append(Role(root, "worker", command, worker_env))
        for role, (host, port) in zip(roles[1:3], servers, strict=True):
            wait_ready(f"http://{host}:{port}/readyz", role)
        wait_ready(f"http://{WORKER}:{worker_port}/healthz", roles[3])
        # The balancer: the configuration docs/scaling.md prints, on its own address.
        config = root / "haproxy.cfg"
        config.write_text(haproxy_config((BALANCER, balancer_port), servers))
        roles.append(Role(root, "haproxy", [require_binary("haproxy"), "-db", "-f", str(config)],
                          {}))  # fmt: skip
        wait_ready(public_url + "readyz", roles[-1])
        # A game against the computer through the balancer: every role plays its part.
        play_a_move_through_the_balancer(public_url.rstrip("/"))
        # Each process listens on its own address alone.
        for role, (_, port) in zip(roles[1:3], servers, strict=True):
            with pytest.raises(httpx.TransportError):
                httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5)
            assert role.process.poll() is None
    finally:
        for role in reversed(roles):
            role.stop()
        postgresql.stop("immediate")
