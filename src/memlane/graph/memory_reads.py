"""The read side's cache of what the graph lane reads of memories: each entity's newest readable memories
per reader, and which memories a broad entity is linked to, kept for one **memory generation** of the
store.

A recall that names an entity reads its links (``Store.graph_links``: its newest memories the caller
may read, through the one read rule inside the backend's statement), and the links of its neighbours
(a company is the neighbour of everyone who works there); a question about a broad entity probes which
of the other lanes' candidates are about it (``Store.graph_links_among``). The same entities come back
question after question, and their links change only when memories do. This cache keeps:

- **per (reader, filters, entity, list length)**: the seqs the scoped read returned to that
  :class:`~memlane.models.Actor` with those :class:`~memlane.models.Filters` — the whole frozen
  actor and filters are the key, so no reader is given another reader's answer, and nothing is
  filtered here: the read rule stays in the backend's statement;
- **per entity**: every memory linked to it, in any scope (``Store.entity_link_seqs``), once the
  entity has been probed twice in the generation; only ever intersected with the candidates a scoped
  read of the same recall returned, as the probe is (nothing of it reaches a caller).

Why it is never stale:

- **Per generation.** ``Store.memory_generation`` is moved, in the committing transaction, by every
  change to a memory (any column but the access counts recall writes itself) or to a memory's entity
  links, by triggers (migration 20): every writer, in any process, moves it. The cache reads it at
  each recall that names an entity and starts again when it moved; what is cached under a number was
  read after that number was seen, so it is never older than it.
- **Per expiry window.** Which memories a read sees depends on the recall's ``now`` (an expired memory
  is not read). The cache holds, with its generation, the store's latest expiry time at or before the
  ``now`` it was made for and its earliest after it (``Store.expiry_window``); a recall whose ``now``
  falls outside starts it again.
- **Complete or not kept.** Only whole answers are kept: a link set larger than ``MAX_SET`` is not.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from ..models import Actor, Filters

if TYPE_CHECKING:
    from ..storage.base import Store

__all__ = ["MemoryReads", "memory_reads"]

#: above this many seqs held the cache starts again (a bound on memory)
MAX_HELD = 2_000_000
#: an entity linked to more memories than this is probed, never held whole
MAX_SET = 100_000
#: an entity probed this many times in a generation has its whole link set read
PROBES_BEFORE_SET = 8


class MemoryReads:
    """Links per (reader, filters, entity) and link sets per entity of one store, valid for one
    memory ``generation`` and the times of one expiry ``window``."""

    def __init__(self, generation: int, window: tuple[datetime | None, datetime | None]) -> None:
        self.generation = generation
        self.window = window
        self._links: dict[tuple[Actor, Filters, int, str], tuple[int, ...]] = {}
        self._sets: dict[str, frozenset[int] | None] = {}
        self._probed: dict[str, int] = {}
        self._held = 0
        self._lock = threading.Lock()

    def valid_at(self, now: datetime) -> bool:
        """Whether a read at ``now`` sees the same memories expired as the reads kept here."""
        last, first = self.window
        if last is not None and (now < last or (first is not None and first <= last)):
            return False
        return first is None or now < first

    def links(
        self,
        store: Store,
        actor: Actor,
        filters: Filters,
        entity_ids: Sequence[str],
        now: datetime,
        per_entity: int,
    ) -> dict[str, list[int]]:
        """``store.graph_links`` by entity (its seqs newest first; an entity with none left out), the
        entities not held read in one statement."""
        try:
            hash(filters)
        except TypeError:  # (filters holding a list: not a key; read, not kept)
            return _by_entity(store.graph_links(actor, filters, entity_ids, now, per_entity))
        out: dict[str, list[int]] = {}
        missing: list[str] = []
        for entity_id in dict.fromkeys(entity_ids):
            hit = self._links.get((actor, filters, per_entity, entity_id))
            if hit is None:
                missing.append(entity_id)
            elif hit:
                out[entity_id] = list(hit)
        if missing:
            read = _by_entity(store.graph_links(actor, filters, missing, now, per_entity))
            with self._lock:
                self._make_room(sum(map(len, read.values())) + len(missing))
                for entity_id in missing:
                    self._links[(actor, filters, per_entity, entity_id)] = tuple(read.get(entity_id, ()))
            out.update(read)
        return out

    def links_among(
        self, store: Store, entity_ids: Sequence[str], seqs: Sequence[int]
    ) -> list[tuple[int, str]]:
        """``store.graph_links_among``, ordered by entity and seq: from an entity's held link set, or
        probed (an entity probed ``PROBES_BEFORE_SET`` times in the generation has its set read)."""
        rows: list[tuple[int, str]] = []
        probe: list[str] = []
        for entity_id in sorted(set(entity_ids)):
            linked = self._link_set(store, entity_id)
            if linked is None:
                probe.append(entity_id)
            else:
                rows += [(seq, entity_id) for seq in set(seqs) if seq in linked]
        if probe:
            rows += store.graph_links_among(probe, seqs)
        return sorted(rows, key=lambda row: (row[1], row[0]))

    def _link_set(self, store: Store, entity_id: str) -> frozenset[int] | None:
        if entity_id in self._sets:
            return self._sets[entity_id]
        with self._lock:
            probed = self._probed[entity_id] = self._probed.get(entity_id, 0) + 1
        if probed < PROBES_BEFORE_SET:
            return None
        seqs = store.entity_link_seqs(entity_id, MAX_SET)
        linked = None if seqs is None else frozenset(seqs)
        with self._lock:
            self._make_room(len(seqs or ()) + 1)
            self._sets[entity_id] = linked
        return linked

    def _make_room(self, n: int) -> None:
        """(Under the lock.) Start again when ``n`` more seqs would pass ``MAX_HELD``."""
        if self._held + n > MAX_HELD:
            self._links.clear()
            self._sets.clear()
            self._probed.clear()
            self._held = 0
        self._held += n


def _by_entity(rows: list[tuple[int, str]]) -> dict[str, list[int]]:
    """Entity -> its seqs, newest first."""
    out: dict[str, list[int]] = {}
    for seq, entity_id in rows:
        out.setdefault(entity_id, []).append(seq)
    for seqs in out.values():
        seqs.sort(reverse=True)
    return out


_caches: weakref.WeakKeyDictionary[Store, MemoryReads] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def memory_reads(store: Store, now: datetime) -> MemoryReads:
    """The cache of ``store`` for its current memory generation and a window holding ``now`` (the
    generation read now: one small statement)."""
    generation = store.memory_generation()
    with _lock:
        cache = _caches.get(store)
        if cache is not None and cache.generation == generation and cache.valid_at(now):
            return cache
    fresh = MemoryReads(generation, store.expiry_window(now))
    with _lock:
        _caches[store] = fresh
    return fresh
