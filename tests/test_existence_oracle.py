"""No request tells "exists but not yours" from "does not exist" (docs/api.md, Errors): every call that
takes an id answers an id of something the caller may not read (bob's personal memory, entity, merge and
consolidation run; another workspace's; an expired shared memory) exactly as it answers an id nothing
has: the same exception, the same message once the id is left out, and nothing changed. Checked on the
service every surface calls (its exceptions become the REST codes, MCP tool errors and CLI lines through
one table each)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from backends import expire
from memlane import Memlane
from memlane.errors import MemlaneError
from memlane.ids import new_id
from memlane.models import Actor

ALICE = Actor(user="alice")
BOB = Actor(user="bob")
GLOBEX = Actor(user="alice", workspace="globex")
LATER = datetime.now(UTC) + timedelta(days=1)


def _outcome(call: Callable[[str], Any], target: str) -> tuple[str, str]:
    try:
        call(target)
    except MemlaneError as exc:
        return type(exc).__name__, str(exc).replace(target, "<id>")
    return "answered", ""


@pytest.fixture
def world(db_path: Any) -> Any:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        s = mem.service
        ids: dict[str, str] = {}
        ids["bob memory"] = s.store("Bob's locker number is 1234", actor=BOB).id
        ids["globex memory"] = s.store("Globex moves to Lisbon", actor=GLOBEX).id
        shared = s.store(
            "The office wifi sits on channel 6", actor=BOB, visibility="shared", expires_at=LATER
        )
        expire(db_path, shared.id)
        ids["expired shared memory"] = shared.id
        for who, actor in (("bob", BOB), ("globex", GLOBEX)):
            a = s.anchor(
                {"kind": "contact", "system": "crm", "id": "1", "name": "Dana Whitfield"}, actor=actor
            )
            b = s.anchor(
                {"kind": "contact", "system": "crm", "id": "2", "name": "Dana Whitfield Jr"}, actor=actor
            )
            ids[f"{who} entity"] = a.id
            ids[f"{who} merge"] = s.entities.merge(actor, a.id, b.id).id
        s.store_many([{"content": c, "auto_supersede": False} for c in
                      ("The Lisbon office printer on floor 3 is fixed",
                       "The Lisbon office printer on floor three is fixed")], actor=BOB)  # fmt: skip
        run = s.consolidate(actor=BOB)
        assert run.run is not None and run.clusters
        ids["bob consolidated memory"] = str(run.clusters[0].id)
        ids["bob run"] = run.run
        # a run of bob's whose memories were forgotten since: still bob's, not alice's to undo or see
        s.store_many([{"content": c, "auto_supersede": False} for c in
                      ("The Kestrel release ships on Monday", "The Kestrel release ships on Mondays")], actor=BOB)  # fmt: skip
        gone = s.consolidate(actor=BOB)
        assert gone.run is not None and gone.clusters
        s.forget(str(gone.clusters[0].id), actor=BOB)
        ids["bob run, memories forgotten"] = gone.run
        s.conversations.append("bob-only", [{"role": "user", "text": "Ana prefers aisle seats"}], actor=BOB)
        mine = s.store("Alice's garage bay is 4471", actor=ALICE)
        entity = s.anchor({"kind": "contact", "system": "crm", "id": "3", "name": "Ana Lopez"}, actor=ALICE)
        yield mem, ids, mine.id, entity.id


def _calls(mem: Memlane, memory: str, entity: str) -> dict[str, Callable[[str], Any]]:
    s, e = mem.service, mem.service.entities
    return {
        "get": lambda i: s.get(i, actor=ALICE),
        "history": lambda i: s.history(i, actor=ALICE),
        "archive": lambda i: s.archive(i, actor=ALICE),
        "restore": lambda i: s.restore(i, actor=ALICE),
        "forget": lambda i: s.forget(i, actor=ALICE),
        "forget dry run": lambda i: s.forget(i, actor=ALICE, dry_run=True),
        "replaces": lambda i: s.store("Something else entirely new", actor=ALICE, replaces=i),
        "replaces shared": lambda i: s.store(
            "Another new thing", actor=ALICE, replaces=i, visibility="shared"
        ),
        "link memory": lambda i: e.link(ALICE, i, entity),
        "undo consolidation": lambda i: s.undo_consolidation(i, actor=ALICE),
        "entity get": lambda i: e.get(ALICE, i),
        "entity edges": lambda i: e.edges(ALICE, i),
        "entity memories": lambda i: e.memories(ALICE, i),
        "entity about": lambda i: e.about(ALICE, i),
        "entity lookup": lambda i: e.lookup(ALICE, entity_id=i),
        "merge into": lambda i: e.merge(ALICE, i, entity),
        "merge of": lambda i: e.merge(ALICE, entity, i),
        "relate to": lambda i: e.relate(ALICE, entity, "knows", i),
        "relate from": lambda i: e.relate(ALICE, i, "knows", entity),
        "link to entity": lambda i: e.link(ALICE, memory, i),
        "merges of entity": lambda i: e.merges(ALICE, entity_id=i),
        "unmerge": lambda i: e.unmerge(ALICE, i),
        "past merge": lambda i: e.past_merge(ALICE, i),
        "undo run": lambda i: s.undo_consolidation_run(i, actor=ALICE),
        "recall about": lambda i: s.recall("Dana", actor=ALICE, about=i),
        "conversation": lambda i: s.conversations.show(i, actor=ALICE),
        "delete conversation": lambda i: s.conversations.delete(i, actor=ALICE),
        "import run": lambda i: s.imports.get(i, actor=ALICE),
    }


def test_an_id_the_caller_may_not_read_is_answered_as_one_that_does_not_exist(world: Any) -> None:
    mem, ids, memory, entity = world
    calls = _calls(mem, memory, entity)
    targets = {**ids, "conversation bob-only": "bob-only"}
    differ = {}
    for name, call in calls.items():
        for what, target in targets.items():
            nothing = new_id() if what != "conversation bob-only" else "nobody-has-this-one"
            expected, got = _outcome(call, nothing), _outcome(call, target)
            if expected != got:
                differ[f"{name}({what})"] = (expected, got)
    assert not differ, "\n".join(f"{k}: {v}" for k, v in differ.items())
