"""The MCP server through the official SDK's real client, over both transports: stdio (``memlane mcp`` in
a subprocess) and streamable HTTP (``/mcp`` of a real uvicorn server on loopback)."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from memlane.mcp_server import TOOLS
from servers import Stack, bearer, make_stack, running

Connect = Callable[..., Any]


@asynccontextmanager
async def stdio_session(db: Path, client: str = "claude-desktop", user: str = "alice",
                        **env_vars: str) -> AsyncIterator[ClientSession]:  # fmt: skip
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": user,
           **env_vars}  # fmt: skip
    params = StdioServerParameters(command=sys.executable, args=["-m", "memlane.cli", "mcp"], env=env)
    async with (
        stdio_client(params) as (read, write),
        ClientSession(read, write, client_info=types.Implementation(name=client, version="1.0")) as session,
    ):
        await session.initialize()
        yield session


@asynccontextmanager
async def http_session(
    url: str, key: str, client: str = "cursor", user: str | None = None
) -> AsyncIterator[ClientSession]:
    async with (
        create_mcp_http_client(headers=bearer(key, user)) as http,
        streamable_http_client(f"{url}/mcp", http_client=http) as streams,
        ClientSession(
            streams[0], streams[1], client_info=types.Implementation(name=client, version="1.0")
        ) as session,
    ):
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content


async def error_of(session: ClientSession, tool: str, **arguments: Any) -> str:
    result = await session.call_tool(tool, arguments)
    assert result.is_error
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


async def exercise_every_tool(session: ClientSession, client: str) -> None:
    """The six tools, end to end, the same on both transports."""
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert tuple(tools) == TOOLS
    store_doc = tools["memory_store"].description or ""
    for hint in ("preference", "decision", "transient", "secret", "similar", "replaces"):
        assert hint in store_doc.lower(), hint

    red = await call(session, "memory_store", content="Dr. Okafor prescribed the red inhaler")
    assert red["status"] == "stored"
    blue = await call(session, "memory_store", content="Dr. Okafor prescribed the blue inhaler", type="fact")
    assert blue["superseded"] == [{"id": red["id"], "content": "Dr. Okafor prescribed the red inhaler"}]
    figs = await call(session, "memory_store", content="Ana likes figs", space="s")
    plums = await call(session, "memory_store", content="Ana likes plums too", space="s")
    assert plums["superseded"] == [] and [s["id"] for s in plums["similar"]] == [figs["id"]]
    tea = await call(session, "memory_store", content="Ana prefers green tea", type="preference",
                     source="onboarding-form")  # fmt: skip

    hits = (await call(session, "memory_recall", query="what did Dr. Okafor prescribe"))["hits"]
    assert [h["id"] for h in hits] == [blue["id"]]
    assert hits[0]["source"] == client  # no explicit source: the client's name from its handshake
    assert (await call(session, "memory_recall", query="green tea"))["hits"][0]["source"] == "onboarding-form"
    both = (await call(session, "memory_recall", query="inhaler", include_history=True))["hits"]
    assert {h["id"] for h in both} == {red["id"], blue["id"]}
    prefs = (await call(session, "memory_search", query="tea inhaler", types=["preference"]))["hits"]
    assert [h["id"] for h in prefs] == [tea["id"]]
    recent = (await call(session, "memory_list_recent", limit=2))["items"]
    assert [m["id"] for m in recent] == [tea["id"], blue["id"]]
    versions = (await call(session, "memory_history", memory_id=blue["id"]))["versions"]
    assert [v["id"] for v in versions] == [red["id"], blue["id"]]

    preview = await call(session, "memory_forget", query="inhaler", dry_run=True)
    assert preview["dry_run"] is True and set(preview["deleted"]) == {red["id"], blue["id"]}
    assert set((await call(session, "memory_forget", memory_id=red["id"]))["deleted"]) == {
        red["id"],
        blue["id"],
    }
    assert (await call(session, "memory_recall", query="inhaler"))["hits"] == []

    assert "secret_refused" in await error_of(
        session, "memory_store", content="my password is hunter2hunter2"
    )
    assert "unknown_memory" in await error_of(session, "memory_history", memory_id="nope")
    assert "invalid_input" in await error_of(session, "memory_forget")
    assert await error_of(session, "memory_store", content="x", type="gossip")  # schema-checked by the SDK


def test_stdio_transport(tmp_path: Path) -> None:
    async def main() -> None:
        async with stdio_session(tmp_path / "mcp.db") as session:
            await exercise_every_tool(session, "claude-desktop")

    anyio.run(main)


@pytest.fixture
def stack(tmp_path: Path):
    s = make_stack(tmp_path / "mcp-http.db")
    yield s
    s.mem.close()


def test_streamable_http_transport(stack: Stack) -> None:
    async def main(url: str) -> None:
        async with http_session(url, stack.admin_key, client="cursor") as session:
            await exercise_every_tool(session, "cursor")

    with running(stack.app()) as url:
        anyio.run(main, url)
    stored = stack.mem.list_recent(limit=5)
    assert [m.content for m in stored] == ["Ana prefers green tea"]  # the same database, as alice


def test_http_tools_act_as_the_keys_user_and_follow_team_changes(stack: Stack) -> None:
    stack.access.create_team("default", "eng")
    stack.access.add_member("default", "eng", "bob")
    team_item = stack.mem.service.store(
        "The Falcon staging DB is db-7", actor=stack.access.local_actor("bob"), owner="team:eng"
    )
    bob_key = stack.key(user="bob")
    service_key = stack.key()  # unbound: names its user per request

    async def main(url: str) -> None:
        async with http_session(url, bob_key) as session:
            hits = (await call(session, "memory_recall", query="Falcon staging"))["hits"]
            assert [h["id"] for h in hits] == [team_item.id]
            stack.access.remove_member("default", "eng", "bob")  # mid-session
            assert (await call(session, "memory_recall", query="Falcon staging"))["hits"] == []
            mine = await call(session, "memory_store", content="bob prefers window seats")
            assert stack.mem.get(mine["id"], user="bob").owner == "user:bob"
            # a team's memory needs membership, which bob just lost
            refused = await error_of(
                session, "memory_store", content="Falcon deploys on Fridays", owner="team:eng"
            )
            assert "forbidden: owner: bob is not a member of team 'eng'" in refused
            stack.access.add_member("default", "eng", "bob")
            shared = await call(
                session, "memory_store", content="Falcon deploys on Fridays", owner="team:eng"
            )
            stored = stack.mem.get(shared["id"], user="bob")
            assert (stored.owner, stored.visibility) == ("team:eng", "shared")
            assert "invalid_input" in await error_of(
                session, "memory_store", content="Falcon has a pager rota", owner="someone"
            )
        async with http_session(url, service_key, user="carol") as session:
            stored = await call(session, "memory_store", content="carol drinks oat milk")
            assert stack.mem.get(stored["id"], user="carol").source == "cursor"
            stack.access.set_opted_out("default", "carol", True)
            assert "opted_out" in await error_of(session, "memory_store", content="carol likes jazz")
            assert (await call(session, "memory_recall", query="oat milk"))["hits"] == []

    with running(stack.app()) as url:
        anyio.run(main, url)


def test_http_refuses_bad_keys_before_any_session(stack: Stack) -> None:
    with running(stack.app()) as url:
        body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
        for headers in ({}, bearer("ml_not-a-key"), bearer(stack.admin_key.replace("ml_", "xx_"))):
            r = httpx.post(f"{url}/mcp", json=body, headers=headers)
            assert r.status_code == 401 and r.json()["error"]["data"]["code"] == "unauthorized"
        r = httpx.post(f"{url}/mcp", json=body, headers=bearer(stack.key()))  # unbound, no user named
        assert r.status_code == 422 and "X-Memlane-User" in r.json()["error"]["message"]
