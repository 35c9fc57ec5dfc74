"""``list_recent`` is one contract: the embedded SDK and the remote SDK (over real HTTP, both backends)
take the same arguments (the remote one had no ``scopes`` nor observed-time filters, the embedded one
hid them behind ``**filters``) and give the same memories for each; ``GET /v1/memories`` takes the
time filters too, and a bad one is refused in the service's words on every surface."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from memlane import InvalidInput, Memlane, RemoteMemlane
from servers import Stack, bearer, make_stack, running


@pytest.fixture
def stack(db_path: Path | str) -> Iterator[Stack]:
    s = make_stack(db_path)
    yield s
    s.mem.close()


def test_both_sdks_take_the_same_arguments() -> None:
    local = inspect.signature(Memlane.list_recent).parameters
    remote = inspect.signature(RemoteMemlane.list_recent).parameters
    assert [(p.name, p.kind, p.default) for p in local.values()] == [
        (p.name, p.kind, p.default) for p in remote.values()
    ]
    assert {"scopes", "observed_after", "observed_before", "related_user"} <= set(local)
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in local.values())


def test_the_same_memories_for_each_filter(stack: Stack) -> None:
    mem = stack.mem
    ids = {
        "mine": mem.store("I take the 7:40 train", observed_at="2024-05-01").id,
        "shared": mem.store("The office wifi is Meridian-5", visibility="shared", owner="workspace",
                            observed_at="2025-01-10").id,
        "oldest": mem.store("Kalina plays the oboe", related_user="kalina", observed_at="0001-01-01").id,
        "latest": mem.store("The lease ends then", observed_at="9999-12-31T23:00:00Z").id,
    }  # fmt: skip
    cases: list[dict[str, Any]] = [
        {},
        {"scopes": ["personal"]},
        {"scopes": ["workspace"]},
        {"scopes": ["team", "agent"]},
        {"observed_after": "2024-06-01"},
        {"observed_before": "2024-06-01"},
        {"observed_after": datetime(2024, 1, 1, tzinfo=UTC), "observed_before": datetime(2025, 6, 1)},
        {"observed_before": "0001-01-02"},
        {"observed_after": "9999-12-31"},
        {"related_user": " kalina ", "scopes": ["personal"]},
    ]
    with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
        for case in cases:
            here = [m.id for m in mem.list_recent(20, **case)]
            there = [m.id for m in remote.list_recent(20, **case)]
            assert here == there, case
        assert {m.id for m in mem.list_recent(20, scopes=["workspace"])} == {ids["shared"]}
        assert [m.id for m in remote.list_recent(20, observed_before="0001-01-02")] == [ids["oldest"]]
        assert [m.id for m in remote.list_recent(20, observed_after="9999-12-31")] == [ids["latest"]]
        assert ids["shared"] not in {m.id for m in remote.list_recent(20, scopes=["personal"])}
        # a bad filter: the same message from both SDKs and from REST
        bad: list[dict[str, Any]] = [
            {"scopes": ["nope"]},
            {"scopes": "personal"},
            {"observed_after": "not a date at all"},
            {"observed_after": "2025-01-01", "observed_before": "2024-01-01"},
            {"observed_after": 5},
            {"observed_before": "x" * 101},
        ]
        for case in bad:
            with pytest.raises(InvalidInput) as here_error:
                mem.list_recent(20, **case)
            with pytest.raises(InvalidInput) as there_error:
                remote.list_recent(20, **case)
            assert str(there_error.value) == str(here_error.value), case
        rest = httpx.get(
            f"{url}/v1/memories", params={"observed_before": "x" * 101}, headers=bearer(stack.admin_key)
        )
        assert rest.status_code == 422
        assert rest.json()["error"]["message"] == "observed_before: must have at most 100 characters"
        listed = httpx.get(f"{url}/v1/memories", params={"observed_after": "2024-06-01", "scope": "personal"},
                           headers=bearer(stack.admin_key))  # fmt: skip
        assert listed.status_code == 200
        assert {m["id"] for m in listed.json()["items"]} == {ids["latest"]}
