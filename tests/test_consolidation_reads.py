"""A key's consolidation reads only what the key may read, in the storage query (``Store.iter_all``
with ``actor``), not the whole store filtered afterwards.

Before the fix any key (bob's, not an admin's) that ran ``POST /v1/consolidate`` with ``dry_run`` had
the server read every memory of every workspace and user and drop what bob may not see in Python: the
answer's ``seconds`` grew with the size of data bob may not see (0.0007 s -> 0.57 s for 5,000 memories
of another workspace, median of 5, SQLite), and each call cost a scan of the whole store. The rows the
store hands out are counted with apsw's row tracer on the store's own connections (a real SQLite).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import apsw
import httpx
import pytest

from memlane import Memlane
from memlane.models import Actor
from servers import bearer, make_stack, running


def test_a_keys_consolidation_reads_no_row_it_may_not_see(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []

    def count_memory_rows(connection: apsw.Connection) -> None:
        def traced(cursor: apsw.Cursor, row: Any) -> Any:
            if "FROM memories m" in cursor.expanded_sql:
                read.append(cursor.expanded_sql)
            return row

        connection.row_trace = traced

    monkeypatch.setattr(apsw, "connection_hooks", [*apsw.connection_hooks, count_memory_rows])
    path = tmp_path / "store.db"
    with Memlane(path, user="carol", workspace="w2", embedder="none") as other:
        other.store_many([f"Carol's note {i} about the quarterly plan" for i in range(300)])
    stack = make_stack(path)
    stack.mem.store("I keep my passport in the desk drawer.")  # alice's personal memory
    stack.mem.store("The deploy freeze starts on Friday.", visibility="shared")
    stack.mem.store("The office wifi password rotates monthly.", visibility="shared")
    with running(stack.app(mcp=False)) as url:
        bob = bearer(stack.key(user="bob"))
        read.clear()
        r = httpx.post(f"{url}/v1/consolidate", headers=bob, json={"dry_run": True}, timeout=120)
        assert r.status_code == 200, r.text
        assert r.json()["examined"] == 2
        assert 0 < len(read) <= 2, len(read)  # the two workspace memories, not carol's 300
    stack.mem.close()


def test_iter_all_with_an_actor_yields_what_it_may_read(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        access = m.service.access
        access.create_team("default", "ops")
        access.add_member("default", "ops", "alice")
        shared = m.store("The deploy freeze starts on Friday.", visibility="shared").id
        m.store("I keep my passport in the desk drawer.")
        m.store("The ops rota changes in May.", owner="team:ops", visibility="shared")
        bobs = m.store("My locker is number 12.", user="bob").id
    with Memlane(db_path, user="carol", workspace="w2", embedder="none") as other:
        other.store("Carol's note about the plan", visibility="shared")
        store = other.service.storage
        bob = Actor(user="bob")
        assert {x.id for x in store.iter_all(actor=bob)} == {shared, bobs}
        everything = [x.id for x in store.iter_all()]
        assert len(everything) == 5
        assert {x.id for x in store.iter_all(everything, actor=bob)} == {shared, bobs}
