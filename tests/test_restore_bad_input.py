"""Restoring memlane's export checks every field as a store would (both backends): a line with a time
outside what memlane stores once in UTC, a NUL or a lone surrogate in any text, or an over-long id is
listed in ``skipped_invalid`` and the rest of the file is restored.

Before the fix ``9999-12-31T23:59:59-05:00`` in a memory's or an entity's time raised OverflowError
out of the restore (a 500 over REST, nothing restored), PostgreSQL refused a NUL in an id, ``data``,
``space``, an entity's name or aliases with a storage error (nothing restored), while SQLite stored them,
and PostgreSQL stored a time past 9999 in UTC that it then read back as a stand-in time.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from memlane import Memlane
from servers import Stack, bearer, running

LATE, EARLY = "9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00+05:00"


def _lines(m: Memlane) -> tuple[str, dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """The export's header, memory, entities and edge (Alice works_at Nightjar Corp)."""
    m.store("Alice works at Nightjar Corp with Olga Brightwater")
    lines = list(m.export())
    memory = json.loads(lines[1])["memory"]
    entities = [json.loads(x)["entity"] for x in lines if x.startswith('{"entity"')]
    (edge,) = [json.loads(x)["edge"] for x in lines if x.startswith('{"edge"')]
    return lines[0], memory, entities, edge


def _field(reason: str) -> str:
    """The field a reason names first ("data.note: …", "provenance (a key): …" -> data, provenance)."""
    return reason.split(":")[0].split(".")[0].split(" ")[0]


def _fresh(row: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return row | {"id": str(uuid.uuid4())} | changes


BAD_MEMORIES = {
    "created_at past 9999 in UTC": {"created_at": LATE},
    "observed_at before year 1 in UTC": {"observed_at": EARLY},
    "superseded_at past 9999 in UTC": {"superseded_at": LATE, "superseded_by": None},
    "a NUL in the id": {"id": "01a2\x00"},
    "an id of 10,000 characters": {"id": "x" * 10_000},
    "a NUL in data": {"data": {"note": "a\x00b"}},
    "a NUL in a provenance key": {"provenance": {"k\x00": 1}},
    "a NUL in space": {"space": "s\x00"},
    "a NUL in the author": {"author": "bob\x00"},
}


@pytest.mark.parametrize("case", sorted(BAD_MEMORIES))
def test_a_bad_memory_line_is_listed_and_the_rest_restored(db_path: Path | str, case: str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        header, memory, _, _ = _lines(m)
        bad = _fresh(memory, content="The bad line's statement") | BAD_MEMORIES[case]
        good = _fresh(memory, content="Alice's bike is red")
        body = "\n".join([header, json.dumps({"memory": bad}), json.dumps({"memory": good})])
        result = m.import_file(body.encode(), "memlane")
        assert (result.imported, result.skipped_duplicates) == (1, 0)
        ((line, reason),) = [(x["line"], x["reason"]) for x in result.skipped_invalid]
        assert line == 2 and _field(reason) in BAD_MEMORIES[case]
        contents = sorted(x.content for x in m.list_recent(limit=10))
        assert contents == ["Alice works at Nightjar Corp with Olga Brightwater", "Alice's bike is red"]
        assert all(x.created_at.year > 2000 for x in m.list_recent(limit=10))  # read back as written


BAD_GRAPH = {
    "an entity created past 9999 in UTC": ("entity", {"created_at": LATE}),
    "an entity updated before year 1 in UTC": ("entity", {"updated_at": EARLY}),
    "a NUL in an entity's name": ("entity", {"name": "Olga\x00"}),
    "a NUL in an alias": ("entity", {"aliases": [["O\x00", "o\x00"]]}),
    "a NUL in an external id": ("entity", {"external_ids": ["email:o\x00@x.example"]}),
    "a NUL in an attribute": ("entity", {"attributes": {"note": "\x00"}}),
    "an edge ending past 9999 in UTC": ("edge", {"valid_to": LATE}),
    "a NUL in a relation": ("edge", {"relation": "knows\x00"}),
    "a NaN attribute": ("entity", {"attributes": {"score": float("nan")}}),
    "an infinite number in an edge's provenance": ("edge", {"provenance": {"weight": float("-inf")}}),
}


@pytest.mark.parametrize("case", sorted(BAD_GRAPH))
def test_a_bad_graph_line_is_listed_and_the_rest_restored(db_path: Path | str, case: str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        header, _, entities, edge = _lines(m)
        kind, changes = BAD_GRAPH[case]
        entity = entities[0]
        good = _fresh(entity, name="Piotr Lindqvist", keys=["n:piotr lindqvist"], aliases=[], external_ids=[])
        row = (
            _fresh(entity, name="Dana Reyes", keys=[], aliases=[], external_ids=[])
            if kind == "entity"
            else edge
        )
        bad = (
            row | {"id": str(uuid.uuid4()), "relation": "advises"} | changes
            if kind == "edge"
            else row | changes
        )
        held = [json.dumps({"entity": e}) for e in entities]  # (in the store: the edge's ends are found)
        body = "\n".join([header, *held, json.dumps({kind: bad}), json.dumps({"entity": good})])
        result = m.import_file(body.encode(), "memlane")
        ((line, reason),) = [(x["line"], x["reason"]) for x in result.skipped_invalid]
        assert line == 2 + len(held) and next(iter(changes)) in reason
        assert result.graph is not None and result.graph.entities == 1
        assert all(e.relation != "advises" for e in m.entities.edges(edge["src"]))
        names = {e.name for e in m.entities.list(limit=100)}
        assert "Piotr Lindqvist" in names and "Dana Reyes" not in names and "Olga\x00" not in names


def test_rest_lists_a_bad_time_instead_of_failing(stack: Stack) -> None:
    with running(stack.app()) as url:
        header, memory, _, _ = _lines(stack.mem)
        body = "\n".join([header, json.dumps({"memory": _fresh(memory, content="Late", created_at=LATE)})])
        files = {"file": ("export.jsonl", body.encode(), "application/x-ndjson")}
        r = httpx.post(f"{url}/v1/memory/import", headers=bearer(stack.admin_key), files=files,
                       data={"format": "memlane"}, timeout=60)  # fmt: skip
        assert r.status_code == 200, r.text
        assert [_field(x["reason"]) for x in r.json()["skipped_invalid"]] == ["created_at"]
