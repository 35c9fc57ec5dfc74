"""Linking on store compares a mention's organisation with what the store knows of a known person's
(``graph/said_reads.py``): the organisations of its open ``works_at`` / ``member_of`` / ``customer_of``
edges, read as the writer may read them now. Resolution decides with them as the registry decides with
the organisations it keeps (``graph/resolution.py``): namesakes at two organisations are two people,
the same person named with their organisation is linked. On SQLite and PostgreSQL, single stores and
one batch; and an edge or a memory the writer may not read (another user's) changes no decision.

Each user below is a world of its own (personal memories: entities of their own scope)."""

from __future__ import annotations

from memlane import Memlane
from memlane.ids import new_id
from memlane.models import Edge
from memlane.timeutil import now_utc

HONGDA = "Zhang Wei works for Hongda Electronics"
LUMEN = "Zhang Wei from Lumen Optics asked for a software training"


def _people(mem: Memlane, user: str, name: str) -> list[str]:
    return [e.id for e in mem.entities.list(limit=100, user=user) if e.type == "person" and e.name == name]


def _linked(mem: Memlane, user: str, memory_id: str) -> set[str]:
    """The ids of the people of ``user`` that ``memory_id`` is linked to."""
    return {
        e.id
        for e in mem.entities.list(limit=100, user=user)
        if e.type == "person"
        and memory_id in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
    }


def test_namesakes_at_two_organisations_are_two_people(mem: Memlane) -> None:
    mem.store(HONGDA, user="ann")
    (hongda,) = _people(mem, "ann", "Zhang Wei")
    other = mem.store(LUMEN, user="ann").id
    people = _people(mem, "ann", "Zhang Wei")
    assert len(people) == 2  # the second memory's Zhang Wei is not the first's
    assert _linked(mem, "ann", other) == set(people) - {hongda}
    # in one batch too
    batch = mem.store_many([HONGDA, LUMEN], user="ben")
    first, second = (_linked(mem, "ben", r.id) for r in batch)
    assert len(first) == len(second) == 1 and first != second


def test_the_same_person_named_with_their_organisation_is_linked(mem: Memlane) -> None:
    mem.store(HONGDA, user="ann")
    (hongda,) = _people(mem, "ann", "Zhang Wei")
    again = mem.store("Zhang Wei from Hongda Electronics sent the sensor price list", user="ann").id
    assert _linked(mem, "ann", again) == {hongda}
    # and by an organisation known from an edge: "works for" states it
    mem.store("Li Na works for Hongda Electronics", user="ann")
    (li_na,) = _people(mem, "ann", "Li Na")
    later = mem.store("Li Na from Hongda booked the container", user="ann").id
    assert _linked(mem, "ann", later) == {li_na}
    lumen = mem.store("Li Na from Lumen Optics asked for a demo", user="ann").id
    assert li_na not in _linked(mem, "ann", lumen)


def test_an_edge_or_memory_the_writer_may_not_read_changes_no_decision(mem: Memlane) -> None:
    # ann's Zhang Wei, known with no organisation; ann's own Lumen Optics
    mem.store("Zhang Wei may visit the factory in May", user="ann")
    (zhang,) = _people(mem, "ann", "Zhang Wei")
    mem.store("Lumen Optics renewed the contract", user="ann")
    (lumen,) = [e.id for e in mem.entities.list(limit=100, user="ann") if e.name == "Lumen Optics"]
    # another user's memory saying he is at Lumen Optics, linked to ann's entity, and edges from him to
    # Lumen Optics: one stated by that memory, one to cat's own Lumen Optics (made by hand to prove the
    # read rule, not the scope, keeps them out)
    told = mem.store(LUMEN, user="cat").id
    (cats,) = [e.id for e in mem.entities.list(limit=100, user="cat") if e.name == "Lumen Optics"]
    storage = mem.service.storage
    seq = storage.seq_of(told)
    assert seq is not None
    at = now_utc()
    with storage.write() as txn:
        txn.link_memory(seq, zhang, "mention")
        for relation, dst, provenance in (
            ("works_at", lumen, {"via": "text", "memory": told}),
            ("member_of", cats, {"via": "record"}),
        ):
            txn.upsert_edge(
                Edge(id=new_id(), src=zhang, relation=relation, dst=dst, provenance=provenance, created_at=at)
            )
    # so ann's Zhang Wei from Hongda is the one she knows, as before
    same = mem.store("Zhang Wei from Hongda sent the sensor price list", user="ann").id
    assert _linked(mem, "ann", same) == {zhang}
    # while an edge she may read does decide: the same edge stated by a memory of hers
    own = mem.store("Chen Jie asked about the invoice", user="ann").id
    (chen,) = _people(mem, "ann", "Chen Jie")
    with storage.write() as txn:
        txn.upsert_edge(
            Edge(id=new_id(), src=chen, relation="works_at", dst=lumen,
                 provenance={"via": "text", "memory": own}, created_at=at)
        )  # fmt: skip
    apart = mem.store("Chen Jie from Hongda sent the sensor price list", user="ann").id
    assert chen not in _linked(mem, "ann", apart)
