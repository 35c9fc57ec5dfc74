"""A version chain keeps one owner and visibility (docs/api.md: a new version keeps the owner and
visibility), so whoever reads one version of it may read what superseding it touches; on both backends.

Before the fix, restoring an export took a chain as the file linked it: alice's file could chain a
shared memory to a personal one of hers (``superseded_by`` / ``replaces``). Bob, who reads the shared
version, then stored a new version with ``replaces`` naming it: memlane superseded the chain's current
version, alice's personal memory, and answered bob with its content (``superseded: [{id, content}]``),
taking it out of alice's recall too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backends import rows
from memlane import Memlane
from memlane.errors import MemlaneError
from memlane.models import Actor, Memory

ALICE, BOB = Actor(user="alice"), Actor(user="bob")
SHARED = "The office wifi password hint is the cat's name"
PRIVATE = "My therapist appointment is on Tuesday at 5pm"
NEWER = "The office wifi password hint is now the dog's name"


def _readable(mem: Memlane, actor: Actor) -> list[Memory]:
    return mem.service.list_page(actor=actor, include_history=True, limit=100, space="*")[0]


def _mixed_chain_export(mem: Memlane) -> bytes:
    """alice's export, edited: her shared memory superseded by her personal one."""
    s = mem.service
    shared = s.store(SHARED, actor=ALICE, visibility="shared").id
    private = s.store(PRIVATE, actor=ALICE).id
    bike = s.store("I keep my bike in the basement", actor=ALICE).id  # (a chain of its own: restored)
    records = [json.loads(line) for line in s.export(actor=ALICE)]
    for record in records:
        memory = record.get("memory")
        if memory and memory["id"] == shared:
            memory.update(superseded_by=private, superseded_at=memory["created_at"])
        if memory and memory["id"] == private:
            memory["replaces"] = shared
    for memory_id in (shared, private, bike):
        s.forget(memory_id, actor=ALICE)
    return "\n".join(json.dumps(r) for r in records).encode()


def test_a_restored_chain_of_two_scopes_is_refused_whole(mem: Memlane) -> None:
    s = mem.service
    export = _mixed_chain_export(mem)
    result = s.import_file(export, "memlane", actor=ALICE)
    assert result.imported == 1  # the bike
    reasons = [p["reason"] for p in result.skipped_invalid]
    assert len(reasons) == 2 and all("owner and visibility" in r for r in reasons), reasons
    assert {m.content for m in _readable(mem, ALICE)} == {"I keep my bike in the basement"}
    assert _readable(mem, BOB) == []


def test_superseding_a_version_never_touches_a_current_version_of_another_scope(
    mem: Memlane, db_path: Path | str
) -> None:
    """A store holding such a chain already (restored before the fix): bob's new version is refused
    as if the chain had no current version he may see, and alice's personal memory stays hers."""
    s = mem.service
    shared = s.store(SHARED, actor=ALICE, visibility="shared").id
    private = s.store(PRIVATE, actor=ALICE).id
    (chain,) = rows(db_path, f"SELECT chain_id FROM memories WHERE id = '{shared}'")[0]
    rows(db_path, f"UPDATE memories SET superseded_by = '{private}', superseded_at = created_at"
                  f" WHERE id = '{shared}' RETURNING id")  # fmt: skip
    rows(db_path, f"UPDATE memories SET replaces = '{shared}', chain_id = '{chain}' WHERE id = '{private}'"
                  " RETURNING id")  # fmt: skip

    with pytest.raises(MemlaneError) as refused:
        s.store(NEWER, actor=BOB, visibility="shared", replaces=shared)
    assert PRIVATE not in str(refused.value) and private not in str(refused.value)
    assert not any(m.content == NEWER for m in _readable(mem, BOB))
    assert s.get(private, actor=ALICE).superseded_by is None  # still current, in her recall
    assert [h.content for h in s.recall("therapist appointment", actor=ALICE)] == [PRIVATE]
