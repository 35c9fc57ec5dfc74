"""What clients other than the ones memlane was built with send (the red-team pass): the official MCP SDK
client with odd handshakes and arguments."""

from __future__ import annotations

from pathlib import Path

import anyio

from memlane import Memlane
from test_mcp import call, stdio_session


def test_a_client_name_with_control_characters_is_stamped_without_them(tmp_path: Path) -> None:
    """The client's name is memlane's default source, not the caller's input: a NUL in it made every
    store without a source fail ('source: the NUL character cannot be stored'), and line breaks and a bidi
    override were stored as the memory's source."""
    db = tmp_path / "m.db"

    async def go() -> None:
        async with stdio_session(db, client="Zed\x00 Editor\u202e\r\n  nightly\t") as session:
            stored = await call(session, "memory_store", content="Ana prefers window seats on long flights")
            assert stored["status"] == "stored"
        async with stdio_session(db, client="\u200b\x07 ") as session:  # nothing printable: no name
            await call(session, "memory_store", content="Boris takes the night train to Vienna")

    anyio.run(go)
    with Memlane(db, user="alice", embedder="none") as m:
        sources = {x.content: x.source for x in m.list_recent(limit=10)}
    assert sources == {
        "Ana prefers window seats on long flights": "Zed Editor nightly",
        "Boris takes the night train to Vienna": "unknown",
    }
