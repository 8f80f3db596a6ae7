"""A server that trusts no client: the checks every request passes before the app sees it.

:class:`Guard` is a pure ASGI middleware around the whole app (HTTP and WebSocket alike):

- **Host.** A request is answered only if its ``Host`` (any port) is one of the allowed
  hosts: ``localhost``, ``127.0.0.1``, ``[::1]``, the address the server listens on and the
  host of its public URL. Anything else (``Host: evil.example``, a DNS rebinding) is a 400 in
  the API's error shape; a WebSocket upgrade with such a Host is refused (an HTTP 403).
- **Origin.** A WebSocket upgrade whose ``Origin`` names another host is refused before it is
  accepted (an HTTP 403); one without an ``Origin`` (not a browser) is let through. A refused
  upgrade is closed with :data:`POLICY` before the accept, which the server answers with 403.
- **Cross-site requests.** A request that may change something (any method but ``GET``,
  ``HEAD`` and ``OPTIONS``) whose ``Origin`` names another host, or that the browser marks
  ``Sec-Fetch-Site: cross-site``, is a 403 (``cross_site``): no page of another site can
  sign a player out, claim a name or start a game with the player's cookie.
- **Bodies.** A request with a body under ``/api/`` must be ``application/json`` (else 415),
  at most :data:`MAX_BODY` bytes (else 413, answered from ``Content-Length`` before the body is
  read, or as soon as a chunked body passes the limit), and JSON nested at most
  :data:`MAX_DEPTH` deep (else 422): no handler ever sees a body it could choke on.
- **Open paths.** A ``GET`` or ``HEAD`` of one of the ``open_paths`` (the operations
  endpoints, :mod:`cribkit.web.routes.ops`) is answered whatever its Host, or with none: a load
  balancer's health check and a Prometheus scrape name the backend by its own address, which
  no page is served from. They show no game and take no session.
- **Proxies.** From a trusted proxy's address only, ``X-Forwarded-Host`` stands for the Host
  (and is checked like one); ``X-Forwarded-For`` and ``-Proto`` are uvicorn's
  :class:`~uvicorn.middleware.proxy_headers.ProxyHeadersMiddleware`, which the app adds inside
  this one for the same addresses.

>>> host_of("127.0.0.1:8000"), host_of("[::1]:8000"), host_of("Example.COM.")
('127.0.0.1', '[::1]', 'example.com')
>>> origin_host("http://localhost:8000"), origin_host("null")
('localhost', None)
>>> parse_json('{"a": [[1]]}')
{'a': [[1]]}
>>> parse_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
cribkit.web.guard.BadJsonError: JSON nested deeper than 32 levels
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cribkit.games.records import nested_deeper_than

__all__ = [
    "LOCAL_HOSTS",
    "MAX_BODY",
    "MAX_DEPTH",
    "POLICY",
    "BadJsonError",
    "Guard",
    "allowed_hosts",
    "host_of",
    "origin_host",
    "parse_json",
]

#: The largest request body, in bytes (the record of a long game is a few tens of KB).
MAX_BODY = 1 << 20
#: The deepest nesting of JSON a client may send (a record or a message needs six or so).
MAX_DEPTH = 32
#: The hosts a local server always answers to.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")
#: The close code of a refused WebSocket upgrade (policy violation; the server answers 403).
POLICY = 1008
#: Request methods that carry a body.
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class BadJsonError(ValueError):
    """JSON a client sent that the server will not read: not JSON, or nested too deep."""


def _host_name(host: str) -> str:
    """A host name or address as it is compared: lower case, IPv6 in brackets, no final dot."""
    host = host.strip().lower().rstrip(".")
    bare = host.removeprefix("[").removesuffix("]")
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        return host
    return f"[{address}]" if address.version == 6 else str(address)


def host_of(header: str) -> str:
    """The host of a ``Host`` header, without its port."""
    header = header.strip()
    if header.startswith("["):
        end = header.find("]")
        return _host_name(header[: end + 1]) if end > 0 else ""
    name, _, _port = header.partition(":")
    return _host_name(name)


#: The methods that change nothing: no page of another site is refused them.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def cross_site(headers: Headers, hosts: frozenset[str]) -> str | None:
    """Why a state-changing request is a page of another site's (one line), or None: its
    ``Origin`` names a host not allowed here, or the browser says it is cross-site
    (``Sec-Fetch-Site``). A request with neither (a program, not a browser) passes: the
    cookie a forged request would ride on is a browser's."""
    origin = headers.get("origin")
    if origin is not None and origin_host(origin) not in hosts:
        return f"a page of {origin[:80]!r} may not change anything here"
    if headers.get("sec-fetch-site", "").lower() == "cross-site":
        return "a page of another site may not change anything here"
    return None


def origin_host(origin: str) -> str | None:
    """The host of an ``Origin`` header, or None for ``null`` or anything unreadable."""
    try:
        parts = urlsplit(origin.strip())
        hostname = parts.hostname
    except ValueError:
        return None
    if parts.scheme not in {"http", "https"} or not hostname:
        return None
    return _host_name(hostname)


