"""The scope filter (personal / team / agent / workspace) of lists and recall, in the storage query on both
backends: it narrows what the actor may read and never widens it."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from memlane import Memlane
from memlane.errors import InvalidInput
from memlane.models import Scope
from servers import bearer, make_stack, running


def test_scope_of_an_owner() -> None:
    assert [Scope.of(o) for o in ("user:ana", "team:ops", "agent:bot", "workspace")] == list(Scope)


def test_lists_and_recall_filter_by_scope(mem: Memlane) -> None:
    access = mem.service.access
    access.create_team("default", "ops")
    access.add_member("default", "ops", "alice")
    mem.store("alice keeps her notes in a paper notebook", visibility="personal")
    mem.store("the notebook policy: ops archives every notebook", visibility="shared", owner="team:ops")
    mem.store("the company notebook supplier is Leuchtturm", visibility="shared")
    mem.store("bob's own notebook is blue", user="bob", visibility="personal")

    def contents(**filters: object) -> set[str]:
        return {m.content for m in mem.list_recent(50, **filters)}

    assert contents(scopes=["personal"]) == {"alice keeps her notes in a paper notebook"}
    assert contents(scopes=["team"]) == {"the notebook policy: ops archives every notebook"}
    assert contents(scopes=["workspace", "team"]) == {
        "the notebook policy: ops archives every notebook",
        "the company notebook supplier is Leuchtturm",
    }
    assert contents(scopes=["agent"]) == set()
    hits = mem.recall("notebook", limit=10, scopes=["personal"])
    assert [h.content for h in hits] == ["alice keeps her notes in a paper notebook"]
    # bob's personal item stays his: the filter narrows what alice reads, never widens it
    assert "bob's own notebook is blue" not in {h.content for h in mem.recall("notebook", limit=10)}
    with pytest.raises(InvalidInput):
        mem.list_recent(10, scopes=["everyone"])
    with pytest.raises(InvalidInput):
        mem.list_recent(10, scopes="team")


def test_the_rest_api_takes_the_scope_filter(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "rest.db")
    stack.mem.store("the printer on floor two jams", visibility="personal")
    stack.mem.store("the printer contract ends in May", visibility="shared")
    with running(stack.app()) as url:
        listed = httpx.get(
            f"{url}/v1/memories", params={"scope": "workspace"}, headers=bearer(stack.admin_key)
        )
        assert [m["content"] for m in listed.json()["items"]] == ["the printer contract ends in May"]
        hits = httpx.post(f"{url}/v1/recall", json={"query": "printer", "scopes": ["personal"]},
                          headers=bearer(stack.admin_key))  # fmt: skip
        assert [h["content"] for h in hits.json()["hits"]] == ["the printer on floor two jams"]
        wrong = httpx.get(f"{url}/v1/memories", params={"scope": "everyone"}, headers=bearer(stack.admin_key))
        assert wrong.status_code == 422
    stack.mem.close()
