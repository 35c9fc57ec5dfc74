"""Edges read from text follow the memories that state them (issue 12): an edge two memories state
keeps both as its sources (forgetting one leaves it), archiving a memory ends the edges only it states
and restoring it opens them again, and the graph lane counts an edge only while one of its sources
passes the read's rule and filters. Both backends."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from backends import expire, rows
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


def _window(mem: Memlane, name: str, relation: str) -> tuple[datetime | None, datetime | None]:
    entity = _named(mem, name)
    (edge,) = [g for g in mem.entities.edges(entity.id) if g.src == entity.id and g.relation == relation]
    return edge.valid_from, edge.valid_to


def test_a_date_the_text_states_sets_the_window(mem: Memlane) -> None:
    said = datetime(2026, 6, 15, 12, 0, tzinfo=UTC)

    def on(year: int, month: int = 1, day: int = 1) -> datetime:
        return datetime(year, month, day, tzinfo=UTC)

    mem.store("Priya left Hooli in 2022.", observed_at=said)
    mem.store("Helga has lived in Oslo since March 2015.", observed_at=said)
    mem.store("Tomasz worked at Orbital Dynamics from 2015 to 2019.", observed_at=said)
    mem.store("Kofi joined Stripe in March 2021.", observed_at=said)
    mem.store("Jonas left Initech two years ago.", observed_at=said)
    mem.store("In 2020, Aiko moved to Lisbon.", observed_at=said)
    mem.store("Lena no longer works at Globex.", observed_at=said)
    assert _window(mem, "Priya", "works_at") == (None, on(2022))
    assert _window(mem, "Helga", "lives_in") == (on(2015, 3), None)
    assert _window(mem, "Tomasz", "works_at") == (on(2015), on(2019))
    assert _window(mem, "Kofi", "works_at") == (on(2021, 3), None)
    assert _window(mem, "Jonas", "works_at") == (None, on(2024))  # the year two years before the memory
    assert _window(mem, "Aiko", "lives_in") == (on(2020), None)
    assert _window(mem, "Lena", "works_at") == (None, said)  # no date stated: the memory's


def _companies(mem: Memlane) -> dict[str, tuple[str, ...]]:
    return {e.name: tuple(e.aliases) for e in mem.entities.list(limit=1000) if e.type == "company"}


def test_a_company_known_by_its_short_name_is_the_one_spelt_out_by_the_same_person(mem: Memlane) -> None:
    mem.store("Kasia Nowak from Tarkon asked for a refund.")
    renewal = mem.store("Katarzyna Nowak from Tarkon Logistics signed the renewal.")
    assert _companies(mem) == {"Tarkon": ("Tarkon Logistics",)}  # (the other order merged already)
    # one employer, still current (not ended by "another" one), stated by both memories
    assert _edges(mem, "Kasia Nowak") == {("works_at", "Tarkon"): (True, renewal.id)}
    mem.store("Ana works at Northwind.")
    mem.store("Ana is a designer at Northwind Traders.")
    assert _companies(mem)["Northwind"] == ("Northwind Traders",)
    # nobody at both: a longer name stays another company than a short one known so far
    mem.store("Northwind Health signed a contract.")
    assert "Northwind Health" in {e.name for e in mem.entities.list(limit=1000)}


def test_an_edge_only_expired_memories_state_is_read_by_no_one(mem: Memlane, db_path: Path | str) -> None:
    # expired since it was stored, not yet deleted by the expiry job (a store refuses a past expiry)
    expire(db_path, mem.store("Ana works at Stripe.", expires_at=datetime(9999, 1, 1, tzinfo=UTC)).id)
    assert {e.name for e in mem.entities.list(limit=1000)} == set()  # known only from it: no one reads them
    # Ana readable again through a live memory that states no edge: the expired one's edge is still unread
    live = mem.store("Ana loves hiking.")
    assert rows(db_path, "SELECT COUNT(*) FROM entities WHERE name = 'Ana'") == [(1,)]  # the same Ana
    assert [m.id for m in mem.entities.memories(_named(mem, "Ana").id)] == [live.id]
    assert _edges(mem, "Ana") == {}
    current = mem.store("Ana is a designer at Stripe.")
    assert _edges(mem, "Ana") == {("works_at", "Stripe"): (True, current.id)}


def test_an_entitys_neighbours_are_reached_only_through_edges_a_readable_memory_states(
    mem: Memlane, db_path: Path | str
) -> None:
    manager = mem.store("Ana Lopez's manager is Boris Ivanov.", expires_at=datetime(9999, 1, 1, tzinfo=UTC))
    expire(db_path, manager.id)
    assert "Ana Lopez" not in {e.name for e in mem.entities.list(limit=1000)}  # known only from it
    # Ana readable through a live memory that states no edge to Boris: the only bridge has expired
    live = mem.store("Ana Lopez loves hiking.")
    boris = mem.store("Boris Ivanov works at Initech.")
    assert rows(db_path, "SELECT COUNT(*) FROM entities WHERE name = 'Ana Lopez'") == [(1,)]  # the same Ana
    ana = _named(mem, "Ana Lopez")
    assert [m.id for m in mem.entities.memories(ana.id, hops=1)] == [live.id]
    mem.store("Boris Ivanov manages Ana Lopez.")
    assert boris.id in {m.id for m in mem.entities.memories(ana.id, hops=1)}
