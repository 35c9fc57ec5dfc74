"""SQLite plans of the reads every recall makes: with no statistics (memlane runs no ANALYZE) SQLite
picks the join order itself, and a bad pick reads the whole store on every recall. The test takes the
statements a recall really runs (apsw's trace on every connection the store opens) and asks SQLite how
it runs them on a real file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import apsw
import pytest

from memlane import Memlane


@pytest.fixture
def traced() -> Iterator[list[tuple[str, Any]]]:
    """Every statement (and its bindings) run on a connection opened while the fixture is active."""
    seen: list[tuple[str, Any]] = []

    def trace(_cursor: apsw.Cursor, sql: str, bindings: Any) -> bool:
        seen.append((sql, bindings))
        return True

    def hook(conn: apsw.Connection) -> None:
        conn.exec_trace = trace

    apsw.connection_hooks.append(hook)
    try:
        yield seen
    finally:
        apsw.connection_hooks.remove(hook)


def test_a_recall_reads_its_hits_subjects_from_the_hits_not_from_every_entity(
    tmp_path: Path, traced: list[tuple[str, Any]]
) -> None:
    path = tmp_path / "plans.db"
    m = Memlane(path, user="alice", embedder="none")
    try:
        places = [
            "Lisbon",
            "Porto",
            "Madrid",
            "Sevilla",
            "Bilbao",
            "Malaga",
            "Girona",
            "Murcia",
            "Toledo",
            "Cadiz",
        ]
        m.store_many(
            [{"content": f"Ana Lopez signed the tender in {p}", "subject": f"{p} office"} for p in places],
            auto_supersede=False,
        )
        traced.clear()
        assert len(m.recall("where did Ana Lopez sign the tender?", limit=10)) == 10
    finally:
        m.close()
    (subjects,) = {
        (sql, tuple(b) if b else ()) for sql, b in traced if "l.role IN ('subject', 'related_user')" in sql
    }
    conn = apsw.Connection(str(path))
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + subjects[0], subjects[1])]
    conn.close()
    steps = [p for p in plan if p.startswith(("SEARCH", "SCAN"))]
    # the hits' rows first (by id), then their links, then each link's entity by its key; main read every
    # entity of the workspace and all its links ("SEARCH e USING INDEX entities_scope (workspace=?)")
    assert steps[0].startswith("SEARCH m USING") and "(id=?)" in steps[0], plan
    assert steps[1].startswith("SEARCH l USING") and "(memory_seq=?)" in steps[1], plan
    assert steps[2].startswith("SEARCH e USING") and "(id=?)" in steps[2], plan


def test_an_entitys_memories_are_read_from_its_links_not_from_every_memory(
    tmp_path: Path, traced: list[tuple[str, Any]]
) -> None:
    path = tmp_path / "plans.db"
    m = Memlane(path, user="alice", embedder="none")
    try:
        m.store("Ana Lopez works at Initech", subject="Ana Lopez")
        m.store("the tender was signed in Lisbon")
        (ana,) = [e for e in m.entities.list() if e.name == "Ana Lopez"]
        traced.clear()
        assert [x.content for x in m.entities.memories(ana.id, hops=1)] == ["Ana Lopez works at Initech"]
    finally:
        m.close()
    (read,) = {(sql, tuple(b) if b else ()) for sql, b in traced if sql.startswith("WITH targets(id)")}
    conn = apsw.Connection(str(path))
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + read[0], read[1])]
    conn.close()
    # the links of the entity (and of its neighbours) by their key, then each linked memory by its seq;
    # main walked every memory of the workspace ("SEARCH m USING INDEX memories_subject (workspace=?)")
    # and probed each one's links
    # (an edge's source memories, checked against the read's rule, are looked up by their id)
    memories = [p for p in plan if p.startswith(("SEARCH m ", "SCAN m"))]
    assert memories and all("(rowid=?)" in p or p.endswith("(id=?)") for p in memories), plan
    assert any(p.startswith("SEARCH l USING PRIMARY KEY (entity_id=?)") for p in plan), plan
