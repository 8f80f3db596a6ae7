"""Where ``cribkit serve``, ``cribkit worker`` and ``cribkit db`` take the store's and Redis's
URLs from: the command line (``--store URL``), an environment variable (``CRIBKIT_STORE``,
``CRIBKIT_REDIS``) or a file (``--store-file PATH``, ``--redis-file PATH``), and files of the
other secrets (``--secret-file``, ``--metrics-token-file``).

Such a URL may hold a password, and a command line is no place for one: every user of the
machine reads it in the process list (``ps``, ``/proc/PID/cmdline``) as long as the process
runs, and the shell keeps it in its history. So a URL holding a password is refused on the
command line, in one line saying where to put it instead; the variable (a systemd unit's
``EnvironmentFile=``) and the file are read by the process alone (``docs/scaling.md``,
"Secrets").
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from typer._click.core import ParameterSource

from cribkit.cli.errors import fail
from cribkit.web.logs import holds_password

__all__ = [
    "REDIS_VARIABLE",
    "STORE_VARIABLE",
    "RedisFileOption",
    "RedisOption",
    "StoreFileOption",
    "StoreOption",
    "given_url",
    "read_secret_file",
]

#: The environment variables of the store's URL and of Redis's.
STORE_VARIABLE, REDIS_VARIABLE = "CRIBKIT_STORE", "CRIBKIT_REDIS"

StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store",
        envvar=STORE_VARIABLE,
        help="Where games are kept: sqlite:///PATH (default: cribkit.db in the data folder) or "
        "postgresql://USER@HOST/DATABASE. A URL with a password goes in the variable or in "
        "--store-file, never on the command line.",
    ),
]
StoreFileOption = Annotated[
    Path | None,
    typer.Option(
        "--store-file",
        dir_okay=False,
        help="A file holding the store's URL (its text, stripped), instead of --store.",
    ),
]
RedisOption = Annotated[
    str | None,
    typer.Option(
        "--redis",
        envvar=REDIS_VARIABLE,
        help="The cluster's Redis: redis://HOST:PORT/DB (redis://:PASSWORD@... in the "
        "variable or in --redis-file, never on the command line).",
    ),
]
RedisFileOption = Annotated[
    Path | None,
    typer.Option(
        "--redis-file",
        dir_okay=False,
        help="A file holding Redis's URL (its text, stripped), instead of --redis.",
    ),
]


def read_secret_file(path: Path | None, option: str) -> str | None:
    """The text of the file ``path`` given to ``option``, stripped (None without a file); one
    line and exit status 2 if it cannot be read, is not text or holds nothing. The text is
    never shown."""
    if path is None:
        return None
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise fail(f"cannot read {option} {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise fail(f"{option} {path} is not text (UTF-8)") from None
    if not text:
        raise fail(f"{option} {path} is empty")
    return text


def given_url(ctx: typer.Context, name: str, url: str | None, file: Path | None) -> str | None:
    """The URL of the option ``name`` (``store`` or ``redis``): ``url`` as read from the
    command line or its variable, or the text of ``file`` (``--NAME-file``), which wins over
    the variable (a command line says more than an environment). Refused in one line: a URL
    with a password on the command line, and ``--NAME`` given beside ``--NAME-file``."""
    option, variable = f"--{name}", f"CRIBKIT_{name.upper()}"
    on_command_line = ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
    if file is not None:
        if url is not None and on_command_line:
            raise fail(f"{option} and {option}-file both give the URL: give one of them")
        return read_secret_file(file, f"{option}-file")
    if url is not None and on_command_line and holds_password(url):
        raise fail(
            f"{option} holds a password, which every user of this machine could read in the "
            f"process list: give the URL in the environment variable {variable} or in a file "
            f"({option}-file PATH)"
        )
    return url
