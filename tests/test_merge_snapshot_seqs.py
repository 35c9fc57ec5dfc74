"""A merge's record keeps the memories it moved by their store position (``seq``), and SQLite gives a
deleted memory's position to the next memory stored when it was the newest. An entity merge of alice's,
then her newest memory forgotten, then a memory of bob's stored: the record must not come to name bob's
memory. Before, unmerging linked bob's personal memory to alice's personal entity (a link across two
scopes, which no write may make) and alice's export named bob's memory in the merge's record."""

from __future__ import annotations

import json
from typing import Any

from backends import rows
from memlane import Memlane
from memlane.models import Actor

ALICE = Actor(user="alice")
BOB = Actor(user="bob")


def test_a_merge_record_never_names_a_memory_stored_after_it(db_path: Any) -> None:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        s = mem.service
        s.store("Dana Whitfield runs the Lisbon office", actor=ALICE)
        into = s.anchor(
            {"kind": "contact", "system": "crm", "id": "1", "name": "Dana Whitfield"}, actor=ALICE
        )
        other = s.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Dana W"}, actor=ALICE)
        newest = s.store("Dana W signed the lease for the new office", actor=ALICE)
        s.entities.link(ALICE, newest.id, other.id)
        merge = s.entities.merge(ALICE, into.id, other.id)
        s.forget(newest.id, actor=ALICE)  # the newest memory: SQLite hands its seq to the next one
        bobs = s.store("Bob keeps his spare key under the blue flowerpot", actor=BOB)

        exported = [json.loads(line) for line in s.export(actor=ALICE)]
        assert bobs.id not in json.dumps(exported)  # (before: in the merge's record of moved links)

        s.entities.unmerge(ALICE, merge.id)
        across = rows(
            db_path,
            "SELECT m.id, e.id FROM memory_entity_links l JOIN memories m ON m.seq = l.memory_seq"
            " JOIN entities e ON e.id = l.entity_id WHERE m.workspace <> e.workspace OR m.owner <> e.owner"
            " OR m.visibility <> e.visibility",
        )
        assert across == []
        assert [m.content for m, _ in s.entities.memories(ALICE, other.id)] == []  # its memory was forgotten
        assert mem.get(bobs.id, user="bob").content.startswith("Bob keeps")
