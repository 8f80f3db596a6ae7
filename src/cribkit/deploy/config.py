"""What a cluster of cribkit (:mod:`cribkit.deploy.cluster`) is made of besides its processes: the
Debian binaries it runs, free loopback ports, and the configuration files of HAProxy and Redis.

The configuration is text made here, never templates to fill in by hand, so that the cluster on
one machine and the balancer of several machines (``docs/scaling.md``) run the same settings:

>>> print(redis_config(6390, Path("/srv/cluster/redis")))  # doctest: +ELLIPSIS
# Written by cribkit.deploy.cluster: the cluster's Redis (pub/sub and the workers' queue).
bind 127.0.0.1
port 6390
daemonize no
...
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = [
    "DEBIAN_PACKAGES",
    "ClusterError",
    "Endpoint",
    "check_redis_password",
    "find_binary",
    "free_port",
    "haproxy_config",
    "missing_binary",
    "postgresql_binary",
    "redis_config",
    "require_binary",
]

#: The Debian package of each binary a cluster runs.
DEBIAN_PACKAGES = {
    "initdb": "postgresql",
    "pg_ctl": "postgresql",
    "postgres": "postgresql",
    "redis-server": "redis-server",
    "haproxy": "haproxy",
}
#: Where Debian puts binaries that are not on a user's ``PATH`` (HAProxy is in ``/usr/sbin``).
_SYSTEM_BIN = ("/usr/sbin", "/usr/bin", "/sbin", "/bin")
#: A ``host:port`` pair: one server behind the balancer.
Endpoint = tuple[str, int]
#: What a Redis password of the cluster may hold: what a URL and redis.conf take unquoted.
_PASSWORD = re.compile(r"[A-Za-z0-9._~-]+")


class ClusterError(RuntimeError):
    """A cluster cannot start, or a part of it failed: the message is one line for the user."""


def postgresql_binary(name: str) -> str | None:
    """PostgreSQL's ``name`` (``initdb``, ``pg_ctl``): on the ``PATH``, else the newest of
    Debian's ``/usr/lib/postgresql/VERSION/bin``, which Debian leaves off the ``PATH``."""
    found = shutil.which(name)
    if found:
        return found

    def version(path: str) -> tuple[int, ...]:
        found = re.search(r"/postgresql/([\d.]+)/bin/", path)
        return tuple(int(part) for part in found.group(1).split(".") if part) if found else ()

    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=version)
    return versions[-1] if versions else None


def find_binary(name: str, search: Sequence[str] | None = None) -> str | None:
    """The path of the program ``name``: on the ``PATH`` or in the system folders (or only in
    the folders of ``search``, when given), PostgreSQL's also in Debian's versioned folders."""
    if search is not None:
        return shutil.which(name, path=os.pathsep.join(search))
    if name in {"initdb", "pg_ctl", "postgres"}:
        return postgresql_binary(name)
    path = os.pathsep.join([os.environ.get("PATH", ""), *_SYSTEM_BIN])
    return shutil.which(name, path=path)


def missing_binary(name: str) -> str:
    """The one-line error for the program ``name`` not being installed.

    >>> print(missing_binary("haproxy"))
    haproxy is not installed: the cluster needs Debian's package haproxy (apt-get install haproxy)
    """
    package = DEBIAN_PACKAGES.get(name, name)
    return (
        f"{name} is not installed: the cluster needs Debian's package {package} "
        f"(apt-get install {package})"
    )


