"""An enum value of no kind (a memory's type or visibility, a search's types or states) and an over-long
question are refused in one message on every surface: the service's. The MCP server checked them
itself from its schema (``type: must be one of fact, …``, ``query: must be a string of at most 10,000
characters``) and the REST API refused a type of no text as ``type: must be a string``, where the SDKs
say ``type: must be one of 'fact', …`` and ``query: at most 10,000 characters``. The schemas still
declare the choices and the bound; nothing is stored by a refused call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import bearer, make_stack, running
from test_mcp import stdio_session

LONG = "x" * 10_001
EXCHANGE = [{"role": "user", "text": "I always drink green tea"}]
#: (the SDK's method, the REST path, the MCP tool, the arguments)
CASES: list[tuple[str, str | None, str, dict[str, Any]]] = [
    *(("store", "/v1/memories", "memory_store", {"content": "Ana keeps goats", "type": v})
      for v in ("gossip", 5, [], {}, True)),
    *(("store", "/v1/memories", "memory_store", {"content": "Ana keeps goats", "visibility": v})
      for v in ("public", 5)),
    ("recall", "/v1/recall", "memory_recall", {"query": LONG}),
    ("search", "/v1/search", "memory_search", {"query": LONG}),
    ("forget", "/v1/forget", "memory_forget", {"query": LONG}),
    ("forget", "/v1/forget", "memory_forget", {"query": ""}),  # MCP said "query: must not be empty"
    ("search", "/v1/search", "memory_search", {"query": "goats", "types": ["gossip"]}),
    ("search", "/v1/search", "memory_search", {"query": "goats", "types": [5]}),
    ("search", "/v1/search", "memory_search", {"query": "goats", "states": ["gone"]}),
    ("list_recent", None, "memory_list_recent", {"types": ["gossip"]}),
    # a source over its bound: MCP said "sources: must be a list, each a string of at most 200 characters"
    ("search", "/v1/search", "memory_search", {"query": "goats", "sources": ["cli", "s" * 201]}),
    # an extraction's mode and ceiling said "mode: 'chat' or 'agent', not 'gossip'" to the SDK, MCP
    # "mode: must be one of chat, agent"; its instructions "a string of at most 10,000 characters"
    *(("extract", "/v1/extract", "memory_extract", {"messages": EXCHANGE, **bad})
      for bad in ({"mode": "gossip"}, {"mode": 5}, {"ceiling": "public"}, {"instructions": "i" * 10_001})),
]  # fmt: skip


def test_one_message_on_every_surface(tmp_path: Path) -> None:
    db = tmp_path / "words.db"
    stack = make_stack(db)
    embedded = []
    for method, _, _, arguments in CASES:
        with pytest.raises(InvalidInput) as refused:
            getattr(stack.mem, method)(**arguments)
        embedded.append(str(refused.value))
    assert embedded[1] == (
        "type: must be one of 'fact', 'preference', 'procedure', 'episode', 'decision', 'relationship',"
        " 'observation' or 'generic'"
    )
    assert embedded[7] == "query: at most 10,000 characters"
    assert embedded[12].startswith("types: 5 is not one of fact, ")
    assert embedded[16:19] == [
        "mode: must be one of 'chat' or 'agent'", "mode: must be one of 'chat' or 'agent'",
        "ceiling: must be one of 'personal' or 'shared'",
    ]  # fmt: skip
    with running(stack.app()) as url:
        for (_, path, _, arguments), said in zip(CASES, embedded, strict=True):
            if path is not None:
                r = httpx.post(f"{url}{path}", json=arguments, headers=bearer(stack.admin_key), timeout=120)
                assert (r.status_code, r.json()["error"]) == (422, {"code": "invalid_input", "message": said})
        body = httpx.get(f"{url}/openapi.json", timeout=120).json()["components"]["schemas"]["StoreBody"]
    assert "gossip" not in body["properties"]["type"]["enum"] and "fact" in body["properties"]["type"]["enum"]
    stack.mem.close()

    async def over_mcp() -> None:
        async with stdio_session(db) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            store = tools["memory_store"].input_schema["properties"]
            assert store["type"]["enum"][0] == "fact" and store["visibility"]["enum"] == [
                "personal",
                "shared",
            ]
            assert tools["memory_recall"].input_schema["properties"]["query"]["maxLength"] == 10_000
            search = tools["memory_search"].input_schema["properties"]
            assert search["states"]["items"]["enum"] == ["new", "indexed", "archived"]
            for (_, _, tool, arguments), said in zip(CASES, embedded, strict=True):
                result = await session.call_tool(tool, arguments)
                assert result.is_error
                assert "".join(getattr(c, "text", "") for c in result.content) == f"invalid_input: {said}"
            blank = await session.call_tool("memory_forget", {"memory_id": ""})  # said "must not be empty"
            assert (
                "".join(getattr(c, "text", "") for c in blank.content)
                == "invalid_input: memory_id: an id is required"
            )

    anyio.run(over_mcp)
    with Memlane(db, user="alice", embedder="none") as mem:
        assert mem.list_recent() == []
