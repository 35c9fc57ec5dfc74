"""An entity known only from expired memories is read by no one before the expiry job deletes it (SPEC
§8: reads also filter expired items so none leaks before the cleanup), on both backends: get, list,
page, search by name, lookup and its edges hide it; a live memory naming it, or an external id a record
gave it, keeps it readable. Before, it stayed readable until the cleanup ran."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from backends import expire, rows
from memlane import Memlane
from memlane.errors import NotFound

#: stored with an expiry still ahead, then moved past it (``backends.expire``)
LATER = datetime.now(UTC) + timedelta(days=1)


def _listed(mem: Memlane) -> set[str]:
    return {e.name for e in mem.entities.list(limit=1000)}


def test_an_entity_only_expired_memories_named_is_hidden_from_every_read(
    mem: Memlane, db_path: Path | str
) -> None:
    gone = mem.store("Zofia Brenwick signs for the Harlow crates", expires_at=LATER)
    kept = mem.store("Tamsin Orrey delivers the crates", expires_at=LATER)
    mem.store("Tamsin Orrey is late again")  # a live memory keeps her
    (zofia,) = mem.entities.search("Zofia Brenwick")
    assert mem.entities.get(zofia.id).name == "Zofia Brenwick"
    expire(db_path, gone.id)
    expire(db_path, kept.id)

    assert mem.entities.search("Zofia Brenwick") == []
    assert "Zofia Brenwick" not in _listed(mem) and "Tamsin Orrey" in _listed(mem)
    page, _ = mem.entities.page(limit=1000)
    assert "Zofia Brenwick" not in {e.name for e in page}
    with pytest.raises(NotFound):
        mem.entities.get(zofia.id)
    with pytest.raises(NotFound):
        mem.entities.edges(zofia.id)
    assert mem.entities.lookup("Zofia Brenwick").found is None
    assert [e.name for e in mem.entities.search("Tamsin Orrey")] == ["Tamsin Orrey"]

    # named again by a live memory: readable again (the same entity)
    mem.store("Zofia Brenwick moved to the night shift")
    assert [e.id for e in mem.entities.search("Zofia Brenwick")] == [zofia.id]


def test_an_entity_a_record_gave_an_id_stays_readable(mem: Memlane, db_path: Path | str) -> None:
    said = mem.store("Orla Quennell runs the Dunmore depot", expires_at=LATER)
    (orla,) = mem.entities.search("Orla Quennell")
    # an id a record gave it (as anchoring writes it)
    rows(
        db_path,
        "INSERT INTO entity_external_ids (workspace, owner, visibility, external_id, entity_id)"
        f" VALUES ('default', 'user:alice', 'personal', 'hubspot:991', '{orla.id}') RETURNING entity_id",
    )
    expire(db_path, said.id)
    assert mem.entities.get(orla.id).name == "Orla Quennell"


def _readable(mem: Memlane, entity_id: str) -> bool:
    try:
        mem.entities.get(entity_id)
    except NotFound:
        return False
    return True


def test_what_keeps_an_entity_after_the_cleanup_keeps_it_readable_before(
    mem: Memlane, db_path: Path | str
) -> None:
    """One rule before and after the expiry cleanup: an entity its memories alone made known is hidden
    once they expire and deleted with them; one the cleanup keeps (an edge made by hand by a user with
    access, itself knowledge, not a memory's) is readable throughout. Before, such an entity was hidden
    while its memories were expired and readable again once the cleanup had deleted them."""
    said = mem.store("Brisa Tolland and Dace Hollin audit the Keswick accounts", expires_at=LATER)
    mem.store("Corvin Ashdale runs the audit team")
    (brisa,) = mem.entities.search("Brisa Tolland")
    (dace,) = mem.entities.search("Dace Hollin")
    (corvin,) = mem.entities.search("Corvin Ashdale")
    mem.entities.relate(brisa.id, "reports_to", corvin.id)  # by hand
    expire(db_path, said.id)

    assert _readable(mem, brisa.id) and not _readable(mem, dace.id)
    assert [e.dst for e in mem.entities.edges(brisa.id)] == [corvin.id]
    assert [e.name for e in mem.entities.search("Brisa Tolland")] == ["Brisa Tolland"]
    assert mem.entities.search("Dace Hollin") == []

    assert mem.service.profiles.expire().deleted == 1
    assert _readable(mem, brisa.id) and not _readable(mem, dace.id)  # the same after the cleanup
    assert [e.name for e in mem.entities.search("Brisa Tolland")] == ["Brisa Tolland"]
    assert rows(db_path, f"SELECT count(*) FROM entities WHERE id = '{dace.id}'")[0][0] == 0
