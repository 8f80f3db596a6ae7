"""Secrets through the real ``cribkit`` command (issue 35): the store's and Redis's URLs from the
command line, ``CRIBKIT_STORE`` / ``CRIBKIT_REDIS`` or ``--store-file`` / ``--redis-file``; a URL
holding a password refused on the command line in one line, exit status 2, saying where to put
it; files that cannot serve refused the same way; and a password given the right way never
printed. Then ``cribkit worker --health-port 0``: its address printed, ``/healthz`` 503 with
the reason while Redis does not answer, ``/metrics`` behind its token."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from tests.cli.test_bad_input import COMMAND, assert_one_line

from cribkit.deploy.config import free_port

PASSWORD = "Pw-9f3kq2"
#: The URLs of a store and a Redis that are never reached: the commands refuse them first.
STORE = f"postgresql://cribkit:{PASSWORD}@127.0.0.1:1/cribkit"
REDIS = f"redis://:{PASSWORD}@127.0.0.1:1/0"


def cribkit(
    home: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the command with ``env`` added to an environment without cribkit's variables."""
    base = {key: value for key, value in os.environ.items() if not key.startswith("CRIBKIT_")}
    return subprocess.run(
        [*COMMAND, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**base, "CRIBKIT_HOME": str(home), "COLUMNS": "200", **(env or {})},
        timeout=60,
        check=False,
    )


def assert_hidden(result: subprocess.CompletedProcess[str]) -> None:
    assert PASSWORD not in result.stdout + result.stderr, result


@pytest.mark.parametrize(
    ("args", "option", "variable"),
    [
        (["serve", "--port", "0", "--store", STORE], "--store", "CRIBKIT_STORE"),
        (["serve", "--port", "0", "--redis", REDIS], "--redis", "CRIBKIT_REDIS"),
        (["worker", "--redis", REDIS], "--redis", "CRIBKIT_REDIS"),
        (["worker", "--redis", "redis://127.0.0.1:1/0", "--store", STORE], "--store",
         "CRIBKIT_STORE"),
        (["db", "status", "--store", STORE], "--store", "CRIBKIT_STORE"),
        (["db", "upgrade", "--store", "postgresql://cribkit@db/x?password=" + PASSWORD],
         "--store", "CRIBKIT_STORE"),
        (["db", "backup", "copy.db", "--store", STORE], "--store", "CRIBKIT_STORE"),
    ],
)  # fmt: skip
def test_a_password_on_the_command_line_is_refused_in_one_line(
    home: Path, args: list[str], option: str, variable: str
) -> None:
    result = cribkit(home, *args)
    line = assert_one_line(result, f"{option} holds a password", variable, f"{option}-file PATH")
    assert "process list" in line
    assert_hidden(result)


def test_a_password_given_by_the_variable_or_a_file_is_used_and_never_printed(
    home: Path, tmp_path: Path
) -> None:
    # The variable: the store is tried (and does not answer), its URL shown without the password.
    by_variable = cribkit(home, "db", "status", env={"CRIBKIT_STORE": STORE})
    assert_one_line(by_variable, "cannot open the store postgresql://cribkit:***@127.0.0.1:1/")
    assert_hidden(by_variable)
    # The file: the same, for every command that takes a store.
    url_file = tmp_path / "store-url"
    url_file.write_text(f"  {STORE}\n")
    for args in (["db", "upgrade"], ["worker", "--redis", "redis://127.0.0.1:1/0"]):
        from_file = cribkit(home, *args, "--store-file", str(url_file))
        assert_one_line(from_file, "postgresql://cribkit:***@127.0.0.1:1/cribkit")
        assert_hidden(from_file)
    # Redis's URL from its variable, refused by its parser: named without the password.
    bad_port = f"redis://:{PASSWORD}@127.0.0.1:port/0"
    refused = cribkit(home, "serve", "--port", "0", env={"CRIBKIT_REDIS": bad_port})
    assert_one_line(refused, "--redis 'redis://:***@127.0.0.1:port/0'")
    assert_hidden(refused)


