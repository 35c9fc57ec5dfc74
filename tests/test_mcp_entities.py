"""``entity_lookup`` through the official MCP SDK's real client, over stdio (``memlane mcp`` in a
subprocess) and streamable HTTP (a real server on loopback): "what do you know about X"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp import ClientSession

from memlane import Memlane
from servers import make_stack, running
from test_mcp import call, error_of, http_session, stdio_session


def seed(mem: Memlane, user: str = "alice") -> dict[str, str]:
    bob = mem.anchor({"kind": "contact", "system": "hubspot", "id": "7", "name": "Robert Smith",
                      "email": "bob@acme.com", "company": "Acme Corp"}, user=user)  # fmt: skip
    q3 = mem.store("Bob Smith asked for the Q3 numbers", user=user)
    renewal = mem.store("Acme Corp signed the renewal", user=user)
    mem.anchor(
        {"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "email": "ana@a.io"}, user=user
    )
    mem.anchor(
        {"kind": "contact", "system": "crm", "id": "2", "name": "Ana Lopez", "email": "ana@b.io"}, user=user
    )
    return {"bob": bob.id, "q3": q3.id, "renewal": renewal.id}


async def exercise(session: ClientSession, ids: dict[str, str]) -> None:
    tools = {t.name: t for t in (await session.list_tools()).tools}
    lookup_tool = tools["entity_lookup"]
    assert lookup_tool.annotations is not None and lookup_tool.annotations.read_only_hint is True
    assert {"query", "entity_id", "type", "hops", "limit"} == set(lookup_tool.input_schema["properties"])
    assert {"query", "found", "candidates"} <= set((lookup_tool.output_schema or {})["properties"])

    found = await call(session, "entity_lookup", query="bob smith")
    assert found["found"]["entity"]["id"] == ids["bob"]
    assert [(m["distance"], m["memory"]["id"]) for m in found["found"]["memories"]] == [
        (0, ids["q3"]), (1, ids["renewal"])
    ]  # fmt: skip
    assert [e["name"] for e in found["found"]["related"]] == ["Acme Corp"]
    result = await session.call_tool("entity_lookup", {"query": "bob@acme.com", "hops": 0})
    lines = [json.loads(line) for c in result.content if isinstance(c, types.TextContent)
             for line in c.text.splitlines()]  # fmt: skip
    assert (
        lines[0]["entity"]["name"] == "Robert Smith"
        and "email:bob@acme.com" in lines[0]["entity"]["external_ids"]
    )
    assert {"from": "Robert Smith", "relation": "works_at", "to": "Acme Corp"} in lines
    assert [line["content"] for line in lines if "content" in line] == ["Bob Smith asked for the Q3 numbers"]

    ambiguous = await call(session, "entity_lookup", query="Ana Lopez")
    assert ambiguous["found"] is None and len(ambiguous["candidates"]) == 2
    picked = ambiguous["candidates"][1]["id"]
    by_id = await call(session, "entity_lookup", entity_id=picked)
    assert by_id["found"]["entity"]["id"] == picked
    none = await session.call_tool("entity_lookup", {"query": "Nobody Known"})
    assert not none.is_error and "no entity known as 'Nobody Known'" in none.content[0].text  # type: ignore[union-attr]

    assert "invalid_input" in await error_of(session, "entity_lookup")
    assert "invalid_input" in await error_of(session, "entity_lookup", query="Ana", entity_id=picked)
    assert "not_found" in await error_of(session, "entity_lookup", entity_id="no-such-entity")
    assert "invalid_input" in await error_of(session, "entity_lookup", query="Ana", hops=2)


def test_entity_lookup_over_stdio(tmp_path: Path) -> None:
    db = tmp_path / "stdio.db"
    with Memlane(db, user="alice", embedder="none") as mem:
        ids = seed(mem)

    async def main() -> None:
        async with stdio_session(db) as session:
            await exercise(session, ids)

    anyio.run(main)


def test_entity_lookup_over_http_sees_only_what_the_key_may_read(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "http.db")
    ids = seed(stack.mem)
    stack.mem.store("Robert Smith owes me fifty euros", user="carol")  # carol's personal entity and memory

    async def main(url: str) -> None:
        async with http_session(url, stack.key(user="alice")) as session:
            await exercise(session, ids)
        async with http_session(url, stack.key(user="carol")) as session:
            mine: Any = await call(session, "entity_lookup", query="Robert Smith")
            assert mine["found"]["entity"]["id"] != ids["bob"]  # alice's personal entity is not carol's
            assert [m["memory"]["content"] for m in mine["found"]["memories"]] == [
                "Robert Smith owes me fifty euros"
            ]
            assert "not_found" in await error_of(session, "entity_lookup", entity_id=ids["bob"])

    with running(stack.app()) as url:
        anyio.run(main, url)
    stack.mem.close()
