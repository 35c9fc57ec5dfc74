"""The merge history (``EntityService.merges``) and undoing any past merge, in any order, on both
backends: what another merge into the same entity still holds stays; a merge whose entity was folded
further since is refused until that later merge is undone; another user sees none of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memlane import InvalidInput, Memlane, NotFound
from memlane.models import Actor

ALICE = Actor(user="alice")


@pytest.fixture
def m(db_path: Path | str) -> Iterator[Memlane]:
    mem = Memlane(db_path, user="alice", embedder="none")
    yield mem
    mem.close()


def _ids(m: Memlane) -> dict[str, str]:
    return {e.name: e.id for e in m.entities.list(limit=100)}


def _memories(m: Memlane, entity_id: str) -> set[str]:
    return {x.content for x in m.entities.memories(entity_id)}


def test_history_lists_merges_and_any_one_is_undone_keeping_what_others_hold(m: Memlane) -> None:
    boiler = m.store("Bob Stone and Carl Stone fixed the boiler").id
    m.store("Alice Stone owns the boiler")
    e = _ids(m)
    a, b, c = e["Alice Stone"], e["Bob Stone"], e["Carl Stone"]
    first = m.entities.merge(a, b)
    second = m.entities.merge(a, c)
    entities = m.service.entities
    history = entities.merges(ALICE)
    assert [p.merge.id for p in history] == [second.id, first.id]  # newest first
    assert [(p.into_name, p.merged_name, p.by, p.undoable) for p in history] == [
        ("Alice Stone", "Carl Stone", "user:alice", True),
        ("Alice Stone", "Bob Stone", "user:alice", True),
    ]
    assert [p.merge.id for p in entities.merges(ALICE, entity_id=b)] == [first.id]
    assert [p.merge.id for p in entities.merges(ALICE, entity_id=a)] == [second.id, first.id]
    # undo the older merge first: Bob comes back, and Alice keeps the boiler memory Carl (still merged)
    # brought too (the first merge added the link; the second found it there)
    assert boiler in {x.id for x in m.entities.memories(a)}
    m.entities.unmerge(first.id)
    assert "Bob Stone and Carl Stone fixed the boiler" in _memories(m, a)
    assert "Bob Stone and Carl Stone fixed the boiler" in _memories(m, b)
    assert m.entities.get(b).name == "Bob Stone"
    undone = entities.merges(ALICE, entity_id=b)[0]
    assert undone.merge.unmerged_at is not None and not undone.undoable
    with pytest.raises(NotFound):
        m.entities.unmerge(first.id)  # once only
    m.entities.unmerge(second.id)
    assert _memories(m, a) == {"Alice Stone owns the boiler"}
    assert _memories(m, c) == {"Bob Stone and Carl Stone fixed the boiler"}


def test_a_merge_into_an_entity_folded_since_waits_for_that_later_merge(m: Memlane) -> None:
    m.store("Bob Stone and Carl Stone fixed the boiler")
    m.store("Dora Stone sold the boiler")
    e = _ids(m)
    b, c, d = e["Bob Stone"], e["Carl Stone"], e["Dora Stone"]
    inner = m.entities.merge(c, b)  # Bob into Carl
    outer = m.entities.merge(d, c)  # then Carl (with Bob) into Dora
    past = {p.merge.id: p for p in m.service.entities.merges(ALICE)}
    assert not past[inner.id].into_current and not past[inner.id].undoable
    assert past[outer.id].undoable
    with pytest.raises(InvalidInput, match="undo that merge first"):
        m.entities.unmerge(inner.id)
    assert {p.merge.id for p in m.service.entities.merges(ALICE) if p.merge.unmerged_at} == set()
    m.entities.unmerge(outer.id)
    m.entities.unmerge(inner.id)
    assert {m.entities.get(x).name for x in (b, c, d)} == {"Bob Stone", "Carl Stone", "Dora Stone"}


def test_another_user_sees_no_merge_of_alices(m: Memlane) -> None:
    m.store("Bob Stone and Carl Stone fixed the boiler")
    e = _ids(m)
    merged = m.entities.merge(e["Bob Stone"], e["Carl Stone"])
    assert m.service.entities.merges(Actor(user="bob")) == []
    assert m.service.entities.merges(Actor(user="alice", workspace="other")) == []
    with pytest.raises(NotFound):
        m.entities.unmerge(merged.id, user="bob")
    assert m.service.entities.merges(ALICE)[0].undoable


def test_one_past_merge_by_id(m: Memlane) -> None:
    m.store("Bob Stone and Carl Stone fixed the boiler")
    e = _ids(m)
    merged = m.entities.merge(e["Bob Stone"], e["Carl Stone"])
    found = m.service.entities.past_merge(ALICE, merged.id)
    assert found.merge == merged and found.merged_name == "Carl Stone" and found.undoable
    with pytest.raises(NotFound):
        m.service.entities.past_merge(Actor(user="bob"), merged.id)
    m.entities.unmerge(merged.id)
    assert not m.service.entities.past_merge(ALICE, merged.id).undoable
