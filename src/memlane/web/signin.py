"""Signing in and out: an API key (checked by ``AccessService``, as for the REST API) or a one-time link
of ``memlane serve --open``, then a session cookie (HttpOnly, SameSite=Strict). The key is never put in
a URL; after signing in only the session's random id travels.

The sign-in form has no session yet, so its CSRF token is a double-submit one: a random value both in
a SameSite=Strict cookie and in the form, which a page of another site can neither read nor set.
"""

from __future__ import annotations

import secrets
from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..errors import MemlaneError
from .context import CSRF_FIELD, ViewerDep, WebRoute, page, safe_next, secure_cookies, state_of
from .sessions import COOKIE, CSRF_COOKIE, same_token

__all__ = ["router"]

router = APIRouter(route_class=WebRoute, include_in_schema=False)


def _signin_page(
    request: Request, *, next_path: str, error: str | None = None, status_code: int = 200
) -> HTMLResponse:
    token = request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(32)
    response = page(request, "signin.html", {"next": next_path, "signin_csrf": token, "error": error},
                    status_code=status_code)  # fmt: skip
    response.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict", path="/signin",
                        secure=secure_cookies(request))  # fmt: skip
    return response


def _signed_in(request: Request, session_id: str, next_path: str) -> Response:
    response = RedirectResponse(safe_next(next_path), status_code=303)
    response.set_cookie(COOKIE, session_id, httponly=True, samesite="strict", path="/",
                        secure=secure_cookies(request))  # fmt: skip
    return response


@router.get("/signin")
def signin_form(request: Request, next: str = "/") -> HTMLResponse:  # noqa: A002 - the query's name
    return _signin_page(request, next_path=safe_next(next))


@router.post("/signin")
async def signin(
    request: Request,
    key: Annotated[str, Form(max_length=300)] = "",
    user: Annotated[str, Form(max_length=200)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",  # noqa: A002 - the field's name
    csrf_token: Annotated[str, Form(alias=CSRF_FIELD, max_length=200)] = "",
) -> Response:
    web = state_of(request)
    if not same_token(request.cookies.get(CSRF_COOKIE, ""), csrf_token):
        return _signin_page(request, next_path=safe_next(next), status_code=403,
                            error="This sign-in form is out of date: please try again.")  # fmt: skip
    acting = user.strip() or None

    def open_session() -> str:
        principal = web.access.authenticate(key.strip())
        web.access.actor(principal, acting)  # the key may act as that user
        return web.sessions.create(principal=principal, user=acting).id

    try:
        token = await anyio.to_thread.run_sync(open_session)
    except MemlaneError as exc:
        return _signin_page(request, next_path=safe_next(next), error=exc.public, status_code=401)
    return _signed_in(request, token, next)


@router.get("/signin/once")
def signin_once(request: Request, token: str = "") -> Response:
    """The link ``memlane serve --open`` prints: signs one browser in, once, as the local operator."""
    web = state_of(request)
    principal = web.sessions.redeem(token)
    if principal is None:
        return _signin_page(request, next_path="/", status_code=401,
                            error="This sign-in link was used already or has expired.")  # fmt: skip
    session = web.sessions.create(principal=principal, user=None)
    return _signed_in(request, session.id, "/")


@router.post("/signout")
def signout(request: Request, viewer: ViewerDep) -> Response:
    state_of(request).sessions.end(viewer.session.id)
    response = RedirectResponse("/signin", status_code=303)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict", secure=secure_cookies(request))
    return response
