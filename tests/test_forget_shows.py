"""A forget (dry run and real run) says what each memory it deletes said, on every surface: a caller
showed the user bare ids (the MCP walk-through), and had to fetch each one to say what would go."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from memlane import AsyncMemlane, ForgottenMemory, Memlane
from memlane.mcp_server import _forget_text
from memlane.models import ForgetResult, MemoryType
from servers import Stack, bearer, make_stack, running
from test_cli import ijs, in_process


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "shows.db")
    yield s
    s.mem.close()


def test_the_sdk_gets_each_memory_s_content_and_never_another_user_s(stack: Stack) -> None:
    mem = stack.mem
    old = mem.store("Dana lives in Porto", type="fact").id
    new = mem.store("Dana lives in Lisbon", type="fact", replaces=old).id
    mem.store("Dana owes me lunch", user="bob")  # bob's own: alice may not read it
    preview = mem.forget(query="everything about Dana", dry_run=True)
    assert preview.dry_run and set(preview.deleted) == {old, new}
    assert [m.id for m in preview.memories] == list(preview.deleted)  # the same, in the same order
    assert {m.content for m in preview.memories} == {"Dana lives in Porto", "Dana lives in Lisbon"}
    assert all(m.type is MemoryType.FACT for m in preview.memories)
    assert "lunch" not in preview.model_dump_json()
    done = mem.forget(new)
    assert done.deleted == preview.deleted and done.memories == preview.memories


def test_rest_openapi_remote_and_async_sdks_read_it_back(stack: Stack) -> None:
    with running(stack.app()) as url:
        with httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as client:
            fig = client.post("/v1/memories", json={"content": "Ana likes figs", "type": "preference"}).json()
            body = client.post("/v1/forget", json={"id": fig["id"], "dry_run": True}).json()
            assert body["memories"] == [
                {"id": fig["id"], "content": "Ana likes figs", "type": "preference", "subject": None}
            ]
            assert client.delete(f"/v1/memories/{fig['id']}", params={"dry_run": True}).json() == body
            schema = client.get("/openapi.json").json()["components"]["schemas"]
            assert "memories" in schema["ForgetResult"]["properties"] and "ForgottenMemory" in schema
        plum = stack.mem.store("Ana likes plums").id
        with Memlane.connect(url, api_key=stack.admin_key) as remote:
            got = remote.forget(plum, dry_run=True)
            assert got.memories == (
                ForgottenMemory(id=plum, content="Ana likes plums", type=MemoryType.FACT),
            )

        async def remote_async() -> None:
            async with AsyncMemlane.connect(url, api_key=stack.admin_key) as remote:
                done = await remote.forget(plum)
                assert [m.content for m in done.memories] == ["Ana likes plums"]

        asyncio.run(remote_async())


def test_the_cli_shows_a_line_per_memory_and_json_carries_them(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    long = "Ana's inhaler is the blue one " + "and she keeps it in the left pocket of her coat " * 3
    stored = ijs(db, "memory", "store", long)
    assert isinstance(stored, dict)
    text = in_process(db, "memory", "forget", stored["id"], "--dry-run")
    first, line = text.strip().split("\n")
    assert first == "would delete 1"
    assert line.startswith(f"{stored['id']}  Ana's inhaler is the blue one") and line.endswith("…")
    assert len(line) < len(stored["id"]) + 2 + 81
    shown = ijs(db, "memory", "forget", stored["id"])
    assert isinstance(shown, dict) and shown["memories"][0]["content"] == long.strip()


def test_the_mcp_text_quotes_each_memory_shortened() -> None:
    one = ForgottenMemory(id="m1", content='Likes "green"\ntea ' + "very much " * 20, type=MemoryType.FACT)
    two = ForgottenMemory(id="m2", content="Ana likes figs", type=MemoryType.PREFERENCE)
    text = _forget_text(ForgetResult(deleted=("m1", "m2"), dry_run=True, memories=(one, two)))
    start = 'dry run, nothing deleted; would delete 2 memories: m1 "Likes \\"green\\" tea very much'
    assert text.startswith(start) and text.endswith('…", m2 "Ana likes figs"') and "\n" not in text
    assert json.loads(text[text.index('"') : text.index('", m2') + 1]).endswith("…")
    # a result with no descriptions (an older server's) still reads as ids
    assert _forget_text(ForgetResult(deleted=("m1",))) == "deleted 1 memory: m1"
