"""The "Profiles and jobs" pages: the workspace's profiles with their settings, edit, delete (after a
dry run says how many memories go with it), enable / disable and "run now" (``MemoryService.profiles`` and ``.jobs``, the calls behind ``/v1/profiles`` and ``/v1/jobs``),
a profile's last runs and cleanup log, and "Consolidate now" with its dry-run preview
(``MemoryService.consolidate``). Which of these the signed-in key may see or do is the services' rule
(docs/api.md): every key reads the profiles' settings; runs, logs and changes are for admin keys."""

from __future__ import annotations

import re
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from ..errors import InvalidInput
from ..models import MemoryType, Profile
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
    "saved": "Saved: the new settings apply from the next sweep.",
}
_TYPES = [t.value for t in MemoryType]


def _path(name: str) -> str:
    return "/profiles/" + quote(name, safe="")


class ProfileForm(BaseModel):
    """The edit form's fields, as typed (shown again when the service refuses them)."""

    types: list[str] = Field(default_factory=list, max_length=20)
    scope: str = Field(default="user", max_length=10)
    teams: str = Field(default="", max_length=2000)
    agent: str = Field(default="", max_length=200)
    extractor: str = Field(default="rules", max_length=200)
    instructions: str = Field(default="", max_length=20_000)
    embedding_model: str = Field(default="", max_length=200)
    refresh: str = Field(default="1h", max_length=40)
    expire_after: str = Field(default="", max_length=40)

    @classmethod
    def of(cls, p: Profile) -> ProfileForm:
        return cls(types=[str(t) for t in p.types], scope=p.scope, teams=", ".join(p.teams), agent=p.agent or "",
                   extractor=p.extractor, instructions=p.instructions or "", embedding_model=p.embedding_model or "",
                   refresh=f"{p.refresh_minutes} minutes", expire_after=p.expire_after or "")  # fmt: skip

    def changes(self) -> dict[str, Any]:
        """Every setting, as ``ProfileService.update`` takes them (it checks them)."""
        return {
            "types": self.types or None, "scope": self.scope, "teams": self.teams, "agent": self.agent.strip() or None,
            "extractor": self.extractor, "instructions": self.instructions.strip() or None,
            "embedding_model": self.embedding_model.strip() or None, "refresh": self.refresh.strip(),
            "expire_after": self.expire_after.strip() or None,
        }  # fmt: skip


#: the form's labels of the fields whose names are not plain words (the service names the SDK's fields)
_LABELS = {"expire_after": "Expire after", "embedding_model": "Embedding model"}
_FIELD = re.compile(r"(?<![\w.-])(" + "|".join(_LABELS) + r")(?![\w-])")


def _labelled(message: str) -> str:
    """A refusal in the form's words: ``expire_after: '3 fortnights' is not …`` -> ``Expire after: …``."""
    return _FIELD.sub(lambda m: _LABELS[m[1]], message)


@router.get("/profiles", response_class=HTMLResponse)
def profiles(request: Request, viewer: ViewerDep) -> HTMLResponse:
    found = viewer.service.profiles.list(viewer.actor)
    return page(request, "profiles.html", {"profiles": found, "notice": _deleted(request)}, viewer=viewer)


def _deleted(request: Request) -> str | None:
    """The notice after a delete; the URL carries only the profile's name and a count, shown as such."""
    q = request.query_params
    count = q.get("memories", "")
    if q.get("notice") != "deleted" or not count.isdigit() or len(count) > 9:
        return None
    return f"Deleted profile {q.get('name', '')[:200]!r} and {count} memor{'y' if count == '1' else 'ies'} it wrote."


@router.get("/profiles/{name}", response_class=HTMLResponse)
def profile(request: Request, name: str, viewer: ViewerDep) -> HTMLResponse:
    """The profile's settings and, for the keys that may see them, its last runs and cleanup log."""
    shown = viewer.service.profiles.overview(viewer.actor, name, limit=RECENT)
    notice = _NOTICES.get(request.query_params.get("notice", ""))
    return page(request, "profile.html", {"o": shown, "p": shown.profile, "notice": notice}, viewer=viewer)


@router.get("/profiles/{name}/edit", response_class=HTMLResponse)
def edit_form(request: Request, name: str, viewer: ViewerDep) -> HTMLResponse:
    shown = viewer.service.profiles.get(viewer.actor, name)
    return page(request, "profile_edit.html", {"p": shown, "form": ProfileForm.of(shown), "types": _TYPES},
                viewer=viewer)  # fmt: skip


@router.post("/profiles/{name}/edit", response_class=HTMLResponse)
def edit(request: Request, name: str, viewer: ViewerDep, form: Annotated[ProfileForm, Form()]) -> Response:
    """Change the settings (``ProfileService.update``, as ``PATCH /v1/profiles/{name}``); a setting the
    service refuses shows the form again with what was typed and the reason."""
    try:
        done = viewer.service.profiles.update(viewer.actor, name, **form.changes())
    except InvalidInput as exc:
        shown = viewer.service.profiles.get(viewer.actor, name)
        return page(request, "profile_edit.html", {"p": shown, "form": form, "types": _TYPES,
                                                   "error": _labelled(str(exc))}, viewer=viewer, status_code=422)  # fmt: skip
    return RedirectResponse(f"{_path(done.id)}?notice=saved", status_code=303)


@router.get("/profiles/{name}/delete", response_class=HTMLResponse)
def confirm_delete(request: Request, name: str, viewer: ViewerDep) -> HTMLResponse:
    """What deleting the profile would remove (a dry run: how many memories it wrote), and the button."""
    preview = viewer.service.profiles.delete(viewer.actor, name)
    return page(request, "profile_delete.html", {"preview": preview, "p": preview.profile}, viewer=viewer)


@router.post("/profiles/{name}/delete")
def delete(name: str, viewer: ViewerDep) -> Response:
    done = viewer.service.profiles.delete(viewer.actor, name, confirm=True)
    query = urlencode({"notice": "deleted", "name": done.profile.name, "memories": done.memories})
    return RedirectResponse(f"/profiles?{query}", status_code=303)


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


@router.get("/consolidate/undo")
@router.get("/consolidate/runs/{run}/undo")
def after_undo() -> Response:
    """A reload after an undo (the address bar holds the POST's address): the consolidation page, not
    "this page does not take that request"; nothing is undone again."""
    return RedirectResponse("/consolidate", status_code=303)


@router.post("/consolidate/undo", response_class=HTMLResponse)
def undo(request: Request, viewer: ViewerDep, memory: Annotated[str, Form(max_length=200)]) -> HTMLResponse:
    """Undo the consolidation that wrote ``memory``: its members are current again."""
    restored = viewer.service.undo_consolidation(memory.strip(), actor=viewer.actor)
    return page(request, "consolidate.html", {"report": None, "restored": restored}, viewer=viewer)


@router.post("/consolidate/runs/{run}/undo", response_class=HTMLResponse)
def undo_run(request: Request, viewer: ViewerDep, run: str) -> HTMLResponse:
    """Undo a whole run (its memories and entity folds) in one step."""
    undone = viewer.service.undo_consolidation_run(run, actor=viewer.actor)
    context = {"report": None, "restored": list(undone.restored), "unmerged": list(undone.unmerged)}
    return page(request, "consolidate.html", context, viewer=viewer)
