"""Edges read from text follow the memories that state them (issue 12): an edge two memories state
keeps both as its sources (forgetting one leaves it), archiving a memory ends the edges only it states
and restoring it opens them again, and the graph lane counts an edge only while one of its sources
passes the read's rule and filters. Both backends."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from backends import rows
from memlane import Memlane
from memlane.models import Actor, Filters


def _named(mem: Memlane, name: str):  # type: ignore[no-untyped-def]
    found = [e for e in mem.entities.list(limit=1000) if e.name == name]
    assert len(found) == 1, name
    return found[0]


def _edges(mem: Memlane, name: str) -> dict[tuple[str, str], tuple[bool, str | None]]:
    """(relation, target) -> (current, the memory its provenance names) of the edges from ``name``."""
    entity = _named(mem, name)
    names = {e.id: e.name for e in mem.entities.list(limit=1000)}
    return {
        (g.relation, names[g.dst]): (g.valid_to is None, (g.provenance or {}).get("memory"))
        for g in mem.entities.edges(entity.id)
        if g.src == entity.id
    }


def test_an_edge_two_memories_state_stays_while_one_of_them_does(mem: Memlane, db_path: Path | str) -> None:
    first = mem.store("Ana's manager is Piotr.")
    second = mem.store("Piotr manages Ana these days.")
    assert _edges(mem, "Ana") == {("reports_to", "Piotr"): (True, second.id)}
    mem.forget(second.id)  # the latest source goes: the first still states it
    assert _edges(mem, "Ana") == {("reports_to", "Piotr"): (True, first.id)}
    mem.forget(first.id)  # no source left: the edge goes
    assert rows(db_path, "SELECT count(*) FROM entity_edges")[0][0] == 0
    assert rows(db_path, "SELECT count(*) FROM entity_edge_sources")[0][0] == 0


def test_a_new_version_ends_an_edge_only_when_no_other_memory_states_it(mem: Memlane) -> None:
    mem.store("Omar lives in Ghent.")
    second = mem.store("Omar has been living in Ghent for years.")
    mem.store("Omar has a dog.", replaces=second.id)
    assert _edges(mem, "Omar") == {("lives_in", "Ghent"): (True, second.id)}  # the first still states it
    # the only source superseded: the edge ends
    alone = mem.store("Lena lives in Ghent.")
    mem.store("Lena likes tea.", replaces=alone.id)
    assert _edges(mem, "Lena") == {("lives_in", "Ghent"): (False, alone.id)}


def test_archiving_ends_the_edges_only_that_memory_states_and_restoring_opens_them(mem: Memlane) -> None:
    stated = mem.store("Ana works at Stripe.")
    mem.archive(stated.id)
    assert _edges(mem, "Ana") == {("works_at", "Stripe"): (False, stated.id)}
    mem.restore(stated.id)
    assert _edges(mem, "Ana") == {("works_at", "Stripe"): (True, stated.id)}
    # stated by another current memory too: archiving one leaves it current
    other = mem.store("Ana is a designer at Stripe.")
    mem.archive(stated.id)
    assert _edges(mem, "Ana") == {("works_at", "Stripe"): (True, other.id)}
    mem.archive(other.id)
    assert _edges(mem, "Ana")[("works_at", "Stripe")][0] is False
    mem.restore(other.id)
    assert _edges(mem, "Ana")[("works_at", "Stripe")][0] is True


def test_restoring_opens_no_edge_that_ended_otherwise(mem: Memlane) -> None:
    stated = mem.store("Ana works at Stripe.")
    mem.archive(stated.id)
    mem.store("Ana no longer works at Stripe.")  # the end is now the text's, not the archive's
    mem.restore(stated.id)
    assert _edges(mem, "Ana")[("works_at", "Stripe")][0] is False


def test_the_graph_lane_follows_an_edge_while_one_of_its_sources_passes_the_filters(mem: Memlane) -> None:
    mem.store("Ana Lopez's manager is Boris Ivanov.", source="crm")
    mem.store("Boris Ivanov manages Ana Lopez.", source="chat")  # the latest source: not a crm memory
    service, alice = mem.service, Actor(user="alice")
    ana, boris = _named(mem, "Ana Lopez").id, _named(mem, "Boris Ivanov").id
    now = datetime.now(UTC)

    def weight(filters: Filters) -> float:
        near = dict(service.storage.graph_neighbours(alice, filters, [ana], now, 10))
        return near.get(boris, 0.0)

    # the crm memory names both (one co-mention) and states the edge (one more)
    assert weight(Filters(sources=("crm",))) == 2.0
    assert weight(Filters(sources=("chat",))) == 2.0
    assert weight(Filters(sources=("import",))) == 0.0


def test_the_migration_finds_the_source_of_each_edge_read_from_text(
    mem: Memlane, db_path: Path | str
) -> None:
    from memlane.storage.sqlite.migrations import MIGRATIONS

    version = next(v for v, _, sql in MIGRATIONS if "CREATE TABLE IF NOT EXISTS entity_edge_sources" in sql)
    stated = mem.store("Ana works at Stripe.")
    edge = rows(db_path, "SELECT id FROM entity_edges")[0][0]
    # the store as it was before the step: no source rows, the provenance names the memory
    rows(db_path, "DROP TABLE entity_edge_sources")
    rows(db_path, f"DELETE FROM schema_migrations WHERE version = {version}")
    with Memlane(db_path, user="alice", embedder="none") as again:
        assert rows(db_path, "SELECT edge_id, memory_id FROM entity_edge_sources") == [(edge, stated.id)]
        other = again.store("Ana is a designer at Stripe.")
        again.forget(stated.id)
        assert _edges(again, "Ana") == {("works_at", "Stripe"): (True, other.id)}
