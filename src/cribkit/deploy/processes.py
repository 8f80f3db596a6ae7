"""The processes of a cluster (:mod:`cribkit.deploy.cluster`): each part a child with its log file,
and the record of every part's process in the cluster's folder, by which another shell's
``down`` stops a cluster it did not start.

A process is recorded by its id *and* its start time (``/proc/PID/stat``), so that an id the
system has since given to another process is never taken for the part and signalled.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Part", "Recorded", "last_line", "read_state", "stop_all", "write_state"]

#: The box drawing around Typer's errors, and spaces.
_FRAME = " \t│╭╮╰╯─"


@dataclass(frozen=True)
class Recorded:
    """A process as recorded: its id and its start time (clock ticks after boot)."""

    pid: int
    started: int

    @classmethod
    def of(cls, pid: int) -> Recorded | None:
        """The running process ``pid``, or None if there is none."""
        started = _start_time(pid)
        return None if started is None else cls(pid, started)

    @property
    def alive(self) -> bool:
        """Whether this very process still runs (a zombie has ended)."""
        return _start_time(self.pid) == self.started

    def to_json(self) -> dict[str, int]:
        return {"pid": self.pid, "started": self.started}

    @classmethod
    def from_json(cls, data: Mapping[str, int]) -> Recorded:
        return cls(int(data["pid"]), int(data["started"]))


def _start_time(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command's name, in parentheses, may hold spaces: the fields count from after it.
    fields = stat.rsplit(")", 1)[1].split()
    if fields[0] == "Z":
        return None
    return int(fields[19])


def last_line(log: Path) -> str:
    """The last line a part wrote to its log (its error, when it exits at once), or ''."""
    try:
        with log.open("rb") as file:
            file.seek(max(0, file.seek(0, os.SEEK_END) - 4096))
            lines = file.read().decode(errors="replace").splitlines()
    except OSError:
        return ""
    # Typer draws its errors in a box: the line is what is inside.
    said = (line.strip(_FRAME) for line in reversed(lines))
    return next((line for line in said if line), "")


@dataclass
class Part:
    """One process of the cluster: ``name`` (``server-0``, ``worker-1``, ``redis``,
    ``haproxy``), run as ``command``, its output appended to ``log``; ``env`` is added to the
    environment it is started with (what it must be told but not on its command line, which
    every user of the machine reads: the store's and Redis's URLs)."""

    name: str
    command: list[str]
    log: Path
    process: subprocess.Popen[bytes] | None = None
    env: dict[str, str] = field(default_factory=dict)

    @property
    def pid(self) -> int | None:
        """The process id while it runs, else None."""
        if self.process is None or self.process.poll() is not None:
            return None
        return self.process.pid

    @property
    def exit_status(self) -> int | None:
        """How it ended (a negative number: by that signal), None if it runs or never ran."""
        return None if self.process is None else self.process.poll()

    def start(self, env: Mapping[str, str]) -> None:
        """Start it with the environment ``env`` and its own (:attr:`env`). In a session of its
        own: the Ctrl+C that a terminal sends to the whole foreground group reaches the
        cluster's controller only, which stops the parts in order."""
        if self.pid is not None:
            raise RuntimeError(f"{self.name} is running already (pid {self.pid})")
        self.log.parent.mkdir(parents=True, exist_ok=True)
        # A file, not a pipe: a pipe nobody reads would block the part once full.
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**env, **self.env},
                start_new_session=True,
            )

    def failure(self) -> str:
        """One line on how it ended, with the last line of its log."""
        said = last_line(self.log)
        return f"{self.name} exited with status {self.exit_status}" + (
            f": {said} (log: {self.log})" if said else f" (log: {self.log})"
        )

    def signal(self, number: int = signal.SIGTERM, timeout: float | None = 10.0) -> None:
        """Send it the signal ``number`` and, unless ``timeout`` is None, wait that long for it to
        end (then SIGKILL it)."""
        if self.pid is None:
            return
        _send(self, number)
        if timeout is not None and _wait([self], timeout):
            stop_all([self], 0.0)


def stop_all(parts: Sequence[Part | Recorded], timeout: float = 10.0) -> None:
    """End ``parts`` together: SIGTERM each, wait until all have ended or ``timeout`` has
    passed, then SIGKILL whichever have not (and wait for those)."""
    running = [part for part in parts if _running(part)]
    for part in running:
        _send(part, signal.SIGTERM)
    stragglers = _wait(running, timeout)
    for part in stragglers:
        _send(part, signal.SIGKILL)
    if left := _wait(stragglers, 10.0):
        raise RuntimeError(f"could not stop {', '.join(map(_name, left))}")


def _wait(parts: Sequence[Part | Recorded], timeout: float) -> list[Part | Recorded]:
    """Wait up to ``timeout`` for ``parts`` to end; those still running."""
    deadline = time.monotonic() + timeout
    running = [part for part in parts if _running(part)]
    while running and time.monotonic() < deadline:
        time.sleep(0.05)
        running = [part for part in running if _running(part)]
    return running


def _running(part: Part | Recorded) -> bool:
    return part.pid is not None if isinstance(part, Part) else part.alive


def _send(part: Part | Recorded, number: int) -> None:
    if isinstance(part, Part):
        if part.process is not None and part.process.poll() is None:
            part.process.send_signal(number)
    elif part.alive:
        os.kill(part.pid, number)


def _name(part: Part | Recorded) -> str:
    return part.name if isinstance(part, Part) else f"pid {part.pid}"


def write_state(path: Path, state: Mapping[str, object]) -> None:
    """Write the cluster's record (JSON) whole or not at all: another shell may read it now."""
    draft = path.with_suffix(".tmp")
    draft.write_text(json.dumps(state, indent=2) + "\n")
    draft.replace(path)


def read_state(path: Path) -> dict[str, object] | None:
    """The cluster's record, or None if there is none (or it is unreadable: nothing to trust)."""
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None
