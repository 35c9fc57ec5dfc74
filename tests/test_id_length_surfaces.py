"""One id-length rule (``ids.check_id``, 200 characters) below every surface: REST's bodies and the MCP
tools capped ``replaces`` / ``memory_id`` at 100 characters with limits of their own, so an id of 150
characters was refused over REST and MCP (in pydantic's words) but only unknown to the SDK; and one of
250 was refused by each surface in different words. Now the same outcome and message everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio
import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running
from test_mcp import error_of, http_session

CALLS = ("store replaces", "history", "forget")


def _sdk(mem: Memlane, value: str) -> dict[str, str]:
    calls: dict[str, Callable[[], Any]] = {
        "store replaces": lambda: mem.store("Ana drinks green tea", replaces=value),
        "history": lambda: mem.history(value),
        "forget": lambda: mem.forget(value),
    }
    said = {}
    for name, call in calls.items():
        with pytest.raises(InvalidInput) as refused:
            call()
        said[name] = str(refused.value)
    return said


def _rest(client: httpx.Client, value: str) -> dict[str, str]:
    answers = {
        "store replaces": client.post(
            "/v1/memories", json={"content": "Ana drinks green tea", "replaces": value}
        ),
        "history": client.get(f"/v1/memories/{value}/history"),
        "forget": client.post("/v1/forget", json={"id": value}),
    }
    said = {}
    for name, answer in answers.items():
        assert answer.status_code in (404, 422), (name, answer.text)
        said[name] = answer.json()["error"]["message"]
    return said


@pytest.mark.parametrize("length", [150, 200, 250])
def test_the_same_id_gets_the_same_answer_from_the_sdk_rest_the_remote_sdk_and_mcp(
    stack: Stack, length: int
) -> None:
    value = "y" * length
    expected = _sdk(stack.mem, value)
    if length <= 200:  # only unknown: ids (restored ones, names) are up to 200 characters
        assert all("no memory" in message for message in expected.values()), expected
    else:
        assert all(
            "too long (250 characters; an id or a name has at most 200)" in m for m in expected.values()
        )
        assert all(value not in message for message in expected.values()), expected
    mcp: dict[str, str] = {}

    async def main(url: str) -> None:
        async with http_session(url, stack.admin_key) as session:
            for name, tool, arguments in (
                ("store replaces", "memory_store", {"content": "Ana drinks green tea", "replaces": value}),
                ("history", "memory_history", {"memory_id": value}),
                ("forget", "memory_forget", {"memory_id": value}),
            ):
                mcp[name] = await error_of(session, tool, **arguments)

    with running(stack.app()) as url:
        with httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
            assert _rest(client, value) == expected
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            assert _sdk(remote, value) == expected
        finally:
            remote.close()
        anyio.run(main, url)
    for name in CALLS:
        assert expected[name] in mcp[name], (name, mcp[name][:300], expected[name])


def test_the_remote_sdk_checks_a_path_id_by_the_same_rule(stack: Stack) -> None:
    """A too-long id with a '/' in it (one the remote SDK cannot put in a URL path) is refused in the
    service's words, not quoted back whole."""
    value = "y/" * 150
    with pytest.raises(InvalidInput) as embedded:
        stack.mem.history(value)
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            with pytest.raises(InvalidInput) as refused:
                remote.history(value)
        finally:
            remote.close()
    assert (
        str(refused.value)
        == str(embedded.value)
        == ("memory_id: too long (300 characters; an id or a name has at most 200)")
    )
