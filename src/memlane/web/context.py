"""Who is looking at a page (``Viewer``), the CSRF check, and rendering pages and errors.

Every page depends on ``ViewerDep``: a signed-in session (else a redirect to the sign-in page), the
key checked again (a revoked key signs the browser out), the acting user resolved by
``AccessService.actor`` exactly as for the REST API, and, on every POST, the session's CSRF token. What
a page may read and change is then the service's business, as on every other surface.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote, urlencode

import anyio.to_thread
from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..api.errors import status_of
from ..auth import AccessService, Principal
from ..errors import Forbidden, MemlaneError
from ..models import Actor, Scope
from ..service import MemoryService
from .sessions import COOKIE, Session, SessionStore, same_token

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "Viewer",
    "ViewerDep",
    "WebRoute",
    "WebState",
    "install_page_errors",
    "page",
    "safe_next",
    "secure_cookies",
    "without_empty",
]

log = logging.getLogger(__name__)

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
_HERE = Path(__file__).parent
_SECURITY_HEADERS = {
    # every script and style comes from this server: nothing inline, nothing from elsewhere
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none';"
    " form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    # a one-time sign-in link must not leak to another site through the Referer header
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass
class WebState:
    service: MemoryService
    access: AccessService
    sessions: SessionStore
    templates: Jinja2Templates
    #: always set the cookies' Secure flag (``memlane serve --secure-cookies``); it is set anyway on a
    #: request that came over HTTPS (directly, or through a trusted proxy's ``X-Forwarded-Proto``)
    secure: bool = False
    reindex: Any = None  # ``ReindexRuns``, set by ``install_web``


def make_templates() -> Jinja2Templates:
    env = Environment(
        loader=FileSystemLoader(_HERE / "templates"), autoescape=select_autoescape(default=True)
    )
    # isoformat, not strftime: "%Y" does not pad the years 1-999 on glibc ("1-01-01")
    env.filters["when"] = lambda d: d.isoformat(sep=" ", timespec="minutes")[:16] if d else ""
    env.filters["every"] = _every
    env.filters["urlquote"] = lambda s: quote(str(s), safe="")
    env.globals["scope_of"] = lambda owner: Scope.of(owner).value
    return Jinja2Templates(env=env)


def _every(minutes: int) -> str:
    """A period in minutes the way a profile's refresh is written (``15 min``, ``2 h``, ``1 day``)."""
    for size, unit in ((1440, "day"), (60, "h")):
        if minutes >= size and minutes % size == 0:
            count = minutes // size
            return f"{count} {unit}{'s' if unit == 'day' and count != 1 else ''}"
    return f"{minutes} min"


@dataclass(frozen=True)
class Viewer:
    session: Session
    principal: Principal
    actor: Actor
    service: MemoryService
    access: AccessService

    @property
    def csrf(self) -> str:
        return self.session.csrf


class _SignInFirst(Exception):
    """No (valid) session: the browser goes to the sign-in page."""


def state_of(request: Request) -> WebState:
    web: WebState = request.app.state.web
    return web


def secure_cookies(request: Request) -> bool:
    """Whether this response's cookies get the Secure flag: always with ``--secure-cookies``, and on any
    request the browser made over HTTPS (uvicorn sets the scheme from ``X-Forwarded-Proto`` only when the
    proxy's address is trusted: ``memlane serve --forwarded-allow-ips``)."""
    return state_of(request).secure or request.url.scheme == "https"


def _resolve(web: WebState, token: str | None) -> tuple[Session, Actor] | None:
    """The live session of the cookie (its key not revoked: the store's lookup joins it) and its actor."""
    session = web.sessions.get(token)
    if session is None:
        return None
    return session, web.access.actor(session.principal, session.user)


async def _viewer(request: Request) -> Viewer:
    web = state_of(request)
    found = await anyio.to_thread.run_sync(_resolve, web, request.cookies.get(COOKIE))
    if found is None:
        raise _SignInFirst()
    session, actor = found
    principal = session.principal
    if request.method not in ("GET", "HEAD"):
        given = request.headers.get(CSRF_HEADER)
        if given is None:
            form = await request.form()
            value = form.get(CSRF_FIELD)
            given = value if isinstance(value, str) else None
        if not same_token(session.csrf, given):
            raise Forbidden(
                "this form is out of date or did not come from this dashboard (CSRF check failed)"
            )
    viewer = Viewer(session, principal, actor, web.service, web.access)
    request.state.viewer = viewer  # an error page of this request keeps the header (who, the navigation)
    return viewer


ViewerDep = Annotated[Viewer, Depends(_viewer)]


def safe_next(value: str | None) -> str:
    """A local path to go back to after signing in (never another site)."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    return value


def page(
    request: Request, template: str, context: dict[str, Any], *, viewer: Viewer | None = None,
    status_code: int = 200,
) -> HTMLResponse:  # fmt: skip
    web = state_of(request)
    values = {"viewer": viewer, "csrf": viewer.csrf if viewer else "", "path": request.url.path, **context}
    response = web.templates.TemplateResponse(request, template, values, status_code=status_code)
    response.headers.update(_SECURITY_HEADERS)
    return response


def without_empty(request: Request) -> Response | None:
    """A search or filter address with empty parameters (a form's fields left blank: ``?q=x&type=&source=``):
    a redirect to the same address without them, so the address bar, the history and a shared link say
    only what was asked; None when there is none."""
    items = request.query_params.multi_items()
    kept = [(k, v) for k, v in items if v.strip()]
    if len(kept) == len(items):
        return None
    return RedirectResponse(request.url.path + (f"?{urlencode(kept)}" if kept else ""), status_code=303)


class WebRoute(APIRoute):
    """Dashboard routes: a browser without a session is sent to sign in, and memlane's errors become an
    HTML page with the same status the REST API gives them (one mapping: ``api.errors.status_of``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def handle(request: Request) -> Response:
            try:
                response = await handler(request)
            except _SignInFirst:
                target = "/signin?next=" + quote(
                    request.url.path + (f"?{request.url.query}" if request.url.query else ""), safe=""
                )
                if request.headers.get("HX-Request"):
                    return Response(status_code=204, headers={"HX-Redirect": target})
                return RedirectResponse(target, status_code=303)
            except MemlaneError as exc:
                if status_of(exc) >= 500:
                    log.error("%s %s failed: %s", request.method, request.url.path, exc)
                return page(request, "error.html", {"error": exc, "status": status_of(exc)},
                            viewer=getattr(request.state, "viewer", None), status_code=status_of(exc))  # fmt: skip
            for name, value in _SECURITY_HEADERS.items():
                response.headers.setdefault(name, value)
            return response

        return handle


class _PageProblem(MemlaneError):
    """A request the pages cannot take (a form field too long, an unknown page): shown as a page."""


def install_page_errors(app: FastAPI) -> None:
    """What the pages' framework refuses before a handler runs (a form it cannot parse, a body over the
    limit, a path with no page) is an HTML page with the same status, not the REST API's JSON."""

    async def invalid(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        fields = ", ".join(str(e.get("loc", ("?",))[-1]) for e in exc.errors()[:5])
        problem = _PageProblem(f"this form could not be read (check: {fields})")
        return page(request, "error.html", {"error": problem, "status": 422}, status_code=422)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        text = {404: "there is no such page", 405: "this page does not take that request",
                413: "the upload is larger than this server accepts"}.get(exc.status_code, str(exc.detail))  # fmt: skip
        return page(request, "error.html", {"error": _PageProblem(text), "status": exc.status_code},
                    status_code=exc.status_code)  # fmt: skip

    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StarletteHTTPException, http_error)
