"""Import (an uploaded export or pasted memory lines, as ``POST /v1/memory/import``) and re-indexing
with progress (as ``POST /v1/reindex``: admin keys, over the key's own workspace)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..errors import Forbidden, InvalidInput, MemlaneError
from ..importers import FORMATS, read_export
from ..models import ReindexResult
from ..service import MemoryService
from .context import ViewerDep, WebRoute, page

__all__ = ["IMPORT_PATH", "ReindexRuns", "router"]

router = APIRouter(route_class=WebRoute, include_in_schema=False)

#: the upload's path (``api.app`` lets bodies as large as the REST import's through here)
IMPORT_PATH = "/import"


@router.get(IMPORT_PATH, response_class=HTMLResponse)
def import_form(request: Request, viewer: ViewerDep) -> HTMLResponse:
    return page(request, "import.html", {"formats": FORMATS, "result": None}, viewer=viewer)


@router.post(IMPORT_PATH, response_class=HTMLResponse)
def import_upload(
    request: Request,
    viewer: ViewerDep,
    file: Annotated[UploadFile | None, File()] = None,
    text: Annotated[str, Form(max_length=1_000_000)] = "",
    format: Annotated[str, Form(max_length=20)] = "auto",  # noqa: A002 - the field's name
    space: Annotated[str, Form(max_length=200)] = "",
) -> HTMLResponse:
    """An upload, or pasted lines (then ``format`` auto reads them as text); the result lists what was
    imported, what was a duplicate, and every invalid item with the reason."""
    if text.strip():
        batch = read_export(text.encode("utf-8"), "text" if format == "auto" else format, name="pasted.txt")
    elif file is not None and file.filename:
        batch = read_export(file.file, format, name=file.filename)
    else:
        raise InvalidInput("choose an export file to upload or paste memory lines")
    result = viewer.service.import_batch(batch, actor=viewer.actor, space=space.strip() or None)
    return page(request, "import.html", {"formats": FORMATS, "result": result}, viewer=viewer)


# -- reindex ----------------------------------------------------------------------------------------------


@dataclass
class ReindexRun:
    phase: str = "starting"
    done: int = 0
    total: int = 0
    result: ReindexResult | None = None
    error: str | None = None

    @property
    def running(self) -> bool:
        return self.result is None and self.error is None

    @property
    def percent(self) -> int:
        return 100 if not self.running else int(100 * self.done / self.total) if self.total else 0


class ReindexRuns:
    """One re-index at a time per workspace, run on its own thread; pages poll its progress."""

    def __init__(self, service: MemoryService) -> None:
        self._service = service
        self._runs: dict[str, ReindexRun] = {}
        self._lock = threading.Lock()

    def get(self, workspace: str) -> ReindexRun | None:
        return self._runs.get(workspace)

    def start(self, workspace: str, *, keys: bool) -> ReindexRun:
        with self._lock:
            current = self._runs.get(workspace)
            if current is not None and current.running:
                return current
            run = self._runs[workspace] = ReindexRun()

        def progress(phase: str, done: int, total: int) -> None:
            run.phase, run.done, run.total = phase, done, total

        def work() -> None:
            try:
                run.result = self._service.reindex(keys=keys, workspace=workspace, progress=progress)
            except MemlaneError as exc:
                run.error = str(exc)
            except Exception as exc:  # the page must say it failed, not poll forever
                run.error = f"{type(exc).__name__}: {exc}"

        threading.Thread(target=work, name=f"memlane-reindex-{workspace}", daemon=True).start()
        return run


def _admin(viewer: ViewerDep) -> str:
    if not viewer.principal.admin:
        raise Forbidden("re-indexing needs an admin key of the workspace")
    return viewer.principal.workspace


@router.get("/reindex", response_class=HTMLResponse)
def reindex_page(request: Request, viewer: ViewerDep) -> HTMLResponse:
    runs: ReindexRuns = request.app.state.web.reindex
    run = runs.get(_admin(viewer))
    template = "_reindex_status.html" if request.headers.get("HX-Request") == "true" and request.headers.get(
        "HX-Target") == "reindex-status" else "reindex.html"  # fmt: skip
    return page(request, template, {"run": run}, viewer=viewer)


@router.post("/reindex")
def reindex_start(
    request: Request, viewer: ViewerDep, keys: Annotated[str, Form(max_length=5)] = ""
) -> Response:
    runs: ReindexRuns = request.app.state.web.reindex
    runs.start(_admin(viewer), keys=keys == "1")
    return RedirectResponse("/reindex", status_code=303)
