"""A memory restored with an id that has a '/' (a hand-made export restored before restores gave every
item its scope's id, 2 Dec 2026) stays its owner's to read, archive, restore and forget by id through the
SDK: ``ids.check_made_id`` refused it before the lookup ("is no id memlane gives"), so the caller lost
access to her own data by id. An id that names nothing keeps that one message on every surface
(tests/test_made_ids.py); the remote SDK cannot put a '/' in a URL path and refuses it before sending.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memlane import InvalidInput, Memlane, UnknownMemory
from memlane.storage.base import NewMemory
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
