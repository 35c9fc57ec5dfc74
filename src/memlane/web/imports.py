"""Import (an uploaded export or pasted memory lines, as ``POST /v1/memory/import``, run in the
background by ``MemoryService.imports`` with its progress polled) and re-indexing with progress (as
``POST /v1/reindex``: admin keys, over the key's own workspace)."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..errors import Forbidden, InvalidInput, MemlaneError
from ..importers import FORMATS
from ..models import ReindexResult
from ..service import MemoryService
from .context import ViewerDep, WebRoute, page

__all__ = ["IMPORT_PATH", "ReindexRuns", "router"]

log = logging.getLogger(__name__)

router = APIRouter(route_class=WebRoute, include_in_schema=False)

#: the upload's path (``api.app`` lets bodies as large as the REST import's through here)
IMPORT_PATH = "/import"


@router.get(IMPORT_PATH, response_class=HTMLResponse)
def import_form(request: Request, viewer: ViewerDep) -> HTMLResponse:
    """The form, and the signed-in user's recent imports (running or done, with their results)."""
    runs = viewer.service.imports.list(actor=viewer.actor)
    return page(request, "import.html", {"formats": FORMATS, "runs": runs}, viewer=viewer)


@router.post(IMPORT_PATH)
def import_upload(
    viewer: ViewerDep,
    file: Annotated[UploadFile | None, File()] = None,
    text: Annotated[str, Form(max_length=1_000_000)] = "",
    format: Annotated[str, Form(max_length=20)] = "auto",  # noqa: A002 - the field's name
    space: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """An upload, or pasted lines (then ``format`` auto reads them as text): the import starts in the
    background and the browser goes to its page, which shows its progress and then its result."""
    if text.strip():
        run = viewer.service.imports.start(text.encode("utf-8"), "text" if format == "auto" else format,
                                           actor=viewer.actor, space=space.strip() or None, name="pasted.txt")  # fmt: skip
    elif file is not None and file.filename:
        run = viewer.service.imports.start(file.file, format, actor=viewer.actor, space=space.strip() or None,
                                           name=file.filename)  # fmt: skip
    else:
        raise InvalidInput("choose an export file to upload or paste memory lines")
    return RedirectResponse(f"{IMPORT_PATH}/runs/{run.id}", status_code=303)


@router.get(IMPORT_PATH + "/runs/{run_id}", response_class=HTMLResponse)
def import_run(request: Request, run_id: str, viewer: ViewerDep) -> HTMLResponse:
    """An import's progress (polled by htmx while it runs: the status fragment alone) or its result."""
    run = viewer.service.imports.get(run_id, actor=viewer.actor)
    template = "_import_status.html" if _polled(request, "import-status") else "import_run.html"
    return page(request, template, {"run": run}, viewer=viewer)


def _polled(request: Request, target: str) -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Target") == target


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
                log.error("re-indexing %s failed: %s", workspace, exc)
                run.error = exc.public
            except Exception:  # the page must say it failed, not poll forever
                log.exception("re-indexing %s crashed", workspace)
                run.error = "re-indexing failed unexpectedly (the server's log says why)"

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
    template = "_reindex_status.html" if _polled(request, "reindex-status") else "reindex.html"
    return page(request, template, {"run": run}, viewer=viewer)


@router.post("/reindex")
def reindex_start(
    request: Request, viewer: ViewerDep, keys: Annotated[str, Form(max_length=5)] = ""
) -> Response:
    runs: ReindexRuns = request.app.state.web.reindex
    runs.start(_admin(viewer), keys=keys == "1")
    return RedirectResponse("/reindex", status_code=303)
