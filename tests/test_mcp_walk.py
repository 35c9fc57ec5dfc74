"""What a client's model read wrong in a first-hour walk of ``memlane mcp`` with the official SDK's real
client over stdio: a declared default the schema's own type forbids, an entity lookup that said "nothing
known" of a name memory_recall still finds, and a forget preview whose text said ``deleted``.

The scenarios share one ``memlane mcp`` process (a start-up is seconds of CPU)."""

from __future__ import annotations

from collections.abc import Iterator

import anyio.from_thread
import mcp.types as types
import pytest
from mcp import ClientSession

from test_mcp import call, stdio_session

Stdio = tuple[anyio.from_thread.BlockingPortal, ClientSession]

pytestmark = pytest.mark.xdist_group("mcp_walk")


@pytest.fixture(scope="module")
def stdio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stdio]:
    db = tmp_path_factory.mktemp("mcp-walk") / "walk.db"
    with (
        anyio.from_thread.start_blocking_portal() as portal,
        portal.wrap_async_context_manager(stdio_session(db)) as session,
    ):
        yield portal, session


async def text_of(session: ClientSession, tool: str, **arguments: object) -> str:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


def test_no_parameter_declares_a_default_its_type_refuses(stdio: Stdio) -> None:
    """``visibility`` declared ``{"type": "string", "enum": [...], "default": null}``: a default no value
    of the schema can be, which a model copies into its call (and a strict client rejects)."""

    async def scenario(session: ClientSession) -> None:
        for tool in (await session.list_tools()).tools:
            for name, prop in tool.input_schema["properties"].items():
                assert prop.get("default", "") is not None, (tool.name, name, prop)

    portal, session = stdio
    portal.call(scenario, session)


def test_every_time_argument_says_how_it_is_read(stdio: Stdio) -> None:
    """The memory tools said only "(ISO-8601)": not that a written date is read too (entity_relate said
    so), nor that a time without an offset is UTC (a model sends the user's local time)."""
    times = {"observed_at", "valid_from", "valid_to", "expires_at", "observed_after", "observed_before"}

    async def scenario(session: ClientSession) -> None:
        seen = set()
        for tool in (await session.list_tools()).tools:
            for name, prop in tool.input_schema["properties"].items():
                if name in times:
                    seen.add(name)
                    assert "written date" in prop["description"], (tool.name, name)
                    assert "without an offset is UTC" in prop["description"], (tool.name, name)
        assert seen == times

    portal, session = stdio
    portal.call(scenario, session)


def test_an_exchanges_messages_declare_their_fields(stdio: Stdio) -> None:
    """memory_extract's messages were ``{"type": "object"}``: a model wrote the chat APIs' ``content``
    and was refused. Each message now declares its fields; another is still refused, in the service's
    words."""

    async def scenario(session: ClientSession) -> None:
        (extract,) = [t for t in (await session.list_tools()).tools if t.name == "memory_extract"]
        item = extract.input_schema["properties"]["messages"]["items"]
        assert item["required"] == ["role"] and item["additionalProperties"] is False
        assert item["properties"]["role"]["enum"] == ["user", "assistant", "tool"]
        assert {"text", "tool", "result"} <= item["properties"].keys()
        refused = await session.call_tool("memory_extract", {"messages": [{"role": "user", "content": "hi"}]})
        assert refused.is_error and "messages[0].content: is not a known field" in refused.content[0].text  # type: ignore[union-attr]

    portal, session = stdio
    portal.call(scenario, session)


def test_an_unknown_entity_points_to_recall_not_nothing_known(stdio: Stdio) -> None:
    """A name with no entity may still be in memories' text (a name the graph did not link): "nothing
    known about X" made a model answer that it knew nothing."""

    async def scenario(session: ClientSession) -> None:
        await call(session, "memory_store", content="Quillon Varga tunes the office piano every spring.")
        text = await text_of(session, "entity_lookup", query="Varga's piano tuner friend Zed")
        assert "nothing known" not in text
        assert "no entity" in text and "memory_recall" in text

    portal, session = stdio
    portal.call(scenario, session)


def test_forget_text_says_would_delete_on_a_dry_run(stdio: Stdio) -> None:
    """The preview's text was ``{"deleted": [...], "dry_run": true}``: "deleted" on a call that deleted
    nothing. Its text now says what would go and that nothing went; the structured result is unchanged."""

    async def scenario(session: ClientSession) -> None:
        stored = await call(session, "memory_store", content="I am allergic to penicillin.")
        preview = await session.call_tool("memory_forget", {"query": "forget that I'm allergic to penicillin",
                                                            "dry_run": True})  # fmt: skip
        assert preview.structured_content == {
            "deleted": [stored["id"]],
            "dry_run": True,
            "memories": [{"id": stored["id"], "content": "I am allergic to penicillin.", "type": "fact",
                          "subject": None}],
        }  # fmt: skip
        text = "".join(c.text for c in preview.content if isinstance(c, types.TextContent))
        # what would go, not ids alone: a model shows the user the memory without fetching it
        assert (
            text
            == f'dry run, nothing deleted; would delete 1 memory: {stored["id"]} "I am allergic to penicillin."'
        )
        nothing = await text_of(session, "memory_forget", query="forget my shoe size", dry_run=True)
        assert nothing == "dry run: nothing would be deleted (no memory matched)"
        done = await text_of(session, "memory_forget", memory_id=stored["id"])
        assert done == f'deleted 1 memory: {stored["id"]} "I am allergic to penicillin."'

    portal, session = stdio
    portal.call(scenario, session)
