"""The entities a read memory's ``subject`` and ``related_user`` point at, filled in when it is read.

A memory keeps the subject and related user its caller gave (``subject.id``/``name``, ``related_user``);
the entity they are is the memory's ``subject`` / ``related_user`` link (made on store, by migration 7
for old subjects and 17 for old related users, or by hand with ``entities link``). It is read through
that link every time a memory is read, not copied into the memory, so it follows a merge (the links move
to the entity kept) and an unmerge (they move back), and only an entity the reader may see is named: the
store's query applies the one read rule to the entity, so an invisible entity leaves the fields null.

A memory linked as ``subject`` without a subject of its own (``entities link --role subject``) reads as
about that entity: ``subject`` is ``{id: <entity id>, name: <entity name>, entity_id, entity_name}``.

The reads that return memories (get, list, recall's hits, history, an entity's memories) read these in
the memory's own statement (each backend's ``rows._refs``, filled by ``storage.memory_rows.with_refs``):
one statement per read, not a second one for the subjects. ``with_entities`` fills them for memories read
without them (``Store.iter_all``), with one ``Store.memory_subjects`` query: the same rule, by the same
filling.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..models import Actor, Memory
from ..storage.base import Store
from ..storage.memory_rows import with_refs

__all__ = ["with_entities"]

M = TypeVar("M", bound=Memory)


def with_entities(store: Store, actor: Actor, memories: Sequence[M]) -> list[M]:
    """``memories`` with ``subject.entity_id``/``entity_name`` and ``related_user_entity_id``/``_name``
    filled from their links to entities ``actor`` may read (one query), in the same order and type."""
    if not memories:
        return []
    refs: dict[tuple[str, str], tuple[str, str]] = {}
    for memory_id, role, entity_id, name in store.memory_subjects(actor, list({m.id for m in memories})):
        refs.setdefault((memory_id, role), (entity_id, name))  # several (rare): the first by name, id
    if not refs:
        return list(memories)
    return [with_refs(m, refs.get((m.id, "subject")), refs.get((m.id, "related_user"))) for m in memories]
