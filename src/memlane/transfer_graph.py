"""The entity graph in memlane's export (docs/import.md): entities, edges, memory links and merges.

``graph_lines`` writes what the caller can read after the memories (``transfer_export``).
``restore_graph`` puts it back in the restore's transaction, after the memories (each entity, edge and
merge not already there under ids of its scope, ``ids.scoped_id``, as the memories): the same names,
aliases and their normalised forms, external ids, lookup keys, attributes, times, edges with their
validity, links, and merge records (with what each merge moved, so that unmerge works after a
restore). Each entity passes the memories' owner rule (an owner the caller may write for); one that
does not, and what hangs on it, is listed in ``skipped_invalid``. Idempotent: an entity already in the
store (its id, or a current entity of the same scope with the same name and type) is not added again,
and the edges and links of the export are attached to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from .errors import Forbidden, InvalidInput
from .graph.resolution import EntityType
from .ids import new_id, scoped_id
from .messages import problems
from .models import Actor, GraphRestoreReport
from .permissions import restored_merge_actor
from .requests import check_json, check_storable, validate_store
from .storage.base import EntityScope, HeldKind, WriteTxn
from .timeutil import parse_time

if TYPE_CHECKING:
    from .service import MemoryService

__all__ = ["GRAPH_KINDS", "graph_lines", "restore_graph"]

#: the line kinds of the graph, in the order they are written and restored
GRAPH_KINDS = ("entity", "edge", "link", "merge")


Role = Literal["subject", "related_user", "mention"]


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("*", mode="after")
    @classmethod
    def _storable_time(cls, value: Any, info: ValidationInfo) -> Any:
        """A time within the range memlane stores once in UTC (``timeutil.parse_time``), as a store's."""
        if not isinstance(value, datetime):
            return value
        try:
            return parse_time(value, info.field_name or "time")
        except InvalidInput as exc:
            raise ValueError(str(exc)) from None


class _Entity(_Row):
    id: str = Field(min_length=1, max_length=200)
    owner: str = Field(min_length=1, max_length=300)
    visibility: Literal["personal", "shared"]
    #: one of the entity types (an unknown one made every lookup of a name in its scope fail)
    type: EntityType
    name: str = Field(min_length=1, max_length=1000)
    attributes: dict[str, Any] | None = None
    merged_into: str | None = None
    created_at: datetime
    updated_at: datetime
    aliases: list[tuple[str, str]] = []
    external_ids: list[str] = []
    keys: list[str] = []


class _Edge(_Row):
    id: str = Field(min_length=1, max_length=400)
    src: str
    relation: str = Field(min_length=1, max_length=100)
    dst: str
    provenance: dict[str, Any] | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    created_at: datetime
    #: the memories whose text states the edge (exports before they were kept: ``provenance.memory``)
    sources: list[str] = []


class _Link(_Row):
    memory: str
    entity: str
    role: Role


#: an edge as a merge moved it: id, src, relation, dst, provenance (JSON text), valid from, valid to, created
SnapshotEdge = tuple[
    str, str, str, str, str | dict[str, Any] | None, datetime | None, datetime | None, datetime
]


