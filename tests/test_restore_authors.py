"""A restored memory's author is never a user who did not restore it (``permissions.restored_author``),
through REST on a loopback server as two users and an admin, both backends.

Before the fix alice restored a file whose workspace memory named ``"author": "bob"``: it read as bob's
statement to everyone, bob could delete it (only a shared item's author or an admin may) and alice, who
wrote it, could not; and her personal memories could name any author.
"""

from __future__ import annotations

import json
import uuid

import httpx

from servers import Stack, bearer, running


def _restore(url: str, headers: dict[str, str], lines: list[str]) -> dict[str, str | None]:
    files = {"file": ("export.jsonl", "\n".join(lines).encode(), "application/x-ndjson")}
    r = httpx.post(
        f"{url}/v1/memory/import", headers=headers, files=files, data={"format": "memlane"}, timeout=60
    )
    assert r.status_code == 200 and r.json()["imported"] == 2, r.text
    items = httpx.get(f"{url}/v1/memories", headers=headers, params={"limit": 50}, timeout=60).json()["items"]
    return {m["content"]: m["author"] for m in items}


def _file(stack: Stack, url: str, tag: str) -> list[str]:
    stack.mem.store("A line to export")
    lines = httpx.get(
        f"{url}/v1/memory/export", headers=bearer(stack.admin_key), timeout=60
    ).text.splitlines()
    # the template is the memory just stored: restored memories keep their file's created_at (the
    # template's), so the export's order among them is by their random ids, not by when they came
    template = next(r["memory"] for r in map(json.loads, lines[1:])
                    if r.get("memory", {}).get("content") == "A line to export")  # fmt: skip
    shared = template | {"id": str(uuid.uuid4()), "content": f"The deploy freeze starts Friday {tag}",
                         "owner": "workspace", "visibility": "shared", "author": "bob"}  # fmt: skip
    personal = template | {"id": str(uuid.uuid4()), "content": f"I keep a spare key {tag}", "author": "bob"}
    return [lines[0], json.dumps({"memory": shared}), json.dumps({"memory": personal})]


def test_a_restore_attributes_nothing_to_another_user(stack: Stack) -> None:
    alice, bob = bearer(stack.key(user="alice")), bearer(stack.key(user="bob"))
    with running(stack.app()) as url:
        authors = _restore(url, alice, _file(stack, url, "(alice)"))
        assert authors["The deploy freeze starts Friday (alice)"] is None  # of unknown author
        assert authors["I keep a spare key (alice)"] == "alice"
        shared = next(m for m in httpx.get(f"{url}/v1/memories", headers=bob, timeout=60).json()["items"]
                      if m["content"].endswith("(alice)"))  # fmt: skip
        assert httpx.delete(f"{url}/v1/memories/{shared['id']}", headers=bob, timeout=60).status_code == 403
        # an admin key may act for any user: the author its file names is kept
        admin = bearer(stack.admin_key)
        authors = _restore(url, admin, _file(stack, url, "(admin)"))
        assert authors["The deploy freeze starts Friday (admin)"] == "bob"
        assert authors["I keep a spare key (admin)"] == "alice"
