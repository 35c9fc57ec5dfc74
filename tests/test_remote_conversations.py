"""The conversation log and ``extract`` through the remote clients (sync and async) against a real
server on loopback: the same arguments, results and errors as the embedded SDK."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_runner import invoke
from llm_servers import scripted_llm
from memlane import AsyncMemlane, Memlane
from memlane.errors import InvalidInput, LLMReplyError, NotFound
from memlane.extraction import Message
from servers import Stack, make_stack, running


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "remote.db")
    yield s
    s.mem.close()


@pytest.fixture
def url(stack: Stack) -> Iterator[str]:
    with running(stack.app()) as u:
        yield u


def test_conversations_and_extract_as_the_embedded_sdk(url: str, stack: Stack) -> None:
    local = stack.mem
    with Memlane.connect(url, api_key=stack.admin_key) as remote:
        appended = remote.conversations.append("chat-1", [
            {"role": "user", "text": "We decided to ship Falcon on March 14."},
            Message(role="tool", tool="jira.get", result={"id": "FAL-12", "url": "https://jira.example/FAL-12"}),
        ])  # fmt: skip
        assert [m.role for m in appended] == ["user", "tool"] and appended[0].user == "alice"
        assert remote.conversations.show("chat-1") == local.conversations.show("chat-1") == appended
        assert remote.conversations.list() == local.conversations.list()
        assert [c.conversation_id for c in remote.conversations.list()] == ["chat-1"]

        report = remote.extract("chat-1", mode="agent")
        assert report.extracted and report.added
        provenance = local.get(report.added[0].id).provenance or {}
        assert provenance["conversation_id"] == "chat-1" and provenance["tools"] == ["jira.get"]
        assert remote.extract("chat-1", mode="agent").reason == "this exchange was already extracted"

        # messages with the host application's ids, as the embedded SDK takes them
        given = remote.extract(
            [{"role": "user", "text": "I always drink green tea.", "id": "m-9"}], space="home"
        )
        assert [(i.content, i.type) for i in given.added] == [
            ("The user always drinks green tea", "preference")
        ]
        stored = local.get(given.added[0].id)
        assert stored.space == "home" and (stored.provenance or {})["message_ids"] == ["m-9"]
        # a retraction through the remote client: the correction retires the current version
        retired = remote.extract([{"role": "user", "text": "That's no longer true, I don't always drink green tea."}],
                                 space="home")  # fmt: skip
        assert [d.id for d in retired.deleted] == [stored.id] and local.get(stored.id).state == "archived"

        # the same errors as the embedded SDK
        for call in (
            lambda m: m.extract([{"role": "user"}]),
            lambda m: m.extract([{"role": "user", "text": "I live in Lyon."}], mode="robot"),
            lambda m: m.extract([]),
            lambda m: m.conversations.append("chat-2", [{"role": "bot", "text": "hi"}]),
        ):
            with pytest.raises(InvalidInput):
                call(local)
            with pytest.raises(InvalidInput):
                call(remote)
        with pytest.raises(NotFound):
            local.conversations.delete("nope")
        with pytest.raises(NotFound):
            remote.conversations.delete("nope")
        assert remote.conversations.delete("chat-1") == 2
        assert remote.conversations.list() == []


def test_async_clients(url: str, stack: Stack, tmp_path: Path) -> None:
    async def run() -> None:
        async with AsyncMemlane.connect(url, api_key=stack.admin_key) as remote:
            await remote.conversations.append("a-1", [{"role": "user", "text": "My manager is Ana Lima."}])
            assert [m.text for m in await remote.conversations.show("a-1")] == ["My manager is Ana Lima."]
            assert [c.conversation_id for c in await remote.conversations.list()] == ["a-1"]
            report = await remote.extract("a-1")
            assert [i.content for i in report.added] == ["The user's manager is Ana Lima"]
            assert await remote.conversations.delete("a-1") == 1
        embedded = AsyncMemlane(tmp_path / "async.db", user="bob", embedder="none")
        try:
            await embedded.conversations.append("b-1", [{"role": "user", "text": "I live in Porto."}])
            assert [c.messages for c in await embedded.conversations.list()] == [1]
            assert (await embedded.extract("b-1")).added
            assert await embedded.conversations.delete("b-1") == 1
        finally:
            await embedded.close()

    asyncio.run(run())


def test_a_failing_llm_over_rest_is_the_same_error_and_writes_nothing(tmp_path: Path) -> None:
    with scripted_llm() as llm:
        environ = {"MEMLANE_LLM": "openai:m", "MEMLANE_LLM_URL": llm.url, "MEMLANE_LLM_MAX_ATTEMPTS": "1"}
        mem = Memlane(tmp_path / "llm.db", user="alice", embedder="none", home=tmp_path, environ=environ)
        access = mem.service.access
        assert access is not None
        admin = access.bootstrap("default", "alice")
        assert admin is not None
        try:
            with (
                running(Stack(mem, access, admin.key).app()) as url,
                Memlane.connect(url, api_key=admin.key) as remote,
            ):
                llm.text("I think the user lives in Lyon").text("still prose")
                with pytest.raises(LLMReplyError, match="did not answer with JSON"):
                    remote.extract([{"role": "user", "text": "I live in Lyon."}])
                assert mem.list_recent() == []
                llm.reply({"facts": [{"content": "The user lives in Lyon", "type": "fact", "messages": [1]}]})
                assert [
                    i.content for i in remote.extract([{"role": "user", "text": "I live in Lyon."}]).added
                ] == ["The user lives in Lyon"]
        finally:
            mem.close()


def test_the_cli_over_a_server(tmp_path: Path, stack: Stack, url: str) -> None:
    import json
    import os
    import subprocess

    exchange = tmp_path / "exchange.json"
    exchange.write_text(json.dumps([
        {"role": "user", "text": "Ana Lima leads the billing team."},
        {"role": "tool", "tool": "hubspot", "result": {"id": "7", "email": "ana@acme.com", "name": "Ana Lima"}},
    ]))  # fmt: skip
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(tmp_path / "unused.db"), "MEMLANE_EMBEDDER": "none"}
    env.pop("MEMLANE_API_KEY", None)

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return invoke(
            [*args, "--server", url, "--api-key", stack.admin_key], environ=env
        )  # tests/cli_runner.py

    appended = cli("conversations", "append", "cli-1", str(exchange), "--json")
    assert appended.returncode == 0, appended.stderr
    done = cli("extract", "--conversation", "cli-1")
    assert done.returncode == 0, done.stderr
    assert "added" in done.stdout and "anchored" in done.stdout and "contact hubspot:7" in done.stdout
    assert [m.content for m in stack.mem.list_recent(limit=10) if "billing" in m.content] == [
        "Ana Lima leads the billing team"
    ]
    assert not (tmp_path / "unused.db").exists()
