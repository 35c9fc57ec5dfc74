"""A user whose name is not ASCII is the same user over HTTP as on the database: ``X-Memlane-User`` is read
as UTF-8 by the REST API and MCP, and the remote SDK sends it so. Before the fix the server read the
header's bytes as Latin-1, so a platform acting for "zoé" got a new user "zoÃ©" (who held what it
stored, while zoé's memories stayed out of reach), and the remote SDK raised UnicodeEncodeError."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import mcp.types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from memlane import Memlane
from servers import make_stack, running

ZOE = "zo\u00e9"  # (NFC)


def test_a_user_named_in_utf8_is_that_user(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "m.db")
    stack.mem.store("Zoé drinks rooibos", user=ZOE)
    key = stack.key()  # bound to nobody: names the user in each request
    with running(stack.app()) as url:
        auth = (b"Authorization", f"Bearer {key}".encode())
        with httpx.Client(base_url=url) as client:
            me = client.get("/v1/me", headers=[auth, (b"X-Memlane-User", ZOE.encode())])
            assert me.status_code == 200 and me.json()["user"] == ZOE
            latin1 = client.get("/v1/me", headers=[auth, (b"X-Memlane-User", ZOE.encode("latin-1"))])
            assert latin1.status_code == 422 and latin1.json()["error"]["code"] == "invalid_input"
        remote = Memlane.connect(url, api_key=key, user=ZOE)
        assert [m.content for m in remote.list_recent()] == ["Zoé drinks rooibos"]
        remote.store("Zoé walks to work")
        remote.close()

        async def over_mcp() -> list[str]:
            headers = {b"Authorization": f"Bearer {key}".encode(), b"X-Memlane-User": ZOE.encode()}
            async with (
                create_mcp_http_client(headers=headers) as http,  # type: ignore[arg-type]
                streamable_http_client(f"{url}/mcp", http_client=http) as streams,
                ClientSession(
                    streams[0], streams[1], client_info=types.Implementation(name="t", version="1")
                ) as session,
            ):
                await session.initialize()
                result = await session.call_tool("memory_list_recent", {})
                assert result.structured_content is not None
                return [m["content"] for m in result.structured_content["items"]]

        assert sorted(asyncio.run(over_mcp())) == ["Zoé drinks rooibos", "Zoé walks to work"]
    assert sorted(m.content for m in stack.mem.list_recent(user=ZOE)) == [
        "Zoé drinks rooibos",
        "Zoé walks to work",
    ]
    stack.mem.close()
