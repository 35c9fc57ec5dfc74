"""Migration 39: an older memlane keyed a related user's account entity ``user:Zoë`` decomposed (before
user names were NFC) or with spaces kept; today's store looks the id up in its one form, finds nothing
and makes a second entity, so the user's memories hang off two nodes. Opening the store folds them into
one on both backends, in the migration's transaction, by the recorded entity merge (aliases, external
ids, memory links and edges kept; undoable), and rewrites the ids into the form a look-up uses; a step
that fails leaves the store at 38 with its entities as they were; a second run changes nothing."""

from __future__ import annotations

import importlib
import unicodedata
from pathlib import Path

import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.errors import StorageError

ZOE_NFC = unicodedata.normalize("NFC", "Zoë")
ZOE_NFD = unicodedata.normalize("NFD", "Zoë")


def _sql(db_path: Path | str, sql: str) -> None:
    rows(db_path, sql + (" RETURNING 1" if is_postgres(db_path) else ""))


def _quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _account(db_path: Path | str, external_id: str) -> str:
    found = rows(
        db_path, f"SELECT entity_id FROM entity_external_ids WHERE external_id = {_quoted(external_id)}"
    )
    assert len(found) == 1, external_id
    return str(found[0][0])


def _older_store(db_path: Path | str) -> dict[str, str]:
    """A store of schema 38 as an older memlane left it: Zoë's and Kalina's account entities keyed
    ``user:Zoë`` decomposed and ``user: kalina `` (their first memories linked to them), then a memory
    stored by today's memlane, which made each a second entity (ids in the form). The old Zoë entity
    has an alias and an edge to bob's entity."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        ids = {
            "zoe_old": m.store("Zoë plays the cello", related_user=ZOE_NFC).id,
            "kalina_old": m.store("Kalina walks to work", related_user="kalina").id,
            "bob": m.store("He fixes databases", related_user="bob").id,
        }
    old_zoe, old_kalina = _account(db_path, f"user:{ZOE_NFC}"), _account(db_path, "user:kalina")
    _sql(db_path, f"UPDATE entity_external_ids SET external_id = {_quoted('user:' + ZOE_NFD)}"
                  f" WHERE entity_id = '{old_zoe}'")  # fmt: skip
    _sql(db_path, f"UPDATE entities SET name = {_quoted(ZOE_NFD)} WHERE id = '{old_zoe}'")
    _sql(
        db_path,
        f"UPDATE entity_external_ids SET external_id = 'user: kalina ' WHERE entity_id = '{old_kalina}'",
    )
    with Memlane(db_path, user="alice", embedder="none") as m:
        bob = m.entities.search("bob")[0].id
        m.entities.relate(old_zoe, "knows", bob)
        ids["zoe_new"] = m.store("Zoë sings in a choir", related_user=ZOE_NFC).id
        ids["kalina_new"] = m.store("Kalina likes rooibos", related_user="kalina").id
        assert len(m.entities.search("kalina")) == 2 and len(m.entities.search(ZOE_NFC)) == 2
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 39")  # (a store of before 39)
    _sql(
        db_path,
        f"INSERT INTO entity_aliases (entity_id, normalised, alias) VALUES ('{old_zoe}', 'zozo', 'Zozo')",
    )
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(38,)]
    return {**ids, "old_zoe": old_zoe, "old_kalina": old_kalina, "bob_entity": bob}


def _graph(db_path: Path | str) -> list[tuple[object, ...]]:
    tables = {
        "entities": "id, name, merged_into",
        "entity_external_ids": "external_id, entity_id",
        "entity_aliases": "entity_id, alias",
        "memory_entity_links": "entity_id, memory_seq, role",
        "entity_edges": "src, relation, dst",
        "entity_merges": "into_id, merged_id, actor",
    }
    return [
        (t, *r)
        for t, cols in tables.items()
        for r in sorted(rows(db_path, f"SELECT {cols} FROM {t}"), key=repr)
    ]


def test_an_older_stores_twin_account_entities_are_folded_into_one(db_path: Path | str) -> None:
    ids = _older_store(db_path)
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() >= 39
        people = m.entities.list(type="person", limit=100)
        names = sorted(unicodedata.normalize("NFC", e.name).strip() for e in people)
        assert names == ["Zoë", "bob", "kalina"], names
        zoe = m.entities.search(ZOE_NFC)
        assert len(zoe) == 1
        zoe_entity = zoe[0]
        assert zoe_entity.external_ids == (f"user:{ZOE_NFC}",)
        assert "Zozo" in zoe_entity.aliases
        memories = {x.id for x in m.entities.memories(zoe_entity.id)}
        assert {ids["zoe_old"], ids["zoe_new"]} <= memories
        assert [(e.relation, e.dst) for e in m.entities.edges(zoe_entity.id)] == [
            ("knows", ids["bob_entity"])
        ]
        kalina = m.entities.search("kalina")
        assert len(kalina) == 1 and kalina[0].external_ids == ("user:kalina",)
        assert {ids["kalina_old"], ids["kalina_new"]} <= {x.id for x in m.entities.memories(kalina[0].id)}
        # a new memory about her is linked to the one entity
        later = m.store("Zoë tunes her cello every morning", related_user=ZOE_NFC).id
        assert later in {x.id for x in m.entities.memories(zoe_entity.id)}
        assert len(m.entities.search(ZOE_NFC)) == 1
        # recorded as merges the merge history shows, by the migration, undoable by the owner
        merges, _ = m.entities.merges()
        merged = sorted((unicodedata.normalize("NFC", p.merged_name).strip(), p.by) for p in merges)
        assert merged == [("Zoë", "migration:39"), ("kalina", "migration:39")]
        assert all(p.undoable for p in merges)
    # a second run (the step forgotten) changes nothing
    before = _graph(db_path)
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 39")
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() >= 39
    assert _graph(db_path) == before


def test_a_fold_that_fails_leaves_the_store_as_it_was(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _older_store(db_path)
    before = _graph(db_path)
    module = "postgres" if is_postgres(db_path) else "sqlite"
    store = importlib.import_module(f"memlane.storage.{module}.store")
    real = store.fold_user_entities

    def crash(conn: object, at: object) -> None:
        real(conn, at)  # the entities are merged ... and the process fails before the version is recorded
        raise StorageError("the disk went away")

    monkeypatch.setattr(store, "fold_user_entities", crash)
    with pytest.raises(StorageError):
        Memlane(db_path, user="alice", embedder="none")
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(38,)]
    assert _graph(db_path) == before
    monkeypatch.undo()
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert len(m.entities.search("kalina")) == 1
        assert ids["kalina_old"] in {x.id for x in m.entities.memories(m.entities.search("kalina")[0].id)}


def test_a_lone_account_entity_keyed_the_old_way_is_keyed_in_the_form(db_path: Path | str) -> None:
    """No twin yet: its id is rewritten, so the next memory about her links to it instead of making one."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        first = m.store("Bogdan fixes bikes", related_user="bogdan").id
    old = _account(db_path, "user:bogdan")
    _sql(db_path, f"UPDATE entity_external_ids SET external_id = 'user: bogdan ' WHERE entity_id = '{old}'")
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 39")
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.entities.get(old).external_ids == ("user:bogdan",)
        later = m.store("Bogdan rides to work", related_user="bogdan").id
        found = m.entities.search("bogdan")
        assert [e.id for e in found] == [old]
        assert {first, later} <= {x.id for x in m.entities.memories(old)}
        assert m.entities.merges()[0] == []
