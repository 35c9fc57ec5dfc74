"""Migrations, crash safety, the async SDK, the public API, and several processes on one file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import apsw
import pytest

import memlane
from backends import clear_keyword_and_entity_indexes
from memlane import PRESETS, AsyncMemlane, Memlane, StorageError
from memlane.storage.sqlite.migrations import LATEST, MIGRATIONS


def test_public_api_is_sorted_and_importable() -> None:
    assert memlane.__all__ == sorted(memlane.__all__)
    for name in memlane.__all__:
        assert getattr(memlane, name) is not None


@pytest.mark.sqlite_only(reason="reads the SQLite file with apsw; PostgreSQL: tests/test_postgres.py")
def test_migrations_from_empty_and_idempotent(db_path: Path) -> None:
    with Memlane(db_path, embedder="none") as m:
        assert m.service.storage.schema_version() == LATEST
    with Memlane(db_path, embedder="none") as m:  # re-opening applies nothing twice
        assert m.service.storage.schema_version() == LATEST
    con = apsw.Connection(str(db_path))
    versions = [r[0] for r in con.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == [v for v, _, _ in MIGRATIONS]
    con.close()


@pytest.mark.sqlite_only(reason="reads the SQLite file with apsw; PostgreSQL: tests/test_postgres.py")
def test_migration_from_the_previous_schema_keeps_data(db_path: Path) -> None:
    import re

    with Memlane(db_path, embedder="none") as m:
        r = m.store("kept across upgrades")
    # Turn the file back into the previous schema: drop what the newest step created, forget the step.
    version, _, sql = MIGRATIONS[-1]
    assert version == LATEST > 1
    con = apsw.Connection(str(db_path))
    for kind, name in re.findall(
        r"CREATE (TABLE|VIRTUAL TABLE|INDEX|UNIQUE INDEX)(?: IF NOT EXISTS)? (\w+)", sql
    ):
        if kind in ("TABLE", "VIRTUAL TABLE"):
            con.execute(f"DROP TABLE IF EXISTS {name}")
        else:  # an index on a column the step added would keep the column from being dropped
            con.execute(f"DROP INDEX IF EXISTS {name}")
    for table, column in re.findall(r"ALTER TABLE (\w+) ADD COLUMN (\w+)", sql):
        con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    con.execute("DELETE FROM schema_migrations WHERE version = ?", (LATEST,))
    con.close()
    with Memlane(db_path, embedder="none") as m:
        assert m.service.storage.schema_version() == LATEST
        assert m.get(r.id).content == "kept across upgrades"
        assert m.store("written after the upgrade").status == "stored"


@pytest.mark.sqlite_only(reason="reads the SQLite file with apsw; PostgreSQL: tests/test_postgres.py")
def test_a_newer_database_is_refused(db_path: Path) -> None:
    Memlane(db_path, embedder="none").close()
    con = apsw.Connection(str(db_path))
    con.execute("INSERT INTO schema_migrations VALUES (?, 'from the future', datetime('now'))", (LATEST + 1,))
    con.close()
    with pytest.raises(StorageError, match="newer"):
        Memlane(db_path, embedder="none")


def test_async_sdk(db_path: Path) -> None:
    async def main() -> None:
        async with AsyncMemlane(db_path, user="alice", embedder="none") as m:
            r = await m.store("the async wombat likes tea", source="async-agent")
            results = await asyncio.gather(*(m.recall("wombat") for _ in range(5)))
            assert all([h.id for h in hits] == [r.id] for hits in results)
            assert (await m.get(r.id)).source == "async-agent"
            assert [x.id for x in await m.history(r.id)] == [r.id]
            assert (await m.forget(r.id)).deleted == (r.id,)

    asyncio.run(main())


def test_another_process_sees_writes_and_deletes(db_path: Path, local_embedder) -> None:
    reader = Memlane(db_path, user="alice", embedder=local_embedder)
    writer = Memlane(db_path, user="alice", embedder=local_embedder)
    try:
        assert reader.recall("allergy") == []  # builds the reader's vector cache (empty)
        r = writer.store("My daughter is allergic to peanuts")
        hits = reader.recall("which food allergy does my kid have")
        assert hits[0].id == r.id and "semantic" in hits[0].matched_by
        writer.forget(r.id)
        assert reader.recall("which food allergy does my kid have") == []
    finally:
        reader.close()
        writer.close()


def test_changing_the_model_makes_reindex_re_embed(db_path: Path, local_embedder, model_home: Path) -> None:
    from memlane.providers.embedders import build_embedder

    with Memlane(db_path, user="alice", embedder=local_embedder) as m:
        r = m.store("My daughter is allergic to peanuts")
        assert m.get(r.id).embedding_model == "local/all-MiniLM-L6-v2"
    other = build_embedder("local-onnx-int8", home=model_home)
    assert other.identity != local_embedder.identity
    with Memlane(db_path, user="alice", embedder=other) as m:
        assert m.reindex().embedded == 1
        assert m.get(r.id).embedding_model == other.identity
        assert "semantic" in m.recall("food allergy of my kid")[0].matched_by
        assert m.reindex().embedded == 0


def test_reindex_keys_rebuilds_indexes(db_path: Path) -> None:
    # (without the graph lane: the memory's entity links are not what is cleared and rebuilt here)
    with Memlane(db_path, user="alice", embedder="none", retrieval=PRESETS["no-graph"]) as m:
        r = m.store("Invoice 4471 from Globex was paid", subject="Globex")
        clear_keyword_and_entity_indexes(db_path)
        assert m.recall("invoice 4471") == []
        assert m.reindex(keys=True).keys_rebuilt == 1
        hits = m.recall("invoice 4471")
        assert hits[0].id == r.id and {"keyword", "entity"} <= set(hits[0].matched_by)


def test_an_unknown_embedder_fails_at_start(db_path: Path) -> None:
    from memlane import ConfigError

    with pytest.raises(ConfigError, match="unknown embedder 'lcoal'"):
        Memlane(db_path, embedder="lcoal")


def test_the_query_is_embedded_while_the_other_lanes_search(
    smem: Memlane, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    smem.store_many(
        ["Priya moved the Falcon launch to 12 March", "Chen prefers green tea", "FAL-42 blocks it"]
    )
    store, embedder = smem._service.storage, smem._service.embedder
    events: list[tuple[str, str]] = []

    def spy(name: str, method: object) -> object:
        def call(*args: object, **kwargs: object) -> object:
            events.append((name, threading.current_thread().name))
            return method(*args, **kwargs)  # type: ignore[operator]

        return call

    monkeypatch.setattr(embedder, "embed", spy("embed", embedder.embed))
    for name in ("keyword_search", "vector_search"):
        monkeypatch.setattr(store, name, spy(name, getattr(store, name)))
    hits = smem.recall("when is the Falcon launch?")
    assert hits and hits[0].content.startswith("Priya")
    embed_thread = next(thread for name, thread in events if name == "embed")
    assert embed_thread.startswith("memlane-lane")  # never on the caller's thread
    if store.backend == "sqlite":  # one connection: the lanes in turn, the one needing the vector last
        names = [name for name, _ in events]
        assert names.index("keyword_search") < names.index("vector_search")
