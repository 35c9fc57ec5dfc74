"""``replaces`` is checked before anything else: a duplicate of a current memory does not let a wrong one
(not an id, an unknown id, another user's memory) pass as if it had been checked (both backends)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from memlane import Memlane
from memlane.errors import UnknownMemory
from servers import bearer, make_stack, running


@pytest.mark.parametrize("replaces", ["not-an-id", "01a233f7-0000-7000-8000-000000000000", ""])
def test_a_duplicate_with_a_wrong_replaces_is_refused(mem: Memlane, replaces: str) -> None:
    kept = mem.store("The boiler service is booked for 14 March")
    if not replaces:  # (an empty replaces means none: the duplicate is found as always)
        assert mem.store("The boiler service is booked for 14 March", replaces=replaces).id == kept.id
        return
    with pytest.raises(UnknownMemory, match="replaces"):
        mem.store("The boiler service is booked for 14 March", replaces=replaces)
    assert [m.id for m in mem.list_recent(10)] == [kept.id]  # nothing written, nothing superseded


def test_a_duplicate_cannot_name_another_users_memory(db_path: Path | str) -> None:
    with (
        Memlane(db_path, user="alice", embedder="none") as alice,
        Memlane(db_path, user="bob", embedder="none") as bob,
    ):
        hers = alice.store("Alice keeps the spare key under the blue pot")
        bob.store("The team lunch is on Friday")
        with pytest.raises(UnknownMemory, match="replaces"):
            bob.store("The team lunch is on Friday", replaces=hers.id)


def test_the_rest_api_refuses_a_duplicate_with_an_unknown_replaces(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    stack.mem.store("The dentist appointment is on 3 June")
    with stack.mem, running(stack.app()) as url, httpx.Client(base_url=url, timeout=30) as http:
        body = {"content": "The dentist appointment is on 3 June", "replaces": "nope"}
        out = http.post("/v1/memories", json=body, headers=bearer(stack.admin_key))
        assert out.status_code == 404 and out.json()["error"]["code"] == "unknown_memory"
