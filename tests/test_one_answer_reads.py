"""What is only read (a recall query, an entity name to look up, a time filter, a page cursor, a
``limit``) has one rule, the service's, and the same answer on every surface: the embedded SDK, the
remote SDK over real HTTP, the REST API and MCP (the MCP SDK's own client). Before, the embedded SDK
searched for a lone surrogate the others refused; the remote SDK said "a lone surrogate" or "must have
at most 200 characters" for a cursor the service calls "not a cursor returned by this API", and "must be
a string" for a number as recall's ``observed_after``; MCP capped ``limit`` at 100 or 200, not 1,000."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from memlane import InvalidInput, Memlane
from memlane.requests import MAX_LIMIT
from servers import Stack, bearer, make_stack, running
from test_mcp import call, error_of, stdio_session

LONE = "\ud800"
NOT_UNICODE = "a lone surrogate (U+D800) is not Unicode text"
NOT_A_CURSOR = "cursor: not a cursor returned by this API"
NUL = "the NUL character (U+0000) cannot be stored"

CASES: list[tuple[Callable[[Any], Any], str]] = [
    (lambda m: m.recall(LONE), f"query: {NOT_UNICODE}"),
    (lambda m: m.recall(f"tea {LONE}"), f"query: {NOT_UNICODE}"),
    (lambda m: m.search(LONE), f"query: {NOT_UNICODE}"),
    (lambda m: m.entities.search(LONE), f"query: {NOT_UNICODE}"),
    (lambda m: m.list_recent(20, observed_after=LONE), f"observed_after: {NOT_UNICODE}"),
    (lambda m: m.recall("tea", observed_before=LONE), f"observed_before: {NOT_UNICODE}"),
    (lambda m: m.recall("tea", observed_after=5),
     "observed_after: expected a date/time or ISO-8601 string, got int"),
    (lambda m: m.entities.page(cursor=LONE), NOT_A_CURSOR),
    (lambda m: m.entities.page(cursor="x" * 5000), NOT_A_CURSOR),
    (lambda m: m.entities.page(cursor="x" * 300), NOT_A_CURSOR),
    (lambda m: m.entities.merges(cursor=LONE), NOT_A_CURSOR),
    (lambda m: m.entities.merges(cursor="x" * 5000), NOT_A_CURSOR),
    # a NUL, by the rule for stored text (PostgreSQL binds no NUL; SQLite searched for it, both SDKs)
    (lambda m: m.recall("tea\x00"), f"query: {NUL}"),
    (lambda m: m.search("\x00tea"), f"query: {NUL}"),
    (lambda m: m.entities.search("An\x00a"), f"query: {NUL}"),
    (lambda m: m.recall("tea", observed_after="2024-01-01\x00"), f"observed_after: {NUL}"),
    (lambda m: m.search("tea", observed_before="2024\x00"), f"observed_before: {NUL}"),
    (lambda m: m.list_recent(20, observed_after="2024-01-01\x00"), f"observed_after: {NUL}"),
]  # fmt: skip


@pytest.fixture
def stack(db_path: Path | str) -> Iterator[Stack]:
    s = make_stack(db_path)
    yield s
    s.mem.close()


def test_both_sdks_refuse_alike(stack: Stack) -> None:
    stack.mem.store("Ana drinks tea")
    with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
        for i, (case, said) in enumerate(CASES):
            for sdk in (stack.mem, remote):
                with pytest.raises(InvalidInput) as refused:
                    case(sdk)
                assert str(refused.value) == said, (i, sdk)


def test_rest_says_it_in_the_same_words(stack: Stack) -> None:
    with running(stack.app()) as url:
        head = {**bearer(stack.admin_key), "Content-Type": "application/json"}
        r = httpx.post(f"{url}/v1/recall", content='{"query": "\\ud800"}', headers=head, timeout=60)
        assert (r.status_code, r.json()["error"]["message"]) == (422, f"query: {NOT_UNICODE}")
        r = httpx.post(f"{url}/v1/recall", json={"query": "tea\x00"}, headers=head, timeout=60)
        assert (r.status_code, r.json()["error"]["message"]) == (422, f"query: {NUL}")
        for path in ("/v1/entities", "/v1/entities/merges"):
            r = httpx.get(f"{url}{path}", params={"cursor": "x" * 300}, headers=head, timeout=60)
            assert (r.status_code, r.json()["error"]["message"]) == (422, NOT_A_CURSOR), path


def test_mcp_takes_the_services_limit(tmp_path: Path) -> None:
    db = tmp_path / "limit.db"
    with Memlane(db, user="alice", embedder="none") as mem:
        mem.store("Ana drinks tea")

    async def over_mcp() -> None:
        async with stdio_session(db) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            bounds = {
                name: tool.input_schema["properties"]["limit"].get("maximum")
                for name, tool in tools.items()
                if "limit" in tool.input_schema.get("properties", {})
            }
            assert {"memory_recall", "memory_search", "memory_list_recent"} <= set(bounds)
            assert set(bounds.values()) == {MAX_LIMIT}, bounds
            assert len((await call(session, "memory_list_recent", limit=MAX_LIMIT))["items"]) == 1
            assert (await call(session, "memory_recall", query="tea", limit=MAX_LIMIT))["hits"] is not None
            assert f"query: {NUL}" in await error_of(session, "memory_recall", query="tea\x00")

    anyio.run(over_mcp)


def test_the_cli_takes_the_same_limit() -> None:
    """Every ``--limit`` of the CLI is bounded by the service's one definition (``requests.MAX_LIMIT``;
    ``conversations show`` by ``requests.MAX_MESSAGES``), not a number of its own."""
    import click

    from memlane.cli import main
    from memlane.requests import MAX_MESSAGES

    bounds: dict[str, int | float | None] = {}

    def walk(command: click.Command, path: str) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, f"{path} {name}")
        for param in command.params:
            if param.name == "limit" and isinstance(param.type, click.IntRange):
                bounds[path] = param.type.max

    walk(main, "memlane")
    assert bounds.pop("memlane conversations show") == MAX_MESSAGES
    assert len(bounds) >= 9 and set(bounds.values()) == {MAX_LIMIT}, bounds
