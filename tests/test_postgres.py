"""PostgreSQL-only behaviour: pgvector missing, migrations, HNSW, real concurrent processes, db copy.

The contract itself (store, recall, forget, signals…) runs on both backends through the ``db_path``
fixture; this file covers what only a server database has.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest
from click.testing import CliRunner

from memlane import Memlane, StorageError
from memlane.cli import main
from memlane.models import Actor
from memlane.requests import validate_store
from memlane.storage.postgres import PostgresStore
from memlane.storage.postgres.migrations import LATEST, MIGRATIONS
from memlane.timeutil import now_utc
from pg import PgServer, url_with_search_path


@pytest.fixture
def fresh_db(pg_server: PgServer) -> Iterator[str]:
    """A brand-new database: no pgvector, no tables (what a user's new database looks like)."""
    name = pg_server.create_database(prefix="memlane_fresh")
    try:
        yield pg_server.url(name)
    finally:
        pg_server.drop_database(name)


def q(url: str, sql: str, params: Any = None) -> list[Any]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(sql, params)
        return cur.fetchall() if cur.description else []


# -- pgvector and migrations ---------------------------------------------------------------------------


def _server_version(pg_server: PgServer) -> int:
    return int(pg_server.admin("SHOW server_version_num")[0][0])


def test_pgvector_not_installed_is_a_clear_error(pg_server: PgServer, fresh_db: str) -> None:
    if not pg_server.owned or _server_version(pg_server) < 180000:
        pytest.skip(  # only with MEMLANE_TEST_DATABASE_URL set to an external or older server
            "hides pgvector from one database with extension_control_path (PostgreSQL 18+), a server setting"
            " the tests change only on the server they started themselves, never on one they were lent"
        )
    name = urlsplit(fresh_db).path.lstrip("/")
    pg_server.admin(f"ALTER DATABASE \"{name}\" SET extension_control_path = '/nonexistent'")
    with pytest.raises(StorageError) as err:
        PostgresStore(fresh_db)
    message = str(err.value)
    assert "pgvector" in message and "CREATE EXTENSION vector failed" in message and "\n" not in message
    # the CLI prints one line, no traceback
    result = CliRunner().invoke(main, ["db", "upgrade", "--db", fresh_db], obj={})
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "pgvector" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert q(fresh_db, "SELECT to_regclass('memories')") == [(None,)]  # nothing half-made


def test_pgvector_that_cannot_be_created_is_a_clear_error(pg_server: PgServer, fresh_db: str) -> None:
    if not pg_server.owned:
        pytest.skip(  # only with MEMLANE_TEST_DATABASE_URL set to an external server
            "creates a login role, which the tests do only on the server they started themselves, never"
            " on one they were lent"
        )
    role = f"memlane_app_{uuid.uuid4().hex[:8]}"
    pg_server.admin(f'CREATE ROLE "{role}" LOGIN')
    try:
        as_app = fresh_db.replace("postgres:@", f"{role}:@", 1)
        with pytest.raises(
            StorageError, match=r"CREATE EXTENSION vector failed.*permission denied.*pgvector"
        ):
            Memlane(as_app, embedder="none")
    finally:
        pg_server.admin(f'DROP ROLE "{role}"')


def test_migrations_from_empty_and_idempotent(fresh_db: str) -> None:
    with Memlane(fresh_db, embedder="none") as m:
        assert m.service.storage.schema_version() == LATEST
        m.store("kept across re-opening")
    first = q(fresh_db, "SELECT version, description, applied_at FROM schema_migrations ORDER BY version")
    assert [(v, d) for v, d, _ in first] == [(v, d) for v, d, _ in MIGRATIONS]
    assert q(fresh_db, "SELECT count(*) FROM pg_extension WHERE extname = 'vector'") == [(1,)]
    with Memlane(fresh_db, embedder="none") as m:  # re-opening applies nothing twice
        assert m.service.storage.schema_version() == LATEST
        assert [h.content for h in m.recall("re-opening")] == ["kept across re-opening"]
    assert (
        q(fresh_db, "SELECT version, description, applied_at FROM schema_migrations ORDER BY version")
        == first
    )


def test_migration_from_the_previous_schema_keeps_data(pg_url: str) -> None:
    import re

    with Memlane(pg_url, embedder="none") as m:
        r = m.store("kept across upgrades")
    # Turn the database back into the previous schema: drop what the newest step created, forget the step.
    version, _, sql = MIGRATIONS[-1]
    assert version == LATEST > 1
    for name in re.findall(r"CREATE TABLE(?: IF NOT EXISTS)? (\w+)", sql):
        q(pg_url, f"DROP TABLE IF EXISTS {name} CASCADE")
    for table, column in re.findall(r"ALTER TABLE (\w+) ADD COLUMN (?:IF NOT EXISTS )?(\w+)", sql):
        q(pg_url, f"ALTER TABLE {table} DROP COLUMN {column}")
    q(pg_url, "DELETE FROM schema_migrations WHERE version = %s", (version,))
    with Memlane(pg_url, embedder="none") as m:
        assert m.service.storage.schema_version() == LATEST
        assert m.get(r.id).content == "kept across upgrades"
        assert m.store("written after the upgrade").status == "stored"


def test_a_newer_database_is_refused(pg_url: str) -> None:
    Memlane(pg_url, embedder="none").close()
    q(
        pg_url,
        "INSERT INTO schema_migrations (version, description) VALUES (%s, 'from the future')",
        (LATEST + 1,),
    )
    with pytest.raises(StorageError, match="newer"):
        Memlane(pg_url, embedder="none")


def test_db_upgrade_prints_the_version(fresh_db: str, tmp_path: Path) -> None:
    runner = CliRunner()
    for url in (fresh_db, str(tmp_path / "up.db")):
        result = runner.invoke(main, ["db", "upgrade", "--db", url, "--json"], obj={})
        assert result.exit_code == 0, result.output
        assert f'"schema_version": {LATEST}' in result.output
    assert "schema version" in runner.invoke(main, ["db", "upgrade", "--db", fresh_db], obj={}).output


def _open_in_process(url: str, barrier: Any) -> int:
    barrier.wait()
    with Memlane(url, embedder="none") as m:
        return int(m.service.storage.schema_version())


def test_concurrent_first_opens_migrate_once(fresh_db: str) -> None:
    ctx = mp.get_context("spawn")
    with ctx.Manager() as manager:
        barrier = manager.Barrier(4)
        with ctx.Pool(4) as pool:
            versions = pool.starmap(_open_in_process, [(fresh_db, barrier)] * 4)
    assert versions == [LATEST] * 4
    assert q(fresh_db, "SELECT version FROM schema_migrations ORDER BY version") == [
        (v,) for v, _, _ in MIGRATIONS
    ]


# -- vectors ---------------------------------------------------------------------------------------------


def test_vectors_get_an_hnsw_index_per_model_that_the_planner_uses(pg_url: str, local_embedder) -> None:
    with Memlane(pg_url, user="alice", embedder=local_embedder) as m:
        target = m.store("My daughter is allergic to peanuts")
        m.store_many([f"note {i}: the quarterly report mentions widget {i}" for i in range(30)])
        (index,) = q(
            pg_url, "SELECT index_name FROM vector_indexes WHERE model = %s", (local_embedder.identity,)
        )
        definition = q(pg_url, "SELECT indexdef FROM pg_indexes WHERE indexname = %s", index)[0][0]
        assert "hnsw" in definition and "vector_cosine_ops" in definition and "vector(384)" in definition
        assert m.recall("does my kid have a food allergy?")[0].id == target.id
    # the vector lane's query shape uses the index once a sequential scan is not an option
    vec = "[" + ",".join(["0.05"] * 384) + "]"
    with psycopg.connect(pg_url, autocommit=True) as conn, conn.transaction():
        conn.execute("SET LOCAL enable_seqscan = off")
        plan = "\n".join(
            r[0]
            for r in conn.execute(
                "EXPLAIN SELECT v.memory_seq FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq"
                f" WHERE v.model = '{local_embedder.identity}' AND v.dim = 384 AND m.workspace = 'default'"
                f" ORDER BY (v.embedding::vector(384)) <=> '{vec}'::vector(384) LIMIT 10"
            )
        )
    assert index[0] in plan


# -- concurrency with real processes -------------------------------------------------------------------


SHARED = [f"Shared fact {i}: the {w} server runs release {i}.{i}" for i, w in
          enumerate(["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
                     "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"])]  # fmt: skip


def _writer(url: str, worker: int, barrier: Any) -> list[tuple[str, str, str]]:
    """Store the shared facts (in a shuffled order) and some of our own, recalling in between."""
    items = SHARED + [f"Worker {worker} private note number {i} about kiwis" for i in range(10)]
    random.Random(worker).shuffle(items)
    out: list[tuple[str, str, str]] = []
    with Memlane(url, user="alice", embedder="none") as m:
        barrier.wait()
        for i, content in enumerate(items):
            r = m.store(content, auto_supersede=False)
            out.append((content, r.id, r.status))
            if i % 5 == 0:
                m.recall("which release does the server run", limit=5)
    return out


def _superseder(url: str, target: str, content: str, barrier: Any, auto: bool) -> str:
    with Memlane(url, user="alice", embedder="none") as m:
        barrier.wait()
        if auto:
            return m.store(content).id
        return m.store(content, replaces=target).id


def test_four_processes_lose_nothing_and_store_no_duplicate(pg_url: str) -> None:
    ctx = mp.get_context("spawn")
    with ctx.Manager() as manager:
        barrier = manager.Barrier(4)
        with ctx.Pool(4) as pool:
            results = pool.starmap(_writer, [(pg_url, w, barrier) for w in range(4)])
    rows = q(pg_url, "SELECT content, id FROM memories")
    contents = [c for c, _ in rows]
    assert len(contents) == len(set(contents)) == len(SHARED) + 4 * 10  # nothing lost, nothing twice
    ids = dict(rows)
    for per_worker in results:
        for content, id_, _ in per_worker:
            assert ids[content] == id_  # every process was told the id of the one stored item
    for content in SHARED:
        statuses = [s for per_worker in results for c, _, s in per_worker if c == content]
        assert sorted(statuses) == ["duplicate", "duplicate", "duplicate", "stored"]


@pytest.mark.parametrize("auto", [False, True], ids=["replaces", "auto-supersede"])
def test_writers_superseding_the_same_item_end_with_one_current_version(pg_url: str, auto: bool) -> None:
    with Memlane(pg_url, user="alice", embedder="none") as m:
        v1 = m.store("Dr. Okafor prescribed the red inhaler on 2024-05-01")
    colours = ["blue", "green", "yellow", "purple"]
    ctx = mp.get_context("spawn")
    with ctx.Manager() as manager:
        barrier = manager.Barrier(4)
        with ctx.Pool(4) as pool:
            new_ids = pool.starmap(
                _superseder,
                [(pg_url, v1.id, f"Dr. Okafor prescribed the {c} inhaler on 2024-05-01", barrier, auto)
                 for c in colours],
            )  # fmt: skip
    with Memlane(pg_url, user="alice", embedder="none") as m:
        chain = m.history(v1.id)
        assert [v.id for v in chain][0] == v1.id and {v.id for v in chain[1:]} == set(new_ids)
        assert [v.superseded_by is None for v in chain] == [False] * 4 + [True]  # exactly one current
        for older, newer in zip(chain, chain[1:], strict=False):  # one linear chain, links both ways
            assert older.superseded_by == newer.id and newer.replaces == older.id
        assert [h.id for h in m.recall("what did Dr. Okafor prescribe")] == [chain[-1].id]


def test_a_duplicate_committed_while_we_insert_comes_back_as_duplicate(pg_url: str) -> None:
    """The race the unique index settles: B's insert waits for A's commit, then yields to it."""
    a = Memlane(pg_url, user="alice", embedder="none")
    b = Memlane(pg_url, user="alice", embedder="none")
    try:
        actor = Actor(user="alice")
        row_a = a.service._prepare(validate_store({"content": "the office wifi is slow"}), actor, now_utc())
        row_b = b.service._prepare(validate_store({"content": "The office WiFi is slow."}), actor, now_utc())
        assert row_a.content_hash == row_b.content_hash
        got: dict[str, Any] = {}
        a_inserted = threading.Event()

        def second_writer() -> None:
            a_inserted.wait()
            with b.service.storage.write() as txn:
                got["seq"] = txn.insert(row_b)

        thread = threading.Thread(target=second_writer)
        thread.start()
        with a.service.storage.write() as txn:
            assert txn.insert(row_a) is not None
            a_inserted.set()
            thread.join(0.5)
            assert thread.is_alive()  # B waits on A's uncommitted row
        thread.join(10)
        assert got == {"seq": None}
        # and through the service: a store that loses this race answers "duplicate" with A's id
        assert b.store("the office wifi is slow").status == "duplicate"
        assert q(pg_url, "SELECT count(*) FROM memories") == [(1,)]
    finally:
        a.close()
        b.close()


# -- memlane db copy ------------------------------------------------------------------------------------


def _snapshot(url_or_path: str) -> dict[str, Any]:
    """Everything a copy must keep, in backend-neutral form."""
    from backends import rows

    with Memlane(url_or_path, user="alice", embedder="none") as m:
        memories = [x.model_dump() for x in m.service.storage.iter_all()]
    return {
        "memories": memories,
        "entities": sorted(rows(url_or_path, "SELECT e.key, m.id FROM memory_entities e JOIN memories m"
                                             " ON m.seq = e.memory_seq")),
        "seqs": sorted(rows(url_or_path, "SELECT seq, id, chain_id, content_hash FROM memories")),
        "vectors": sorted(rows(url_or_path, "SELECT m.id, v.model, v.dim FROM memory_vectors v JOIN memories m"
                                            " ON m.seq = v.memory_seq")),
        "audit": sorted(rows(url_or_path, "SELECT seq, workspace, actor, action, memory_id FROM audit_log")),
        "keys": sorted(rows(url_or_path, "SELECT id, key_hash, workspace, user_name FROM api_keys")),
    }  # fmt: skip


def test_db_copy_sqlite_to_postgres_and_back_keeps_everything(
    tmp_path: Path, pg_database: str, local_embedder
) -> None:
    sqlite_a, sqlite_b = tmp_path / "a.db", tmp_path / "b.db"
    with Memlane(sqlite_a, user="alice", embedder=local_embedder) as m:
        red = m.store(
            "Dr. Okafor prescribed the red inhaler",
            subject="Dr. Okafor",
            data={"dose": 2, "unit": "mg"},
            provenance={"tool": "chat", "message_ids": [1, 2]},
            observed_at="2024-03-01T10:00:00",
        )
        m.store("Dr. Okafor prescribed the blue inhaler", observed_at="2024-04-01T10:00:00")  # supersedes red
        m.store("deploys go through the staging cluster", space="repo-a", importance=0.9)
        gone = m.store("the old door number is 4471")
        m.forget(gone.id)
        m.recall("inhaler")  # access counts
        m.service.access.create_key("default", user="alice", name="ci")
    # a fresh schema in the test database plays the empty target
    schema = f"copy_{uuid.uuid4().hex[:8]}"
    q(pg_database, f'CREATE SCHEMA "{schema}"')
    pg = url_with_search_path(pg_database, schema)
    runner = CliRunner()
    result = runner.invoke(main, ["db", "copy", "--from", str(sqlite_a), "--to", pg], obj={})
    assert result.exit_code == 0, result.output
    assert "3 memories" in result.output
    before = _snapshot(str(sqlite_a))
    assert _snapshot(pg) == before
    with Memlane(pg, user="alice", embedder=local_embedder) as m:  # vectors came along: semantic recall works
        hits = m.recall("what medicine did the doctor give", limit=3)
        assert (
            hits[0].content == "Dr. Okafor prescribed the blue inhaler" and "semantic" in hits[0].matched_by
        )
        assert [v.id for v in m.history(red.id)][0] == red.id
    # copying into a database that holds data is refused, and changes nothing
    again = runner.invoke(main, ["db", "copy", "--from", str(sqlite_a), "--to", pg], obj={})
    assert again.exit_code == 1 and "not empty" in again.output
    # and back to a new SQLite file
    back = runner.invoke(main, ["db", "copy", "--from", pg, "--to", str(sqlite_b), "--json"], obj={})
    assert back.exit_code == 0, back.output
    after = _snapshot(str(sqlite_b))
    assert after == _snapshot(pg)
    with Memlane(sqlite_b, user="alice", embedder=local_embedder) as m:
        assert m.recall("what medicine did the doctor give", limit=3)[0].content == hits[0].content


def test_every_db_command_is_documented() -> None:
    from memlane.cli_db import db

    doc = (Path(__file__).parents[1] / "docs" / "cli.md").read_text()
    for name in db.commands:
        assert f"## `memlane db {name}" in doc, name


def test_access_counts_commit_without_waiting_and_leave_the_connection_as_it_was(pg_url: str) -> None:
    """``touch`` turns synchronous_commit off for its own transaction only (the recall does not wait
    for the WAL flush): the counts are there for every session at once, and the pooled connection it
    used commits the next write synchronously again."""
    from datetime import UTC, datetime

    with Memlane(pg_url, user="alice", embedder="none") as m:
        seq = m.store("the kettle is descaled monthly")
        store = PostgresStore(pg_url, min_size=1, max_size=1)  # one connection: touch's is the next one's
        try:
            rows = store._rows("SELECT seq FROM memories WHERE id = %s", (seq.id,))
            # a session value of the connection's own (the tests' server runs with it off altogether)
            store._rows("SELECT set_config('synchronous_commit', 'remote_write', false)", ())
            store.touch("alice", [int(rows[0][0])], datetime.now(UTC))
            assert store._rows("SHOW synchronous_commit", ()) == [("remote_write",)]
        finally:
            store.close()
        assert m.get(seq.id).access_count == 1
