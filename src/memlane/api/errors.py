"""The one table from errors to HTTP statuses, and the JSON error body every failure gets:

    {"error": {"code": "<stable code>", "message": "<what went wrong, for a person>"}}

Codes are the ``code`` of the ``memlane.errors`` class (clients branch on them, never on the message),
plus a few of HTTP's own: ``invalid_json``, ``payload_too_large``, ``unknown_route``,
``method_not_allowed``, ``internal_error``.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ..errors import (
    ConfigError,
    EmbedderError,
    Forbidden,
    InvalidInput,
    LLMError,
    MemlaneError,
    NotFound,
    OptedOut,
    SecretRefused,
    StorageError,
    Unauthorized,
    UnknownMemory,
)
from ..messages import plain_errors, problem
from ..secrets import redact_name

__all__ = ["ERROR_STATUS", "HTTP_CODES", "challenge", "error_response", "install_error_handlers", "status_of"]

log = logging.getLogger(__name__)

#: memlane error class -> HTTP status. The most specific class in an error's MRO wins.
ERROR_STATUS: dict[type[MemlaneError], int] = {
    SecretRefused: 422,
    UnknownMemory: 404,
    NotFound: 404,
    InvalidInput: 422,
    Unauthorized: 401,
    OptedOut: 403,
    Forbidden: 403,
    EmbedderError: 503,
    LLMError: 503,
    StorageError: 503,
    ConfigError: 500,
    MemlaneError: 500,
}

#: codes of failures that happen before memlane sees the request
HTTP_CODES: dict[int, str] = {
    400: "invalid_json",
    401: "unauthorized",
    403: "forbidden",
    404: "unknown_route",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "invalid_input",
}


def status_of(exc: MemlaneError) -> int:
    for cls in type(exc).__mro__:
        if cls in ERROR_STATUS:
            return ERROR_STATUS[cls]  # type: ignore[index]
    return 500


def challenge(token_given: bool) -> dict[str, str]:
    """The ``WWW-Authenticate`` header of a 401 (RFC 6750): ``error="invalid_token"`` when a key was sent
    and refused; none when no key was sent at all (the RFC asks for no error code then)."""
    return {"WWW-Authenticate": 'Bearer realm="memlane"' + (', error="invalid_token"' if token_given else "")}


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None, *, token_given: bool = False
) -> JSONResponse:
    if status == 401:
        headers = {**(headers or {}), **challenge(token_given)}
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def _validation_message(errors: list[dict[str, Any]]) -> tuple[str, str]:
    """(code, message) for a failed request validation: every problem, with where it is."""
    if any(e.get("type") == "json_invalid" for e in errors):
        detail = next(e for e in errors if e.get("type") == "json_invalid").get("ctx", {}).get("error", "")
        return "invalid_json", f"the request body is not valid JSON: {detail}".rstrip(": ")
    problems = []
    for e in plain_errors(errors)[:20]:
        loc = [redact_name(str(p)) for p in e.get("loc", ()) if p != "body"]  # a key may be a token
        where = ".".join(loc) or "body"
        problems.append(f"{where}: {problem(e)}")
    return "invalid_input", "; ".join(problems)


def install_error_handlers(app: FastAPI) -> None:
    async def memlane_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, MemlaneError)
        status = status_of(exc)
        if status >= 500:
            log.error("%s %s failed: %s", request.method, request.url.path, exc)
        return error_response(
            status, exc.code, exc.public, token_given=bool(request.headers.get("authorization"))
        )

    async def validation_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        code, message = _validation_message(list(exc.errors()))
        return error_response(400 if code == "invalid_json" else 422, code, message)

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        code = HTTP_CODES.get(exc.status_code, "http_error")
        message = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        if exc.status_code == 404:
            message = f"no such endpoint: {request.method} {request.url.path}"
        if exc.status_code == 413:
            limit = request.app.state.max_body_bytes
            message = f"the request body is larger than this server accepts ({limit} bytes)"
        return error_response(exc.status_code, code, message, dict(exc.headers or {}))

    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s crashed", request.method, request.url.path)
        return error_response(500, "internal_error", "the server failed unexpectedly; see its log")

    app.add_exception_handler(MemlaneError, memlane_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
