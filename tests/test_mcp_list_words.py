"""``memory_list_recent`` whose arguments (``types``, ``offset``, ``space``) leave nothing told the model
"nothing stored", as if the user's memory were empty; it says that the arguments matched nothing, and
"nothing stored" only when nothing is (in process: ``build_mcp_server`` with the local user's actor)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import mcp.types as types

from memlane.mcp_server import build_mcp_server, local_actor_resolver
from servers import make_stack


def test_a_list_its_arguments_empty_does_not_say_nothing_is_stored(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "list.db")
    server = build_mcp_server(stack.mem.service, local_actor_resolver(stack.access, "alice", "default"))

    def text(**arguments: Any) -> str:
        result = anyio.run(server.call_tool, "memory_list_recent", arguments)
        assert isinstance(result, types.CallToolResult) and not result.is_error, result
        return "".join(c.text for c in result.content if isinstance(c, types.TextContent))

    assert text() == "nothing stored"
    stack.mem.store("Ana prefers green tea")
    for arguments in ({"types": ["decision"]}, {"offset": 5}, {"space": "work"}):
        assert text(**arguments) == "no memory matches these arguments (offset, types, space)", arguments
    assert "Ana prefers green tea" in text()
