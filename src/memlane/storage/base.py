"""The storage contract: what the service and the retrieval lanes may ask of a backend.

Backends hold SQL and row mapping only; ranking policy lives in ``memlane.retrieval``. Every method
that reads takes the ``Actor`` and ``Filters`` and applies them inside the query itself.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from ..models import (
    Actor,
    ConversationMessage,
    ConversationSummary,
    Edge,
    Entity,
    EntityMerge,
    Filters,
    JobRun,
    KeyInfo,
    Memory,
    PastMerge,
    Profile,
    ProfileLogEntry,
    TeamInfo,
    UserInfo,
)
from .graph_transfer import GraphRows

if TYPE_CHECKING:
    from .entity_cache import Settled

__all__ = [
    "AFFILIATIONS",
    "ConversationStore",
    "EntityReads",
    "EntityScope",
    "EntityWrites",
    "GraphReads",
    "HeldKind",
    "IdentityStore",
    "LinkRole",
    "Merge",
    "NewMemory",
    "ProfileStore",
    "SessionRow",
    "Store",
    "StoreHealth",
    "WriteTxn",
]

#: what ``EntityWrites.held_by`` looks an id up among
HeldKind = Literal["memory", "entity", "edge", "merge"]
#: how a memory refers to an entity
LinkRole = Literal["subject", "related_user", "mention"]
#: the relations that make an organisation an entity's affiliation (``EntityWrites.entity_affiliations``)
AFFILIATIONS = ("works_at", "customer_of", "member_of")


@dataclass(frozen=True, slots=True)
class StoreHealth:
    """The state of a store's database, for ``/health``.

    ``ok``: reads and writes work. ``degraded``: reads work but the last write failed for the database's
    sake (a full disk, an I/O error, a damaged file). ``failing``: the database cannot be read.
    ``message`` says why, for the server's log; ``public`` says no more than the kind, for its clients."""

    status: Literal["ok", "degraded", "failing"]
    message: str = ""
    public: str = ""


@dataclass(slots=True)
class NewMemory:
    """A row to insert: the item plus what the indexes need."""

    memory: Memory
    chain_id: str
    content_hash: str
    entity_keys: frozenset[str]
    vector: npt.NDArray[np.float32] | None = None
    fts_subject: str = ""
    #: the text the keyword index sees, when it differs from the content (None: the content)
    fts_content: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Merge:
    """One consolidated memory to write (``WriteTxn.write_merges``): ``row`` is inserted, each
    (id, chain_id, superseded_by, superseded_at) of ``links`` applied (the members' versions moved into
    its chain, the members superseded by it) and the entity links of ``members`` copied onto it, and
    every reader's access counts of them (each reader's own, summed: ``storage/access.py``)."""

    row: NewMemory
    members: tuple[str, ...]
    links: tuple[tuple[str, str, str | None, datetime | None], ...]


class EntityScope(NamedTuple):
    """Where an entity lives: the owner and visibility of the memories or record it came from (the same
    read rule as memories decides who sees it). A named tuple: linking looks names up by (scope, ...)
    keys many times per stored memory, and a tuple hashes and compares in C (a frozen dataclass's
    ``__hash__`` and ``__eq__`` are Python functions)."""

    workspace: str
    owner: str
    visibility: str


@dataclass(frozen=True, slots=True)
class ConsolidationRun:
    """What one consolidation run changed, recorded so that one call undoes it: the memories it wrote
    (one per merged cluster) and the entity merges it made, each with the (workspace, owner) whose
    reader folded it (the operator's run folds every owner's entities as that owner's reader).
    ``workspace`` None: the whole store; ``actor`` None: the operator (nightly job, embedded CLI)."""

    id: str
    workspace: str | None
    actor: str | None
    at: datetime
    clusters: tuple[str, ...]
    folds: tuple[tuple[str, str, str], ...]  # (merge id, workspace, owner)
    undone_at: datetime | None = None

    def detail(self) -> dict[str, Any]:
        return {"clusters": list(self.clusters), "folds": [list(f) for f in self.folds]}

    @classmethod
    def from_row(
        cls,
        id: str,
        workspace: str | None,
        actor: str | None,
        at: datetime,
        detail: dict[str, Any],
        undone_at: datetime | None,
    ) -> ConsolidationRun:
        folds = tuple((str(m), str(w), str(o)) for m, w, o in detail.get("folds", []))
        clusters = tuple(str(c) for c in detail.get("clusters", []))
        return cls(id, workspace, actor, at, clusters, folds, undone_at)


class ConsolidationRunWrites(Protocol):
    """The record of consolidation runs (``memlane.consolidation``), inside ``Store.write()``."""

    def save_consolidation_run(self, run: ConsolidationRun) -> None: ...

    def consolidation_run_for_update(self, run_id: str) -> ConsolidationRun | None:
        """The run, locked until commit (PostgreSQL) so that two undos of one run do not interleave."""
        ...

    def mark_consolidation_run_undone(self, run_id: str, at: datetime) -> None: ...


