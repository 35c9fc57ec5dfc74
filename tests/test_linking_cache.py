"""Linking on store after the entity graph changed elsewhere, on both backends.

Linking answers candidate look-ups from an in-process cache (``storage/entity_cache.py``, SQLite). What
another connection or process does to the entities (a merge, a new entity, a new alias) must be seen by
the next store, and what a failed write did must leave nothing behind.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from entity_links import entity_named as _entity
from entity_links import linked as _linked
from memlane import Memlane
from memlane.errors import UnknownMemory
from memlane.models import Actor, EntityMerge
from memlane.storage.base import EntityScope
from memlane.timeutil import now_utc

ALICE = Actor(user="alice")


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


#: statements whose names resolve every way linking knows: exact, nickname, surname alone, a first name
#: shared by two people (ambiguous), legal forms, an e-mail address, a name seen alone before in full,
#: names repeated across the batch (remembered) and new names sharing a given name or a surname
_CORPUS = [
    "Bob Smith joined Acme Corp in March",
    "Robert Smith runs sales at ACME Inc.",
    "Smith asked for the pricing update",
    "Write to bob@acme.com about the renewal",
    "Ana Lopez runs the Lisbon office",
    "Ana Ruiz moved to the Porto office",
    "Ana booked the offsite",
    "Dr. Georgiev reviewed the launch plan",
    "Georgiev's report is late",
    "Ivan Georgiev approved the report",
    "Kalina prefers window seats",
    "Kalina Petrova joined Globex",
    "Globex Ltd signed the Helix contract",
    "The Globex renewal is due in May",
    "Marta Ilic met Bob Smith about the budget",
    "Marta Kowalski met Marta Ilic in Oslo",
    "Jordan signed with Jordan Ltd",
    "Priya Raman answered the ticket",
    "Priya R. closed the ticket",
    "Acme posted its results",
    "Robert Smith and Ana Lopez met at Acme",
    "Okafor wrote back about the audit",
    "Chidi Okafor wrote back again",
]


def _graph(mem: Memlane, user: str) -> tuple[list[tuple[str, ...]], dict[str, list[tuple[str, str]]]]:
    """The user's entities (type, name, aliases, external ids) and each memory's links (role, entity
    name), in a form that does not depend on ids or on the user's own name."""
    actor = Actor(user=user)
    store = mem.service.storage

    def plain(text: str) -> str:  # (the related_user's entity: the user's own name and account)
        return {user: "<me>", f"user:{user}": "user:<me>"}.get(text, text)

    entities = sorted(
        (
            e.type,
            plain(e.name),
            *sorted(plain(a) for a in e.aliases),
            *sorted(plain(x) for x in e.external_ids),
        )
        for e in store.list_entities(actor, limit=1000)
    )
    links = {
        m.content: sorted((role, plain(e.name)) for role, e in store.memory_entities(actor, m.id))
        for m in mem.list_recent(user=user, limit=1000)
    }
    return entities, links


def test_a_batch_links_as_one_store_at_a_time_does(db_path: Path | str) -> None:
    """One ``store_many`` (its names looked up together, remembered across the batch) gives the same
    entities and links as storing the statements one by one, and as storing them through two
    connections taking turns (each seeing the other's new entities: a cache emptied every time)."""
    one = Memlane(db_path, user="alice", embedder="none")
    two = Memlane(db_path, user="carol", embedder="none")
    try:
        one.store_many(_CORPUS, user="alice")
        for text in _CORPUS:
            one.store(text, user="bob")
        for i, text in enumerate(_CORPUS):
            (one if i % 2 else two).store(text, user="carol")
        batch, single, turns = _graph(one, "alice"), _graph(one, "bob"), _graph(one, "carol")
        assert len(batch[1]) == len(_CORPUS) and len(batch[0]) > 10  # (each user's own graph)
        assert batch == single
        assert batch == turns
    finally:
        one.close()
        two.close()


def test_a_merge_waits_for_a_write_resolving_names_in_its_scope(db_path: Path | str) -> None:
    """Candidates read in a write stay what the tables hold until it ends: another connection's merge
    in that scope waits for it (PostgreSQL: the scope's lock, which linking and every entity change
    take, so the transaction's candidate cache is exact; SQLite: one writer at a time)."""
    one = Memlane(db_path, user="alice", embedder="none")
    two = Memlane(db_path, user="alice", embedder="none")
    try:
        one.store("Greta Novak reviewed the launch plan")
        one.store("Marta Ilic reviewed the pricing update")
        greta, marta = _entity(one, "Greta Novak"), _entity(one, "Marta Ilic")
        store = one.service.storage
        found = store.get_entity(ALICE, marta)
        assert found is not None
        scope = EntityScope(found.workspace, found.owner, str(found.visibility))
        merged = threading.Event()

        def merge() -> None:
            two.entities.merge(greta, marta)
            merged.set()

        other = threading.Thread(target=merge)
        with store.write() as txn:
            assert [e.id for e in txn.entity_candidates(scope, ["n:marta ilic"], [])] == [marta]
            other.start()
            assert not merged.wait(2)  # (it may not refile Marta's names under Greta meanwhile)
            assert [e.id for e in txn.entity_candidates(scope, ["n:marta ilic", "p:ilic"], [])] == [marta]
        other.join(120)
        assert merged.is_set()
        with store.write() as txn:
            assert [e.id for e in txn.entity_candidates(scope, ["n:marta ilic"], [])] == [greta]
    finally:
        one.close()
        two.close()
