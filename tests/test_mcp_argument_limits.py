"""Every MCP tool declares the limits the REST API has (maxLength on each string, maxItems on each list),
through the official MCP SDK client over stdio; an overlong value is refused as invalid_input with
nothing stored, and the subject's limit holds on every surface (one rule in the store request)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from memlane import InvalidInput, Memlane
from test_mcp import error_of, stdio_session

#: lists whose items are bounded otherwise (one exchange's messages: the extraction's own limits)
_UNBOUNDED_LISTS = {("memory_extract", "messages")}


def _unbounded(tool: str, name: str, schema: dict[str, Any]) -> list[str]:
    found = []
    if schema.get("type") == "string" and "maxLength" not in schema and "enum" not in schema:
        found.append(f"{tool}.{name}")
    if schema.get("type") == "array" and (tool, name) not in _UNBOUNDED_LISTS:
        if "maxItems" not in schema:
            found.append(f"{tool}.{name}[]")
        found += _unbounded(tool, f"{name} item", schema.get("items", {}))
    return found


def test_every_tool_argument_is_bounded_and_enforced(tmp_path: Path) -> None:
    db = tmp_path / "limits.db"
    Memlane(db, user="alice", embedder="none").close()

    async def main() -> None:
        async with stdio_session(db) as session:
            tools = (await session.list_tools()).tools
            assert {"entity_lookup", "entity_relate", "memory_store"} <= {t.name for t in tools}
            loose = [
                p
                for t in tools
                for n, s in t.input_schema["properties"].items()
                for p in _unbounded(t.name, n, s)
            ]
            assert loose == []
            assert "invalid_input" in await error_of(
                session, "memory_store", content="hi there", subject="x" * 501
            )
            assert "invalid_input" in await error_of(session, "memory_search", query="hi", sources=["s"] * 51)
            assert "invalid_input" in await error_of(session, "memory_history", memory_id="x" * 201)

    anyio.run(main)
    with Memlane(db, user="alice", embedder="none") as mem:
        assert mem.list_recent() == []


def test_a_subject_has_the_same_limit_on_every_surface(mem: Memlane) -> None:
    for subject in ("x" * 501, {"name": "y" * 501}, {"name": "ok", "id": "z" * 501}):
        with pytest.raises(InvalidInput, match="subject: at most 500 characters"):
            mem.store("the launch moved to May", subject=subject)
    assert mem.store("the launch moved to May", subject="x" * 500).status == "stored"
    assert [m.content for m in mem.list_recent()] == ["the launch moved to May"]
