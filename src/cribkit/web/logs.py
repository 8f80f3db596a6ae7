"""The server's logs as JSON lines (``cribkit serve --log-format json``), for a cluster whose
logs are gathered and searched by field (``docs/scaling.md``, "Operations").

Each record is one JSON object on one line: ``time`` (UTC, ISO 8601, milliseconds), ``level``,
``logger``, ``message`` (its arguments put in), then what is known of where it happened:
``game`` and ``seat`` (given by the code that logs) and ``process`` (which server process: its
role, host and pid), and when there is an exception, ``error`` (its type and words, one line)
and ``exception``, the whole traceback as one string (its line breaks escaped, as JSON writes
them: the record stays one line).

The game and seat are given with ``extra``, beside the words that already name them::

    log.exception("game %s: failed on a message of seat %s", self.id, seat,
                  extra={"game": self.id, "seat": seat})

or once for many records by :func:`game_log`.

>>> import logging
>>> record = logging.LogRecord("cribkit.web", logging.WARNING, __file__, 1,
...                            "game %s: slow", ("g1",), None)
>>> record.game = "g1"
>>> record.created = 0.0
>>> JsonFormatter(process="serve@web1:42").format(record)
'{"time":"1970-01-01T00:00:00.000Z","level":"WARNING","logger":"cribkit.web","message":"game g1: slow","game":"g1","process":"serve@web1:42"}'
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sys
import time
from collections.abc import MutableMapping
from typing import IO, Any

from cribkit.store.urls import holds_password, without_password

__all__ = [
    "FIELDS",
    "LOG_FORMATS",
    "GameLog",
    "JsonFormatter",
    "game_log",
    "holds_password",
    "one_line",
    "process_name",
    "setup_logging",
    "without_password",
]

#: The formats of ``--log-format``: ``text`` is the server's logging as it always was.
LOG_FORMATS = ("text", "json")
#: The fields beyond the standard ones, in the order they are written.
FIELDS = ("game", "seat", "process")
#: Those a record carries itself (``extra``). ``process`` is the formatter's: a record's own
#: ``process`` is its pid, which ``extra`` may not replace.
RECORD_FIELDS = ("game", "seat")


def process_name(role: str = "serve") -> str:
    """Which process logged: ``ROLE@HOST:PID`` (``serve@web1:4242``)."""
    return f"{role}@{socket.gethostname()}:{os.getpid()}"


def one_line(error: BaseException) -> str:
    """An error in words on one line, for a log line that must stay one (a lost connection,
    a store that does not answer): its text with the line breaks folded, else its kind.

    >>> one_line(ConnectionError("Error 111 connecting to 127.0.0.1:6379.\\nRefused."))
    'Error 111 connecting to 127.0.0.1:6379. Refused.'
    >>> one_line(TimeoutError())
    'TimeoutError'
    """
    return " ".join(str(error).split()) or type(error).__name__


class JsonFormatter(logging.Formatter):
    """One JSON object a line (the module's docstring); ``process`` (:func:`process_name`) is
    written in every record."""

    def __init__(self, process: str | None = None) -> None:
        super().__init__()
        self.process = process

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802 - logging's name
        seconds = int(record.created)
        millis = int((record.created - seconds) * 1000)
        return f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(seconds))}.{millis:03d}Z"

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in RECORD_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if self.process is not None:
            entry["process"] = self.process
        if record.exc_info and record.exc_info[0] is not None:
            kind, error, _ = record.exc_info
            # The one line to group by, then the whole traceback.
            entry["error"] = f"{kind.__name__}: {error}"
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        # default=str: a field given something JSON cannot hold is written as its text, not lost.
        return json.dumps(entry, ensure_ascii=False, separators=(",", ":"), default=str)


class GameLog(logging.LoggerAdapter[logging.Logger]):
    """A logger whose every record names its game (and seat): :func:`game_log`. A record's own
    ``extra`` is kept, and wins over the adapter's."""

    def process(self, msg: Any, kwargs: MutableMapping[str, Any]) -> tuple[Any, MutableMapping[str, Any]]:  # fmt: skip
        kwargs["extra"] = {**(self.extra or {}), **kwargs.get("extra", {})}
        return msg, kwargs


def game_log(logger: logging.Logger, game: str, seat: int | None = None) -> GameLog:
    """``logger``, its records naming ``game`` (and ``seat``): ``game_log(log, self.id)``."""
    extra: dict[str, object] = {"game": game}
    if seat is not None:
        extra["seat"] = seat
    return GameLog(logger, extra)


def setup_logging(
    log_format: str, *, process: str | None = None, stream: IO[str] | None = None
) -> dict[str, Any] | None:
    """Set up the process's logging for ``--log-format``; the ``log_config`` to give uvicorn.

    ``text`` changes nothing (uvicorn's own configuration, warnings and errors as before).
    ``json`` writes every record to ``stream`` (standard error) through :class:`JsonFormatter`:
    warnings and errors of every logger, and cribkit's own information too; uvicorn is then
    given no configuration of its own (None), so that its records come the same way.
    """
    if log_format not in LOG_FORMATS:
        raise ValueError(f"a log format is {' or '.join(LOG_FORMATS)}, not {log_format!r}")
    if log_format == "text":
        from uvicorn.config import LOGGING_CONFIG

        return LOGGING_CONFIG
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter(process=process))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    # cribkit's information (a game resumed, a worker started) is worth a line; the
    # libraries' (a migration's context, each request) is not.
    logging.getLogger("cribkit").setLevel(logging.INFO)
    return None
