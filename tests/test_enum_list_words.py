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
