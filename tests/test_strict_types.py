"""Inputs are typed strictly on every surface: ``true`` is not the number 1, ``"0.5"`` is not a number,
``1`` is not a flag. Loose coercion stored ``"importance": true`` as 1.0 and took ``"limit": true`` as 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from backends import count_rows
from memlane import InvalidInput, Memlane
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


STORE_REFUSED: list[dict[str, Any]] = [
    {"importance": True},
    {"importance": False},
    {"importance": "0.5"},
    {"confidence": True},
    {"confidence": "1"},
    {"auto_supersede": "false"},
    {"auto_supersede": 0},
    {"auto_supersede": 1},
    {"observed_at": 20240101},
    {"source": 42},
    {"type": 1},
]


@pytest.mark.parametrize("fields", STORE_REFUSED)
def test_rest_store_refuses_loose_types(client: httpx.Client, stack: Stack, tmp_path: Path,
                                        fields: dict[str, Any]) -> None:  # fmt: skip
    for path, body in (
        ("/v1/memories", {"content": "typed note", **fields}),
        ("/v1/memories/batch", {"items": [{"content": "typed note", **fields}]}),
        ("/v1/memories/batch", {"items": [{"content": "typed note"}], "defaults": fields}),
    ):
        r = client.post(path, json=body)
        assert r.status_code == 422, (path, body, r.text)
        assert r.json()["error"]["code"] == "invalid_input"
        assert next(iter(fields)) in r.json()["error"]["message"]
    assert count_rows(tmp_path / "api.db", "memories") == 0


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/recall", {"query": "x", "limit": True}),
        ("/v1/recall", {"query": "x", "limit": 10.0}),
        ("/v1/recall", {"query": "x", "limit": "10"}),
        ("/v1/recall", {"query": "x", "min_score": True}),
        ("/v1/recall", {"query": "x", "include_history": 1}),
        ("/v1/recall", {"query": "x", "include_history": "true"}),
        ("/v1/search", {"query": "x", "min_score": "0.5"}),
        ("/v1/search", {"query": "x", "types": "fact"}),
        ("/v1/search", {"query": "x", "sources": "app"}),
        ("/v1/forget", {"query": "x", "dry_run": 1}),
        ("/v1/forget", {"query": "x", "min_score": False}),
        ("/v1/keys", {"user": "bob", "admin": 1}),
        ("/v1/keys", {"user": "bob", "admin": "false"}),
    ],
)
def test_rest_reads_and_admin_refuse_loose_types(
    client: httpx.Client, path: str, body: dict[str, Any]
) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", r.text


def test_rest_accepts_what_json_means(client: httpx.Client, stack: Stack) -> None:
    """Strict, not fussy: an integer is a number, enums take their names, query strings stay text."""
    r = client.post("/v1/memories", json={"content": "a whole number", "importance": 1, "confidence": 0,
                                          "type": "decision", "auto_supersede": False})  # fmt: skip
    assert r.status_code == 200, r.text
    got = client.get(f"/v1/memories/{r.json()['id']}").json()
    assert (got["importance"], got["confidence"], got["type"]) == (1.0, 0.0, "decision")
    r = client.post("/v1/recall", json={"query": "whole number", "limit": 5, "min_score": 0,
                                        "types": ["decision"], "include_history": True})  # fmt: skip
    assert r.status_code == 200 and len(r.json()["hits"]) == 1
    r = client.get("/v1/memories", params={"limit": "5", "include_history": "true", "type": "decision"})
    assert r.status_code == 200 and len(r.json()["items"]) == 1
    assert client.post("/v1/forget", json={"query": "whole number", "dry_run": True}).status_code == 200
    assert client.post("/v1/keys", json={"user": "bob", "admin": False}).status_code == 201


def test_sdk_refuses_loose_types(tmp_path: Path) -> None:
    with Memlane(tmp_path / "sdk.db", user="alice", embedder="none") as m:
        for fields in STORE_REFUSED:
            with pytest.raises(InvalidInput, match=next(iter(fields))):
                m.store("typed note", **fields)
            with pytest.raises(InvalidInput, match=next(iter(fields))):
                m.store_many([{"content": "typed note", **fields}])
        assert count_rows(tmp_path / "sdk.db", "memories") == 0
        ok = m.store("kept note", importance=1, confidence=0.25)
        assert (m.get(ok.id).importance, m.get(ok.id).confidence) == (1.0, 0.25)
        for call in (
            lambda: m.recall("kept", limit=True),
            lambda: m.recall("kept", limit=10.0),
            lambda: m.recall("kept", limit="10"),
            lambda: m.search("kept", min_score=True),
            lambda: m.search("kept", min_score="0.5"),
            lambda: m.recall("kept", include_history=1),
            lambda: m.list_recent(True),
            lambda: m.list_recent(5, offset=True),
            lambda: m.list_recent(5, include_history="yes"),
            lambda: m.forget(query="kept", min_score=True),
            lambda: m.forget(query="kept", dry_run=1),
        ):
            with pytest.raises(InvalidInput):
                call()
        assert [h.id for h in m.recall("kept", limit=5)] == [ok.id]


def test_an_unknown_type_state_or_scope_filter_is_named_with_the_choices(tmp_path: Path) -> None:
    """Python's enum message ("'nope' is not a valid MemoryType") reached the SDK, the CLI and the
    dashboard's filters; a string where a list goes was read letter by letter ("'f' is not a valid …")."""
    with Memlane(tmp_path / "sdk.db", user="alice", embedder="none") as m:
        m.store("kept note")
        for call, said in (
            (lambda: m.list_recent(types=["nope"]), "types: 'nope' is not one of fact, preference, "),
            (
                lambda: m.recall("kept", states=["fact"]),
                "states: 'fact' is not one of new, indexed, archived",
            ),
            (
                lambda: m.search("kept", scopes=["mine"]),
                "scopes: 'mine' is not one of personal, team, agent, ",
            ),
            (lambda: m.list_recent(types="fact"), "types, sources, states and scopes take lists"),
        ):
            with pytest.raises(InvalidInput) as refused:
                call()
            assert str(refused.value).startswith(said) and "valid" not in str(refused.value)


def test_a_batch_is_a_list_of_items_on_both_sdks(tmp_path: Path) -> None:
    """``store_many("abc")`` stored the memories "a", "b" and "c"; an item of another type (None) failed
    with a TypeError; ``types=None`` (no filter) failed with a TypeError too."""
    stack = make_stack(tmp_path / "server.db")
    try:
        with running(stack.app()) as url:
            remote = Memlane.connect(url, api_key=stack.admin_key)
            for n, m in enumerate((stack.mem, remote)):
                for items, said in (
                    ("abc", "items: a list of memories (strings or objects of store fields), not one string"),
                    (b"abc", "items: a list of memories"),
                    ({"content": "x"}, "items: a list of memories"),
                    (["ok", None], "item 1: a string or an object of store fields, not a NoneType"),
                ):
                    with pytest.raises(InvalidInput) as refused:
                        m.store_many(items)  # type: ignore[arg-type]
                    assert str(refused.value).startswith(said)
                assert m.list_recent(types=None) == m.list_recent()
                done = m.store_many(x for x in [f"kept note {n}", {"content": f"kept too {n}"}])
                assert [r.status for r in done] == ["stored", "stored"]
            remote.close()
        assert count_rows(tmp_path / "server.db", "memories") == 4
    finally:
        stack.mem.close()
