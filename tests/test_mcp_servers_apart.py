"""Two MCP servers in one process, over two memlanes: each server's tools act on its own memlane (a tool is
built once per process and each server's copy calls that server's service: ``memlane.mcp_server._tool``),
with the same published schema."""

from __future__ import annotations

from pathlib import Path

import anyio

from servers import make_stack, running
from test_mcp import call, http_session


def test_each_server_stores_and_recalls_in_its_own_memlane(tmp_path: Path) -> None:
    north, south = make_stack(tmp_path / "north.db"), make_stack(tmp_path / "south.db")
    try:

        async def main(north_url: str, south_url: str) -> None:
            async with (
                http_session(north_url, north.admin_key) as n,
                http_session(south_url, south.admin_key) as s,
            ):
                await call(n, "memory_store", content="The north office keeps its keys in the blue drawer")
                await call(s, "memory_store", content="The south office keeps its keys in the red box")
                north_hits = await call(n, "memory_recall", query="where are the office keys kept")
                south_hits = await call(s, "memory_recall", query="where are the office keys kept")
                assert [h["content"] for h in north_hits["hits"]] == [
                    "The north office keeps its keys in the blue drawer"
                ]
                assert [h["content"] for h in south_hits["hits"]] == [
                    "The south office keeps its keys in the red box"
                ]
                north_tools = {t.name: t.input_schema for t in (await n.list_tools()).tools}
                south_tools = {t.name: t.input_schema for t in (await s.list_tools()).tools}
                assert north_tools == south_tools and "memory_store" in north_tools

        with running(north.app()) as north_url, running(south.app()) as south_url:
            anyio.run(main, north_url, south_url)
        assert [m.content for m in north.mem.list_recent()] == [
            "The north office keeps its keys in the blue drawer"
        ]
        assert [m.content for m in south.mem.list_recent()] == [
            "The south office keeps its keys in the red box"
        ]
    finally:
        north.mem.close()
        south.mem.close()
