"""The memory pages: the list (newest first, keyset pages) and search, a memory's detail with its
history and provenance, archive, restore, delete and edit (a new version). Each handler parses the
request, makes one service call (the same ones as ``/v1``) and renders a template."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..errors import InvalidInput, VersionConflict
from ..models import ALL_SPACES, MemoryType, Scope, State
from ..requests import MAX_CONTENT_CHARS
from .context import ViewerDep, WebRoute, page, without_empty

__all__ = ["MemoryQuery", "router"]

router = APIRouter(route_class=WebRoute, include_in_schema=False)

PAGE_SIZE = 50
SEARCH_LIMIT = 50
#: the source the dashboard stamps on what it stores (an edit's new version)
SOURCE = "dashboard"
#: what a redirect after a change says; the URL carries only the code, so a link cannot put words in the
#: page (``versions``: how many a delete removed)
_NOTICES = {
    "archived": "Archived.",
    "restored": "Restored.",
    "saved": "Saved as a new version.",
    "stored": "Stored.",
    "unchanged": "Unchanged: the same memory exists.",
    "deleted": "Deleted 1 memory ({versions} version{s}).",
}


def _notice(request: Request) -> str | None:
    template = _NOTICES.get(request.query_params.get("notice", ""))
    if template is None:
        return None
    versions = request.query_params.get("versions", "1")
    versions = versions if versions.isdigit() and len(versions) < 7 else "1"
    return template.format(versions=versions, s="" if versions == "1" else "s")


@dataclass
class MemoryQuery:
    """The list's filters as the form sent them (to show them again) and as service arguments."""

    q: str = ""
    types: list[str] = field(default_factory=list)
    scopes: list[str] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    source: str = ""
    subject: str = ""
    related_user: str = ""
    space: str = ""
    after: str = ""
    before: str = ""
    history: bool = False

    @classmethod
    def parse(cls, request: Request) -> MemoryQuery:
        p = request.query_params
        return cls(
            q=p.get("q", "").strip(), types=p.getlist("type"), scopes=p.getlist("scope"),
            states=p.getlist("state"), source=p.get("source", "").strip(), subject=p.get("subject", "").strip(),
            related_user=p.get("related_user", "").strip(), space=p.get("space", "").strip(),
            after=p.get("after", "").strip(), before=p.get("before", "").strip(), history=p.get("history") == "1",
        )  # fmt: skip

    def filters(self) -> dict[str, Any]:
        """Keyword arguments of ``MemoryService.list_page`` and ``recall`` (they validate the values; the
        dates are read here, and a from later than a to is refused in the form's own words and days)."""
        after = _day(self.after, "Observed from")
        before = _day(self.before, "Observed to", next_day=True)
        if after is not None and before is not None and after >= before:
            raise InvalidInput(
                f"Observed from ({self.after}) is later than Observed to ({self.before}): no day is in both"
            )
        return {
            "space": self.space or ALL_SPACES,
            "types": self.types,
            "scopes": self.scopes,
            "states": self.states,
            "sources": [s.strip() for s in self.source.split(",") if s.strip()],
            "subject": self.subject or None,
            "related_user": self.related_user or None,
            "observed_after": after,
            "observed_before": before,
            "include_history": self.history,
        }

    def query_string(self, **extra: str) -> str:
        pairs: list[tuple[str, str]] = [("q", self.q)] if self.q else []
        pairs += [("type", t) for t in self.types] + [("scope", s) for s in self.scopes]
        pairs += [("state", s) for s in self.states]
        for name in ("source", "subject", "related_user", "space", "after", "before"):
            if value := getattr(self, name):
                pairs.append((name, value))
        if self.history:
            pairs.append(("history", "1"))
        pairs += list(extra.items())
        return urlencode(pairs)

    @property
    def active(self) -> int:
        """How many filters are set (shown on the collapsed filter panel)."""
        return sum(bool(v) for v in (self.types, self.scopes, self.states, self.source, self.subject,
                                     self.related_user, self.space, self.after, self.before, self.history))  # fmt: skip


