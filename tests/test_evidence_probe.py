"""What linking reads of a candidate (``EntityWrites.entity_evidence``: its first texts, then the
organisations of its open affiliation edges the writer may read) is the same whether or not the
candidate has such edges, on both backends; and on SQLite the statement with the edges' read rule runs
only for the entities that have an open affiliation edge at all (a probe of the edges' key first: a
store batch reads the evidence of entities nobody said works anywhere hundreds of times, and the full
statement cost ~0.1 ms each even when it found nothing)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memlane import Memlane
from memlane.graph.said import KEPT
from memlane.ids import new_id
from memlane.models import Actor, Edge
from memlane.timeutil import now_utc

ANN = Actor(user="ann")


def _entity(mem: Memlane, user: str, name: str) -> str:
    (found,) = [e.id for e in mem.entities.list(limit=100, user=user) if e.name == name]
    return found


def _world(mem: Memlane) -> dict[str, str]:
    """ann's people: one whose work a memory states, one nobody said works anywhere, one whose only
    edge is closed, one whose only edge is stated by a memory ann may not read (cat's)."""
    mem.store("Maria Schmidt works for Siemens", user="ann")
    mem.store("Tom Berg may visit the factory in May", user="ann")
    mem.store("Ida Holm may call about the invoice", user="ann")
    mem.store("Zhang Wei may visit the factory in June", user="ann")
    mem.store("Lumen Optics renewed the contract", user="ann")
    told = mem.store("Zhang Wei from Lumen Optics asked for a software training", user="cat").id
    names = {n: _entity(mem, "ann", n) for n in ("Maria Schmidt", "Tom Berg", "Ida Holm", "Zhang Wei")}
    lumen = _entity(mem, "ann", "Lumen Optics")
    at = now_utc()
    with mem.service.storage.write() as txn:
        txn.upsert_edge(
            Edge(id=new_id(), src=names["Ida Holm"], relation="works_at", dst=lumen, provenance={"via": "record"},
                 valid_to=at - timedelta(days=1), created_at=at)
        )  # fmt: skip
        txn.upsert_edge(
            Edge(id=new_id(), src=names["Zhang Wei"], relation="works_at", dst=lumen,
                 provenance={"via": "text", "memory": told}, created_at=at)
        )  # fmt: skip
    return names


def test_the_evidence_is_the_same_with_and_without_edges(mem: Memlane) -> None:
    names = _world(mem)
    ids = list(names.values())
    with mem.service.storage.write() as txn:
        together = txn.entity_evidence(ANN, ids, KEPT, now_utc())
        alone = [row for i in ids for row in txn.entity_evidence(ANN, [i], KEPT, now_utc())]
        organisations = txn.entity_affiliations(ANN, ids, now_utc())
    assert sorted(together) == sorted(alone)
    by_kind = {(name, kind): [v for e, k, v in together if e == i and k == kind]
               for name, i in names.items() for kind in ("text", "organisation")}  # fmt: skip
    assert by_kind[("Maria Schmidt", "text")] == ["Maria Schmidt works for Siemens"]
    assert by_kind[("Maria Schmidt", "organisation")] == ["Siemens"]
    for name in ("Tom Berg", "Ida Holm", "Zhang Wei"):  # (no edge, a closed one, one ann may not read)
        assert by_kind[(name, "organisation")] == []
        assert len(by_kind[(name, "text")]) == 1
    assert organisations == {names["Maria Schmidt"]: ("Siemens",)}


@pytest.mark.sqlite_only
def test_the_edges_read_rule_runs_only_for_entities_with_edges(mem: Memlane) -> None:
    from memlane.storage.sqlite.entities import EntityWriteOps

    names = _world(mem)
    statements: list[str] = []
    run = EntityWriteOps._run

    def counted(self: EntityWriteOps, sql: str, params: object = ()) -> list[object]:
        statements.append(sql)
        return run(self, sql, params)  # type: ignore[arg-type]

    EntityWriteOps._run = counted  # type: ignore[method-assign]
    try:
        with mem.service.storage.write() as txn:
            tom = txn.entity_evidence(ANN, [names["Tom Berg"]], KEPT, now_utc())
            assert [kind for _, kind, _ in tom] == ["text"]
            assert txn.entity_affiliations(ANN, [names["Tom Berg"]], now_utc()) == {}
            ruled = [s for s in statements if "entity_edge_sources" in s]
            assert ruled == []  # (nobody said Tom Berg works anywhere: no statement with the read rule)
            assert txn.entity_evidence(ANN, [names["Maria Schmidt"]], KEPT, now_utc())[-1][1:] == (
                "organisation",
                "Siemens",
            )
            assert len([s for s in statements if "entity_edge_sources" in s]) == 1
    finally:
        EntityWriteOps._run = run  # type: ignore[method-assign]
