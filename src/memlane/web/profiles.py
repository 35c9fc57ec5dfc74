"""The "Profiles and jobs" pages: the workspace's profiles with their settings, enable / disable and
"run now" (``MemoryService.profiles`` and ``.jobs``, the calls behind ``/v1/profiles`` and ``/v1/jobs``),
a profile's last runs and cleanup log, and "Consolidate now" with its dry-run preview
(``MemoryService.consolidate``). Which of these the signed-in key may see or do is the services' rule
(docs/api.md): every key reads the profiles' settings; runs, logs and changes are for admin keys."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from .context import ViewerDep, WebRoute, page

__all__ = ["router"]

router = APIRouter(route_class=WebRoute, include_in_schema=False)

#: the runs and log entries a profile's page shows
RECENT = 20
#: what a redirect after a change says (the URL carries only the code)
_NOTICES = {
    "enabled": "Enabled: its sweep runs on schedule.",
    "disabled": "Disabled: no new sweep starts.",
    "ran": "Ran now: the run is at the top of the list below.",
}


def _path(name: str) -> str:
    return "/profiles/" + quote(name, safe="")


@router.get("/profiles", response_class=HTMLResponse)
def profiles(request: Request, viewer: ViewerDep) -> HTMLResponse:
    found = viewer.service.profiles.list(viewer.actor)
    return page(request, "profiles.html", {"profiles": found}, viewer=viewer)


@router.get("/profiles/{name}", response_class=HTMLResponse)
def profile(request: Request, name: str, viewer: ViewerDep) -> HTMLResponse:
    """The profile's settings and, for the keys that may see them, its last runs and cleanup log."""
    shown = viewer.service.profiles.overview(viewer.actor, name, limit=RECENT)
    notice = _NOTICES.get(request.query_params.get("notice", ""))
    return page(request, "profile.html", {"o": shown, "p": shown.profile, "notice": notice}, viewer=viewer)


@router.post("/profiles/{name}/enable")
def enable(name: str, viewer: ViewerDep) -> Response:
    done = viewer.service.profiles.enable(viewer.actor, name)
    return RedirectResponse(f"{_path(done.id)}?notice=enabled", status_code=303)


@router.post("/profiles/{name}/disable")
def disable(name: str, viewer: ViewerDep) -> Response:
    done = viewer.service.profiles.disable(viewer.actor, name)
    return RedirectResponse(f"{_path(done.id)}?notice=disabled", status_code=303)


@router.post("/profiles/{name}/run")
def run(name: str, viewer: ViewerDep) -> Response:
    """Sweep the profile now, as the job runner would (the run is recorded with the scheduled ones)."""
    viewer.service.jobs.run(f"sweep:{name}", actor=viewer.actor)
    return RedirectResponse(f"{_path(name)}?notice=ran", status_code=303)


@router.get("/consolidate", response_class=HTMLResponse)
def preview(request: Request, viewer: ViewerDep) -> HTMLResponse:
    """What "Consolidate now" would merge and fold (a dry run: nothing changes)."""
    report = viewer.service.consolidate(actor=viewer.actor, dry_run=True)
    return page(request, "consolidate.html", {"report": report}, viewer=viewer)


@router.post("/consolidate", response_class=HTMLResponse)
def consolidate(request: Request, viewer: ViewerDep) -> HTMLResponse:
    report = viewer.service.consolidate(actor=viewer.actor)
    return page(request, "consolidate.html", {"report": report}, viewer=viewer)


@router.post("/consolidate/undo", response_class=HTMLResponse)
def undo(request: Request, viewer: ViewerDep, memory: Annotated[str, Form(max_length=200)]) -> HTMLResponse:
    """Undo the consolidation that wrote ``memory``: its members are current again."""
    restored = viewer.service.undo_consolidation(memory.strip(), actor=viewer.actor)
    return page(request, "consolidate.html", {"report": None, "restored": restored}, viewer=viewer)
