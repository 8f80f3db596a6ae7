"""``cribkit analyse``: every decision of a record valued with what its seat knew
(docs/analysis.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cribkit.cli.app import JsonOption, app, fail, print_json
from cribkit.cli.inputs import read_record, source_name

if TYPE_CHECKING:
    from cribkit.analysis.model import Analysis, Decision


@app.command()
def analyse(
    record: Annotated[Path, typer.Argument(help="A game record (JSON), or - for standard input.")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="Analyse this seat only (repeat for more); default all."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Analyse a game record: each decision with the best choice, what it cost (inaccuracy,
    mistake, blunder), totals per phase and the luck of the cards.

    Example: cribkit analyse game.json --seat 0
    """
    game = read_record(record)
    # Imported here, once the record is read: the analysis loads the AI's tables, which other
    # commands (and a record refused) do not need.
    from cribkit.analysis.game import analyse as analyse_record

    try:
        found = analyse_record(game, seat)
    except ValueError as error:  # GameError, RecordError and the card errors are ValueErrors
        raise fail(f"{source_name(record)}: {error}") from None
    if as_json:
        print_json(found.to_json())
        return
    for line in text_lines(found):  # the notes last, how an old record was replayed first
        typer.echo(line)


def _value(value: float, unit: str) -> str:
    return f"{100 * value:.1f}%" if unit == "win" else f"{value:+.2f}"


def _cost(decision: Decision) -> str:
    if decision.unit == "win":
        return f"{100 * decision.cost:.1f}%"
    return f"{decision.cost:.2f}"


def _short(words: str) -> str:
    """The choice's first clause ("lay away 2♦ 2♠", "play 5♥")."""
    return words.split(",")[0].split(":")[0]


def text_lines(found: Analysis) -> list[str]:
    """The analysis as text: a line per decision, the totals per phase, the luck, the notes."""
    lines = [f"{'#':>4}  seat  {'phase':<9} {'chosen':<22} {'best':<22} {'cost':>7}  verdict"]
    for d in found.decisions:
        lines.append(
            f"{d.index:>4}  {d.seat:>4}  {d.phase:<9} {_short(d.chosen.words):<22} "
            f"{_short(d.best.words):<22} {_cost(d):>7}  {d.verdict}"
        )
    for seat in found.seats:
        for total in found.totals(seat):
            counts = ", ".join(f"{n} {name}" for name, n in sorted(total.verdicts.items()))
            cost = (
                f"{100 * total.cost:.1f}% win chance"
                if total.unit == "win"
                else (f"{total.cost:.2f} points")
            )
            lines.append(
                f"seat {seat} {total.phase} ({total.unit}): {total.decisions} decisions, "
                f"cost {cost} ({counts})"
            )
    for item in found.luck:
        lines.append(
            f"seat {item.seat} luck, {item.kind}: {item.count} dealt, mean {item.mean:.2f} "
            f"(expected {item.expected:.2f}), percentile {item.percentile:.0f}"
        )
    lines += [f"note: {note}" for note in found.notes]
    return lines
