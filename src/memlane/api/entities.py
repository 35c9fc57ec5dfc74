"""The entity graph endpoints (``/v1/entities…``) and anchoring (``/v1/anchor``): each parses its request,
makes one service call (``MemoryService.entities``) and renders the result with the SDK's own models.

What a caller may read is decided in the storage query (an entity known only from another user's
personal memories does not exist for it: 404); what it may change (merge, unmerge, link, anchor) by
``memlane.permissions.check_entity_change``, asked by the service. Nothing is decided here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..graph.resolution import EntityType
from ..ids import MAX_ID_CHARS
from ..models import Edge, Entity, EntityDetail, EntityLookup, EntityMerge, Memory, PastMerge
from ..pagination import MAX_CURSOR_CHARS
from ..requests import MAX_LIMIT
from .context import CallerDep, render
from .schemas import ERROR_RESPONSES, _Body, within

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)  # type: ignore[arg-type]

_TYPE = f"Only entities of this type: {', '.join(t.value for t in EntityType if t != 'other')} or other."
#: an entity's id (a path segment or a body field): its bounds declared, not enforced, as a memory's id is:
#: the service refuses a blank or over-long one in its words on every surface (``ids.check_id``), where
#: these said ``dst: must have at most 200 characters``, ``path.entity_id: …`` or ``dst: must not be empty``
_ID_BOUNDS: dict[str, Any] = {"minLength": 1, "maxLength": MAX_ID_CHARS}
_ID = Annotated[str, Field(json_schema_extra=_ID_BOUNDS)]
_RELATION = r"^[a-z][a-z0-9_]*$"
_Q = "A name, alias, e-mail or system:id."
_HOPS = Query(
    json_schema_extra=within(0, 1),
    description="1: also the memories of the entities one edge away (distance 1).",
)


class EntitiesPage(BaseModel):
    items: list[Entity]
    next_cursor: str | None = None


class MergesPage(BaseModel):
    items: list[PastMerge]
    next_cursor: str | None = None


class EntityList(BaseModel):
    items: list[Entity]


class EdgesPage(BaseModel):
    edges: list[Edge]


class EntityMemories(BaseModel):
    items: list[Memory]


class EntityNames(BaseModel):
    """The names an entity is known by: its name, every alias (merged ones too) and its external ids."""

    id: str
    name: str
    aliases: list[str]
    external_ids: list[str]


class MergeBody(_Body):
    into: str = Field(json_schema_extra=_ID_BOUNDS, description="The entity that stays.")
    merged: str = Field(json_schema_extra=_ID_BOUNDS, description="The entity folded into it.")


class UnmergeBody(_Body):
    merge_id: str = Field(json_schema_extra=_ID_BOUNDS, description="The id a merge returned.")


class LinkBody(_Body):
    memory_id: str = Field(json_schema_extra=_ID_BOUNDS)
    role: Literal["subject", "related_user", "mention"] = "mention"


class RelateBody(_Body):
    # (the service says what a relation is: ``relation: a snake_case name of at most 40 characters, …``)
    relation: str = Field(
        json_schema_extra={"minLength": 1, "maxLength": 40, "pattern": _RELATION},
        description="snake_case: reports_to, member_of…",
    )
    dst: str = Field(json_schema_extra=_ID_BOUNDS, description="The entity at the other end.")
    valid_from: str | None = Field(default=None, max_length=100, description="ISO-8601: true since.")
    valid_to: str | None = Field(default=None, max_length=100, description="ISO-8601: true until (ends it).")
    provenance: dict[str, Any] | None = None
    single: bool = Field(default=False, description="End the source's other open edges of this relation.")


class Linked(BaseModel):
    memory_id: str
    entity_id: str
    role: str


@router.get("/entities", response_model=EntitiesPage, tags=["entities"])
def list_entities(
    who: CallerDep,
    type: Annotated[str | None, Query(json_schema_extra={"maxLength": 20}, description=_TYPE)] = None,  # noqa: A002 - the wire name
    limit: Annotated[int, Query(json_schema_extra=within(1, MAX_LIMIT))] = 50,
    offset: Annotated[int | None, Query(json_schema_extra=within(0, 2**63 - 1))] = None,
    cursor: Annotated[
        str | None,
        Query(
            json_schema_extra={"maxLength": MAX_CURSOR_CHARS}, description="next_cursor of the previous page"
        ),
    ] = None,
) -> JSONResponse:
    """Entities the caller may read, newest first. Page with ``limit`` and follow ``next_cursor``: each
    page starts right after the previous one's last entity, so entities added meanwhile never repeat or
    skip one (``offset`` is accepted too, and is not stable that way)."""
    items, next_cursor = who.service.entities.page(who.actor, type=type, limit=limit, offset=offset,
                                                   cursor=cursor)  # fmt: skip
    return render({"items": items, "next_cursor": next_cursor})


@router.get("/entities/merges", response_model=MergesPage, tags=["entities"])
def merge_history(
    who: CallerDep,
    # (its bounds declared, left to the service: ``entity: an id is required``, ``entity: too long …``)
    entity: Annotated[
        str | None,
        Query(description="Only merges into or of it.", json_schema_extra={"minLength": 1, "maxLength": 200}),
    ] = None,
    limit: Annotated[int, Query(json_schema_extra=within(1, MAX_LIMIT))] = 50,
    cursor: Annotated[
        str | None,
        Query(
            json_schema_extra={"maxLength": MAX_CURSOR_CHARS}, description="next_cursor of the previous page"
        ),
    ] = None,
) -> JSONResponse:
    """The merge history, newest first, undone merges too: merges of entities the caller may read, each
    with the two names, who merged, whether it is undone and whether the caller may undo it now
    (``undoable``). Page with ``limit`` and follow ``next_cursor`` (keyset: merges made meanwhile never
    repeat or skip one)."""
    items, next_cursor = who.service.entities.merge_history(who.actor, entity_id=entity, limit=limit,
                                                            cursor=cursor)  # fmt: skip
    return render({"items": items, "next_cursor": next_cursor})


@router.get("/entities/search", response_model=EntityList, tags=["entities"])
def search_entities(
    who: CallerDep,
    q: Annotated[str, Query(json_schema_extra={"minLength": 1, "maxLength": 500}, description=_Q)],
    type: Annotated[str | None, Query(json_schema_extra={"maxLength": 20}, description=_TYPE)] = None,  # noqa: A002
    limit: Annotated[int, Query(json_schema_extra=within(1, MAX_LIMIT))] = 10,
) -> JSONResponse:
    """The entity a name, alias, e-mail address or external id (``hubspot:123``) refers to; every entity
    that fits when the name is ambiguous; none when nothing known fits."""
    return render({"items": who.service.entities.search(who.actor, q, type=type, limit=limit)})


@router.get("/entities/lookup", response_model=EntityLookup, tags=["entities"])
def lookup(
    who: CallerDep,
    q: Annotated[str, Query(json_schema_extra={"minLength": 1, "maxLength": 500}, description=_Q)],
    type: Annotated[str | None, Query(json_schema_extra={"maxLength": 20}, description=_TYPE)] = None,  # noqa: A002
    hops: Annotated[int, _HOPS] = 1,
    limit: Annotated[
        int, Query(json_schema_extra=within(1, MAX_LIMIT), description="How many memories at most.")
    ] = 20,
) -> JSONResponse:
    """What do you know about X: the entity ``q`` resolves to with its edges, related entities and
    memories (``found``), or the entities an ambiguous name fits (``candidates``)."""
    return render(who.service.entities.lookup(who.actor, q, type=type, hops=hops, limit=limit))


@router.post("/entities/merge", response_model=EntityMerge, tags=["entities"])
def merge(body: MergeBody, who: CallerDep) -> JSONResponse:
    """Fold entity ``merged`` into ``into`` (same owner and visibility), keeping every alias, external id,
    edge and memory link. Recorded: ``POST /v1/entities/unmerge`` with the returned id undoes it."""
    return render(who.service.entities.merge(who.actor, body.into, body.merged))


@router.post("/entities/unmerge", response_model=EntityMerge, tags=["entities"])
def unmerge(body: UnmergeBody, who: CallerDep) -> JSONResponse:
    """Undo a merge: the merged entity comes back with its own aliases, external ids, edges and links."""
    return render(who.service.entities.unmerge(who.actor, body.merge_id))


@router.get("/entities/{entity_id}", response_model=Entity, tags=["entities"])
def get_entity(entity_id: _ID, who: CallerDep) -> JSONResponse:
    """One entity with its aliases, external ids and attributes."""
    return render(who.service.entities.get(who.actor, entity_id))


@router.get("/entities/{entity_id}/aliases", response_model=EntityNames, tags=["entities"])
def aliases(entity_id: _ID, who: CallerDep) -> JSONResponse:
    """The names the entity is known by: its name, its aliases and its external ids."""
    e = who.service.entities.get(who.actor, entity_id)
    return render({"id": e.id, "name": e.name, "aliases": e.aliases, "external_ids": e.external_ids})


@router.get("/entities/{entity_id}/edges", response_model=EdgesPage, tags=["entities"])
def edges(entity_id: _ID, who: CallerDep) -> JSONResponse:
    """Edges from or to the entity (``works_at``, ``assigned_to``…), ended ones with ``valid_to``."""
    return render({"edges": who.service.entities.edges(who.actor, entity_id)})


@router.get("/entities/{entity_id}/memories", response_model=EntityMemories, tags=["entities"])
def memories(
    entity_id: _ID,
    who: CallerDep,
    hops: Annotated[int, _HOPS] = 0,
    limit: Annotated[int, Query(json_schema_extra=within(1, MAX_LIMIT))] = 20,
) -> JSONResponse:
    """Memories linked to the entity, and with ``hops=1`` those of its neighbours after them."""
    found = who.service.entities.memories(who.actor, entity_id, hops=hops, limit=limit)
    return render({"items": [memory for memory, _ in found]})


@router.get("/entities/{entity_id}/about", response_model=EntityDetail, tags=["entities"])
def about(
    entity_id: _ID,
    who: CallerDep,
    hops: Annotated[int, _HOPS] = 1,
    limit: Annotated[
        int, Query(json_schema_extra=within(1, MAX_LIMIT), description="How many memories at most.")
    ] = 20,
) -> JSONResponse:
    """The entity, its edges, the entities at their other ends, and the memories linked to it (and to its
    neighbours, ``distance`` 1), nearest first, then newest."""
    return render(who.service.entities.about(who.actor, entity_id, hops=hops, limit=limit))


@router.post("/entities/{entity_id}/links", response_model=Linked, tags=["entities"])
def link(entity_id: _ID, body: LinkBody, who: CallerDep) -> JSONResponse:
    """Link a memory to the entity (same owner and visibility) as its ``subject``, ``related_user`` or a
    ``mention``."""
    who.service.entities.link(who.actor, body.memory_id, entity_id, body.role)
    return render({"memory_id": body.memory_id, "entity_id": entity_id, "role": body.role})


@router.post("/entities/{entity_id}/edges", response_model=Edge, tags=["entities"])
def relate(entity_id: _ID, body: RelateBody, who: CallerDep) -> JSONResponse:
    """Record that the entity ``relation`` ``dst`` (``reports_to``, ``member_of``, ``customer_of``…), with an
    optional validity window; the same triple again updates it (``valid_to`` ends it)."""
    edge = who.service.entities.relate(
        who.actor, entity_id, body.relation, body.dst, valid_from=body.valid_from, valid_to=body.valid_to,
        provenance=body.provenance, single=body.single,
    )  # fmt: skip
    return render(edge)


@router.post("/anchor", response_model=Entity, tags=["entities"])
def anchor(
    who: CallerDep,
    record: Annotated[
        dict[str, Any],
        Body(
            description="A structured record: {kind: contact, system, id, name, email, company, title}, "
            "{kind: ticket, system, id, title, customer, assignee} or {kind: issue|pull_request, system, "
            "repository, number, title, author}; optional owner and visibility, as for a memory.",
            openapi_examples={
                "contact": {
                    "value": {
                        "kind": "contact",
                        "system": "hubspot",
                        "id": "123",
                        "name": "Ana Lopez",
                        "email": "ana@acme.com",
                        "company": "Acme Corp",
                    }
                },  # fmt: skip
            },
        ),
    ],
) -> JSONResponse:
    """Anchor a structured record to the entity graph, with no model call; the record's entity. Keyed by
    the record's own ids: anchoring the same record again updates it, never duplicates it."""
    return render(who.service.anchor(record, actor=who.actor))
