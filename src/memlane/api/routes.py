"""The memory endpoints (``/v1``): each parses its request, makes one service call and renders the
result with the SDK's own models, so every surface returns the same JSON for the same memory."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Query, Request, UploadFile
from fastapi.responses import JSONResponse, StreamingResponse

from ..errors import InvalidInput
from ..models import ForgetResult, ImportResult, Memory, MemoryType, Scope, State, StoreResult
from ..requests import MAX_LIMIT
from .context import CallerDep, render
from .schemas import (
    ERROR_RESPONSES,
    ErrorBody,
    ForgetBody,
    HistoryPage,
    HitsPage,
    MemoriesPage,
    OptOutBody,
    RecallBody,
    StoreBody,
    StoreManyBody,
    StoreManyResult,
    WhoAmI,
    one_of_each,
    opt_out_user,
    within,
)

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)  # type: ignore[arg-type]


#: the list's time filters (ISO-8601 or a written date, as a memory's times)
_TIME_TEXT = {"maxLength": 100}
_AT_OR_AFTER = "Only memories observed at or after this time (ISO-8601 or a written date)."
_BEFORE = "Only memories observed before this time (ISO-8601 or a written date)."


@router.post(
    "/memories", response_model=StoreResult, tags=["memories"],
    responses={409: {"model": ErrorBody, "description": "version_conflict: expect_current was set and"
                     " replaces is no longer the current version (error.current is); nothing was written"}},
)  # fmt: skip
def store(body: StoreBody, who: CallerDep) -> JSONResponse:
    """Store one memory. The same statement stored twice comes back as ``duplicate`` with the first id;
    an update of the same subject and attribute supersedes the older item (listed in ``superseded``);
    near-matches left alone are listed in ``similar`` (pass ``replaces`` to supersede one, and
    ``expect_current`` to refuse, 409, if someone stored a newer version meanwhile)."""
    return render(who.service.store(body.content, actor=who.actor, **body.fields()))


@router.post("/memories/batch", response_model=StoreManyResult, tags=["memories"])
def store_many(body: StoreManyBody, who: CallerDep) -> JSONResponse:
    """Store many memories in one transaction: all are stored (or found duplicate), or none is."""
    items = [{"content": item.content, **item.fields()} for item in body.items]
    defaults = body.defaults.fields() if body.defaults else {}
    results = who.service.store_many(items, actor=who.actor, **defaults)
    return render({"results": results})


async def _one_file(request: Request) -> None:
    """The upload is one file, sent as a file: a second ``file`` part was dropped without a word (the
    last one imported, the answer a 200), and text in its place was refused in pydantic's words."""
    files = (await request.form()).getlist("file")  # (the form FastAPI parsed already, cached)
    if len(files) > 1:
        raise InvalidInput(
            f"file: one export per import, this request sent {len(files)} (import them one by one)"
        )
    if files and isinstance(files[0], str):
        raise InvalidInput(
            "file: must be a file part of the multipart form (curl -F file=@export.zip), not text"
        )


@router.post("/memory/import", response_model=ImportResult, tags=["memories"],
             dependencies=[Depends(_one_file)])  # fmt: skip
def import_memories(
    who: CallerDep,
    file: UploadFile,
    format: Annotated[str, Form(max_length=20)] = "auto",  # noqa: A002 - the wire name
    space: Annotated[str | None, Form(max_length=200)] = None,
    conversations: Annotated[bool, Form()] = False,
) -> JSONResponse:
    """Import the memories of a ChatGPT, Claude or Gemini export, pasted memory lines or a memlane export
    (multipart ``file``; ``format`` auto-detected unless given). All or nothing; facts with a secret or
    an invalid field are listed in ``skipped_invalid`` with the reason (docs/import.md). ``conversations``
    true: the export's conversations are also logged and extracted (resumable; ``conversations`` in the
    answer says what was done)."""
    return render(who.service.import_file(file.file, format, actor=who.actor, space=space,
                                          name=file.filename or None, conversations=conversations))  # fmt: skip


