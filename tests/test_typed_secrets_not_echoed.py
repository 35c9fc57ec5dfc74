"""An id or a name the caller typed that looks like a secret is not quoted back in an error: errors reach
logs and a model's context ("no memory 'ghp_…' visible to alice" repeated a pasted token)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from memlane import Memlane, UnknownMemory
from memlane.errors import NotFound, typed
from servers import Stack, bearer, make_stack, running

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
NOT_REPEATED = "with that id (the value looks like a secret and is not repeated)"


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "typed.db")
    yield s
    s.mem.close()


def test_one_helper_quotes_an_ordinary_value_and_not_a_secret() -> None:
    assert typed("memory", "0193c5d2") == "memory '0193c5d2'"
    assert typed("memory", TOKEN) == f"memory {NOT_REPEATED}"
    assert typed("", "a/b") == "'a/b'" and TOKEN not in typed("", TOKEN)


def test_the_sdks_do_not_repeat_a_token_typed_as_an_id(stack: Stack) -> None:
    mem = stack.mem
    for call in (mem.get, mem.forget, mem.archive, mem.history, mem.entities.get):
        with pytest.raises((UnknownMemory, NotFound)) as caught:
            call(TOKEN)
        assert TOKEN not in str(caught.value) and NOT_REPEATED in str(caught.value), call
    with pytest.raises(UnknownMemory, match="no memory 'not-a-token' visible to alice"):
        mem.get("not-a-token")  # an ordinary id is still quoted
    with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
        with pytest.raises(UnknownMemory) as caught:
            remote.forget(TOKEN, dry_run=True)
        assert TOKEN not in str(caught.value) and NOT_REPEATED in str(caught.value)


def test_rest_does_not_repeat_a_token_typed_as_an_id(stack: Stack) -> None:
    with (
        running(stack.app()) as url,
        httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as client,
    ):
        for response in (
            client.get(f"/v1/memories/{TOKEN}"),
            client.post("/v1/forget", json={"id": TOKEN, "dry_run": True}),
            client.get(f"/v1/entities/{TOKEN}"),
        ):
            assert response.status_code == 404 and TOKEN not in response.text, response.text
            assert NOT_REPEATED in response.text
