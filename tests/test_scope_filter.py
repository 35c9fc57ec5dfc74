"""The scope filter (personal / team / agent / workspace) of lists and recall, in the storage query on both
backends: it narrows what the actor may read and never widens it."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.errors import InvalidInput
from memlane.models import Scope


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
