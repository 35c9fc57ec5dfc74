"""An owner longer than 210 characters is refused in one message on every surface and by every call that
takes an owner (a memory's, a logged conversation's, an anchored record's): ``owner: must have at most
210 characters``. The bound was the REST schemas' alone, so the embedded SDK and the CLI reached the
team membership check with a conversation's or a record's owner ("alice is not a member of team
'xxx…'", echoing the whole name back). Nothing is written by a refused call."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import httpx
import pytest

from cli_runner import invoke
from memlane import InvalidInput, Memlane
from servers import bearer, make_stack, running
from test_mcp import stdio_session

LONG = "team:" + "x" * 206  # 211 characters
SAID = "owner: must have at most 210 characters"
MESSAGES = [{"role": "user", "text": "I moved to Lyon"}]
RECORD = {"kind": "contact", "system": "hubspot", "id": "42", "name": "Ana Lima", "owner": LONG}


def test_one_message_for_an_over_long_owner(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    mem = stack.mem
    calls = [
        lambda m: m.store("Ana keeps goats", owner=LONG),
        lambda m: m.conversations.append("chat-1", MESSAGES, owner=LONG),
        lambda m: m.anchor(RECORD),
    ]
    for call in calls:
        with pytest.raises(InvalidInput) as refused:
            call(mem)
        assert str(refused.value) == SAID
    with running(stack.app()) as url:
        with Memlane.connect(url, api_key=stack.admin_key) as remote:
            for call in calls:
                with pytest.raises(InvalidInput) as refused:
                    call(remote)
                assert str(refused.value) == SAID
        posts = [
            ("/v1/memories", {"content": "Ana keeps goats", "owner": LONG}),
            ("/v1/conversations/chat-1/messages", {"messages": MESSAGES, "owner": LONG}),
            ("/v1/anchor", RECORD),
        ]
        for path, body in posts:
            r = httpx.post(f"{url}{path}", json=body, headers=bearer(stack.admin_key), timeout=60)
            assert (r.status_code, r.json()["error"]) == (422, {"code": "invalid_input", "message": SAID}), (
                path
            )
    assert mem.list_recent() == [] and mem.conversations.list() == [] and mem.entities.list() == []
    mem.close()
    cli = invoke(["conversations", "append", "chat-1", "-", "--owner", LONG, "--db", str(db_path),
                  "--embedder", "none", "--user", "alice"], input=json.dumps(MESSAGES))  # fmt: skip
    assert cli.returncode == 1 and cli.stderr.strip() == f"error: {SAID}"


def test_over_mcp(tmp_path: Path) -> None:
    db = tmp_path / "owner.db"
    Memlane(db, user="alice", embedder="none").close()

    async def over_mcp() -> None:
        async with stdio_session(db) as session:
            result = await session.call_tool("memory_store", {"content": "Ana keeps goats", "owner": LONG})
            assert result.is_error
            assert "".join(getattr(c, "text", "") for c in result.content) == f"invalid_input: {SAID}"

    anyio.run(over_mcp)
    with Memlane(db, user="alice", embedder="none") as mem:
        assert mem.list_recent() == []