class EntityRekeyWrites(Protocol):
    """Re-keying entities with the current name rules (``memlane.graph.rekey``), inside ``Store.write()``."""

    def entities_after(self, after_seq: int, limit: int) -> list[tuple[int, Entity, frozenset[str]]]:
        """Up to ``limit`` current (not merged) entities after ``after_seq``, in seq order: (seq, the
        entity with its aliases, its lookup keys as stored)."""
        ...

    def replace_entity_keys(self, entity: Entity, add: Sequence[str], remove: Sequence[str]) -> None:
        """File the entity under ``add`` too and no longer under ``remove`` (the entity cache and the
        entity generation follow, as for every entity change)."""
        ...

    def entity_memories(self, entity_ids: Sequence[str]) -> list[tuple[str, int, str]]:
        """(entity id, memory seq, content) of every memory linked to one of ``entity_ids`` by a mention
        of its text (role ``mention``), in seq order: what ``graph.rekey`` reads the relatives' keys
        from."""
        ...

    def entity_key_rules(self) -> int | None:
        """The marker of the name rules the entities were last keyed with (``graph.rekey.key_rules``:
        their version; a fingerprint of the key modules' source before versions); None when none was
        recorded (a store keyed before either was kept)."""
        ...

    def set_entity_key_rules(self, fingerprint: int) -> None:
        """Record that every entity is keyed with the name rules of the marker ``fingerprint``."""
        ...


