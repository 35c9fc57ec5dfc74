"""A store's in-process cache of the entity candidates that linking looks up by key; pure.

Linking on store resolves every name of every stored memory (``graph/linking.py``), and each name asks
the store for the entities of one scope filed under its blocking keys or holding its external ids.
Answering from SQL each time cost most of a store's time. This cache keeps, per (scope, key), the ids
of the entities filed under the key (loaded on first use, an empty answer included) and the entities
themselves by id, so that a name seen before costs dictionary lookups.

It must answer exactly what the tables would inside the transaction asking, so:

- it is used only inside a write transaction, with the store's write lock held (one writer at a time
  in the process, and on SQLite in every process);
- it is stamped with the store's **entity generation**, a counter every transaction that changes an
  entity increments before COMMIT; a transaction that finds another number (another connection or
  process wrote entities meanwhile) starts from an empty cache;
- this transaction's own writes update it as they happen (a new entity joins the keys already
  loaded; a changed entity is read again; ids, merges and unmerges drop what they touch), and a
  transaction that does not commit empties it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

from ..models import Entity
from .base import EntityScope

__all__ = ["EntityCache", "FetchEntities", "FetchKeys", "Settled", "id_key"]

#: the backend's look-up of (is an external id, key or id, entity id) rows for some blocking keys and
#: external ids of one scope (current entities only)
FetchKeys = Callable[[Sequence[str], Sequence[str]], Iterable[tuple[bool, str, str]]]
#: the backend's read of some entities by id, as (seq, entity)
FetchEntities = Callable[[Sequence[str]], Iterable[tuple[int, Entity]]]

#: above this many cached keys the cache starts again (a bound on memory for very large graphs)
MAX_KEYS = 500_000


def id_key(external_id: str) -> str:
    """The cache key of an external id (apart from blocking keys, which never contain a NUL)."""
    return "\x00" + external_id


class Settled:
    """Mentions already resolved (``graph.linking.resolve_into``), each with the keys its resolution
    read and the candidates it compared, so that it is dropped as soon as resolving it again might
    answer otherwise: an entity filed under one of those keys (or given one of those ids) since
    (``drop``); a candidate given a type, which changes how names are compared with it (``retyped``); a
    candidate given new names or ids, for an answer that was not an exact match (``renamed``: an exact
    match can only be challenged by another entity filed under its own name's keys); for a mention whose
    resolution compared organisations, any entity's organisations changing (``drop_affiliated``).

    The answer is an entity id, or ``NOTHING``: the mention is ambiguous (linked to nothing)."""

    #: the answer of a mention that resolves to no entity (ambiguous)
    NOTHING = ""

    def __init__(self) -> None:
        self._found: dict[Hashable, str] = {}
        self._by_key: dict[str, list[Hashable]] = {}
        self._by_candidate: dict[str, list[Hashable]] = {}
        self._loose_by_candidate: dict[str, list[Hashable]] = {}
        self._affiliated: list[Hashable] = []

    def get(self, mention: Hashable) -> str | None:
        return self._found.get(mention)

    def put(
        self,
        mention: Hashable,
        keys: Iterable[str],
        entity_id: str,
        candidates: Iterable[str] = (),
        *,
        exact: bool = True,
        affiliated: bool = False,
    ) -> None:
        """``mention`` resolves to ``entity_id`` (or ``NOTHING``) as long as nothing is filed under
        ``keys`` since and its ``candidates`` are compared the same way; ``exact``: an exact match (of
        a name or an external id); ``affiliated``: its resolution compared the candidates'
        organisations."""
        if len(self._found) >= MAX_KEYS:
            self.clear()
        self._found[mention] = entity_id
        for key in keys:
            self._by_key.setdefault(key, []).append(mention)
        index = self._by_candidate if exact else self._loose_by_candidate
        for candidate in candidates:
            index.setdefault(candidate, []).append(mention)
        if affiliated:
            self._affiliated.append(mention)

    def drop(self, keys: Iterable[str]) -> None:
        for key in keys:
            self._forget(self._by_key.pop(key, ()))

    def retyped(self, entity_id: str) -> None:
        """``entity_id`` has a new type: the mentions it was a candidate of."""
        self._forget(self._by_candidate.pop(entity_id, ()))
        self._forget(self._loose_by_candidate.pop(entity_id, ()))

    def renamed(self, entity_id: str) -> None:
        """``entity_id`` has new names or ids: the mentions it was a candidate of, but exact matches."""
        self._forget(self._loose_by_candidate.pop(entity_id, ()))

    def drop_affiliated(self) -> None:
        """The mentions whose resolution compared organisations (some entity's changed)."""
        self._forget(self._affiliated)
        self._affiliated = []

    def _forget(self, mentions: Iterable[Hashable]) -> None:
        for mention in mentions:
            self._found.pop(mention, None)

    def clear(self) -> None:
        self._found.clear()
        self._by_key.clear()
        self._by_candidate.clear()
        self._loose_by_candidate.clear()
        self._affiliated = []


class EntityCache:
    """Entity ids per (scope, key) and entities by id, valid for one entity ``generation``; and the
    mentions resolved with them (``settled``)."""

    def __init__(self) -> None:
        self.generation = -1
        self._ids: dict[tuple[EntityScope, str], list[str]] = {}
        self._entities: dict[str, tuple[int, Entity]] = {}
        self.settled = Settled()

    def reset(self, generation: int = -1) -> None:
        """Forget everything; valid for ``generation`` (-1: for none)."""
        self.generation = generation
        self._ids.clear()
        self._entities.clear()
        self.settled.clear()

    def candidates(
        self,
        scope: EntityScope,
        keys: Sequence[str],
        external_ids: Sequence[str],
        fetch_keys: FetchKeys,
        fetch_entities: FetchEntities,
    ) -> list[Entity]:
        """``EntityWrites.entity_candidates`` from the cache, reading what it does not hold yet."""
        return self.entities(self.load(scope, keys, external_ids, fetch_keys, fetch_entities))

    def load(
        self,
        scope: EntityScope,
        keys: Sequence[str],
        external_ids: Sequence[str],
        fetch_keys: FetchKeys,
        fetch_entities: FetchEntities,
    ) -> set[str]:
        """Hold ``keys`` and ``external_ids`` of ``scope`` and their entities (one read of each that
        is missing, whatever their number); returns the ids filed under them."""
        wanted = [*keys, *(id_key(v) for v in external_ids)]
        if len(self._ids) + len(wanted) > MAX_KEYS:  # (a bound on memory for very large graphs)
            self._ids.clear()
            self._entities.clear()
        missing = self.missing_keys(scope, wanted)
        if missing:
            names = [k for k in missing if not k.startswith("\x00")]
            ids = [k[1:] for k in missing if k.startswith("\x00")]
            rows = fetch_keys(names, ids)
            self.fill(scope, missing, ((id_key(k) if by_id else k, i) for by_id, k, i in rows))
        found = self.ids(scope, wanted)
        need = self.missing_entities(found)
        if need:
            for seq, entity in fetch_entities(need):
                self.put(seq, entity)
        return found

    def missing_keys(self, scope: EntityScope, keys: Iterable[str]) -> list[str]:
        return [k for k in keys if (scope, k) not in self._ids]

    def fill(self, scope: EntityScope, keys: Sequence[str], found: Iterable[tuple[str, str]]) -> None:
        """Load ``keys`` (each an empty list unless ``found`` has (key, entity id) rows for it)."""
        for key in keys:
            self._ids[(scope, key)] = []
        for key, entity_id in found:
            ids = self._ids.setdefault((scope, key), [])
            if entity_id not in ids:
                ids.append(entity_id)

    def ids(self, scope: EntityScope, keys: Iterable[str]) -> set[str]:
        """The ids filed under any of ``keys`` (all loaded: see ``missing_keys``)."""
        found: set[str] = set()
        for key in keys:
            found.update(self._ids[(scope, key)])
        return found

    def missing_entities(self, ids: Iterable[str]) -> list[str]:
        return [i for i in ids if i not in self._entities]

    def put(self, seq: int, entity: Entity) -> None:
        self._entities[entity.id] = (seq, entity)

    def entities(self, ids: Iterable[str]) -> list[Entity]:
        """The entities of ``ids`` (all loaded) in the order they were created."""
        return [e for _, e in sorted(self._entities[i] for i in ids if i in self._entities)]

    # -- the transaction's own writes -----------------------------------------------------------------

    def added(self, scope: EntityScope, entity_id: str, keys: Iterable[str]) -> None:
        """An entity was filed under ``keys`` (a new one, or new names of one): keys already loaded
        list it too; its row is read again when asked for."""
        keys = list(keys)
        for key in keys:
            ids = self._ids.get((scope, key))
            if ids is not None and entity_id not in ids:
                ids.append(entity_id)
        self._entities.pop(entity_id, None)
        self.settled.drop(keys)

    def removed(self, scope: EntityScope, entity_id: str, keys: Iterable[str]) -> None:
        """An entity is no longer filed under ``keys`` (a newly typed one's keys of its old type): keys
        already loaded no longer list it."""
        keys = list(keys)
        for key in keys:
            ids = self._ids.get((scope, key))
            if ids is not None and entity_id in ids:
                ids.remove(entity_id)
        self.settled.drop(keys)

    def forget_entity(self, entity_id: str) -> None:
        """An entity's row changed (type, attributes): read again when asked for."""
        self._entities.pop(entity_id, None)

    def forget_ids(self, scope: EntityScope, external_ids: Iterable[str]) -> None:
        """External ids were given to an entity (unless another of the scope holds them): read again."""
        keys = [id_key(value) for value in external_ids]
        for key in keys:
            self._ids.pop((scope, key), None)
        self.settled.drop(keys)