class _Snapshot(BaseModel):
    """What a merge moved (``storage.graph_transfer``), as unmerge reads it: every part a list of its own
    form, so that undoing a restored merge puts back what it names or is refused, never fails half way."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    aliases: list[tuple[str, str]] = []
    keys: list[str] = []
    external_ids: list[str] = []
    links: list[tuple[str, Role]] = []
    edges: list[SnapshotEdge] = []
    added_aliases: list[str] = []
    added_keys: list[str] = []
    added_links: list[tuple[str, Role]] = []
    added_edges: list[str] = []

    @field_validator("edges", mode="after")
    @classmethod
    def _storable_times(cls, edges: list[SnapshotEdge]) -> list[SnapshotEdge]:
        for edge in edges:
            for value in edge[5:]:
                if value is not None:
                    try:
                        parse_time(value, "edges")
                    except InvalidInput as exc:
                        raise ValueError(str(exc)) from None
        return edges


class _Merge(_Row):
    id: str = Field(min_length=1, max_length=200)
    into: str
    merged: str
    #: who merged, as the file says (kept only where the caller may act for them: ``restored_merge_actor``)
    actor: str = Field(min_length=1, max_length=300)
    merged_at: datetime
    unmerged_at: datetime | None = None
    snapshot: _Snapshot


_MODELS: dict[str, type[_Row]] = {"entity": _Entity, "edge": _Edge, "link": _Link, "merge": _Merge}


def graph_lines(service: MemoryService, actor: Actor) -> Iterator[str]:
    """One JSON line per entity, edge, link and merge ``actor`` can read (none when there is no graph).
    A user who opted out reads none, as from every entity read (``EntityService``): the store's graph
    read here does not ask."""
    if service._opted_out(actor):
        return
    rows = service.storage.export_graph(actor)
    for kind, key in zip(GRAPH_KINDS, ("entities", "edges", "links", "merges"), strict=True):
        for row in rows[key]:  # type: ignore[literal-required]
            yield json.dumps({kind: row}, ensure_ascii=False)


def _may_write(owner: str, visibility: str, actor: Actor) -> str | None:
    """Why ``actor`` may not restore something of this owner and visibility (None: it may)."""
    from .service import _owner_of

    try:
        # the owner and visibility checked as a memory's would be (any content that says something)
        req = validate_store({"content": "entity", "owner": owner, "visibility": visibility})
        if _owner_of(req, actor) != (owner, req.visibility):
            raise Forbidden(f"{actor.user} cannot write a {visibility} entity owned by {owner}")
    except (InvalidInput, Forbidden) as exc:
        return str(exc)
    return None


def restore_graph(
    txn: WriteTxn,
    actor: Actor,
    graph: list[tuple[int, str, dict[str, Any]]],
    memory_ids: dict[str, str],
    invalid: list[dict[str, Any]],
) -> GraphRestoreReport:
    """Restore ``graph`` ((line number, kind, row) of the export) inside the restore's transaction.
    ``memory_ids`` maps an exported memory id to the store's own where the store held that memory under
    another id (restored as a duplicate); problems are appended to ``invalid``."""
    counts = dict.fromkeys(("entities", "edges", "links", "merges", "skipped_duplicates"), 0)
    parsed: dict[str, list[tuple[int, Any]]] = {kind: [] for kind in GRAPH_KINDS}
    for number, kind, row in graph:
        try:
            check_storable(row, kind)  # (NUL, a lone surrogate: text neither backend stores alike)
            check_json(row, kind)  # (NaN, an infinity: SQLite kept it, PostgreSQL's json refused it)
            parsed[kind].append((number, _MODELS[kind].model_validate(row)))
        except ValidationError as exc:
            invalid.append({"line": number, "id": row.get("id"), "reason": f"{kind}: {problems(exc)}"})
        except InvalidInput as exc:
            invalid.append({"line": number, "id": row.get("id"), "reason": str(exc)})
    present: dict[str, str] = {}  # exported entity id -> the store's entity id
    written: set[str] = set()  # the store's ids of the entities this restore wrote
    remapped: dict[str, str] = {}  # exported id -> the new id it is restored under (entities, edges, merges)
    scope_of: dict[str, tuple[str, str]] = {}  # the store's entity id -> (owner, visibility)
    for number, entity in sorted(parsed["entity"], key=lambda item: item[1].merged_into is not None):
        why = _may_write(entity.owner, entity.visibility, actor)
        into = present.get(entity.merged_into) if entity.merged_into is not None else None
        if (
            why is None
            and entity.merged_into is not None
            and scope_of.get(into or "") != (entity.owner, entity.visibility)
        ):
            why = (
                f"entity: merged into {entity.merged_into}, which the export restores in no scope of its own"
            )
        if why is not None:
            invalid.append({"line": number, "id": entity.id, "reason": why})
            continue
        here = (actor.workspace, entity.owner, entity.visibility)
        scoped = scoped_id(entity.id, here)
        same = None
        if entity.merged_into is None:
            scope = EntityScope(actor.workspace, entity.owner, entity.visibility)
            same = next((c for c in txn.entity_candidates(scope, entity.keys, entity.external_ids)
                         if c.id in (entity.id, scoped) or (c.name.casefold() == entity.name.casefold()
                                                  and (c.type == entity.type or "other" in (c.type, entity.type)))),
                        None)  # fmt: skip
        row = entity.model_dump(mode="json") | {"merged_into": into}
        # restored before (or merged away here) under its own id or its scope's: that one. Else it is
        # restored under its scope's id, whoever holds its own (another user's, another workspace's
        # entity: nothing of the export lands on it, and the answer does not tell whether one does)
        before = next((i for i in (entity.id, scoped) if txn.entity_scope(i) == here), None)
        if before is None:
            row["id"] = scoped if txn.entity_scope(scoped) is None else new_id()  # (a hash collision)
        if same is not None:
            present[entity.id] = same.id
            counts["skipped_duplicates"] += 1
        elif before is None and txn.restore_entity(actor.workspace, row):
            present[entity.id] = row["id"]
            written.add(row["id"])
            remapped[entity.id] = row["id"]
            counts["entities"] += 1
        else:  # the id exists in this scope: this entity was restored before (or is merged away there)
            present[entity.id] = before or row["id"]
            counts["skipped_duplicates"] += 1
        scope_of[present[entity.id]] = (entity.owner, entity.visibility)

    def missing(number: int, kind: str, ids: tuple[str, ...], row_id: str | None) -> bool:
        gone = [i for i in ids if i not in present]
        if gone:
            invalid.append(
                {"line": number, "id": row_id, "reason": f"{kind}: entity {gone[0]} is not restored"}
            )
        elif len({scope_of[present[i]] for i in ids}) > 1:
            invalid.append(
                {
                    "line": number,
                    "id": row_id,
                    "reason": f"{kind}: its entities have other owners or visibilities",
                }
            )
            return True
        return bool(gone)

    def fresh_id(kind: HeldKind, item_id: str, scope: tuple[str, str]) -> str:
        """``item_id`` when it is in ``scope`` already (restored before: a duplicate), else the id of
        ``scope`` it is restored under (``scoped_id``), whoever holds ``item_id``."""
        here = (actor.workspace, *scope)
        scoped = scoped_id(item_id, here)
        for held in (item_id, scoped):
            if txn.held_by(kind, held) == here:
                return held
        remapped[item_id] = scoped if txn.held_by(kind, scoped) is None else new_id()  # (a hash collision)
        return remapped[item_id]

    edges: dict[str, str] = {}  # the edges this restore wrote (a restored merge may name them) -> their ids
    for number, edge in parsed["edge"]:
        if missing(number, "edge", (edge.src, edge.dst), edge.id):
            continue
        row = edge.model_dump(mode="json") | {"src": present[edge.src], "dst": present[edge.dst]}
        row["id"] = fresh_id("edge", edge.id, scope_of[row["src"]])
        stated = edge.sources or [str(m) for m in [(edge.provenance or {}).get("memory")] if m]
        row["sources"] = [memory_ids.get(m, m) for m in stated]
        if txn.restore_edge(row):
            counts["edges"] += 1
            edges[edge.id] = row["id"]
        else:
            remapped.pop(edge.id, None)
            counts["skipped_duplicates"] += 1
    for number, link in parsed["link"]:
        if missing(number, "link", (link.entity,), None):
            continue
        memory = memory_ids.get(link.memory, link.memory)
        counts[
            "links" if txn.restore_link(memory, present[link.entity], link.role) else "skipped_duplicates"
        ] += 1
    for number, merge in parsed["merge"]:
        if missing(number, "merge", (merge.into, merge.merged), merge.id):
            continue
        if any(present[e] != e and present[e] not in written for e in (merge.into, merge.merged)):
            counts["skipped_duplicates"] += 1  # its entities are the store's own: its record stays out
            continue
        snapshot = merge.snapshot.model_dump(mode="json")
        for key in ("links", "added_links"):
            snapshot[key] = [[memory_ids.get(m, m), role] for m, role in snapshot[key]]
        # what an unmerge would put back or take away stays within the merge's own scope: edges between
        # entities restored in it, and (``added_edges``, which unmerge deletes) edges this restore wrote
        merge_scope = scope_of[present[merge.into]]
        snapshot["edges"] = [
            [e[0], present[e[1]], e[2], present[e[3]], *e[4:]]
            for e in snapshot["edges"]
            if scope_of.get(present.get(e[1], "")) == merge_scope == scope_of.get(present.get(e[3], ""))
        ]
        snapshot["added_edges"] = [edges[e] for e in snapshot["added_edges"] if e in edges]
        row = merge.model_dump(mode="json") | {"snapshot": snapshot, "into": present[merge.into],
                                               "merged": present[merge.merged],
                                               "actor": restored_merge_actor(actor, merge.actor)}  # fmt: skip
        row["id"] = fresh_id("merge", merge.id, merge_scope)
        if txn.restore_merge(actor.workspace, row):
            counts["merges"] += 1
        else:
            remapped.pop(merge.id, None)
            counts["skipped_duplicates"] += 1
    return GraphRestoreReport(**counts, remapped=remapped)