def test_the_store_comes_from_the_command_line_the_variable_or_a_file(
    home: Path, tmp_path: Path
) -> None:
    mine, theirs = tmp_path / "mine.db", tmp_path / "theirs.db"
    url_file = tmp_path / "store-url"
    url_file.write_text(f"sqlite:///{mine}\n")

    def status(*args: str, env: dict[str, str] | None = None) -> str:
        result = cribkit(home, "db", "status", "--json", *args, env=env)
        assert result.returncode == 0, result.stderr
        return str(__import__("json").loads(result.stdout)["store"])

    assert status("--store", f"sqlite:///{mine}") == f"sqlite:///{mine}"
    assert status(env={"CRIBKIT_STORE": f"sqlite:///{mine}"}) == f"sqlite:///{mine}"
    assert status("--store-file", str(url_file)) == f"sqlite:///{mine}"
    # A file named on the command line says more than the environment.
    assert status("--store-file", str(url_file), env={"CRIBKIT_STORE": f"sqlite:///{theirs}"}) == (
        f"sqlite:///{mine}"
    )
    # (and --store without a password stays as it was)
    assert status("--store", f"sqlite:///{theirs}") == f"sqlite:///{theirs}"


def test_files_that_cannot_serve_are_refused_in_one_line(home: Path, tmp_path: Path) -> None:
    empty, missing, binary = tmp_path / "empty", tmp_path / "missing", tmp_path / "binary"
    empty.write_text(" \n")
    binary.write_bytes(b"\xff\xfe\x00secret")
    url_file = tmp_path / "store-url"
    url_file.write_text("sqlite:///x.db\n")
    cases = [
        (["db", "status", "--store-file", str(missing)],
         f"cannot read --store-file {missing}: No such file or directory"),
        (["db", "status", "--store-file", str(empty)], f"--store-file {empty} is empty"),
        (["db", "status", "--store-file", str(binary)], f"--store-file {binary} is not text"),
        (["db", "status", "--store-file", str(url_file), "--store", "sqlite:///y.db"],
         "--store and --store-file both give the URL"),
        (["worker", "--redis-file", str(empty)], f"--redis-file {empty} is empty"),
        (["worker"], "cribkit worker needs the cluster's Redis: --redis URL, CRIBKIT_REDIS or "
         "--redis-file PATH"),
        (["serve", "--port", "0", "--metrics-token-file", str(empty)],
         f"--metrics-token-file {empty} is empty"),
        (["serve", "--port", "0", "--redis-file", str(missing)], "cannot read --redis-file"),
    ]  # fmt: skip
    for args, named in cases:
        assert_one_line(cribkit(home, *args), named)


def test_a_worker_answers_its_health_and_metrics(home: Path, tmp_path: Path) -> None:
    token_file = tmp_path / "metrics-token"
    token_file.write_text("t0ken\n")
    nowhere = f"redis://127.0.0.1:{free_port()}/0"  # (no Redis: the worker waits for it)
    args = ["worker", "--health-port", "0", "--metrics-token-file", str(token_file)]
    base = {key: value for key, value in os.environ.items() if not key.startswith("CRIBKIT_")}
    env = {**base, "CRIBKIT_HOME": str(home), "CRIBKIT_REDIS": nowhere}
    log = tmp_path / "worker.log"
    with log.open("wb") as output:
        worker = subprocess.Popen([*COMMAND, *args], stdout=output, stderr=subprocess.STDOUT,
                                  env=env)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while "waiting for Redis" not in log.read_text():
            assert worker.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        first = log.read_text().splitlines()[0]
        assert first.startswith("cribkit: worker "), first
        assert first.endswith("/metrics"), first
        health = first.split(" answers ")[1].split(" and ")[0]
        assert health.startswith("http://127.0.0.1:")
        assert health.endswith("/healthz")
        down = httpx.get(health, timeout=10)
        assert down.status_code == 503
        assert down.json()["reason"].startswith("waiting for Redis (Error 111 connecting to")
        metrics = health.removesuffix("healthz") + "metrics"
        assert httpx.get(metrics, timeout=10).status_code == 401
        figures = httpx.get(metrics, headers={"Authorization": "Bearer t0ken"}, timeout=10)
        assert figures.status_code == 200
        assert figures.headers["content-type"].startswith("text/plain; version=0.0.4")
        assert "cribkit_worker_redis_up 0.0" in figures.text
        assert "cribkit_worker_jobs_done_total 0.0" in figures.text
    finally:
        worker.send_signal(signal.SIGTERM)
        status = worker.wait(timeout=30)
    assert status == 0, log.read_text()
    assert "Traceback" not in log.read_text()