@router.get("/memory/export", tags=["memories"], response_class=StreamingResponse)
def export_memories(who: CallerDep) -> StreamingResponse:
    """memlane's export (``application/x-ndjson``, docs/import.md) of every memory the caller can read:
    current, superseded and archived versions with every field. ``POST /v1/memory/import`` restores it."""
    lines = who.service.export(actor=who.actor)
    return StreamingResponse((f"{line}\n" for line in lines), media_type="application/x-ndjson")


_SOURCES: dict[str, Any] = {"items": {"type": "string", "maxLength": 200}}


@router.get("/memories", response_model=MemoriesPage, tags=["memories"])
def list_memories(
    who: CallerDep,
    limit: Annotated[int, Query(json_schema_extra=within(1, MAX_LIMIT))] = 20,
    offset: Annotated[int | None, Query(json_schema_extra=within(0, 2**63 - 1))] = None,
    cursor: Annotated[
        str | None, Query(max_length=200, description="next_cursor of the previous page")
    ] = None,
    # (a filter's choices and bounds declared, not enforced: the service says them in its words, as to
    # the SDKs, ``types: 'nope' is not one of …``; this route said ``query.type.0: must be one of …``)
    space: Annotated[str | None, Query(json_schema_extra={"maxLength": 200})] = None,
    type: Annotated[list[str], Query(max_length=20, json_schema_extra=one_of_each(MemoryType))] = [],  # noqa: A002, B006 - the wire name
    source: Annotated[list[str], Query(max_length=50, json_schema_extra=_SOURCES)] = [],  # noqa: B006
    state: Annotated[list[str], Query(max_length=3, json_schema_extra=one_of_each(State))] = [],  # noqa: B006
    scope: Annotated[list[str], Query(max_length=4, json_schema_extra=one_of_each(Scope))] = [],  # noqa: B006
    subject: Annotated[str | None, Query(json_schema_extra={"maxLength": 500})] = None,
    related_user: Annotated[str | None, Query(json_schema_extra={"maxLength": 200})] = None,
    include_history: bool = False,
    # (a time's bound declared, left to the service: ``observed_after: must have at most 100 characters``)
    observed_after: Annotated[
        str | None, Query(description=_AT_OR_AFTER, json_schema_extra=_TIME_TEXT)
    ] = None,
    observed_before: Annotated[str | None, Query(description=_BEFORE, json_schema_extra=_TIME_TEXT)] = None,
) -> JSONResponse:
    """Newest current memories first. Page with ``limit`` and follow ``next_cursor``: each page starts
    right after the previous one's last item, so memories stored meanwhile never repeat or skip an item
    (``offset`` is accepted too, and is not stable that way)."""
    items, next_cursor = who.service.list_page(
        actor=who.actor, limit=limit, offset=offset, cursor=cursor, space=space, types=type,
        sources=source, states=state, scopes=scope, subject=subject, related_user=related_user,
        include_history=include_history, observed_after=observed_after, observed_before=observed_before,
    )  # fmt: skip
    return render({"items": items, "next_cursor": next_cursor})


@router.get("/memories/{memory_id}", response_model=Memory, tags=["memories"])
def get_memory(memory_id: str, who: CallerDep) -> JSONResponse:
    """One memory with every field, current or superseded."""
    return render(who.service.get(memory_id, actor=who.actor))


@router.get("/memories/{memory_id}/history", response_model=HistoryPage, tags=["memories"])
def history(memory_id: str, who: CallerDep) -> JSONResponse:
    """The whole version chain of any id in it, oldest to newest; the last one is current."""
    return render({"versions": who.service.history(memory_id, actor=who.actor)})


