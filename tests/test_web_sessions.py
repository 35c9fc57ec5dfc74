"""The dashboard's session store and path rules, without a browser (tests/test_web.py drives one)."""

from __future__ import annotations

from memlane.auth import Principal
from memlane.models import Visibility
from memlane.web import is_page
from memlane.web.context import safe_next
from memlane.web.sessions import SessionStore, same_token

LOCAL = Principal("local", "default", "ana", None, True, Visibility.SHARED)


def test_sessions_end_expire_and_stay_bounded() -> None:
    store = SessionStore(max_sessions=2)
    a = store.create(key="ml_a", principal=None, user=None)
    assert store.get(a.id) is a and a.csrf != a.id and len(a.id) >= 40
    b = store.create(key="ml_b", principal=None, user=None)
    store.get(a.id)  # a is used again: b is now the least recently used
    c = store.create(key="ml_c", principal=None, user=None)
    assert store.get(b.id) is None and store.get(a.id) is a and store.get(c.id) is c
    store.end(a.id)
    assert store.get(a.id) is None and store.get(None) is None and store.get("") is None
    stale = SessionStore(idle=-1)  # every session is past its idle time at once
    assert stale.get(stale.create(key="ml_d", principal=None, user=None).id) is None


def test_one_time_links_work_once_and_expire() -> None:
    store = SessionStore()
    token = store.one_time_link(LOCAL)
    assert store.redeem(token) == LOCAL and store.redeem(token) is None
    assert store.redeem("made-up") is None
    expired = SessionStore(link_ttl=-1)
    assert expired.redeem(expired.one_time_link(LOCAL)) is None


def test_tokens_compare_whole() -> None:
    assert same_token("abc", "abc") and not same_token("abc", "ab") and not same_token("abc", None)
    assert not same_token("abc", "")


def test_pages_and_where_sign_in_may_lead() -> None:
    assert all(is_page(p) for p in ("/", "/signin", "/memories/x", "/entities", "/entities/e", "/import",
                                    "/static/htmx.min.js", "/conversations/c"))  # fmt: skip
    assert not any(is_page(p) for p in ("/v1/memories", "/mcp", "/docs", "/health", "/openapi.json",
                                        "/static-offline-docs/swagger-ui.css", "/memories"))  # fmt: skip
    assert safe_next("/memories/1?x=2") == "/memories/1?x=2"
    for outside in ("https://evil.example/", "//evil.example/", "/\\evil.example", "", None, "memories"):
        assert safe_next(outside) == "/"
