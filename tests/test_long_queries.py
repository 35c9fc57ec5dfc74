"""Long queries (red-team finding): the REST API refused a query over 10,000 characters, but the SDK, the
CLI and MCP passed any length to recall, whose ID hint (``_IDISH_RE``) was quadratic in the length of a
word: a foreign MCP client sending a 120,000-letter query held a worker thread for minutes. The limit is
now one rule in the service, declared in the MCP tool schemas, and the hint is linear."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlane import InvalidInput, Memlane
from memlane.requests import MAX_QUERY_CHARS
from memlane.text.entities import _IDISH_RE
from servers import Stack, bearer, running
from test_mcp import error_of, http_session

#: the pattern before the fix: the same matches, tried again from every letter of a word
_QUADRATIC_IDISH = re.compile(r"[A-Za-z][\w.\-]*?[\d_]")


def test_every_surface_below_rest_refuses_a_query_over_the_limit(mem: Memlane) -> None:
    mem.store("Ana likes green tea")
    too_long = "x" * (MAX_QUERY_CHARS + 1)
    for call in (mem.recall, mem.search, lambda q: mem.forget(query=q, dry_run=True)):
        with pytest.raises(InvalidInput, match="query: at most 10,000 characters"):
            call(too_long)
    assert mem.recall("x" * MAX_QUERY_CHARS) == []  # at the limit: an answer (nothing matches)
    assert [h.content for h in mem.recall("green tea " * 1000)] == ["Ana likes green tea"]


def test_mcp_schemas_declare_the_limit_and_a_longer_query_is_a_tool_error(stack: Stack) -> None:
    async def scenario(url: str) -> None:
        async with http_session(url, stack.admin_key) as session:
            tools = {t.name: t.input_schema for t in (await session.list_tools()).tools}
            for name in ("memory_recall", "memory_search", "memory_forget"):
                assert tools[name]["properties"]["query"]["maxLength"] == MAX_QUERY_CHARS, name
            text = await error_of(session, "memory_recall", query="x" * 120_000)
            assert text.startswith("invalid_input: query"), text

    with running(stack.app()) as url:
        asyncio.run(scenario(url))


def test_rest_and_the_remote_sdk_say_it_in_the_services_words(stack: Stack) -> None:
    """REST said ``query: must have at most 10,000 characters`` (pydantic's), and the remote SDK with it,
    where the embedded one says ``query: at most 10,000 characters``: now the service's, once; the
    OpenAPI document still declares ``maxLength``."""
    too_long = "x" * (MAX_QUERY_CHARS + 1)
    with running(stack.app()) as url:
        headers = bearer(stack.admin_key)
        for path, body in (("/v1/recall", {"query": too_long}), ("/v1/search", {"query": too_long}),
                           ("/v1/forget", {"query": too_long, "dry_run": True})):  # fmt: skip
            r = httpx.post(f"{url}{path}", json=body, headers=headers, timeout=120)
            said = {"code": "invalid_input", "message": f"query: at most {MAX_QUERY_CHARS:,} characters"}
            assert r.status_code == 422 and r.json()["error"] == said, (path, r.text)
        remote = Memlane.connect(url, api_key=stack.admin_key)
        with remote, pytest.raises(InvalidInput, match="^query: at most 10,000 characters$"):
            remote.recall(too_long)
        schemas = httpx.get(f"{url}/openapi.json", timeout=120).json()["components"]["schemas"]
    assert schemas["RecallBody"]["properties"]["query"]["maxLength"] == MAX_QUERY_CHARS


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="xAé.-1_ ٣ß@", max_size=16))
def test_the_linear_id_hint_finds_what_the_quadratic_one_found(text: str) -> None:
    assert bool(_IDISH_RE.search(text)) == bool(_QUADRATIC_IDISH.search(text))
