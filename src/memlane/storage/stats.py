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
    """Changes to the statistics tables made by one write transaction, not yet applied."""

    #: bucket -> [items, tokens]
    buckets: dict[Bucket, list[int]] = field(default_factory=dict)
    terms: Counter[tuple[Bucket, str]] = field(default_factory=Counter)
    lexemes: Counter[tuple[Bucket, str]] = field(default_factory=Counter)
    keys: Counter[tuple[Bucket, str]] = field(default_factory=Counter)

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
        """Count (``sign`` 1) or uncount (-1) items of ``bucket``: ``terms``, ``lexemes`` and ``keys``
        are each item's distinct ones (or already summed over several items, via ``count``)."""
        totals = self.buckets.setdefault(bucket, [0, 0])
        totals[0] += sign * items
        totals[1] += sign * tokens
        for term in terms:
            self.terms[bucket, term] += sign
        for lexeme in lexemes:
            self.lexemes[bucket, lexeme] += sign
        for key in keys:
            self.keys[bucket, key] += sign

    def count(self, table: str, bucket: Bucket, value: str, n: int) -> None:
        """Add ``n`` (may be negative) to one (bucket, value) of ``terms``, ``lexemes`` or ``keys``."""
        counter: Counter[tuple[Bucket, str]] = getattr(self, table)
        counter[bucket, value] += n

    def rows(self, table: str) -> list[tuple[Bucket, str, int]]:
        """The non-zero changes of ``terms``, ``lexemes`` or ``keys``, sorted (the locking order)."""
        counter: Counter[tuple[Bucket, str]] = getattr(self, table)
        return sorted((b, v, n) for (b, v), n in counter.items() if n)

    def __bool__(self) -> bool:
        return any(any(t) for t in self.buckets.values()) or any(
            any(c.values()) for c in (self.terms, self.lexemes, self.keys)
        )

    def clear(self) -> None:
        self.buckets.clear()
        self.terms.clear()
        self.lexemes.clear()
        self.keys.clear()
