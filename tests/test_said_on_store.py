"""Linking on store reads what earlier memories said of a known person (``graph/said_reads.py``): the
first memories that named it, as the writer may read them now. A sentence that says who its person is
to the writer ("Sophie my sister") is not a known one said only to be someone else ("Sophie Clarke is
my daughter's form teacher"); one that says whom its person is not by a description ("..., not the
superintendent") is not the one said to be that. On SQLite and PostgreSQL, single stores and one
batch; and a memory the writer may not read (another user's, an expired one) changes no decision.

Each user below is a world of its own (personal memories: entities of their own scope)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from backends import expire
from memlane import Memlane
from memlane.timeutil import now_utc

TEACHER = "Sophie Clarke is my daughter's form teacher"
NEUTRAL = "Sophie Clarke sent the reading list"
SISTER = "Sophie my sister is visiting at Christmas"


def _linked(mem: Memlane, user: str, memory_id: str) -> set[str]:
    """The names of the people of ``user`` that ``memory_id`` is linked to."""
    return {
        e.name
        for e in mem.entities.list(limit=100, user=user)
        if e.type == "person"
        and memory_id in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
    }


def test_a_relative_is_kept_apart_only_by_what_an_earlier_memory_said(mem: Memlane) -> None:
    mem.store(TEACHER, user="ann")
    sister = mem.store(SISTER, user="ann").id
    assert _linked(mem, "ann", sister) == {"Sophie"}  # an entity of her own, not the teacher
    # the same two names, an earlier memory that says nothing of who Sophie Clarke is: one person
    mem.store(NEUTRAL, user="ben")
    same = mem.store(SISTER, user="ben").id
    assert _linked(mem, "ben", same) == {"Sophie Clarke"}


def test_within_one_batch_the_earlier_memory_counts_too(mem: Memlane) -> None:
    ann = mem.store_many([TEACHER, "Sophie Clarke marked the essays", SISTER], user="ann")
    assert _linked(mem, "ann", ann[2].id) == {"Sophie"}
    ben = mem.store_many([NEUTRAL, "Sophie Clarke marked the essays", SISTER], user="ben")
    assert _linked(mem, "ben", ben[2].id) == {"Sophie Clarke"}
    # what a memory of the batch said, once linked, counts for the next ones: a sister, then a cousin
    cat = mem.store_many([NEUTRAL, SISTER, "Sophie my cousin is visiting in May"], user="cat")
    assert _linked(mem, "cat", cat[1].id) == {"Sophie Clarke"}
    assert _linked(mem, "cat", cat[2].id) == {"Sophie"}


def test_a_denied_description_said_earlier_keeps_two_people_apart(mem: Memlane) -> None:
    rep = "Gary from the Dell account team is our rep, not the superintendent"
    mem.store("Gary Stevens is the superintendent of the building", user="ann")
    assert "Gary Stevens" not in _linked(mem, "ann", mem.store(rep, user="ann").id)
    # one said to be where the sentence says, not the role it denies: the one known (one said to be
    # nothing, "Gary Stevens fixed the boiler", may be the superintendent denied: twenty-third session)
    mem.store("Gary Stevens is on the Dell account team", user="ben")
    assert "Gary Stevens" in _linked(mem, "ben", mem.store(rep, user="ben").id)


def test_a_memory_the_writer_may_not_read_changes_no_decision(mem: Memlane, db_path: Path | str) -> None:
    # ann's Sophie Clarke, known by a memory that says nothing of who she is
    mem.store(NEUTRAL, user="ann")
    (clarke,) = [e for e in mem.entities.list(user="ann") if e.name == "Sophie Clarke"]
    # another user's memory saying she is someone else, linked to ann's entity (links join one scope;
    # this one is made by hand to prove the read rule, not the scope, keeps it out)
    storage = mem.service.storage
    told = mem.store(TEACHER, user="cat").id
    seq = storage.seq_of(told)
    assert seq is not None
    with storage.write() as txn:
        txn.link_memory(seq, clarke.id, "mention")
    assert _linked(mem, "ann", mem.store(SISTER, user="ann").id) == {"Sophie Clarke"}
    # an expired memory of ann's own is not read either
    expire(db_path, mem.store(TEACHER, user="dan", expires_at=now_utc() + timedelta(hours=1)).id)
    assert _linked(mem, "dan", mem.store(SISTER, user="dan").id) == {"Sophie Clarke"}


def test_a_namesake_said_so_is_not_the_one_an_earlier_memory_named(mem: Memlane) -> None:
    mem.store("Piotr Nowak runs the warehouse in Gdansk", user="ann")
    other = mem.store("A different Piotr Nowak, the accountant, called about the invoice", user="ann").id
    people = [e for e in mem.entities.list(user="ann") if e.name == "Piotr Nowak"]
    assert len(people) == 2  # two of the name: the second memory's is not the first's
    assert sum(other in {m.id for m in mem.entities.memories(e.id, user="ann")} for e in people) == 1
