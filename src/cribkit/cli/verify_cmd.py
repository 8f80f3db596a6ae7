"""``cribkit verify``: check that a record's deals are its seed's, and that it replays."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cribkit.cli.app import JsonOption, app, fail, print_json
from cribkit.cli.inputs import print_note, read_record, source_name

#: Exit status of a record that does not verify (a malformed one is ``BAD_INPUT``, 2).
NOT_VERIFIED = 1


@app.command()
def verify(
    record: Annotated[
        Path, typer.Argument(help="A verifiable game record (JSON), or - for standard input.")
    ],
    as_json: JsonOption = False,
) -> None:
    """Verify a record: the commitment is the SHA-256 of the seed, every deck (or bag) is the
    seed's, and the actions replay on them. Exit status 1 if not, 2 for a malformed record.

    Example: cribkit verify game.json
    """
    game = read_record(record)
    from cribkit.games.verification import verify_record

    try:
        found = verify_record(game)
    except ValueError as error:  # RecordError and the card errors are ValueErrors
        raise fail(f"{source_name(record)}: {error}") from None
    if as_json:
        print_json(
            {
                "verified": found.ok,
                "game": found.game,
                "seed": found.seed,
                "commitment": found.commitment,
                "deals": found.deals,
                "problem": found.problem,
            }
        )
    elif found.ok:
        typer.echo(found.summary())
    else:
        typer.echo(f"cribkit: {source_name(record)}: {found.summary()}", err=True)
    if not as_json:
        # (getattr: a Verification has its note from the record versions on)
        print_note(getattr(found, "note", None))
    if not found.ok:
        raise typer.Exit(NOT_VERIFIED)
