"""One bad write, one answer, embedded and remote (the REST API under the remote SDK): a bad message's
place is ``messages[0].role`` on every surface (REST said ``messages.0.role``); a link's role is refused
in the words of every choice (the SDK said ``must be one of subject, related_user, mention``); a
profile setting no profile has is "is not a known field" (the embedded SDK's create raised a TypeError,
its update said "not a profile setting"); a profile's name is checked by the service (REST said "must
have at most 200 characters"); unnamed bytes to import are "input" to both SDKs (the remote one said
"upload"); ``enabled="false"`` is refused, not read as true; ``update(name=…)`` is an unknown setting, not a
TypeError."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memlane import InvalidInput, Memlane
from servers import make_stack, running


def _cases(c: Any, memory_id: str, entity_id: str) -> dict[str, Callable[[], Any]]:
    return {
        "append role": lambda: c.conversations.append("c1", [{"role": "wizard", "text": "hi"}]),
        "append field": lambda: c.conversations.append("c1", [{"role": "user", "text": "hi", "mood": "ok"}]),
        "extract role": lambda: c.extract([{"role": "user", "text": "hi"}, {"role": "robot", "text": "x"}]),
        "link role": lambda: c.entities.link(memory_id, entity_id, role="boss"),
        "profile create field": lambda: c.profiles.create("p1", colour="red"),
        "profile update field": lambda: c.profiles.update("prefs", colour="red"),
        "profile long name": lambda: c.profiles.create("p" * 201),
        "profile empty name": lambda: c.profiles.create(""),
        "profile enabled text": lambda: c.profiles.create("p2", enabled="false"),
        "profile update name": lambda: c.profiles.update("prefs", name="renamed"),
        "profile instructions": lambda: c.profiles.create("p3", instructions=5),
        "import empty": lambda: c.import_file(b""),
        "import binary": lambda: c.import_file(b"\x00\x01"),
    }


def test_embedded_and_remote_refuse_in_one_message(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "words.db")
    mem = stack.mem
    memory_id = mem.store("Dana likes green tea").id
    entity_id = mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Dana Whitfield"}).id
    mem.profiles.create("prefs")
    said: dict[str, str] = {}
    try:
        for name, call in _cases(mem, memory_id, entity_id).items():
            with pytest.raises(InvalidInput) as refused:
                call()
            said[name] = str(refused.value)
        with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
            for name, call in _cases(remote, memory_id, entity_id).items():
                with pytest.raises(InvalidInput) as refused:
                    call()
                assert str(refused.value) == said[name], name
            # an expiry in minutes, as a number, as the refresh takes one (REST said "must be a string")
            assert remote.profiles.create("minutes", expire_after=90).expire_after == "90 minutes"
        assert said["append role"] == "messages[0].role: must be one of 'user', 'assistant' or 'tool'"
        assert said["extract role"].startswith("messages[1].role: ")
        assert said["link role"] == "role: must be one of 'subject', 'related_user' or 'mention'"
        assert said["profile create field"] == said["profile update field"] == "colour: is not a known field"
        assert said["import empty"].startswith("input holds no memory lines")
        assert (
            said["profile enabled text"] == "enabled: must be true or false"
        )  # (was enabled: bool("false"))
        assert said["profile update name"] == "name: is not a known field"  # (was a TypeError)
        assert said["profile instructions"] == "instructions: must be a string"
        assert [p.name for p in mem.profiles.list()] == [
            "minutes",
            "prefs",
        ] and mem.conversations.list() == []
    finally:
        mem.close()
