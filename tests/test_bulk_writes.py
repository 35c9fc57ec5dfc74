"""A 2,000-item ``store_many`` (one all-or-nothing transaction) alongside single stores, on SQLite: the
single stores wait for it and never fail with "locked", from another process or another thread.

The bulk transaction is made to last longer than SQLite's busy timeout whatever the machine's speed: a
trigger in the test database calls a function of the bulk process inside the transaction, which says so
and then sleeps a second longer than the busy timeout before the batch goes on. That pause, not the
batch's size, is what outlasts the busy timeout (the test ran 100k items, ~80 s of CPU, then 20k, ~14 s,
for the same check): it comes halfway, 1,000 rows written in the open transaction and 1,000 to go. Both
processes run with a busy timeout of 1 s instead of memlane's 10 s (``BUSY_TIMEOUT_MS``, read whenever a
connection sets it), so the pause is 2 s, not 11: what is checked is that a waiting single store outlasts
the busy timeout, whatever its length.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import apsw
import pytest

from backends import count_rows
from memlane import Memlane
from memlane.storage.sqlite import connections

pytestmark = pytest.mark.sqlite_only(reason="SQLite's single writer; PostgreSQL writers run side by side")

BATCH = 2_000
BUSY_TIMEOUT_MS = 1_000  # both processes' SQLite busy timeout (memlane's is 10 s)
PAUSE_S = BUSY_TIMEOUT_MS / 1000 + 1  # longer than the busy timeout

_BULK = textwrap.dedent(
    """
    import json, sys, threading, time
    from memlane import Memlane
    from memlane.storage.sqlite import connections
    connections.BUSY_TIMEOUT_MS = int(sys.argv[4])
    m = Memlane(sys.argv[1], user="alice", embedder="none")
    inside = threading.Event()
    def pause():  # called by the test's trigger inside the bulk write transaction
        print("inside", flush=True)
        inside.set()
        time.sleep(float(sys.argv[3]))
    with m.service.storage._db.writer() as conn:
        conn.create_scalar_function("memlane_test_pause", pause, 0)
    singles = []
    def single_stores():  # another thread of the same process, while the bulk transaction runs
        inside.wait()
        for i in range(3):
            try:
                singles.append(m.store(f"single store {i} from a thread of the bulk process").status)
            except Exception as exc:
                singles.append(f"{type(exc).__name__}: {exc}")
    thread = threading.Thread(target=single_stores)
    thread.start()
    results = m.store_many([f"bulk item {i} about llamas" for i in range(int(sys.argv[2]))], auto_supersede=False)
    thread.join()
    print(json.dumps({"bulk": len(results), "singles": singles}), flush=True)
    m.close()
    """
)


def test_single_stores_never_fail_while_a_bulk_store_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connections, "BUSY_TIMEOUT_MS", BUSY_TIMEOUT_MS)
    db = tmp_path / "bulk.db"
    other = Memlane(db, user="bob", embedder="none")  # another process's view: open before the bulk starts
    try:
        other.store("before the bulk")
        con = apsw.Connection(str(db))
        con.execute(
            f"CREATE TRIGGER memlane_test_pause AFTER INSERT ON memories"
            f" WHEN NEW.content = 'bulk item {BATCH // 2} about llamas' BEGIN SELECT memlane_test_pause(); END"
        )
        con.close()
        with (
            other.service.storage._db.writer() as conn
        ):  # SQLite resolves a trigger's functions on every insert
            conn.create_scalar_function("memlane_test_pause", lambda: None, 0)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        bulk = subprocess.Popen([sys.executable, "-c", _BULK, str(db), str(BATCH), str(PAUSE_S), str(BUSY_TIMEOUT_MS)],
                                stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
        assert bulk.stdout is not None
        try:
            assert bulk.stdout.readline().strip() == "inside"

            def single(i: int) -> str:
                try:
                    return other.store(f"single store {i} from another process").status
                except Exception as exc:  # the failure this test is about: report it, do not hide it
                    return f"{type(exc).__name__}: {exc}"

            with ThreadPoolExecutor(3) as pool:
                singles = list(pool.map(single, range(3)))
            report = json.loads(bulk.stdout.readline())
            assert bulk.wait(120) == 0
        finally:
            if bulk.poll() is None:
                bulk.kill()
                bulk.wait()
        assert singles == ["stored"] * 3
        assert report == {"bulk": BATCH, "singles": ["stored"] * 3}
        assert count_rows(db, "memories") == 1 + 3 + 3 + BATCH
    finally:
        other.close()
