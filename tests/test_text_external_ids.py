"""An e-mail address a memory's text names becomes an external id of the entity it names
(``email:...``). It is the text's: when the memories naming it are all forgotten or expired and deleted,
the address goes with them, so the forgotten text can no longer be found by it (entity search, lookup,
the id itself). An id given with authority stays: a record's (anchoring), an explicit one. Before, the
address stayed an id of the entity (which the id then kept from ``drop_orphans``) after the memory was
forgotten. Both backends; and an existing store migrates (migration 35)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from backends import expire, is_postgres, rows
from memlane import Memlane
from memlane.storage.sqlite.migrations import LATEST
from memlane.timeutil import now_utc

ADDRESS = "quill.varga@northwind-test.io"
EMAIL_ID = f"email:{ADDRESS}"


def _found(mem: Memlane) -> bool:
    """Whether anything of the address is readable: entity search, lookup, or its id row."""
    searched = mem.entities.search(ADDRESS)
    looked = mem.entities.lookup(ADDRESS).found
    return bool(searched) or looked is not None


def _id_rows(db: Path | str) -> list[tuple[object, ...]]:
    return rows(db, f"SELECT entity_id, from_text FROM entity_external_ids WHERE external_id = '{EMAIL_ID}'")


def test_an_address_only_forgotten_text_named_goes_with_it(mem: Memlane, db_path: Path | str) -> None:
    first = mem.store(f"Send the signed contract to {ADDRESS} by Friday")
    second = mem.store(f"{ADDRESS} asked for the invoice in euros")
    assert _found(mem)
    mem.forget(first.id)
    assert _found(mem)  # another memory still names it
    mem.forget(second.id)
    assert not _found(mem)
    assert _id_rows(db_path) == []
    assert rows(db_path, "SELECT count(*) FROM entity_external_id_sources")[0][0] == 0


def test_an_address_only_expired_text_named_goes_with_the_cleanup(mem: Memlane, db_path: Path | str) -> None:
    said = mem.store(
        f"Send the signed contract to {ADDRESS} by Friday", expires_at=now_utc() + timedelta(days=1)
    )
    assert _found(mem)
    expire(db_path, said.id)
    assert not _found(mem)  # hidden from the moment it expired (the id keeps nothing readable)
    assert mem.service.profiles.expire().deleted == 1
    assert not _found(mem) and _id_rows(db_path) == []


def test_an_address_a_record_gave_stays(mem: Memlane, db_path: Path | str) -> None:
    """Given before or after the text named it, a record's address is the record's: it stays."""
    said = mem.store(f"Send the signed contract to {ADDRESS} by Friday")
    person = mem.anchor(
        {"kind": "contact", "system": "crm", "id": "77", "name": "Quill Varga", "email": ADDRESS}
    )
    again = mem.store(f"{ADDRESS} asked for the invoice in euros")
    mem.forget(said.id)
    mem.forget(again.id)
    assert [e.id for e in mem.entities.search(ADDRESS)] == [person.id]
    assert EMAIL_ID in mem.entities.get(person.id).external_ids

    other = "rena.oakes@northwind-test.io"
    contact = mem.anchor(
        {"kind": "contact", "system": "crm", "id": "78", "name": "Rena Oakes", "email": other}
    )
    named = mem.store(f"{other} wants the call moved to Monday")
    mem.forget(named.id)
    assert [e.id for e in mem.entities.search(other)] == [contact.id]


def test_an_existing_store_marks_the_addresses_its_texts_named(db_path: Path | str) -> None:
    """A store from before migration 35: the addresses a linked memory's text names become the text's
    (and go with it); a record's stay."""
    with Memlane(db_path, user="alice", embedder="none") as mem:
        said = mem.store(f"Send the signed contract to {ADDRESS} by Friday").id
        mem.anchor({"kind": "contact", "system": "crm", "id": "78", "name": "Rena Oakes",
                    "email": "rena.oakes@northwind-test.io"})  # fmt: skip
        mem.store("rena.oakes@northwind-test.io wants the call moved to Monday")
    rows(db_path, "DROP TABLE entity_external_id_sources")
    rows(db_path, "ALTER TABLE entity_external_ids DROP COLUMN from_text")
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 35")  # (and the steps after it)
    with Memlane(db_path, user="alice", embedder="none") as mem:
        assert mem.service.storage.schema_version() == LATEST
        marked = rows(
            db_path, "SELECT external_id, from_text FROM entity_external_ids WHERE external_id LIKE 'email:%'"
        )
        flag = (lambda v: bool(v)) if is_postgres(db_path) else (lambda v: v == 1)
        assert sorted((i, flag(t)) for i, t in marked) == [
            (EMAIL_ID, True),
            ("email:rena.oakes@northwind-test.io", False),
        ]
        mem.forget(said)
        assert not _found(mem) and _id_rows(db_path) == []
        assert mem.entities.search("rena.oakes@northwind-test.io") != []
