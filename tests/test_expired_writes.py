"""An expired memory is gone for writes as for reads (both backends): a new store does not supersede it
(same text or an update of it), nor name it as similar; ``replaces``, archive, restore and linking
refuse it as unknown, and a chain whose current version expired takes no new version."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memlane import Memlane
from memlane.errors import NotFound, UnknownMemory

PAST = datetime.now(UTC) - timedelta(minutes=1)


def test_a_store_of_the_same_text_does_not_supersede_an_expired_memory(mem: Memlane) -> None:
    gone = mem.store("Alice's garage code is 4471", expires_at=PAST)
    again = mem.store("Alice's garage code is 4471")
    assert (again.status, again.superseded, again.similar) == ("stored", (), ())
    assert again.id != gone.id
    assert [m.id for m in mem.history(again.id)] == [again.id]  # a chain of its own


def test_an_update_does_not_supersede_or_show_an_expired_memory(mem: Memlane) -> None:
    mem.store("Bob's locker code is 1234", expires_at=PAST)
    new = mem.store("Bob's locker code is 9999")
    assert (new.status, new.superseded, new.similar) == ("stored", (), ())
    assert [m.content for m in mem.list_recent(10)] == ["Bob's locker code is 9999"]
    # the same update with a live memory supersedes it (the case the expired one must not be)
    mem.store("Carla's locker code is 1234")
    assert [s.content for s in mem.store("Carla's locker code is 9999").superseded] == [
        "Carla's locker code is 1234"
    ]


def test_replaces_archive_restore_and_link_refuse_an_expired_memory(mem: Memlane) -> None:
    gone = mem.store("The office wifi sits on channel 6", expires_at=PAST)
    with pytest.raises(UnknownMemory, match="replaces"):
        mem.store("The office wifi sits on channel 11", replaces=gone.id)
    with pytest.raises(UnknownMemory):
        mem.archive(gone.id)
    with pytest.raises(UnknownMemory):
        mem.restore(gone.id)
    entity = mem.anchor({"kind": "contact", "system": "crm", "id": "5", "name": "Dana Whitfield"})
    with pytest.raises(NotFound):
        mem.entities.link(gone.id, entity.id)
    assert mem.list_recent(10) == []


def test_a_chain_whose_current_version_expired_takes_no_new_version(mem: Memlane, db_path) -> None:
    first = mem.store("The standup is at 9:00")
    second = mem.store("The standup is at 9:30", replaces=first.id, expires_at=PAST)
    assert [s.id for s in second.superseded] == [first.id]
    with pytest.raises(UnknownMemory, match="expired"):
        mem.store("The standup is at 10:00", replaces=first.id)
