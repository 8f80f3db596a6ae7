"""Bad input through the real ``cribkit`` command (a subprocess, as a user or a script meets
it): one line on standard error naming what is wrong, exit status 2, nothing on standard
output and no traceback, whether a command finds the mistake or the command line's parser
does. Each start costs some tenths of a second: the cases are a representative few."""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from cribkit.cli.inputs import decode
from cribkit.games import start
from cribkit.games.records import dumps

#: The installed command beside this Python (the virtualenv's), else the module.
_SCRIPT = Path(sys.executable).with_name("cribkit")
COMMAND = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "cribkit"]

#: A JSON document nested far deeper than Python's recursion limit.
DEEP = '{"game": "classic", "seed": 1, "actions": ' + "[" * 100_000 + "]" * 100_000 + "}"


def cribkit(
    home: Path, *args: str, stdin: int = subprocess.DEVNULL, data: bytes | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the command (``data``: its standard input); a hang fails the test (a timeout)
    rather than hanging the suite."""
    env = {**os.environ, "CRIBKIT_HOME": str(home), "COLUMNS": "100"}
    done = subprocess.run(
        [*COMMAND, *args],
        stdin=stdin if data is None else None,
        input=data,
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    out, err = (stream.decode("utf-8", errors="replace") for stream in (done.stdout, done.stderr))
    return subprocess.CompletedProcess(done.args, done.returncode, out, err)


def assert_one_line(result: subprocess.CompletedProcess[str], *named: str) -> str:
    """Exit status 2, nothing on standard output, and one error line naming ``named``."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == ""
    assert result.stderr.endswith("\n")
    assert result.stderr.count("\n") == 1, result.stderr
    line = result.stderr.rstrip("\n")
    assert line.startswith("cribkit: error: "), line
    for text in named:
        assert text in line, (text, line)
    return line


def finished_record() -> dict[str, Any]:
    state = start("classic:target=61", seed=3).state
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions())).state
    record: dict[str, Any] = state.record()
    return record


# -- record files that are not records ------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "name", "content", "message"),
    [
        ("replay", "game.json.gz", "gzip", "game.json.gz is gzip-compressed: give the JSON record"),
        (
            "analyse",
            "game.json",
            "utf-16",
            "game.json is not UTF-8 text (it looks like UTF-16): save it as UTF-8",
        ),
        (
            "verify",
            "game.json",
            "utf-16-le",
            "game.json is not UTF-8 text (it looks like UTF-16): save it as UTF-8",
        ),
        ("verify", "game.json", "binary", "game.json is not a text file"),
        ("replay", "game.json", "latin-1", "game.json is not UTF-8 text (byte 0xe9 at line 1"),
        ("replay", "saves", "directory", "cannot read "),
        ("analyse", "none.json", "missing", "cannot read "),  # with the system's reason
    ],
)
def test_a_file_that_is_no_json_text_is_one_line(
    home: Path, tmp_path: Path, command: str, name: str, content: str, message: str
) -> None:
    path = tmp_path / name
    text = dumps(finished_record())
    if content == "gzip":
        path.write_bytes(gzip.compress(text.encode()))
    elif content == "utf-16":
        path.write_bytes(text.encode("utf-16"))  # with its byte-order mark
    elif content == "utf-16-le":
        path.write_bytes(text.encode("utf-16-le"))  # no byte-order mark
    elif content == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif content == "latin-1":
        path.write_bytes('{"game": "caf\u00e9"}'.encode("latin-1"))
    elif content == "directory":
        path.mkdir()
    result = cribkit(home, command, str(path))
    line = assert_one_line(result, message)
    assert str(path) in line


def test_a_compressed_record_on_standard_input_is_named_so(home: Path) -> None:
    result = cribkit(home, "verify", "-", data=gzip.compress(dumps(finished_record()).encode()))
    assert_one_line(result, "standard input is gzip-compressed")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_one_line(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(finished_record()))
    path.chmod(0)
    assert_one_line(cribkit(home, "replay", str(path)), f"cannot read {path}: Permission denied")


@pytest.mark.parametrize("command", ["replay", "analyse", "verify"])
def test_a_record_nested_too_deep_is_one_line(home: Path, tmp_path: Path, command: str) -> None:
    # records.loads limits the depth: every command reads its record through it.
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    assert_one_line(cribkit(home, command, str(path)), str(path))


# -- the command line itself ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["score", "5h", "--bogus"],
            "no such option --bogus for cribkit score (try cribkit score --help)",
        ),
        (
            ["simulate", "classic", "--nope"],
            "no such option --nope for cribkit simulate (try cribkit simulate --help)",
        ),
        (
            ["stats", "hands", "--bogus"],
            "no such option --bogus for cribkit stats hands (try cribkit stats hands --help)",
        ),
        (["nosuch"], "no such command 'nosuch' (try cribkit --help)"),
        (["replay"], "cribkit replay needs RECORD (try cribkit replay --help)"),
        (
            ["simulate", "classic", "--games", "0"],
            "--games takes a whole number of 1 or more, not 0 (try cribkit simulate --help)",
        ),
        (
            ["analyse", "game.json", "--seat", "first"],
            "--seat takes a whole number, not 'first' (try cribkit analyse --help)",
        ),
        (["score", "5h", "--starter"], "--starter needs a value (try cribkit score --help)"),
    ],
)
def test_a_mistake_on_the_command_line_is_one_line(home: Path, args: list[str], line: str) -> None:
    assert assert_one_line(cribkit(home, *args)) == f"cribkit: error: {line}"


