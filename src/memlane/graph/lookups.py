"""The read side's cache of entity look-ups by key: what recall's name resolution read, kept per reader
for one **entity generation** of the store.

Every recall that names something looks its words up among the entities the caller may see
(``memlane.graph.query``): each word run of the question, by its blocking keys, in one or two
statements. Most runs resolve to nothing, and the same words come back in question after question.
This cache keeps, per (reader, key), the entity ids ``Store.entity_ids_by_keys`` answered — an empty
answer included — and the entities by id, so that a key read once costs a dictionary look-up until the
entities change, and an entity found once is not read again (reading an entity's row, with its aliases
and ids, cost more than finding it). On top of those, per (reader, the query's candidate names), what
the whole query came to (``memlane.graph.query.entities_named``): a question asked again, or another
question with the same names, skips resolving its names one by one (kept only when every resolution it
was made of is kept).

Why it is never wrong:

- **Per reader.** A key's entry is what the store answered to that :class:`~memlane.models.Actor`
  (the whole, frozen actor is the key), filtered by the one read rule inside the backend's statement;
  no reader is given another reader's answer. An entity's row is a fact of the store, shared, but a
  reader is handed only the entities its own look-ups found: nothing, no alias or id, it may not see.
- **Per generation.** ``Store.entity_generation`` is a counter every transaction that changes an
  entity (a new one, new names or ids, a merge, an unmerge, a restore, a copy into the store)
  increments before it commits, on both backends. A look-up reads it first; a cache filled under
  another number is dropped. What is cached under a number was read after that number was seen, so
  it is never older than it: a reader that sees the number sees (at least) those entities.
- **Complete or not kept.** A read cut short by the candidate limit is used for that recall only.

Most of a question's word runs are new and name nothing ("present the data migration"): each question
would look them up. The cache also holds, per generation, **every blocking key filed for any entity**
(``Store.entity_key_set``, any scope): a key not in it finds nothing for anyone and is not looked up.
Reading it costs what a few hundred look-ups do in a large graph, so it is read once the look-ups made
under the generation have taken as long as the last reading took (at once the first time): a store
whose entities change between most recalls keeps looking keys up, one whose entities rarely change
stops. It is never carried to another generation (a new key would be missing from it).
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

from ..models import Actor, Entity

if TYPE_CHECKING:
    from ..storage.base import Store
    from .resolution import Resolution

__all__ = ["EntityLookups", "lookups"]

#: above this many cached keys the cache starts again (a bound on memory)
MAX_KEYS = 200_000
#: a query as ``entities_named`` keeps it: (reader, its candidate names, first person, the names found
#: capitalised)
Asked = tuple[Actor, tuple[str, ...], bool, frozenset[str]]

#: above this many queries' answers kept, that part of the cache starts again (a bound on memory)
MAX_QUERIES = 50_000
#: the key set is not kept for a store with more keys filed than this (a bound on memory and on the
#: time one reading takes)
MAX_KEY_SET = 200_000


class EntityLookups:
    """Entity ids per (reader, key) and entities by id of one store, valid for one entity
    ``generation``."""

    def __init__(self, generation: int, load_seconds: float | None = None) -> None:
        self.generation = generation
        #: how long the last reading of the key set took (carried from generation to generation)
        self.load_seconds = load_seconds
        #: every key filed for an entity at this generation, once read (None: not read, or too many)
        self.key_set: frozenset[str] | None = None
        self._tried = False
        #: how long this generation's look-ups took
        self._spent = 0.0
        self._ids: dict[tuple[Actor, str], tuple[str, ...]] = {}
        self._entities: dict[str, Entity] = {}
        #: what a mention resolved to among some of these entities (``memlane.graph.query``)
        self.resolved: dict[Hashable, list[Resolution]] = {}
        #: what a mention resolved to for one reader, among all the entities its keys found for that
        #: reader (kept only when every one of those keys is kept: the same answer until the
        #: generation moves), so that a name read before costs neither its keys nor its resolution
        self.by_reader: dict[tuple[Actor, Hashable], list[Resolution]] = {}
        #: what a whole query's names came to for one reader (entity id -> weight; ``keep_query``)
        self.by_query: dict[Asked, dict[str, float]] = {}

    def read(
        self, store: Store, actor: Actor, keys: Iterable[str], ids: Iterable[str], limit: int
    ) -> dict[str, list[Entity]]:
        """Key -> the entities ``actor`` may see filed under it (``id:<external id>`` for ``ids``),
        from the cache, reading the ids of the missing keys in one statement and the entities not
        held yet in another."""
        wanted = [*keys, *(f"id:{i}" for i in ids)]
        found: dict[str, list[str]] = {}
        missing: list[str] = []
        for key in wanted:
            hit = self._ids.get((actor, key))
            if hit is None:
                missing.append(key)
                found[key] = []
            else:
                found[key] = list(hit)
        if missing:
            names = [k for k in missing if not k.startswith("id:")]
            external = [k[3:] for k in missing if k.startswith("id:")]
            known = self._keys_filed(store) if names else None
            if known is not None:  # the others find nothing, for anyone
                names = [k for k in names if k in known]
            rows: list[tuple[str, str]] = []
            if names or external:
                start = time.perf_counter()
                rows = store.entity_ids_by_keys(actor, names, external, limit)
                self._spent += time.perf_counter() - start
            for key, entity_id in rows:
                found[key].append(entity_id)
            if len(rows) < limit:  # complete: kept (a read cut short serves this recall only)
                if len(self._ids) + len(missing) > MAX_KEYS:
                    self._ids.clear()
                    self._entities.clear()
                    self.resolved.clear()
                    self.by_reader.clear()
                    self.by_query.clear()
                for key in missing:
                    self._ids[(actor, key)] = tuple(found[key])
        # the rows of the entities found: facts of the store, handed only to a reader whose own
        # (scoped) look-up returned their ids
        need = sorted({i for got in found.values() for i in got if i not in self._entities})
        if need:
            for entity in store.entities_by_ids(need):
                self._entities[entity.id] = entity
        return {key: [self._entities[i] for i in got if i in self._entities] for key, got in found.items()}

    def _keys_filed(self, store: Store) -> frozenset[str] | None:
        """The key set, read when the look-ups of this generation have cost what reading it did."""
        if not self._tried and (self.load_seconds is None or self._spent >= self.load_seconds):
            self._tried = True
            start = time.perf_counter()
            self.key_set = store.entity_key_set(MAX_KEY_SET)
            self.load_seconds = time.perf_counter() - start
        return self.key_set

    def keep_query(self, asked: Asked, weights: dict[str, float]) -> None:
        """Keep what a query's names came to for a reader (``asked`` starts with the reader), once every
        resolution it was made of is kept: a query read again costs one dictionary look-up until the
        generation moves."""
        if len(self.by_query) >= MAX_QUERIES:
            self.by_query.clear()
        self.by_query[asked] = dict(weights)

    def kept(self, actor: Actor, keys: Iterable[str]) -> bool:
        """Whether ``actor``'s look-up of every one of ``keys`` is kept (read complete)."""
        return all((actor, key) in self._ids for key in keys)

    def entities(self, entity_ids: Iterable[str]) -> dict[str, Entity]:
        """The kept rows of ``entity_ids`` (ids a reader's own look-ups returned)."""
        return {i: self._entities[i] for i in entity_ids if i in self._entities}

    def __len__(self) -> int:
        return len(self._ids)


_caches: weakref.WeakKeyDictionary[Store, EntityLookups] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def lookups(store: Store) -> EntityLookups:
    """The cache of ``store`` for its current entity generation (read now: one small statement)."""
    generation = store.entity_generation()
    with _lock:
        cache = _caches.get(store)
        if cache is None or cache.generation != generation:
            cache = _caches[store] = EntityLookups(generation, cache.load_seconds if cache else None)
        return cache
