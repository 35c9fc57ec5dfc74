"""Access counts are each reader's own (``storage/access.py``), on both backends: another user's recalls
of a shared memory change neither what a caller reads as its ``access_count`` / ``last_accessed_at``
nor her ranking; each reader sees her own reads only; a personal-only key's reads stay its user's own;
exports carry the exporter's own counts; consolidation keeps each reader's; and a store with counts from
before (one count per memory) upgrades with them on the memory's owning user."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.models import Actor, Visibility
from servers import Stack, bearer, running

OBSERVED = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def m(db_path: Path | str) -> Iterator[Memlane]:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        yield mem


def _twins(m: Memlane) -> tuple[str, str]:
    """Two shared memories that a recall for "kettle" cannot tell apart (the same evidence in every lane,
    the same time and importance): only their access counts can order them, and then the newer comes
    first (``fusion.best_first``)."""
    older = m.store("kettle garage", visibility="shared", observed_at=OBSERVED).id
    newer = m.store("kettle attic", visibility="shared", observed_at=OBSERVED).id
    return older, newer


def _ranking(m: Memlane, user: str) -> list[tuple[str, float]]:
    return [(h.id, h.score) for h in m.recall("kettle", user=user, limit=5, now=NOW)]


def test_another_users_recalls_do_not_move_a_users_ranking(m: Memlane) -> None:
    older, newer = _twins(m)
    before = _ranking(m, "alice")
    assert [i for i, _ in before] == [newer, older]
    for _ in range(6):  # bob reads only the older one
        assert [h.id for h in m.recall("garage", user="bob", limit=1, now=NOW)] == [older]
    assert _ranking(m, "alice") == before  # the same order and scores
    # bob's own reads move bob's ranking (the counts are there, counted for him)
    assert [i for i, _ in _ranking(m, "bob")] == [older, newer]
    # and alice's own reads move hers
    for _ in range(6):
        m.recall("garage", user="alice", limit=1, now=NOW)
    assert [i for i, _ in _ranking(m, "alice")] == [older, newer]


def test_another_users_recalls_do_not_show_in_a_users_counts(m: Memlane) -> None:
    older, newer = _twins(m)
    _ranking(m, "alice")
    seen = m.get(older, user="alice")
    assert seen.access_count == 1 and seen.last_accessed_at is not None
    for _ in range(6):  # bob reads only the older one
        assert [h.id for h in m.recall("garage", user="bob", limit=1, now=NOW)] == [older]
    after = m.get(older, user="alice")
    assert (after.access_count, after.last_accessed_at) == (seen.access_count, seen.last_accessed_at)
    assert m.get(newer, user="alice").access_count == 1
    # bob sees his own reads only
    mine = m.get(older, user="bob")
    assert (
        mine.access_count == 6
        and mine.last_accessed_at is not None
        and mine.last_accessed_at > seen.last_accessed_at
    )
    assert (m.get(newer, user="bob").access_count, m.get(newer, user="bob").last_accessed_at) == (0, None)
    # in a listing and a recall as well
    (listed,) = [x for x in m.list_recent(user="alice", limit=5) if x.id == older]
    assert listed.access_count == 1
    (hit,) = m.recall("garage", user="alice", limit=1, now=NOW)
    assert (hit.id, hit.access_count) == (older, 1)  # (counted after the recall has read it)
    assert m.get(older, user="alice").access_count == 2
    assert m.get(older, user="bob").access_count == 6


def test_the_owner_of_a_shared_memory_sees_her_own_reads_only(m: Memlane, db_path: Path | str) -> None:
    """Not the total: a count of others' reads of her own memory would tell her how often they read it."""
    mine = m.store("the boiler code is 4471", visibility="shared").id
    m.recall("boiler code", user="bob", now=NOW)
    m.recall("boiler code", user="carol", now=NOW)
    got = m.get(mine, user="alice")
    assert (got.access_count, got.last_accessed_at) == (0, None)
    assert [h.access_count for h in m.recall("boiler code", user="alice", now=NOW)] == [0]  # (before hers)
    assert m.get(mine, user="alice").access_count == 1
    with m.service.storage.write():  # (SQLite writes buffered counts with the next transaction)
        pass
    assert sorted(rows(db_path, "SELECT reader, access_count FROM memory_access")) == [
        ("alice", 1), ("bob", 1), ("carol", 1),
    ]  # fmt: skip
    # the memories' own columns are gone (migration 31)
    assert not {"access_count", "last_accessed_at"} & _memory_columns(db_path)


