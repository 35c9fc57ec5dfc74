"""Restoring memlane's export answers the same whoever holds the ids it names (both backends, two users).

Before the fix a memory, entity, edge or merge whose id was free kept it, and one whose id another user's
item held was restored under a new id listed in ``remapped``: bob, restoring a file naming an id of one
of alice's personal memories, learnt from the answer (and from where the item landed) that the id
exists. Now every item that is not already in the scope it is restored in gets an id of that scope
(``ids.scoped_id``): the answer, and what bob can read after it, are those of the same restore into a
store where nobody holds those ids.
"""

from __future__ import annotations

import json
from pathlib import Path

from memlane import Memlane
from test_export import second_db  # noqa: F401  (fixture: another empty database of the same backend)


def _made_bobs(lines: list[str]) -> bytes:
    """alice's export, every memory and entity made bob's, every id kept: a file bob may restore."""
    out = [lines[0]]
    for line in lines[1:]:
        ((kind, row),) = json.loads(line).items()
        if kind == "memory":
            row |= {"owner": "user:bob", "author": "bob", "related_user": "bob"}
        elif kind == "entity":
            row |= {"owner": "user:bob"}
        out.append(json.dumps({kind: row}))
    return "\n".join(out).encode()


def test_a_restore_answers_the_same_whoever_holds_its_ids(db_path: Path | str, second_db: Path | str) -> None:  # noqa: F811
    with Memlane(db_path, user="alice", embedder="none") as alice:
        first = alice.store("Alice works at Nightjar Corp with Olga Brightwater", subject="Olga Brightwater")
        alice.store(
            "Alice works at Heron Ltd with Olga Brightwater", replaces=first.id, subject="Olga Brightwater"
        )
        lines = list(alice.export())
        alices = [json.loads(x) for x in lines[1:]]
    ids = {row["id"] for x in alices for row in x.values() if "id" in row}
    assert any("entity" in x for x in alices) and any("edge" in x for x in alices) and len(ids) >= 4
    body = _made_bobs(lines)

    seen = []
    for db in (db_path, second_db):  # alice holds every id of the file / nobody holds any
        with Memlane(db, user="bob", embedder="none") as bob:
            restored = bob.import_file(body, "memlane")
            again = bob.import_file(body, "memlane")
            seen.append((restored.model_dump(), again.model_dump(), list(bob.export())[1:]))
    held, free = seen
    assert held == free  # the answers, and everything bob can read after them

    restored_, again_, bobs = held
    assert (restored_["imported"], restored_["skipped_duplicates"], restored_["skipped_invalid"]) == (
        2,
        0,
        (),
    )
    assert (again_["imported"], again_["skipped_duplicates"]) == (0, 2)  # idempotent
    # lossless: the chain whole (its version links among the new ids), the graph with it
    memories = [json.loads(x)["memory"] for x in bobs if x.startswith('{"memory"')]
    assert sorted(m["content"].split()[3] for m in memories) == ["Heron", "Nightjar"]
    new = restored_["remapped"]
    assert {m["id"] for m in memories} == set(new.values()) and not ids & set(new.values())
    (older,) = [m for m in memories if m["superseded_by"] is not None]
    (newer,) = [m for m in memories if m["superseded_by"] is None]
    assert older["id"] == new[first.id] and (older["superseded_by"], newer["replaces"]) == (
        newer["id"],
        older["id"],
    )
    assert restored_["graph"]["entities"] > 0 and restored_["graph"]["edges"] > 0
    assert len(bobs) == len(alices)
    # alice's items are as they were
    with Memlane(db_path, user="alice", embedder="none") as alice:
        assert [json.loads(x) for x in list(alice.export())[1:]] == alices
