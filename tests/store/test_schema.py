"""The tables the migrations make are the schema module's, on both backends: a revision that
forgot a column or an index (or the module that forgot a revision) fails here."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from cribkit.store.schema import metadata
from cribkit.store.sql import engine_url


def test_the_migrated_database_is_the_schema(store_url: str) -> None:
    from cribkit.store.base import open_store

    open_store(store_url, upgrade=True).close()
    engine = sa.create_engine(engine_url(store_url))
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), metadata)
    finally:
        engine.dispose()
    # (alembic's own table is the migrations', not the schema's)
    assert [d for d in differences if "alembic_version" not in repr(d)] == []