def test_a_personal_only_keys_reads_are_its_users_own(stack: Stack) -> None:
    """Over real HTTP: a key limited to personal memories reads a shared one; what the other users see of
    it (its count, their ranking) does not move."""
    member = stack.key(user="ana")
    personal = stack.key(user="bob", max_visibility="personal")
    with running(stack.app(mcp=False)) as url, httpx.Client(base_url=url, timeout=60) as http:

        def post(key: str, path: str, body: dict[str, object]) -> dict[str, object]:
            out = http.post(path, json=body, headers=bearer(key))
            assert out.status_code == 200, out.text
            return dict(out.json())

        shared = post(member, "/v1/memories", {"content": "the gate number is 9031", "visibility": "shared"})
        key_id = str(shared["id"])
        for _ in range(3):
            hits = post(personal, "/v1/recall", {"query": "gate number"})["hits"]
            assert [h["id"] for h in hits] == [key_id]  # type: ignore[attr-defined,index]
        for key, count in ((member, 0), (stack.admin_key, 0), (personal, 3)):
            got = http.get(f"/v1/memories/{key_id}", headers=bearer(key)).json()
            assert got["access_count"] == count
            assert (got["last_accessed_at"] is None) == (count == 0)


def test_an_export_carries_the_exporters_own_counts_and_a_restore_gives_them_to_the_caller(
    m: Memlane, tmp_path: Path
) -> None:
    shared = m.store("the ferry leaves at 7", visibility="shared").id
    for _ in range(4):
        m.recall("ferry", user="bob", now=NOW)
    m.recall("ferry", user="alice", now=NOW)
    lines = [json.loads(line) for line in m.export(user="alice")]
    (record,) = [line["memory"] for line in lines if "memory" in line]
    assert (record["id"], record["access_count"]) == (shared, 1)
    (bobs,) = [line["memory"] for line in map(json.loads, m.export(user="bob")) if "memory" in line]
    assert bobs["access_count"] == 4
    backup = tmp_path / "alice.jsonl"
    backup.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    with Memlane(tmp_path / "restored.db", user="carol", embedder="none") as other:
        result = other.import_file(backup, user="carol")
        assert result.imported == 1
        restored = result.remapped[shared]  # restored under an id of carol's scope (docs/import.md, "Ids")
        assert other.get(restored, user="carol").access_count == 1
        assert other.get(restored, user="dan").access_count == 0


def test_consolidation_keeps_each_readers_own_counts(m: Memlane) -> None:
    a = m.store("Ana enjoys green tea", visibility="shared", auto_supersede=False).id
    b = m.store("Ana likes green tea", visibility="shared", auto_supersede=False).id
    for _ in range(2):
        assert len(m.recall("Ana green tea", user="bob", now=NOW)) == 2
    m.recall("Ana green tea", user="alice", now=NOW)
    (cluster,) = m.consolidate().clusters
    assert set(cluster.merged) == {a, b}
    (merged,) = m.recall("Ana green tea", user="dan", now=NOW)
    assert merged.id == cluster.id
    assert m.get(merged.id, user="bob").access_count == 2 * 2  # his reads of both members
    assert m.get(merged.id, user="alice").access_count == 2
    assert m.get(merged.id, user="dan").access_count == 1  # (dan's one recall of the merged memory)


def _memory_columns(db: Path | str) -> set[str]:
    if is_postgres(db):
        found = rows(
            db,
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'memories'"
            " AND table_schema = current_schema()",
        )
    else:
        found = [(r[1],) for r in rows(db, "PRAGMA table_info(memories)")]
    return {str(name) for (name,) in found}


