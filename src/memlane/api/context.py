"""Who is calling: the API key (``Authorization: Bearer ml_…``) and the acting user, per request.

Resolved from the database on every request (``AccessService``): a revoked key or a removed team
member is out at once. The endpoint functions are plain ``def``s, so FastAPI runs them, and the
synchronous service calls inside them, on its worker threads; the event loop never waits on SQLite.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel

from ..auth import AccessService, Principal, header_user
from ..errors import Forbidden, Unauthorized
from ..models import Actor
from ..service import MemoryService

__all__ = ["USER_HEADER", "AdminCaller", "Caller", "CallerDep", "render"]

USER_HEADER = "X-Memlane-User"

_bearer = HTTPBearer(
    auto_error=False,
    scheme_name="api_key",
    description="A memlane API key (ml_…), created by `memlane serve` on first start or `memlane keys create`.",
)


@dataclass(frozen=True, slots=True)
class Caller:
    principal: Principal
    actor: Actor
    service: MemoryService
    access: AccessService


def _principal(request: Request, credentials: HTTPAuthorizationCredentials | None) -> Principal:
    access: AccessService = request.app.state.access
    if credentials is None:
        if request.headers.get("authorization"):
            raise Unauthorized("use 'Authorization: Bearer <API key>'")
        raise Unauthorized("an API key is required: send 'Authorization: Bearer ml_…'")
    return access.authenticate(credentials.credentials)


def _caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    x_memlane_user: Annotated[
        str | None,
        Header(
            alias=USER_HEADER,
            description="The user to act as, for keys not bound to one (an admin key may name any user).",
        ),
    ] = None,
) -> Caller:
    principal = _principal(request, credentials)
    access: AccessService = request.app.state.access
    actor = access.actor(principal, header_user(x_memlane_user))
    return Caller(principal, actor, request.app.state.service, access)


def _admin(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    principal = _principal(request, credentials)
    if not principal.admin:
        raise Forbidden("this needs an admin key of the workspace")
    access: AccessService = request.app.state.access
    actor = Actor(user=principal.user or "admin", workspace=principal.workspace, admin=True)
    return Caller(principal, actor, request.app.state.service, access)


CallerDep = Annotated[Caller, Depends(_caller)]
AdminCaller = Annotated[Caller, Depends(_admin)]


def _dump(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


def render(value: Any, status_code: int = 200) -> JSONResponse:
    """The SDK's result models as JSON, exactly as ``model_dump(mode="json")`` gives them."""
    return JSONResponse(_dump(value), status_code=status_code)
