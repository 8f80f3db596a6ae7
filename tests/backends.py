"""The stores' backends, a plugin of the whole suite (the store's and the accounts' tests): every
test taking ``store_url`` runs against SQLite and against a real PostgreSQL server started for
the session (Debian's ``postgresql`` binaries, a throwaway cluster in a temporary folder, reached
by its Unix socket only: the cluster's own :class:`cribkit.deploy.postgresql.PostgreSQL`).

Without PostgreSQL's binaries the PostgreSQL half skips, saying why; with ``CI`` set it fails.

A new PostgreSQL database is upgraded to the schema before a test has it, as an operator's
``cribkit db upgrade`` would (the store no longer upgrades a shared database itself);
``empty_postgresql`` makes databases left empty.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cribkit.deploy.config import postgresql_binary
from cribkit.deploy.postgresql import PostgreSQL
from cribkit.store.admin import upgrade_store
from cribkit.store.base import Store, open_store
from tests.needs import missing

SUITE = "the store suite against PostgreSQL"


@pytest.fixture(scope="session")
def postgresql() -> Iterator[PostgreSQL]:
    """A PostgreSQL server for the session (its socket only, no TCP port; no fsync)."""
    if postgresql_binary("initdb") is None or postgresql_binary("pg_ctl") is None:
        missing("PostgreSQL's initdb and pg_ctl are not installed", "postgresql", SUITE)
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        missing("no runuser to start PostgreSQL as the postgres user", "util-linux", SUITE)
    # Not under pytest's own temporary folder: the postgres user must reach it.
    folder = Path(tempfile.mkdtemp(prefix="cribkit-pg-"))
    folder.chmod(0o755)
    server = PostgreSQL(folder / "server", durable=False)
    try:
        server.start()
        yield server
    finally:
        server.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def new_url(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """A maker of new, empty stores' URLs of each backend (SQLite: files in ``tmp_path``)."""
    if request.param == "postgresql":
        make: Callable[[], str] = request.getfixturevalue("empty_postgresql")

        def upgraded() -> str:
            url = make()
            upgrade_store(url)
            return url

        return upgraded
    counter = iter(range(10**6))
    return lambda: f"sqlite:///{tmp_path / f'store{next(counter)}.db'}"


@pytest.fixture
def empty_postgresql(postgresql: PostgreSQL) -> Callable[[], str]:
    """A maker of new PostgreSQL databases' URLs, left empty (no tables, no revision)."""
    return lambda: postgresql.create_database(f"t_{uuid.uuid4().hex[:12]}")


@pytest.fixture
def store_url(new_url: Callable[[], str]) -> str:
    """The URL of a new, empty store of each backend."""
    return new_url()


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    """The store at ``store_url`` (each backend in turn), closed after the test."""
    opened = open_store(store_url)
    try:
        yield opened
    finally:
        opened.close()
