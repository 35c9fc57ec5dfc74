"""Every object a caller stores reads back as given, on both backends: a memory's ``data`` and
``provenance``, an entity's ``attributes``, an edge's ``provenance`` and a tool message's ``result`` keep
their key order, ``-0.0``, ``1.0`` apart from ``1``, unicode keys and integers past 2**63. PostgreSQL's
``jsonb`` sorted the keys (shortest first) and gave ``-0.0`` back as ``0.0``; those columns are ``json``
(the text as written) since migration 37."""

from __future__ import annotations

import json
from typing import Any

import httpx

from memlane import Memlane
from servers import Stack, bearer, running

VALUE: dict[str, Any] = {
    "zeta": 1, "alpha": {"b": 2, "a": -0.0, "ü": "x", "": "empty key"}, "ключ": [1.0, 1, 0.1 + 0.2, -0.0],
    "big": 2**70, "neg": -(2**64), "z": -0.0, "a longer key": True, "k": None, "日本": {"y": [], "x": {}},
    "float": 1e16, "e": 5e-324,
}  # fmt: skip


def text(value: Any) -> str:
    """What a caller comparing ``json.dumps`` output sees: key order, ``-0.0`` and ``1.0`` included."""
    return json.dumps(value, ensure_ascii=False)


def test_memory_data_and_provenance_read_back_as_given(mem: Memlane) -> None:
    one = mem.store("The quarterly model's parameters", data=VALUE, provenance=VALUE)
    (many,) = mem.store_many(
        [{"content": "The yearly model's parameters", "data": VALUE, "provenance": VALUE}]
    )
    for memory_id in (one.id, many.id):
        got = mem.get(memory_id)
        assert text(got.data) == text(VALUE) and text(got.provenance) == text(VALUE)
    hits = mem.recall("quarterly model parameters")
    assert hits and hits[0].id == one.id and text(hits[0].data) == text(VALUE)
    assert all(text(m.data) == text(VALUE) for m in mem.list_recent())
    newer = mem.store("The quarterly model's parameters, revised", data=VALUE, replaces=one.id)
    assert sorted(text(m.provenance) for m in mem.history(newer.id)) == sorted([text(None), text(VALUE)])


def test_entity_attributes_and_edge_provenance_read_back_as_given(mem: Memlane) -> None:
    ana = mem.anchor(
        {"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "attributes": VALUE}
    )
    ben = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Ben Okafor"})
    assert text(mem.entities.get(ana.id).attributes) == text(VALUE)
    edge = mem.entities.relate(ana.id, "knows", ben.id, provenance=VALUE)
    (read,) = mem.entities.edges(ana.id)
    assert text(read.provenance) == text(edge.provenance) == text({**VALUE, "by": "alice"})


def test_a_tool_result_reads_back_as_given(mem: Memlane) -> None:
    mem.conversations.append("c1", [{"role": "tool", "tool": "calc", "text": "done", "result": VALUE}])
    (message,) = mem.conversations.show("c1")
    assert text(message.result) == text(VALUE)


def test_read_back_over_rest(stack: Stack) -> None:
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        stored = client.post(
            "/v1/memories",
            json={"content": "The monthly model's parameters", "data": VALUE, "provenance": VALUE},
        )
        assert stored.status_code == 200, stored.text
        got = client.get(f"/v1/memories/{stored.json()['id']}").json()
        assert text(got["data"]) == text(VALUE) and text(got["provenance"]) == text(VALUE)
        record = {"kind": "contact", "system": "crm", "id": "9", "name": "Ben Okafor", "attributes": VALUE}
        entity = client.post("/v1/anchor", json=record).json()
        assert text(client.get(f"/v1/entities/{entity['id']}").json()["attributes"]) == text(VALUE)
        appended = client.post(
            "/v1/conversations/c2/messages",
            json={"messages": [{"role": "tool", "tool": "calc", "text": "done", "result": VALUE}]},
        )
        assert appended.status_code == 200, appended.text
        (message,) = client.get("/v1/conversations/c2").json()["messages"]
        assert text(message["result"]) == text(VALUE)
