"""Backend-neutral looks into a test database, for tests that check what is (not) stored.

``db`` is what the ``db_path`` fixture gives: a SQLite file path or a PostgreSQL URL. The SQL must be
valid on both (no parameters, standard functions); the full-text index differs, so it has its own helper.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any


def is_postgres(db: Path | str) -> bool:
    return str(db).startswith(("postgresql://", "postgres://"))


def rows(db: Path | str, sql: str) -> list[tuple[Any, ...]]:
    if is_postgres(db):
        import psycopg

        with psycopg.connect(str(db), autocommit=True) as conn:
            cur = conn.execute(sql.encode())
            return [tuple(r) for r in cur.fetchall()] if cur.description else []
    import apsw

    con = apsw.Connection(str(db))
    try:
        return [tuple(r) for r in con.execute(sql).fetchall()]
    finally:
        con.close()


def count_rows(db: Path | str, table: str) -> int:
    return int(rows(db, f"SELECT COUNT(*) FROM {table}")[0][0])


def fulltext_count(db: Path | str, word: str) -> int:
    """Items whose full-text entry contains ``word`` (FTS5 table in SQLite, tsvector in PostgreSQL)."""
    assert word.isalnum()
    if is_postgres(db):
        return int(
            rows(db, f"SELECT COUNT(*) FROM memories WHERE fts @@ plainto_tsquery('english', '{word}')")[0][0]
        )
    return int(rows(db, f"SELECT COUNT(*) FROM memories_fts WHERE memories_fts MATCH '{word}'")[0][0])


def clear_keyword_and_entity_indexes(db: Path | str) -> None:
    """Empty the full-text and entity indexes behind the store's back (to test rebuilding them)."""
    if is_postgres(db):
        rows(db, "UPDATE memories SET fts = ''::tsvector RETURNING seq")
        rows(db, "DELETE FROM memory_entities RETURNING key")
        return
    rows(db, "DELETE FROM memory_entities")
    rows(db, "DELETE FROM memories_fts")


def expire(db: Path | str, memory_id: str) -> None:
    """Move a memory's ``expires_at`` a minute into the past, behind the store's back: a memory that
    has expired since it was stored (a store refuses an ``expires_at`` already past)."""
    from datetime import UTC, datetime, timedelta

    from memlane.timeutil import to_db

    past = to_db(datetime.now(UTC) - timedelta(minutes=1))
    rows(db, f"UPDATE memories SET expires_at = '{past}' WHERE id = '{memory_id}' RETURNING id")


def keyword_hits(mem: Any, query: str) -> list[tuple[str, float]]:
    """(content, BM25 rounded to 6 places) of the keyword lane's hits for ``query``, best first: the
    storage statement alone, as the caller of ``mem`` reads it."""
    from memlane.models import Filters
    from memlane.text import tsquery_terms
    from memlane.timeutil import now_utc

    actor = mem._actor(None)
    hits = mem.service.storage.keyword_search(actor, Filters(), tsquery_terms(query), now_utc(), 20)
    contents = mem.service.storage.contents([seq for seq, _ in hits])
    return [(contents[seq], round(score, 6)) for seq, score in hits]


def assert_same_keyword_hits(a: Any, b: Any, queries: Iterable[str], *, ordered: bool = True) -> None:
    """Two stores' keyword lanes find the same memories for every query (at least one), with BM25
    scores within 1e-4; ``ordered=False`` compares them sorted by content (ties may come either way)."""
    for query in queries:
        hits_a, hits_b = keyword_hits(a, query), keyword_hits(b, query)
        if not ordered:
            hits_a, hits_b = sorted(hits_a), sorted(hits_b)
        assert hits_a and [c for c, _ in hits_a] == [c for c, _ in hits_b], query
        for (_, score_a), (_, score_b) in zip(hits_a, hits_b, strict=True):
            assert abs(score_a - score_b) < 1e-4, query
