"""Recall's read-side cache of the graph lane's memory reads (``memlane.graph.memory_reads``), on both
backends: what another process changes among the memories and their links is seen at the next recall,
an expired memory is not read from it, and no reader is answered with another reader's memories."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.graph.memory_reads import PROBES_BEFORE_SET, memory_reads
from memlane.models import Actor, Filters
from memlane.storage.postgres.migrations import MEMORY_GENERATION_COLUMNS as PG_COLUMNS
from memlane.storage.sqlite.migrations import MEMORY_GENERATION_COLUMNS as SQLITE_COLUMNS

ALICE = Actor(user="alice")
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
ANY = Filters()


def _graph(m: Memlane, query: str, *, user: str = "alice", now: datetime = NOW) -> set[str]:
    hits = m.service.recall(query, actor=Actor(user=user), limit=10, now=now, count_access=False)
    return {h.content for h in hits if "graph" in h.matched_by}


def _other_process(db: Path | str, code: str) -> None:
    script = f"from memlane import Memlane\nm = Memlane({str(db)!r}, user='alice', embedder='none')\n"
    script += textwrap.dedent(code) + "\nm.close()\n"
    subprocess.run([sys.executable, "-c", script], check=True, timeout=180)


def test_every_column_but_the_access_counts_moves_the_memory_generation(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none"):
        pass
    if is_postgres(db_path):
        found = rows(
            db_path,
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'memories'"
            " AND table_schema = current_schema()",
        )
        listed = PG_COLUMNS
    else:
        found = [(r[1],) for r in rows(db_path, "PRAGMA table_info(memories)")]
        listed = SQLITE_COLUMNS
    columns = {str(name) for (name,) in found}
    # (the access counts, each reader's own, are in memory_access: migration 31 dropped the old columns)
    assert columns - {c.strip() for c in listed.split(",")} == set()
    assert not columns & {"access_count", "last_accessed_at"}


def test_writes_move_the_memory_generation_and_counting_accesses_does_not(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        storage = m.service.storage
        first = storage.memory_generation()
        stored = m.store("Zoltan Brandt leads the audit.")
        second = storage.memory_generation()
        assert second != first
        # what a recall writes: the access counts (SQLite writes them with the next transaction)
        (seq,) = [r[0] for r in rows(db_path, "SELECT seq FROM memories")]
        storage.touch("alice", [seq], NOW)
        with storage.write():
            pass
        assert rows(db_path, "SELECT reader, access_count FROM memory_access") == [("alice", 1)]
        assert storage.memory_generation() == second
        m.forget(stored.id)
        assert storage.memory_generation() != second


def test_a_memory_another_process_stores_or_forgets_is_seen_at_the_next_recall(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.")
        question = "what does Zoltan Brandt do?"
        assert _graph(m, question) == {"Zoltan Brandt leads the audit."}
        assert _graph(m, question) == {"Zoltan Brandt leads the audit."}  # (from the cache)
        # (no other entity in it: found through Zoltan's own links, not as a neighbour's memory)
        _other_process(db_path, 'm.store("Zoltan Brandt plays chess.")')
        assert _graph(m, question) == {"Zoltan Brandt leads the audit.", "Zoltan Brandt plays chess."}
        (chess,) = [h.id for h in m.recall("chess") if "chess" in h.content]
        _other_process(db_path, f"m.forget({chess!r})")
        assert _graph(m, question) == {"Zoltan Brandt leads the audit."}


def test_a_neighbours_memories_change_with_another_processs_writes(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(["Ana Ruiz's manager is Omar Haddad.", "Omar Haddad works at Initech."])
        question = "where does Ana Ruiz's manager work?"
        assert "Omar Haddad works at Initech." in _graph(m, question)
        _other_process(db_path, 'm.store("Omar Haddad moved to Globex in May.")')
        assert "Omar Haddad moved to Globex in May." in _graph(m, question)


def _links(
    m: Memlane, actor: Actor, entity_id: str, now: datetime, filters: Filters = ANY
) -> dict[str, list[int]]:
    """What the cache answers, checked against what the store answers now."""
    storage = m.service.storage
    cached = memory_reads(storage, now).links(storage, actor, filters, [entity_id], now, 10)
    fresh: dict[str, list[int]] = {}
    for seq, entity in storage.graph_links(actor, filters, [entity_id], now, 10):
        fresh.setdefault(entity, []).append(seq)
    assert cached == {e: sorted(seqs, reverse=True) for e, seqs in fresh.items()}
    return cached


def test_an_expired_memory_is_not_read_from_the_cache(db_path: Path | str) -> None:
    # the expiry is checked against the wall clock on store, so this test's clock is the real one
    # (a fixed date here failed every run after it: CI of 2 Dec 2026)
    now = datetime.now(UTC).replace(microsecond=0) + timedelta(minutes=5)
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.")
        m.store("Zoltan Brandt is on call this week.", expires_at=now + timedelta(hours=1))
        (zoltan,) = [e.id for e in m.entities.search("Zoltan Brandt")]
        assert len(_links(m, ALICE, zoltan, now)[zoltan]) == 2
        assert len(_links(m, ALICE, zoltan, now + timedelta(minutes=59))[zoltan]) == 2
        assert len(_links(m, ALICE, zoltan, now + timedelta(hours=2))[zoltan]) == 1
        # and back: a recall may ask as of an earlier time
        assert len(_links(m, ALICE, zoltan, now)[zoltan]) == 2
        question = "what does Zoltan Brandt do?"
        assert _graph(m, question, now=now + timedelta(hours=2)) == {"Zoltan Brandt leads the audit."}


def test_a_reader_is_never_answered_with_another_readers_memories(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.", visibility="shared")
        m.store("Zoltan Brandt owes me fifty euros.", visibility="personal")
        (shared,) = [e.id for e in m.entities.search("Zoltan Brandt") if e.visibility == "shared"]
        # alice's personal memory linked to her shared entity too (as a subject link can be)
        (personal,) = [r[0] for r in rows(db_path, "SELECT seq FROM memories WHERE visibility = 'personal'")]
        rows(
            db_path,
            "INSERT INTO memory_entity_links (entity_id, memory_seq, role)"
            f" VALUES ('{shared}', {personal}, 'subject')",
        )
        bob, elsewhere = Actor(user="bob"), Filters(space="elsewhere")
        for _ in range(2):  # alice's read fills the cache first, then bob's; and again
            assert len(_links(m, ALICE, shared, NOW)[shared]) == 2
            assert len(_links(m, bob, shared, NOW)[shared]) == 1
            assert _links(m, ALICE, shared, NOW, elsewhere) == {}
        question = "what about Zoltan Brandt?"
        mine = {"Zoltan Brandt leads the audit.", "Zoltan Brandt owes me fifty euros."}
        assert _graph(m, question) == mine
        assert _graph(m, question, user="bob") == {"Zoltan Brandt leads the audit."}


def test_a_broad_entitys_link_set_answers_as_the_probe_does(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        things = ["the budget", "a new laptop", "the offsite", "pricing", "the audit", "hiring", "Berlin"]
        stored = m.store_many([f"Initech asked Priya Raman about {t}." for t in things], auto_supersede=False)
        # superseded: still linked to Initech, no longer read by anyone
        m.store("Initech asked Priya Raman about the offsite in May.", replaces=stored[2].id)
        storage = m.service.storage
        (initech,) = [e.id for e in m.entities.search("Initech")]
        seqs = [seq for seq, _ in storage.graph_links(ALICE, Filters(), [initech], NOW, 100)]
        assert len(seqs) == len(things)
        probe = sorted(storage.graph_links_among([initech], seqs[::2]), key=lambda r: (r[1], r[0]))
        assert len(probe) == len(seqs[::2])
        reads = memory_reads(storage, NOW)
        for _ in range(PROBES_BEFORE_SET + 1):  # probed, then from the entity's whole set
            assert reads.links_among(storage, [initech], seqs[::2]) == probe
        # the whole set holds the superseded memory too: only the recall's candidates are asked about
        assert reads._sets.get(initech) is not None and len(reads._sets[initech]) == len(things) + 1
        assert reads.links_among(storage, [initech], []) == []


@pytest.mark.parametrize("change", ["supersede", "merge"])
def test_a_supersession_or_a_merge_moves_the_generation(db_path: Path | str, change: str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        storage = m.service.storage
        old = m.store("Zed Brandt lives in Oslo.")
        m.store("Zoltan Brandt leads the audit.")
        before = storage.memory_generation()
        if change == "supersede":
            m.store("Zed Brandt lives in Bergen.", replaces=old.id)
        else:
            (zed,) = m.entities.search("Zed Brandt")
            (zoltan,) = m.entities.search("Zoltan Brandt")
            m.entities.merge(zoltan.id, zed.id)
        assert storage.memory_generation() != before
