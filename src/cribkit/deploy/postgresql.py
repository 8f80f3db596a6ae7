"""A PostgreSQL server of its own, in a folder: Debian's ``initdb`` and ``pg_ctl`` (as the
``postgres`` user when run as root, since PostgreSQL refuses root), trust authentication, its
Unix socket in the folder, and TCP on loopback when given a port.

It is the cluster's database (:mod:`cribkit.deploy.cluster`) and the store suite's throwaway
server (``tests/store/conftest.py``). Trust authentication is for a machine of one's own: on
loopback and a folder's socket, anyone who can log in to the machine can reach it.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import psycopg

from cribkit.deploy.config import ClusterError, require_binary
from cribkit.web.logs import one_line

__all__ = ["PostgreSQL"]


class PostgreSQL:
    """The server whose files are in ``folder`` (made, and the database cluster initialised,
    on the first :meth:`start`). With ``port`` it also listens on 127.0.0.1:``port``; without,
    on its socket only. ``durable=False`` turns ``fsync`` off (and initdb's syncing): for tests,
    whose data need not survive the machine."""

    def __init__(self, folder: Path, *, port: int | None = None, durable: bool = True) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.socket = folder / "socket"
        self.log = folder / "postgresql.log"
        self.port = port
        self.durable = durable
        # PostgreSQL refuses to run as root: then its programs run as the postgres user.
        runuser = shutil.which("runuser") if os.geteuid() == 0 else None
        self._as = [runuser, "-u", "postgres", "--"] if runuser else []

    def url(self, database: str) -> str:
        """The store URL of ``database`` (``cribkit serve --store``): by TCP when listening on a
        port, else by the socket."""
        if self.port is not None:
            return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"
        return f"postgresql://postgres@/{database}?host={self.socket}"

    @property
    def pid(self) -> int | None:
        """The postmaster's process id while it runs (from its ``postmaster.pid``), else None."""
        try:
            pid = int((self.data / "postmaster.pid").read_text().split("\n", 1)[0])
            os.kill(pid, 0)
        except (OSError, ValueError):
            return None
        return pid

    def initialise(self) -> None:
        """Make the folder and, the first time, the database cluster's files."""
        initdb = require_binary("initdb")
        self._prepare_folder()
        if not (self.data / "PG_VERSION").is_file():
            sync = [] if self.durable else ["--no-sync"]
            self._run(initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                      *sync)  # fmt: skip

    @property
    def settings(self) -> dict[str, str]:
        """The server's settings, given on its command line."""
        settings = {
            "listen_addresses": "127.0.0.1" if self.port is not None else "",
            "unix_socket_directories": str(self.socket),
            "fsync": "on" if self.durable else "off",
        }
        if self.port is not None:
            settings["port"] = str(self.port)
        return settings

    def server_command(self) -> list[str]:
        """The server in the foreground, its log on standard error (for a supervisor to run,
        as the postgres user when run by root: :attr:`runs_as`); :meth:`initialise` first."""
        options = [f"-c{name}={value}" for name, value in self.settings.items()]
        return [require_binary("postgres"), "-D", str(self.data), *options]

    @property
    def runs_as(self) -> str | None:
        """The user the server must run as (postgres, when this process is root), or None."""
        return "postgres" if self._as else None

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until the server takes connections."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                with self.admin():
                    return
            except psycopg.OperationalError as error:
                if time.monotonic() > deadline:
                    raise ClusterError(f"PostgreSQL did not start: {one_line(error)}") from None
            time.sleep(0.1)

    def start(self, timeout: float = 60.0) -> None:
        """Start the server (initialising its files on the first start) and wait until it takes
        connections."""
        pg_ctl = require_binary("pg_ctl")
        self.initialise()
        # pg_ctl hands the options to a shell: each setting is quoted for it.
        options = " ".join(
            f"-c {shlex.quote(f'{name}={value}')}" for name, value in self.settings.items()
        )
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.log), "-w",
                  "-t", str(round(timeout)), "start")  # fmt: skip

    def stop(self, mode: str = "fast", timeout: float = 30.0) -> None:
        """Stop the server if it runs: ``fast`` (sessions ended, a clean shutdown) or
        ``immediate`` (no shutdown checkpoint: a crash, recovered on the next start); a fast
        stop that does not end in ``timeout`` becomes an immediate one."""
        if self.pid is None:
            return
        pg_ctl = require_binary("pg_ctl")
        try:
            self._run(pg_ctl, "-D", str(self.data), "-m", mode, "-w", "-t", str(round(timeout)),
                      "stop")  # fmt: skip
        except ClusterError:
            if mode == "immediate" or self.pid is None:
                raise
            self._run(pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def restart(self, mode: str = "fast") -> None:
        """Stop the server (``mode`` as for :meth:`stop`) and start it again, on the same port."""
        self.stop(mode)
        self.start()

    def admin(self) -> psycopg.Connection[tuple[object, ...]]:
        """A connection to the ``postgres`` database, by the socket, outside any transaction."""
        return psycopg.connect(
            host=str(self.socket),
            port=self.port or 5432,
            user="postgres",
            dbname="postgres",
            autocommit=True,
        )

    def create_database(self, name: str, *, exist_ok: bool = False) -> str:
        """Create the database ``name`` (unless ``exist_ok`` and it exists); its store URL."""
        if not name.isidentifier():
            raise ClusterError(f"a database name is letters, digits and _, not {name!r}")
        with self.admin() as db:
            found = db.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            if found is None or not exist_ok:
                db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def _prepare_folder(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.socket.mkdir(exist_ok=True)
        if os.geteuid() != 0:
            return
        if not self._as:
            raise ClusterError("PostgreSQL refuses to run as root, and there is no runuser")
        for path in (self.folder, self.socket):
            shutil.chown(path, "postgres")
        self.folder.chmod(0o700)
        # The postgres user must reach the folder through every folder above it.
        reach = subprocess.run([*self._as, "test", "-w", str(self.folder)], check=False)
        if reach.returncode != 0:
            raise ClusterError(
                f"the postgres user cannot reach {self.folder}: PostgreSQL runs as postgres, "
                "so choose a folder every user may enter (e.g. under /tmp or /srv)"
            )

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as, *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            output = " ".join(f"{done.stdout} {done.stderr}".split())
            raise ClusterError(f"{Path(command[0]).name} failed: {output} (log: {self.log})")
