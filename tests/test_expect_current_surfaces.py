"""``store(..., replaces=X, expect_current=True)`` on every surface: a stale ``X`` (another version was stored
meanwhile) is refused as ``VersionConflict`` (REST: 409, code ``version_conflict``, ``error.current``) with
nothing written; without it the new version still supersedes the chain's current head."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from memlane import Memlane, VersionConflict
from servers import Stack, bearer, make_stack, running
from test_cli import run
from test_mcp import call, error_of, stdio_session


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "expcur.db")
    yield s
    s.mem.close()


def _chain(mem: Any) -> tuple[str, str]:
    """(a superseded version, the current one)."""
    old = mem.store("Ana prefers green tea").id
    return old, mem.store("Ana prefers black tea", replaces=old).id


def test_a_stale_replaces_is_refused_with_expect_current_on_sdk_rest_and_remote(stack: Stack) -> None:
    mem = stack.mem
    old, head = _chain(mem)
    with pytest.raises(VersionConflict) as embedded:
        mem.store("Ana prefers jasmine tea", replaces=old, expect_current=True)
    assert embedded.value.current == head and embedded.value.code == "version_conflict"
    with running(stack.app()) as url:
        with httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as client:
            refused = client.post("/v1/memories", json={"content": "Ana prefers oolong", "replaces": old,
                                                        "expect_current": True})  # fmt: skip
            assert refused.status_code == 409, refused.text
            assert refused.json()["error"]["code"] == "version_conflict"
            assert refused.json()["error"]["current"] == head
            batch = client.post("/v1/memories/batch",
                                json={"items": [{"content": "x", "expect_current": True}]})  # fmt: skip
            assert batch.status_code == 422  # single store only
        with Memlane.connect(url, api_key=stack.admin_key) as remote:
            with pytest.raises(VersionConflict) as over_http:
                remote.store("Ana prefers mint tea", replaces=old, expect_current=True)
            assert over_http.value.current == head
            assert [m.id for m in mem.history(head)] == [old, head]  # nothing was written, anywhere
            fresh = remote.store("Ana prefers mint tea", replaces=head, expect_current=True)  # current: ok
            assert [s.id for s in fresh.superseded] == [head]
            plain = remote.store("Ana prefers rooibos", replaces=old)  # without it: as before
    assert [s.id for s in plain.superseded] == [fresh.id]
    assert mem.get(plain.id).superseded_by is None


def test_the_cli_and_mcp_take_expect_current(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    with Memlane(db, user="cli-user", embedder="none") as mem:
        old, head = _chain(mem)
    refused = run(
        db, "memory", "store", "Ana prefers oolong", "--replaces", old, "--expect-current", check=False
    )
    assert refused.returncode != 0 and head in refused.stderr, refused.stderr
    alone = run(db, "memory", "store", "Ana prefers oolong", "--expect-current", check=False)
    assert alone.returncode == 2 and "--replaces" in alone.stderr
    plain = json.loads(run(db, "memory", "store", "Ana prefers oolong", "--replaces", old, "--json").stdout)
    assert [s["id"] for s in plain["superseded"]] == [head]

    mcp_db = tmp_path / "mcp.db"
    with Memlane(mcp_db, user="alice", embedder="none") as mem:
        old, head = _chain(mem)
    found: dict[str, Any] = {}

    async def main() -> None:
        async with stdio_session(mcp_db) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            found["doc"] = tools["memory_store"].input_schema["properties"]["expect_current"]["description"]
            found["stale"] = await error_of(session, "memory_store", content="Ana prefers oolong",
                                            replaces=old, expect_current=True)  # fmt: skip
            found["ok"] = await call(session, "memory_store", content="Ana prefers oolong", replaces=head,
                                     expect_current=True)  # fmt: skip

    anyio.run(main)
    assert "replaces" in found["doc"]
    assert found["stale"].startswith("version_conflict") and head in found["stale"], found["stale"]
    with Memlane(mcp_db, user="alice", embedder="none") as mem:
        assert [m.id for m in mem.history(found["ok"]["id"])] == [old, head, found["ok"]["id"]]
