"""One service, every surface: memories stored through one surface are recalled identically through
every other. The embedded SDK, the REST API, the remote SDK, MCP over streamable HTTP and over stdio,
and the CLI (on the database and with --server) all return the same hits for the same data."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import httpx

from cli_runner import invoke
from memlane import Memlane
from servers import bearer, make_stack, running
from test_mcp import call, http_session, stdio_session

QUERIES = ("what did Dr. Okafor prescribe", "food allergy", "when does Falcon ship", "tea")
#: changed by every recall itself (each surface's call counts): not part of "the same hit"
VOLATILE = {"access_count", "last_accessed_at"}


def same(hits: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in h.items() if k not in VOLATILE} for h in hits]


def diff(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> str:
    """Where two hit lists differ, for the assertion message."""
    if [h["id"] for h in got] != [h["id"] for h in want]:
        return f"ids {[h['id'] for h in got]} != {[h['id'] for h in want]}"
    return "; ".join(f"{k}: {a.get(k)!r} != {b.get(k)!r}" for a, b in zip(got, want, strict=True)
                     for k in a.keys() | b.keys() if a.get(k) != b.get(k))  # fmt: skip


def cli_json(db: Path, home: Path, *args: str) -> Any:
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "local",
           "MEMLANE_HOME": str(home), "MEMLANE_USER": "alice"}  # fmt: skip
    proc = invoke([*args, "--json"], environ=env)  # in this process (tests/cli_runner.py)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_every_surface_recalls_the_same_hits(tmp_path: Path, local_embedder: Any, model_home: Path) -> None:
    db = tmp_path / "surfaces.db"
    stack = make_stack(db, embedder=local_embedder)
    sdk: Memlane = stack.mem
    with running(stack.app()) as url:
        rest = httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60)
        remote = Memlane.connect(url, api_key=stack.admin_key)

        # Stored through five different surfaces.
        sdk.store("Dr. Okafor prescribed the red inhaler", source="sdk")
        assert (
            rest.post("/v1/memories", json={"content": "Dr. Okafor prescribed the blue inhaler"}).status_code
            == 200
        )
        remote.store("My daughter is allergic to peanuts", type="fact")
        cli_json(db, model_home, "memory", "store", "Project Falcon ships on 2025-03-14")

        async def store_over_mcp() -> None:
            async with http_session(url, stack.admin_key, client="parity-client") as session:
                await call(session, "memory_store", content="Ana prefers green tea", type="preference")

        anyio.run(store_over_mcp)

        for query in QUERIES:
            expected = same([h.model_dump(mode="json") for h in sdk.recall(query)])
            assert expected, query
            surfaces: dict[str, list[dict[str, Any]]] = {
                "rest": rest.post("/v1/recall", json={"query": query}).json()["hits"],
                "remote": [h.model_dump(mode="json") for h in remote.recall(query)],
                "cli": cli_json(db, model_home, "memory", "recall", query),
                "cli --server": cli_json(
                    db, model_home, "memory", "recall", query, "--server", url, "--api-key", stack.admin_key
                ),  # fmt: skip
            }

            async def over_mcp(q: str) -> list[dict[str, Any]]:
                async with http_session(url, stack.admin_key) as session:
                    return (await call(session, "memory_recall", query=q))["hits"]

            surfaces["mcp http"] = anyio.run(over_mcp, query)
            for name, hits in surfaces.items():
                assert same(hits) == expected, f"{name}: {query!r}: {diff(same(hits), expected)}"

        # MCP over stdio: its own process on the same file, as the same user.
        async def over_stdio() -> dict[str, list[dict[str, Any]]]:
            async with stdio_session(db, user="alice", MEMLANE_EMBEDDER="local",
                                     MEMLANE_HOME=str(model_home)) as session:  # fmt: skip
                return {q: (await call(session, "memory_recall", query=q))["hits"] for q in QUERIES}

        for query, hits in anyio.run(over_stdio).items():
            expected = same([h.model_dump(mode="json") for h in sdk.recall(query)])
            assert same(hits) == expected, f"stdio: {query!r}: {diff(same(hits), expected)}"

        sources = {m.content: m.source for m in sdk.list_recent(10)}
        assert sources == {
            "Dr. Okafor prescribed the blue inhaler": "unknown",
            "My daughter is allergic to peanuts": "unknown",
            "Project Falcon ships on 2025-03-14": "cli",
            "Ana prefers green tea": "parity-client",
        }
        rest.close()
        remote.close()
    sdk.close()
