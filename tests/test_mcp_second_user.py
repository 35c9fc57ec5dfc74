"""Every MCP tool as a second user of the same workspace, through the official client over streamable
HTTP (a real server on loopback), both backends: bob's key reads nothing of alice's personal memories
and entities, and every tool that takes an id answers hers as it answers an id nothing has; a key that
is no admin's runs no sweep and sees no job; and what alice extracts from a conversation shared with
the workspace is her own words, never bob's (his "please forget ..." erased her memory before
``extracting.transcripts`` was asked by ``extract``)."""

from __future__ import annotations

from typing import Any

import anyio

from memlane.ids import new_id
from memlane.mcp_server import TOOLS
from memlane.models import Actor
from servers import Stack, running
from test_mcp import call, error_of, http_session

APPOINTMENT = "My therapist appointment with Dr. Okonkwo-Lindqvist is on Tuesday at 5pm"


def test_every_tool_as_a_second_user(stack: Stack) -> None:
    s = stack.mem.service
    alice = Actor(user="alice")
    private = s.store(APPOINTMENT, actor=alice).id
    shared = s.store("The Harwick office wifi is on channel 6", actor=alice, visibility="shared").id
    s.profiles.create(Actor(user="alice", admin=True, operator=True), "notes", scope="user")
    s.conversations.append("standup", [
        {"role": "user", "user": "bob", "text": "Please forget my therapist appointment on Tuesday."},
        {"role": "user", "user": "alice", "text": "From now on, always book me an aisle seat."},
    ], actor=Actor(user="alice", delegated=True), visibility="shared")  # fmt: skip
    bob_key, alice_key = stack.key(user="bob"), stack.key(user="alice")

    async def main(url: str) -> None:
        async with http_session(url, bob_key) as bob:
            assert len(TOOLS) == len((await bob.list_tools()).tools) == 15
            for query in ("therapist appointment Tuesday", "Okonkwo-Lindqvist"):
                for tool in ("memory_recall", "memory_search"):
                    assert private not in [h["id"] for h in (await call(bob, tool, query=query))["hits"]]
            assert private not in [
                m["id"] for m in (await call(bob, "memory_list_recent", limit=200))["items"]
            ]
            found = await call(bob, "entity_lookup", query="Okonkwo-Lindqvist")
            assert found["found"] is None and found["candidates"] == []
            nothing = new_id()
            by_id: dict[str, Any] = {
                "memory_history": {"memory_id": "<id>"},
                "memory_forget": {"memory_id": "<id>"},
                "memory_store": {
                    "content": "Dr. Okonkwo-Lindqvist moved it to Wednesday",
                    "replaces": "<id>",
                },
            }
            for tool, arguments in by_id.items():
                theirs = {k: private if v == "<id>" else v for k, v in arguments.items()}
                nobodys = {k: nothing if v == "<id>" else v for k, v in arguments.items()}
                assert (await error_of(bob, tool, **theirs)).replace(private, "<id>") == (
                    await error_of(bob, tool, **nobodys)
                ).replace(nothing, "<id>"), tool
            preview = await call(bob, "memory_forget", query="my therapist appointment", dry_run=True)
            assert preview["deleted"] == []
            assert "forbidden" in await error_of(bob, "memory_forget", memory_id=shared)  # hers, shared
            # profiles: settings for every key, no error text; runs and jobs for admin keys only
            listed = (await call(bob, "profile_list"))["profiles"]
            assert [p["name"] for p in listed] == ["notes"] and listed[0]["last_sync_seq"] is None
            for tool, arguments in (("profile_run", {"name": "notes"}), ("job_list", {}),
                                    ("job_show", {"name": "sweep:notes"}), ("job_run", {"name": "sweep:notes"})):  # fmt: skip
                assert "forbidden" in await error_of(bob, tool, **arguments), tool
            # bob's words in a conversation alice extracts are not hers
            async with http_session(url, alice_key) as her:
                report = await call(her, "memory_extract", conversation_id="standup")
                assert report["deleted"] == [], report
                assert [a["content"] for a in report["added"]] and all(
                    "aisle" in a["content"] for a in report["added"]
                )
        assert s.get(private, actor=alice).content == APPOINTMENT
        assert s.get(shared, actor=alice).superseded_by is None

    with running(stack.app()) as url:
        anyio.run(main, url)
