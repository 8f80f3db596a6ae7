"""The ``cribkit`` command builds only the command it runs (``cli.app.only_command``): the same
output, errors and exit status as the whole app's, for every command and for the words that
name none."""

from __future__ import annotations

import pytest
from typer.main import get_command_name
from typer.testing import CliRunner

from cribkit.cli.app import app, only_command

runner = CliRunner()

LINES = [
    ["score", "5h", "5c", "5d", "js", "5s"],
    ["score", "--json", "5h", "5c", "5d", "js", "--starter", "5s"],
    ["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer"],
    ["discard", "5h", "5c", "5d", "js", "7c"],
    ["peg", "5h", "tc"],
    ["score", "--bogus"],
    ["play", "chess"],
    ["discard", "--help"],
    ["serve", "--help"],
]


@pytest.mark.parametrize("line", LINES, ids=[" ".join(line) for line in LINES])
def test_a_command_alone_is_the_apps_command(line: list[str]) -> None:
    single = only_command(line[:1])
    assert single is not None
    alone = runner.invoke(single, line, prog_name="cribkit", env={"COLUMNS": "100"})
    whole = runner.invoke(app, line, prog_name="cribkit", env={"COLUMNS": "100"})
    assert (alone.exit_code, alone.stdout, alone.stderr) == (
        whole.exit_code,
        whole.stdout,
        whole.stderr,
    )


def test_every_command_has_its_name_and_other_words_name_none() -> None:
    names = [
        info.name or get_command_name(info.callback.__name__)
        for info in app.registered_commands
        if info.callback
    ]
    assert {"score", "discard", "serve", "play", "puzzle", "analyse"} <= set(names)
    assert all(only_command([name]) is not None for name in names)
    for first in ([], ["stats"], ["--help"], ["--version"], ["nosuch"]):
        assert only_command(first) is None
