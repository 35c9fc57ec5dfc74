"""Planner statistics after large writes (PostgreSQL).

After a large batch or import, the planner still plans with the statistics of the tables before it
(a new store: none at all) until autovacuum's next analyze, which may be a minute away or off: single
stores then took 22-42 ms instead of 1.6 ms (the duplicate and supersession look-ups planned as if the
tables were empty). So a store counts the items its committed transactions inserted, and once they
reach ``every`` (1,000), or a tenth of the table as last analysed when that is more, it runs ``ANALYZE``
on the tables a store grows, right after the commit that crossed the threshold: once per large batch or
import, never per call. A failure is logged, never raised: the write has been committed.
"""

from __future__ import annotations

import threading
from typing import Any

import psycopg

__all__ = ["ANALYZE_AFTER", "GROWN_BY_STORES", "Statistics"]

#: items inserted (by this process) after which the tables are analysed again
ANALYZE_AFTER = 1_000
#: the tables a store of memories grows (rows, vectors, index keys, entity links and the entities)
GROWN_BY_STORES = ("memories", "memory_vectors", "memory_entities", "memory_entity_links", "entities",
                   "entity_aliases", "entity_blocking_keys")  # fmt: skip


class Statistics:
    """When this process's inserts call for ``ANALYZE`` (``written``), and running it (``analyze``)."""

    def __init__(self, every: int = ANALYZE_AFTER) -> None:
        self.every = every
        self._since = 0
        self._due: int | None = None  # (None: ``every``)
        self._lock = threading.Lock()

    def written(self, items: int) -> bool:
        """Count ``items`` inserted by a committed transaction; True when the tables are due (the count
        starts again: one caller analyses)."""
        if items <= 0:
            return False
        with self._lock:
            self._since += items
            if self._since < (self._due if self._due is not None else self.every):
                return False
            self._since = 0
            return True

    def analyze(self, conn: psycopg.Connection[Any]) -> None:
        """``ANALYZE`` the tables stores grow; the next one is due after ``every`` items or a tenth of the
        table, whichever is more (analysing a large table for a few rows would change nothing)."""
        with conn.transaction():
            conn.execute("ANALYZE " + ", ".join(GROWN_BY_STORES))
            row = conn.execute("SELECT reltuples FROM pg_class WHERE oid = 'memories'::regclass").fetchone()
        rows = int(row[0]) if row and row[0] and row[0] > 0 else 0
        with self._lock:
            self._due = max(self.every, rows // 10)
