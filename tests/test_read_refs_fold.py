"""The reads fold a memory's subject entities into their own statement (``rows._refs``): what they return
is what the separate query gave (``Store.memory_subjects`` through ``graph/memory_refs.with_entities``,
the path every read took before), on both backends, for the cases that query decides: a subject and a
related user linked on store, a subject linked by hand to a memory without one, two subject links (the
first by name, then id), an entity merged away (its links moved), and memories with no link at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memlane import Memlane
from memlane.graph.memory_refs import with_entities
from memlane.models import Memory


def _refs(memories: Sequence[Memory]) -> list[tuple[Any, ...]]:
    return [
        (
            m.id,
            m.subject.model_dump() if m.subject else None,
            m.related_user,
            m.related_user_entity_id,
            m.related_user_entity_name,
        )
        for m in memories
    ]


def _as_before(mem: Memlane, memories: Sequence[Memory]) -> list[tuple[Any, ...]]:
    """The same memories read without their subject entities, then given them by the separate query."""
    store = mem.service.storage
    bare = {m.id: m for m in store.iter_all([m.id for m in memories])}
    return _refs(with_entities(store, mem._actor(None), [bare[m.id] for m in memories]))


def test_the_reads_return_the_subject_entities_the_separate_query_gave(mem: Memlane) -> None:
    kept = mem.store("Ana Lopez signed the Initech tender", subject="Ana Lopez", related_user="kalina")
    plain = mem.store("the wombat likes tea")
    by_hand = mem.store("the budget review is on Friday")
    two = mem.store("Boris Novak runs the Globex account", subject="Boris Novak")
    merged = mem.store("Dr. Georgiev prefers morning calls", subject="Dr. Georgiev")
    old = mem.store("Ana Lopez prefers tea", subject="Ana Lopez")
    mem.store("Ana Lopez prefers green tea", subject="Ana Lopez", replaces=old.id)
    entities = {e.name: e for e in mem.entities.list(limit=100)}
    mem.entities.link(by_hand.id, entities["Ana Lopez"].id, role="subject")
    mem.entities.link(two.id, entities["Ana Lopez"].id, role="subject")  # (Ana before Boris by name)
    mem.entities.merge(entities["Ana Lopez"].id, entities["Dr. Georgiev"].id)

    reads: dict[str, list[Memory]] = {
        "get": [mem.get(m.id) for m in (kept, plain, by_hand, two, merged)],
        "list": mem.list_recent(50),
        "history": mem.history(old.id),
        "recall": list(mem.recall("Ana Lopez tender budget tea Globex", limit=20)),
        "entity memories": mem.entities.memories(entities["Ana Lopez"].id, hops=1),
    }
    for read, memories in reads.items():
        assert memories, read
        assert _refs(memories) == _as_before(mem, memories), read
    # the cases are there: a subject of its own, one by hand, two links, a merged entity, none
    got = {m.id: m for m in reads["list"]}
    ana = (entities["Ana Lopez"].id, "Ana Lopez")
    assert (got[kept.id].subject.entity_id, got[kept.id].subject.entity_name) == ana  # type: ignore[union-attr]
    assert got[kept.id].related_user_entity_name == "kalina"
    assert got[by_hand.id].subject is not None and got[by_hand.id].subject.id == ana[0]
    assert got[two.id].subject.name == "Boris Novak" and got[two.id].subject.entity_id == ana[0]  # type: ignore[union-attr]
    assert got[merged.id].subject.entity_id == ana[0]  # type: ignore[union-attr]
    assert got[plain.id].subject is None and got[plain.id].related_user_entity_id is None
