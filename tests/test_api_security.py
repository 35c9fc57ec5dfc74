"""Security of the served API: tenants, users and teams never see what is not theirs; bad requests get a
4xx with a clear message and change nothing; a schemathesis run over the OpenAPI document finds no 5xx."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from backends import count_rows
from servers import Stack, bearer, make_stack, running


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "sec.db")
    yield s
    s.mem.close()


@pytest.fixture
def url(stack: Stack) -> Iterator[str]:
    with running(stack.app(max_body_bytes=64 * 1024)) as u:
        yield u


def client(url: str, key: str, user: str | None = None) -> httpx.Client:
    return httpx.Client(base_url=url, headers=bearer(key, user), timeout=60)


def test_a_workspace_never_reads_or_deletes_another_workspaces_items(url: str, stack: Stack) -> None:
    a = client(url, stack.key(workspace="acme", user="ana", admin=True))
    b = client(url, stack.key(workspace="beta", user="ana", admin=True))  # same user name, other tenant
    personal = a.post("/v1/memories", json={"content": "Acme's Falcon launch is on 2025-03-14"}).json()["id"]
    shared = a.post(
        "/v1/memories", json={"content": "Acme's VPN is Tailscale", "visibility": "shared"}
    ).json()["id"]
    for item in (personal, shared):
        assert b.get(f"/v1/memories/{item}").status_code == 404
        assert b.get(f"/v1/memories/{item}/history").status_code == 404
        assert b.delete(f"/v1/memories/{item}").status_code == 404
        assert b.post(f"/v1/memories/{item}/archive").status_code == 404
        assert b.post("/v1/forget", json={"id": item}).status_code == 404
        assert b.post("/v1/memories", json={"content": "x", "replaces": item}).status_code == 404
    for body in ({"query": "Falcon launch 2025-03-14"}, {"query": "Acme VPN Tailscale", "space": "*"}):
        assert b.post("/v1/recall", json=body).json()["hits"] == []
    assert b.get("/v1/memories", params={"space": "*"}).json()["items"] == []
    assert b.post("/v1/forget", json={"query": "Acme Falcon VPN Tailscale"}).json()["deleted"] == []
    assert b.get("/v1/users").json()["users"] == [{**b.get("/v1/users").json()["users"][0], "name": "ana"}]
    assert all(k["workspace"] == "beta" for k in b.get("/v1/keys").json()["keys"])
    a_key_id = a.get("/v1/keys").json()["keys"][0]["id"]
    assert b.delete(f"/v1/keys/{a_key_id}").status_code == 404  # cannot revoke another tenant's key
    assert {h["id"] for h in a.post("/v1/recall", json={"query": "Acme Falcon VPN"}).json()["hits"]} == {
        personal,
        shared,
    }


def test_a_user_never_reads_another_users_personal_items(url: str, stack: Stack) -> None:
    ana = client(url, stack.key(user="ana"))
    bob = client(url, stack.key(user="bob"))
    secret = ana.post("/v1/memories", json={"content": "Ana's therapist is Dr. Okafor"}).json()["id"]
    assert bob.get(f"/v1/memories/{secret}").status_code == 404
    assert bob.post("/v1/recall", json={"query": "Dr. Okafor therapist"}).json()["hits"] == []
    assert bob.get("/v1/memories").json()["items"] == []
    assert bob.post("/v1/forget", json={"query": "Dr. Okafor therapist"}).json()["deleted"] == []
    assert bob.delete(f"/v1/memories/{secret}").status_code == 404
    spoof = bob.post("/v1/recall", json={"query": "Okafor"}, headers={"X-Memlane-User": "ana"})
    assert spoof.status_code == 403 and spoof.json()["error"]["code"] == "forbidden"
    assert bob.post("/v1/memories", json={"content": "x", "owner": "user:ana"}).status_code == 403
    assert [
        h["id"] for h in ana.post("/v1/recall", json={"query": "Dr. Okafor therapist"}).json()["hits"]
    ] == [secret]


def test_a_removed_team_member_loses_team_items_at_once(url: str, stack: Stack) -> None:
    admin = client(url, stack.admin_key)
    admin.post("/v1/teams", json={"name": "eng"})
    for user in ("ana", "bob"):
        admin.post("/v1/teams/eng/members", json={"user": user})
    ana = client(url, stack.key(user="ana"))
    bob = client(url, stack.key(user="bob"))
    item = ana.post(
        "/v1/memories", json={"content": "The Falcon staging DB is db-7", "owner": "team:eng"}
    ).json()
    assert [h["id"] for h in bob.post("/v1/recall", json={"query": "Falcon staging"}).json()["hits"]] == [
        item["id"]
    ]
    assert bob.get(f"/v1/memories/{item['id']}").status_code == 200
    admin.delete("/v1/teams/eng/members/bob")
    assert bob.post("/v1/recall", json={"query": "Falcon staging"}).json()["hits"] == []
    assert bob.get(f"/v1/memories/{item['id']}").status_code == 404
    assert bob.post("/v1/memories", json={"content": "eng note", "owner": "team:eng"}).status_code == 403
    assert bob.delete(f"/v1/memories/{item['id']}").status_code == 404
    assert ana.get(f"/v1/memories/{item['id']}").status_code == 200


def test_a_personal_key_never_writes_shared(url: str, stack: Stack) -> None:
    c = client(url, stack.key(user="ana", max_visibility="personal"))
    for body in ({"visibility": "shared"}, {"owner": "workspace"}):
        r = c.post("/v1/memories", json={"content": "The office is closed on Mondays", **body})
        assert r.status_code == 403 and "personal" in r.json()["error"]["message"]
    assert c.post("/v1/memories", json={"content": "ana likes figs"}).json()["status"] == "stored"
    assert c.get("/v1/me").json()["max_visibility"] == "personal"


#: generated examples per operation and mode (positive, negative) in the schemathesis run
EXAMPLES = 5
# fmt: off
BAD_REQUESTS: list[tuple[str, str, dict[str, Any], int, str]] = [
    ("POST", "/v1/memories", {"content": b"{not json"}, 400, "invalid_json"),
    ("POST", "/v1/memories", {"content": b'{"content": "a", "content": '}, 400, "invalid_json"),
    ("POST", "/v1/memories", {"content": b"\xff\xfe garbage"}, 400, "invalid_json"),
    ("POST", "/v1/memories", {"json": ["a list"]}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": 42}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": "ok", "importance": "very"}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"content": b'{"content": "ok", "importance": NaN}'}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"content": b'{"content": "ok", "data": {"x": [1, Infinity]}}'}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"content": b'{"content": "ok", "data": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5001}, 422, "invalid_input"),  # too deep: tests/test_json_depth.py
    ("POST", "/v1/memories", {"json": {"content": "ok", "type": "gossip"}}, 422, "invalid_input"),
    (
        "POST",
        "/v1/memories",
        {"json": {"content": "ok", "observed_at": "not a date at all"}},
        422,
        "invalid_input",
    ),
    ("POST", "/v1/memories", {"json": {"content": "ok", "data": "not an object"}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": "ok", "owner_id": "x"}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": "ok", "space": "*"}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": ""}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": "x" * 40_000}}, 422, "invalid_input"),
    ("POST", "/v1/memories", {"json": {"content": "x" * 70_000}}, 413, "payload_too_large"),
    (
        "POST",
        "/v1/memories",
        {"content": iter([b'{"content": "', b"y" * 70_000, b'"}'])},
        413,
        "payload_too_large",
    ),
    (
        "POST",
        "/v1/memories/batch",
        {"json": {"items": [{"content": "ok"}, {"content": "ok2", "bogus": 1}]}},
        422,
        "invalid_input",
    ),
    ("POST", "/v1/memories/batch", {"json": {"items": "nope"}}, 422, "invalid_input"),
    ("POST", "/v1/recall", {"json": {"query": "x", "limit": "ten"}}, 422, "invalid_input"),
    ("POST", "/v1/recall", {"json": {"query": "x", "limit": 0}}, 422, "invalid_input"),
    ("POST", "/v1/recall", {"json": {"query": "x", "types": "fact"}}, 422, "invalid_input"),
    ("POST", "/v1/recall", {"json": {"query": "x", "min_score": 3}}, 422, "invalid_input"),
    ("POST", "/v1/recall", {"json": {"query": "x", "filters": {}}}, 422, "invalid_input"),
    ("POST", "/v1/recall", {"json": {}}, 422, "invalid_input"),
    ("POST", "/v1/forget", {"json": {"id": "a", "query": "b"}}, 422, "invalid_input"),
    ("POST", "/v1/forget", {"json": {"query": "inhaler", "dry_run": "maybe"}}, 422, "invalid_input"),
    ("GET", "/v1/memories", {"params": {"limit": "lots"}}, 422, "invalid_input"),
    ("POST", "/v1/keys", {"json": {"user": "x", "admin": "yes please"}}, 422, "invalid_input"),
    ("POST", "/v1/keys", {"json": {"workspace": "other"}}, 422, "invalid_input"),
    ("POST", "/v1/teams", {"json": {"name": ""}}, 422, "invalid_input"),
]
# fmt: on


@pytest.mark.parametrize(("method", "path", "kwargs", "status", "code"), BAD_REQUESTS,
                         ids=[f"{m} {p} {i}" for i, (m, p, *_rest) in enumerate(BAD_REQUESTS)])  # fmt: skip
def test_bad_requests_get_a_clear_4xx_and_change_nothing(url: str, stack: Stack, method: str, path: str,
                                                         kwargs: dict[str, Any], status: int, code: str) -> None:  # fmt: skip
    c = client(url, stack.admin_key)
    kept = c.post("/v1/memories", json={"content": "Dr. Okafor prescribed the red inhaler"}).json()["id"]
    db = stack.mem.settings.database_url
    before = {t: count_rows(db, t) for t in ("memories", "api_keys", "teams", "users", "audit_log")}
    headers = {"Content-Type": "application/json"} if "content" in kwargs else {}
    r = c.request(method, path, headers=headers, **kwargs)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code and len(error["message"]) > 5
    assert {t: count_rows(db, t) for t in before} == before
    assert c.get(f"/v1/memories/{kept}").json()["content"] == "Dr. Okafor prescribed the red inhaler"


def test_unknown_fields_are_named_in_the_message(url: str, stack: Stack) -> None:
    r = client(url, stack.admin_key).post("/v1/memories", json={"content": "ok", "colour": "red"})
    assert r.json()["error"]["message"] == "colour: is not a known field"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"content": ""}, "content: must not be empty"),
        ({"content": "ok", "importance": 2}, "importance: must be at most 1"),
        ({"content": "ok", "importance": "high"}, "importance: must be a number"),
        ({}, "content: is required"),
    ],
)
def test_validation_messages_are_plain_words(url: str, stack: Stack, body: dict, message: str) -> None:
    r = client(url, stack.admin_key).post("/v1/memories", json=body)
    assert r.status_code == 422 and r.json()["error"]["message"] == message, r.text


def test_mcp_needs_a_key_too(url: str) -> None:
    r = httpx.post(f"{url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert r.status_code == 401 and r.json()["error"]["data"]["code"] == "unauthorized"


def test_schemathesis_finds_no_server_errors(url: str, stack: Stack) -> None:
    """Every operation of the OpenAPI document, fed generated (valid and invalid) input: no 5xx.
    Bounded: a few examples per operation, no shrinking, a time budget."""
    import time

    import schemathesis
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis.errors import Unsatisfiable
    from schemathesis import GenerationMode

    # The served document, fetched as a client would; the first request builds it (~0.9 s of CPU), which
    # on a loaded machine outlasts schemathesis' default 10 s request timeout: the same bound as our clients.
    schema = schemathesis.openapi.from_url(f"{url}/openapi.json", timeout=60)
    # A few memories, so that reads, history and forget have something to find.
    seed = client(url, stack.admin_key)
    for text in (
        "Dr. Okafor prescribed the red inhaler",
        "Ana prefers green tea",
        "Falcon ships on 2025-03-14",
    ):
        seed.post("/v1/memories", json={"content": text})
    headers = bearer(stack.admin_key)
    failures: list[str] = []
    deadline = time.monotonic() + 45  # on a loaded machine, stop early rather than drag the suite
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 25

    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            if time.monotonic() > deadline:
                break

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                      phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))  # fmt: skip
            def run(case: Any) -> None:
                case.headers = {**(case.headers or {}), **headers}
                response = case.call(base_url=url, timeout=60)
                if response.status_code >= 500:
                    failures.append(f"{case.method} {case.formatted_path} -> {response.status_code}: "
                                    f"{response.text[:300]} (body {case.body!r:.200})")  # fmt: skip

            try:
                run()
            except Unsatisfiable:  # nothing to make invalid (an operation without parameters)
                assert mode is GenerationMode.NEGATIVE
    assert failures == []
