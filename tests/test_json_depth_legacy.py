"""A document an older memlane stored nested deeper than ``limits.MAX_JSON_DEPTH`` (a store refuses it
now, ``tests/test_json_depth.py``) reads cut at the bound, each list or object past it read as
``memory_rows.CUT_DEEP``: before, one such row (past 255 levels) failed the whole export and every REST
page holding it ("Circular reference detected"), for every reader. The row is written past the service,
as an older memlane left it. Both backends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from backends import is_postgres, rows
from memlane.limits import MAX_JSON_DEPTH
from memlane.storage.memory_rows import CUT_DEEP
from servers import bearer, make_stack, running
from test_json_depth import nested, nested_text


def _depth(value: Any) -> int:
    return 1 + max((_depth(v) for v in (value.values() if isinstance(value, dict) else value)), default=0) \
        if isinstance(value, dict | list) else 0  # fmt: skip


def test_a_legacy_row_too_deep_reads_cut_and_fails_no_page(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    mem = stack.mem
    try:
        deep = mem.store("The legacy config", data={"ok": 1}, provenance={"tool": "old"})
        other = mem.store("Another memory on the same page")
        a = mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Dana Whitfield"})
        b = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Ana Lopez"})
        mem.entities.relate(a.id, "knows", b.id, provenance={"tool": "old"})
        mem.conversations.append("c1", [{"role": "tool", "tool": "crm", "text": "x", "result": {"ok": 1}}])
        text = nested_text(300).replace("'", "''")
        for sql in (
            f"UPDATE memories SET data = '{text}', provenance = '{text}' WHERE id = '{deep.id}'",
            f"UPDATE entity_edges SET provenance = '{text}'",
            f"UPDATE conversation_messages SET result = '{text}'",
        ):
            rows(db_path, sql + (" RETURNING 1" if is_postgres(db_path) else ""))
        got = mem.get(deep.id)
        assert _depth(got.data) == MAX_JSON_DEPTH and _depth(got.provenance) == MAX_JSON_DEPTH
        assert json.dumps(got.data).count(json.dumps(CUT_DEEP)) == 1
        assert _depth(mem.entities.edges(a.id)[0].provenance) == MAX_JSON_DEPTH
        assert _depth(mem.conversations.show("c1")[0].result) == MAX_JSON_DEPTH
        lines = [json.loads(line) for line in mem.export()]  # (before: the export failed)
        assert {x["memory"]["id"] for x in lines if "memory" in x} == {deep.id, other.id}
        with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http:
            page = http.get("/v1/memories")
            assert page.status_code == 200 and {x["id"] for x in page.json()["items"]} == {deep.id, other.id}
            one = http.get(f"/v1/memories/{deep.id}")
            assert one.status_code == 200 and one.json()["data"] == got.data
        # what reads back can be written again (the export restores; a new version keeps the cut data)
        assert mem.store("The legacy config, again", data=got.data).id
        assert nested(MAX_JSON_DEPTH)  # (the bound itself reads back whole: tests/test_json_depth.py)
    finally:
        mem.close()
