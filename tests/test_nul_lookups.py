"""A NUL character in an id or a filter is the caller's bad input on both backends, never a database
failure: PostgreSQL cannot hold it, and psycopg's refusal answered 503 ``storage_error`` (telling clients
to retry) where SQLite answered 404 or found nothing. Now a clear 4xx, and nothing changes."""

from __future__ import annotations

import httpx

from servers import Stack, bearer, running

GETS = ["/v1/memories/%00", "/v1/memories/%00/history", "/v1/entities/%00", "/v1/memories?subject=%00",
        "/v1/memories?source=%00", "/v1/memories?space=%00", "/v1/entities/merges?entity=%00"]  # fmt: skip
POSTS = [
    ("/v1/forget", {"id": "\u0000"}),
    ("/v1/recall", {"query": "Olga", "subject": "\u0000"}),
    ("/v1/entities/merge", {"into": "\u0000", "merged": "x"}),
    ("/v1/memories", {"content": "Olga met Piotr again", "replaces": "\u0000"}),
    ("/v1/memories/%00/archive", {}),
]
CODES = {"unknown_memory", "not_found", "invalid_input"}


def test_a_nul_in_an_id_or_filter_is_a_clear_client_error(stack: Stack) -> None:
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        kept = client.post("/v1/memories", json={"content": "Olga Brightwater met Piotr Lindqvist"}).json()[
            "id"
        ]
        answers = [client.get(path) for path in GETS] + [client.post(path, json=body) for path, body in POSTS]
        answers.append(client.delete("/v1/memories/%00"))
        assert [(a.request.url.path, a.status_code) for a in answers if a.status_code >= 500] == []
        assert {a.json()["error"]["code"] for a in answers if a.status_code >= 400} <= CODES
        assert client.get("/health").json()["status"] == "ok"
        assert [m["id"] for m in client.get("/v1/memories").json()["items"]] == [kept]
