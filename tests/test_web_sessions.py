"""The dashboard's sessions (kept in the store, on both backends) and path rules, without a browser
(tests/test_web.py drives one, and restarts the server)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import httpx
import pytest

from backends import count_rows
from memlane import Memlane
from memlane.auth import OPERATOR_KEY_ID, AccessService, Principal, hash_key
from memlane.models import Visibility
from memlane.timeutil import now_utc
from memlane.web import is_page
from memlane.web.context import safe_next
from memlane.web.sessions import SessionStore, csrf_of, same_token
from servers import another_server
from test_serve import serve

LOCAL = Principal(OPERATOR_KEY_ID, "default", "ana", None, True, Visibility.SHARED)


@pytest.fixture
def m(db_path: Path | str) -> Iterator[Memlane]:
    mem = Memlane(db_path, user="ana", embedder="none")
    yield mem
    mem.close()


def _access(m: Memlane) -> AccessService:
    access = m.service.access
    assert isinstance(access, AccessService)
    return access


def test_a_session_outlives_its_server_and_is_shared(m: Memlane, db_path: Path | str) -> None:
    access = _access(m)
    key = access.create_key(user="bob")
    sessions = SessionStore(access)
    made = sessions.create(principal=access.authenticate(key.key), user=None)
    assert len(made.id) >= 40 and made.csrf == csrf_of(made.id) and made.csrf != made.id
    # another server on the same database (or this one after a restart) knows it
    with Memlane(db_path, user="ana", embedder="none") as other:
        found = SessionStore(_access(other)).get(made.id)
        assert found is not None and found.principal.key_id == key.id and found.principal.user == "bob"
        assert found.csrf == made.csrf
        # signing out there ends it here too
        SessionStore(_access(other)).end(made.id)
    assert sessions.get(made.id) is None and sessions.get(None) is None and sessions.get("") is None
    assert sessions.get("made-up") is None


@pytest.mark.sqlite_only("reads the SQLite file's bytes")
def test_only_the_tokens_hash_is_stored(m: Memlane, tmp_path: Path) -> None:
    access = _access(m)
    key = access.create_key(user="bob")
    made = SessionStore(access).create(principal=access.authenticate(key.key), user="bob")
    m.close()
    raw = (tmp_path / "memlane.db").read_bytes()
    assert made.id.encode() not in raw and key.key.encode() not in raw and made.csrf.encode() not in raw
    assert hash_key(made.id).encode() in raw


def test_revoking_the_key_ends_its_sessions(m: Memlane) -> None:
    access = _access(m)
    key = access.create_key(user="bob")
    other_key = access.create_key(user="bob")
    sessions = SessionStore(access)
    first = sessions.create(principal=access.authenticate(key.key), user=None)
    second = sessions.create(principal=access.authenticate(other_key.key), user=None)
    access.revoke_key("default", key.id)
    assert sessions.get(first.id) is None
    assert sessions.get(second.id) is not None  # another key's session is not touched


def test_an_expired_session_is_refused_and_a_used_one_moves_on(m: Memlane) -> None:
    access = _access(m)
    key = access.create_key(user="bob")
    expired = SessionStore(access, idle=-1)  # every session is past its idle time at once
    gone = expired.create(principal=access.authenticate(key.key), user=None)
    assert expired.get(gone.id) is None and SessionStore(access).get(gone.id) is None
    # used after 6 of its 12 hours: its expiry is 12 hours from now again
    store = m.service.storage.identity
    sessions = SessionStore(access)
    made = sessions.create(principal=access.authenticate(key.key), user=None)
    store.extend_session(hash_key(made.id), now_utc() + timedelta(hours=6))
    assert sessions.get(made.id) is not None
    row = store.session_by_hash(hash_key(made.id), now_utc())
    assert row is not None and row.expires_at > now_utc() + timedelta(hours=11)
    # ended sessions are purged a day later
    store.purge_sessions(now_utc() + timedelta(days=2))
    assert store.session_by_hash(hash_key(made.id), now_utc()) is None


def test_a_one_time_links_session_is_the_operators(m: Memlane) -> None:
    sessions = SessionStore(_access(m))
    token = sessions.one_time_link(LOCAL)
    principal = sessions.redeem(token)
    assert principal == LOCAL and sessions.redeem(token) is None
    made = sessions.create(principal=principal, user=None)
    found = sessions.get(made.id)
    assert found is not None and found.principal == LOCAL and found.user is None
    assert sessions.redeem("made-up") is None
    expired = SessionStore(_access(m), link_ttl=-1)
    assert expired.redeem(expired.one_time_link(LOCAL)) is None


def test_a_one_time_link_outlives_its_server_and_is_taken_once_everywhere(
    m: Memlane, db_path: Path | str
) -> None:
    """The links are in the store: another server on the database (or this one after a restart) honours
    a link this one made, once; a link of a key dies with the key; expired links are purged."""
    sessions = SessionStore(_access(m))
    token = sessions.one_time_link(LOCAL)
    with Memlane(db_path, user="ana", embedder="none") as other:
        assert SessionStore(_access(other)).redeem(token) == LOCAL
    assert sessions.redeem(token) is None  # taken there: never again here
    access = _access(m)
    key = access.create_key(user="bob")
    bob = access.authenticate(key.key)
    assert sessions.redeem(sessions.one_time_link(bob)) == bob
    bobs = sessions.one_time_link(bob)
    access.revoke_key("default", key.id)
    assert sessions.redeem(bobs) is None  # its key was revoked meanwhile
    assert count_rows(db_path, "signin_links") == 0  # (taken, even so)
    SessionStore(access, link_ttl=-1).one_time_link(LOCAL)
    assert count_rows(db_path, "signin_links") == 1
    fresh = sessions.one_time_link(LOCAL)  # a new link purges the expired one
    assert count_rows(db_path, "signin_links") == 1 and sessions.redeem(fresh) == LOCAL


def test_two_servers_taking_one_link_at_once_sign_in_once(m: Memlane, db_path: Path | str) -> None:
    token = SessionStore(_access(m)).one_time_link(LOCAL)
    servers = [Memlane(db_path, user="ana", embedder="none") for _ in range(4)]
    try:
        with ThreadPoolExecutor(4) as pool:
            got = list(pool.map(lambda s: SessionStore(_access(s)).redeem(token), servers))
    finally:
        for s in servers:
            s.close()
    assert got.count(LOCAL) == 1 and got.count(None) == 3


@pytest.mark.sqlite_only("reads the SQLite file's bytes")
def test_only_the_links_hash_is_stored(m: Memlane, tmp_path: Path) -> None:
    token = SessionStore(_access(m)).one_time_link(LOCAL)
    m.close()
    raw = (tmp_path / "memlane.db").read_bytes()
    assert token.encode() not in raw and hash_key(token).encode() in raw


def test_the_link_of_serve_open_works_on_another_server_after_a_restart(db_path: Path | str) -> None:
    """A real ``memlane serve --open`` prints a link and stops; two servers (the app it serves, in this
    process, each on a service of its own) then run on the database: the first to get the link signs
    in, the other refuses it."""
    with serve(db_path, "--open") as (_, banner):  # type: ignore[arg-type]
        link = banner["dashboard_link"]
    path = link[link.index("/signin/once") :]
    with another_server(db_path) as first, another_server(db_path) as second:
        signed_in = httpx.get(first + path)
        assert signed_in.status_code == 303 and signed_in.headers["location"] == "/"
        assert signed_in.cookies.get("memlane_session")
        again = httpx.get(second + path)
        assert again.status_code == 401 and "used already or has expired" in again.text


def test_tokens_compare_whole() -> None:
    assert same_token("abc", "abc") and not same_token("abc", "ab") and not same_token("abc", None)
    assert not same_token("abc", "")


def test_pages_and_where_sign_in_may_lead() -> None:
    assert all(is_page(p) for p in ("/", "/signin", "/memories/x", "/entities", "/entities/e", "/import",
                                    "/static/htmx.min.js", "/conversations/c", "/import/runs/r"))  # fmt: skip
    assert not any(is_page(p) for p in ("/v1/memories", "/mcp", "/docs", "/health", "/openapi.json",
                                        "/static-offline-docs/swagger-ui.css", "/memories"))  # fmt: skip
    assert safe_next("/memories/1?x=2") == "/memories/1?x=2"
    for outside in ("https://evil.example/", "//evil.example/", "/\\evil.example", "", None, "memories"):
        assert safe_next(outside) == "/"


# -- the Secure flag, against a real `memlane serve` -------------------------------------------------------


def _signin_cookies(url: str, key: str, headers: dict[str, str]) -> dict[str, str]:
    """Sign in with plain HTTP requests; the Set-Cookie headers of the sign-in form and of the sign-in."""
    form = httpx.get(f"{url}/signin", headers=headers)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert token is not None
    set_cookies = {c.split("=", 1)[0]: c for c in form.headers.get_list("set-cookie")}
    csrf_cookie = set_cookies["memlane_signin_csrf"].split(";")[0]
    done = httpx.post(f"{url}/signin", data={"key": key, "csrf_token": token.group(1)},
                      headers={**headers, "Cookie": csrf_cookie})  # fmt: skip
    assert done.status_code == 303, done.text
    set_cookies.update({c.split("=", 1)[0]: c for c in done.headers.get_list("set-cookie")})
    return set_cookies


def _secure(set_cookie: str) -> bool:
    return "secure" in [part.strip().lower() for part in set_cookie.split(";")]


def test_secure_cookies_when_asked_and_on_https_through_a_trusted_proxy(tmp_path: Path) -> None:
    db = tmp_path / "cookies.db"
    https = {"X-Forwarded-Proto": "https"}
    with serve(db) as (url, banner):
        key = banner["admin_key"]
        plain = _signin_cookies(url, key, {})
        assert not _secure(plain["memlane_session"]) and not _secure(plain["memlane_signin_csrf"])
        # a proxy on loopback (trusted by default) that says the browser came over HTTPS
        proxied = _signin_cookies(url, key, https)
        assert _secure(proxied["memlane_session"]) and _secure(proxied["memlane_signin_csrf"])
        assert "httponly" in proxied["memlane_session"].lower()
    with serve(db, "--secure-cookies") as (url, _):
        forced = _signin_cookies(url, key, {})
        assert _secure(forced["memlane_session"]) and _secure(forced["memlane_signin_csrf"])
        session = forced["memlane_session"].split(";")[0]
        page = httpx.get(f"{url}/import", headers={"Cookie": session})
        assert (
            page.status_code == 200 and "Sign out" in page.text
        )  # the cookie works (a browser sends it over HTTPS only)