def _day(value: str, what: str, *, next_day: bool = False) -> date | None:
    """A date field: the day's start (``to`` is inclusive: the next day's start)."""
    if not value:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise InvalidInput(f"{what}: {value[:40]!r} is not a date (YYYY-MM-DD)") from None
    if next_day and day == date.max:  # to 9999-12-31 takes in the last instant memlane stores: no bound
        return None
    return day + timedelta(days=1) if next_day else day


_CHOICES = {
    "types": [t.value for t in MemoryType],
    "scopes": [s.value for s in Scope],
    "states": [s.value for s in State],
}


@router.get("/", response_class=HTMLResponse)
def memories(request: Request, viewer: ViewerDep, cursor: str | None = None) -> Response:
    """Newest first (keyset pages: ``cursor`` continues after the last item shown), or search hits."""
    if (clean := without_empty(request)) is not None:
        return clean
    query = MemoryQuery.parse(request)
    context: dict[str, Any] = {
        "query": query,
        "choices": _CHOICES,
        "notice": _notice(request),
    }
    try:
        if query.q:
            hits = viewer.service.recall(query.q, actor=viewer.actor, limit=SEARCH_LIMIT, **query.filters())
            context |= {"items": hits, "searched": True, "next_cursor": None}
        else:
            items, next_cursor = viewer.service.list_page(actor=viewer.actor, limit=PAGE_SIZE, cursor=cursor,
                                                          **query.filters())  # fmt: skip
            context |= {"items": items, "searched": False, "next_cursor": next_cursor}
    except InvalidInput as exc:  # a filter it cannot take: the form again, as typed, with the reason
        if request.headers.get("HX-Target") == "more":
            raise
        context |= {"items": [], "searched": False, "next_cursor": None, "error": exc.public}
        return page(request, "memories.html", context, viewer=viewer, status_code=422)
    if request.headers.get("HX-Target") == "more":  # "More memories": the next rows only
        return page(request, "_memory_rows.html", context, viewer=viewer)
    return page(request, "memories.html", context, viewer=viewer)


@router.get("/memories/new", response_class=HTMLResponse)
def new_form(request: Request, viewer: ViewerDep) -> HTMLResponse:
    """A form to store one memory (content, type, subject), as ``memlane memory store`` does."""
    return page(request, "new.html", _new_context("", MemoryType.FACT.value, ""), viewer=viewer)


def _fields(content: str, type_: str, error: str | None) -> dict[str, Any]:
    """What ``_content_fields.html`` (the add and edit forms' content and type) and the form's error read."""
    return {"types": _CHOICES["types"], "content": content, "type": type_, "max_chars": MAX_CONTENT_CHARS,
            "error": error}  # fmt: skip


def _new_context(content: str, type_: str, subject: str, error: str | None = None) -> dict[str, Any]:
    return _fields(content, type_, error) | {"subject": subject}


@router.post("/memories/new")
def add(
    request: Request,
    viewer: ViewerDep,
    content: Annotated[str, Form(max_length=100_000)],
    type: Annotated[str, Form(max_length=40)],  # noqa: A002 - the field's name
    subject: Annotated[str, Form(max_length=1_000)] = "",
) -> Response:
    """Store one memory with source ``dashboard`` (the caller's personal memory, as the CLI's default);
    one the service refuses (blank, too long, a secret) shows the form again with what was typed and why."""
    try:
        result = viewer.service.store(content, actor=viewer.actor, type=type, subject=subject or None,
                                      source=SOURCE)  # fmt: skip
    except InvalidInput as exc:
        return page(request, "new.html", _new_context(content, type, subject, exc.public), viewer=viewer,
                    status_code=422)  # fmt: skip
    notice = "stored" if result.status == "stored" else "unchanged"
    return RedirectResponse(f"/memories/{result.id}?notice={notice}", status_code=303)


@router.get("/memories/{memory_id}", response_class=HTMLResponse)
def memory(request: Request, memory_id: str, viewer: ViewerDep) -> HTMLResponse:
    versions = viewer.service.history(memory_id, actor=viewer.actor)
    shown = next((m for m in versions if m.id == memory_id), versions[-1])
    return page(request, "memory.html", {"memory": shown, "versions": versions,
                                         "notice": _notice(request)}, viewer=viewer)  # fmt: skip


