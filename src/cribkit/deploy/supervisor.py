"""supervisord runs the processes of ``make cluster`` (:class:`cribkit.deploy.cluster.Cluster`
with ``supervised=True``): it restarts a part that dies, rotates its log, and answers what
runs, since when and how often it was restarted (``make cluster-status``).

The cluster writes ``supervisord.conf`` in its folder (readable by its user alone: the
programs' environment holds the store's and Redis's URLs), starts ``supervisord`` in the
foreground as a child of its own session, and starts each program in order through
supervisord's XML-RPC interface on a Unix socket of the folder, waiting for each to be ready
before the next; from then on supervisord alone keeps them running.

>>> print(program_section(Program("redis", ["redis-server", "/srv/c/redis.conf"],
...                                       Path("/srv/c/logs/redis.log"))))  # doctest: +ELLIPSIS
[program:redis]
command=redis-server /srv/c/redis.conf
autostart=false
autorestart=true
...
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import sys
import time
import xmlrpc.client
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cribkit.deploy.config import ClusterError
from cribkit.deploy.processes import Part, Recorded

__all__ = [
    "Program",
    "Status",
    "SupervisedPart",
    "Supervisor",
    "program_section",
    "supervisor_config",
]

#: How often supervisord tries a program that exits before it has run :data:`START_SECONDS`
#: (waiting one second longer each time: a server whose database is down is tried for an hour
#: and a half before it is given up, FATAL).
START_RETRIES = 100
#: How long a program must run to count as started.
START_SECONDS = 1
#: How long a stopping program is given before SIGKILL.
STOP_SECONDS = 10
#: Each log file rotated at this size, with this many old ones kept.
LOG_BYTES = "10MB"
LOG_BACKUPS = 5


@dataclass(frozen=True)
class Program:
    """One program for supervisord: its ``name``, ``command``, ``log`` (standard output and
    error together), ``env`` added to supervisord's own environment, the ``user`` it runs as
    (None: supervisord's) and the signal that stops it."""

    name: str
    command: Sequence[str]
    log: Path
    env: Mapping[str, str] = field(default_factory=dict)
    user: str | None = None
    stop_signal: str = "TERM"


@dataclass(frozen=True)
class Status:
    """What supervisord says of a program: its state (``RUNNING``, ``STARTING``,
    ``BACKOFF``, ``STOPPED``, ``EXITED``, ``FATAL``...), its process id (None unless it
    runs), seconds since it started (None unless it runs), times supervisord has started it
    again after it ended by itself, and its exit status when it last ended."""

    name: str
    state: str
    pid: int | None
    uptime: float | None
    restarts: int
    exit_status: int | None

    @property
    def uptime_text(self) -> str:
        """``1:02:03`` (hours:minutes:seconds), or ``-`` when it does not run."""
        if self.uptime is None:
            return "-"
        seconds = int(self.uptime)
        return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


def _quoted(text: str) -> str:
    # supervisord expands %(name)s in its values: a literal % is written %%.
    return text.replace("%", "%%")


def program_section(program: Program) -> str:
    """The ``[program:NAME]`` section of ``program``."""
    lines = [
        f"[program:{program.name}]",
        f"command={_quoted(shlex.join(program.command))}",
        "autostart=false",  # started in order by the cluster, each once the one before is ready
        "autorestart=true",
        f"startsecs={START_SECONDS}",
        f"startretries={START_RETRIES}",
        f"stopsignal={program.stop_signal}",
        f"stopwaitsecs={STOP_SECONDS}",
        # A server's or worker's own children (the computer's processes) go with it.
        "stopasgroup=true",
        "killasgroup=true",
        "redirect_stderr=true",
        f"stdout_logfile={_quoted(str(program.log))}",
        f"stdout_logfile_maxbytes={LOG_BYTES}",
        f"stdout_logfile_backups={LOG_BACKUPS}",
    ]
    if program.env:
        pairs = ",".join(f'{name}="{_quoted(value)}"' for name, value in program.env.items())
        lines.append(f"environment={pairs}")
    if program.user is not None:
        lines.append(f"user={program.user}")
    return "\n".join(lines)


def supervisor_config(folder: Path, programs: Sequence[Program]) -> str:
    """supervisord's configuration for the cluster in ``folder``."""
    logs = folder / "logs"
    head = f"""\
; Written by cribkit.deploy.cluster: the processes of the cluster in this folder.
[unix_http_server]
file={_quoted(str(folder / "supervisor.sock"))}
chmod=0700

[supervisord]
nodaemon=true
silent=true
logfile={_quoted(str(logs / "supervisord.log"))}
logfile_maxbytes={LOG_BYTES}
logfile_backups={LOG_BACKUPS}
pidfile={_quoted(str(folder / "supervisord.pid"))}
childlogdir={_quoted(str(logs))}

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://{_quoted(str(folder / "supervisor.sock"))}
"""
    return head + "".join(f"\n{program_section(program)}\n" for program in programs)


class Supervisor:
    """supervisord of the cluster in ``folder``: started by :meth:`start` (or found running,
    by another shell's ``down`` and ``status``), asked through its socket."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.config = folder / "supervisord.conf"
        self.socket = folder / "supervisor.sock"
        self.log = folder / "logs" / "supervisord.log"
        binary = Path(sys.executable).with_name("supervisord")
        command = [str(binary), "--nodaemon", "--configuration", str(self.config)]
        self.part = Part("supervisord", command, folder / "logs" / "supervisord.out")

    def write(self, programs: Sequence[Program]) -> None:
        """Write the configuration of ``programs`` (readable by this user alone)."""
        (self.folder / "logs").mkdir(parents=True, exist_ok=True)
        text = supervisor_config(self.folder, programs)
        with os.fdopen(
            os.open(self.config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w"
        ) as f:
            os.fchmod(f.fileno(), 0o600)
            f.write(text)

    def start(self, env: Mapping[str, str], timeout: float = 30.0) -> None:
        """Start supervisord and wait until it answers."""
        if not Path(self.part.command[0]).is_file():
            raise ClusterError(
                "supervisord is not installed: pip install 'cribkit[cluster]' (make does)"
            )
        self.socket.unlink(missing_ok=True)  # (left by a supervisord that was killed)
        self.part.start(env)
        deadline = time.monotonic() + timeout
        while not self.answers():
            if self.part.pid is None:
                raise ClusterError(self.part.failure())
            if time.monotonic() > deadline:
                raise ClusterError(f"supervisord did not answer in {timeout:.0f} s")
            time.sleep(0.05)

    def _proxy(self) -> Any:
        from supervisor.xmlrpc import SupervisorTransport

        transport = SupervisorTransport(None, None, f"unix://{self.socket}")
        return xmlrpc.client.ServerProxy("http://127.0.0.1", transport=transport)

    def answers(self) -> bool:
        """Whether supervisord answers on its socket now."""
        if not self.socket.exists():
            return False
        try:
            return bool(self._proxy().supervisor.getState()["statename"] == "RUNNING")
        except (OSError, xmlrpc.client.Error):
            return False

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self._proxy().supervisor, method)(*args)
        except xmlrpc.client.Fault as fault:
            raise ClusterError(f"supervisord: {method} {' '.join(map(str, args))}: "
                               f"{fault.faultString}") from None  # fmt: skip
        except OSError as error:
            raise ClusterError(f"supervisord does not answer on {self.socket}: {error}") from None

    def start_program(self, name: str) -> None:
        """Start ``name`` and return once it runs (its readiness is the caller's to wait for)."""
        self._call("startProcess", name, False)
        deadline = time.monotonic() + 30.0
        while (status := self.status(name)).pid is None:
            if status.state in ("FATAL", "EXITED", "BACKOFF") or time.monotonic() > deadline:
                raise ClusterError(f"{name} did not start: {status.state} (log: see logs/)")
            time.sleep(0.05)

    def stop_programs(self, names: Sequence[str]) -> None:
        """Stop ``names`` together (SIGKILL after :data:`STOP_SECONDS`) and wait for them."""
        for name in names:
            if self.status(name).state not in ("STOPPED", "EXITED", "FATAL"):
                try:
                    self._call("stopProcess", name, False)
                except ClusterError as error:
                    if "NOT_RUNNING" not in str(error):
                        raise
        deadline = time.monotonic() + STOP_SECONDS + 10.0
        while any(self.status(name).pid is not None for name in names):
            if time.monotonic() > deadline:
                raise ClusterError(f"supervisord could not stop {', '.join(names)}")
            time.sleep(0.05)

    def shutdown(self, timeout: float = 30.0) -> None:
        """Stop every program and supervisord itself, and wait until it has ended."""
        pid = self._call("getPID")
        self._call("shutdown")
        deadline = time.monotonic() + timeout
        process = Recorded.of(int(pid))
        while process is not None and process.alive and time.monotonic() < deadline:
            time.sleep(0.05)
        if self.part.process is not None:
            self.part.process.wait(timeout=max(0.1, deadline - time.monotonic()))

    def status(self, name: str) -> Status:
        """What supervisord says of ``name``."""
        return self._status(self._call("getProcessInfo", name), self.restarts())

    def statuses(self) -> list[Status]:
        """What supervisord says of every program, in the configuration's order."""
        restarts = self.restarts()
        return [self._status(info, restarts) for info in self._call("getAllProcessInfo")]

    def _status(self, info: Mapping[str, Any], restarts: Mapping[str, int]) -> Status:
        running = info["statename"] in ("RUNNING", "STARTING", "STOPPING") and info["pid"]
        return Status(
            name=str(info["name"]),
            state=str(info["statename"]),
            pid=int(info["pid"]) if running else None,
            uptime=float(info["now"] - info["start"]) if running else None,
            restarts=restarts.get(str(info["name"]), 0),
            exit_status=None if running else int(info["exitstatus"]),
        )

    def restarts(self) -> Counter[str]:
        """How many times each program ended by itself (supervisord then starts it again),
        read in one pass of its log, which says so each time (``exited: NAME (terminated by
        SIGKILL; not expected)``; a stop asked for is ``stopped: NAME``)."""
        try:
            with self.log.open(errors="replace") as log:
                return Counter(found.group(1) for line in log if (found := _EXITED.search(line)))
        except OSError:
            return Counter()


#: supervisord's log line for a program that ended by itself: its name.
_EXITED = re.compile(r"exited: (\S+) \(")


@dataclass
class SupervisedPart(Part):
    """A part of the cluster run by supervisord: started through it (the cluster's order),
    its process id and exit status as supervisord says."""

    supervisor: Supervisor | None = None

    @property
    def _supervisor(self) -> Supervisor:
        assert self.supervisor is not None, "a supervised part without its supervisor"
        return self.supervisor

    @property
    def pid(self) -> int | None:
        return self._supervisor.status(self.name).pid

    @property
    def exit_status(self) -> int | None:
        return self._supervisor.status(self.name).exit_status

    def start(self, env: Mapping[str, str]) -> None:
        self._supervisor.start_program(self.name)

    def signal(self, number: int = signal.SIGTERM, timeout: float | None = 10.0) -> None:
        """Send the signal to the program's process (not through supervisord, which sees it
        end as a crash, and starts it again) and wait ``timeout`` for that process to end."""
        pid = self.pid
        process = None if pid is None else Recorded.of(pid)
        if process is None:
            return
        os.kill(process.pid, number)
        deadline = time.monotonic() + (timeout or 0.0)
        while process.alive and time.monotonic() < deadline:
            time.sleep(0.05)
