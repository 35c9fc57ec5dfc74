"""Who may name a logged message's speaker and agent (``permissions.check_speakers``), through REST on a
loopback server and the CLI, both backends.

A profile's sweep extracts each speaker's messages into that speaker's memories, and an agent profile's
into the agent's shared ones. Before the fix a key bound to alice could log a shared message "said" by
bob, and the sweep stored it as bob's personal memory (authored by bob); and log a message "through"
agent helpdesk, which the helpdesk profile's sweep stored as a shared ``agent:helpdesk`` memory that
everyone using the agent reads, though only the agent's key may write those.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import httpx

from cli_runner import invoke
from servers import Stack, bearer, running

SRC = str(Path(__file__).resolve().parents[1] / "src")

BOBS = [{"role": "user", "user": "bob", "text": "From now on, always book me an aisle seat."},
        {"role": "assistant", "text": "Noted."}]  # fmt: skip
HELPDESKS = [{"role": "user", "agent": "helpdesk", "text": "We decided that the Acme Corp refund window is 90 days."},
             {"role": "assistant", "agent": "helpdesk", "text": "Noted."}]  # fmt: skip


def _append(url: str, key: str, messages: list[dict[str, str]], user: str | None = None) -> httpx.Response:
    return httpx.post(f"{url}/v1/conversations/chat-1/messages", headers=bearer(key, user),
                      json={"messages": messages, "visibility": "shared"}, timeout=60)  # fmt: skip


def _memories(url: str, key: str, user: str | None = None) -> list[tuple[str, str]]:
    r = httpx.get(f"{url}/v1/memories", headers=bearer(key, user), timeout=60)
    return [(m["owner"], m["content"]) for m in r.json()["items"]]


def test_a_key_bound_to_a_user_logs_only_what_that_user_says(stack: Stack) -> None:
    stack.mem.profiles.create("everyone", scope="user")
    stack.mem.profiles.create("desk", scope="agent", agent="helpdesk")
    alice, bob, agent = stack.key(user="alice"), stack.key(user="bob"), stack.key(agent="helpdesk")
    with running(stack.app()) as url:
        said_by_bob = _append(url, alice, BOBS)
        assert said_by_bob.status_code == 403, said_by_bob.text
        assert "bob" in said_by_bob.json()["error"]["message"]
        through_agent = _append(url, alice, HELPDESKS)
        assert through_agent.status_code == 403, through_agent.text
        stack.mem.profiles.run("everyone")
        stack.mem.profiles.run("desk")
        assert _memories(url, bob) == []
        assert _memories(url, agent, "carol") == []
        # nothing was logged: the refusal is all or nothing
        assert (
            httpx.get(f"{url}/v1/conversations", headers=bearer(alice), timeout=60).json()["conversations"]
            == []
        )

        # alice's own words, and what may act for any user (a platform's unbound key, the agent's key)
        assert _append(url, alice, [{"role": "user", "user": "alice", "text": "Hi"}]).status_code == 200
        platform = stack.key()
        assert _append(url, platform, BOBS, user="alice").status_code == 200
        assert _append(url, agent, HELPDESKS, user="alice").status_code == 200
        stack.mem.profiles.run("everyone")
        stack.mem.profiles.run("desk")
        assert [owner for owner, _ in _memories(url, bob)] == ["user:bob"]
        assert [owner for owner, _ in _memories(url, agent, "carol")] == ["agent:helpdesk"]


def test_the_cli_logs_only_its_users_words(db_path: Path | str) -> None:
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_USER": "alice"}
    # the CLI in this process (tests/cli_runner.py)
    base = ["conversations", "append", "chat-1", "-", "--db", str(db_path), "--embedder", "none"]
    for messages in (BOBS, HELPDESKS):
        out = invoke(base, input=json.dumps(messages).encode(), environ=env, text=False)
        assert out.returncode == 1 and out.stderr.startswith(b"error: "), out.stderr
    own = [{"role": "user", "text": "I moved to Lyon"}]
    out = invoke(base, input=json.dumps(own).encode(), environ=env, text=False)
    assert out.returncode == 0, out.stderr
