"""An entity that only memories named goes with the last of them (issue 12): forget, expiry and a
profile's deletion remove it in the same transaction, on both backends, unless something else keeps
it (an external id, an anchored record's attributes, an edge, a merge record); what can come back (a
consolidation undone, an older version, an archived memory) keeps its entity."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.models import Actor
from memlane.timeutil import now_utc

ALICE = Actor(user="alice")


def _named(mem: Memlane, name: str) -> list[str]:
    return [e.id for e in mem.entities.list(limit=1000) if e.name == name or name in e.aliases]


def _leftovers(db: Path | str, entity_id: str) -> int:
    """Rows of the entity anywhere in the graph's tables (its names, keys, ids, links)."""
    return sum(
        int(rows(db, f"SELECT COUNT(*) FROM {table} WHERE {column} = '{entity_id}'")[0][0])
        for table, column in (
            ("entities", "id"), ("entity_aliases", "entity_id"), ("entity_blocking_keys", "entity_id"),
            ("entity_external_ids", "entity_id"), ("memory_entity_links", "entity_id"),
        )
    )  # fmt: skip


def test_forget_removes_an_entity_only_its_memories_named(mem: Memlane, db_path: Path | str) -> None:
    first = mem.store("Zorbin Kastell called about the invoice")
    second = mem.store("Zorbin Kastell wants the invoice in euros")
    other = mem.store("Marta Quill approved the budget")
    (zorbin,) = _named(mem, "Zorbin Kastell")
    mem.forget(first.id)
    assert _named(mem, "Zorbin Kastell") == [zorbin]  # still named by the second
    mem.forget(second.id)
    assert _named(mem, "Zorbin Kastell") == [] and _leftovers(db_path, zorbin) == 0
    assert _named(mem, "Marta Quill") != []  # another memory's entity stays
    # the name is new again: a later memory makes a new entity for it (no stale cache answer)
    again = mem.store("Zorbin Kastell paid the invoice")
    (new,) = _named(mem, "Zorbin Kastell")
    assert new != zorbin and {e.id for _, e in mem.service.storage.memory_entities(ALICE, again.id)} >= {new}
    assert mem.get(other.id).content == "Marta Quill approved the budget"


def test_forget_by_query_and_a_subject(mem: Memlane, db_path: Path | str) -> None:
    mem.store("prefers window seats", subject="Dr. Vantrell")
    (vantrell,) = _named(mem, "Dr. Vantrell")
    assert mem.forget(query="window seats").deleted
    assert _named(mem, "Dr. Vantrell") == [] and _leftovers(db_path, vantrell) == 0


def test_what_keeps_an_entity(mem: Memlane) -> None:
    """An external id, an anchored record, an edge made by hand and a merge record each keep it."""
    anchored = mem.anchor({"kind": "contact", "system": "crm", "id": "5", "name": "Odile Farkas"})
    a = mem.store("Odile Farkas signed. Pell Brennick and Ysolde Marr met Tovan Reeve and Quilla Dunmore")
    (pell,) = _named(mem, "Pell Brennick")
    (ysolde,) = _named(mem, "Ysolde Marr")
    (tovan,) = _named(mem, "Tovan Reeve")
    (quilla,) = _named(mem, "Quilla Dunmore")
    mem.entities.relate(pell, "reports_to", ysolde)
    merge = mem.entities.merge(tovan, quilla)
    account = mem.store("books the train", related_user="kalina")
    (kalina,) = mem.entities.search("user:kalina")
    mem.forget(a.id)
    mem.forget(account.id)
    kept = {e.id for e in mem.entities.list(limit=1000)}
    assert {anchored.id, pell, ysolde, tovan, kalina.id} <= kept
    # the merge record keeps the folded one too: unmerging after the forget brings it back
    mem.entities.unmerge(merge.id)
    assert mem.entities.get(quilla).name == "Quilla Dunmore"


def test_what_can_come_back_keeps_its_entity(mem: Memlane) -> None:
    old = mem.store("Brannoc Ves runs the Lisbon office")
    newer = mem.store("the Lisbon office moved to Porto", replaces=old.id)
    (brannoc,) = _named(mem, "Brannoc Ves")
    archived = mem.store("Helka Torvin likes green tea")
    mem.archive(archived.id)
    (helka,) = _named(mem, "Helka Torvin")
    assert {brannoc, helka} <= {e.id for e in mem.entities.list(limit=1000)}
    # a consolidation undone: the merged statement goes, its members come back with their entity
    first = mem.store("FYI, Idris Falken owns a bakery in Ghent")
    second = mem.store("Idris Falken owns a bakery in Ghent")
    (idris,) = _named(mem, "Idris Falken")
    report = mem.consolidate()
    merged = [c.id for c in report.clusters]
    assert merged, report
    mem.undo_consolidation(merged[0])
    assert _named(mem, "Idris Falken") == [idris]
    assert {mem.get(first.id).id, mem.get(second.id).id} == {first.id, second.id}
    assert idris in [e.id for _, e in mem.service.storage.memory_entities(ALICE, second.id)]
    mem.forget(newer.id)  # the whole chain: now nothing names Brannoc Ves
    assert _named(mem, "Brannoc Ves") == []


