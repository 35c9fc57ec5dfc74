"""The entity pages: list and search, an entity with its aliases, external ids, edges and memories,
merge / unmerge, and the merge history with unmerge of any past merge (``MemoryService.entities``, the
calls behind ``m.entities`` and the CLI)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..errors import InvalidInput
from ..graph.resolution import EntityType
from ..ids import MAX_ID_CHARS
from .context import ViewerDep, WebRoute, page, without_empty

__all__ = ["router"]

router = APIRouter(route_class=WebRoute, include_in_schema=False)

PAGE_SIZE = 50
#: merges per page of the history (newest first; keyset pages)
HISTORY = 50
_TYPES = [t.value for t in EntityType]


@router.get("/entities", response_class=HTMLResponse)
def entities(
    request: Request,
    viewer: ViewerDep,
    q: str = "",
    type: str = "",
    cursor: str | None = None,  # noqa: A002
) -> Response:
    """Newest first in keyset pages (``cursor``), or the entities a name or external id may refer to."""
    if (clean := without_empty(request)) is not None:
        return clean
    kind = type or None
    if q.strip():
        found = viewer.service.entities.search(viewer.actor, q, type=kind, limit=PAGE_SIZE)
        next_cursor = None
    else:
        found, next_cursor = viewer.service.entities.page(
            viewer.actor, type=kind, limit=PAGE_SIZE, cursor=cursor
        )
    return page(request, "entities.html", {"entities": found, "q": q, "type": type, "types": _TYPES,
                                           "next_cursor": next_cursor}, viewer=viewer)  # fmt: skip


@router.get("/entities/merges", response_class=HTMLResponse)
def merges(request: Request, viewer: ViewerDep, entity: str = "", cursor: str | None = None) -> HTMLResponse:
    """The merge history, newest first (undone merges too): every merge the user may read, or those
    into or of one entity, in keyset pages (``cursor``); each merge the user may still undo has an
    "Undo…" link."""
    found, next_cursor = viewer.service.entities.merge_history(
        viewer.actor, entity_id=entity.strip() or None, limit=HISTORY, cursor=cursor or None
    )
    context = {"merges": found, "entity": entity.strip(), "next_cursor": next_cursor,
               "entity_page": bool(entity.strip()) and _readable(viewer, entity.strip())}  # fmt: skip
    return page(request, "merges.html", context, viewer=viewer)


def _readable(viewer: ViewerDep, entity_id: str) -> bool:
    """Whether the entity's page shows it (the merge history's back link goes there, else to the list:
    an unknown entity's, or one merged into another, is a 404)."""
    try:
        viewer.service.entities.get(viewer.actor, entity_id)
    except InvalidInput:  # (NotFound: unknown, or merged into another)
        return False
    return True


@router.get("/entities/merges/{merge_id}/unmerge", response_class=HTMLResponse)
def confirm_unmerge(request: Request, merge_id: str, viewer: ViewerDep) -> HTMLResponse:
    """What undoing the merge does, and the button that does it (or why it cannot be undone now)."""
    past = viewer.service.entities.past_merge(viewer.actor, merge_id)
    return page(request, "unmerge.html", {"past": past}, viewer=viewer)


@router.get("/entities/{entity_id}", response_class=HTMLResponse)
def entity(request: Request, entity_id: str, viewer: ViewerDep) -> HTMLResponse:
    """The entity with its edges, the entities at their other ends and its memories (one ``about``), and
    the others filed under its name: the likely candidates for a merge."""
    detail = viewer.service.entities.about(viewer.actor, entity_id, hops=0, limit=100)
    similar = [e for e in viewer.service.entities.search(viewer.actor, detail.entity.name, limit=10)
               if e.id != entity_id]  # fmt: skip
    names = {e.id: e.name for e in (detail.entity, *detail.related)}
    return page(request, "entity.html", {"entity": detail.entity, "edges": detail.edges, "names": names,
                                         "memories": [m.memory for m in detail.memories], "similar": similar},
                viewer=viewer)  # fmt: skip


@router.get("/entities/merges/{merge_id}", response_class=HTMLResponse)
def merge_page(request: Request, merge_id: str, viewer: ViewerDep) -> HTMLResponse:
    """One merge, by name: in force (with "Undo this merge" when the user may) or undone. Merging and
    undoing land here (post, redirect, get), so a reload or the back button never sends them again."""
    past = viewer.service.entities.past_merge(viewer.actor, merge_id)
    return page(request, "merged.html", {"past": past}, viewer=viewer)


@router.post("/entities/{entity_id}/merge")
def merge(
    entity_id: str, viewer: ViewerDep, merged: Annotated[str, Form(max_length=MAX_ID_CHARS)]
) -> Response:
    """Fold entity ``merged`` into this one; the merge's page offers to undo it."""
    record = viewer.service.entities.merge(viewer.actor, entity_id, merged.strip())
    return RedirectResponse(f"/entities/merges/{quote(record.id, safe='')}", status_code=303)


@router.post("/entities/merges/{merge_id}/unmerge")
def unmerge(merge_id: str, viewer: ViewerDep) -> Response:
    record = viewer.service.entities.unmerge(viewer.actor, merge_id)
    return RedirectResponse(f"/entities/merges/{quote(record.id, safe='')}", status_code=303)