def require_binary(name: str, search: Sequence[str] | None = None) -> str:
    """:func:`find_binary`, or a :class:`ClusterError` naming the Debian package to install."""
    found = find_binary(name, search)
    if found is None:
        raise ClusterError(missing_binary(name))
    return found


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` now (the system's choice for port 0), so that a cluster runs
    beside another one, or beside a ``make cluster``, without agreeing on ports."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
    return port


def _address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


#: HAProxy's line for each request: its ``option httplog`` format, with the request line's
#: path in place of the whole of it (no query string: no token), as ``txn.path`` keeps it.
_LOG_FORMAT = (
    "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq "
    "%HM %[var(txn.path)] %HV"
)


def haproxy_config(
    listen: Endpoint,
    servers: Iterable[Endpoint],
    *,
    health_path: str = "/readyz",
    health_host: str = "127.0.0.1",
    stats_socket: Path | None = None,
    max_connections: int = 4096,
) -> str:
    """HAProxy's configuration for one address (``listen``) in front of ``servers``.

    HTTP mode, so that it sees requests: each new connection goes to the server with the fewest
    (``leastconn``: a WebSocket stays open for a whole game, so a server started again takes
    the new sockets until it has its share, where round-robin would leave it short). The servers trust its ``X-Forwarded-For``
    (``cribkit serve --trusted-proxy``). A WebSocket is a tunnel once upgraded: ``timeout
    tunnel`` is how long one may stay silent (uvicorn pings every socket each 20 s, well within).
    Each server is checked every second with ``GET health_path`` (with a ``Host`` it answers
    to), each check given 5 s (``timeout check``: a server busy with a thousand tables sitting
    down at once answers late, and is not dead), and taken out after three failures; a request whose server refuses the connection is sent
    to another (``option redispatch``), so a killed server costs no request that had not reached
    it. ``stats_socket`` is the admin socket the cluster reads the servers' states from.

    ``/metrics`` is refused (403) at the front, its path read percent-decoded as the servers
    read it: the players have no business with it, and each server still answers it on its own
    address, for a scrape from the internal network. Each request is logged on one line (to
    HAProxy's standard output: the cluster's ``logs/haproxy.log``, or journald) with the server
    it went to, its path without the query (a script's seat socket may carry its token there)
    and an invitation's code hidden (``/api/invites/***``): no secret lands in the log.
    ``max_connections`` bounds the connections (each takes two descriptors, client and server:
    HAProxy refuses to start when the system's limit on open files is lower).

    >>> text = haproxy_config(("127.0.0.1", 8080), [("127.0.0.1", 8101), ("10.0.0.3", 8000)])
    >>> [line.strip() for line in text.splitlines() if line.strip().startswith("server ")]
    ['server server-0 127.0.0.1:8101', 'server server-1 10.0.0.3:8000']
    """
    stats = f"    stats socket {stats_socket} mode 600 level admin\n" if stats_socket else ""
    backends = "".join(
        f"    server server-{index} {_address(host, port)}\n"
        for index, (host, port) in enumerate(servers)
    )
    return f"""\
# Written by cribkit.deploy.cluster: one address in front of the cribkit serve processes.
global
    log stdout format raw local0 info
    maxconn {max_connections}
{stats}
defaults
    mode http
    log global
    log-format "{_LOG_FORMAT}"
    option dontlognull
    option forwardfor
    option redispatch
    retries 3
    timeout connect 2s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout check 5s
    timeout client-fin 5s

frontend cribkit
    bind {_address(*listen)}
    http-request set-var(txn.path) path,regsub(^/api/invites/[^/]+,/api/invites/***)
    http-request deny if {{ path,url_dec -m beg /metrics }}
    default_backend cribkit_servers

backend cribkit_servers
    balance leastconn
    option httpchk GET {health_path} HTTP/1.1
    http-check send hdr Host {health_host}
    http-check expect status 200
    default-server check inter 1s fall 3 rise 1
{backends}"""


def check_redis_password(password: str) -> None:
    """Refuse a Redis password that a URL and redis.conf would not take as it is (a
    :class:`ClusterError` that does not show it)."""
    if not _PASSWORD.fullmatch(password):
        raise ClusterError(
            "a Redis password is letters, digits and . _ ~ - (it goes as it is in a URL and "
            "in redis.conf)"
        )


def redis_config(
    port: int, folder: Path, host: str = "127.0.0.1", password: str | None = None
) -> str:
    """Redis's configuration: on ``host`` (loopback) and ``port``, in the foreground (the
    cluster's child), its files (Redis's default snapshots) in ``folder``, its log on its
    standard output (the cluster's log file). With ``password``, clients must give it
    (``requirepass``: the file is then the cluster's to read alone); without, none, as Redis
    listens on loopback only. On several machines, see ``docs/scaling.md``."""
    if password is not None:
        check_redis_password(password)
    required = f"requirepass {password}\n" if password is not None else ""
    return f"""\
# Written by cribkit.deploy.cluster: the cluster's Redis (pub/sub and the workers' queue).
bind {host}
port {port}
daemonize no
dir {folder}
logfile ""
{required}"""
