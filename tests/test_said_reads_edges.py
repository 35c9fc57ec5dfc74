"""What linking reads of a candidate while a batch is stored (``graph.said_reads``): once an entity's first
``said.KEPT`` texts are read, a memory of the batch linked to it makes only its organisation edges be read
again, not its texts (the memories linked in the transaction come after those, and none was superseded or
deleted: ``EntityWrites.memories_retired``). Once one is superseded in the transaction, the texts are read
again with the edges, as before. The graph is the same either way (both backends).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from memlane import Memlane
from memlane.graph import said_reads
from memlane.graph.said import KEPT
from memlane.storage.postgres.entities import EntityWriteOps as PgEntityWriteOps
from memlane.storage.sqlite.entities import EntityWriteOps as SqliteEntityWriteOps
from pg import url_with_search_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from linking_same import HARD_CASES, dump, dump_postgres  # noqa: E402
from synthetic import corpus  # noqa: E402

_WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa")


def _reminders(start: int, n: int) -> list[str]:
    return [f"Reminder from Bruno Moreau: the {_WORDS[i % 10]} report {i} needs more reviewers" for i in
            range(start, start + n)]  # fmt: skip


@pytest.fixture
def evidence_reads(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The entity ids of each ``entity_evidence`` statement (either backend)."""
    reads: list[list[str]] = []
    for ops in (SqliteEntityWriteOps, PgEntityWriteOps):
        original = ops.entity_evidence

        def recording(self: Any, actor: Any, ids: Any, *rest: Any, _original: Any = original) -> Any:
            reads.append(list(ids))
            return _original(self, actor, ids, *rest)

        monkeypatch.setattr(ops, "entity_evidence", recording)
    return reads


def _reminder_id(m: Memlane) -> str:
    found = [e.id for e in m.entities.list() if e.name == "Reminder"]
    assert len(found) == 1
    return found[0]


def test_a_linked_entity_with_its_first_texts_read_has_only_its_edges_read_again(
    db_path: Path | str, evidence_reads: list[list[str]]
) -> None:
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        m.store_many(_reminders(0, KEPT + 1), source="t", auto_supersede=False)
        reminder = _reminder_id(m)
        evidence_reads.clear()
        m.store_many(_reminders(10, 8), source="t", auto_supersede=False)
        # (once, for the batch's first mention: before, once more after each of the batch's flushes)
        assert sum(reminder in ids for ids in evidence_reads) == 1
        assert len(m.entities.memories(reminder, limit=100)) == KEPT + 1 + 8
    finally:
        m.close()


def test_after_a_supersession_in_the_batch_the_texts_are_read_again(
    db_path: Path | str, evidence_reads: list[list[str]]
) -> None:
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        first = m.store_many(_reminders(0, KEPT + 1), source="t", auto_supersede=False)
        reminder = _reminder_id(m)
        evidence_reads.clear()
        m.store_many(
            [*_reminders(10, 3), {"content": _reminders(20, 1)[0], "replaces": first[0].id}, *_reminders(30, 3)],
            source="t", auto_supersede=False,
        )  # fmt: skip
        # (the first read, then, after the supersession, once after each flush of a link to it)
        assert sum(reminder in ids for ids in evidence_reads) > 1
    finally:
        m.close()


def _load(target: Path | str) -> list[str]:
    m = Memlane(target, user="bench", embedder="none")
    try:
        m.store_many(HARD_CASES, source="test")
        first = m.store_many(_reminders(0, KEPT + 2), source="test", auto_supersede=False)
        texts = [s for s, _ in corpus(300, seed=7)]
        for i in range(0, len(texts), 100):
            m.store_many(texts[i : i + 100], source="test", auto_supersede=i == 100)
        m.store_many(
            [*_reminders(10, 3), {"content": _reminders(20, 1)[0], "replaces": first[1].id}, *_reminders(30, 3)],
            source="test", auto_supersede=False,
        )  # fmt: skip
        for text in texts[:10]:
            m.store(f"Later: {text}", source="test")
    finally:
        m.close()
    return dump_postgres(str(target)) if isinstance(target, str) else dump(target)


def test_the_graph_is_the_same_with_the_texts_read_again_each_time(
    db_path: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    kept = _load(db_path)
    original = said_reads.SaidReads.__init__

    def never_steady(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self._retired = -1  # (never the transaction's count: every re-read reads the texts too)

    with _another(db_path, tmp_path, request) as other, monkeypatch.context() as patch:
        patch.setattr(said_reads.SaidReads, "__init__", never_steady)
        again = _load(other)
    assert kept == again
    assert len(kept) > 100


@contextmanager
def _another(db_path: Path | str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path | str]:
    """A second fresh database of the same backend."""
    if not isinstance(db_path, str):
        yield tmp_path / "again.db"
        return
    import psycopg

    database = request.getfixturevalue("pg_database")
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute('CREATE SCHEMA "said_texts_again"')
    try:
        yield url_with_search_path(database, "said_texts_again")
    finally:
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute('DROP SCHEMA IF EXISTS "said_texts_again" CASCADE')
