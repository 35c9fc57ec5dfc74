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
from collections.abc import Callable, Iterator
from typing import Any

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


def _race(mem: Memlane, pg_url: str, first: str, second: str, work: Callable[[], Any]) -> Any:
    """Another writer holds ``first``'s chain while the batch starts; once the batch waits for it, the
    other writer takes ``second``'s chain too (it would deadlock if the batch held it), then commits."""
    other = Memlane(pg_url, user="alice", embedder="none")
    done: list[Any] = []
    failed: list[BaseException] = []

    def batch() -> None:
        try:
            done.append(work())
        except BaseException as exc:  # noqa: BLE001 (reported below)
            failed.append(exc)

    try:
        with other.service.storage.write() as txn:
            assert txn.get_for_update(ALICE, first) is not None
            worker = threading.Thread(target=batch)
            worker.start()
            deadline = time.monotonic() + 60
            while not _waiting_for(pg_url, first):
                assert worker.is_alive() and time.monotonic() < deadline, failed
                time.sleep(0.02)
            assert txn.get_for_update(ALICE, second) is not None
        worker.join(60)
        assert not worker.is_alive() and not failed, failed
    finally:
        other.close()
    return done[0]


def test_chains_picked_by_automatic_supersession_are_locked_in_the_canonical_order(
    mem: Memlane, pg_url: str
) -> None:
    """A batch whose items supersede existing items automatically (no ``replaces``): the targets are
    picked before any item is written and their chains locked up front in the canonical order. Picked
    and locked one by one (the second chain of the order first, as the batch lists them), the batch held
    it while waiting for the first: 'deadlock detected'."""
    ana, bruno = mem.store("Ana lives in Paris").id, mem.store("Bruno lives in Lisbon").id
    first, second = sorted([ana, bruno])
    items = {ana: {"content": "Ana lives in Rome now"}, bruno: {"content": "Bruno lives in Porto now"}}
    results = _race(mem, pg_url, first, second, lambda: mem.store_many([items[second], items[first]]))
    assert [r.status for r in results] == ["stored", "stored"]
    assert [s.id for r in results for s in r.superseded] == [second, first]
    assert {m.content for m in mem.list_recent(limit=10)} == {
        "Ana lives in Rome now",
        "Bruno lives in Porto now",
    }


def test_a_batch_that_supersedes_its_own_items_still_picks_again(mem: Memlane) -> None:
    """A pick made up front stands only while nothing stored before it in the batch shares its keys: an
    item updating one the batch just wrote supersedes that one (not the item picked up front)."""
    lisbon = mem.store("Bruno lives in Lisbon").id
    results = mem.store_many([{"content": "Bruno lives in Faro"}, {"content": "Bruno lives in Braga"}])
    assert [[s.id for s in r.superseded] for r in results] == [[lisbon], [results[0].id]]
    assert [m.content for m in mem.list_recent(limit=10)] == ["Bruno lives in Braga"]


def test_an_extractions_retraction_is_locked_with_its_batch(mem: Memlane, pg_url: str) -> None:
    """Extraction retracts (erases) one item and updates another in one transaction: the retracted chain
    is locked in the batch's one up-front statement. Locked later (in the transaction's first step, after
    the chains the batch replaces), the batch held the second chain of the order while waiting for the
    first: 'deadlock detected'."""
    lyon = mem.store("The user lives in Lyon").id
    lisbon = mem.store("Bruno lives in Lisbon").id
    first, second = sorted([lyon, lisbon])
    assert first == lyon  # (ids follow time: the retracted one sorts first, the updated one second)
    report = _race(mem, pg_url, first, second, lambda: mem.extract(
        [{"role": "user", "text": "Forget that I live in Lyon. Bruno lives in Porto now."}]
    ))  # fmt: skip
    assert [d.id for d in report.deleted] == [lyon] and [u.replaces for u in report.updated] == [lisbon]
    assert [m.content for m in mem.list_recent(limit=10)] == ["Bruno lives in Porto now"]
