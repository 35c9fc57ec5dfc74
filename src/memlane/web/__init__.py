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

from ..auth import AccessService
from ..service import MemoryService
from . import entities, imports, memories, signin
from .context import WebState, make_templates
from .imports import IMPORT_PATH, ReindexRuns
from .sessions import SessionStore

__all__ = ["IMPORT_PATH", "install_web"]


def install_web(
    app: FastAPI, service: MemoryService, access: AccessService, *, secure: bool = False
) -> WebState:
    """Add the dashboard's pages and assets to ``app``; returns its state (``sessions`` makes the
    one-time sign-in links of ``memlane serve --open``)."""
    state = WebState(service, access, SessionStore(), make_templates(), secure=secure)
    state.reindex = ReindexRuns(service)
    app.state.web = state
    for module in (signin, memories, entities, imports):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static")
    return state
