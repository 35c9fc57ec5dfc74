"""A recall's list of types, states or scopes with a value that is none of them is refused in the
service's words on every surface: the REST API said ``types.0: must be one of 'fact', …`` (pydantic's,
reaching the remote SDK too) where the embedded SDK says ``types: 'nope' is not one of fact, …``. The
OpenAPI document still lists the choices."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running


@pytest.mark.parametrize("field", ["types", "states", "scopes"])
def test_one_message_for_a_value_of_no_kind(stack: Stack, field: str) -> None:
    def said(call: Any) -> str:
        with pytest.raises(InvalidInput) as refused:
            call()
        return str(refused.value)

    embedded = said(lambda: stack.mem.search("goats", **{field: ["nope"]}))
    assert embedded.startswith(f"{field}: 'nope' is not one of ")
    with running(stack.app()) as url:
        with Memlane.connect(url, api_key=stack.admin_key) as remote:
            assert said(lambda: remote.search("goats", **{field: ["nope"]})) == embedded
        for path in ("/v1/recall", "/v1/search"):
            r = httpx.post(f"{url}{path}", json={"query": "goats", field: ["nope"]},
                           headers=bearer(stack.admin_key), timeout=120)  # fmt: skip
            assert r.status_code == 422 and r.json()["error"] == {
                "code": "invalid_input",
                "message": embedded,
            }
        schema = httpx.get(f"{url}/openapi.json", timeout=120).json()["components"]["schemas"]["RecallBody"]
    assert "nope" not in schema["properties"][field]["items"]["enum"]
    assert len(schema["properties"][field]["items"]["enum"]) >= 3


@pytest.mark.parametrize("field", ["type", "visibility"])
def test_a_batch_item_of_no_kind_is_located_as_the_sdk_says(stack: Stack, field: str) -> None:
    """A batch item's type or visibility of no kind: ``item 1: type: must be one of …`` from the service
    on every surface (REST said ``items.1.type: …``); the OpenAPI document lists the choices."""
    items = [{"content": "Ana likes tea"}, {"content": "Ben keeps goats", field: "nope"}]
    with pytest.raises(InvalidInput) as refused:
        stack.mem.store_many(items)
    embedded = str(refused.value)
    assert embedded.startswith(f"item 1: {field}: must be one of ")
    with running(stack.app()) as url:
        with Memlane.connect(url, api_key=stack.admin_key) as remote, pytest.raises(InvalidInput) as remotely:
            remote.store_many(items)
        r = httpx.post(f"{url}/v1/memories/batch", json={"items": items}, headers=bearer(stack.admin_key),
                       timeout=120)  # fmt: skip
        schema = httpx.get(f"{url}/openapi.json", timeout=120).json()["components"]["schemas"]["StoreBody"]
    assert str(remotely.value) == embedded
    assert r.status_code == 422 and r.json()["error"] == {"code": "invalid_input", "message": embedded}
    assert stack.mem.list_recent() == []
    assert "personal" in str(schema["properties"][field]) or "fact" in str(schema["properties"][field])
