"""A memory's version links (``replaces``, ``superseded_by``) never name a memory its reader may not read
(``storage/version_links.py``), on both backends, through the SDK and REST.

A version chain keeps one owner and visibility, but a store may hold one spanning two (restored before
``transfer_export._one_scope`` refused such chains, ``tests/test_chain_scopes.py``). Before the fix, bob,
who reads the shared version of such a chain, was shown alice's personal versions' ids in its
``superseded_by`` and ``replaces`` (get, history, list and recall with history): ids of memories he may
not read, which an unknown id never shows. Such a link now reads as absent (null), for him only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from backends import rows
from memlane.models import Memory
from servers import Stack, bearer, running

SHARED = "The office wifi password hint is the cat's name"
BEFORE = "My therapist appointment is on Monday at 4pm"
AFTER = "My therapist appointment is on Tuesday at 5pm"


def _mixed_chain(stack: Stack, db: Path | str) -> tuple[str, str, str]:
    """alice's personal ``before`` -> her shared memory -> her personal ``after``: one chain of two
    scopes, linked behind the store's back (as a restore before the fix left it)."""
    mem = stack.mem
    before = mem.store(BEFORE).id
    shared = mem.store(SHARED, visibility="shared").id
    after = mem.store(AFTER).id
    (chain,) = rows(db, f"SELECT chain_id FROM memories WHERE id = '{before}'")[0]
    link = "UPDATE memories SET chain_id = '{chain}', replaces = {replaces}, superseded_by = {by},"
    link += " superseded_at = {at} WHERE id = '{id}' RETURNING id"
    for id_, replaces, by in ((before, None, shared), (shared, before, after), (after, shared, None)):
        rows(db, link.format(chain=chain, id=id_, replaces=f"'{replaces}'" if replaces else "NULL",
                             by=f"'{by}'" if by else "NULL", at="created_at" if by else "NULL"))  # fmt: skip
    return before, shared, after


def _links(memory: Memory | dict[str, Any]) -> tuple[Any, Any]:
    if isinstance(memory, dict):
        return memory["replaces"], memory["superseded_by"]
    return memory.replaces, memory.superseded_by


def test_links_to_a_version_of_another_scope_read_as_absent_sdk(stack: Stack, db_path: Path | str) -> None:
    mem = stack.mem
    before, shared, after = _mixed_chain(stack, db_path)
    # bob reads the shared version only, with no link out of what he may read
    assert _links(mem.get(shared, user="bob")) == (None, None)
    assert [(m.id, *_links(m)) for m in mem.history(shared, user="bob")] == [(shared, None, None)]
    listed = mem.service.list_page(actor=mem._actor("bob"), include_history=True, limit=100, space="*")[0]
    assert [(m.id, *_links(m)) for m in listed] == [(shared, None, None)]
    hits = mem.recall("office wifi password hint", user="bob", include_history=True)
    assert [(h.id, *_links(h)) for h in hits] == [(shared, None, None)]
    # alice, who reads every version, sees the chain as it is linked
    assert _links(mem.get(shared)) == (before, after)
    assert [(m.id, *_links(m)) for m in mem.history(shared)] == [
        (before, None, shared), (shared, before, after), (after, shared, None)]  # fmt: skip
    hits = mem.recall("office wifi password hint", include_history=True)
    assert (shared, before, after) in [(h.id, *_links(h)) for h in hits]


def test_links_to_a_version_of_another_scope_read_as_absent_rest(stack: Stack, db_path: Path | str) -> None:
    before, shared, after = _mixed_chain(stack, db_path)
    bob = stack.key(user="bob")
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(bob), timeout=30) as http:
        got = http.get(f"/v1/memories/{shared}")
        assert got.status_code == 200, got.text
        assert _links(got.json()) == (None, None)
        versions = http.get(f"/v1/memories/{shared}/history").json()["versions"]
        assert [(v["id"], *_links(v)) for v in versions] == [(shared, None, None)]
        listed = http.get("/v1/memories", params={"include_history": "true", "space": "*"}).json()["items"]
        assert [(v["id"], *_links(v)) for v in listed] == [(shared, None, None)]
        assert before not in got.text and after not in got.text
        for unknown in (before, after):
            assert http.get(f"/v1/memories/{unknown}").status_code == 404
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http:
        assert _links(http.get(f"/v1/memories/{shared}").json()) == (before, after)  # alice's own
