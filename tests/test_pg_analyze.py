"""PostgreSQL: the planner's statistics are refreshed after large writes (``storage/postgres/analyze.py``),
once a threshold of inserted items is crossed, not on every call. (SQLite plans without statistics unless
``ANALYZE`` was run, so it has nothing to refresh.)"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from memlane import Memlane
from memlane.storage.postgres.analyze import GROWN_BY_STORES


@pytest.fixture
def mem(pg_url: str) -> Iterator[Memlane]:
    m = Memlane(pg_url, user="alice", embedder="none")
    m.service.storage.statistics.every = 50  # (1,000 by default; small data keeps the test fast)
    yield m
    m.close()


def _rows_known(url: str) -> dict[str, float]:
    """What the planner believes each table holds (-1: never analysed)."""
    with psycopg.connect(url, autocommit=True) as conn:
        return {
            t: float(
                conn.execute("SELECT reltuples FROM pg_class WHERE oid = %s::regclass", (t,)).fetchone()[0]
            )
            for t in GROWN_BY_STORES
        }


def _items(n: int, tag: str) -> list[dict[str, object]]:
    return [{"content": f"Worker {tag}{i} joined Firm{i % 7} in Town{i % 5} on day {i}"} for i in range(n)]


def test_a_large_batch_leaves_the_statistics_up_to_date(mem: Memlane, pg_url: str) -> None:
    mem.store_many(_items(30, "a"))
    assert _rows_known(pg_url)["memories"] < 30  # below the threshold: not analysed (never, here)
    mem.store_many(_items(30, "b"))  # 60 inserted since: analysed right after this commit
    known = _rows_known(pg_url)
    assert known["memories"] == 60 and known["entities"] > 0 and known["memory_entities"] > 0
    for i in range(10):  # single stores count too, but 10 more are far from the next threshold
        mem.store(f"Ana{i} works at Acme")
    assert _rows_known(pg_url)["memories"] == 60


def test_the_next_analyze_waits_for_a_tenth_of_the_table(mem: Memlane, pg_url: str) -> None:
    statistics = mem.service.storage.statistics
    statistics.every = 20
    mem.store_many(_items(300, "a"))
    assert _rows_known(pg_url)["memories"] == 300
    mem.store_many(_items(25, "b"))  # over ``every`` but under a tenth of 300: not yet
    assert _rows_known(pg_url)["memories"] == 300
    mem.store_many(_items(10, "c"))  # 35 since: more than a tenth
    assert _rows_known(pg_url)["memories"] == 335


def test_duplicates_insert_nothing_and_count_nothing(mem: Memlane, pg_url: str) -> None:
    items = _items(40, "a")
    mem.store_many(items)
    mem.store_many(items)  # 40 duplicates: nothing inserted, no analyze
    assert _rows_known(pg_url)["memories"] < 40
