"""A memory's entity links inside one write transaction, on both backends.

PostgreSQL holds link rows back and writes them with the transaction's next graph statement, or at the
latest in its last statement together with the audit rows and the scopes' new versions (one statement
per store instead of several). What the transaction does after linking must see the links as if they
had been written at once: a graph statement reading them, and a deletion of the memory they name.
"""

from __future__ import annotations

from pathlib import Path

from backends import rows
from memlane import Memlane
from memlane.models import Actor

ALICE = Actor(user="alice")


def _entity(m: Memlane, name: str) -> str:
    (found,) = [e.id for e in m.service.storage.list_entities(ALICE) if e.name == name]
    return found


def _linked(m: Memlane, memory_id: str) -> set[str]:
    return {e.id for _, e in m.service.storage.memory_entities(ALICE, memory_id)}


def test_links_made_in_a_transaction_are_read_by_its_next_graph_statement(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        first = m.store("The audit is due in June.", auto_supersede=False)
        second = m.store("The budget is due in July.", auto_supersede=False)
        m.store("Oskar Larsen booked the offsite.")
        oskar = _entity(m, "Oskar Larsen")
        storage = m.service.storage
        first_seq, second_seq = storage.seq_of(first.id), storage.seq_of(second.id)
        assert first_seq is not None and second_seq is not None
        with storage.write() as txn:
            txn.link_memory(first_seq, oskar, "mention")
            # reads the first memory's links (the row above included) and copies them to the second
            txn.copy_entity_links(second_seq, [first.id])
        assert _linked(m, first.id) == {oskar}
        assert _linked(m, second.id) == {oskar}


def test_a_memory_linked_and_deleted_in_one_transaction_leaves_no_link(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        gone = m.store("Zoltan Brandt leads the audit.")
        m.store("Oskar Larsen booked the offsite.")
        oskar = _entity(m, "Oskar Larsen")
        storage = m.service.storage
        seq = storage.seq_of(gone.id)
        assert seq is not None and _linked(m, gone.id)
        with storage.write() as txn:
            txn.link_memory(seq, oskar, "mention")
            assert txn.delete_chains(ALICE, [gone.id]) == [gone.id]
        assert storage.get(ALICE, gone.id) is None
        assert rows(db_path, f"SELECT count(*) FROM memory_entity_links WHERE memory_seq = {seq}") == [(0,)]
        assert _entity(m, "Oskar Larsen") == oskar
