"""What the terminal games' logs were given, and what they show: every line must be shown whole.

A line longer than the log is wide is wrapped onto the next rows; none may lose a character to
the log's edge (issue 15: "and a pair / six" at 80 columns). The lines given are caught where
every game writes them, :meth:`RichLog.write`, so the check does not trust the game's own log
code; what is shown is read row by row through the widget's own ``render_line``, scrolling the
log from its top to its end as a player would with PgUp/PgDn.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import RichLog


class GivenLines:
    """The plain text of every line written to a log, in order (a repeat is kept once)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def note(self, content: object) -> None:
        text = content.plain if isinstance(content, Text) else str(content)
        if text not in self.lines:
            self.lines.append(text)


@contextmanager
def lines_given_to_logs(monkeypatch: pytest.MonkeyPatch) -> Iterator[GivenLines]:
    """Notes every line written to any RichLog, then writes it as RichLog would."""
    given = GivenLines()
    write = RichLog.write

    def noting_write(log: RichLog, content: object, *args: Any, **kwargs: Any) -> RichLog:
        given.note(content)
        return write(log, content, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(RichLog, "write", noting_write)
        yield given


async def shown_rows(app: App[None], pilot: Pilot[None]) -> list[str]:
    """Every row of the log as the screen shows it, top to bottom, scrolled into view in turn."""
    log = app.query_one("#log", RichLog)
    height = log.scrollable_content_region.height
    assert height > 0, "the log has no room on the screen"
    rows: dict[int, str] = {}
    top = 0
    while True:
        log.scroll_to(y=top, animate=False, immediate=True)
        await pilot.pause()
        first = round(log.scroll_offset.y)
        for row in range(height):
            rows[first + row] = log.render_line(row).text
        if first + height >= len(log.lines):
            break
        top = first + height
    log.scroll_end(animate=False, immediate=True)
    return [rows[index] for index in sorted(rows)]


def _squeezed(text: str) -> str:
    # Wrapping turns a space into a line break and may fold a long word: compare without spaces.
    return "".join(text.split())


async def widened_then_back(
    pilot: Pilot[None], moves: Callable[[Pilot[None]], Awaitable[None]]
) -> None:
    """The player widens the terminal to 120x30, plays ``moves`` there, and narrows it back to
    80x24: the lines logged while the log was wider must be wrapped again, not cut."""
    await pilot.resize_terminal(120, 30)
    await pilot.pause()
    await moves(pilot)
    await pilot.resize_terminal(80, 24)
    await pilot.pause()


async def assert_every_line_whole(
    app: App[None], pilot: Pilot[None], given: GivenLines, *, at_least: int
) -> None:
    """Every line given to the log is shown whole, however it is wrapped."""
    assert len(given.lines) >= at_least, f"only {len(given.lines)} lines were logged"
    shown = _squeezed("".join(await shown_rows(app, pilot)))
    cut = [line for line in given.lines if _squeezed(line) not in shown]
    assert not cut, f"{len(cut)} of {len(given.lines)} log lines are not shown whole: {cut[:3]}"
