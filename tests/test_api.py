"""The REST API as a client sees it: a real uvicorn server on loopback, httpx, JSON."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from servers import Stack, bearer, make_stack, running


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "api.db")
    yield s
    s.mem.close()


@pytest.fixture
def client(stack: Stack) -> Iterator[httpx.Client]:
    with (
        running(stack.app()) as url,
        httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as c,
    ):
        yield c


def test_the_six_actions_and_the_rest(client: httpx.Client) -> None:
    red = client.post(
        "/v1/memories", json={"content": "Dr. Okafor prescribed the red inhaler", "source": "app"}
    )
    assert red.status_code == 200 and red.json()["status"] == "stored" and red.json()["embedded"] is False
    blue = client.post("/v1/memories", json={"content": "Dr. Okafor prescribed the blue inhaler"}).json()
    assert blue["superseded"] == [
        {"id": red.json()["id"], "content": "Dr. Okafor prescribed the red inhaler"}
    ]
    figs = client.post("/v1/memories", json={"content": "Ana likes figs", "space": "s"}).json()
    plums = client.post("/v1/memories", json={"content": "Ana likes plums too", "space": "s"}).json()
    assert plums["superseded"] == [] and [s["id"] for s in plums["similar"]] == [figs["id"]]
    assert set(plums["similar"][0]) == {"id", "content", "score"}
    again = client.post("/v1/memories", json={"content": "dr. okafor prescribed the BLUE inhaler."}).json()
    assert (again["status"], again["id"]) == ("duplicate", blue["id"])

    hits = client.post("/v1/recall", json={"query": "what did Dr. Okafor prescribe"}).json()["hits"]
    assert [h["id"] for h in hits] == [blue["id"]]
    assert {"score", "matched_by", "source", "type", "created_at", "observed_at", "superseded_by"} <= set(
        hits[0]
    )
    both = client.post("/v1/recall", json={"query": "inhaler", "include_history": True}).json()["hits"]
    assert {h["id"] for h in both} == {red.json()["id"], blue["id"]}
    strong = client.post("/v1/search", json={"query": "inhaler", "min_score": 0.99}).json()["hits"]
    assert all(h["score"] >= 0.99 for h in strong)
    by_source = client.post("/v1/search", json={"query": "inhaler", "include_history": True,
                                                "sources": ["app"]}).json()["hits"]  # fmt: skip
    assert [h["id"] for h in by_source] == [red.json()["id"]]

    versions = client.get(f"/v1/memories/{blue['id']}/history").json()["versions"]
    assert [v["id"] for v in versions] == [red.json()["id"], blue["id"]] and versions[-1][
        "superseded_by"
    ] is None
    assert client.get(f"/v1/memories/{red.json()['id']}").json()["superseded_by"] == blue["id"]
    assert client.post(f"/v1/memories/{blue['id']}/archive").json()["state"] == "archived"
    assert client.post("/v1/recall", json={"query": "inhaler"}).json()["hits"] == []
    assert client.post(f"/v1/memories/{blue['id']}/restore").json()["state"] == "new"

    preview = client.post("/v1/forget", json={"query": "inhaler", "dry_run": True}).json()
    assert preview["dry_run"] is True and set(preview["deleted"]) == {red.json()["id"], blue["id"]}
    assert client.get("/v1/memories").json()["items"] != []
    gone = client.delete(f"/v1/memories/{red.json()['id']}").json()
    assert set(gone["deleted"]) == {red.json()["id"], blue["id"]}  # the whole chain
    assert client.get("/v1/memories").json() == {"items": [], "next_cursor": None}


def test_store_many_is_all_or_nothing(client: httpx.Client) -> None:
    ok = client.post("/v1/memories/batch", json={
        "items": [{"content": "Ana likes figs"}, {"content": "Ben likes plums", "type": "preference"}],
        "defaults": {"source": "import", "space": "fruit"},
    })  # fmt: skip
    assert ok.status_code == 200 and [r["status"] for r in ok.json()["results"]] == ["stored", "stored"]
    listed = client.get("/v1/memories", params={"space": "fruit"}).json()["items"]
    assert {(m["source"], m["type"]) for m in listed} == {("import", "fact"), ("import", "preference")}
    bad = client.post("/v1/memories/batch", json={"items": [{"content": "Cleo likes kiwis"},
                                                            {"content": "my password is hunter2hunter2"}]})  # fmt: skip
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "secret_refused"
    assert "item 1" in bad.json()["error"]["message"]
    assert client.post("/v1/recall", json={"query": "Cleo kiwis", "space": "*"}).json()["hits"] == []


def test_list_pages_by_offset_and_cursor(client: httpx.Client) -> None:
    ids = [client.post("/v1/memories", json={"content": f"note {i} about widgets", "auto_supersede": False,
                                             "type": "episode" if i % 2 else "fact"}).json()["id"]
           for i in range(7)]  # fmt: skip
    newest_first = ids[::-1]
    page = client.get("/v1/memories", params={"limit": 3}).json()
    seen = [m["id"] for m in page["items"]]
    while page["next_cursor"]:
        page = client.get("/v1/memories", params={"limit": 3, "cursor": page["next_cursor"]}).json()
        seen += [m["id"] for m in page["items"]]
    assert seen == newest_first
    assert [
        m["id"] for m in client.get("/v1/memories", params={"limit": 2, "offset": 5}).json()["items"]
    ] == ids[1::-1]
    episodes = client.get("/v1/memories", params={"type": "episode"}).json()["items"]
    assert [m["id"] for m in episodes] == [i for n, i in enumerate(ids) if n % 2][::-1]
    assert (
        [  # a cursor of an earlier version (an offset) still pages
            m["id"]
            for m in client.get("/v1/memories", params={"limit": 2, "cursor": page_cursor(5)}).json()["items"]
        ]
        == ids[1::-1]
    )
    for params in (
        {"cursor": "garbage"},
        {"cursor": page_cursor(-1)},
        {"cursor": page_cursor(2), "offset": 1},
        {"limit": 0},
        {"type": "nope"},
    ):
        r = client.get("/v1/memories", params=params)
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", params


def page_cursor(offset: int) -> str:
    from memlane.pagination import encode_cursor

    return encode_cursor(offset)


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "code"),
    [
        (
            "post",
            "/v1/recall",
            {"json": {"query": "x"}, "headers": {"Authorization": ""}},
            401,
            "unauthorized",
        ),
        (
            "post",
            "/v1/recall",
            {"json": {"query": "x"}, "headers": {"Authorization": "Bearer ml_no"}},
            401,
            "unauthorized",
        ),
        (
            "post",
            "/v1/recall",
            {"json": {"query": "x"}, "headers": {"Authorization": "Basic abc"}},
            401,
            "unauthorized",
        ),
        ("get", "/v1/memories/0000", {}, 404, "unknown_memory"),
        (
            "post",
            "/v1/memories",
            {"json": {"content": "my password is hunter2hunter2"}},
            422,
            "secret_refused",
        ),
        ("post", "/v1/memories", {"json": {"content": "x", "replaces": "nope"}}, 404, "unknown_memory"),
        ("post", "/v1/memories", {"json": {"content": "x", "importance": 2}}, 422, "invalid_input"),
        ("post", "/v1/memories", {"json": {"content": "x", "colour": "red"}}, 422, "invalid_input"),
        (
            "post",
            "/v1/memories",
            {"content": b'{"content": "x",', "headers": {"Content-Type": "application/json"}},
            400,
            "invalid_json",
        ),
        ("post", "/v1/recall", {"json": {"query": "   "}}, 422, "invalid_input"),
        ("post", "/v1/forget", {"json": {}}, 422, "invalid_input"),
        ("get", "/v1/nowhere", {}, 404, "unknown_route"),
        ("put", "/v1/recall", {}, 405, "method_not_allowed"),
    ],
)
def test_errors_are_json_with_stable_codes(client: httpx.Client, method: str, path: str, kwargs: dict,
                                           status: int, code: str) -> None:  # fmt: skip
    r = client.request(method.upper(), path, **kwargs)
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"]["code"] == code and body["error"]["message"]
    if status == 401:
        assert r.headers["www-authenticate"].startswith("Bearer")


def test_keys_users_and_teams_admin(client: httpx.Client, stack: Stack) -> None:
    created = client.post("/v1/keys", json={"user": "bob", "name": "bob's laptop"})
    assert created.status_code == 201
    key = created.json()
    assert key["key"].startswith("ml_") and key["user"] == "bob" and key["admin"] is False
    listed = client.get("/v1/keys").json()["keys"]
    assert {k["id"] for k in listed} >= {key["id"]} and all("key" not in k for k in listed)
    bob = httpx.Client(base_url=str(client.base_url), headers=bearer(key["key"]), timeout=60)
    assert bob.get("/v1/me").json() == {"workspace": "default", "user": "bob", "teams": [], "agent": None,
                                        "admin": False, "max_visibility": "shared", "opted_out": False}  # fmt: skip
    r = bob.get("/v1/keys")
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert bob.post("/v1/reindex").status_code == 403

    assert client.post("/v1/teams", json={"name": "eng"}).status_code == 201
    assert client.post("/v1/teams/eng/members", json={"user": "bob"}).json()["members"] == ["bob"]
    assert bob.get("/v1/me").json()["teams"] == ["eng"]
    assert client.get("/v1/users/bob").json()["teams"] == ["eng"]
    assert client.delete("/v1/teams/eng/members/bob").json()["members"] == []
    assert client.delete("/v1/teams/eng/members/bob").status_code == 404
    assert client.post("/v1/teams/nope/members", json={"user": "bob"}).json()["error"]["code"] == "not_found"

    out = client.post("/v1/users/bob/opt-out").json()
    assert out["opted_out"] is True
    refused = bob.post("/v1/memories", json={"content": "bob likes figs"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "opted_out"
    assert client.post("/v1/users/bob/opt-in").json()["opted_out"] is False
    assert bob.post("/v1/memories", json={"content": "bob likes figs"}).status_code == 200
    assert bob.post("/v1/me/opt-out").json()["opted_out"] is True  # users can opt themselves out
    assert bob.post("/v1/recall", json={"query": "figs"}).json() == {"hits": []}
    assert bob.post("/v1/me/opt-in").json()["opted_out"] is False
    assert [u["name"] for u in client.get("/v1/users").json()["users"]] == ["alice", "bob"]

    assert client.delete(f"/v1/keys/{key['id']}").json()["revoked_at"] is not None
    assert bob.get("/v1/me").status_code == 401  # from the next request on
    assert client.post("/v1/reindex").json() == {"embedded": 0, "keys_rebuilt": 0, "embedding_model": None}
    bob.close()


def test_unbound_keys_name_their_user(client: httpx.Client, stack: Stack) -> None:
    service_key = stack.key()  # a platform backend serving many end users
    with httpx.Client(base_url=str(client.base_url), headers=bearer(service_key), timeout=60) as c:
        r = c.post("/v1/memories", json={"content": "prefers aisle seats"})
        assert r.status_code == 422 and "X-Memlane-User" in r.json()["error"]["message"]
        stored = c.post(
            "/v1/memories", json={"content": "prefers aisle seats"}, headers={"X-Memlane-User": "u-42"}
        )
        assert (
            c.get(f"/v1/memories/{stored.json()['id']}", headers={"X-Memlane-User": "u-42"}).json()["owner"]
            == "user:u-42"
        )
        other = c.get(f"/v1/memories/{stored.json()['id']}", headers={"X-Memlane-User": "u-43"})
        assert other.status_code == 404


def test_openapi_document(client: httpx.Client) -> None:
    doc = httpx.get(
        f"{client.base_url}/openapi.json", timeout=60
    ).json()  # built on first request: slow on a busy machine
    paths = doc["paths"]
    for path in ("/v1/memories", "/v1/memories/batch", "/v1/memories/{memory_id}", "/v1/memories/{memory_id}/history",
                 "/v1/recall", "/v1/search", "/v1/forget", "/v1/reindex", "/v1/keys", "/v1/users", "/v1/teams",
                 "/v1/teams/{name}/members/{user}", "/health"):  # fmt: skip
        assert path in paths, path
    assert doc["components"]["securitySchemes"]["api_key"]["scheme"] == "bearer"
    store = doc["components"]["schemas"]["StoreBody"]
    assert store["additionalProperties"] is False and "content" in store["required"]
    assert paths["/v1/recall"]["post"]["operationId"] == "recall"
    assert httpx.get(f"{client.base_url}/docs").status_code == 200
    assert httpx.get(f"{client.base_url}/health").json()["status"] == "ok"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # a field of two types: pydantic names each member's failure by its type (subject.str: …;
        # subject.SubjectIn.name: …); the caller is told about the value they meant
        ({"content": "x", "subject": {"name": 7}}, "subject.name: must be a string"),
        ({"content": "x", "subject": 5}, "subject: must be a string or an object"),
        ({"content": "x", "subject": {"name": "Ana", "role": "boss"}}, "subject.role: is not a known field"),
        (
            {"items": [{"content": "x"}, {"content": "y", "subject": []}]},
            "item 1: subject: must be a string or",
        ),
    ],
)
def test_a_field_of_two_types_is_explained_as_the_value_meant(client: httpx.Client, body: dict,
                                                              message: str) -> None:  # fmt: skip
    path = "/v1/memories/batch" if "items" in body else "/v1/memories"
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    said = r.json()["error"]["message"]
    assert said.startswith(message), said
    assert "SubjectIn" not in said and ".str" not in said and "StoreItem" not in said, said


def test_a_list_too_short_is_counted_in_plain_words(client: httpx.Client) -> None:
    from memlane.messages import problem

    assert problem({"type": "too_short", "ctx": {"min_length": 1}}) == "must have at least 1 item"
    # an empty list of messages is the service's to refuse, in its words on every surface
    r = client.post("/v1/conversations/c1/messages", json={"messages": []})
    assert r.status_code == 422 and r.json()["error"]["message"] == "messages: the list is empty", r.text


def test_a_missing_parameter_is_named_as_a_missing_field_is(client: httpx.Client) -> None:
    """A missing ``q`` was ``query.q: is required`` (FastAPI's place of it), where a missing body field is
    ``content: is required`` and every other parameter is named bare (``hops: …``, ``observed_after: …``)."""
    for path in ("/v1/entities/search", "/v1/entities/lookup"):
        r = client.get(path)
        assert r.status_code == 422 and r.json()["error"] == {
            "code": "invalid_input",
            "message": "q: is required",
        }
    assert client.post("/v1/memories", json={}).json()["error"]["message"] == "content: is required"
