"""The cluster tests' fixture: ``cluster_factory``, clusters of real processes on this machine.

``cluster_factory(servers=2, workers=0, redis=False, **options)`` starts a
:class:`cribkit.deploy.cluster.Cluster` (PostgreSQL, Redis when ``redis``, ``servers`` ``cribkit
serve`` processes, ``workers`` ``cribkit worker`` processes, HAProxy in front) and returns it
once every part is ready and the balancer answers through every server. Each cluster has a new
folder under the system's temporary folder (not pytest's: the postgres user must reach it) and
free ports only, so tests run beside a ``make cluster`` and beside each other. Every cluster a
test made is stopped at its teardown whatever happened (the test's failure, a failed start), and
its folder removed; a failed test's folder is kept, with every part's log in ``logs/``, and its
path printed.

``options`` are :class:`~cribkit.deploy.cluster.Cluster`'s others: ``serve_args=["--message-rate",
"0"]``, ``worker_args``, ``health_path``, ``redis_password`` (Redis then requires it, and
``cluster.redis_url`` holds it). PostgreSQL runs without fsync (``durable=False``).
What a test then has, for the acceptance tests of the cluster:

- ``cluster.address`` (the balancer), ``cluster.server_urls`` (each server, past it),
  ``cluster.worker_health_urls`` (each worker's ``/healthz`` and ``/metrics``),
  ``cluster.store_url``, ``cluster.redis_url``;
- ``cluster.server_pids``, ``cluster.worker_pids`` (None for a part not running),
  ``cluster.pids`` (every process by part, PostgreSQL's postmaster as ``postgresql``);
- ``cluster.kill_server(i)`` (SIGKILL, or ``kill_server(i, signal.SIGTERM)``) and
  ``cluster.start_server(i)`` (on its port, returning once the balancer sends it requests
  again), ``kill_worker(i)`` and ``start_worker(i)``, ``restart_postgresql()`` (``"fast"`` or
  ``"immediate"``, as in a crash);
- ``cluster.balancer_states()`` (``{"server-0": "UP", ...}``, as HAProxy sees them) and
  ``cluster.wait_balanced()`` (until it holds the running servers up and the others down).

Without PostgreSQL, Redis or HAProxy the tests skip, naming the Debian package to install;
with ``CI`` set they fail (``.ci/run`` installs them).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cribkit.deploy.cluster import Cluster
from cribkit.deploy.config import DEBIAN_PACKAGES, find_binary, free_port, missing_binary
from tests.needs import missing

ClusterFactory = Callable[..., Cluster]
SUITE = "the cluster tests"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test, so that a fixture's teardown knows it failed."""
    report = yield
    item.stash.setdefault(_FAILED, False)
    if report.failed:
        item.stash[_FAILED] = True
    return report


_FAILED = pytest.StashKey[bool]()


def require_programs(redis: bool) -> None:
    """Skip (or, under CI, fail) the test if a program the cluster runs is not installed."""
    for program in ("initdb", "pg_ctl", "haproxy", *(("redis-server",) if redis else ())):
        if find_binary(program) is None:
            missing(missing_binary(program), DEBIAN_PACKAGES[program], SUITE)


@pytest.fixture
def cluster_factory(request: pytest.FixtureRequest) -> Iterator[ClusterFactory]:
    """A maker of started clusters, each stopped at the test's teardown (see the module)."""
    made: list[tuple[Cluster, Path]] = []

    def make(servers: int = 2, workers: int = 0, redis: bool = False, **options: Any) -> Cluster:
        require_programs(redis)
        folder = Path(tempfile.mkdtemp(prefix="cribkit-cluster-"))
        folder.chmod(0o755)
        cluster = Cluster(
            folder / "cluster",
            port=free_port(),
            servers=servers,
            workers=workers,
            redis=redis,
            durable=False,
            **options,
        )
        made.append((cluster, folder))
        cluster.start()
        return cluster

    try:
        yield make
    finally:
        for cluster, folder in made:
            try:
                cluster.stop()
            finally:
                if request.node.stash.get(_FAILED, False):
                    print(f"the cluster's files are kept in {folder}", file=sys.stderr)
                else:
                    shutil.rmtree(folder, ignore_errors=True)
