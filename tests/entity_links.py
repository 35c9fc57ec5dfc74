"""Looks at the entity graph one user sees, shared by the linking-cache tests of both backends."""

from __future__ import annotations

from memlane import Memlane
from memlane.models import Actor

ALICE = Actor(user="alice")


def linked(mem: Memlane, memory_id: str, actor: Actor = ALICE) -> set[str]:
    """Ids of the entities ``memory_id`` is linked to, as ``actor`` sees them."""
    return {e.id for _, e in mem.service.storage.memory_entities(actor, memory_id)}


def entity_named(mem: Memlane, name: str, actor: Actor = ALICE) -> str:
    """The id of the one entity called ``name`` that ``actor`` sees (fails if there is not exactly one)."""
    found = [e.id for e in mem.service.storage.list_entities(actor) if e.name == name]
    assert len(found) == 1, (name, found)
    return found[0]
