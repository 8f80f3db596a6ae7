"""Store and Redis URLs as they may be shown: never with their password, which a URL may hold
(``postgresql://cribkit:PASSWORD@db/cribkit``, ``redis://:PASSWORD@db:6379/0``) and which must
never reach a message, a log line or a process's command line (``docs/scaling.md``,
"Secrets").

Here, below both the store and the web app (the store's errors name its URL, the web app's
logs name Redis's), and only the standard library's ``urllib``: :mod:`cribkit.web.logs` gives
the same functions to the servers, the workers and the command line.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = ["holds_password", "without_password"]


def without_password(url: str) -> str:
    """``url`` as it may be shown or logged: its password, if any, as ``***`` (in the URL's user
    part, or a ``password`` of its query, as libpq and redis-py also read one).

    >>> without_password("redis://:s3cret@db:6379/0"), without_password("redis://db:6379/0")
    ('redis://:***@db:6379/0', 'redis://db:6379/0')
    >>> without_password("postgresql://cribkit@db/games?password=s3cret&sslmode=require")
    'postgresql://cribkit@db/games?password=***&sslmode=require'
    """
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL urllib reads: whatever comes before an @ may be a password
        return url if "@" not in url else "***@" + url.rpartition("@")[2]
    if "@" in url and "@" not in parts.netloc:  # (``postgresql:/user:pw@host``: likewise)
        return "***@" + url.rpartition("@")[2]
    if not holds_password(url):
        return url
    netloc = parts.netloc
    if parts.password is not None:
        netloc = f"{parts.username or ''}:***@{netloc.rpartition('@')[2]}"
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    query = urlencode(
        [(key, "***" if key.lower() == "password" else value) for key, value in pairs], safe="*/:"
    )
    return urlunsplit(parts._replace(netloc=netloc, query=query if pairs else parts.query))


def holds_password(url: str) -> bool:
    """Whether ``url`` holds a password (after ``user:``, or as a ``password`` of its query):
    such a URL is never given on a command line, where every user of the machine reads it.

    >>> holds_password("redis://:s3cret@db:6379/0"), holds_password("postgresql://cribkit@db/x")
    (True, False)
    >>> holds_password("postgresql://cribkit@db/x?password=s3cret")
    True
    """
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # (a URL urllib cannot read: one with user information may hold one)
        return "@" in url
    if "@" in url and "@" not in parts.netloc:  # (nor one whose user part it cannot find)
        return True
    query = parse_qsl(parts.query, keep_blank_values=True)
    return password is not None or any(key.lower() == "password" for key, _ in query)
