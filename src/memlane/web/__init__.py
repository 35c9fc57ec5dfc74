"""The web dashboard, served by ``memlane serve`` at ``/`` beside the REST API and MCP.

Server-rendered Jinja2 templates with htmx (vendored under ``static/``, no CDN: it works offline).
Each page is a thin surface like ``api/``: parse the request, one ``MemoryService`` call, render.
Who may see and change what is decided below, in the service and the storage query, exactly as for
the REST API; this package only knows who is signed in (``sessions``, ``context``).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from ..auth import AccessService
from ..service import MemoryService
from . import entities, imports, memories, profiles, signin
from .context import WebState, install_page_errors, make_templates
from .imports import IMPORT_PATH, ReindexRuns
from .sessions import SessionStore

__all__ = ["IMPORT_PATH", "Dashboard", "create_web_app", "is_page"]

_PAGES = frozenset(
    {
        "/",
        "/signin",
        "/signin/once",
        "/signout",
        "/entities",
        IMPORT_PATH,
        "/reindex",
        "/profiles",
        "/consolidate",
    }
)
_PREFIXES = (
    IMPORT_PATH + "/",
    "/memories/",
    "/entities/",
    "/conversations/",
    "/profiles/",
    "/consolidate/",
    "/static/",
)


def is_page(path: str) -> bool:
    """The dashboard's paths (none of them is under ``/v1``, ``/mcp`` or ``/docs``)."""
    return path in _PAGES or path.startswith(_PREFIXES)


def create_web_app(service: MemoryService, access: AccessService, *, secure: bool = False) -> FastAPI:
    """The dashboard's own ASGI app (no OpenAPI document: its pages are not an API); its state
    (``app.state.web``) holds the sessions, which make the one-time links of ``memlane serve --open``."""
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    state = WebState(service, access, SessionStore(access), make_templates(), secure=secure)
    state.reindex = ReindexRuns(service)
    app.state.web = state
    install_page_errors(app)
    for module in (signin, memories, entities, imports, profiles):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static")
    return app


class Dashboard:
    """Sends the dashboard's paths to its app and everything else on: the REST API keeps its own routing
    (its 404s and 405s) and its OpenAPI document, untouched by the pages."""

    def __init__(self, app: ASGIApp, web: ASGIApp) -> None:
        self.app = app
        self.web = web

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and is_page(scope.get("path", "")):
            await self.web(scope, receive, send)
        else:
            await self.app(scope, receive, send)