def test_counts_from_before_move_to_the_owning_user(db_path: Path | str) -> None:
    """A store from before per-reader counts (schema 26): a personal memory's count becomes its owner's,
    a shared one's its author's (who wrote most of them); the memories' own columns are then dropped
    (migration 31)."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        personal = m.store("alice's locker is 12").id
        shared = m.store("the printer is on floor 2", visibility="shared", user="bob").id
    at = "2026-11-30T10:00:00Z"
    rows(db_path, "DROP TABLE memory_access")
    rows(db_path, "DELETE FROM schema_migrations WHERE version IN (27, 31)")
    # the columns as schema 26 had them
    time_type = "TIMESTAMPTZ" if is_postgres(db_path) else "TEXT"
    rows(db_path, "ALTER TABLE memories ADD COLUMN access_count INTEGER NOT NULL DEFAULT 0")
    rows(db_path, f"ALTER TABLE memories ADD COLUMN last_accessed_at {time_type}")
    stamp = f"'{at}'" if not is_postgres(db_path) else f"TIMESTAMPTZ '{at}'"
    rows(db_path, f"UPDATE memories SET access_count = 5, last_accessed_at = {stamp} WHERE id = '{personal}'")
    rows(db_path, f"UPDATE memories SET access_count = 7, last_accessed_at = {stamp} WHERE id = '{shared}'")
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() >= 27
        got = m.get(personal, user="alice")
        assert got.access_count == 5 and got.last_accessed_at == datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
        assert m.get(shared, user="bob").access_count == 7
        assert m.get(shared, user="alice").access_count == 0  # not hers: she learns nothing of them
        assert m.get(shared, user="alice").last_accessed_at is None
    assert not {"access_count", "last_accessed_at"} & _memory_columns(db_path)


def test_a_reader_on_a_personal_ceiling_counts_in_her_own_row(m: Memlane) -> None:
    """The rule is in storage, below every surface: the same through the service with a personal-only
    actor (what a personal key's request is)."""
    shared = m.store("the wifi password is on the fridge", visibility="shared").id
    actor = Actor(user="bob", ceiling=Visibility.PERSONAL)
    assert [h.id for h in m.service.recall("wifi password", actor=actor, now=NOW)] == [shared]
    assert m.get(shared, user="bob").access_count == 1
    assert m.get(shared, user="alice").access_count == 0


def test_the_readers_counts_are_read_by_their_key_not_by_a_scan(db_path: Path | str) -> None:
    """Every statement that reads the reader's counts (recall's, a listing's, a get's) finds them by the
    (memory, reader) key, with many readers' rows in the table: the statements the store really runs,
    planned by the database itself (PostgreSQL after ANALYZE, SQLite without statistics, as memlane runs
    them)."""
    readers = 60
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many([f"note {i} about the kettle and room {i}" for i in range(300)], visibility="shared",
                     auto_supersede=False)  # fmt: skip
        rows(
            db_path,
            f"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < {readers})"
            " INSERT INTO memory_access (memory_seq, reader, access_count)"
            " SELECT m.seq, 'r' || r.n, 1 FROM memories m CROSS JOIN r",
        )
        if is_postgres(db_path):
            rows(db_path, "ANALYZE")
        seen: list[tuple[str, object]] = []
        storage = m.service.storage
        read = storage._rows

        def traced(sql: str, params: object) -> object:
            seen.append((str(sql), params))
            return read(sql, params)  # type: ignore[arg-type]

        storage._rows = traced  # type: ignore[method-assign]
        try:
            hit = m.recall("kettle room 7", user="bob", limit=5, now=NOW)[0]
            m.list_recent(user="bob", limit=20)
            m.get(hit.id, user="bob")
        finally:
            storage._rows = read  # type: ignore[method-assign]
    statements = [(sql, params) for sql, params in seen if "memory_access" in sql]
    assert len(statements) >= 3
    for sql, params in statements:
        plan = _plan(db_path, sql, params)
        assert "memory_access" in plan, plan
        assert "Seq Scan on memory_access" not in plan and "SCAN memory_access" not in plan, plan


def _plan(db: Path | str, sql: str, params: object) -> str:
    if is_postgres(db):
        import psycopg

        with psycopg.connect(str(db), autocommit=True) as conn:
            return "\n".join(r[0] for r in conn.execute(("EXPLAIN " + sql).encode(), params))  # type: ignore[arg-type]
    import apsw

    con = apsw.Connection(str(db))
    try:
        return "\n".join(str(r[3]) for r in con.execute("EXPLAIN QUERY PLAN " + sql, params))  # type: ignore[arg-type]
    finally:
        con.close()


def test_a_copy_between_backends_keeps_every_readers_counts(tmp_path: Path, pg_database: str) -> None:
    import uuid

    from click.testing import CliRunner

    from memlane.cli import main
    from pg import url_with_search_path

    source, back = tmp_path / "a.db", tmp_path / "b.db"
    with Memlane(source, user="alice", embedder="none") as m:
        shared = m.store("the van is parked on level 3", visibility="shared").id
        for user, times in (("alice", 1), ("bob", 3)):
            for _ in range(times):
                m.recall("van parked", user=user, now=NOW)
        before = {user: m.get(shared, user=user) for user in ("alice", "bob", "carol")}
    schema = f"copy_{uuid.uuid4().hex[:8]}"
    rows(pg_database, f'CREATE SCHEMA "{schema}"')
    pg = url_with_search_path(pg_database, schema)
    runner = CliRunner()
    for src, dst in ((str(source), pg), (pg, str(back))):
        done = runner.invoke(main, ["db", "copy", "--from", src, "--to", dst], obj={})
        assert done.exit_code == 0, done.output
        with Memlane(dst, user="alice", embedder="none") as copy:
            after = {user: copy.get(shared, user=user) for user in before}
        assert {u: (x.access_count, x.last_accessed_at) for u, x in after.items()} == {
            u: (x.access_count, x.last_accessed_at) for u, x in before.items()
        }
    assert before["bob"].access_count == 3 and before["carol"].access_count == 0
