"""The read side's cache of entity look-ups by key: what recall's name resolution read, kept per reader
for one **entity generation** of the store.

Every recall that names something looks its words up among the entities the caller may see
(``memlane.graph.query``): each word run of the question, by its blocking keys, in one or two
statements. Most runs resolve to nothing, and the same words come back in question after question.
This cache keeps, per (reader, key), the entities ``Store.entities_by_keys`` answered — an empty answer
included — so that a key read once costs a dictionary look-up until the entities change.

Why it is never wrong:

- **Per reader.** An entry is what the store answered to that :class:`~memlane.models.Actor` (the
  whole, frozen actor is the key), filtered by the one read rule inside the backend's statement; no
  reader is ever given another reader's answer, so no entity, alias or id it may not see.
- **Per generation.** ``Store.entity_generation`` is a counter every transaction that changes an
  entity (a new one, new names or ids, a merge, an unmerge, a restore, a copy into the store)
  increments before it commits, on both backends. A look-up reads it first; a cache filled under
  another number is dropped. What is cached under a number was read after that number was seen, so
  it is never older than it: a reader that sees the number sees (at least) those entities.
- **Complete or not kept.** A read cut short by the candidate limit is used for that recall only.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..models import Actor, Entity

if TYPE_CHECKING:
    from ..storage.base import Store

__all__ = ["EntityLookups", "lookups"]

#: above this many cached keys the cache starts again (a bound on memory)
MAX_KEYS = 200_000


class EntityLookups:
    """Entities per (reader, key) of one store, valid for one entity ``generation``."""

    def __init__(self, generation: int) -> None:
        self.generation = generation
        self._found: dict[tuple[Actor, str], tuple[Entity, ...]] = {}

    def read(
        self, store: Store, actor: Actor, keys: Iterable[str], ids: Iterable[str], limit: int
    ) -> dict[str, list[Entity]]:
        """Key -> the entities ``actor`` may see filed under it (``id:<external id>`` for ``ids``),
        from the cache, reading the missing keys in one ``entities_by_keys`` call."""
        wanted = [*keys, *(f"id:{i}" for i in ids)]
        out: dict[str, list[Entity]] = {}
        missing: list[str] = []
        for key in wanted:
            hit = self._found.get((actor, key))
            if hit is None:
                missing.append(key)
                out[key] = []
            else:
                out[key] = list(hit)
        if not missing:
            return out
        names = [k for k in missing if not k.startswith("id:")]
        external = [k[3:] for k in missing if k.startswith("id:")]
        rows = store.entities_by_keys(actor, names, external, limit)
        for key, entity in rows:
            out[key].append(entity)
        if len(rows) < limit:  # complete: kept (a read cut short serves this recall only)
            if len(self._found) + len(missing) > MAX_KEYS:
                self._found.clear()
            for key in missing:
                self._found[(actor, key)] = tuple(out[key])
        return out

    def __len__(self) -> int:
        return len(self._found)


_caches: weakref.WeakKeyDictionary[Store, EntityLookups] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def lookups(store: Store) -> EntityLookups:
    """The cache of ``store`` for its current entity generation (read now: one small statement)."""
    generation = store.entity_generation()
    with _lock:
        cache = _caches.get(store)
        if cache is None or cache.generation != generation:
            cache = _caches[store] = EntityLookups(generation)
        return cache
