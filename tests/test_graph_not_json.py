"""An entity's attributes and an edge's provenance are refused as a memory's ``data`` is when they are
not JSON: NaN and the infinities (SQLite kept NaN and read it back; PostgreSQL's json column failed
with a 503 ``storage_error``), bytes, a set, a key that is not text. Refused before anything is
written, alike on both backends and every surface (embedded SDK, remote SDK, REST)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from backends import count_rows
from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running

NAN, INF = float("nan"), float("inf")

#: (an anchored record, the field the error names)
RECORDS: list[tuple[dict[str, Any], str]] = [
    ({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "attributes": {"score": NAN}},
     "record.attributes.score: NaN and Infinity are not JSON numbers"),
    ({"kind": "ticket", "system": "desk", "id": "9", "title": "Door stuck", "attributes": {"sla": [1, -INF]}},
     "record.attributes.sla[1]: NaN and Infinity are not JSON numbers"),
    ({"kind": "issue", "system": "gh", "repository": "a/b", "number": 3, "title": "Crash",
      "attributes": {"weight": INF}}, "record.attributes.weight: NaN and Infinity"),
    ({"kind": "contact", "system": "crm", "id": "2", "name": "Bo Chen", "attributes": {"raw": b"\x01"}},
     "record.attributes.raw: a bytes is not a JSON value"),
    ({"kind": "contact", "system": "crm", "id": "3", "name": "Cy Diaz", "attributes": {"tags": {"a"}}},
     "record.attributes.tags: a set is not a JSON value"),
]  # fmt: skip

#: (an edge's provenance, the field the error names)
PROVENANCES: list[tuple[dict[str, Any], str]] = [
    ({"confidence": NAN}, "provenance.confidence: NaN and Infinity are not JSON numbers"),
    ({"seen": [1.0, INF]}, "provenance.seen[1]: NaN and Infinity are not JSON numbers"),
    ({"raw": b"\x01"}, "provenance.raw: a bytes is not a JSON value"),
    ({"at": {1: "x"}}, "provenance.at: a key must be text, not int"),
]


def _counts(db: Path | str) -> tuple[int, int]:
    return count_rows(db, "entities"), count_rows(db, "entity_edges")


def _pair(m: Any) -> tuple[str, str]:
    ana = m.anchor({"kind": "contact", "system": "crm", "id": "a", "name": "Ana Lopez"})
    boris = m.anchor({"kind": "contact", "system": "crm", "id": "b", "name": "Boris Ivanov"})
    return ana.id, boris.id


@pytest.mark.parametrize(("record", "named"), RECORDS)
def test_an_anchored_records_attributes_that_are_not_json_are_refused(
    mem: Memlane, db_path: Path | str, record: dict[str, Any], named: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        mem.anchor(record)
    assert named in str(refused.value)
    assert _counts(db_path) == (0, 0) and mem.entities.list() == []


def test_an_existing_entitys_attributes_are_kept_when_an_update_is_refused(
    mem: Memlane, db_path: Path | str
) -> None:
    record = {"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "attributes": {"score": 4}}
    entity = mem.anchor(record)
    before = _counts(db_path)
    with pytest.raises(InvalidInput, match="record.attributes.score: NaN"):
        mem.anchor({**record, "attributes": {"score": NAN}})
    assert _counts(db_path) == before
    assert mem.entities.get(entity.id).attributes == {"score": 4}


@pytest.mark.parametrize(("provenance", "named"), PROVENANCES)
def test_an_edges_provenance_that_is_not_json_is_refused(
    mem: Memlane, db_path: Path | str, provenance: dict[str, Any], named: str
) -> None:
    ana, boris = _pair(mem)
    before = _counts(db_path)
    with pytest.raises(InvalidInput) as refused:
        mem.entities.relate(ana, "reports_to", boris, provenance=provenance)
    assert named in str(refused.value)
    assert _counts(db_path) == before and mem.entities.edges(ana) == []


def test_the_remote_sdk_refuses_them_as_the_embedded_one_does(stack: Stack, db_path: Path | str) -> None:
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        ana, boris = _pair(remote)
        before = _counts(db_path)
        for record, named in RECORDS:
            with pytest.raises(InvalidInput) as refused:
                remote.anchor(record)
            assert named in str(refused.value)
        for provenance, named in PROVENANCES:
            with pytest.raises(InvalidInput) as refused:
                remote.entities.relate(ana, "reports_to", boris, provenance=provenance)
            assert named in str(refused.value)
        remote.close()
    assert _counts(db_path) == before


def test_rest_refuses_nan_and_infinity_with_422(stack: Stack, db_path: Path | str) -> None:
    """Python's JSON reader takes ``NaN`` and ``Infinity`` in a request body: the check refuses them."""
    json_body = {"Content-Type": "application/json"}
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        ana, boris = (
            client.post("/v1/anchor", json={"kind": "contact", "system": "crm", "id": k, "name": n}).json()[
                "id"
            ]
            for k, n in (("a", "Ana Lopez"), ("b", "Boris Ivanov"))
        )
        before = _counts(db_path)
        for body, named in (
            ('{"kind": "contact", "system": "crm", "id": "1", "name": "Cy", "attributes": {"score": NaN}}',
             "record.attributes.score: NaN"),
            ('{"kind": "ticket", "system": "d", "id": "9", "title": "T", "attributes": {"sla": -Infinity}}',
             "record.attributes.sla: NaN"),
        ):  # fmt: skip
            answer = client.post("/v1/anchor", content=body, headers=json_body)
            assert answer.status_code == 422, (body, answer.text)
            assert answer.json()["error"]["code"] == "invalid_input" and named in answer.text
        for provenance in ('{"confidence": NaN}', '{"seen": [Infinity]}'):
            body = f'{{"relation": "reports_to", "dst": {json.dumps(boris)}, "provenance": {provenance}}}'
            answer = client.post(f"/v1/entities/{ana}/edges", content=body, headers=json_body)
            assert answer.status_code == 422, (body, answer.text)
            assert answer.json()["error"]["code"] == "invalid_input" and "provenance." in answer.text
        assert client.get("/health").json()["status"] == "ok"
    assert _counts(db_path) == before