def test_help_is_still_the_whole_help(home: Path) -> None:
    result = cribkit(home, "score", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: cribkit score [OPTIONS]")
    assert "--starter" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["serve", "--port", "99999"], "--port takes a whole number from 0 to 65535, not 99999"),
        (["serve", "--port", "0", "--message-rate", "nan"], "--message-rate takes a number"),
        (
            ["serve", "--port", "0", "--absence-window", "-1"],
            "--absence-window takes a number from 0 to 86400, not -1",
        ),
        (["serve", "--port", "0", "--ai-workers", "100000"], "--ai-workers takes a whole number"),
        (["serve", "--port", "0", "--redis", "localhost:6379"], "--redis 'localhost:6379'"),
        (
            ["worker", "--redis", "redis://127.0.0.1:1/0", "--claim-after", "inf"],
            "--claim-after takes a number from 0.1 to 86400, not inf",
        ),
        (["worker", "--redis", "localhost"], "--redis 'localhost'"),
    ],
)
def test_serve_and_worker_refuse_numbers_and_addresses_out_of_range(
    home: Path, args: list[str], named: str
) -> None:
    # Each is refused before the server listens (or the worker connects): no test server runs.
    assert_one_line(cribkit(home, *args), named)


# -- the commands' own checks ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        # The cards are checked before anything else is asked of them.
        (["discard", "2c", "3d"], "a two-player deal has 6 cards, not 2"),
        (["discard", "2c 3d 4h", "9s tc zz"], "'zz' is not a card"),
        (["score", "7h", "8d", "8s", "9c"], "a hand is counted with its starter: give 4 cards"),
        (["simulate", "chess", "--games", "2"], "unknown game 'chess'"),
        (["simulate", "solitaire", "--ai", "expert,easy"], "solitaire has one player"),
        (["play", "classic", "--players", "7"], "players"),
    ],
)
def test_a_commands_refusal_is_one_line(home: Path, args: list[str], named: str) -> None:
    assert_one_line(cribkit(home, *args), named)


def test_a_puzzle_whose_answer_never_comes_is_one_line(home: Path) -> None:
    result = cribkit(home, "puzzle", "--id", "lay-away-001")
    assert result.stdout.startswith("Puzzle lay-away-001 (classic, lay-away)")
    assert_one_line(
        subprocess.CompletedProcess(result.args, result.returncode, "", result.stderr),
        "standard input ended before the answer: give it with --answer",
    )
    assert not (home / "puzzles.json").exists()


def test_a_seat_not_at_the_table_is_one_line(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(finished_record()))
    assert_one_line(
        cribkit(home, "analyse", str(path), "--seat", "9"), "seat 9 is not at this table"
    )


@pytest.mark.parametrize(
    ("args", "stdin", "command", "instead"),
    [
        (
            ["play", "classic", "--seed", "1"],
            subprocess.DEVNULL,
            "cribkit play",
            "cribkit simulate",
        ),
        (["play", "solitaire"], subprocess.PIPE, "cribkit play", "cribkit solitaire --auto"),
        (
            ["solitaire", "--seed", "1"],
            subprocess.DEVNULL,
            "cribkit solitaire",
            "cribkit solitaire --auto",
        ),
    ],
)
def test_a_terminal_game_without_a_terminal_refuses_to_start(
    home: Path, args: list[str], stdin: int, command: str, instead: str
) -> None:
    # Started from a script it would wait for keys for ever: the timeout fails a hang.
    result = cribkit(home, *args, stdin=stdin)
    line = assert_one_line(result, f"{command} needs a terminal", f"or use {instead}")
    assert "(standard input and output are not one)" in line


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="a pseudo-terminal is POSIX")
def test_a_terminal_game_needs_its_input_from_a_terminal_too(home: Path) -> None:
    leader, follower = os.openpty()
    try:
        env = {**os.environ, "CRIBKIT_HOME": str(home)}
        result = subprocess.run(
            [*COMMAND, "play", "classic", "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=follower,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert result.returncode == 2
    assert result.stderr == (
        "cribkit: error: cribkit play needs a terminal (standard input is not one): "
        "run it in a terminal, or use cribkit simulate\n"
    )


def test_simulate_leaves_no_empty_line_on_standard_error(home: Path) -> None:
    result = cribkit(
        home, "simulate", "classic", "--ai", "random,random", "--games", "2", "--target", "61"
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("classic:target=61: 2 games")


# -- what the reader tells apart (in the process: no command started) ----------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            '{"game": "classic"}'.encode("utf-32"),
            "game.json is not UTF-8 text (it looks like UTF-32): save it as UTF-8",
        ),
        (
            '{"game": "classic"}'.encode("utf-16-be"),
            "game.json is not UTF-8 text (it looks like UTF-16): save it as UTF-8",
        ),
        (bz2.compress(b"{}"), "game.json is bzip2-compressed: give the JSON record itself"),
        (lzma.compress(b"{}"), "game.json is xz-compressed: give the JSON record itself"),
        (b"PK\x03\x04\x14\x00", "game.json is a zip archive: give the JSON record itself"),
        (b"\xef\xbb\xbf \n", "game.json is empty: a record is a JSON object"),
        (b'{"a": "\x00"}', "game.json is not a text file"),
    ],
    ids=["utf-32", "utf-16-be", "bzip2", "xz", "zip", "empty", "nul"],
)
def test_the_reader_names_what_the_bytes_are(
    data: bytes, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(typer.Exit) as refused:
        decode(data, "game.json")
    assert refused.value.exit_code == 2
    assert capsys.readouterr().err == f"cribkit: error: {message}\n"


def test_the_reader_takes_utf8_with_or_without_its_byte_order_mark() -> None:
    text = '{"game": "classic", "note": "5♥"}'
    assert decode(text.encode(), "game.json") == text
    assert decode(b"\xef\xbb\xbf" + text.encode(), "game.json") == text
