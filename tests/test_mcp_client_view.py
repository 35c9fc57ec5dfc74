"""The MCP server as a model and a foreign client see it, through the official SDK's real client over
stdio (``memlane mcp`` in a subprocess) and streamable HTTP (a real server on loopback): what the tool
list declares, how bad calls fail, what a recall result costs a model's context, and how HTTP refuses.

The stdio scenarios share one ``memlane mcp`` process (``stdio``: a process start-up is ~2 s of CPU, its
imports and warm-up); each HTTP scenario gets a server and database of its own."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import anyio
import anyio.from_thread
import httpx
import jsonschema
import mcp.types as types
import pytest
from mcp import ClientSession
from mcp.shared.exceptions import MCPError

from memlane.mcp_server import TOOLS
from servers import Stack, bearer, make_stack, running
from test_mcp import call, http_session, stdio_session

Scenario = Callable[[ClientSession], Awaitable[None]]
Stdio = tuple[anyio.from_thread.BlockingPortal, ClientSession]

#: the tests of this module run on one xdist worker, so ``stdio`` starts once
pytestmark = pytest.mark.xdist_group("mcp_client_view")


@pytest.fixture(scope="module")
def stdio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stdio]:
    """One ``memlane mcp`` session over stdio for the module's scenarios, held open by an event loop in a
    thread of its own (anyio's blocking portal); a scenario runs in that loop (``portal.call``). No
    scenario depends on what another stored (the one that checks refused calls store nothing compares
    the list before and after)."""
    db = tmp_path_factory.mktemp("mcp-stdio") / "stdio.db"
    with (
        anyio.from_thread.start_blocking_portal() as portal,
        portal.wrap_async_context_manager(stdio_session(db)) as session,
    ):
        yield portal, session


def on_both_transports(stdio: Stdio, tmp_path: Path, scenario: Scenario) -> None:
    """Run ``scenario`` once over stdio and once over streamable HTTP."""

    async def over(session_cm: AbstractAsyncContextManager[ClientSession]) -> None:
        async with session_cm as session:
            await scenario(session)

    portal, session = stdio
    portal.call(scenario, session)
    stack = make_stack(tmp_path / "http.db")
    with running(stack.app()) as url:
        anyio.run(over, http_session(url, stack.admin_key))
    stack.mem.close()


async def tool_error(session: ClientSession, tool: str, arguments: dict[str, Any]) -> str:
    result = await session.call_tool(tool, arguments)
    assert result.is_error, result
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


def test_every_tool_declares_title_annotations_described_parameters_and_its_output(
    stdio: Stdio, tmp_path: Path
) -> None:
    async def scenario(session: ClientSession) -> None:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert tuple(tools) == TOOLS
        for name, tool in tools.items():
            assert tool.title, name
            assert tool.annotations is not None, name
            schema = tool.input_schema
            assert schema["type"] == "object" and schema["additionalProperties"] is False, name
            # Claude's API (and others) refuse a tool whose input schema composes at the top level
            assert not {"oneOf", "anyOf", "allOf"} & schema.keys(), name
            for param, spec in schema["properties"].items():
                assert len(spec.get("description", "")) > 10, f"{name}.{param} is not described"
                assert "anyOf" not in spec, f"{name}.{param}: an optional parameter is just its type"
            out = tool.output_schema
            assert out is not None and out["type"] == "object" and out["properties"], name
        reads = ("memory_recall", "memory_search", "memory_list_recent", "memory_history")
        assert all(tools[n].annotations.read_only_hint is True for n in reads)
        assert tools["memory_forget"].annotations.destructive_hint is True
        assert tools["memory_forget"].annotations.read_only_hint is False
        assert tools["memory_store"].annotations.destructive_hint is False
        assert tools["memory_store"].annotations.idempotent_hint is True  # the same call again: a duplicate
        store_out = tools["memory_store"].output_schema
        assert {"id", "status", "embedded", "superseded"} <= store_out["properties"].keys()
        assert {"id", "status"} <= set(store_out["required"])
        assert tools["memory_recall"].output_schema["properties"]["hits"]["type"] == "array"
        assert "versions" in tools["memory_history"].output_schema["properties"]
        assert "items" in tools["memory_list_recent"].output_schema["properties"]
        assert "deleted" in tools["memory_forget"].output_schema["properties"]
        assert tools["memory_recall"].input_schema["properties"]["limit"] == {
            "type": "integer", "minimum": 1, "maximum": 1000, "default": 10, "description": "How many hits at most."
        }  # fmt: skip

        # "exactly one of memory_id or query" is in the schema, as a validator reads it
        forget = tools["memory_forget"].input_schema
        valid = jsonschema.Draft202012Validator(forget)
        assert valid.is_valid({"memory_id": "0193"}) and valid.is_valid({"query": "inhaler", "dry_run": True})
        assert not valid.is_valid({}) and not valid.is_valid({"memory_id": "0193", "query": "inhaler"})
        assert not valid.is_valid({"memory_id": "0193", "colour": "red"})

    on_both_transports(stdio, tmp_path, scenario)


def test_argument_errors_are_memlane_errors_in_plain_words(stdio: Stdio, tmp_path: Path) -> None:
    limit = "invalid_input: limit: must be an integer between 1 and 1,000"

    async def scenario(session: ClientSession) -> None:
        before = (await call(session, "memory_list_recent"))["items"]
        for bad in (5000, 0, True, "5", 2.5):  # strict: no bool, no numeric strings, no floats for a count
            assert await tool_error(session, "memory_recall", {"query": "tea", "limit": bad}) == limit
        unknown = await tool_error(session, "memory_recall", {"query": "tea", "colour": "red"})
        assert unknown == (
            "invalid_input: colour: not an argument of this tool (its arguments: query, limit, space, include_history, about)"
        )  # fmt: skip
        assert await tool_error(session, "memory_recall", {}) == (
            "invalid_input: query: required, a string of at most 10,000 characters"
        )
        assert await tool_error(session, "memory_search", {"query": "tea", "types": "fact"}) == (
            "invalid_input: types: must be a list, each one of fact, preference, procedure, episode, decision,"
            " relationship, observation, generic"
        )  # fmt: skip
        assert await tool_error(session, "memory_search", {"query": "tea", "min_score": 2}) == (
            "invalid_input: min_score: must be a number between 0 and 1"
        )
        assert await tool_error(session, "memory_store", {"content": "x", "type": "gossip"}) == (
            "invalid_input: type: must be one of 'fact', 'preference', 'procedure', 'episode', 'decision',"
            " 'relationship', 'observation' or 'generic'"
        )  # fmt: skip (the service's words, as over REST: tests/test_mcp_service_words.py)
        both = await tool_error(session, "memory_forget", {"memory_id": "a", "query": "b"})
        assert both.startswith("invalid_input: ")
        assert (await tool_error(session, "memory_history", {"memory_id": "nope"})).startswith(
            "unknown_memory: "
        )
        # nothing was stored by any of the refused calls
        assert (await call(session, "memory_list_recent"))["items"] == before

    on_both_transports(stdio, tmp_path, scenario)


def test_an_unknown_tool_is_a_json_rpc_invalid_params_error(stdio: Stdio, tmp_path: Path) -> None:
    async def scenario(session: ClientSession) -> None:
        with pytest.raises(MCPError) as caught:
            await session.call_tool("memory_delete_everything", {})
        assert caught.value.error.code == types.INVALID_PARAMS
        assert "memory_delete_everything" in caught.value.error.message
        assert "memory_forget" in caught.value.error.message  # says which tools exist

    on_both_transports(stdio, tmp_path, scenario)


def test_recall_text_is_compact_and_the_full_record_is_structured(stdio: Stdio, tmp_path: Path) -> None:
    async def scenario(session: ClientSession) -> None:
        await call(
            session, "memory_store", content="Dr. Okafor prescribed the red inhaler", observed_at="2025-03-01"
        )
        blue = await call(session, "memory_store", content="Dr. Okafor prescribed the blue inhaler",
                          source="chart", observed_at="2025-03-14")  # fmt: skip
        result = await session.call_tool("memory_recall", {"query": "inhaler", "include_history": True})
        assert not result.is_error
        full = result.structured_content["hits"]
        assert len(full) == 2 and {"matched_by", "created_at", "importance", "owner"} <= full[0].keys()
        (text,) = [c.text for c in result.content if isinstance(c, types.TextContent)]
        lines = [json.loads(line) for line in text.splitlines()]
        assert [h["id"] for h in lines] == [h["id"] for h in full]  # the same hits, in the same order
        current = next(h for h in lines if h["id"] == blue["id"])
        assert current == {"id": blue["id"], "content": "Dr. Okafor prescribed the blue inhaler", "type": "fact",
                           "score": round(full[[h["id"] for h in full].index(blue["id"])]["score"], 3),
                           "source": "chart", "date": "2025-03-14"}  # fmt: skip
        older = next(h for h in lines if h["id"] != blue["id"])
        assert older["superseded_by"] == blue["id"]  # a model can tell which one is current
        assert len(text) * 3 < len(json.dumps(result.structured_content))
        empty = await session.call_tool("memory_recall", {"query": "zebra crossing"})
        assert empty.structured_content == {"hits": []}
        assert [c.text for c in empty.content if isinstance(c, types.TextContent)] == ["no memories matched"]
        listed = await session.call_tool("memory_list_recent", {"limit": 5})
        first = json.loads(
            next(c.text for c in listed.content if isinstance(c, types.TextContent)).splitlines()[0]
        )
        assert set(first) == {"id", "content", "type", "source", "date"}

    on_both_transports(stdio, tmp_path, scenario)


# -- HTTP refusals an MCP client can show -------------------------------------------------------------


def _flatten(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [e for inner in exc.exceptions for e in _flatten(inner)]
    return [exc]


async def refusal(session_cm: AbstractAsyncContextManager[ClientSession]) -> MCPError:
    """The MCPError a client gets when it tries to open a session."""
    try:
        async with session_cm:
            pass
    except BaseException as exc:  # noqa: BLE001 - the SDK may wrap it in an exception group
        errors = [e for e in _flatten(exc) if isinstance(e, MCPError)]
        assert errors, exc
        return errors[0]
    raise AssertionError("the session opened")


@pytest.fixture
def stack(tmp_path: Path) -> AsyncIterator[Stack]:
    s = make_stack(tmp_path / "mcp-auth.db")
    yield s
    s.mem.close()


def test_http_refusals_reach_the_client_with_memlanes_message(stack: Stack) -> None:
    unbound = stack.key()
    revoked = stack.access.create_key("default", user="bob")
    stack.access.revoke_key("default", revoked.id)

    async def main(url: str) -> None:
        wrong = await refusal(http_session(url, "ml_not-a-key"))
        assert wrong.error.code == -32001 and wrong.error.message.startswith("unauthorized: ")
        gone = await refusal(http_session(url, revoked.key))
        assert gone.error.message.startswith("unauthorized: ")
        needs_user = await refusal(http_session(url, unbound))
        assert (
            needs_user.error.message.startswith("invalid_input: ")
            and "X-Memlane-User" in needs_user.error.message
        )
        other = await refusal(http_session(url, stack.key(user="bob"), user="alice"))
        assert other.error.code == -32003 and other.error.message.startswith("forbidden: ")

    with running(stack.app()) as url:
        anyio.run(main, url)
        request = {"jsonrpc": "2.0", "id": 7, "method": "initialize", "params": {}}
        missing = httpx.post(f"{url}/mcp", json=request)
        assert missing.status_code == 401 and missing.json()["id"] == 7
        assert missing.json()["error"]["data"] == {"code": "unauthorized", "status": 401}
        assert (
            missing.headers["www-authenticate"] == 'Bearer realm="memlane"'
        )  # RFC 6750: no key, no error code
        wrong = httpx.post(f"{url}/mcp", json=request, headers=bearer("ml_not-a-key"))
        assert wrong.headers["www-authenticate"] == 'Bearer realm="memlane", error="invalid_token"'
        rest = httpx.get(f"{url}/v1/memories", headers=bearer("ml_not-a-key"))
        assert rest.status_code == 401 and rest.json()["error"]["code"] == "unauthorized"
        assert rest.headers["www-authenticate"] == 'Bearer realm="memlane", error="invalid_token"'
        unbound_body = httpx.post(f"{url}/mcp", json=request, headers=bearer(unbound)).json()
        assert unbound_body["error"]["data"] == {"code": "invalid_input", "status": 422}
