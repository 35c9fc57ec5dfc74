"""Linking on store after the entity graph changed elsewhere, on both backends.

Linking answers candidate look-ups from an in-process cache (``storage/entity_cache.py``, SQLite). What
another connection or process does to the entities (a merge, a new entity, a new alias) must be seen by
the next store, and what a failed write did must leave nothing behind.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.errors import UnknownMemory
from memlane.models import Actor, EntityMerge
from memlane.storage.base import EntityScope
from memlane.timeutil import now_utc

ALICE = Actor(user="alice")


def _linked(mem: Memlane, memory_id: str) -> set[str]:
    return {e.id for _, e in mem.service.storage.memory_entities(ALICE, memory_id)}


def _entity(mem: Memlane, name: str) -> str:
    found = [e.id for e in mem.service.storage.list_entities(ALICE) if e.name == name]
    assert len(found) == 1, (name, found)
    return found[0]


def test_a_merge_by_another_connection_is_seen_by_the_next_store(db_path: Path | str) -> None:
    one = Memlane(db_path, user="alice", embedder="none")
    two = Memlane(db_path, user="alice", embedder="none")
    try:
        one.store("Greta Novak reviewed the launch plan")
        one.store("Marta Ilic reviewed the pricing update")
        one.store("Marta Ilic booked the room")  # (a store that changes no entity: the cache stays warm)
        greta, marta = _entity(one, "Greta Novak"), _entity(one, "Marta Ilic")
        two.entities.merge(greta, marta)  # Marta's names now file under Greta
        again = one.store("Marta Ilic asked for the budget")
        assert _linked(one, again.id) == {greta}
        # and a merge undone elsewhere is seen too
        merges = [r[0] for r in _rows(db_path, "SELECT id FROM entity_merges")]
        two.entities.unmerge(merges[0])
        back = one.store("Marta Ilic approved the budget")
        assert _linked(one, back.id) == {marta}
    finally:
        one.close()
        two.close()


def test_an_entity_made_by_another_connection_is_seen_by_the_next_store(db_path: Path | str) -> None:
    one = Memlane(db_path, user="alice", embedder="none")
    two = Memlane(db_path, user="alice", embedder="none")
    try:
        one.store("Oskar Larsen booked the offsite")
        one.store("We thanked Larsen for the offsite")  # one looks "Larsen" up: Oskar is the only one
        one.store("We thanked Larsen again")
        two.store("Nadia Larsen joined the design team")
        nadia = _entity(two, "Nadia Larsen")
        # "N. Larsen" is Nadia (an initial and her surname), not a new person beside the Larsen one knew
        later = one.store("N. Larsen sent the agenda")
        assert _linked(one, later.id) == {nadia}
        assert "N. Larsen" not in {e.name for e in one.service.storage.list_entities(ALICE)}
    finally:
        one.close()
        two.close()


@pytest.mark.sqlite_only(reason="another process on the same SQLite file")
def test_an_alias_learnt_by_another_process_is_seen(db_path: Path) -> None:
    mem = Memlane(db_path, user="alice", embedder="none")
    try:
        mem.store("Robert Smith runs sales at Acme")
        mem.store("Priya Raman runs support")
        mem.store("Priya Raman answered the ticket")
        robert = _entity(mem, "Robert Smith")
        child = textwrap.dedent(
            f"""
            from memlane import Memlane
            m = Memlane({str(db_path)!r}, user="alice", embedder="none")
            m.entities.merge({robert!r}, {_entity(mem, "Priya Raman")!r})
            m.close()
            """
        )
        subprocess.run([sys.executable, "-c", child], check=True, timeout=120)
        later = mem.store("Priya Raman closed the ticket")
        assert _linked(mem, later.id) == {robert}
    finally:
        mem.close()


def test_a_failed_write_leaves_no_entity_behind_for_the_next_store(mem: Memlane) -> None:
    with pytest.raises(UnknownMemory):
        mem.store_many(
            [
                {"content": "Zora Blum signed the contract"},
                {"content": "The contract is signed", "replaces": "no-such-memory"},
            ]
        )
    assert mem.service.storage.list_entities(ALICE) == []
    stored = mem.store("Zora Blum sent the invoice")
    zora = _entity(mem, "Zora Blum")
    assert _linked(mem, stored.id) == {zora}


def test_a_name_resolved_before_is_resolved_again_after_this_process_adds_a_namesake(mem: Memlane) -> None:
    """Names resolved in earlier stores are remembered; an entity filed under the same name since
    (here a CRM contact with another id: a second Ana Lopez) makes the name ambiguous again."""
    contact = {"kind": "contact", "system": "hubspot", "id": "1", "name": "Ana Lopez"}
    ana = mem.anchor(contact).id
    first = mem.store("Ana Lopez runs the Lisbon office")
    again = mem.store("Ana Lopez approved the budget")
    assert ana in _linked(mem, first.id) and _linked(mem, again.id) == {ana}
    other = mem.anchor({**contact, "id": "2"})  # another record: another Ana Lopez
    assert other.id != ana
    vague = mem.store("Ana Lopez sent the slides")
    assert _linked(mem, vague.id) == set()


def test_a_write_that_fails_leaves_candidates_as_they_were(mem: Memlane) -> None:
    """The storage contract under linking: what a transaction did is seen inside it, and gone after it
    raised (here a merge, which refiles the merged entity's names)."""
    mem.store("Greta Novak reviewed the launch plan")
    mem.store("Marta Ilic reviewed the pricing update")
    greta, marta = _entity(mem, "Greta Novak"), _entity(mem, "Marta Ilic")
    store = mem.service.storage
    found = store.get_entity(ALICE, marta)
    assert found is not None
    scope = EntityScope(found.workspace, found.owner, str(found.visibility))
    key = ["n:marta ilic"]
    with store.write() as txn:
        assert [e.id for e in txn.entity_candidates(scope, key, [])] == [marta]
    merge = EntityMerge(id="m-1", into=greta, merged=marta, merged_at=now_utc())
    with pytest.raises(RuntimeError), store.write() as txn:
        txn.merge_entities(merge, ALICE, [("Marta Ilic", "marta ilic")])
        assert [e.id for e in txn.entity_candidates(scope, key, [])] == [greta]
        raise RuntimeError("abandoned")
    with store.write() as txn:
        assert [e.id for e in txn.entity_candidates(scope, key, [])] == [marta]


def _rows(db: Path | str, sql: str) -> list[tuple[object, ...]]:
    from backends import rows

    return rows(db, sql)