@router.delete("/memories/{memory_id}", response_model=ForgetResult, tags=["memories"])
def forget_memory(memory_id: str, who: CallerDep, dry_run: bool = False) -> JSONResponse:
    """Delete a memory and every version of it (vectors, full-text and entity entries too)."""
    return render(who.service.forget(memory_id, actor=who.actor, dry_run=dry_run))


@router.post("/memories/{memory_id}/archive", response_model=Memory, tags=["memories"])
def archive(memory_id: str, who: CallerDep) -> JSONResponse:
    """Keep a memory but take it out of recall and lists."""
    return render(who.service.archive(memory_id, actor=who.actor))


@router.post("/memories/{memory_id}/restore", response_model=Memory, tags=["memories"])
def restore(memory_id: str, who: CallerDep) -> JSONResponse:
    """Bring an archived memory back into recall."""
    return render(who.service.restore(memory_id, actor=who.actor))


@router.post("/recall", response_model=HitsPage, tags=["recall"])
def recall(body: RecallBody, who: CallerDep) -> JSONResponse:
    """The memories that best match ``query``, best first, with a calibrated 0-1 ``score`` and the lanes
    that found each (``matched_by``)."""
    return render({"hits": who.service.recall(body.query, actor=who.actor, **body.filters())})


@router.post("/search", response_model=HitsPage, tags=["recall"])
def search(body: RecallBody, who: CallerDep) -> JSONResponse:
    """Recall with ``min_score`` and the richer filters."""
    return render({"hits": who.service.search(body.query, actor=who.actor, **body.filters())})


@router.post("/forget", response_model=ForgetResult, tags=["memories"])
def forget(body: ForgetBody, who: CallerDep) -> JSONResponse:
    """Forget by ``id`` or by ``query`` (``memlane.forgetting``: a statement, or a topic; try ``dry_run`` first)."""
    extra = {} if body.min_score is None else {"min_score": body.min_score}
    result = who.service.forget(body.id, actor=who.actor, query=body.query, dry_run=body.dry_run,
                                space=body.space, **extra)  # fmt: skip
    return render(result)


@router.get("/me", response_model=WhoAmI, tags=["me"])
def me(who: CallerDep) -> JSONResponse:
    """Who this request acts as: workspace, user, current teams, agent, ceiling, opt-out."""
    return render(_whoami(who))


@router.post("/me/opt-out", response_model=WhoAmI, tags=["me"])
def opt_out(who: CallerDep, body: OptOutBody | None = None) -> JSONResponse:
    """Opt the acting user out of memory: no reads (empty results), no writes, until opting back in."""
    who.access.set_opted_out(who.actor.workspace, _me(who, body), True, by=who.actor)
    return render(_whoami(who))


@router.post("/me/opt-in", response_model=WhoAmI, tags=["me"])
def opt_in(who: CallerDep, body: OptOutBody | None = None) -> JSONResponse:
    """Opt the acting user back in to memory: with a key bound to that user, or an admin key (an agent's
    key or an unbound key acting for the user may opt them out, not back in)."""
    who.access.set_opted_out(who.actor.workspace, _me(who, body), False, by=who.actor)
    return render(_whoami(who))


def _me(who: CallerDep, body: OptOutBody | None) -> str:
    """``/me`` is the acting user: a body naming someone else is refused, not ignored."""
    named = opt_out_user(None, body)
    if named is not None and named != who.actor.user:
        raise InvalidInput(
            f"user: /v1/me acts on the acting user ({who.actor.user}), not {named!r}: act as {named!r}"
            f" (X-Memlane-User), or as an admin use POST /v1/users/{{name}}/opt-out or -in"
        )
    return who.actor.user


def _whoami(who: CallerDep) -> dict[str, object]:
    a = who.actor
    return {
        "workspace": a.workspace, "user": a.user, "teams": list(a.teams), "agent": a.agent,
        "admin": who.principal.admin, "max_visibility": str(a.ceiling),
        "opted_out": who.access.opted_out(a.workspace, a.user),
    }  # fmt: skip