def test_expiry_removes_the_entities_of_expired_memories(mem: Memlane, db_path: Path | str) -> None:
    mem.store("Fenwick Arlo delivers the crates", expires_at=now_utc() + timedelta(days=1))
    mem.store("Fenwick Arlo is late again")
    mem.store("Garrow Pine signs for the crates", expires_at=now_utc() + timedelta(days=1))
    (fenwick,) = _named(mem, "Fenwick Arlo")
    (garrow,) = _named(mem, "Garrow Pine")
    assert mem.service.profiles.expire(now=now_utc() + timedelta(days=2)).deleted == 2
    assert _named(mem, "Fenwick Arlo") == [fenwick]  # still named by a memory that did not expire
    assert _named(mem, "Garrow Pine") == [] and _leftovers(db_path, garrow) == 0


def test_the_kind_a_text_said_an_entity_is_does_not_keep_it(mem: Memlane, db_path: Path | str) -> None:
    """The sense a memory's text gave a name ("Dr. Okafor": a person) is the text's, not a record's: the
    entity goes with the memories that named it, from the shared graph every reader sees too. Before, it
    stayed for good, after forget and expiry alike, its name read by everyone in the workspace."""
    said = mem.store("Dr. Okafor prescribed the blue inhaler", visibility="shared")
    mem.store("Zanzibar Quokka, also known as Zed, is the CFO", visibility="shared",
              expires_at=now_utc() + timedelta(days=1))  # fmt: skip
    named = {e.name: e for e in mem.entities.list(limit=1000, user="bob")}
    zed = named["Zanzibar Quokka"]  # (the other name the sentence gives is its alias)
    assert "Zed" in zed.aliases
    assert named["Okafor"].attributes == zed.attributes == {"senses": ["person"]}
    mem.forget(said.id)
    assert mem.service.profiles.expire(now=now_utc() + timedelta(days=2)).deleted == 1
    assert [e.name for e in mem.entities.list(limit=1000, user="bob")] == []
    assert _leftovers(db_path, named["Okafor"].id) == _leftovers(db_path, zed.id) == 0
    # an anchored record's attributes still keep its entity, a sense beside them or not
    kept = mem.anchor(
        {"kind": "contact", "system": "crm", "id": "9", "name": "Dana Whitfield", "title": "CFO"}
    )
    gone = mem.store("Dana Whitfield is our CFO")
    mem.forget(gone.id)
    assert mem.entities.get(kept.id).name == "Dana Whitfield"


def test_deleting_a_profile_removes_the_entities_only_it_named(mem: Memlane, db_path: Path | str) -> None:
    mem.service.profiles.settle = timedelta(0)
    mem.conversations.append("c", [{"role": "user", "text": "I always book hotels through Quorvex Travel."}])
    mem.profiles.create("prefs")
    mem.profiles.run("prefs")
    assert any(m.profile_id for m in mem.list_recent(100))
    (quorvex,) = _named(mem, "Quorvex Travel")
    mem.profiles.delete("prefs", confirm=True)
    assert _named(mem, "Quorvex Travel") == [] and _leftovers(db_path, quorvex) == 0


def test_postgres_never_waits_for_a_scope_another_writer_holds(mem: Memlane, db_path: Path | str) -> None:
    """A forget does not wait for an entity scope another transaction holds (a store resolving names
    there, which may itself wait for the chain this forget locked: a deadlock): that scope's orphans
    stay, the forget goes through."""
    if not is_postgres(db_path):
        pytest.skip(
            "PostgreSQL only: SQLite lets one transaction write at a time, so no other writer can hold"
            " an entity scope while a forget runs (the case this test makes)"
        )
    import psycopg

    memory = mem.store("Yarrow Quint fixed the boiler")
    (yarrow,) = _named(mem, "Yarrow Quint")
    with psycopg.connect(str(db_path)) as other:  # holds alice's personal scope, as a store would
        other.execute(
            "SELECT version FROM entity_versions WHERE workspace = 'default' AND owner = 'user:alice'"
            " AND visibility = 'personal' FOR UPDATE"
        ).fetchall()
        assert mem.forget(memory.id).deleted == (memory.id,)
        other.rollback()
    assert _named(mem, "Yarrow Quint") == [yarrow]  # left, not waited for
