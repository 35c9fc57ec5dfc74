"""PostgreSQL migration 37: the JSON objects a caller writes are ``json`` columns (the text as written)
instead of ``jsonb``. A store at schema 36 with rows migrates in place: what it held reads back (in the
key order ``jsonb`` had left it: what was given is not known), the queries that read into those columns
still answer (conversation neighbours, edges read from text handed to another memory, entities kept for
their attributes), the edge index by memory is made again and used, and what is written after it reads
back as given."""

from __future__ import annotations

import json
from typing import Any

import psycopg

from memlane import Memlane
from memlane.storage.postgres.migrations import JSON_TEXT_COLUMNS, LATEST

GIVEN: dict[str, Any] = {"zeta": 1, "alpha": {"b": 2, "a": -0.0}, "ключ": [1.0, 1], "big": 2**70}
#: jsonb's order: keys by length, then bytes; -0.0 became 0.0
AS_JSONB: dict[str, Any] = {"big": 2**70, "zeta": 1, "alpha": {"a": 0.0, "b": 2}, "ключ": [1.0, 1]}


def q(url: str, sql: str, params: Any = None) -> list[Any]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(sql, params)
        return cur.fetchall() if cur.description else []


def _types(url: str) -> dict[tuple[str, str], str]:
    found = q(
        url,
        "SELECT table_name, column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND data_type IN ('json', 'jsonb')",
    )
    return {(t, c): d for t, c, d in found}


def text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_a_store_at_schema_36_migrates_in_place(pg_url: str) -> None:
    with Memlane(pg_url, user="alice", embedder="none") as m:
        said = m.store("Ana's manager is Piotr.", data=GIVEN, provenance={**GIVEN, "conversation_id": "c1"})
        again = m.store("Piotr manages Ana these days.", provenance={"conversation_id": "c1"})
        ben = m.anchor(
            {"kind": "contact", "system": "crm", "id": "1", "name": "Ben Okafor", "attributes": GIVEN}
        )
        cara = m.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Cara Diaz"})
        m.entities.relate(ben.id, "knows", cara.id, provenance=GIVEN)
        m.conversations.append("c9", [{"role": "tool", "tool": "calc", "text": "done", "result": GIVEN}])
    types = _types(pg_url)
    assert {k for k, v in types.items() if v == "json"} == JSON_TEXT_COLUMNS  # (fails before migration 37)
    # schema 36: the columns as jsonb again (their values in jsonb's order), step 37 forgotten
    for table, column in sorted(JSON_TEXT_COLUMNS):
        q(pg_url, f"ALTER TABLE {table} ALTER COLUMN {column} TYPE jsonb USING {column}::jsonb")
    q(pg_url, "DELETE FROM schema_migrations WHERE version = 37")
    assert set(_types(pg_url).values()) == {"jsonb"}

    with Memlane(pg_url, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() == LATEST
        assert {k for k, v in _types(pg_url).items() if v == "json"} == JSON_TEXT_COLUMNS
        # what the store held reads back, in the order jsonb kept
        assert text(m.get(said.id).data) == text(AS_JSONB)
        assert text(m.entities.get(ben.id).attributes) == text(AS_JSONB)
        (edge,) = [g for g in m.entities.edges(ben.id) if g.relation == "knows"]
        assert edge.provenance == {**GIVEN, "by": "alice"}
        (message,) = m.conversations.show("c9")
        assert text(message.result) == text(AS_JSONB)
        # the queries reading into them: conversation neighbours, an edge read from text handed over to
        # the other memory stating it when the latest goes, an entity kept for its attributes
        storage = m.service.storage
        seqs = dict(q(pg_url, "SELECT id, seq FROM memories"))
        assert storage.neighbours([seqs[said.id]], 1) == {seqs[said.id]: [seqs[again.id]]}
        names = {e.id: e.name for e in m.entities.list(limit=100)}
        (ana,) = [i for i, n in names.items() if n == "Ana"]
        (stated,) = [g.provenance for g in m.entities.edges(ana) if g.relation == "reports_to"]
        assert stated is not None and stated["memory"] == again.id
        m.forget(again.id)
        (handed,) = [g.provenance for g in m.entities.edges(ana) if g.relation == "reports_to"]
        assert handed == {**stated, "memory": said.id} and list(handed) == list(stated)  # (its key order)
        m.forget(said.id)
        assert ana not in {e.id for e in m.entities.list(limit=100)}  # no source left: the edge and Ana go
        assert m.entities.get(ben.id).name == "Ben Okafor"  # attributes (and an edge) keep it
        # written after the upgrade: as given
        later = m.store("The yearly model's parameters", data=GIVEN)
        assert text(m.get(later.id).data) == text(GIVEN)

    # the index of edges by the memory stating them is made again, on json's ->>, and used
    (definition,) = q(pg_url, "SELECT indexdef FROM pg_indexes WHERE indexname = 'entity_edges_by_memory'")[0]
    assert "provenance ->> 'memory'" in definition
    with psycopg.connect(pg_url, autocommit=True) as conn, conn.transaction():
        conn.execute("SET LOCAL enable_seqscan = off")
        plan = " ".join(
            r[0]
            for r in conn.execute("EXPLAIN SELECT id FROM entity_edges WHERE provenance->>'memory' = 'm1'")
        )
    assert "entity_edges_by_memory" in plan
