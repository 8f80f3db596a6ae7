"""A cluster of cribkit on one machine: PostgreSQL and Redis of its own, ``cribkit serve``
processes sharing them, ``cribkit worker`` processes, and HAProxy in front, on loopback.

``make cluster`` runs ``python -m cribkit.deploy.cluster up``; ``make cluster-down`` (another
shell) runs ``down``. In Python (the cluster tests' ``cluster_factory`` builds on it)::

    with Cluster(Path("/tmp/crib"), port=0, workers=0, redis=False) as cluster:
        cluster.address          # the balancer: http://127.0.0.1:PORT
        cluster.server_urls      # each serve process's own address
        cluster.kill_server(0)   # SIGKILL, then cluster.start_server(0)

Every part's files are in the cluster's folder (``.cluster`` by default): ``postgresql/`` (its
data, socket and log), ``redis/``, ``logs/`` (one log a process), ``haproxy.cfg``,
``redis.conf``, the serve processes' one ``session-secret`` (so that a player's cookie is good
on every server) and ``cluster.json``, the record of every process by which ``down`` stops a
cluster another shell started. How it fits together: "Running a cluster on one machine" in
``docs/scaling.md``.

The store's and Redis's URLs reach the servers and workers in their environment
(``CRIBKIT_STORE``, ``CRIBKIT_REDIS``), never on their command lines, where every user of the
machine could read a password (``Cluster(redis_password=...)``) in the process list; what is
printed and recorded shows none.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from types import FrameType, TracebackType

from redis import Redis, RedisError

from cribkit.deploy.config import (
    ClusterError,
    check_redis_password,
    free_port,
    haproxy_config,
    redis_config,
    require_binary,
)
from cribkit.deploy.postgresql import PostgreSQL
from cribkit.deploy.processes import Part, Recorded, read_state, stop_all, write_state
from cribkit.deploy.supervisor import Program, SupervisedPart, Supervisor
from cribkit.store.admin import Upgrade, upgrade_store
from cribkit.store.base import StoreError
from cribkit.web.app import load_secret
from cribkit.web.logs import one_line, without_password

__all__ = ["DATABASE", "DEFAULT_FOLDER", "Cluster", "ClusterError", "main", "stop_folder"]

#: Where ``up`` keeps a cluster's files, from the folder it is run in (the project's).
DEFAULT_FOLDER = Path(".cluster")
#: The database the serve processes and workers share.
DATABASE = "cribkit"
#: HAProxy sends a server players while it is ready: its store and Redis answer.
HEALTH_PATH = "/readyz"
_STATE = "cluster.json"
#: The kinds of part, in the order of stopping (PostgreSQL last).
_STOP_ORDER = ("haproxy", "worker", "server", "redis")
_LOOPBACK = "127.0.0.1"


class Cluster:
    """The cluster in ``folder``: ``servers`` serve processes behind HAProxy on
    ``host``:``port`` (0: a free port), ``workers`` worker processes, and Redis unless
    ``redis`` is false (workers need it). Ports of the other parts are free ones, chosen now;
    each server keeps its port across :meth:`kill_server` and :meth:`start_server`.

    ``durable=False`` runs PostgreSQL without ``fsync`` (tests). ``serve_args`` and
    ``worker_args`` are added to every serve and worker command (``--message-rate 0``...).
    ``redis_password`` makes Redis require it (in the URL the servers and workers are given
    in their environment). Each worker answers ``/healthz`` and ``/metrics`` on a port of its
    own (:attr:`worker_health_urls`).
    """

    def __init__(
        self,
        folder: Path = DEFAULT_FOLDER,
        *,
        host: str = _LOOPBACK,
        port: int = 8080,
        servers: int = 2,
        workers: int = 2,
        redis: bool = True,
        public_url: str | None = None,
        health_path: str = HEALTH_PATH,
        durable: bool = True,
        serve_args: Sequence[str] = (),
        worker_args: Sequence[str] = (),
        redis_password: str | None = None,
        supervised: bool = False,
    ) -> None:
        if servers < 1:
            raise ClusterError(f"a cluster needs a server at least, not {servers}")
        if workers < 0:
            raise ClusterError(f"the number of workers is 0 or more, not {workers}")
        if workers and not redis:
            raise ClusterError("workers take their jobs from Redis: --workers 0 with --no-redis")
        if not health_path.startswith("/"):
            raise ClusterError(f"the health check's path starts with /, not {health_path!r}")
        if redis_password is not None:
            if not redis:
                raise ClusterError("a Redis password needs Redis: redis_password with redis=False")
            check_redis_password(redis_password)
        self.folder = folder.resolve()
        self.host = host
        self.port = port or free_port(host)
        self.health_path = health_path
        self.redis_port = free_port() if redis else None
        self.redis_password = redis_password
        self.postgresql = PostgreSQL(self.folder / "postgresql", port=free_port(), durable=durable)
        self.secret_file = self.folder / "session-secret"
        self.public_url = public_url or f"{self.address}/"
        logs = self.folder / "logs"
        python = [sys.executable, "-m", "cribkit"]
        # The URLs by the environment: a command line is read by every user of the machine.
        shared = {"CRIBKIT_STORE": self.store_url}
        if self.redis_url:
            shared["CRIBKIT_REDIS"] = self.redis_url
        # Each server trusts the balancer's X-Forwarded-For, answers the balancer's address and
        # signs cookies with the one secret; the computer thinks in its threads (or the workers).
        serve = ["--trusted-proxy", _LOOPBACK, "--public-url", self.public_url,
                 "--secret-file", str(self.secret_file), "--ai-workers", "0", *serve_args]  # fmt: skip
        self._server_ports = [free_port() for _ in range(servers)]
        self._servers = [
            Part(
                f"server-{index}",
                [*python, "serve", "--host", _LOOPBACK, "--port", str(port), *serve],
                logs / f"server-{index}.log",
                env=dict(shared),
            )
            for index, port in enumerate(self._server_ports)
        ]
        self._worker_health_ports = [free_port() for _ in range(workers)]
        self._workers = [
            Part(
                f"worker-{index}",
                [*python, "worker", "--health-port", str(port), *worker_args],
                logs / f"worker-{index}.log",
                env=dict(shared),
            )
            for index, port in enumerate(self._worker_health_ports)
        ]
        config = str(self.folder / "redis.conf")
        self._redis = Part("redis", ["redis-server", config], logs / "redis.log") if redis else None
        haproxy = ["haproxy", "-db", "-f", str(self.folder / "haproxy.cfg")]
        self._haproxy = Part("haproxy", haproxy, logs / "haproxy.log")
        self._env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        #: supervisord, when it runs the parts (``make cluster``): else they are this process's
        #: children, started and stopped by it alone (the tests' clusters, whose faults come
        #: when the test says).
        self.supervisor = Supervisor(self.folder) if supervised else None
        self._postgresql_part: SupervisedPart | None = None
        if self.supervisor is not None:
            self._supervise(self.supervisor)
        self._started = False
        #: The store's upgrade at the last start (the revision before and after).
        self.upgrade: Upgrade | None = None
        #: Whether this process stops the cluster on SIGTERM (``up`` does): if so it is
        #: recorded, and another shell's ``down`` asks it to stop the cluster in order.
        self.stops_on_sigterm = False

    # The addresses.

    @property
    def address(self) -> str:
        """The balancer's address, the one players open: ``http://127.0.0.1:8080``."""
        # A wildcard address is nobody's to open: the loopback one is.
        shown = {"0.0.0.0": _LOOPBACK, "::": "::1"}.get(self.host, self.host)
        shown = f"[{shown}]" if ":" in shown else shown
        return f"http://{shown}:{self.port}"

    @property
    def store_url(self) -> str:
        """The shared store's URL (``cribkit serve --store``)."""
        return self.postgresql.url(DATABASE)

    @property
    def redis_url(self) -> str | None:
        """Redis's URL (``CRIBKIT_REDIS`` of the servers and workers), with its password if it
        has one, or None in a cluster without Redis."""
        if self.redis_port is None:
            return None
        password = f":{self.redis_password}@" if self.redis_password is not None else ""
        return f"redis://{password}{_LOOPBACK}:{self.redis_port}/0"

    @property
    def server_urls(self) -> list[str]:
        """Each serve process's own address, to talk to one process past the balancer."""
        return [f"http://{_LOOPBACK}:{port}" for port in self._server_ports]

    @property
    def worker_health_urls(self) -> list[str]:
        """Each worker's own address of ``/healthz`` and ``/metrics``."""
        return [f"http://{_LOOPBACK}:{port}" for port in self._worker_health_ports]

    @property
    def server_pids(self) -> list[int | None]:
        """Each serve process's id, None for one not running."""
        return [part.pid for part in self._servers]

    @property
    def worker_pids(self) -> list[int | None]:
        """Each worker's process id, None for one not running."""
        return [part.pid for part in self._workers]

    @property
    def pids(self) -> dict[str, int]:
        """Every running process of the cluster by part (PostgreSQL's postmaster as
        ``postgresql``; its own processes are its children; ``supervisord`` when it runs
        them)."""
        found = {part.name: part.pid for part in self.parts() if part.pid is not None}
        if (postmaster := self.postgresql.pid) is not None:
            found["postgresql"] = postmaster
        if self.supervisor is not None and (pid := self.supervisor.part.pid) is not None:
            found["supervisord"] = pid
        return found

    # Starting and stopping.

    def start(self, timeout: float = 60.0) -> None:
        """Start every part, and return once each is ready and the balancer answers through
        every server. On failure, stop what was started and raise :class:`ClusterError`."""
        if self._started:
            raise ClusterError(f"the cluster in {self.folder} is started already")
        # Every program first: a missing one is said before anything starts.
        for program in ("initdb", "pg_ctl", "haproxy", "redis-server"):
            if program != "redis-server" or self._redis is not None:
                require_binary(program)
        _refuse_running(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._started = True
        deadline = time.monotonic() + timeout
        try:
            self._start_postgresql(timeout)
            self.postgresql.create_database(DATABASE, exist_ok=True)
            # The operator's step, taken for them: servers and workers never upgrade a shared
            # database themselves (they refuse one that is not at their revision).
            self.upgrade = upgrade_store(self.store_url)
            self._save()
            if self._redis is not None:
                self._start_redis(deadline)
            # Made once, here: servers starting together would race to make it.
            load_secret(self.secret_file)
            for server in self._servers:
                server.start(self._env)
            self._save()
            for index in range(len(self._servers)):
                self._wait_server(index, deadline)
            for worker in self._workers:
                worker.start(self._env)
            self._start_haproxy()
            self._save()
            self.wait_balanced(max(1.0, deadline - time.monotonic()))
            for part in self._workers:
                if part.pid is None:
                    raise ClusterError(part.failure())
        except StoreError as error:
            self.stop()
            raise ClusterError(str(error)) from None
        except BaseException:
            self.stop()
            raise

    def stop(self, timeout: float = 10.0) -> None:
        """Stop every part, in the reverse order of starting: the balancer (no new requests),
        the workers, the servers, Redis (each stage with SIGTERM, then SIGKILL for whatever has
        not ended in ``timeout``), and PostgreSQL last. Leaves no process behind."""
        if not self._started:
            return  # (and so never another cluster's, when this one was refused its folder)
        stages: list[list[Part]] = [[self._haproxy], self._workers, self._servers]
        if self._redis is not None:
            stages.append([self._redis])
        try:
            if self.supervisor is not None and self.supervisor.answers():
                assert self._postgresql_part is not None
                ordered: list[list[Part]] = [*stages, [self._postgresql_part]]
                for stage in ordered:
                    self.supervisor.stop_programs([part.name for part in stage])
                self.supervisor.shutdown()
            else:
                for stage in stages:
                    stop_all(stage, timeout)
            if self.supervisor is not None:
                stop_all([self.supervisor.part], timeout)
            self.postgresql.stop("fast", timeout)
        finally:
            self._started = False
            (self.folder / _STATE).unlink(missing_ok=True)

    def kill_server(self, index: int, number: int = signal.SIGKILL) -> None:
        """End serve process ``index`` with the signal ``number`` (SIGKILL: no chance to clean
        up) and wait until it has ended. The balancer notices within two health checks."""
        self._servers[index].signal(number)
        self._save()

    def start_server(self, index: int, timeout: float = 30.0) -> None:
        """Start serve process ``index`` again, on its port; return once the balancer sends it
        requests again."""
        deadline = time.monotonic() + timeout
        self._servers[index].start(self._env)
        self._save()
        self._wait_server(index, deadline)
        self.wait_balanced(max(1.0, deadline - time.monotonic()))

    def kill_worker(self, index: int, number: int = signal.SIGKILL) -> None:
        """End worker ``index`` with the signal ``number`` and wait until it has ended."""
        self._workers[index].signal(number)
        self._save()

    def start_worker(self, index: int) -> None:
        """Start worker ``index`` again."""
        self._workers[index].start(self._env)
        self._save()

    def kill_redis(self, number: int = signal.SIGKILL) -> None:
        """End Redis with the signal ``number`` (SIGKILL: it keeps only its last snapshot) and
        wait until it has ended."""
        assert self._redis is not None, "a cluster without Redis"
        self._redis.signal(number)
        self._save()

    def start_redis(self, timeout: float = 30.0) -> None:
        """Start Redis again, on its port; return once it answers."""
        self._start_redis(time.monotonic() + timeout)

    def restart_postgresql(self, mode: str = "fast") -> None:
        """Stop PostgreSQL (``fast``: its sessions ended; ``immediate``: as in a crash) and
        start it again on the same port; the servers' connections must reconnect."""
        self._unsupervised("restart_postgresql")
        self.postgresql.restart(mode)
        self._save()

    def stop_postgresql(self, mode: str = "immediate") -> None:
        """Stop PostgreSQL (``immediate``: as in a crash) and leave it stopped."""
        self._unsupervised("stop_postgresql")
        self.postgresql.stop(mode)
        self._save()

    def start_postgresql(self, timeout: float = 60.0) -> None:
        """Start PostgreSQL again, on its port."""
        self._unsupervised("start_postgresql")
        self.postgresql.start(timeout)
        self._save()

    def kill_haproxy(self, number: int = signal.SIGKILL) -> None:
        """End the balancer with the signal ``number`` and wait until it has ended."""
        self._haproxy.signal(number)
        self._save()

    def start_haproxy(self, timeout: float = 30.0) -> None:
        """Start the balancer again, on its port; return once it sends requests to the
        servers that run."""
        self._start_haproxy()
        self._save()
        self.wait_balanced(timeout)

    # The balancer's view.

    def balancer_stats(self) -> dict[str, dict[str, str]]:
        """HAProxy's statistics of each server (``server-0``...): its row of ``show stat``
        (``status``, ``stot`` the connections it was sent, ``scur`` those open now...)."""
        with socket.socket(socket.AF_UNIX) as admin:
            admin.settimeout(5.0)
            admin.connect(str(self.folder / "haproxy.sock"))
            admin.sendall(b"show stat\n")
            answer = b""
            while chunk := admin.recv(65536):
                answer += chunk
        lines = answer.decode().splitlines()
        header = lines[0].removeprefix("# ").split(",")
        rows = (dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line)
        return {
            row["svname"]: row
            for row in rows
            if row["pxname"] == "cribkit_servers" and row["svname"].startswith("server-")
        }

    def balancer_states(self) -> dict[str, str]:
        """HAProxy's state of each server (``server-0``...): ``UP``, ``DOWN``, or a change in
        progress (``UP 1/2``: one failed check of the two that take it out)."""
        return {name: row["status"] for name, row in self.balancer_stats().items()}

    def wait_balanced(self, timeout: float = 30.0) -> None:
        """Wait until HAProxy holds every running server up and every other one down, and the
        balancer answers."""
        want = {part.name: "UP" if part.pid else "DOWN" for part in self._servers}
        deadline = time.monotonic() + timeout
        states: dict[str, str] = {}
        while time.monotonic() < deadline:
            if self._haproxy.pid is None:
                raise ClusterError(self._haproxy.failure())
            try:
                states = self.balancer_states()
            except OSError:
                states = {}
            if states == want and _answers(self.address + self.health_path):
                return
            time.sleep(0.1)
        raise ClusterError(f"the balancer did not come to {want} in {timeout:.0f} s: {states}")

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    # The parts.

    def parts(self) -> list[Part]:
        """Every part but PostgreSQL, in the order of starting (their logs: ``part.log``)."""
        return [*([self._redis] if self._redis else []), *self._servers, *self._workers,
                self._haproxy]  # fmt: skip

    def _supervise(self, supervisor: Supervisor) -> None:
        """Make every part one that supervisord runs."""

        def supervised(part: Part) -> SupervisedPart:
            return SupervisedPart(part.name, part.command, part.log, env=part.env,
                                  supervisor=supervisor)  # fmt: skip

        self._servers = [supervised(part) for part in self._servers]
        self._workers = [supervised(part) for part in self._workers]
        self._redis = supervised(self._redis) if self._redis is not None else None
        self._haproxy = supervised(self._haproxy)
        logs = self.folder / "logs"
        self._postgresql_part = SupervisedPart("postgresql", [], logs / "postgresql.log",
                                               supervisor=supervisor)  # fmt: skip

    def _unsupervised(self, method: str) -> None:
        if self.supervisor is not None:
            raise ClusterError(f"{method}: supervisord runs PostgreSQL here (kill it, or stop all)")

    def _start_postgresql(self, timeout: float) -> None:
        """Start PostgreSQL: by ``pg_ctl``, or, supervised, with supervisord first (once every
        program's command is known: supervisord reads them when it starts)."""
        if self.supervisor is None or self._postgresql_part is None:
            self.postgresql.start(timeout)
            return
        self.postgresql.initialise()
        self._postgresql_part.command[:] = self.postgresql.server_command()
        if self._redis is not None:
            self._redis.command[0] = require_binary("redis-server")
        self._haproxy.command[0] = require_binary("haproxy")
        programs = [Program(part.name, part.command, part.log, part.env)
                    for part in self.parts()]  # fmt: skip
        # PostgreSQL's fast shutdown is SIGINT (SIGTERM waits for every session to end).
        programs.insert(0, Program("postgresql", self._postgresql_part.command,
                                   self._postgresql_part.log, user=self.postgresql.runs_as,
                                   stop_signal="INT"))  # fmt: skip
        self.supervisor.write(programs)
        self.supervisor.start(self._env)
        self._save()
        self._postgresql_part.start(self._env)
        self.postgresql.wait_ready(timeout)

    def _start_redis(self, deadline: float) -> None:
        assert self._redis is not None
        assert self.redis_port is not None
        assert self.redis_url is not None
        self._redis.command[0] = require_binary("redis-server")
        (self.folder / "redis").mkdir(exist_ok=True)
        config = redis_config(self.redis_port, self.folder / "redis", password=self.redis_password)
        _write_private(self.folder / "redis.conf", config)
        self._redis.start(self._env)
        self._save()
        while not _redis_answers(self.redis_url):
            if self._redis.pid is None:
                raise ClusterError(self._redis.failure())
            if time.monotonic() > deadline:
                raise ClusterError(f"Redis did not answer on port {self.redis_port}")
            time.sleep(0.05)

    def _wait_server(self, index: int, deadline: float) -> None:
        part, url = self._servers[index], self.server_urls[index] + self.health_path
        while not _answers(url):
            if part.pid is None:
                raise ClusterError(part.failure())
            if time.monotonic() > deadline:
                raise ClusterError(f"{part.name} did not answer {url} (log: {part.log})")
            time.sleep(0.1)

    def _start_haproxy(self) -> None:
        self._haproxy.command[0] = require_binary("haproxy")
        servers = [(_LOOPBACK, port) for port in self._server_ports]
        config = haproxy_config(
            (self.host, self.port),
            servers,
            health_path=self.health_path,
            stats_socket=self.folder / "haproxy.sock",
        )
        (self.folder / "haproxy.cfg").write_text(config)
        self._haproxy.start(self._env)

    def _save(self) -> None:
        """Record every process now running, for ``status`` and another shell's ``down``."""
        parts = [{"name": name, **process.to_json()} for name, pid in self.pids.items()
                 if (process := Recorded.of(pid)) is not None]  # fmt: skip
        controller = Recorded.of(os.getpid()) if self.stops_on_sigterm else None
        write_state(
            self.folder / _STATE,
            {
                "controller": controller.to_json() if controller else None,
                "address": self.address,
                "store_url": without_password(self.store_url),
                "redis_url": self.redis_url and without_password(self.redis_url),
                "server_urls": self.server_urls,
                "worker_health_urls": self.worker_health_urls,
                "parts": parts,
            },
        )


def _answers(url: str) -> bool:
    """Whether ``url`` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=2.0) as response:
            return int(response.status) == 200
    except (OSError, urllib.error.URLError):
        return False


def _redis_answers(url: str) -> bool:
    """Whether Redis at ``url`` answers ``PING`` now (its password given, if it has one)."""
    try:
        with Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0) as client:
            return bool(client.ping())
    except (RedisError, OSError):
        return False


def _write_private(path: Path, text: str) -> None:
    """Write ``path`` readable by this user alone (it may hold a password), from its first
    byte: made with mode 0600, an older file's mode narrowed before it is written."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(text)


def _running_parts(folder: Path) -> tuple[Recorded | None, list[tuple[str, Recorded]]]:
    """From the record in ``folder``: the controller if it still runs, and the parts that do."""
    state = read_state(folder / _STATE) or {}
    controller, entries = state.get("controller"), state.get("parts")
    boss = Recorded.from_json(controller) if isinstance(controller, dict) else None
    parts = []
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and {"name", "pid", "started"} <= entry.keys():
            process = Recorded.from_json(entry)
            if process.alive:
                parts.append((str(entry["name"]), process))
    return (boss if boss and boss.alive and boss.pid != os.getpid() else None), parts


def _refuse_running(folder: Path) -> None:
    controller, parts = _running_parts(folder)
    running = controller is not None or parts or Supervisor(folder).answers()
    if running or PostgreSQL(folder / "postgresql").pid is not None:
        raise ClusterError(
            f"a cluster is running in {folder} already: stop it first "
            f"(python -m cribkit.deploy.cluster down --folder {folder})"
        )


def stop_folder(folder: Path, timeout: float = 10.0) -> bool:
    """Stop the cluster running in ``folder``, started by another process: its controller
    (``up``) stops it in order when it can; whatever still runs after that is stopped here.
    Whether there was anything to stop."""
    folder = folder.resolve()
    controller, parts = _running_parts(folder)
    postgresql = PostgreSQL(folder / "postgresql")
    if controller is None and not parts and postgresql.pid is None:
        return False
    if controller is not None:
        # Its stop takes up to a timeout a stage (and then the kills): give it that.
        stop_all([controller], 5 * timeout + 10.0)
    supervisor = Supervisor(folder)
    if supervisor.answers():  # (its controller is gone: its parts are stopped here, in order)
        names = [status.name for status in supervisor.statuses()]
        for kind in (*_STOP_ORDER, "postgresql"):
            supervisor.stop_programs([name for name in names if name.startswith(kind)])
        supervisor.shutdown()
    controller, parts = _running_parts(folder)
    # The record lists parts in the order of starting: stop them in reverse, a kind at a time.
    for kind in (*_STOP_ORDER, "supervisord"):
        stop_all([process for name, process in parts if name.startswith(kind)], timeout)
    postgresql.stop("fast", timeout)
    (folder / _STATE).unlink(missing_ok=True)
    return True


def _status(folder: Path) -> int:
    folder = folder.resolve()
    controller, parts = _running_parts(folder)
    state = read_state(folder / _STATE) or {}
    if controller is None and not parts and not Supervisor(folder).answers():
        print(f"cribkit cluster: none running in {folder}")
        return 1
    if controller is not None:
        print(f"cribkit cluster: up (pid {controller.pid}) at {state.get('address')}")
    else:
        print("cribkit cluster: its launcher is gone, parts run (make cluster-down stops them)")
    # (recorded without a password; a record written before that is shown without one too)
    print(f"  store       {without_password(str(state.get('store_url')))}")
    if state.get("redis_url"):
        print(f"  redis       {without_password(str(state.get('redis_url')))}")
    servers = state.get("server_urls")
    urls = servers if isinstance(servers, list) else []
    supervisor = Supervisor(folder)
    if supervisor.answers():
        print(f"  {'part':<11} {'state':<8} {'pid':>7} {'uptime':>9} {'restarts':>8}")
        for status in supervisor.statuses():
            pid = "-" if status.pid is None else str(status.pid)
            print(f"  {status.name:<11} {status.state:<8} {pid:>7} {status.uptime_text:>9} "
                  f"{status.restarts:>8}")  # fmt: skip
        return 0
    for name, process in parts:
        where = f"  {urls[int(name[7:])]}" if name.startswith("server-") else ""
        print(f"  {name:<11} pid {process.pid}{where}")
    return 0


def _tell_restarts(supervisor: Supervisor, told: dict[str, int]) -> None:
    """Say once each time supervisord has started a part again since the last look."""
    try:
        statuses = supervisor.statuses()
    except ClusterError as error:
        print(f"cribkit cluster: {error}", flush=True)
        return
    for status in statuses:
        if status.restarts > told.get(status.name, 0):
            told[status.name] = status.restarts
            print(f"cribkit cluster: {status.name} ended and supervisord started it again "
                  f"({status.restarts} restarts; now {status.state})", flush=True)  # fmt: skip


def _up(cluster: Cluster) -> int:
    """Start ``cluster``, keep it up until SIGINT (Ctrl+C) or SIGTERM, then stop it."""
    stopping = threading.Event()
    started = False

    def stop(number: int, frame: FrameType | None) -> None:
        stopping.set()
        if not started:
            raise KeyboardInterrupt  # start() stops what it started

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    cluster.stops_on_sigterm = True
    print(f"cribkit cluster: starting in {cluster.folder}", flush=True)
    try:
        cluster.start()
    except KeyboardInterrupt:
        print("cribkit cluster: stopped while starting", flush=True)
        return 130
    started = True
    print(f"  store       {without_password(cluster.store_url)}")
    if cluster.upgrade is not None and cluster.upgrade.upgraded:
        before = cluster.upgrade.before or "none"
        print(f"  schema      upgraded from revision {before} to {cluster.upgrade.after}")
    if cluster.redis_url:
        print(f"  redis       {without_password(cluster.redis_url)}")
    urls = {f"server-{index}": url for index, url in enumerate(cluster.server_urls)}
    urls |= {f"worker-{index}": url for index, url in enumerate(cluster.worker_health_urls)}
    for part in cluster.parts():
        print(f"  {part.name:<11} pid {part.pid}  {urls.get(part.name, '')}".rstrip())
    print(f"cribkit cluster: playing at {cluster.public_url} (Ctrl+C or make cluster-down to stop)",
          flush=True)  # fmt: skip
    told: dict[str, int] = {}
    while not stopping.wait(1.0):
        if cluster.supervisor is not None:
            _tell_restarts(cluster.supervisor, told)
            continue
        for part in cluster.parts():
            if part.pid is None and part.name not in told:
                told[part.name] = 1
                print(f"cribkit cluster: {part.failure()}", flush=True)
    print("cribkit cluster: stopping", flush=True)
    cluster.stop()
    print("cribkit cluster: stopped", flush=True)
    return 0


def _read_password(path: Path | None) -> str | None:
    """The first line of the file ``path`` (None without one)."""
    if path is None:
        return None
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ClusterError(
            f"cannot read the Redis password file {path}: {one_line(error)}"
        ) from None
    if not lines or not lines[0].strip():
        raise ClusterError(f"the Redis password file {path} is empty")
    return lines[0].strip()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cribkit.deploy.cluster up|down|status``."""
    parser = argparse.ArgumentParser(
        prog="python -m cribkit.deploy.cluster",
        description="PostgreSQL, Redis, cribkit serve and worker processes and HAProxy on "
        "this machine, behind one address.",
    )
    parser.add_argument("command", choices=["up", "down", "status"],
                        help="up: start, and stop on Ctrl+C or SIGTERM; down: stop the cluster "
                        "another shell started; status: what runs")  # fmt: skip
    parser.add_argument("--folder", type=Path, default=DEFAULT_FOLDER,
                        help="where the cluster's files are (default: .cluster)")  # fmt: skip
    parser.add_argument("--host", default=_LOOPBACK, help="the balancer's address")
    parser.add_argument("--port", type=int, default=8080,
                        help="the balancer's port (0: a free one; default 8080)")  # fmt: skip
    parser.add_argument("--servers", type=int, default=2, help="serve processes (default 2)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--redis", action=argparse.BooleanOptionalAction, default=True,
                        help="run Redis and pass --redis to the servers (default: yes)")  # fmt: skip
    parser.add_argument("--public-url", help="the address players open (default: the balancer's)")
    parser.add_argument("--health-path", default=HEALTH_PATH,
                        help=f"what the balancer checks on each server (default {HEALTH_PATH})")  # fmt: skip
    parser.add_argument("--redis-password-file", type=Path,
                        help="make Redis require the password in this file (its first line)")  # fmt: skip
    options = parser.parse_args(argv)
    try:
        if options.command == "down":
            stopped = stop_folder(options.folder)
            shown = options.folder.resolve()
            print(f"cribkit cluster: {'stopped' if stopped else 'none running'} in {shown}")
            return 0
        if options.command == "status":
            return _status(options.folder)
        cluster = Cluster(
            options.folder,
            host=options.host,
            port=options.port,
            servers=options.servers,
            workers=options.workers,
            redis=options.redis,
            public_url=options.public_url,
            health_path=options.health_path,
            redis_password=_read_password(options.redis_password_file),
            supervised=True,
        )
        return _up(cluster)
    except (ClusterError, RuntimeError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