@router.post("/memories/{memory_id}/archive")
def archive(memory_id: str, viewer: ViewerDep) -> Response:
    viewer.service.archive(memory_id, actor=viewer.actor)
    return RedirectResponse(f"/memories/{memory_id}?notice=archived", status_code=303)


@router.post("/memories/{memory_id}/restore")
def restore(memory_id: str, viewer: ViewerDep) -> Response:
    viewer.service.restore(memory_id, actor=viewer.actor)
    return RedirectResponse(f"/memories/{memory_id}?notice=restored", status_code=303)


@router.get("/memories/{memory_id}/delete", response_class=HTMLResponse)
def confirm_delete(request: Request, memory_id: str, viewer: ViewerDep) -> HTMLResponse:
    """What a delete would remove (a dry run: the whole chain), and the button that does it."""
    preview = viewer.service.forget(memory_id, actor=viewer.actor, dry_run=True)
    shown = viewer.service.get(memory_id, actor=viewer.actor)
    return page(request, "delete.html", {"memory": shown, "preview": preview}, viewer=viewer)


@router.post("/memories/{memory_id}/delete")
def delete(memory_id: str, viewer: ViewerDep) -> Response:
    result = viewer.service.forget(memory_id, actor=viewer.actor)
    return RedirectResponse("/?" + urlencode({"notice": "deleted", "versions": len(result.deleted)}),
                            status_code=303)  # fmt: skip


@router.get("/memories/{memory_id}/edit", response_class=HTMLResponse)
def edit_form(request: Request, memory_id: str, viewer: ViewerDep) -> HTMLResponse:
    shown = viewer.service.get(memory_id, actor=viewer.actor)
    return page(request, "edit.html", _edit_context(shown, shown.content, shown.type), viewer=viewer)


def _edit_context(memory: Any, content: str, type_: str, error: str | None = None) -> dict[str, Any]:
    return _fields(content, type_, error) | {"memory": memory}


@router.post("/memories/{memory_id}/edit")
def edit(
    request: Request,
    memory_id: str,
    viewer: ViewerDep,
    content: Annotated[str, Form(max_length=100_000)],
    type: Annotated[str, Form(max_length=40)],  # noqa: A002 - the field's name
) -> Response:
    """An edit stores a new version that replaces the one the form was opened on (its address names it;
    kept in the history), in the same scope. When that one is no longer current (another was saved
    meanwhile, or an older version was edited), nothing is written: the form again, over the current
    version, with its text and what was typed (saving then replaces it). A version the service refuses
    (blank, too long) shows the form again with what was typed and why."""
    old = viewer.service.get(memory_id, actor=viewer.actor)
    try:
        result = viewer.service.store(
            content, actor=viewer.actor, replaces=old.id, expect_current=True, type=type,
            subject=old.subject, related_user=old.related_user, visibility=old.visibility, owner=old.owner,
            space=old.space, source=SOURCE,
        )  # fmt: skip
    except VersionConflict as exc:
        current = viewer.service.get(exc.current or old.id, actor=viewer.actor)
        context = _edit_context(current, content, type) | {"conflict": old}
        return page(request, "edit.html", context, viewer=viewer, status_code=409)
    except InvalidInput as exc:
        return page(request, "edit.html", _edit_context(old, content, type, exc.public), viewer=viewer,
                    status_code=422)  # fmt: skip
    notice = "saved" if result.status == "stored" else "unchanged"
    return RedirectResponse(f"/memories/{result.id}?notice={notice}", status_code=303)


@router.get("/conversations/{conversation_id}", response_class=HTMLResponse)
def conversation(request: Request, conversation_id: str, viewer: ViewerDep) -> HTMLResponse:
    """The logged conversation a memory was extracted from (its provenance links here)."""
    messages = viewer.service.conversations.show(conversation_id, actor=viewer.actor)
    return page(request, "conversation.html", {"conversation_id": conversation_id, "messages": messages},
                viewer=viewer)  # fmt: skip
