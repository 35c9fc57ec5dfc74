"""The conversation log (issue 13): append-only, scoped like memories, on both backends and over REST."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from backends import count_rows
from cli_runner import invoke
from memlane import Memlane
from memlane.errors import Forbidden, InvalidInput, NotFound, OptedOut
from servers import Stack, bearer, running

EXCHANGE = [
    {"role": "user", "text": "Ana leads the billing team now", "at": "2025-03-14T09:00:00Z"},
    {"role": "assistant", "text": "Noted: Ana leads billing."},
    {"role": "tool", "tool": "crm.lookup", "result": {"id": "hubspot:42", "name": "Ana Lima"}, "text": ""},
]


def test_append_show_list_delete(mem: Memlane, db_path) -> None:
    added = mem.conversations.append("c-1", EXCHANGE)
    assert [m.role for m in added] == ["user", "assistant", "tool"]
    assert added[0].user == "alice" and added[0].author == "alice" and added[0].owner == "user:alice"
    assert added[0].at.isoformat() == "2025-03-14T09:00:00+00:00"
    mem.conversations.append("c-1", [{"role": "user", "text": "Thanks!"}])
    mem.conversations.append("c-2", [{"role": "user", "text": "Hello"}])

    shown = mem.conversations.show("c-1")
    assert [m.text for m in shown] == [
        "Ana leads the billing team now", "Noted: Ana leads billing.", "", "Thanks!",
    ]  # fmt: skip
    assert shown[2].tool == "crm.lookup" and shown[2].result == {"id": "hubspot:42", "name": "Ana Lima"}
    listed = mem.conversations.list()
    assert [(c.conversation_id, c.messages) for c in listed] == [("c-2", 1), ("c-1", 4)]

    assert mem.conversations.delete("c-1") == 4
    assert count_rows(db_path, "conversation_messages") == 1
    with pytest.raises(NotFound):
        mem.conversations.show("c-1")
    with pytest.raises(NotFound):
        mem.conversations.delete("c-1")


def test_scoped_like_memories(mem: Memlane, db_path) -> None:
    mem.conversations.append("private", [{"role": "user", "text": "My PIN hint is my cat"}])
    mem.conversations.append("team-chat", [{"role": "user", "text": "Deploys on Fridays stop"}],
                             visibility="shared")  # fmt: skip
    # bob sees the shared conversation only, and cannot read, list or delete alice's personal one
    assert [c.conversation_id for c in mem.conversations.list(user="bob")] == ["team-chat"]
    with pytest.raises(NotFound):
        mem.conversations.show("private", user="bob")
    with pytest.raises(NotFound):
        mem.conversations.delete("private", user="bob")
    # a shared conversation is deleted by its author (or an admin), not by any reader
    with pytest.raises(Forbidden):
        mem.conversations.delete("team-chat", user="bob")
    assert count_rows(db_path, "conversation_messages") == 2
    # the same id in two scopes: each reader sees what is theirs
    mem.conversations.append("team-chat", [{"role": "user", "text": "bob's own note"}], user="bob")
    assert [m.text for m in mem.conversations.show("team-chat", user="bob")] == [
        "Deploys on Fridays stop", "bob's own note",
    ]  # fmt: skip
    assert [m.text for m in mem.conversations.show("team-chat")] == ["Deploys on Fridays stop"]
    assert mem.conversations.delete("team-chat") == 1  # alice's shared message only
    assert [m.text for m in mem.conversations.show("team-chat", user="bob")] == ["bob's own note"]


@pytest.mark.parametrize(
    ("messages", "error"),
    [
        ([], "the list is empty"),
        ("hello", "a list of messages"),
        ([{"role": "system", "text": "x"}], "messages[0].role"),
        ([{"role": "user", "text": "ok"}, {"role": "user"}], "messages[1]: a message needs text"),
        ([{"role": "user", "text": "x", "id": "m1"}], "assigned by memlane"),
        ([{"role": "user", "text": "x", "at": "not a date"}], "messages[0].at"),
        ([{"role": "user", "text": "x", "colour": "red"}], "messages[0].colour"),
    ],
)
def test_bad_messages_are_refused_and_nothing_is_written(mem: Memlane, db_path, messages, error) -> None:
    mem.conversations.append("c", [{"role": "user", "text": "first"}])
    with pytest.raises(InvalidInput, match=error.replace("[", r"\[").replace("]", r"\]")):
        mem.conversations.append("c", messages)
    assert count_rows(db_path, "conversation_messages") == 1


def test_personal_request_and_opt_out(mem: Memlane) -> None:
    access = mem.service.access
    assert access is not None
    access.set_opted_out("default", "carol", True)
    with pytest.raises(OptedOut):
        mem.conversations.append("c", [{"role": "user", "text": "I live in Lyon"}], user="carol")
    assert mem.conversations.list(user="carol") == []


def test_rest_conversations(stack: Stack) -> None:
    bob = stack.key(user="bob")
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as c:
        r = c.post("/v1/conversations/c%201/messages", json={"messages": EXCHANGE})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["conversation_id"] == "c 1" and [m["role"] for m in body["messages"]] == [
            "user", "assistant", "tool",
        ]  # fmt: skip
        assert c.get("/v1/conversations/c%201").json()["messages"][2]["result"]["id"] == "hubspot:42"
        assert [x["conversation_id"] for x in c.get("/v1/conversations").json()["conversations"]] == ["c 1"]
        bad = c.post("/v1/conversations/c%201/messages", json={"messages": [{"role": "robot", "text": "x"}]})
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_input"
        as_bob = c.get("/v1/conversations/c%201", headers=bearer(bob))
        assert as_bob.status_code == 404
        assert c.get("/v1/conversations", headers=bearer(bob)).json() == {"conversations": []}
        assert c.delete("/v1/conversations/c%201").json() == {"conversation_id": "c 1", "deleted": 3}
        assert c.get("/v1/conversations/c%201").status_code == 404


def test_cli_conversations(tmp_path: Path) -> None:
    import json
    import subprocess

    db = tmp_path / "cli.db"
    opts = ["--db", str(db), "--embedder", "none", "--user", "alice"]

    def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return invoke([*args, *opts], input=stdin)  # in this process (tests/cli_runner.py)

    added = run("conversations", "append", "chat-1", "-", "--json", stdin=json.dumps(EXCHANGE))
    assert added.returncode == 0, added.stderr
    assert [m["role"] for m in json.loads(added.stdout)] == ["user", "assistant", "tool"]
    shown = json.loads(run("conversations", "show", "chat-1", "--json").stdout)
    assert shown[2]["result"] == {"id": "hubspot:42", "name": "Ana Lima"}
    listed = json.loads(run("conversations", "list", "--json").stdout)
    assert [(c["conversation_id"], c["messages"]) for c in listed] == [("chat-1", 3)]
    bad = run("conversations", "append", "chat-1", "-", stdin="[")
    assert bad.returncode == 1 and bad.stderr.startswith("error: stdin is not JSON")
    assert json.loads(run("conversations", "delete", "chat-1", "--json").stdout)["deleted"] == 3
    assert run("conversations", "show", "chat-1").returncode == 1
