"""Restoring memlane's export looks ids up only in the scope each item is restored in (both backends,
through REST on a loopback server and the CLI, as two users and two workspaces).

Before the fix a memory id was looked up store-wide: bob restoring a file that named one of alice's
personal memory ids got ``skipped_duplicates: 2`` (so he learnt that the id exists) and nothing was
restored; and an export restored into another workspace of the same store restored nothing at all (every
id was "already there", in the workspace it came from), nor its graph's edges.
"""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from typing import Any

import httpx

from cli_runner import invoke
from servers import Stack, bearer, running

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _alices_export(stack: Stack, url: str) -> list[str]:
    first = stack.mem.store("Alice works at Nightjar Corp with Olga Brightwater")
    stack.mem.store("Alice works at Heron Ltd with Olga Brightwater", replaces=first.id)
    r = httpx.get(f"{url}/v1/memory/export", headers=bearer(stack.admin_key), timeout=60)
    assert r.status_code == 200, r.text
    return r.text.splitlines()


def _as_bobs(lines: list[str], *, fresh_ids: bool) -> bytes:
    """alice's memory lines made bob's (the ids kept, or all new ones): what bob may write."""
    ids = {json.loads(x)["memory"]["id"]: str(uuid.uuid4()) for x in lines if x.startswith('{"memory"')}
    out = [lines[0]]
    for line in lines[1:]:
        if line.startswith('{"memory"'):
            memory = json.loads(line)["memory"] | {
                "owner": "user:bob",
                "author": "bob",
                "related_user": "bob",
            }
            if fresh_ids:
                memory |= {k: ids.get(memory[k], memory[k]) for k in ("id", "replaces", "superseded_by")}
            out.append(json.dumps({"memory": memory}))
    return "\n".join(out).encode()


def _import(url: str, headers: dict[str, str], body: bytes) -> dict[str, Any]:
    files = {"file": ("export.jsonl", body, "application/x-ndjson")}
    r = httpx.post(
        f"{url}/v1/memory/import", headers=headers, files=files, data={"format": "memlane"}, timeout=60
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def _counts(result: dict[str, Any]) -> tuple[Any, ...]:
    return result["imported"], result["skipped_duplicates"], result["skipped_invalid"]


def test_rest_restore_tells_nothing_of_ids_held_by_another_user(stack: Stack) -> None:
    with running(stack.app()) as url:
        lines = _alices_export(stack, url)
        bob = bearer(stack.key(user="bob"))
        # the same file with ids nobody holds, and with alice's ids: bob's answer is the same
        control = _import(url, bob, _as_bobs(lines, fresh_ids=True))
        assert _counts(control) == (2, 0, [])
        (restored,) = httpx.get(f"{url}/v1/memories", headers=bob, timeout=60).json()["items"]
        httpx.delete(f"{url}/v1/memories/{restored['id']}", headers=bob, timeout=60).raise_for_status()
        assert httpx.get(f"{url}/v1/memories", headers=bob, timeout=60).json()["items"] == []
        crafted = _import(url, bob, _as_bobs(lines, fresh_ids=False))
        assert _counts(crafted) == _counts(control)
        # bob's chain is restored whole under new ids; alice's memories are as they were
        alices = {json.loads(x)["memory"]["id"] for x in lines if x.startswith('{"memory"')}
        assert set(crafted["remapped"]) == alices
        (current,) = httpx.get(f"{url}/v1/memories", headers=bob, timeout=60).json()["items"]
        assert current["id"] == crafted["remapped"][_current_id(lines)]
        history = httpx.get(f"{url}/v1/memories/{current['id']}/history", headers=bob, timeout=60).json()
        assert [m["content"].split()[3] for m in history["versions"]] == ["Nightjar", "Heron"]
        assert all(m["owner"] == "user:bob" for m in history["versions"])
        for memory_id in alices:
            got = httpx.get(f"{url}/v1/memories/{memory_id}", headers=bearer(stack.admin_key), timeout=60)
            assert got.json()["owner"] == "user:alice"
        # restoring bob's file again adds nothing: his own chain is there now
        again = _import(url, bob, _as_bobs(lines, fresh_ids=False))
        assert _counts(again) == (0, 2, []) and again["remapped"] == {}


def _current_id(lines: list[str]) -> str:
    (current,) = [
        json.loads(x)["memory"]["id"]
        for x in lines
        if x.startswith('{"memory"') and json.loads(x)["memory"]["superseded_by"] is None
    ]
    return current


def test_rest_restore_into_another_workspace(stack: Stack) -> None:
    with running(stack.app()) as url:
        lines = _alices_export(stack, url)
        other = bearer(stack.key(workspace="other", user="alice"))
        body = "\n".join(lines).encode()
        result = _import(url, other, body)
        assert _counts(result) == (2, 0, [])
        graph = result["graph"]
        assert (graph["entities"], graph["edges"], graph["links"], graph["skipped_duplicates"]) == (
            4,
            2,
            6,
            0,
        )
        assert set(result["remapped"]) == {
            json.loads(x)["memory"]["id"] for x in lines if '"memory"' in x[:10]
        }
        new_current = result["remapped"][_current_id(lines)]
        history = httpx.get(f"{url}/v1/memories/{new_current}/history", headers=other, timeout=60).json()
        assert [m["id"] for m in history["versions"]] == [result["remapped"][json.loads(x)["memory"]["id"]]
                                                       for x in lines if x.startswith('{"memory"')]  # fmt: skip
        entities = httpx.get(f"{url}/v1/entities", headers=other, timeout=60).json()
        (alice,) = [e for e in entities["items"] if e["name"] == "Alice"]
        edges = httpx.get(f"{url}/v1/entities/{alice['id']}/edges", headers=other, timeout=60).json()
        assert sorted(e["relation"] for e in edges["edges"]) == ["works_at", "works_at"]
        # the first workspace is as it was, and a second restore into the other one adds nothing
        assert (
            len(httpx.get(f"{url}/v1/memories", headers=bearer(stack.admin_key), timeout=60).json()["items"])
            == 1
        )
        again = _import(url, other, body)
        assert _counts(again) == (0, 2, []) and again["graph"]["entities"] == again["graph"]["edges"] == 0


def _cli(db: str, *args: str, user: str, workspace: str = "default", stdin: bytes) -> Any:
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_WORKSPACE": workspace, "MEMLANE_USER": user}
    out = invoke([*args, "--db", db, "--embedder", "none", "--json"], input=stdin, environ=env, text=False)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_cli_restore_as_another_user_and_into_another_workspace(stack: Stack, db_path: Path | str) -> None:
    with running(stack.app()) as url:
        lines = _alices_export(stack, url)
    db = str(db_path)
    crafted = _cli(db, "memory", "import", "-", "--from", "memlane", user="bob",
                   stdin=_as_bobs(lines, fresh_ids=False))  # fmt: skip
    assert _counts(crafted) == (2, 0, [])
    moved = _cli(db, "memory", "import", "-", "--from", "memlane", user="alice", workspace="other",
                 stdin="\n".join(lines).encode())  # fmt: skip
    assert _counts(moved) == (2, 0, []) and moved["graph"]["edges"] == 2
    listed = _cli(db, "memory", "list", user="alice", workspace="other", stdin=b"")
    assert [m["id"] for m in listed] == [moved["remapped"][_current_id(lines)]]
