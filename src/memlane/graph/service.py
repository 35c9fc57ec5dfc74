"""EntityService: reading and changing the entity graph, for every surface (through ``MemoryService``).

Reads are filtered by the actor in the storage query (the memories' read rule); changes (merge, unmerge,
link, relate, anchor) are allowed as ``memlane.permissions.check_entity_change`` says. No SQL here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..errors import Forbidden, InvalidInput, NotFound, typed
from ..ids import check_unicode, new_id, not_made
from ..models import (
    Actor,
    Edge,
    Entity,
    EntityDetail,
    EntityLookup,
    EntityMerge,
    Filters,
    LinkedMemory,
    Memory,
    PastMerge,
)
from ..pagination import decode_cursor, decode_key_cursor, encode_cursor, encode_key_cursor
from ..permissions import check_entity_change
from ..requests import (
    MAX_LIMIT,
    check_choice,
    check_flag,
    check_id,
    check_integer,
    check_json,
    check_storable,
)
from ..storage.base import EntityScope, LinkRole, Store, WriteTxn
from ..storage.entity_names import alias_pairs, name_keys
from ..timeutil import iso_z, now_utc, parse_time
from .anchoring import anchor_record, parse_record
from .linking import candidate_of
from .rekey import RekeyReport, rekey
from .resolution import EntityType, Mention, mention_ids, resolve

__all__ = ["EntityService", "unmerge_in"]

_ROLES = ("subject", "related_user", "mention")
#: edges in an entity's detail (``about``, ``lookup``); ``edges`` lists them all
MAX_EDGES = 100
#: a relation is a short snake_case verb phrase: ``works_at``, ``reports_to``, ``member_of``
#: the longest name, alias or external id a lookup takes (a longer one names nothing)
_MAX_LOOKUP_CHARS = 500
_RELATION = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


class EntityService:
    def __init__(
        self, store: Store, refuse_opted_out: Callable[[Actor], None], opted_out: Callable[[Actor], bool]
    ):
        self.storage = store
        self._refuse = refuse_opted_out
        self._opted_out = opted_out

    # -- reads ----------------------------------------------------------------------------------------

    def get(self, actor: Actor, entity_id: str) -> Entity:
        check_id(entity_id, "entity_id")
        entity = None if self._opted_out(actor) else self.storage.get_entity(actor, entity_id)
        if entity is None:
            raise not_made(entity_id, "entity_id") or NotFound(self._missing(actor, entity_id))
        return entity

    def _missing(self, actor: Actor, entity_id: str) -> str:
        """Why ``entity_id`` reads as nothing: folded into another entity by a merge in force (which one,
        and the merge that undoes it: an id kept by an application or a link still names it), or unknown.
        Only a merge the caller may read is named (``entity_merges`` applies the entity read rule)."""
        if not self._opted_out(actor):
            for past in self.storage.entity_merges(actor, entity_id=entity_id, limit=20):
                if past.merge.merged == entity_id and past.merge.unmerged_at is None:
                    return (
                        f"entity {entity_id!r} was merged into {past.merge.into} ({past.into_name});"
                        f" unmerge {past.merge.id} undoes it"
                    )
        return f"no {typed('entity', entity_id)} visible to {actor.user}"

    def list_entities(
        self, actor: Actor, *, type: str | None = None, limit: int = 50, offset: int = 0
    ) -> list[Entity]:
        check_integer(limit, "limit", 1, MAX_LIMIT)
        check_integer(offset, "offset", 0, 10**9)
        if type is not None:
            _entity_type(type)
        if self._opted_out(actor):
            return []
        return self.storage.list_entities(actor, type=type, limit=limit, offset=offset)

    def page(
        self,
        actor: Actor,
        *,
        type: str | None = None,
        limit: int = 50,
        offset: int | None = None,
        cursor: str | None = None,
    ) -> tuple[list[Entity], str | None]:
        """Newest first, and the cursor of the next page (None on the last one). A cursor carries the
        position of the page's last entity, so the next page starts right after it whatever is anchored
        or merged meanwhile (keyset paging, as ``memlane.pagination`` does for memories); ``offset`` is
        accepted too, and shifts when entities are added."""
        check_integer(limit, "limit", 1, MAX_LIMIT)
        if offset is not None:
            check_integer(offset, "offset", 0, 2**63 - 1)
        if cursor is not None and offset is not None:
            raise InvalidInput("give offset or cursor, not both")
        kind = _entity_type(type) if type is not None else None
        before = None
        if cursor is not None:
            position = decode_cursor(cursor)
            if isinstance(position, int):  # an offset cursor is a memory listing's, never an entity's
                raise InvalidInput("cursor: not a cursor returned by this API")
            before = position
        if self._opted_out(actor):
            return [], None
        rows = self.storage.entity_page(actor, type=kind, limit=limit + 1, offset=offset or 0, before=before)
        page = rows[:limit]
        more = len(rows) > limit
        return [e for _, e in page], encode_cursor((page[-1][1].created_at, page[-1][1].id)) if more else None

    def search(self, actor: Actor, query: str, *, type: str | None = None, limit: int = 10) -> list[Entity]:
        """Entities a name (or an external id, an e-mail address) may refer to: the one it resolves to
        first, then the others filed under the same names (an ambiguous name lists every fit)."""
        check_integer(limit, "limit", 1, MAX_LIMIT)
        return self._resolve_query(actor, query, type)[1][:limit]

    def _resolve_query(self, actor: Actor, query: str, type: str | None) -> tuple[list[str], list[Entity]]:
        """(the entities ``query`` resolves to, the entities it may mean, those first). A name is resolved
        in each scope the caller may read on its own, as recall's graph lane does (``graph.query``):
        alice's personal Ana Lopez and the team's Ana Lopez are the one person the name means, each in
        its scope; a name that fits two entities of one scope resolves to none (the candidates)."""
        text = query.strip() if isinstance(query, str) else ""
        if not text:
            raise InvalidInput("query: must be a non-empty name or external id")
        if len(text) > _MAX_LOOKUP_CHARS:  # (the REST API's and MCP's bound, for the SDK too)
            raise InvalidInput(f"query: must have at most {_MAX_LOOKUP_CHARS} characters")
        check_unicode(text, "query")
        kind = _entity_type(type) if type is not None else None
        if self._opted_out(actor):
            return [], []
        ids: tuple[str, ...] = ()
        if ":" in text and " " not in text and "@" not in text:
            try:
                ids = mention_ids(Mention(None, kind, (text,)))
            except ValueError:
                ids = ()
        mention = Mention(None if ids else text, kind, ids)
        keys = sorted(name_keys([text], kind)) if mention.name else []
        found = self.storage.list_entities(actor, keys=keys, external_ids=mention_ids(mention), limit=500)
        by_scope: dict[tuple[str, str], list[Entity]] = {}
        for entity in found:
            by_scope.setdefault((entity.owner, str(entity.visibility)), []).append(entity)
        resolved: list[str] = []
        fits: list[str] = []
        ambiguous = False
        # the caller's own scope first, then the shared scopes in a fixed order
        for scope in sorted(by_scope, key=lambda s: (s[0] != actor.owner, s)):
            result = resolve(mention, [candidate_of(e) for e in by_scope[scope]])
            if result.entity_id is not None:
                resolved.append(result.entity_id)
            else:
                ambiguous = ambiguous or len(result.candidates) > 1
                fits += list(result.candidates)
        by_id = {e.id: e for e in found}
        order = [*resolved, *fits]
        return ([] if ambiguous else resolved), [by_id[i] for i in order if i in by_id]

    def about(
        self, actor: Actor, entity_id: str, *, hops: int = 1, limit: int = 20, same_as: Sequence[str] = ()
    ) -> EntityDetail:
        """The entity, its edges, the entities at their other ends and the memories linked to it (and,
        with ``hops`` 1, to those neighbours), all as far as ``actor`` may read. ``same_as``: the same
        name's entities in other scopes (``lookup``): their edges, neighbours and memories count too."""
        check_integer(hops, "hops", 0, 1)
        check_integer(limit, "limit", 1, MAX_LIMIT)
        entity = self.get(actor, entity_id)
        also = [self.get(actor, other) for other in same_as if other != entity_id]
        selves = {entity_id, *(e.id for e in also)}
        related: dict[str, Entity] = {}
        edges = []
        found_edges = [edge for one in selves for edge in self.storage.entity_edges(actor, one)]
        # current relations first (a company's employees, not who left it years ago), at most MAX_EDGES:
        # the detail is read by people and by models, and a busy company may have thousands
        found_edges.sort(key=lambda e: (e.valid_to is not None, e.created_at, e.id))
        for edge in found_edges[:MAX_EDGES]:
            other = edge.dst if edge.src in selves else edge.src
            if other not in related and other not in selves:
                found = self.storage.get_entity(actor, other)
                if found is None:  # (edges join entities of one scope; never show what cannot be read)
                    continue
                related[other] = found
            edges.append(edge)
        memories = [
            LinkedMemory(distance=d, memory=m)
            for m, d in self._memories(actor, [entity_id, *(e.id for e in also)], hops, limit)
        ]
        return EntityDetail(entity=entity, edges=tuple(edges), related=tuple(related.values()),
                            memories=tuple(memories), same_as=tuple(also))  # fmt: skip

    def lookup(
        self,
        actor: Actor,
        query: str | None = None,
        *,
        entity_id: str | None = None,
        type: str | None = None,
        hops: int = 1,
        limit: int = 20,
    ) -> EntityLookup:
        """What do you know about ``query``: the detail (``about``) of the entity the name, alias,
        e-mail address or external id resolves to; when it fits several, those entities, no detail.
        ``entity_id`` instead of ``query``: that entity's detail (a candidate the caller picked)."""
        check_integer(hops, "hops", 0, 1)
        check_integer(limit, "limit", 1, MAX_LIMIT)
        if (query is None) == (entity_id is None):
            raise InvalidInput("give a query or an entity_id, not both and not neither")
        if entity_id is not None:
            return EntityLookup(query=entity_id, found=self.about(actor, entity_id, hops=hops, limit=limit))
        resolved, fits = self._resolve_query(actor, query or "", type)
        if not resolved:
            return EntityLookup(query=query or "", candidates=tuple(fits[:20]))
        detail = self.about(actor, resolved[0], hops=hops, limit=limit, same_as=resolved[1:])
        return EntityLookup(query=query or "", found=detail)

    def edges(self, actor: Actor, entity_id: str) -> list[Edge]:
        self.get(actor, entity_id)
        return self.storage.entity_edges(actor, entity_id)

    def memories(
        self, actor: Actor, entity_id: str, *, hops: int = 0, limit: int = 20
    ) -> list[tuple[Memory, int]]:
        """Memories linked to the entity (distance 0) and, with ``hops`` 1, to its neighbours (1)."""
        check_integer(hops, "hops", 0, 1)
        check_integer(limit, "limit", 1, MAX_LIMIT)
        self.get(actor, entity_id)
        return self._memories(actor, [entity_id], hops, limit)

    def _memories(
        self, actor: Actor, entity_ids: Sequence[str], hops: int, limit: int
    ) -> list[tuple[Memory, int]]:
        now = now_utc()
        found = self.storage.entity_memories(actor, Filters(space="*"), list(entity_ids), now, limit, hops)
        items = self.storage.fetch(actor, Filters(space="*"), [s for s, _ in found], now)
        return [(items[s], d) for s, d in found if s in items]

    # -- changes --------------------------------------------------------------------------------------

    def merge(self, actor: Actor, into: str, merged: str) -> EntityMerge:
        """Fold entity ``merged`` into ``into`` (same owner and visibility), keeping every alias,
        external id, edge and memory link; recorded, so that ``unmerge`` can undo it."""
        check_id(into, "into")
        check_id(merged, "merged")
        self._refuse(actor)
        if into == merged:
            raise InvalidInput("merge: an entity cannot be merged into itself")
        now = now_utc()
        with self.storage.write() as txn:
            a, b = _pair_for_change(txn, actor, into, merged, "merge", "merged", names=("into", "merged"))
            record = EntityMerge(id=new_id(), into=into, merged=merged, merged_at=now)
            txn.merge_entities(record, actor, alias_pairs([b.name], a.type))
            txn.audit(actor, "entity_merge", None, {"merge": record.id, "into": into, "merged": merged})
        return record

    def unmerge(self, actor: Actor, merge_id: str) -> EntityMerge:
        check_id(merge_id, "merge_id")
        self._refuse(actor)
        try:
            with self.storage.write() as txn:
                return unmerge_in(txn, actor, merge_id, now_utc())
        except NotFound:
            # a merge the caller can read that was undone already says so (as a consolidation run's
            # undo does), rather than reading as an id that never existed
            found = self.storage.entity_merges(actor, merge_id=merge_id, limit=1)
            if found and found[0].merge.unmerged_at is not None:
                when = iso_z(found[0].merge.unmerged_at)
                raise NotFound(f"merge {merge_id!r} was undone already ({when})") from None
            raise

    def merges(self, actor: Actor, *, entity_id: str | None = None, limit: int = 100) -> list[PastMerge]:
        """The merge history ``actor`` may read, newest first (undone merges too): every merge, or those
        into or of ``entity_id``; each says whether ``actor`` may undo it now (``unmerge``)."""
        check_integer(limit, "limit", 1, MAX_LIMIT)
        if entity_id is not None:
            check_id(entity_id, "entity")
        if self._opted_out(actor):
            return []
        found = self.storage.entity_merges(actor, entity_id=entity_id, limit=limit)
        return [p.model_copy(update={"undoable": _may_undo(actor, p)}) for p in found]

    def merge_history(
        self, actor: Actor, *, entity_id: str | None = None, limit: int = 50, cursor: str | None = None
    ) -> tuple[list[PastMerge], str | None]:
        """A page of ``merges`` (newest first; every merge, or those into or of ``entity_id``) and the
        cursor of the next page (None on the last): the next page starts right after this page's last
        merge, whatever is merged meanwhile (keyset paging on (merged_at, id)). Only merges of entities
        ``actor`` may read."""
        check_integer(limit, "limit", 1, MAX_LIMIT)
        if entity_id is not None:
            check_id(entity_id, "entity")
        before = decode_key_cursor(cursor) if cursor is not None else None
        if self._opted_out(actor):
            return [], None
        found = self.storage.entity_merges(actor, entity_id=entity_id, limit=limit + 1, before=before)
        page = [p.model_copy(update={"undoable": _may_undo(actor, p)}) for p in found[:limit]]
        last = page[-1].merge if page else None
        more = len(found) > limit and last is not None
        return page, encode_key_cursor(last.merged_at, last.id) if more and last is not None else None

    def rekey(self, *, dry_run: bool = False) -> RekeyReport:
        """File every current entity of the store under the keys the current name rules give it
        (``graph.rekey``); the store's operator's maintenance (no actor: every workspace)."""
        return rekey(self.storage, dry_run=check_flag(dry_run, "dry_run"))

    def past_merge(self, actor: Actor, merge_id: str) -> PastMerge:
        """One merge of the history (what ``unmerge`` would undo), as ``merges`` shows it."""
        check_id(merge_id, "merge_id")
        found = (
            [] if self._opted_out(actor) else self.storage.entity_merges(actor, merge_id=merge_id, limit=1)
        )
        if not found:
            raise NotFound(f"no {typed('merge', merge_id)} visible to {actor.user}")
        return found[0].model_copy(update={"undoable": _may_undo(actor, found[0])})

    def link(self, actor: Actor, memory_id: str, entity_id: str, role: str = "mention") -> None:
        """Link a memory to an entity of the same owner and visibility (a link is graph knowledge of
        the memory's own scope: it must not let a reader of one find the other)."""
        check_id(memory_id, "memory_id")
        check_id(entity_id, "entity_id")
        self._refuse(actor)
        check_choice(role, "role", _ROLES)  # (in the words REST's schema says it in)
        with self.storage.write() as txn:
            memory = txn.get_for_update(actor, memory_id)
            if memory is None:
                raise (
                    not_made(memory_id, "memory_id")
                    or not_made(entity_id, "entity_id")  # (as check_made_id said, both checked first)
                    or NotFound(f"no {typed('memory', memory_id)} visible to {actor.user}")
                )
            entity = txn.entity_for_update(actor, entity_id)
            if entity is None:
                raise not_made(entity_id, "entity_id") or NotFound(
                    f"no {typed('entity', entity_id)} visible to {actor.user}"
                )
            check_entity_change(actor, entity)
            if (memory.workspace, memory.owner, memory.visibility) != (
                entity.workspace, entity.owner, entity.visibility
            ):  # fmt: skip
                raise InvalidInput(
                    f"link: memory {memory_id} and entity {entity_id} have different owners or visibility"
                )
            seq = self.storage.seq_of(memory_id)
            assert seq is not None
            role_: LinkRole = role  # type: ignore[assignment]
            txn.link_memory(seq, entity_id, role_)
            txn.audit(actor, "entity_link", memory_id, {"entity": entity_id, "role": role})

    def relate(
        self, actor: Actor, src: str, relation: str, dst: str, *, valid_from: Any = None,
        valid_to: Any = None, provenance: Mapping[str, Any] | None = None, single: bool = False,
    ) -> Edge:  # fmt: skip
        """Record that ``src`` ``relation`` ``dst`` (``ana reports_to boris``), true from ``valid_from``
        until ``valid_to`` (both optional): the relations no record kind anchors. The same triple again
        updates its window and provenance (``valid_to`` ends it), never duplicates it. ``single``: a
        single-valued relation (one manager), so ``src``'s other open ``relation`` edges end now. Both
        entities must have one owner and visibility, and ``actor`` may change both (as for a merge)."""
        check_id(src, "src")
        check_id(dst, "dst")
        self._refuse(actor)
        if not isinstance(relation, str) or not _RELATION.match(relation):
            raise InvalidInput("relation: a snake_case name of at most 40 characters, e.g. reports_to")
        if src == dst:
            raise InvalidInput("relate: an entity cannot be related to itself")
        start, end = parse_time(valid_from, "valid_from"), parse_time(valid_to, "valid_to")
        if start is not None and end is not None and end < start:
            raise InvalidInput("valid_to: must not be before valid_from")
        if provenance is not None:
            if not isinstance(provenance, Mapping):
                raise InvalidInput("provenance: expected a JSON object of at most 10,000 characters")
            provenance = dict(provenance)
            # as a memory's: NaN, an infinity, bytes, a set, a key not text refused here (SQLite kept NaN,
            # PostgreSQL's json refused it with a 503), before anything is written
            check_storable(provenance, "provenance")
            check_json(provenance, "provenance")
            if len(json.dumps(provenance)) > 10_000:
                raise InvalidInput("provenance: expected a JSON object of at most 10,000 characters")
        single = check_flag(single, "single")
        now = now_utc()
        with self.storage.write() as txn:
            a, b = _pair_for_change(txn, actor, src, dst, "relate", "related", names=("src", "dst"))
            if single:
                txn.close_edges(src, relation, dst, now)
            edge = txn.upsert_edge(
                Edge(id=new_id(), src=src, relation=relation, dst=dst, created_at=now, valid_from=start,
                     valid_to=end, provenance={**(provenance or {}), "by": actor.user})
            )  # fmt: skip
            txn.audit(actor, "entity_relate", None, {"edge": edge.id, "src": src, "relation": relation,
                                                     "dst": dst})  # fmt: skip
        return edge

    def anchor(self, actor: Actor, record: Any, owner_of: Callable[[Any, Actor], tuple[str, Any]]) -> Entity:
        """Anchor a structured record (``memlane.graph.anchoring``) in the scope its ``owner`` and
        ``visibility`` give (as for a stored memory); returns the record's entity."""
        self._refuse(actor)
        parsed = parse_record(record)
        owner, visibility = owner_of(parsed, actor)
        scope = EntityScope(actor.workspace, owner, str(visibility))
        with self.storage.write() as txn:
            entity_id, _ = anchor_record(txn, scope, parsed, now_utc(), actor=actor)
            entity = txn.entity_for_update(actor, entity_id)
            assert entity is not None
            check_entity_change(actor, entity)
            txn.audit(
                actor, "anchor", None, {"kind": parsed.kind, "system": parsed.system, "entity": entity_id}
            )
        return entity


