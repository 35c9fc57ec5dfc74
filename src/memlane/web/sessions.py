"""Dashboard sessions: who a browser is, kept on the server, behind an opaque cookie.

A session remembers how it signed in: with an API key (kept in this process's memory only, and checked
again on every request, so a revoked key is out at once) or with a one-time link of ``memlane serve
--open`` (the local operator, who owns the database anyway). The cookie carries a random id only; a
restart of the server signs everybody out. Each session has its own CSRF token, which every form and
every htmx request sends back (``csrf_token`` field or ``X-CSRF-Token`` header).
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from ..auth import Principal

__all__ = ["COOKIE", "CSRF_COOKIE", "Session", "SessionStore", "same_token"]

COOKIE = "memlane_session"
#: the double-submit token of the sign-in form (before there is a session to hold one)
CSRF_COOKIE = "memlane_signin_csrf"


@dataclass
class Session:
    id: str
    csrf: str
    #: the API key it signed in with (None: a one-time link, then ``principal`` is fixed)
    key: str | None
    principal: Principal | None
    #: the user it acts as, for keys that may act for others (None: the key's own user)
    user: str | None
    last_seen: float = field(default_factory=time.monotonic)


class SessionStore:
    """Sessions and one-time sign-in links, in memory, bounded, expiring after ``idle`` seconds unused."""

    def __init__(self, *, idle: float = 12 * 3600, link_ttl: float = 600, max_sessions: int = 10_000) -> None:
        self.idle = idle
        self.link_ttl = link_ttl
        self.max_sessions = max_sessions
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._links: dict[str, tuple[Principal, float]] = {}
        self._lock = threading.Lock()

    def create(self, *, key: str | None, principal: Principal | None, user: str | None) -> Session:
        session = Session(secrets.token_urlsafe(32), secrets.token_urlsafe(32), key, principal, user)
        with self._lock:
            self._sessions[session.id] = session
            while len(self._sessions) > self.max_sessions:
                self._sessions.popitem(last=False)  # the least recently used
        return session

    def get(self, session_id: str | None) -> Session | None:
        if not session_id:
            return None
        now = time.monotonic()
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None:
                return None
            if now - session.last_seen > self.idle:
                del self._sessions[session_id]
                return None
            session.last_seen = now
            self._sessions.move_to_end(session_id)
            return session

    def end(self, session_id: str | None) -> None:
        with self._lock:
            self._sessions.pop(session_id or "", None)

    def one_time_link(self, principal: Principal) -> str:
        """A token that signs one browser in as ``principal``, once, within ``link_ttl`` seconds."""
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._links[token] = (principal, time.monotonic() + self.link_ttl)
        return token

    def redeem(self, token: str) -> Principal | None:
        with self._lock:
            found = self._links.pop(token, None)
        if found is None or found[1] < time.monotonic():
            return None
        return found[0]


def same_token(expected: str, given: str | None) -> bool:
    return bool(given) and hmac.compare_digest(expected.encode(), (given or "").encode())
