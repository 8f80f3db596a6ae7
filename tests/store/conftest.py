"""The store suite's backends: every test taking ``store_url`` runs against SQLite and against a
real PostgreSQL server started for the session (Debian's ``postgresql`` binaries, a throwaway
cluster in a temporary folder, reached by its Unix socket only).

Without PostgreSQL's binaries the PostgreSQL half skips, saying why; with ``CI`` set it fails.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI runs the store suite against PostgreSQL (.ci/run installs it)")
    pytest.skip(f"{reason} (apt-get install postgresql)")


class Server:
    """A PostgreSQL server of its own: ``database()`` makes a new, empty database's URL."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.socket = folder / "socket"
        self.data = folder / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            runuser = shutil.which("runuser")
            if runuser is None:
                _missing("no runuser to start PostgreSQL as the postgres user")
            self._as = [str(runuser), "-u", "postgres", "--"]
            shutil.chown(folder, "postgres")
        self.socket.mkdir()
        if self._as:
            shutil.chown(self.socket, "postgres")
        initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
        assert initdb is not None
        assert pg_ctl is not None
        self.pg_ctl = pg_ctl
        self._run(initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = f"-c listen_addresses='' -c unix_socket_directories={self.socket} -c fsync=off"
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(folder / "log"),
                  "-w", "start")  # fmt: skip

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as, *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def admin(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host=str(self.socket), user="postgres", dbname="postgres", autocommit=True
        )

    def database(self) -> str:
        name = f"t_{uuid.uuid4().hex[:12]}"
        with self.admin() as db:
            db.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@/{name}?host={self.socket}"

    def stop(self) -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop")


@pytest.fixture(scope="session")
def postgresql() -> Iterator[Server]:
    """A PostgreSQL server for the session."""
    if _bin("initdb") is None or _bin("pg_ctl") is None:
        _missing("PostgreSQL's initdb and pg_ctl are not installed")
    # Not under pytest's own temporary folder: the postgres user must reach it.
    folder = Path(tempfile.mkdtemp(prefix="cribkit-pg-"))
    folder.chmod(0o755)
    server = Server(folder)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def new_url(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """A maker of new, empty stores' URLs of each backend (SQLite: files in ``tmp_path``)."""
    if request.param == "postgresql":
        server: Server = request.getfixturevalue("postgresql")
        return server.database
    counter = iter(range(10**6))
    return lambda: f"sqlite:///{tmp_path / f'store{next(counter)}.db'}"


@pytest.fixture
def store_url(new_url: Callable[[], str]) -> str:
    """The URL of a new, empty store of each backend."""
    return new_url()
