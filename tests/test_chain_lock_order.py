"""PostgreSQL: every writer locks version chains in one canonical order (``_Txn._lock_chains``).

Two writers that lock overlapping chains in different orders deadlock: PostgreSQL aborts one of them
("deadlock detected") and its write is lost to the caller. Here a batch of stores replaces two items,
listed in the order opposite to the canonical one, while another writer holds the first chain of that
order and then asks for the second: the batch must wait holding no chain (it locks all it replaces up
front, in order), so the other writer gets its second chain and both commit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import psycopg
import pytest

from memlane import Memlane
from memlane.models import Actor, StoreResult
from memlane.storage.postgres.rows import _CHAIN_LOCKS  # (the advisory-lock namespace of chains)

ALICE = Actor(user="alice")


@pytest.fixture
def mem(pg_url: str) -> Iterator[Memlane]:
    m = Memlane(pg_url, user="alice", embedder="none")
    yield m
    m.close()


def _waiting_for(url: str, chain: str) -> bool:
    """Whether some transaction waits for ``chain``'s lock."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objsubid = 2"
            " AND classid = %s::int::oid AND objid = hashtext(%s)::oid",
            (_CHAIN_LOCKS, chain),
        ).fetchone()
    return bool(row and row[0])


def test_a_batch_and_another_writer_never_deadlock_on_two_chains(mem: Memlane, pg_url: str) -> None:
    first, second = sorted(
        [mem.store("Ana works at Acme").id, mem.store("Bruno lives in Lisbon").id]
    )  # the canonical order (each is its own chain)
    other = Memlane(pg_url, user="alice", embedder="none")
    done: list[list[StoreResult]] = []
    failed: list[BaseException] = []

    def batch() -> None:  # replaces the second chain, then the first: the opposite order
        try:
            done.append(
                mem.store_many(
                    [
                        {"content": "Bruno lives in Porto now", "replaces": second},
                        {"content": "Ana works at Globex now", "replaces": first},
                    ]
                )
            )
        except BaseException as exc:  # noqa: BLE001 (reported below)
            failed.append(exc)

    try:
        with other.service.storage.write() as txn:
            assert txn.get_for_update(ALICE, first) is not None  # the other writer holds the first chain
            worker = threading.Thread(target=batch)
            worker.start()
            deadline = time.monotonic() + 60
            while not _waiting_for(pg_url, first):  # the batch now waits for the first chain
                assert worker.is_alive() and time.monotonic() < deadline, failed
                time.sleep(0.02)
            # ... and must hold no other chain meanwhile: locking the second one here would deadlock
            assert txn.get_for_update(ALICE, second) is not None
        worker.join(60)
        assert not worker.is_alive() and not failed, failed
    finally:
        other.close()
    (results,) = done
    assert [r.status for r in results] == ["stored", "stored"]
    assert [s.id for r in results for s in r.superseded] == [second, first]
    current = {m.content for m in mem.list_recent(limit=10)}
    assert current == {"Bruno lives in Porto now", "Ana works at Globex now"}
