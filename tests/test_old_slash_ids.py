"""A memory restored with an id that has a '/' (a hand-made export restored before restores gave every
item its scope's id, 2 Dec 2026) stays its owner's to read, archive, restore and forget by id through the
SDK: ``ids.check_made_id`` refused it before the lookup ("is no id memlane gives"), so the caller lost
access to her own data by id. An id that names nothing keeps that one message on every surface
(tests/test_made_ids.py); the remote SDK cannot put a '/' in a URL path and refuses it before sending.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memlane import InvalidInput, Memlane, UnknownMemory
from memlane.models import Entity, Visibility
from memlane.storage.base import NewMemory
from memlane.storage.entity_names import alias_pairs, name_keys
from memlane.text import content_hash

OLD = "notes/2019-kitchen"
NOT_MADE = f"memory_id: {OLD!r} is no id memlane gives (its ids have no '/' and are not '.' or '..')"


def _restored_long_ago(mem: Memlane, content: str) -> None:
    """The row a restore made before 2 Dec 2026 of an export item with id ``OLD``: the exported id kept."""
    stored = mem.get(mem.store(content).id)
    old = stored.model_copy(update={"id": OLD})
    mem.forget(stored.id)
    with mem.service.storage.write() as txn:
        txn.insert(
            NewMemory(memory=old, chain_id=OLD, content_hash=content_hash(content), entity_keys=frozenset())
        )


def test_an_old_id_with_a_slash_still_reaches_its_memory(db_path: Path | str) -> None:
    with (
        Memlane(db_path, user="alice", embedder="none") as alice,
        Memlane(db_path, user="bob", embedder="none") as bob,
    ):
        _restored_long_ago(alice, "The kitchen was painted green in 2019")
        assert alice.get(OLD).content == "The kitchen was painted green in 2019"
        assert [m.id for m in alice.history(OLD)] == [OLD]
        assert alice.archive(OLD).state.value == "archived"
        assert alice.restore(OLD).id == OLD
        # another user: the one message for an id that names nothing, as for one nobody holds
        for call in (bob.get, bob.history, bob.archive, bob.forget):
            with pytest.raises(InvalidInput) as refused:
                call(OLD)
            assert str(refused.value) == NOT_MADE and not isinstance(refused.value, UnknownMemory)
        assert alice.forget(OLD).deleted == (OLD,)
        with pytest.raises(InvalidInput) as gone:
            alice.get(OLD)
        assert str(gone.value) == NOT_MADE


OLD_ENTITY = "crm/odile-farkas"


def _old_entity(mem: Memlane, name: str) -> str:
    """An entity restored with the id ``OLD_ENTITY`` before restores gave every entity its scope's id."""
    now = datetime.now(UTC)
    entity = Entity(id=OLD_ENTITY, workspace="default", owner="user:alice", visibility=Visibility.PERSONAL,
                    type="person", name=name, created_at=now, updated_at=now)  # fmt: skip
    with mem.service.storage.write() as txn:
        txn.insert_entity(entity, alias_pairs([name], "person"), name_keys([name], "person"))
    return OLD_ENTITY


def test_an_old_entity_id_with_a_slash_can_be_related(db_path: Path | str) -> None:
    """``relate`` refused such an id before looking it up (``check_made_id``), where ``get`` and ``link``
    found it: its owner could read the entity but not relate it, either way round."""
    with (
        Memlane(db_path, user="alice", embedder="none") as alice,
        Memlane(db_path, user="bob", embedder="none") as bob,
    ):
        old = _old_entity(alice, "Odile Farkas")
        boss = alice.anchor({"kind": "contact", "system": "crm", "id": "9", "name": "Petra Novak"})
        edge = alice.entities.relate(old, "reports_to", boss.id)
        assert (edge.src, edge.relation, edge.dst) == (old, "reports_to", boss.id)
        back = alice.entities.relate(boss.id, "manages", old)
        assert (back.src, back.dst) == (boss.id, old)
        assert {e.relation for e in alice.entities.edges(old)} >= {"reports_to", "manages"}
        # another user (who cannot see it), and an id nobody holds: the one message for an id naming nothing
        for who, src, dst, field in (
            (bob, old, boss.id, "src"),
            (alice, "crm/nobody", boss.id, "src"),
            (alice, boss.id, "crm/nobody", "dst"),
        ):
            with pytest.raises(InvalidInput) as refused:
                who.entities.relate(src, "works_at", dst)
            named = src if field == "src" else dst
            assert str(refused.value) == (
                f"{field}: {named!r} is no id memlane gives (its ids have no '/' and are not '.' or '..')"
            )


def test_an_old_entity_id_with_a_slash_can_be_merged(db_path: Path | str) -> None:
    """As for relate: merge looks the ids up, and one with a '/' naming nothing gets the one message."""
    with Memlane(db_path, user="alice", embedder="none") as alice:
        old = _old_entity(alice, "Odile Farkas")
        again = alice.anchor({"kind": "contact", "system": "crm", "id": "5", "name": "Ottilie Brandt"})
        done = alice.entities.merge(again.id, old)
        assert (done.into, done.merged) == (again.id, old)
        assert alice.entities.unmerge(done.id).merged == old
        with pytest.raises(InvalidInput) as refused:
            alice.entities.merge(again.id, "crm/nobody")
        assert str(refused.value) == (
            "merged: 'crm/nobody' is no id memlane gives (its ids have no '/' and are not '.' or '..')"
        )
