"""Statistics per reader: what weighs a recall is counted over what its caller may read.

Keyword IDF, the average document length and entity-key frequencies used to come from the whole store,
so a caller could tell from a score whether a word was in another workspace's or another user's
memories. Every backend now keeps them per *bucket* — one (workspace, owner, visibility), the unit the
access rule works in (``rows._readable``) — in tables written in the same transaction as the items:

- ``stat_buckets``: items and BM25 tokens per bucket;
- ``stat_terms``: items per (bucket, porter stem of the keyword text and subject);
- ``stat_keys``: items per (bucket, entity key);
- PostgreSQL also ``stat_lexemes``: items per (bucket, english lexeme of the keyword text), for its
  tsvector BM25.

A reader's statistics are the sums over the buckets it may read (its own two, and the shared buckets
of its teams, agent and workspace: a handful of primary-key probes per term). Items in those buckets
that the recall's filters leave out (another space, archived, superseded, expired) still count: the
caller may read all of them, and statistics per filter could not be kept on write.

A write transaction collects the changes in a ``StatDelta`` and applies them once before COMMIT, in a
fixed order (buckets, then terms, lexemes and keys, each sorted), so that concurrent PostgreSQL writers
lock the same rows in the same order and never deadlock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Bucket", "StatDelta"]

#: (workspace, owner, visibility)
Bucket = tuple[str, str, str]


@dataclass
class StatDelta:
    """Changes to the statistics tables made by one write transaction, not yet applied. Per bucket, one
    ``Counter`` per table: counting an item's distinct terms is one ``Counter.update`` (C code: a bulk
    load counts millions of terms)."""

    #: bucket -> [items, tokens]
    buckets: dict[Bucket, list[int]] = field(default_factory=dict)
    terms: dict[Bucket, Counter[str]] = field(default_factory=dict)
    lexemes: dict[Bucket, Counter[str]] = field(default_factory=dict)
    keys: dict[Bucket, Counter[str]] = field(default_factory=dict)

    def add(
        self,
        bucket: Bucket,
        sign: int,
        *,
        items: int = 1,
        tokens: int = 0,
        terms: Iterable[str] = (),
        lexemes: Iterable[str] = (),
        keys: Iterable[str] = (),
    ) -> None:
        """Count (``sign`` 1) or uncount (-1) ``items`` items of ``bucket`` with ``tokens`` BM25 tokens in
        all; ``terms``, ``lexemes`` and ``keys`` are one item's distinct ones."""
        totals = self.buckets.setdefault(bucket, [0, 0])
        totals[0] += sign * items
        totals[1] += sign * tokens
        for table, values in ((self.terms, terms), (self.lexemes, lexemes), (self.keys, keys)):
            if values:
                counter = table.setdefault(bucket, Counter())
                if sign > 0:
                    counter.update(values)
                else:
                    counter.subtract(values)

    def count(self, table: str, bucket: Bucket, value: str, n: int) -> None:
        """Add ``n`` (may be negative) to one (bucket, value) of ``terms``, ``lexemes`` or ``keys``."""
        counters: dict[Bucket, Counter[str]] = getattr(self, table)
        counters.setdefault(bucket, Counter())[value] += n

    def rows(self, table: str) -> list[tuple[Bucket, str, int]]:
        """The non-zero changes of ``terms``, ``lexemes`` or ``keys``, sorted (the locking order)."""
        counters: dict[Bucket, Counter[str]] = getattr(self, table)
        return sorted((b, v, n) for b, c in counters.items() for v, n in c.items() if n)

    def __bool__(self) -> bool:
        return any(any(t) for t in self.buckets.values()) or any(
            n for table in (self.terms, self.lexemes, self.keys) for c in table.values() for n in c.values()
        )

    def clear(self) -> None:
        self.buckets.clear()
        self.terms.clear()
        self.lexemes.clear()
        self.keys.clear()
