"""The MCP tools of the entity graph: ``entity_lookup`` ("what do you know about X") and
``entity_relate`` (record a relation between two entities, as ``POST /v1/entities/{id}/edges``).

Built by ``mcp_server.build_mcp_server`` with its own helpers (``build``), so the tools share its strict
arguments, error rendering and acting user; this module cannot import ``mcp_server`` (it is imported
from there). Each tool is parse → one service call (``MemoryService.entities``) → render.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from .graph.resolution import EntityType
from .ids import MAX_ID_CHARS
from .models import Actor, Edge, Entity, EntityDetail, EntityLookup
from .requests import MAX_LIMIT
from .service import MemoryService
from .timeutil import iso_z

__all__ = ["ENTITY_TOOLS", "build"]

ENTITY_TOOLS = ("entity_lookup", "entity_relate")

Run = Callable[[Context, Callable[[Actor], Any], Callable[[Any], CallToolResult]], CallToolResult]
MakeTool = Callable[..., Tool]

_TYPE = (
    f"Only entities of this type (with a query): {', '.join(t.value for t in EntityType if t != 'other')} or"
    " other."
)

_LOOKUP = """\
What do you know about someone or something: a person, company, customer, project, ticket, repository… \
Give a name as the user wrote it ('Dr. Georgiev', 'Acme', 'bob@acme.com', 'hubspot:123'): spellings, \
aliases and e-mail addresses resolve to the one entity. Returns the entity with its aliases, external \
ids and relations (works_at, assigned_to, authored…), the entities it is related to, and the memories \
about it and (distance 1) about those related entities, nearest first. When a name fits several \
entities (two people called Ana) they are listed as candidates: ask which one, or call again with its \
entity_id. Use it for "who is X", "what do we know about X", before answering about a named person or \
organisation."""


_RELATE = """\
Record a relation between two known entities that no record states: 'Ana reports_to Boris', 'Acme \
customer_of Initech', 'Boris member_of Platform team'. Give both entities' ids (from entity_lookup) and \
the relation as a short snake_case verb phrase (reports_to, member_of, works_at, customer_of, \
assigned_to, belongs_to, manages…). The same three again updates the relation (its dates, its \
provenance), never duplicates it; valid_to ends it (it is kept, with its end). single: the relation \
holds one value at a time (one manager), so the source's other open relations of this name end now. \
Both entities must have the same owner and visibility (two personal entities of this user, or two \
shared ones of the same owner). Then 'where does Ana's manager work?' is answered one hop away."""

#: an entity's id, as entity_lookup gives it: its bounds declared, not enforced (the service's
#: ``ids.check_id`` refuses a blank or over-long one in the words of every surface)
_ENTITY_ID: dict[str, Any] = {"json_schema_extra": {"minLength": 1, "maxLength": MAX_ID_CHARS}}
#: a time as the REST API takes it: ISO-8601 or a written date
#: (the memory tools' times too: a model sending a local time without an offset should know it is read as UTC)
_WHEN = (
    "(ISO-8601, e.g. '2025-03-01' or '2025-03-01T09:30:00+01:00', or a written date, 'March 1, 2025'; "
    "a time without an offset is UTC)."
)
WHEN = _WHEN


def _entity_line(entity: Entity, key: str = "entity") -> str:
    brief: dict[str, Any] = {"id": entity.id, "type": entity.type, "name": entity.name}
    if entity.aliases:
        brief["aliases"] = list(entity.aliases)
    if entity.external_ids:
        brief["external_ids"] = list(entity.external_ids)
    if entity.attributes:
        brief["attributes"] = entity.attributes
    return json.dumps({key: brief}, ensure_ascii=False)


def _detail_lines(detail: EntityDetail) -> list[str]:
    """The entity, one line per relation (named, not just ids) and one per memory: what a model needs."""
    selves = (detail.entity, *detail.same_as)
    names = {e.id: e.name for e in detail.related} | {e.id: e.name for e in selves}
    lines = [_entity_line(detail.entity), *(_entity_line(e, "same_as") for e in detail.same_as)]
    for edge in detail.edges:
        entry: dict[str, Any] = {"from": names.get(edge.src, edge.src), "relation": edge.relation,
                                 "to": names.get(edge.dst, edge.dst)}  # fmt: skip
        if edge.valid_to is not None:
            entry["until"] = edge.valid_to.date().isoformat()
        lines.append(json.dumps(entry, ensure_ascii=False))
    for linked in detail.memories:
        m = linked.memory
        lines.append(json.dumps({"id": m.id, "content": m.content, "type": str(m.type), "distance": linked.distance,
                                 "date": m.observed_at.date().isoformat()}, ensure_ascii=False))  # fmt: skip
    return lines


