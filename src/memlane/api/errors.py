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
    VersionConflict,
)
from ..messages import path, plain_errors, problem
from ..requests import item_place, too_deep
from ..secrets import redact_name

__all__ = ["ERROR_STATUS", "HTTP_CODES", "challenge", "error_response", "install_error_handlers", "status_of"]

log = logging.getLogger(__name__)

#: memlane error class -> HTTP status. The most specific class in an error's MRO wins.
ERROR_STATUS: dict[type[MemlaneError], int] = {
    SecretRefused: 422,
    VersionConflict: 409,
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
    status: int,
    code: str,
    message: str,
    headers: dict[str, str] | None = None,
    *,
    token_given: bool = False,
    current: str | None = None,
) -> JSONResponse:
    """``current``: a version conflict's current version (``error.current``), for the client to re-read."""
    if status == 401:
        headers = {**(headers or {}), **challenge(token_given)}
    error = {"code": code, "message": message} | ({"current": current} if current is not None else {})
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def _validation_message(errors: list[dict[str, Any]]) -> tuple[str, str]:
    """(code, message) for a failed request validation: every problem, with where it is."""
    if any(e.get("type") == "json_invalid" for e in errors):
        detail = next(e for e in errors if e.get("type") == "json_invalid").get("ctx", {}).get("error", "")
        return "invalid_json", f"the request body is not valid JSON: {detail}".rstrip(": ")
    places: list[
        str
    ] = []  # a batch item's place ("item 3: "), said once before its problems as the service does
    problems = []
    for e in plain_errors(errors)[:20]:
        loc = [p if isinstance(p, int) else redact_name(str(p)) for p in e.get("loc", ()) if p != "body"]
        if loc[:1] in (["query"], ["path"]):  # a parameter is named as a body field is: ``q: is required``
            loc = loc[1:]
        batch_item = len(loc) > 2 and loc[0] == "items" and isinstance(loc[1], int)
        places.append(item_place(int(loc[1])) if batch_item else "")
        where = path(loc[2:] if batch_item else loc) or "body"  # (a key may be a token: redacted)
        problems.append(f"{where}: {problem(e)}")
    if len(set(places)) == 1:
        return "invalid_input", places[0] + "; ".join(problems)
    return "invalid_input", "; ".join(place + said for place, said in zip(places, problems, strict=True))


#: what the service says of a value that is no integer or no flag (``requests.check_integer``/``check_flag``)
_NOT_INTEGER = frozenset({"int_parsing", "int_from_float", "int_type"})
_NOT_FLAG = frozenset({"bool_parsing", "bool_type"})


def _declared(request: Request, loc: tuple[Any, ...]) -> tuple[str, dict[str, Any]] | None:
    """(name, declared JSON schema extras) of the route's query, path or body field at ``loc``."""
    route = request.scope.get("route")
    if len(loc) != 2 or route is None:
        return None
    where, name = loc
    fields: list[Any] = []
    dependant = getattr(route, "dependant", None)
    if where in ("query", "path") and dependant is not None:
        fields = [
            (p.alias, p.field_info)
            for p in (dependant.query_params if where == "query" else dependant.path_params)
        ]
    elif where == "body":
        model = getattr(getattr(getattr(route, "body_field", None), "field_info", None), "annotation", None)
        fields = [(n, f) for n, f in (getattr(model, "model_fields", None) or {}).items()]
    for alias, info in fields:
        if alias == name:
            extra = info.json_schema_extra
            return str(name), dict(extra) if isinstance(extra, dict) else {}
    return None


def _service_words(request: Request, errors: list[Any]) -> str | None:
    """The service's message when the one problem is a number or a flag of no kind: the SDKs say
    ``limit: must be an integer between 1 and 1,000`` and ``include_history: must be true or false`` (the
    service checks them), where the REST API's parser said ``query.limit: must be an integer``, so the
    remote SDK and the embedded one answered one call in two ways. The bounds are the route's declared
    ones (``schemas.within``)."""
    if len(errors) != 1:
        return None
    error = errors[0]
    kind, found = str(error.get("type", "")), _declared(request, tuple(error.get("loc", ())))
    if found is None:
        return None
    name, extra = found
    if kind in _NOT_FLAG:
        return f"{name}: must be true or false"
    low, high = extra.get("minimum"), extra.get("maximum")
    if kind in _NOT_INTEGER and isinstance(low, int) and isinstance(high, int):
        return f"{name}: must be an integer between {low:,} and {high:,}"
    return None


def install_error_handlers(app: FastAPI) -> None:
    async def memlane_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, MemlaneError)
        status = status_of(exc)
        if status >= 500:
            log.error("%s %s failed: %s", request.method, request.url.path, exc)
        return error_response(
            status,
            exc.code,
            exc.public,
            token_given=bool(request.headers.get("authorization")),
            current=exc.current if isinstance(exc, VersionConflict) else None,
        )

    async def validation_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = list(exc.errors())
        said = _service_words(request, errors)
        if said is not None:
            return error_response(422, "invalid_input", said)
        code, message = _validation_message(errors)
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
        if exc.status_code == 400 and isinstance(exc.__cause__, RecursionError):  # FastAPI's body parse
            return error_response(422, "invalid_input", too_deep("body"))
        return error_response(exc.status_code, code, message, dict(exc.headers or {}))

    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s crashed", request.method, request.url.path)
        return error_response(500, "internal_error", "the server failed unexpectedly; see its log")

    app.add_exception_handler(MemlaneError, memlane_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