def unmerge_in(txn: WriteTxn, actor: Actor, merge_id: str, now: datetime) -> EntityMerge:
    """Undo merge ``merge_id`` inside ``txn`` (``EntityService.unmerge``, and a consolidation run's undo,
    which unmerges its folds in the transaction that restores its memories). Raising rolls it back."""
    done = txn.unmerge_entities(actor, merge_id, now)
    if done is None:
        raise NotFound(f"no {typed('merge', merge_id)} to undo visible to {actor.user}")
    into = txn.entity_for_update(actor, done.into)
    if into is None:  # folded into another since: what this merge moved went on with it
        raise InvalidInput(
            f"unmerge: {done.into} has itself been merged into another entity since; undo that merge first"
        )
    restored = txn.entity_for_update(actor, done.merged)
    for entity in (into, restored):
        if entity is not None:
            check_entity_change(actor, entity)
    txn.audit(actor, "entity_unmerge", None, {"merge": merge_id})
    return done


def _pair_for_change(
    txn: WriteTxn, actor: Actor, first: str, second: str, verb: str, done: str,
    names: tuple[str, str] | None = None,
) -> tuple[Entity, Entity]:  # fmt: skip
    """The two entities ``verb`` (merge, relate) changes, locked: each visible to ``actor`` (else
    NotFound), each one it may change (else Forbidden), and both of one owner and visibility. With
    ``names`` (the two ids' field names), one with a '/' that names nothing visible says it is no id
    memlane gives (``ids.not_made``), once looked up: an entity restored with such an id long ago is
    still its owner's to change."""
    a, b = txn.entity_for_update(actor, first), txn.entity_for_update(actor, second)
    for n, (entity_id, entity) in enumerate(((first, a), (second, b))):
        if entity is None:
            made = None
            if names is not None:  # (as check_made_id said, both checked in order)
                made = not_made(first, names[0]) if n == 0 else None
                made = made or not_made(second, names[1])
            raise made or NotFound(f"no {typed('entity', entity_id)} visible to {actor.user}")
    assert a is not None and b is not None
    check_entity_change(actor, a)
    check_entity_change(actor, b)
    if (a.workspace, a.owner, a.visibility) != (b.workspace, b.owner, b.visibility):
        raise InvalidInput(
            f"{verb}: {first} belongs to {a.owner} ({a.visibility}) and {second} to {b.owner}"
            f" ({b.visibility}); only entities of the same owner and visibility are {done}"
        )
    return a, b


def _may_undo(actor: Actor, past: PastMerge) -> bool:
    """Not undone, into an entity still current, of a scope ``actor`` may change (both entities share
    it: only entities of one scope merge)."""
    if past.merge.unmerged_at is not None or not past.into_current:
        return False
    scope = Entity.model_construct(id=past.merge.merged, workspace=past.workspace, owner=past.owner,
                                   visibility=past.visibility)  # fmt: skip
    try:
        check_entity_change(actor, scope)
    except Forbidden:
        return False
    return True


def _entity_type(value: str) -> str:
    try:
        return str(EntityType(value))
    except ValueError:
        raise InvalidInput(f"type: must be one of {', '.join(t.value for t in EntityType)}") from None
