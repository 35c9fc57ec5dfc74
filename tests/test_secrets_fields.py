"""Secrets are refused in every field a caller sets, on every surface, and the error names the field
without quoting the secret (issue 9, defect 5). Real databases (both backends for the SDK) and a real
HTTP server for REST."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from backends import count_rows
from memlane import Memlane, SecretRefused
from memlane.models import Actor
from memlane.requests import StoreRequest
from servers import Stack, bearer, make_stack, running

# Built from parts so that no scanner mistakes this test file for a leak.
GH = "ghp_" + "R7tK2mPq9WvX4nB8cL1sD6fH3jZ0yA5eG2uQ"
STRIPE = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dc"
CARD = "4111 1111 " + "1111 1111"  # Visa's test number: Luhn-valid, refused by its shape alone
CARD_BAD = "4929 1837 " + "5521 0043"  # a check digit wrong: refused as said after a card word
HIDDEN_GH = GH[:12] + "\u200b" + GH[12:]  # a zero-width space inside the token

#: (fields stored with an ordinary content, the field the error names, the secret it must not quote)
CASES: list[tuple[dict[str, Any], str, str]] = [
    ({"data": {"token": GH}}, "data.token", GH),
    ({"data": {"db": {"user": "app", "password": "hunter2"}}}, "data.db.password", "hunter2"),
    ({"data": {"notes": ["fine", "my password is hunter2"]}}, "data.notes[1]", "hunter2"),
    ({"data": {GH: True}}, "data.<key>", GH),
    ({"data": {"ci": {"token": HIDDEN_GH}}}, "data.ci.token", GH[12:]),
    ({"provenance": {"url": f"https://x-access-token:{STRIPE}@example.com/a"}}, "provenance.url", STRIPE),
    ({"provenance": {"note": "pw: Winter2024!"}}, "provenance.note", "Winter2024"),
    ({"subject": "my password is hunter2"}, "subject", "hunter2"),
    ({"subject": {"name": STRIPE}}, "subject.name", STRIPE),
    ({"source": STRIPE}, "source", STRIPE),
    ({"space": "ops-" + GH}, "space", GH),
    ({"related_user": "admin / Tr0ub4dor&3"}, "related_user", "Tr0ub4dor"),
    ({"data": {"home": {"gate_code": "7319"}}}, "data.home.gate_code", "7319"),
    ({"data": {"wallet": {"card_number": CARD_BAD}}}, "data.wallet.card_number", CARD_BAD),
    ({"provenance": {"note": f"paid with {CARD}"}}, "provenance.note", CARD),
]
CONTENTS = [
    ("token " + HIDDEN_GH, GH[12:]),
    ("Das WLAN-Passwort ist Sonnenblume77", "Sonnenblume77"),
    ("curl -u admin:S3cr3t! https://api.example.com/v1/items", "S3cr3t"),
    (f"My credit card number is {CARD_BAD}", CARD_BAD),
    ("DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=" + "a1B2" * 22 + "==", "a1B2a1B2"),
]
IDS = [case[1] for case in CASES]


def _refused(message: str, field: str, secret: str) -> None:
    assert message.startswith(f"{field}: refused: looks like "), message
    assert secret not in message and "hunter2" not in message


@pytest.mark.parametrize(("fields", "field", "secret"), CASES, ids=IDS)
def test_sdk_refuses_each_field(
    mem: Memlane, db_path, fields: dict[str, Any], field: str, secret: str
) -> None:
    with pytest.raises(SecretRefused) as info:
        mem.store("Ann moved to Lisbon in May", **fields)
    _refused(str(info.value), field, secret)
    assert count_rows(db_path, "memories") == 0


@pytest.mark.parametrize(("content", "secret"), CONTENTS)
def test_sdk_refuses_content(mem: Memlane, db_path, content: str, secret: str) -> None:
    with pytest.raises(SecretRefused) as info:
        mem.store(content)
    _refused(str(info.value), "content", secret)
    assert count_rows(db_path, "memories") == 0


def test_sdk_batch_defaults_and_items(mem: Memlane, db_path) -> None:
    with pytest.raises(SecretRefused) as info:
        mem.store_many(["Ann moved to Lisbon", "Bo likes tea"], source=STRIPE)
    _refused(str(info.value), "defaults.source", STRIPE)
    with pytest.raises(SecretRefused) as info:
        mem.store_many(["Ann moved to Lisbon", "Bo likes tea"], data={"api_key": "9f8e7d6c5b4a3f2e1d0c"})
    _refused(str(info.value), "defaults.data.api_key", "9f8e7d6c5b4a3f2e1d0c")
    with pytest.raises(SecretRefused) as info:
        mem.store_many(["Ann moved to Lisbon", {"content": "Bo likes tea", "data": {"token": GH}}])
    assert str(info.value).startswith("item 1: data.token: refused: looks like a GitHub token")
    assert count_rows(db_path, "memories") == 0


def test_service_checks_prepared_requests_too(mem: Memlane, db_path) -> None:
    """Importers hand the service ready ``StoreRequest`` objects: they are scanned like dicts."""
    request = StoreRequest(content="Ann moved to Lisbon", provenance={"dsn": "postgres://app:Pg!2024x@db/x"})
    with pytest.raises(SecretRefused, match=r"^item 0: provenance\.dsn: refused"):
        mem.service.store_many([request], actor=Actor(user="alice", workspace="default"))
    assert count_rows(db_path, "memories") == 0


def test_look_alikes_in_fields_are_stored(mem: Memlane) -> None:
    stored = mem.store(
        "Merged the fix for the login page",
        source="github-connector",
        space="team-secrets-rotation",
        subject="Password Manager migration",
        data={"commit": "9fceb02d0ae598e95dc970b74767f19372d61af8", "token_count": 812,
              "request_id": "550e8400-e29b-41d4-a716-446655440000", "password_policy": "12+ chars", "zip_code": "94107"},
        provenance={"url": "https://github.com/acme/infra/pull/77", "branch": "feature/Login-2FA_fix"},
    )  # fmt: skip
    assert stored.status == "stored"


# -- REST ------------------------------------------------------------------------------------------


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


def _rest_refused(response: httpx.Response, field: str, secret: str) -> None:
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "secret_refused"
    _refused(error["message"], field, secret)
    assert secret not in response.text


def test_rest_refuses_each_field(client: httpx.Client, stack: Stack, tmp_path: Path) -> None:
    for fields, field, secret in CASES:
        response = client.post("/v1/memories", json={"content": "Ann moved to Lisbon in May", **fields})
        _rest_refused(response, field, secret)
    for content, secret in CONTENTS:
        _rest_refused(client.post("/v1/memories", json={"content": content}), "content", secret)
    assert count_rows(tmp_path / "api.db", "memories") == 0


def test_rest_batch_defaults_and_items(client: httpx.Client, tmp_path: Path) -> None:
    items = [{"content": "Ann moved to Lisbon"}, {"content": "Bo likes tea"}]
    response = client.post("/v1/memories/batch", json={"items": items, "defaults": {"space": "ops-" + GH}})
    _rest_refused(response, "defaults.space", GH)
    response = client.post(
        "/v1/memories/batch", json={"items": [items[0], {**items[1], "provenance": {"pw": "Winter2024!"}}]}
    )
    assert response.status_code == 422 and response.json()["error"]["code"] == "secret_refused"
    assert response.json()["error"]["message"].startswith("item 1: provenance.pw: refused: looks like")
    assert "Winter2024" not in response.text
    assert count_rows(tmp_path / "api.db", "memories") == 0


def test_sdk_field_named_after_a_token(mem: Memlane, db_path) -> None:
    with pytest.raises(SecretRefused) as info:
        mem.store("Ann moved to Lisbon", **{GH: 1})
    _refused(str(info.value), "<key>", GH)
    assert count_rows(db_path, "memories") == 0


def test_rest_never_quotes_a_token_named_field(client: httpx.Client) -> None:
    """FastAPI validates the body before the service sees it: its messages name fields, never tokens."""
    for body in ({"content": "x", GH: 1}, {"content": "x", "subject": {"name": "Ann", GH: 1}}):
        response = client.post("/v1/memories", json=body)
        assert response.status_code == 422 and GH not in response.text
        assert "<key>" in response.json()["error"]["message"]


# -- MCP -------------------------------------------------------------------------------------------


def test_mcp_refuses_each_field(stack: Stack, tmp_path: Path) -> None:
    from test_mcp import error_of, http_session

    async def main(url: str) -> None:
        async with http_session(url, stack.admin_key) as session:
            for arguments, field in (
                ({"subject": "my password is hunter2"}, "subject"),
                ({"source": STRIPE}, "source"),
                ({"space": "ops-" + HIDDEN_GH}, "space"),
                ({"content": "admin / Tr0ub4dor&3"}, "content"),
                ({"content": f"Visa {CARD} expires 12/27"}, "content"),
            ):
                text = await error_of(session, "memory_store", **{"content": "Ann moved", **arguments})
                assert f"{field}: refused: looks like" in text and "secret_refused" in text, text
                assert not any(s in text for s in (GH[12:], STRIPE, "hunter2", "Tr0ub4dor", CARD))
            text = await error_of(session, "memory_store", content=f"card {CARD}")
            assert "content: refused: looks like a payment card number" in text, text
            text = await error_of(session, "memory_store", content="Ann moved", **{GH: 1})
            assert "invalid_input" in text and GH not in text and "<key>" in text

    with running(stack.app()) as url:
        anyio.run(main, url)
    assert count_rows(tmp_path / "api.db", "memories") == 0