def edge_text(edge: Edge) -> str:
    """The recorded relation as one JSON line (ids: the model got them from ``entity_lookup``)."""
    entry: dict[str, Any] = {"id": edge.id, "from": edge.src, "relation": edge.relation, "to": edge.dst}
    if edge.valid_from is not None:
        entry["since"] = iso_z(edge.valid_from)
    if edge.valid_to is not None:
        entry["until"] = iso_z(edge.valid_to)
    return json.dumps(entry, ensure_ascii=False)


def lookup_text(result: EntityLookup) -> str:
    if result.found is not None:
        return "\n".join(_detail_lines(result.found))
    if result.candidates:
        return "\n".join(_entity_line(e, "candidate") for e in result.candidates)
    # not "nothing known": memories may still name it in their text (a name no entity was made of)
    return f"no entity known as {result.query!r}; memory_recall searches the memories' text"


def build(service: MemoryService, run: Run, make_tool: MakeTool) -> list[Tool]:
    """The entity tools, calling ``service`` through ``run`` (the acting user, errors as tool errors)."""

    def entity_lookup(
        ctx: Context,
        query: Annotated[
            str | None,
            Field(
                json_schema_extra={"minLength": 1, "maxLength": 500},
                description="A name, alias, e-mail address or system:id, "
                "e.g. 'Georgiev' or 'hubspot:123'. Give exactly one of query or entity_id.",
            ),
        ] = None,  # fmt: skip
        entity_id: Annotated[
            str | None,
            Field(
                **_ENTITY_ID,
                description="An entity's id (from a candidate of an earlier "
                "lookup). Give exactly one of query or entity_id.",
            ),
        ] = None,  # fmt: skip
        type: Annotated[str | None, Field(json_schema_extra={"maxLength": 20}, description=_TYPE)] = None,  # noqa: A002
        hops: Annotated[
            int, Field(ge=0, le=1, description="1: also memories about related entities; 0: its own only.")
        ] = 1,
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="How many memories at most.")] = 20,
    ) -> Annotated[CallToolResult, EntityLookup]:
        def render(result: EntityLookup) -> CallToolResult:
            return CallToolResult(content=[TextContent(type="text", text=lookup_text(result))],
                                  structured_content=result.model_dump(mode="json"))  # fmt: skip

        return run(ctx, lambda actor: service.entities.lookup(
            actor, query, entity_id=entity_id, type=type, hops=hops, limit=limit), render)  # fmt: skip

    def entity_relate(
        ctx: Context,
        src: Annotated[str, Field(**_ENTITY_ID, description="The id of the entity the relation is from.")],
        relation: Annotated[
            str,
            Field(
                json_schema_extra={"minLength": 1, "maxLength": 40, "pattern": r"^[a-z][a-z0-9_]*$"},
                description="snake_case, e.g. reports_to, member_of, customer_of.",
            ),  # (declared; the service says what a relation is, in its words on every surface)
        ],
        dst: Annotated[str, Field(**_ENTITY_ID, description="The id of the entity the relation is to.")],
        valid_from: Annotated[
            str | None, Field(max_length=100, description="Since when it holds " + _WHEN)
        ] = None,
        valid_to: Annotated[str | None, Field(max_length=100, description="When it ended " + _WHEN)] = None,
        single: Annotated[
            bool,
            Field(description="One at a time (one manager): end the source's other relations of this name."),
        ] = False,
    ) -> Annotated[CallToolResult, Edge]:
        def render(edge: Edge) -> CallToolResult:
            return CallToolResult(content=[TextContent(type="text", text=edge_text(edge))],
                                  structured_content=edge.model_dump(mode="json"))  # fmt: skip

        return run(ctx, lambda actor: service.entities.relate(
            actor, src, relation, dst, valid_from=valid_from, valid_to=valid_to,
            provenance={"via": "mcp"}, single=single), render)  # fmt: skip

    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    return [
        make_tool(entity_lookup, title="Look up an entity", description=_LOOKUP, annotations=read_only,
                  exactly_one_of=("query", "entity_id")),
        make_tool(entity_relate, title="Relate two entities", description=_RELATE,
                  annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False,
                                              idempotent_hint=True, open_world_hint=False)),
    ]  # fmt: skip