def allowed_hosts(listen: str | None = None, public_url: str | None = None) -> frozenset[str]:
    """The hosts a server listening on ``listen`` and reached at ``public_url`` answers to.

    >>> sorted(allowed_hosts("0.0.0.0", "https://Crib.example:8443/"))
    ['127.0.0.1', '[::1]', 'crib.example', 'localhost']
    >>> sorted(allowed_hosts("192.168.1.5"))
    ['127.0.0.1', '192.168.1.5', '[::1]', 'localhost']
    """
    hosts = {*LOCAL_HOSTS}
    if listen:
        name = _host_name(listen)
        # A wildcard address is nobody's Host: a page that names it is not one of ours.
        if name not in {"0.0.0.0", "[::]", ""}:
            hosts.add(name)
    if public_url:
        found = origin_host(public_url)
        if found is None:
            raise ValueError(f"a public URL is http(s)://HOST[:PORT]/, not {public_url!r}")
        hosts.add(found)
    return frozenset(hosts)


def parse_json(text: str | bytes) -> Any:
    """The JSON ``text``, at most :data:`MAX_DEPTH` deep; :class:`BadJsonError` if it is not.
    The depth is checked before parsing (the parser would recurse once a level)."""
    try:
        text = text.decode("utf-8") if isinstance(text, bytes) else text
    except UnicodeDecodeError:
        raise BadJsonError("not JSON: JSON is UTF-8 text") from None
    if nested_deeper_than(text, MAX_DEPTH):
        raise BadJsonError(f"JSON nested deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadJsonError(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except ValueError:  # Python refuses to read a whole number of over 4,300 digits
        raise BadJsonError("not JSON a game reads: a number of thousands of digits") from None
    return value


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] | None


def _networks(addresses: Iterable[str]) -> Networks:
    """The networks of ``addresses`` (addresses or CIDR networks); None for ``*``, any."""
    found = []
    for address in addresses:
        if address.strip() == "*":
            return None
        found.append(ipaddress.ip_network(address.strip().strip("[]"), strict=False))
    return tuple(found)


def _is_in(client: str, networks: Networks) -> bool:
    """Whether the client address ``client`` is one of ``networks``."""
    if networks is None:
        return True
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    return any(address in network for network in networks)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status)


class Guard:
    """The checks of the module's docstring, around ``app``.

    ``hosts`` are the allowed hosts (:func:`allowed_hosts`), ``trusted_proxies`` the addresses
    whose ``X-Forwarded-Host`` is honoured, ``body_errors`` the error code of a malformed body
    by path (``bad_request`` for any other path), ``open_paths`` the paths a ``GET`` or
    ``HEAD`` of which is answered whatever its Host.
    """

    def __init__(
        self,
        app: ASGIApp,
        hosts: Iterable[str] = LOCAL_HOSTS,
        trusted_proxies: Iterable[str] = (),
        body_errors: Mapping[str, str] | None = None,
        max_body: int = MAX_BODY,
        open_paths: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.open_paths = frozenset(open_paths)
        self.hosts = frozenset(_host_name(h) for h in hosts)
        self.trusted_proxies = _networks(trusted_proxies)
        self.body_errors = dict(body_errors or {})
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        if (
            scope["type"] == "http"
            and scope["path"] in self.open_paths
            and scope["method"] in {"GET", "HEAD"}
        ):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        forwarded = headers.get("x-forwarded-host")
        client = scope.get("client")
        if forwarded and client and _is_in(str(client[0]), self.trusted_proxies):
            # The first proxy's view: the Host the browser asked for.
            host = forwarded.split(",")[0].strip()
            scope = dict(scope)
            scope["headers"] = [
                (k, v) for k, v in scope["headers"] if k not in {b"host", b"x-forwarded-host"}
            ] + [(b"host", host.encode("latin-1"))]
        if host_of(host) not in self.hosts:
            shown = host[:80] or "none"
            await self._refuse(
                scope, receive, send, _error(400, "bad_host", f"this server is not {shown!r}")
            )
            return
        if scope["type"] == "websocket":
            origin = headers.get("origin")
            if origin is not None and origin_host(origin) not in self.hosts:
                response = _error(403, "bad_origin", f"a page of {origin[:80]!r} may not play here")
                await self._refuse(scope, receive, send, response)
                return
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS:
            refusal = cross_site(headers, self.hosts)
            if refusal is not None:
                await _error(403, "cross_site", refusal)(scope, receive, send)
                return
        if scope["method"] in BODY_METHODS and scope["path"].startswith("/api/"):
            await self._with_body(scope, receive, send, headers)
            return
        await self.app(scope, receive, send)

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, response: JSONResponse
    ) -> None:
        """Answer ``response`` to a request, or refuse a WebSocket upgrade before accepting it:
        a close before the accept, which the server answers with an HTTP 403 (a denial
        response could carry the JSON, but uvicorn logs an error after each)."""
        if scope["type"] == "http":
            await response(scope, receive, send)
            return
        await receive()  # websocket.connect
        reason = json.loads(bytes(response.body))["message"][:120]
        await send({"type": "websocket.close", "code": POLICY, "reason": reason})

    async def _with_body(
        self, scope: Scope, receive: Receive, send: Send, headers: Headers
    ) -> None:
        """Check the body of an API request, then hand it on whole."""
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            shown = media[:60] or "none"
            response = _error(415, "bad_media_type", f"the body is application/json, not {shown}")
            await response(scope, receive, send)
            return
        too_large = _error(413, "too_large", f"a body is at most {self.max_body} bytes")
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                await _error(400, "bad_request", "Content-Length is a number")(scope, receive, send)
                return
            if int(length) > self.max_body:
                await too_large(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            parse_json(body)
        except BadJsonError as error:
            code = self.body_errors.get(scope["path"], "bad_request")
            await _error(422, code, f"the body is {error}")(scope, receive, send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
