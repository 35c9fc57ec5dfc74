"""Consolidation endpoints (``/v1/consolidate``): parse, one service call, render."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..consolidation import ConsolidationReport, ConsolidationUndo
from .context import CallerDep, render
from .schemas import ERROR_RESPONSES, _Body

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["consolidation"], responses=ERROR_RESPONSES)  # type: ignore[arg-type]


class ConsolidateBody(_Body):
    dry_run: bool = False


class UndoBody(_Body):
    id: str = Field(min_length=1, max_length=200, description="The memory a consolidation wrote.")


class Restored(BaseModel):
    restored: list[str]


@router.post("/consolidate", response_model=ConsolidationReport)
def consolidate(who: CallerDep, body: ConsolidateBody | None = None) -> JSONResponse:
    """Merge near-duplicate current memories into one (the others become its history, undoable) and
    fold duplicate entities, among what the acting user may supersede (docs/api.md, permission table;
    with an admin key that includes the workspace's shared memories). ``dry_run``: report only."""
    dry_run = body.dry_run if body is not None else False
    return render(who.service.consolidate(actor=who.actor, dry_run=dry_run))


@router.post("/consolidate/undo", response_model=Restored)
def undo(body: UndoBody, who: CallerDep) -> JSONResponse:
    """Undo the consolidation that wrote memory ``id``: its merged memories are current again."""
    return render({"restored": who.service.undo_consolidation(body.id, actor=who.actor)})


@router.post("/consolidate/runs/{run}/undo", response_model=ConsolidationUndo)
def undo_run(run: str, who: CallerDep) -> JSONResponse:
    """Undo a whole consolidation run (``run`` from its report) in one call and one transaction: every
    memory it merged is current again and every entity it folded is unmerged. All or nothing: 404 when
    any of it is not the acting user's to see, 403 when not hers to change, 422 when a memory was
    superseded or an entity merged further since."""
    return render(who.service.undo_consolidation_run(run, actor=who.actor))
