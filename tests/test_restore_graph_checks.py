"""Restoring the entity graph of memlane's export checks what the file says as a change through the
service would be checked (``transfer_graph``), through REST on a loopback server, both backends.

Before the fix:
- an entity line of a type memlane does not know (``"type": "dragon"``) was stored as it was; every
  later store, recall and entity search that met its name in that scope then failed with
  ``ValueError: 'dragon' is not a valid EntityType`` (a 500), for every user of a shared scope;
- a merge record kept the ``actor`` its file named: bob restored a merge that read "merged by carol";
- a merge whose snapshot lacked a part (``{}``) was restored, and undoing it failed with a KeyError
  (a 500), its entities merged for good.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx

from servers import Stack, bearer, running


def _export(stack: Stack, url: str) -> list[str]:
    """alice's workspace memories about Dana Reyes and Yaw Boateng, Yaw merged into Dana, exported."""
    mem = stack.mem
    mem.store("Dana Reyes asked for the Q3 invoice.", subject="Dana Reyes", visibility="shared")
    mem.store("Yaw Boateng prefers morning meetings.", subject="Yaw Boateng", visibility="shared")
    people = {e.name: e.id for e in mem.entities.list(limit=100)}
    mem.entities.merge(people["Dana Reyes"], people["Yaw Boateng"])
    r = httpx.get(f"{url}/v1/memory/export", headers=bearer(stack.admin_key), timeout=60)
    assert r.status_code == 200
    return r.text.splitlines()


def _restore(url: str, headers: dict[str, str], lines: list[str]) -> dict[str, Any]:
    files = {"file": ("export.jsonl", "\n".join(lines).encode(), "application/x-ndjson")}
    r = httpx.post(
        f"{url}/v1/memory/import", headers=headers, files=files, data={"format": "memlane"}, timeout=60
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def _with(lines: list[str], kind: str, **changes: Any) -> list[str]:
    """``lines`` with ``changes`` made to every line of ``kind``."""
    out = []
    for line in lines:
        row = json.loads(line)
        out.append(json.dumps({kind: row[kind] | changes}) if kind in row else line)
    return out


def _merged_by(url: str, headers: dict[str, str]) -> list[str]:
    r = httpx.get(f"{url}/v1/entities/merges", headers=headers, timeout=60)
    assert r.status_code == 200, r.text
    return [m["by"] for m in r.json()["items"]]


def test_an_entity_of_an_unknown_type_is_listed_and_breaks_nothing(stack: Stack) -> None:
    bob = bearer(stack.key(workspace="w2", user="bob"))
    with running(stack.app()) as url:
        lines = _export(stack, url)
        (dana,) = [
            json.loads(x)["entity"] for x in lines if '"Dana Reyes"' in x and x.startswith('{"entity"')
        ]
        dragon = dana | {"id": str(uuid.uuid4()), "name": "Zed Quill", "type": "dragon", "merged_into": None,
                         "keys": [k.replace("dana reyes", "zed quill") for k in dana["keys"]],
                         "aliases": [], "external_ids": []}  # fmt: skip
        result = _restore(url, bob, [*lines, json.dumps({"entity": dragon})])
        ((problem,),) = [[x for x in result["skipped_invalid"] if x["id"] == dragon["id"]]]
        assert "type" in problem["reason"] and "'person'" in problem["reason"]
        assert result["imported"] == 2 and result["graph"]["entities"] == 2 and result["graph"]["merges"] == 1
        names = httpx.get(f"{url}/v1/entities", headers=bob, params={"limit": 100}, timeout=60).json()
        assert "Zed Quill" not in {e["name"] for e in names["items"]}
        # the scope works: a store, a recall and a search that meet the name
        r = httpx.post(f"{url}/v1/memories", headers=bob, timeout=60,
                       json={"content": "Zed Quill joined the billing team.", "visibility": "shared"})  # fmt: skip
        assert r.status_code in (200, 201), r.text
        r = httpx.post(f"{url}/v1/recall", headers=bob, json={"query": "Zed Quill"}, timeout=60)
        assert r.status_code == 200, r.text
        r = httpx.get(f"{url}/v1/entities/search", headers=bob, params={"q": "Zed Quill"}, timeout=60)
        assert r.status_code == 200, r.text


def test_a_restored_merge_names_its_restorer_unless_the_key_may_act_for_anyone(stack: Stack) -> None:
    bob = bearer(stack.key(workspace="w2", user="bob"))
    admin = bearer(stack.key(workspace="w3", user="bob", admin=True))
    with running(stack.app()) as url:
        lines = _with(_export(stack, url), "merge", actor="user:carol")
        assert _restore(url, bob, lines)["graph"]["merges"] == 1
        assert _merged_by(url, bob) == ["user:bob"]
        # an admin key may act for any user: the user its file names is kept, but only a user's name
        assert _restore(url, admin, lines)["graph"]["merges"] == 1
        assert _merged_by(url, admin) == ["user:carol"]
        forged = _with(lines, "merge", actor="team:ops")
        assert (
            _restore(url, bearer(stack.key(workspace="w4", admin=True, user="bob")), forged)["graph"][
                "merges"
            ]
            == 1
        )
        assert _merged_by(url, bearer(stack.key(workspace="w4", user="bob"))) == ["user:bob"]


def test_a_merge_without_its_parts_restores_an_undoable_merge_or_is_listed(stack: Stack) -> None:
    bob = bearer(stack.key(workspace="w2", user="bob"))
    with running(stack.app()) as url:
        lines = _export(stack, url)
        broken = _with(lines, "merge", snapshot={"added_edges": "e1", "links": [["m", "owner"]]})
        result = _restore(url, bearer(stack.key(workspace="w5", user="bob")), broken)
        ((problem,),) = [[x for x in result["skipped_invalid"] if "snapshot" in x["reason"]]]
        assert result["graph"]["merges"] == 0 and problem["reason"].startswith("merge: ")
        result = _restore(url, bob, _with(lines, "merge", snapshot={}))
        assert result["graph"]["merges"] == 1
        r = httpx.get(f"{url}/v1/entities/merges", headers=bob, timeout=60)
        (merge,) = r.json()["items"]
        r = httpx.post(f"{url}/v1/entities/unmerge", headers=bob, json={"merge_id": merge["merge"]["id"]},
                       timeout=60)  # fmt: skip
        assert r.status_code == 200, r.text
        names = httpx.get(f"{url}/v1/entities", headers=bob, params={"limit": 100}, timeout=60).json()
        assert {"Dana Reyes", "Yaw Boateng"} <= {e["name"] for e in names["items"]}
