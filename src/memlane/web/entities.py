"""The entity pages: list and search, an entity with its aliases, external ids, edges and memories, and
merge / unmerge (``MemoryService.entities``, the calls behind ``m.entities`` and the CLI)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from ..errors import NotFound
from ..graph.resolution import EntityType
from .context import ViewerDep, WebRoute, page

__all__ = ["router"]

router = APIRouter(route_class=WebRoute, include_in_schema=False)

PAGE_SIZE = 50
_TYPES = [t.value for t in EntityType]


@router.get("/entities", response_class=HTMLResponse)
def entities(
    request: Request, viewer: ViewerDep, q: str = "", type: str = "", offset: int = 0
) -> HTMLResponse:  # noqa: A002
    kind = type or None
    if q.strip():
        found = viewer.service.entities.search(viewer.actor, q, type=kind, limit=PAGE_SIZE)
        more = False
    else:
        found = viewer.service.entities.list_entities(viewer.actor, type=kind, limit=PAGE_SIZE + 1,
                                                      offset=offset)  # fmt: skip
        more = len(found) > PAGE_SIZE
        found = found[:PAGE_SIZE]
    return page(request, "entities.html", {"entities": found, "q": q, "type": type, "types": _TYPES,
                                           "offset": offset, "more": more, "page_size": PAGE_SIZE},
                viewer=viewer)  # fmt: skip


@router.get("/entities/{entity_id}", response_class=HTMLResponse)
def entity(request: Request, entity_id: str, viewer: ViewerDep) -> HTMLResponse:
    service = viewer.service.entities
    shown = service.get(viewer.actor, entity_id)
    edges = service.edges(viewer.actor, entity_id)
    names = {}
    for other in {e.src for e in edges} | {e.dst for e in edges}:
        try:
            names[other] = service.get(viewer.actor, other).name
        except NotFound:
            names[other] = other
    memories = [m for m, _ in service.memories(viewer.actor, entity_id, limit=100)]
    # others filed under the same name: the likely candidates for a merge
    similar = [e for e in service.search(viewer.actor, shown.name, limit=10) if e.id != shown.id]
    return page(request, "entity.html", {"entity": shown, "edges": edges, "names": names,
                                         "memories": memories, "similar": similar}, viewer=viewer)  # fmt: skip


@router.post("/entities/{entity_id}/merge", response_class=HTMLResponse)
def merge(
    request: Request, entity_id: str, viewer: ViewerDep, merged: Annotated[str, Form(max_length=100)]
) -> HTMLResponse:
    """Fold entity ``merged`` into this one; the result page offers to undo it."""
    record = viewer.service.entities.merge(viewer.actor, entity_id, merged.strip())
    return page(request, "merged.html", {"merge": record, "undone": False}, viewer=viewer)


@router.post("/entities/merges/{merge_id}/unmerge", response_class=HTMLResponse)
def unmerge(request: Request, merge_id: str, viewer: ViewerDep) -> HTMLResponse:
    record = viewer.service.entities.unmerge(viewer.actor, merge_id)
    return page(request, "merged.html", {"merge": record, "undone": True}, viewer=viewer)
