"""Dashboard sessions: who a browser is, behind an opaque cookie, kept in the store.

The cookie carries a random token; the store keeps only its SHA-256, the workspace, the API key's id (not
the key) or, for a one-time link of ``memlane serve --open``, the local operator, the user acted as, and
the expiry (``AccessService.open_session`` / ``session`` / ``end_session``, ``web_sessions`` table on
both backends). So a restart keeps everybody signed in, several ``memlane serve`` processes on one
database share the sessions, signing out ends the session everywhere, and revoking the key ends its
sessions at once (the lookup joins the key). Sessions expire after ``idle`` unused. The one-time sign-in
links (``memlane serve --open``) are kept the same way (``signin_links``: the token's hash, whom it signs
in, its expiry), and taken from the store when used: a restart keeps an unused link, every server on the
database honours it, and it signs in one browser once, whichever server it reaches.

Each session's CSRF token is derived from its token (HMAC): a page of the session can show it, nobody
without the cookie can compute it, and the store holds nothing to forge it with.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import timedelta

from ..auth import AccessService, Principal

__all__ = ["COOKIE", "CSRF_COOKIE", "Session", "SessionStore", "same_token"]

COOKIE = "memlane_session"
#: the double-submit token of the sign-in form (before there is a session to hold one)
CSRF_COOKIE = "memlane_signin_csrf"


@dataclass(frozen=True)
class Session:
    #: the cookie's token (the store has its hash only)
    id: str
    csrf: str
    principal: Principal
    #: the user it acts as, for keys that may act for others (None: the key's own user)
    user: str | None


def csrf_of(token: str) -> str:
    return hmac.new(token.encode(), b"memlane dashboard csrf", hashlib.sha256).hexdigest()


class SessionStore:
    """Sessions and one-time sign-in links, both in the store (through ``AccessService``)."""

    def __init__(self, access: AccessService, *, idle: float = 12 * 3600, link_ttl: float = 600) -> None:
        self.access = access
        self.idle = timedelta(seconds=idle)
        self.link_ttl = timedelta(seconds=link_ttl)

    def create(self, *, principal: Principal, user: str | None) -> Session:
        token = self.access.open_session(principal, user, idle=self.idle)
        return Session(token, csrf_of(token), principal, user)

    def get(self, token: str | None) -> Session | None:
        """The live session of this cookie (a database read: call it off the event loop)."""
        found = self.access.session(token, idle=self.idle)
        if found is None or token is None:
            return None
        return Session(token, csrf_of(token), *found)

    def end(self, token: str | None) -> None:
        if token:
            self.access.end_session(token)

    def one_time_link(self, principal: Principal) -> str:
        """A token that signs one browser in as ``principal``, once, within ``link_ttl`` seconds."""
        return self.access.open_link(principal, ttl=self.link_ttl)

    def redeem(self, token: str) -> Principal | None:
        """Whom the link signs in (a database write: call it off the event loop), or None."""
        return self.access.redeem_link(token)


def same_token(expected: str, given: str | None) -> bool:
    return bool(given) and hmac.compare_digest(expected.encode(), (given or "").encode())
