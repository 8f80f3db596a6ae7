"""What the cluster refuses and what it writes: clear errors before anything starts, and a
balancer configuration HAProxy itself accepts (the one docs/scaling.md gives to copy)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from cribkit.deploy.cluster import Cluster
from cribkit.deploy.config import (
    ClusterError,
    find_binary,
    haproxy_config,
    redis_config,
    require_binary,
)
from tests.needs import missing

from .conftest import SUITE

SCALING = Path(__file__).parents[2] / "docs" / "scaling.md"


def test_a_missing_program_is_one_line_naming_its_debian_package(tmp_path: Path) -> None:
    with pytest.raises(ClusterError) as raised:
        require_binary("haproxy", search=[str(tmp_path)])
    assert str(raised.value) == (
        "haproxy is not installed: the cluster needs Debian's package haproxy "
        "(apt-get install haproxy)"
    )
    with pytest.raises(ClusterError, match=r"apt-get install redis-server\)$"):
        require_binary("redis-server", search=[str(tmp_path)])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"servers": 0}, "a cluster needs a server at least, not 0"),
        ({"workers": 2, "redis": False}, "workers take their jobs from Redis"),
        ({"health_path": "healthz"}, "the health check's path starts with /"),
    ],
)
def test_a_cluster_that_cannot_work_is_refused_at_once(
    tmp_path: Path, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ClusterError, match=message):
        Cluster(tmp_path, **options)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def _haproxy() -> str:
    found = find_binary("haproxy")
    if found is None:
        missing("HAProxy is not installed", "haproxy", SUITE)
    return found


def _documented_config() -> str:
    """The balancer configuration docs/scaling.md gives to copy ("On several machines")."""
    text = SCALING.read_text()
    block = text.split("```haproxy\n", 1)[1].split("```", 1)[0]
    indent = len(block) - len(block.lstrip(" "))
    return "".join(line[indent:] + "\n" for line in block.rstrip(" ").splitlines())


def test_the_documented_balancer_is_the_launchers_and_haproxy_accepts_it(tmp_path: Path) -> None:
    documented = _documented_config()
    servers = [("10.0.0.11", 8000), ("10.0.0.12", 8000)]
    assert documented == haproxy_config(("0.0.0.0", 80), servers)
    config = tmp_path / "haproxy.cfg"
    for text in (documented, haproxy_config(("0.0.0.0", 80), servers, health_path="/healthz")):
        config.write_text(text)
        checked = subprocess.run(
            [_haproxy(), "-c", "-f", str(config)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "    option httpchk GET /healthz HTTP/1.1\n" in config.read_text()
    assert "    timeout tunnel 1h\n" in documented


def test_redis_runs_in_the_foreground_on_loopback(tmp_path: Path) -> None:
    lines = redis_config(6400, tmp_path).splitlines()
    assert {"bind 127.0.0.1", "port 6400", "daemonize no", f"dir {tmp_path}"} <= set(lines)


def test_redis_takes_a_password_the_url_and_its_file_can_hold(tmp_path: Path) -> None:
    lines = redis_config(6400, tmp_path, password="s3cret-pw").splitlines()
    assert "requirepass s3cret-pw" in lines
    assert not [line for line in redis_config(6400, tmp_path).splitlines() if "requirepass" in line]
    for bad in ("two words", "at@sign", ""):
        with pytest.raises(ClusterError, match="a Redis password is letters, digits") as raised:
            redis_config(6400, tmp_path, password=bad)
        assert bad not in str(raised.value) or not bad
    with pytest.raises(ClusterError, match="a Redis password needs Redis"):
        Cluster(tmp_path, workers=0, redis=False, redis_password="pw")


def test_the_parts_are_told_the_urls_by_their_environment_not_their_command_line(
    tmp_path: Path,
) -> None:
    cluster = Cluster(tmp_path, port=0, servers=2, workers=1, redis_password="pw")
    assert cluster.redis_url is not None
    assert cluster.redis_url.startswith("redis://:pw@127.0.0.1:")
    told = {
        part.name: part for part in cluster.parts() if part.name.startswith(("server", "worker"))
    }
    assert sorted(told) == ["server-0", "server-1", "worker-0"]
    for part in told.values():
        assert part.env == {"CRIBKIT_STORE": cluster.store_url, "CRIBKIT_REDIS": cluster.redis_url}
        assert not {"--store", "--redis"} & set(part.command)
        assert not [word for word in part.command if "pw" in word or "redis://" in word]
        assert not [word for word in part.command if "postgresql://" in word]
    assert told["worker-0"].command[-2:] == ["--health-port", cluster.worker_health_urls[0][-5:]]
    assert list(tmp_path.iterdir()) == []


def test_the_balancer_refuses_metrics_and_logs_no_query() -> None:
    text = haproxy_config(("0.0.0.0", 80), [("10.0.0.11", 8000)])
    assert "    http-request deny if { path,url_dec -m beg /metrics }\n" in text
    # (the request line, %r, holds the query; httplog's format logs it)
    assert not re.search(r"%(\{[^}]*\})?r\b", text)
    assert "httplog" not in text
    assert "%HM %[var(txn.path)] %HV" in text
