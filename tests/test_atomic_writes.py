"""``store_many`` is all or nothing, tested inside its write transaction, on both backends.

A trigger in the test database makes the Nth insert of a batch fail (a real database error, after the
batch's first items were written in the same transaction), or stop: then a real process is killed with
SIGKILL while it is inside the transaction, synchronised so that the kill lands there (SQLite: the
trigger calls a function of the child process, which says so and waits; PostgreSQL: the trigger waits
for an advisory lock the test holds, and the test sees the child's backend waiting on it). Afterwards
nothing of the batch exists: no item, no full-text entry, no entity key, no audit row.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from backends import count_rows, fulltext_count, is_postgres, rows
from memlane import Memlane, StorageError, UnknownMemory

#: store_many writes a batch in one transaction, item by item, whatever its size (no chunks): 150 items
#: written before the fault show all-or-nothing as 1,500 did (2,000 items cost ~20 s of CPU here)
BATCH = 200
STOP_AT = 150  # the batch item whose insert fails or stops: well inside the transaction
_PAUSE_LOCK = 424242


def _batch() -> list[str]:
    return [f"bulk item {i} about llamas" for i in range(BATCH)]


def _snapshot(db: Path | str) -> dict[str, int]:
    return {t: count_rows(db, t) for t in ("memories", "memory_entities", "memory_vectors", "audit_log")}


def _assert_nothing_of_the_batch(db: Path | str, before: dict[str, int]) -> None:
    assert _snapshot(db) == before
    assert rows(db, "SELECT COUNT(*) FROM memories WHERE content LIKE 'bulk item %'") == [(0,)]
    assert fulltext_count(db, "llamas") == 0
    with Memlane(db, user="alice", embedder="none") as m:
        assert [i.content for i in m.list_recent(100)] == ["before the batch"]
        assert m.recall("llamas") == []


def _exec(db: Path | str, sql: str) -> None:
    if is_postgres(db):
        import psycopg

        with psycopg.connect(str(db), autocommit=True) as conn:
            conn.execute(sql.encode())
        return
    import apsw

    con = apsw.Connection(str(db))
    try:
        con.execute(sql)
    finally:
        con.close()


def _trigger(db: Path | str, action: str) -> None:
    """On the insert of batch item ``STOP_AT``: ``fail`` raises a database error, ``pause`` stops."""
    content = f"bulk item {STOP_AT} about llamas"
    if is_postgres(db):
        body = {
            "fail": "RAISE EXCEPTION 'injected fault on an insert'",
            "pause": f"PERFORM pg_advisory_xact_lock({_PAUSE_LOCK})",
        }[action]
        _exec(
            db,
            "CREATE FUNCTION memlane_test_hook() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            f" IF NEW.content = '{content}' THEN {body}; END IF; RETURN NEW; END $$;"
            " CREATE TRIGGER memlane_test_hook AFTER INSERT ON memories FOR EACH ROW"
            " EXECUTE FUNCTION memlane_test_hook();",
        )
    else:
        body = {
            "fail": "SELECT RAISE(ABORT, 'injected fault on an insert')",
            "pause": "SELECT memlane_test_pause()",
        }
        _exec(
            db,
            f"CREATE TRIGGER memlane_test_hook AFTER INSERT ON memories WHEN NEW.content = '{content}'"
            f" BEGIN {body[action]}; END",
        )


def _drop_trigger(db: Path | str) -> None:
    _exec(
        db,
        "DROP TRIGGER memlane_test_hook ON memories" if is_postgres(db) else "DROP TRIGGER memlane_test_hook",
    )


def test_a_write_failing_partway_through_the_batch_leaves_nothing(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("before the batch")
    before = _snapshot(db_path)
    _trigger(db_path, "fail")
    with (
        Memlane(db_path, user="alice", embedder="none") as m,
        pytest.raises(StorageError, match="injected fault"),
    ):
        m.store_many(_batch(), auto_supersede=False)
    _drop_trigger(db_path)
    _assert_nothing_of_the_batch(db_path, before)


def test_an_unknown_replaces_late_in_the_batch_leaves_nothing(db_path: Path | str) -> None:
    """A refusal that can only be decided inside the transaction (the replaced item must be visible
    there), after the batch's first items were written."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("before the batch")
        before = _snapshot(db_path)
        items: list[dict[str, str]] = [{"content": c} for c in _batch()]
        items[STOP_AT]["replaces"] = "mem_doesnotexist"
        with pytest.raises(UnknownMemory, match="mem_doesnotexist"):
            m.store_many(items, auto_supersede=False)
    _assert_nothing_of_the_batch(db_path, before)


_CHILD = textwrap.dedent(
    """
    import sys, time
    from memlane import Memlane
    m = Memlane(sys.argv[1], user="alice", embedder="none")
    if m.service.storage.backend == "sqlite":
        def pause():  # called by the test's trigger inside the write transaction: say so, then wait
            print("inside", flush=True)
            time.sleep(600)
        with m.service.storage._db.writer() as conn:
            conn.create_scalar_function("memlane_test_pause", pause, 0)
    print("ready", flush=True)
    m.store_many([f"bulk item {i} about llamas" for i in range(int(sys.argv[2]))], auto_supersede=False)
    print("finished", flush=True)
    """
)


def _child(db: Path | str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.Popen([sys.executable, "-c", _CHILD, str(db), str(BATCH)], stdout=subprocess.PIPE,
                            text=True, env=env)  # fmt: skip


def _wait_for_backend_on_the_lock(db: str) -> None:
    import psycopg

    deadline = time.monotonic() + 120
    with psycopg.connect(db, autocommit=True) as conn:
        while True:
            waiting = conn.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = %s",
                (_PAUSE_LOCK,),
            ).fetchone()
            if waiting and waiting[0]:
                return
            assert time.monotonic() < deadline, "the child never reached the paused insert"
            time.sleep(0.05)


def test_a_process_killed_inside_the_batch_transaction_leaves_nothing(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("before the batch")
    before = _snapshot(db_path)
    _trigger(db_path, "pause")
    holder = None
    if is_postgres(db_path):
        import psycopg

        holder = psycopg.connect(str(db_path), autocommit=True)
        holder.execute("SELECT pg_advisory_lock(%s)", (_PAUSE_LOCK,))
    proc = _child(db_path)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        if holder is not None:
            _wait_for_backend_on_the_lock(str(db_path))
        else:
            assert proc.stdout.readline().strip() == "inside"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if holder is not None:  # the child's backend may finish the insert, then finds its client gone
            holder.execute("SELECT pg_advisory_unlock(%s)", (_PAUSE_LOCK,))
            holder.close()
    assert proc.returncode == -signal.SIGKILL
    if is_postgres(db_path):
        _wait_until_the_backend_is_gone(str(db_path))
    _drop_trigger(db_path)
    _assert_nothing_of_the_batch(db_path, before)


def _wait_until_the_backend_is_gone(db: str) -> None:
    """The killed client's backend rolls back once it sees its connection closed."""
    import psycopg

    deadline = time.monotonic() + 60
    with psycopg.connect(db, autocommit=True) as conn:
        while conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND xact_start IS NOT NULL AND query LIKE '%%INSERT INTO memories%%'"
        ).fetchone() != (0,):
            assert time.monotonic() < deadline, "the killed client's transaction is still open"
            time.sleep(0.05)
