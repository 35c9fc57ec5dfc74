"""Admin endpoints (``/v1/keys``, ``/v1/users``, ``/v1/teams``): an admin key manages its own workspace
only; the workspace always comes from the key, never from the request."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ..models import KeyInfo, NewKey, ReindexResult, TeamInfo, UserInfo
from .context import AdminCaller, render
from .schemas import ERROR_RESPONSES, AddMemberBody, CreateKeyBody, KeysPage, NameBody, TeamsPage, UsersPage

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["admin"], responses=ERROR_RESPONSES)  # type: ignore[arg-type]


@router.post("/reindex", response_model=ReindexResult)
def reindex(who: AdminCaller, keys: bool = False) -> JSONResponse:
    """Embed every memory of this workspace without a vector of the current model; ``keys`` also rebuilds
    their full-text and entity indexes. Admin keys only; the work and the counts cover the key's own
    workspace (a whole-store reindex is for the store's operator: ``memlane memory reindex`` on the
    database itself)."""
    return render(who.service.reindex(keys=keys, workspace=who.principal.workspace))


@router.post("/keys", response_model=NewKey, status_code=201)
def create_key(body: CreateKeyBody, who: AdminCaller) -> JSONResponse:
    """A new API key of this workspace, optionally bound to a user or an agent. The key itself is in this
    response only: memlane keeps its hash."""
    key = who.access.create_key(
        who.principal.workspace, user=body.user, agent=body.agent, admin=body.admin,
        max_visibility=body.max_visibility, name=body.name,
    )  # fmt: skip
    return render(key, status_code=201)


@router.get("/keys", response_model=KeysPage)
def list_keys(who: AdminCaller) -> JSONResponse:
    """Every key of this workspace (revoked ones too), without the secrets."""
    return render({"keys": who.access.list_keys(who.principal.workspace)})


@router.delete("/keys/{key_id}", response_model=KeyInfo)
def revoke_key(key_id: str, who: AdminCaller) -> JSONResponse:
    """Revoke a key: it fails from the next request on."""
    return render(who.access.revoke_key(who.principal.workspace, key_id))


@router.post("/users", response_model=UserInfo, status_code=201)
def create_user(body: NameBody, who: AdminCaller) -> JSONResponse:
    """Register a user (idempotent)."""
    return render(who.access.create_user(who.principal.workspace, body.name), status_code=201)


@router.get("/users", response_model=UsersPage)
def list_users(who: AdminCaller) -> JSONResponse:
    return render({"users": who.access.list_users(who.principal.workspace)})


@router.get("/users/{name}", response_model=UserInfo)
def get_user(name: str, who: AdminCaller) -> JSONResponse:
    return render(who.access.get_user(who.principal.workspace, name))


@router.post("/users/{name}/opt-out", response_model=UserInfo)
def opt_out_user(name: str, who: AdminCaller) -> JSONResponse:
    """Opt a user out of memory: no reads (empty results) and no writes, on every surface."""
    return render(who.access.set_opted_out(who.principal.workspace, name, True, by=who.actor))


@router.post("/users/{name}/opt-in", response_model=UserInfo)
def opt_in_user(name: str, who: AdminCaller) -> JSONResponse:
    return render(who.access.set_opted_out(who.principal.workspace, name, False, by=who.actor))


@router.post("/teams", response_model=TeamInfo, status_code=201)
def create_team(body: NameBody, who: AdminCaller) -> JSONResponse:
    """Create a team (idempotent). Items owned by ``team:<name>`` are readable by its current members."""
    return render(who.access.create_team(who.principal.workspace, body.name), status_code=201)


@router.get("/teams", response_model=TeamsPage)
def list_teams(who: AdminCaller) -> JSONResponse:
    return render({"teams": who.access.list_teams(who.principal.workspace)})


@router.get("/teams/{name}", response_model=TeamInfo)
def get_team(name: str, who: AdminCaller) -> JSONResponse:
    return render(who.access.get_team(who.principal.workspace, name))


@router.post("/teams/{name}/members", response_model=TeamInfo)
def add_member(name: str, body: AddMemberBody, who: AdminCaller) -> JSONResponse:
    return render(who.access.add_member(who.principal.workspace, name, body.user))


@router.delete("/teams/{name}/members/{user}", response_model=TeamInfo)
def remove_member(name: str, user: str, who: AdminCaller) -> JSONResponse:
    """Take a user out of a team: the team's items are out of reach from the next request on."""
    return render(who.access.remove_member(who.principal.workspace, name, user))
