"""``cribkit db``: the operator's steps on a store: ``status`` (the schema's revision beside
this cribkit's), ``upgrade`` and ``backup``.

A shared PostgreSQL database is upgraded by ``cribkit db upgrade`` only, never by the servers
that open it, so that an upgrade is a step the operator takes (after a backup) and can go back
from; ``docs/scaling.md``, "Upgrades and backups".
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cribkit.cli.app import JsonOption, WholeListing, app, fail, print_json
from cribkit.cli.urls import StoreFileOption, StoreOption, given_url

db_app = typer.Typer(
    help="The store's schema and backups: status, upgrade, backup (docs/scaling.md).",
    no_args_is_help=True,
    rich_markup_mode=None,
    cls=WholeListing,
)
app.add_typer(db_app, name="db")


def _shown(store: str | None) -> str:
    """The store's URL as printed: the default's own, and never a password."""
    from cribkit.store.sql import default_url
    from cribkit.web.logs import without_password

    return without_password(store or default_url())


@db_app.command()
def status(
    ctx: typer.Context,
    store: StoreOption = None,
    store_file: StoreFileOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the database's schema revision, this cribkit's, and whether the database is behind,
    current or ahead (nothing is changed).

    Example: cribkit db status --store postgresql://cribkit@db/cribkit
    """
    from cribkit.store.admin import schema_status
    from cribkit.store.base import StoreError

    store = given_url(ctx, "store", store, store_file)
    try:
        found = schema_status(store)
    except StoreError as error:
        raise fail(str(error)) from None
    shown = _shown(store)
    if as_json:
        print_json({"store": shown, **found.to_json()})
        return
    at = "has no revision yet" if found.revision is None else f"is at revision {found.revision}"
    line = f"cribkit: the database {shown} {at}, this cribkit's is {found.head}: {found.state}"
    if found.state == "behind":
        line += (
            " (it is upgraded when cribkit opens it, or by cribkit db upgrade)"
            if found.backend == "sqlite"
            else " (cribkit db upgrade upgrades it)"
        )
    elif found.state == "ahead":
        line += " (upgraded by a newer cribkit)"
    typer.echo(line)


@db_app.command()
def upgrade(
    ctx: typer.Context, store: StoreOption = None, store_file: StoreFileOption = None
) -> None:
    """Upgrade the database to this cribkit's schema (back it up first): the step that must
    come before starting a new release's servers and workers on a PostgreSQL database.

    Example: cribkit db upgrade --store postgresql://cribkit@db/cribkit
    """
    from cribkit.store.admin import upgrade_store
    from cribkit.store.base import StoreError

    store = given_url(ctx, "store", store, store_file)
    try:
        done = upgrade_store(store)
    except StoreError as error:
        raise fail(str(error)) from None
    shown = _shown(store)
    if done.upgraded:
        before = "none (a new database)" if done.before is None else done.before
        typer.echo(f"cribkit: upgraded the database {shown} from revision {before} to {done.after}")
    else:
        typer.echo(f"cribkit: the database {shown} is up to date (revision {done.after})")


@db_app.command()
def backup(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="The new file to write the copy to.")],
    store: StoreOption = None,
    store_file: StoreFileOption = None,
) -> None:
    """Copy a SQLite store to a new file with SQLite's online backup, safe while a server runs
    (PostgreSQL: pg_dump, see docs/scaling.md).

    Example: cribkit db backup cribkit-2026-12-06.db
    """
    from cribkit.store.admin import backup_sqlite
    from cribkit.store.base import StoreError

    store = given_url(ctx, "store", store, store_file)
    try:
        done = backup_sqlite(store, path)
    except StoreError as error:
        raise fail(str(error)) from None
    games = f"{done.games} game{'' if done.games == 1 else 's'}"
    revision = "no revision" if done.revision is None else f"revision {done.revision}"
    typer.echo(
        f"cribkit: backed up {_shown(store)} to {done.path} ({games}, {revision}, "
        f"{done.size / 1e6:.1f} MB)"
    )
