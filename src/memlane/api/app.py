"""``create_app(service, access)``: the REST API under ``/v1`` and MCP over streamable HTTP at ``/mcp``,
in one ASGI application (one process, one service, one database connection).

Every request needs an API key, except ``/health`` and the OpenAPI document (``/openapi.json``,
``/docs``). Swagger UI's script and stylesheet come from the ``fastapi-offline`` package (served under
``/static-offline-docs``), not a CDN, so ``/docs`` works offline. Bodies larger than ``max_body_bytes`` are refused with 413 before they are parsed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..auth import AccessService
from ..errors import MemlaneError, Unauthorized
from ..service import MemoryService
from . import admin, consolidation, conversations, entities, profiles, routes
from .context import USER_HEADER
from .errors import challenge, error_response, install_error_handlers, status_of

__all__ = ["DEFAULT_MAX_BODY_BYTES", "DEFAULT_MAX_IMPORT_BYTES", "create_app"]

log = logging.getLogger(__name__)

DEFAULT_MAX_BODY_BYTES = 1024 * 1024
#: uploads to ``POST /v1/memory/import`` (exports of hundreds of MB; read from a spooled file)
DEFAULT_MAX_IMPORT_BYTES = 2 * 1024**3
#: the REST import and the dashboard's upload (``memlane.web.IMPORT_PATH``)
_IMPORT_PATHS = frozenset({"/v1/memory/import", "/import"})

_DESCRIPTION = """\
Long-term memory for AI assistants and agents. Authenticate with an API key
(`Authorization: Bearer ml_…`); keys not bound to a user name the acting user in `X-Memlane-User`.
Errors are `{"error": {"code": "…", "message": "…"}}` with stable codes. MCP (streamable HTTP) is served
at `/mcp` with the same keys."""


class _TooLarge(HTTPException):
    def __init__(self) -> None:
        super().__init__(status_code=413, detail="request body too large")


class _BodyLimit:
    """Refuses bodies over ``limit`` bytes with a JSON 413: at once when Content-Length says so, and
    while reading otherwise (chunked uploads), before any of it is parsed."""

    def __init__(self, app: ASGIApp, limit: int, import_limit: int = DEFAULT_MAX_IMPORT_BYTES) -> None:
        self.app = app
        self.default_limit = limit
        self.import_limit = max(limit, import_limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.import_limit if scope.get("path") in _IMPORT_PATHS else self.default_limit
        too_large = error_response(
            413,
            "payload_too_large",
            f"the request body is larger than this server accepts ({limit} bytes)",
        )
        length = Headers(scope=scope).get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await too_large(scope, receive, send)
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _TooLarge()
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except _TooLarge:
            if started:
                raise
            await too_large(scope, receive, send)


class _McpGate:
    """Checks the API key (and acting user) before a request reaches the MCP transport, so a bad key
    gets a plain 401/403/422 instead of an MCP session. Tools check again on every call (see mcp_server).

    The refusal's body is a JSON-RPC error object answering the request's id (MCP clients show its
    message; a body in any other shape becomes "Server returned an error response"), with memlane's
    error code and the HTTP status in ``data``."""

    def __init__(self, app: ASGIApp, access: AccessService) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        scheme, _, token = headers.get("authorization", "").partition(" ")
        try:
            if scheme.lower() != "bearer" or not token.strip():
                raise Unauthorized("an API key is required: send 'Authorization: Bearer ml_…'")
            principal = await anyio.to_thread.run_sync(self.access.authenticate, token.strip())
            await anyio.to_thread.run_sync(self.access.actor, principal, headers.get(USER_HEADER))
        except MemlaneError as exc:
            status = status_of(exc)
            if status >= 500:
                log.error("POST /mcp failed: %s", exc)
            body = {
                "jsonrpc": "2.0",
                "id": await _request_id(receive),
                "error": {"code": _RPC_CODES.get(status, -32600), "message": f"{exc.code}: {exc.public}",
                          "data": {"code": exc.code, "status": status}},
            }  # fmt: skip
            extra = challenge(bool(headers.get("authorization"))) if status == 401 else None
            await JSONResponse(body, status_code=status, headers=extra)(scope, receive, send)
            return
        await self.app(scope, receive, send)


#: JSON-RPC error codes of the gate's refusals (-32000..-32099 are for servers to define)
_RPC_CODES = {401: -32001, 403: -32003}


async def _request_id(receive: Receive) -> str | int | None:
    """The JSON-RPC id of the refused request, so the client can match the error to it (null for a
    batch, a notification, or a body that is not JSON-RPC). The body is bounded by ``_BodyLimit``."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    try:
        request = json.loads(b"".join(chunks))
    except ValueError:
        return None
    rid = request.get("id") if isinstance(request, dict) else None
    return rid if isinstance(rid, str | int) and not isinstance(rid, bool) else None


def create_app(
    service: MemoryService,
    access: AccessService,
    *,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    mcp: bool = True,
    host: str = "127.0.0.1",
    web: bool = True,
    secure_cookies: bool = False,
) -> FastAPI:
    """The ASGI app. ``host`` is where it will listen: on loopback, the MCP transport also refuses
    requests whose Host or Origin header is not local (DNS-rebinding protection). ``web``: serve the
    dashboard at ``/`` (``memlane.web``; its state is ``app.state.web``); ``secure_cookies``: its cookies
    always carry the Secure flag (they do anyway on requests that came over HTTPS)."""
    from .. import __version__

    mcp_server = None
    mcp_app: ASGIApp | None = None
    if mcp:
        from ..mcp_server import build_mcp_server, http_actor_resolver

        mcp_server = build_mcp_server(service, http_actor_resolver(access))
        mcp_app = mcp_server.streamable_http_app(
            streamable_http_path="/mcp", host=host, max_request_body_size=max_body_bytes
        )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if mcp_server is None:
            yield
            return
        async with mcp_server.session_manager.run():  # the MCP sessions live as long as the server
            yield

    app = FastAPIOffline(
        title="memlane",
        version=__version__,
        description=_DESCRIPTION,
        lifespan=lifespan,
        generate_unique_id_function=lambda route: route.name,
        redoc_url=None,
    )
    app.state.service = service
    app.state.access = access
    app.state.max_body_bytes = max_body_bytes
    install_error_handlers(app)
    app.include_router(routes.router)
    app.include_router(admin.router)
    app.include_router(conversations.router)
    app.include_router(entities.router)
    app.include_router(consolidation.router)
    app.include_router(profiles.router)

    @app.get("/health", tags=["health"])
    def health() -> JSONResponse:
        """The server and its database, no key needed: 200 with status ``ok``, or 503 with ``degraded``
        (reads work, the last write failed: a full disk) or ``failing`` (the database cannot be read),
        and a message saying why."""
        state = service.health()
        body = {"status": state.status, "version": __version__}
        if state.message:  # the kind of trouble, not where the database is: no key is needed here
            log.warning("health: %s: %s", state.status, state.message)
            body["message"] = state.public or "the database is in trouble (the server's log says why)"
        return JSONResponse(body, status_code=200 if state.status == "ok" else 503)

    if mcp_app is not None:
        app.router.routes.append(Route("/mcp", endpoint=_McpGate(mcp_app, access)))
    if web:
        from ..web import Dashboard, create_web_app

        web_app = create_web_app(service, access, secure=secure_cookies)
        app.state.web = web_app.state.web
        app.add_middleware(Dashboard, web=web_app)
    app.add_middleware(_BodyLimit, limit=max_body_bytes)
    return app
