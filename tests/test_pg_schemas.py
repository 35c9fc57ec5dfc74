"""The PostgreSQL tests' reused schemas (tests/pg.py ``SchemaStock``): a schema handed to the next test holds
nothing of the last one's, numbers its rows from 1 again, is reached under its new name only, and one whose
catalog a test changed is never handed out again, and one a test left a connection open on is dropped with a
warning naming the test."""

from __future__ import annotations

import psycopg
import pytest

from backends import rows
from memlane import Memlane
from pg import SchemaStock


def _url(stock: SchemaStock, schema: str) -> str:
    return SchemaStock.url(stock.database_url, schema)


def test_the_next_test_gets_the_schema_empty_and_numbering_from_one(pg_schemas: SchemaStock) -> None:
    first = pg_schemas.take()
    url = _url(pg_schemas, first.name)
    with Memlane(url, user="alice", embedder="none") as m:
        m.store("Ada Lovelace wrote the first program for the Analytical Engine")
        m.store("Grace Hopper found a moth in the Mark II")
    assert rows(url, "SELECT count(*) FROM memories") == [(2,)]
    migrations = rows(url, "SELECT version FROM schema_migrations ORDER BY version")
    oid, name = first.oid, first.name
    pg_schemas.give_back(first)

    second = pg_schemas.take()
    try:
        assert second.oid == oid  # the same schema, reused
        assert second.name != name
        again = _url(pg_schemas, second.name)
        assert rows(again, "SELECT count(*) FROM memories") == [(0,)]
        assert rows(again, "SELECT count(*) FROM entities") == [(0,)]
        assert rows(again, "SELECT version FROM schema_migrations ORDER BY version") == migrations
        with Memlane(again, user="bob", embedder="none") as m:
            m.store("Alan Turing proposed the imitation game")
            assert [h.content for h in m.recall("Ada Lovelace program")] == []
        assert rows(again, "SELECT seq FROM memories") == [(1,)]  # identities restarted
        with psycopg.connect(url, autocommit=True) as conn, pytest.raises(psycopg.errors.UndefinedTable):
            conn.execute("SELECT count(*) FROM memories")  # the old name reaches nothing
    finally:
        pg_schemas.give_back(second)


def test_a_schema_whose_catalog_changed_is_not_handed_out_again(pg_schemas: SchemaStock) -> None:
    first = pg_schemas.take()
    url = _url(pg_schemas, first.name)
    Memlane(url, user="alice", embedder="none").close()
    rows(url, "CREATE INDEX memories_by_content ON memories (content)")
    pg_schemas.give_back(first)
    second = pg_schemas.take()
    try:
        assert second.oid != first.oid
        found = rows(pg_schemas.database_url, f"SELECT count(*) FROM pg_namespace WHERE oid = {first.oid}")
        assert found == [(0,)]  # dropped
        assert rows(_url(pg_schemas, second.name), "SELECT to_regclass('memories_by_content') IS NULL") == [
            (True,)
        ]
    finally:
        pg_schemas.give_back(second)


def test_what_a_test_changed_without_adding_rows_is_undone_too(pg_schemas: SchemaStock) -> None:
    """Only tables holding something are emptied: a migration's row changed in place, one deleted, a row
    inserted then rolled back, a sequence advanced by an insert that failed: the next test sees none of it."""
    first = pg_schemas.take()
    url = _url(pg_schemas, first.name)
    migrations = rows(url, "SELECT version, description FROM schema_migrations ORDER BY version")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE schema_migrations SET description = 'changed' WHERE version = 1")
        conn.execute("DELETE FROM schema_migrations WHERE version = 2")
        with pytest.raises(psycopg.errors.NotNullViolation):  # the sequence's default runs, no row is written
            conn.execute("INSERT INTO memories (content) VALUES (NULL)")
        with pytest.raises(psycopg.errors.QueryCanceled), conn.transaction():
            conn.execute("INSERT INTO entities SELECT * FROM entities")  # nothing, but its own transaction
            conn.execute("SET LOCAL statement_timeout = 1")
            conn.execute("SELECT pg_sleep(1)")
    pg_schemas.give_back(first)
    second = pg_schemas.take()
    try:
        assert second.oid == first.oid
        again = _url(pg_schemas, second.name)
        assert (
            rows(again, "SELECT version, description FROM schema_migrations ORDER BY version") == migrations
        )
        with Memlane(again, user="bob", embedder="none") as m:
            m.store("Alan Turing proposed the imitation game")
        assert rows(again, "SELECT seq FROM memories") == [(1,)]
    finally:
        pg_schemas.give_back(second)


def test_a_connection_left_open_drops_the_schema_with_a_warning(
    pg_schemas: SchemaStock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SchemaStock, "CLOSE_WAIT_S", 0.0)
    first = pg_schemas.take()
    with (
        psycopg.connect(_url(pg_schemas, first.name), autocommit=True),  # still open as the test ends
        pytest.warns(UserWarning, match="test_left_open left a PostgreSQL connection open"),
    ):
        pg_schemas.give_back(first, "test_left_open")
    found = rows(pg_schemas.database_url, f"SELECT count(*) FROM pg_namespace WHERE oid = {first.oid}")
    assert found == [(0,)]