class EntityWrites(Protocol):
    """Entity operations inside ``Store.write()`` (the memory's own transaction when linking on store).

    Names arrive with their normalised forms and blocking keys computed by ``memlane.graph``; the
    backend stores and looks them up. Merged entities (folded into another) are invisible to all of
    these except ``unmerge_entities``."""

    #: how many times this transaction has made memories unreadable or changed who may read them
    #: (superseded, deleted, archived or restored, relinked, their expiry set): ``graph.said_reads`` keeps
    #: what it read of a candidate's first texts only while this stays as it was
    memories_retired: int

    def entity_candidates(
        self, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> list[Entity]:
        """Entities of exactly this scope filed under any of ``keys`` or holding any of the ids."""
        ...

    def prefetch_candidates(
        self, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> None:
        """Read what ``entity_candidates`` would for all these keys and ids at once, so that the
        look-ups of a batch's names that follow are answered without a statement each (a hint: it
        changes no answer)."""
        ...

    def entity_affiliations(
        self, actor: Actor, entity_ids: Sequence[str], now: datetime
    ) -> dict[str, tuple[str, ...]]:
        """The names of the organisations each entity is linked to now (``AFFILIATIONS`` edges still
        open), under the one read rule: an organisation ``actor`` may read, and an edge read from text
        only while one of the memories stating it is one ``actor`` may read now (current, not
        expired), as the graph lane follows edges. An edge ``actor`` may not see changes no decision."""
        ...

    def entity_evidence(
        self, actor: Actor, entity_ids: Sequence[str], per_entity: int, now: datetime
    ) -> list[tuple[str, str, str]]:
        """What linking reads of each candidate (``graph.said_reads``), in one statement, under the one
        read rule of every read: (entity id, ``"text"``, content) of the first ``per_entity`` memories
        (oldest first) that name it in their text (``mention`` links) and that ``actor`` may read now
        (any space; not superseded, archived or expired), then (entity id, ``"organisation"``, name) of
        its ``entity_affiliations``. Sees this transaction's own writes."""
        ...

    def resolution_memo(self) -> Settled:
        """Mentions resolved earlier in this transaction (SQLite: also in earlier ones of this process,
        ``storage/entity_cache.py``) whose resolution no entity write since can have changed."""
        ...

    def insert_entity(
        self,
        entity: Entity,
        normalised_aliases: Sequence[tuple[str, str]],
        keys: frozenset[str],
        *,
        from_text: Sequence[str] = (),
    ) -> None:
        """A new entity with its (alias, normalised) pairs, external ids and blocking keys. ``from_text``:
        those of its external ids read from a memory's text only (an e-mail address it names), which go
        when the memories naming them are all deleted (``add_external_id_sources``); the others were
        given (a record, an account, an explicit id) and stay."""
        ...

    def update_entity(
        self,
        entity_id: str,
        at: datetime,
        *,
        type: str | None = None,
        attributes: dict[str, Any] | None = None,
        aliases: Sequence[tuple[str, str]] = (),
        external_ids: Sequence[str] = (),
        keys: frozenset[str] = frozenset(),
        from_text: Sequence[str] = (),
        drop_keys: Sequence[str] = (),
    ) -> None:
        """Set the type and/or attributes (None: unchanged) and add names, ids and keys it lacks. An
        external id held by another entity of the scope stays there (ids are unique per scope).
        ``from_text``: as for ``insert_entity``; an id the entity had from text only and that is now
        given (in ``external_ids``, not in ``from_text``) is given from then on. ``drop_keys``: keys it
        is no longer filed under (a newly typed entity's names give the keys of its new type only, as
        ``graph.rekey`` files them)."""
        ...

    def confirm_external_ids(self, entity_id: str, external_ids: Sequence[str]) -> None:
        """The entity's ``external_ids`` that it had from memories' text only are given from now on (a
        record or an explicit id states them): they stay when those memories go."""
        ...

    def add_external_id_sources(self, memory_seq: int, external_ids: Sequence[str]) -> None:
        """Memory ``memory_seq``'s text names these external ids (of entities of its own scope): an id
        an entity has from text only lives while one such memory does (deleting the last one deletes
        it, in the same transaction)."""
        ...

    def add_key_sources(self, memory_seq: int, keys: Sequence[str]) -> None:
        """Memory ``memory_seq``'s text gives these lookup keys to an entity it links (a relative's key,
        ``graph.linking.kin_keys``: "my father Tomasz" gives Tomasz ``k:father``): such a key lives while
        a memory linked to the entity gives it (deleting the last one deletes it, in the same
        transaction)."""
        ...

    def link_memory(self, memory_seq: int, entity_id: str, role: LinkRole) -> None: ...

    def copy_entity_links(self, memory_seq: int, from_ids: Sequence[str]) -> None:
        """Give memory ``memory_seq`` every entity link (same entity, same role) of the memories
        ``from_ids`` (a consolidation's members: their subject and hand-made links carry over)."""
        ...

    def link_entities(self, links: Sequence[tuple[int, str, LinkRole]]) -> None:
        """``link_memory`` for each (memory seq, entity id, role), in one statement."""
        ...

    def upsert_edge(self, edge: Edge, *, closing: datetime | None = None) -> Edge:
        """Insert, or update the provenance and validity of the same (src, relation, dst) (a new
        provenance replaces the old one only when given; the validity window is the edge's). A
        ``provenance`` naming a memory (``{"memory": id}``) makes that memory a source of the edge.
        ``closing``: first end, at that time, the open edges of the same ``src`` and ``relation`` to any
        other entity (``close_edges``: a single-valued relation stated anew), in the same write (on
        PostgreSQL one statement for the three)."""
        ...

    def close_edges(self, src: str, relation: str, keep_dst: str, at: datetime) -> None:
        """End (``valid_to`` = ``at``) the open ``relation`` edges from ``src`` to any other entity than
        ``keep_dst``: a single-valued relation (``works_at`` of a contact, ``assigned_to`` of a ticket)
        that a record now states otherwise."""
        ...

    def end_memory_edges(self, memory_ids: Sequence[str], at: datetime) -> None:
        """End (``valid_to`` = ``at``) the open edges whose provenance is one of these memories
        (``{"memory": id}``: the relations their text stated), when a new version supersedes them.
        (Deleting a memory deletes those edges with it.)"""
        ...

    def entity_for_update(self, actor: Actor, entity_id: str) -> Entity | None:
        """A current entity ``actor`` may read, locked for this transaction where writers race."""
        ...

    def merge_entities(self, merge: EntityMerge, actor: Actor, names: Sequence[tuple[str, str]]) -> None:
        """Fold ``merge.merged`` into ``merge.into`` (same scope: the caller checked): its names, ids,
        keys, edges and memory links move over, ``names`` (its name, normalised) become aliases of
        ``into``, and what moved is recorded
        under ``merge.id`` so that ``unmerge_entities`` can restore it."""
        ...

    def unmerge_entities(self, actor: Actor, merge_id: str, at: datetime) -> EntityMerge | None:
        """Undo a merge readable by ``actor``: the merged entity comes back with what it had; None when
        there is no such merge (or it is undone already)."""
        ...

    # -- restoring memlane's export (``transfer_graph``): rows in ``storage.graph_transfer`` form -------

    def restore_entity(self, workspace: str, row: dict[str, Any]) -> bool:
        """Insert the entity (merged or not) with its aliases, external ids and keys, in ``workspace``;
        False (nothing written) when its id exists. An external id another entity of the scope holds
        stays there."""
        ...

    def entity_scope(self, entity_id: str) -> tuple[str, str, str] | None:
        """The (workspace, owner, visibility) of the entity with this id, merged or not, whoever's it is;
        None when there is none. Only to tell a restored id's holder from the export's entity."""
        ...

    def held_by(self, kind: HeldKind, item_id: str) -> tuple[str, str, str] | None:
        """The (workspace, owner, visibility) of the memory, entity, edge (its ``src`` entity's) or merge
        (its ``into`` entity's) with this id, whoever's it is; None when there is none. Only for a
        restore to tell an id of its own scope (restored before) from one held elsewhere (given a new id,
        so that nothing the caller may not see changes what the restore does or answers)."""
        ...

    def restore_edge(self, row: dict[str, Any]) -> bool:
        """Insert the edge; False when its id or its (src, relation, dst) exists. Its sources are kept
        only where they are memories of its ``src`` entity's workspace, owner and visibility."""
        ...

    def restore_link(self, memory_id: str, entity_id: str, role: LinkRole) -> bool:
        """Link the memory (by id) to the entity; False when there is no such memory of the entity's
        workspace, owner and visibility, or the link exists."""
        ...

    def restore_merge(self, workspace: str, row: dict[str, Any]) -> bool:
        """Insert the merge record (its snapshot names memories by id: those that are not memories of the
        merged entity's workspace, owner and visibility are left out); False when its id exists."""
        ...


class EntityReads(Protocol):
    """Entity reads, filtered by ``actor`` inside the query with the memories' own read rule."""

    def get_entity(self, actor: Actor, entity_id: str) -> Entity | None: ...

    def list_entities(
        self,
        actor: Actor,
        *,
        type: str | None = None,
        keys: Sequence[str] = (),
        external_ids: Sequence[str] = (),
        limit: int = 50,
        offset: int = 0,
    ) -> list[Entity]:
        """Newest first; with ``keys`` or ``external_ids``, only entities filed under one of them."""
        ...

    def entity_page(
        self,
        actor: Actor,
        *,
        type: str | None = None,
        limit: int = 50,
        offset: int = 0,
        before: tuple[datetime, str] | None = None,
    ) -> list[tuple[int, Entity]]:
        """(seq, entity), newest first (by created_at, then id); with ``before`` (the (created_at, id) of
        the previous page's last entity) only those after it in this order: keyset paging."""
        ...

    def entity_edges(self, actor: Actor, entity_id: str) -> list[Edge]:
        """Edges from or to the entity."""
        ...

    def entity_merges(
        self,
        actor: Actor,
        *,
        entity_id: str | None = None,
        merge_id: str | None = None,
        limit: int = 50,
        before: tuple[datetime, str] | None = None,
    ) -> list[PastMerge]:
        """Merges whose merged entity ``actor`` may read (undone ones too), newest first; with
        ``entity_id`` those into or of that entity, with ``merge_id`` that one; with ``before`` (the
        (merged_at, id) of the previous page's last merge) those after it in that order (keyset paging)."""
        ...

    def memory_entities(self, actor: Actor, memory_id: str) -> list[tuple[str, Entity]]:
        """(role, entity) of a memory ``actor`` may read."""
        ...

    def memory_subjects(self, actor: Actor, memory_ids: Sequence[str]) -> list[tuple[str, str, str, str]]:
        """(memory id, role, entity id, entity name) of the ``subject`` and ``related_user`` links of
        those memories, to entities ``actor`` may read (current ones: a merge moved its links), ordered
        by memory id, role, entity name and id. The memory ids come from the caller's own reads. (For
        memories read without them, ``iter_all``: the other reads fold the same into their statement.)"""
        ...

    def export_graph(self, actor: Actor) -> GraphRows:
        """Every entity ``actor`` may read (merged ones too), with the edges from them, their links to
        memories ``actor`` may read, and the merges of them (``storage.graph_transfer`` form)."""
        ...

    def entity_memories(
        self,
        actor: Actor,
        filters: Filters,
        entity_ids: Sequence[str],
        now: datetime,
        limit: int,
        hops: int = 1,
    ) -> list[tuple[int, int]]:
        """(seq, distance) of memories linked to the entities (distance 0) or, with ``hops`` 1, to an
        entity one edge away from one of them (distance 1); nearest first, then newest. One query."""
        ...


class GraphReads(Protocol):
    """What the graph lane of recall reads, filtered by ``actor`` (and the recall's ``filters``) inside
    each query: entities the caller may see, memories the caller may read, edges between visible
    entities. No number returned depends on anything else."""

    def entity_generation(self) -> int:
        """A number that every committed change to an entity (a new one, its names, ids, type or
        attributes, a merge, an unmerge, a restore or copy into the store) moves: what recall read by
        key (``memlane.graph.lookups``) stays valid while it does not."""
        ...

    def memory_generation(self) -> int:
        """A number that every committed change to a memory (any column but its access counts: a new
        one, an edit, a supersession, a state, an expiry time, a deletion) or to a memory's entity links
        moves, whoever makes it (triggers, migration 20): what recall read of the links stays valid
        while it does not (``memlane.graph.memory_reads``)."""
        ...

    def expiry_window(self, now: datetime) -> tuple[datetime | None, datetime | None]:
        """(the latest ``expires_at`` at or before ``now``, the earliest after it), over every memory of
        the store (None: there is none). Which memories are expired is the same at every time from the
        first up to, not including, the second. Not scope-filtered: recall only learns from it when to
        read again; nothing of it reaches a caller."""
        ...

    def entity_link_seqs(self, entity_id: str, limit: int) -> list[int] | None:
        """Every memory linked to ``entity_id`` (None: more than ``limit``). Not scope-filtered, like
        ``graph_links_among``: only ever intersected with seqs a scoped read of the same recall
        returned."""
        ...

    def entity_ids_by_keys(
        self, actor: Actor, keys: Sequence[str], external_ids: Sequence[str], limit: int
    ) -> list[tuple[str, str]]:
        """(key, entity id) of the current entities ``actor`` may see that are filed under one of
        ``keys`` (blocking keys) or hold one of ``external_ids`` (then the key is ``"id:" + external
        id``); at most ``limit`` rows."""
        ...

    def entities_by_ids(self, entity_ids: Sequence[str]) -> list[Entity]:
        """The entities of ``entity_ids``. Not scope-filtered: only for ids a scoped read returned to
        the same caller (``entity_ids_by_keys``), like ``graph_links_among``."""
        ...

    def entity_key_set(self, limit: int) -> frozenset[str] | None:
        """Every blocking key filed for an entity, in any scope (a superset of what any caller's
        ``entity_ids_by_keys`` can find), or None when there are more than ``limit`` filed. Not
        scope-filtered: recall only skips the look-ups of keys not in it, which find nothing for
        anyone; nothing of it reaches a caller."""
        ...

    def graph_neighbours(
        self, actor: Actor, filters: Filters, entity_ids: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[str, float]]:
        """(entity, strength) one hop from any of ``entity_ids`` and not one of them, strongest first: a
        current edge (``valid_to`` unset or later than ``now``) counts 1, and so does each readable
        memory that names both. Both ends must be visible to ``actor``."""
        ...

    def graph_links(
        self, actor: Actor, filters: Filters, entity_ids: Sequence[str], now: datetime, per_entity: int
    ) -> list[tuple[int, str]]:
        """(seq, entity): for each entity, the newest ``per_entity`` readable memories linked to it (so
        that fewer than ``per_entity`` rows of an entity are all its readable memories)."""
        ...

    def graph_links_among(self, entity_ids: Sequence[str], seqs: Sequence[int]) -> list[tuple[int, str]]:
        """(seq, entity) of the links between ``seqs`` and ``entity_ids``: which of a recall's candidates
        are about an entity with too many memories to list. Not scope-filtered: only for seqs that a
        scoped read of the same recall returned (the other lanes' candidates), like ``entity_keys_of``."""
        ...


class WriteTxn(EntityWrites, ConsolidationRunWrites, EntityRekeyWrites, Protocol):
    """Operations valid only inside ``Store.write()``: all or nothing."""

    def current_of_chain(self, chain_id: str) -> Memory | None: ...

    def chain_id_of(self, memory_id: str) -> str | None: ...

    def find_current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str, now: datetime, *,
        profile_id: str | None,
    ) -> Memory | None:  # fmt: skip
        """The current item with this content hash in that owner's bucket and ``profile_id``'s memory set
        (None: the memories no profile wrote): what a new item with it would duplicate. Each profile keeps
        its own memories (deleting or expiring one profile's never takes another's), so the same statement
        may be current once per profile. One past its ``expires_at`` at ``now`` is gone for every read and
        is no duplicate."""
        ...

    def find_by_id(self, memory_id: str) -> Memory | None:
        """Unscoped: only for ids the transaction already obtained through a scoped query."""
        ...

    def get_for_update(self, actor: Actor, memory_id: str) -> Memory | None:
        """The item if ``actor`` may read it and it has not expired (gone for writes as for reads)."""
        ...

    def lock_chains_of(self, memory_ids: Sequence[str]) -> None:
        """Lock the version chains of these items until the transaction ends, in the one canonical order
        every writer locks several chains in (PostgreSQL; SQLite has one writer at a time), so that a
        transaction that will change them later does not take them one by one in its own order."""
        ...

    #: whether ``lock_chains_of`` locks anything: False where the transaction is the only writer
    #: (SQLite), so nothing gains from knowing the chains a batch will change before it changes them
    locks_chains: bool

    def supersession_candidates(
        self, memory: Memory, entity_keys: frozenset[str], limit: int
    ) -> list[tuple[str, str, datetime]]:
        """(id, content, observed_at) of the current items of ``memory``'s owner, visibility and space
        sharing one of ``entity_keys``, not archived and not expired at ``memory.created_at``."""
        ...

    def insert(self, row: NewMemory) -> int | None:
        """The new row's seq; None when an identical current item (same owner, visibility, space and
        content hash) was committed by a concurrent writer after the caller's duplicate check (only
        where writers run concurrently: PostgreSQL). Nothing is written then. An expired current item with
        the same content hash (no duplicate, but not yet deleted by the expiry job) is deleted first, as
        the expiry job would, so the new item takes its place."""
        ...

    def mark_superseded(self, memory_id: str, by_id: str, at: datetime) -> None: ...

    def relink(self, links: Sequence[tuple[str, str, str | None, datetime | None]], at: datetime) -> None:
        """Set (chain id, superseded by, superseded at) of each (id, chain_id, superseded_by,
        superseded_at): consolidation moves merged chains into the new item's chain, and its undo moves
        them back (``memlane.consolidation``)."""
        ...

    def chain_ids(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]: ...

    def chains(self, actor: Actor, memory_ids: Sequence[str]) -> dict[str, list[Memory]]:
        """For each given id visible to ``actor``, every version of its chain (oldest first)."""
        ...

    def chains_of(self, actor: Actor, memory_ids: Sequence[str]) -> dict[str, tuple[str, list[Memory]]]:
        """For each given id visible to ``actor``, its chain id and every version of its chain (oldest
        first), in one read for many ids; the chains are locked until the transaction ends (PostgreSQL,
        as ``delete_chains`` locks them)."""
        ...

    def write_merges(self, merges: Sequence[Merge], at: datetime) -> list[int | None]:
        """Write many consolidated memories at once (``Merge``): each one's seq, None where an identical
        current item committed by a concurrent writer held its text (PostgreSQL; that merge's links
        were written all the same, so the caller rolls the transaction back)."""
        ...

    def delete_chains(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]: ...

    def add_access(self, reader: str, counts: Sequence[tuple[int, int, datetime | None]]) -> None:
        """Add (seq, count, last access) to ``reader``'s own access counts (a restored export brings
        the caller's own counts back; ``storage/access.py``)."""
        ...

    def set_state(self, actor: Actor, memory_id: str, state: str, at: datetime) -> Memory | None: ...

    def set_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None: ...

    def replace_keys(self, seq: int, content: str, subject: str, keys: frozenset[str]) -> None: ...

    def rebuild_stats(self, workspace: str | None = None) -> None:
        """Count the statistics of one workspace (None: all) again from the indexes (after reindex)."""
        ...

    def audit(self, actor: Actor, action: str, memory_id: str | None, detail: dict[str, Any]) -> None: ...

    def claim_exchange(self, workspace: str, digest: str, at: datetime) -> bool:
        """Record that the exchange with this content hash was extracted; False (and nothing written)
        when it already was. In the same transaction as what the extraction stores: all or nothing."""
        ...

    def delete_profile_memories(self, workspace: str, profile_id: str) -> list[str]:
        """Delete every memory the profile wrote, from every index (rows, vectors, full text, entity
        keys and links); their ids. Unscoped: the caller decided who may."""
        ...

    def delete_expired(self, now: datetime, limit: int) -> list[tuple[str, str | None, str]]:
        """Delete up to ``limit`` memories whose ``expires_at`` is at or before ``now``, from every index;
        (workspace, profile id or None, memory id) of each."""
        ...

    def set_profile_expiry(
        self, workspace: str, profile_id: str, expiry: Callable[[datetime], datetime | None]
    ) -> int:
        """Set ``expires_at`` of every memory of the profile to ``expiry(created_at)``; how many."""
        ...


@dataclass(frozen=True, slots=True)
class SessionRow:
    """A live dashboard session (``IdentityStore.session_by_hash``): signed in with ``key`` (live, not
    revoked), or, when ``key`` is None, with a one-time link as the local ``operator``."""

    workspace: str
    key: KeyInfo | None
    operator: str | None
    acting_user: str | None
    expires_at: datetime


class IdentityStore(Protocol):
    """Workspaces, users (and their opt-out), teams with members, agents and API keys, in the store's own
    database (one SQLite file stays one file). Rows and SQL only: what is allowed, names, key generation
    and hashing are decided by ``memlane.auth.AccessService`` on top. Each method is one transaction."""

    def key_by_hash(self, key_hash: str) -> KeyInfo | None:
        """The live (not revoked) key with this SHA-256, or None."""
        ...

    # -- dashboard sessions: only the token's SHA-256 is stored ----------------------------------------

    def insert_session(
        self, token_hash: str, workspace: str, *, key_id: str | None, operator: str | None,
        acting_user: str | None, created_at: datetime, expires_at: datetime,
    ) -> None:  # fmt: skip
        """A new session, of a key (``key_id``) or of the local operator (``operator``), one of them."""
        ...

    def session_by_hash(self, token_hash: str, now: datetime) -> SessionRow | None:
        """The session, when it is not revoked, not expired at ``now``, and its key (if any) is live."""
        ...

    def extend_session(self, token_hash: str, expires_at: datetime) -> None:
        """Move its expiry (best effort: never waits for another writer, never fails the request)."""
        ...

    def revoke_session(self, token_hash: str, at: datetime) -> None: ...

    def purge_sessions(self, before: datetime) -> None:
        """Delete the sessions expired or revoked before ``before``."""
        ...

    # -- one-time sign-in links: only the token's SHA-256 is stored -----------------------------------

    def insert_signin_link(
        self, token_hash: str, workspace: str, *, key_id: str | None, operator: str | None,
        created_at: datetime, expires_at: datetime,
    ) -> None:  # fmt: skip
        """A new link, of a key (``key_id``) or of the local operator (``operator``), one of them."""
        ...

    def take_signin_link(self, token_hash: str, now: datetime) -> SessionRow | None:
        """Delete the link (single use: of two takers at once, one gets it) and return whom it signs in,
        when it had not expired at ``now`` and its key (if any) is live; None otherwise."""
        ...

    def purge_signin_links(self, before: datetime) -> None:
        """Delete the links that expired before ``before``."""
        ...

    def note_key_use(self, key_id: str, at: datetime) -> None: ...

    def insert_key(self, key: KeyInfo, key_hash: str, *, only_if_none: bool = False) -> bool:
        """Insert a key, creating its workspace, and the user and agent it is bound to, if they do not
        exist. ``only_if_none``: only on a store that holds no key at all, revoked ones included (else
        only the workspace is created). True when the key was inserted."""
        ...

    def list_keys(self, workspace: str) -> list[KeyInfo]: ...

    def revoke_key(self, workspace: str, key_id: str, at: datetime) -> KeyInfo | None:
        """Revoke a key of this workspace (kept revoked at its first revocation); None if none."""
        ...

    def teams_of(self, workspace: str, user: str) -> tuple[str, ...]: ...

    def opted_out(self, workspace: str, user: str) -> bool: ...

    def ensure_user(self, workspace: str, name: str, at: datetime) -> None:
        """Register a user (and their workspace) if they are not yet."""
        ...

    def set_opted_out(self, workspace: str, name: str, opted_out: bool, at: datetime) -> None:
        """Set a user's opt-out, registering them (and their workspace) if needed."""
        ...

    def get_user(self, workspace: str, name: str) -> UserInfo | None: ...

    def list_users(self, workspace: str) -> list[UserInfo]: ...

    def create_team(self, workspace: str, name: str, at: datetime) -> None:
        """Create a team (and its workspace) if it does not exist."""
        ...

    def add_member(self, workspace: str, team: str, user: str, at: datetime) -> bool:
        """Add a user (registered if needed) to a team; False when there is no such team."""
        ...

    def remove_member(self, workspace: str, team: str, user: str) -> bool:
        """False when the user is not a member of the team."""
        ...

    def get_team(self, workspace: str, name: str) -> TeamInfo | None: ...

    def list_teams(self, workspace: str) -> list[TeamInfo]: ...


class ConversationStore(Protocol):
    """The conversation log (issue 13): append-only messages, scoped like memories (the same rule:
    ``_readable`` in each backend's ``rows.py``). Rows and SQL only: who may append or delete is decided by the service."""

    def append(self, messages: Sequence[ConversationMessage]) -> None:
        """Insert the messages in one transaction (all or none); a message whose id is already logged is
        left as it is (two imports of one export at once derive the same ids)."""
        ...

    def messages(
        self, actor: Actor, conversation_id: str, limit: int, after: int = 0
    ) -> list[tuple[int, ConversationMessage]]:
        """(seq, message) of one conversation visible to ``actor``, oldest first, after seq ``after``."""
        ...

    def summaries(self, actor: Actor, limit: int) -> list[ConversationSummary]:
        """The conversations with messages visible to ``actor``, most recently appended first."""
        ...

    def delete(self, actor: Actor, conversation_id: str) -> int:
        """Delete the conversation's messages visible to ``actor``; how many were deleted."""
        ...

    def exchange_extracted(self, workspace: str, digest: str) -> bool:
        """Whether the exchange with this content hash was extracted (``WriteTxn.claim_exchange``)."""
        ...

    def latest_seq(self, workspace: str, created_before: datetime | None = None) -> int:
        """A log position up to which the sweep may read (0 when the log is empty): every message of the
        workspace at or below it is committed, and none can appear there later (SQLite: writers are
        serial, the highest seq; PostgreSQL: the sequence's high-water mark once the writes in flight
        have ended). ``created_before``: no higher than the messages appended before it. Unscoped: for
        the scheduled sweep (``memlane.profiles``)."""
        ...

    def changed_conversations(
        self, workspace: str, after_seq: int, upto_seq: int, after_id: str, limit: int
    ) -> list[str]:
        """Ids (ordered, after ``after_id``) of the conversations with messages in (after, upto]."""
        ...

    def window(
        self, workspace: str, conversation_ids: Sequence[str], after_seq: int, upto_seq: int
    ) -> list[tuple[int, ConversationMessage]]:
        """(seq, message) of those conversations in (after, upto], oldest first. Unscoped."""
        ...


class ProfileStore(Protocol):
    """Profiles, their opt-outs and log, and the runs of scheduled jobs (``memlane.profiles``,
    ``memlane.jobs``). Rows and SQL only; each method is one transaction."""

    def insert(self, profile: Profile) -> bool:
        """False (nothing written) when the workspace has a profile of that name."""
        ...

    def update(self, profile: Profile) -> None:
        """Write the settings, ``enabled`` and ``updated_at`` (never the run state)."""
        ...

    def get(self, workspace: str, key: str) -> Profile | None:
        """By id or by name."""
        ...

    def list(self, workspace: str | None) -> builtins.list[Profile]:
        """Of one workspace, or of all (None), by name."""
        ...

    def delete(self, workspace: str, profile_id: str) -> bool: ...

    def claim(self, profile_id: str, token: str, now: datetime, stale_before: datetime) -> bool:
        """Mark the profile in progress under ``token``, unless another run holds it with a heartbeat
        after ``stale_before``. Atomic: two claimants never both win."""
        ...

    def run_window(self, profile_id: str, token: str, latest: int) -> int:
        """The log position the claimed run reads up to: the one a failed or killed earlier run had
        chosen (so a rerun sees the same transcripts), else ``latest``, recorded until success."""
        ...

    def heartbeat(self, profile_id: str, token: str, now: datetime) -> bool:
        """False when the run lost its claim (another took it over as stale)."""
        ...

    def release(
        self, profile_id: str, token: str, *, synced_seq: int | None, synced_at: datetime | None,
        error: str | None,
    ) -> bool:  # fmt: skip
        """End the run: with ``synced_seq`` the last sync advances (success); with ``error`` it is kept.
        False (nothing written) when the run no longer holds the claim."""
        ...

    def set_opt_out(self, profile_id: str, user: str, opted_out: bool, at: datetime) -> None: ...

    def opted_out_users(self, profile_id: str) -> set[str]: ...

    def memory_ids(self, workspace: str, profile_id: str) -> builtins.list[str]:
        """Ids of every memory (every version) the profile wrote."""
        ...

    def add_log(self, workspace: str, entry: ProfileLogEntry) -> None: ...

    def log(self, workspace: str, profile_id: str, limit: int) -> builtins.list[ProfileLogEntry]:
        """Newest first."""
        ...

    def start_job(self, run: JobRun) -> None: ...

    def finish_job(
        self,
        run_id: str,
        finished_at: datetime,
        status: str,
        error: str | None,
        detail: dict[str, Any] | None,
    ) -> None: ...

    def abandon_runs(self, job: str, at: datetime, error: str) -> int:
        """Mark the job's runs still recorded as running as failed (their worker died)."""
        ...

    def job_runs(self, job: str | None, limit: int) -> builtins.list[JobRun]:
        """Newest first; of one job or of all."""
        ...

    def last_runs(self) -> dict[str, JobRun]:
        """The newest run of every job."""
        ...


class ImportRunStore(Protocol):
    """The background imports' state and results (``memlane.import_runs``), one user's at a time: each
    run as its JSON document and the ``instance`` (host, process, service) that runs it."""

    def save(
        self, workspace: str, user: str, run_id: str, started_at: datetime, instance: str, run: dict[str, Any],
        keep: int,
    ) -> None:  # fmt: skip
        """Insert or replace the run; then only the user's ``keep`` newest runs are kept."""
        ...

    def get(self, workspace: str, user: str, run_id: str) -> tuple[dict[str, Any], str] | None:
        """(run, instance) of the user's run, or None."""
        ...

    def list(self, workspace: str, user: str, limit: int) -> builtins.list[tuple[dict[str, Any], str]]:
        """(run, instance) of the user's newest runs, newest first."""
        ...


class Store(EntityReads, GraphReads, Protocol):
    backend: str

    #: whether several threads may read at once (the retrieval engine then runs its lanes in parallel)
    concurrent_reads: bool
    #: identity of the embedder whose vectors the semantic lane searches (set by the service)
    vector_model: str | None

    @property
    def identity(self) -> IdentityStore:
        """The identity tables of the same database."""
        ...

    @property
    def conversations(self) -> ConversationStore:
        """The conversation log of the same database."""
        ...

    @property
    def profiles(self) -> ProfileStore:
        """Profiles, their log and the job runs, in the same database."""
        ...

    @property
    def import_runs(self) -> ImportRunStore:
        """The background imports' state and results, in the same database."""
        ...

    def write(self) -> AbstractContextManager[WriteTxn]: ...

    def get(self, actor: Actor, memory_id: str) -> Memory | None:
        """The memory, if ``actor`` may read it. ``get``, ``fetch``, ``chain`` and ``list_recent`` return
        memories with their subject and related-user entities (``graph/memory_refs.py``), read in the
        same statement under the entity read rule."""
        ...

    def current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str, now: datetime, *,
        profile_id: str | None,
    ) -> str | None:  # fmt: skip
        """The id of the current memory with this content hash in that owner's bucket and profile's memory
        set: what storing the same content there would find as its duplicate (``WriteTxn.find_current_by_hash``; not one expired
        at ``now``), read without a write transaction. Unscoped: the caller resolved ``owner`` for its
        actor."""
        ...

    def fetch(
        self, actor: Actor, filters: Filters, seqs: Sequence[int], now: datetime
    ) -> dict[int, Memory]: ...

    def chain(self, actor: Actor, memory_id: str) -> list[Memory]: ...

    def list_recent(
        self,
        actor: Actor,
        filters: Filters,
        now: datetime,
        limit: int,
        offset: int,
        before: tuple[datetime, str] | None = None,
    ) -> list[tuple[int, Memory]]:
        """(seq, item) pairs, newest first (by created_at, then id). ``before`` is the (created_at, id)
        of the last item of the previous page: only items after it in this order (keyset paging: items
        stored meanwhile do not shift the pages; the position is the caller's own item's, so it tells
        nothing about other callers' items)."""
        ...

    def keyword_search(
        self, actor: Actor, filters: Filters, terms: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[int, float]]: ...

    def entity_search(
        self,
        actor: Actor,
        filters: Filters,
        keys: Sequence[str],
        now: datetime,
        limit: int,
        weights: dict[str, float] | None = None,
        common: Sequence[str] = (),
    ) -> list[tuple[int, float]]:
        """(seq, summed key weight) best first. ``common`` keys find only their newest ``limit`` items
        and add their weight to what the others found (see ``storage/entity_keys.py``)."""
        ...

    def key_frequencies(self, actor: Actor, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(items ``actor`` may read, how many of them carry each key): see ``storage/stats.py``."""
        ...

    def vector_search(
        self, actor: Actor, filters: Filters, query: npt.NDArray[np.float32], now: datetime, limit: int
    ) -> list[tuple[int, float]]: ...

    def entity_keys_of(self, seqs: Sequence[int]) -> dict[int, set[str]]: ...

    def contents(self, seqs: Sequence[int]) -> dict[int, str]: ...

    def neighbours(self, seqs: Sequence[int], window: int) -> dict[int, list[int]]:
        """Per seq, the nearest ``window`` items on each side in its conversation (an explicit
        ``provenance.conversation_id``); unscoped (see ``storage/neighbours.py``)."""
        ...

    def term_stats(self, actor: Actor, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(items ``actor`` may read, how many of them hold each porter stem in their keyword text or
        subject): never counts of data the actor may not read (``storage/stats.py``)."""
        ...

    def touch(self, reader: str, seqs: Sequence[int], at: datetime) -> None:
        """Count an access by ``reader`` (a user of the memories' workspace), in her own counts only
        (``storage/access.py``): best effort, never raises (a read must not fail for its access count)."""
        ...

    def health(self) -> StoreHealth: ...

    def needing_embedding(
        self, model: str, after_seq: int, limit: int, workspace: str | None = None
    ) -> list[tuple[int, str]]:
        """Items without a vector of ``model``, of one workspace or (None) of every workspace."""
        ...

    def count_needing_embedding(self, model: str, workspace: str | None = None) -> int: ...

    def count_items(self, workspace: str | None = None) -> int: ...

    def all_for_keys(
        self, after_seq: int, limit: int, workspace: str | None = None
    ) -> list[tuple[int, str, str | None, str | None, datetime]]: ...

    def seq_of(self, memory_id: str) -> int | None: ...

    def schema_version(self) -> int: ...

    def close(self) -> None: ...

    def iter_all(self, ids: Sequence[str] | None = None, *, actor: Actor | None = None) -> Iterator[Memory]:
        """Every item of the store, unscoped (the operator's consolidation); only those of ``ids`` when
        given; only those ``actor`` may read when given (the access rule in the query: a key's
        consolidation reads, and spends time on, nothing it may not see)."""
        ...

    def vectors_of(self, memory_ids: Sequence[str], model: str) -> dict[str, npt.NDArray[np.float32]]:
        """The stored vector of each of ``memory_ids`` that has one of embedding model ``model`` (the
        vector computed when it was stored or reindexed), by id; unscoped: the caller read the memories
        under its access rule (consolidation's paraphrase mode reuses them instead of embedding the
        same statements again)."""
        ...
