"""SQLite retrieval lanes: the keyword (FTS5), entity, vector and neighbour queries, and the counts that
weigh them; mixed into ``SqliteStore``.

Keyword hits are scored with FTS5's BM25 formula, but from the caller's own statistics (``stat_*``
tables, see ``storage/stats.py``): FTS5's ``rank`` weighs words by the whole store's vocabulary. When
the caller may read every item of the store, those are the same numbers, and FTS5 ranks in C
(``keyword_search``); otherwise BM25 is computed in SQL over the candidates of the caller's buckets
(``stat_docs``), and the full scope is checked on the best of them (``_scoped_bm25``).
The in-memory vector index ranks on its own; the scope is then checked on its candidates in SQL,
fetching more while too many belong to others.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import apsw
import numpy as np
import numpy.typing as npt

from ...errors import StorageError
from ...models import Actor, Filters
from ...text.stems import stem_words
from ..entity_keys import key_caps, rank_pairs
from ..neighbours import conversation_neighbours, seqs_around
from ..vector_index import VectorIndex
from .connections import Connections
from .rows import _readable, _scope, fts_tokens

_GENERATION = "SELECT value FROM meta WHERE key = 'vector_generation'"

#: FTS5's bm25() constants
_BM25_K1 = 1.2
_BM25_B = 0.75


class _Lanes:
    """The lane queries of ``SqliteStore``, which provides its connections and the vector index."""

    vector_model: str | None
    _db: Connections
    _index: VectorIndex
    _index_lock: threading.Lock

    if TYPE_CHECKING:

        def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]: ...

        def _generation(self) -> int: ...

    def keyword_search(
        self, actor: Actor, filters: Filters, terms: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, BM25) best first, as FTS5's ``bm25()`` computes it (k1 = 1.2, b = 0.75, IDF = ln((N - df
        + 0.5) / (df + 0.5)) floored at 1e-6, length = the row's tokens) but with N, df and the average
        length of the items the actor may read. A term is matched in the content column; one that FTS5
        splits into several tokens ("e-mail") matches items holding all of them, with the smallest of
        their counts as its frequency and document frequency (as in PostgreSQL)."""
        terms = [stem_words(t) for t in terms]  # a word of an inflected script as its stem, as indexed
        by_term = {t: fts_tokens(t, query=True) for t in dict.fromkeys(terms) if t.strip()}
        phrases = list(dict.fromkeys(tuple(dict.fromkeys(tk)) for tk in by_term.values() if tk))
        if not phrases:
            return []
        total, length, df, store_wide = self._scoped_counts(
            actor, "stat_terms", "term", "df", {t for p in phrases for t in p}, store_wide=True
        )
        if total == 0:
            return []
        if (
            store_wide == (total, length)
            and all(len(tk) <= 1 for tk in by_term.values())
            and not filters.entities
        ):
            # The caller may read every item: its N, df and average length are the store's, which is
            # what FTS5's own bm25() uses (FTS5 counts rows, tokens and rows per word as stat_* do).
            # Not for a recall about entities: FTS5 would rank every item holding the words (all the
            # store's "prefer") before the scope keeps the entities' few; the scoped formula below
            # reads only their occurrences, with the same scores.
            first_of = {tk[0]: t for t, tk in reversed(by_term.items()) if tk}  # one term per token
            return self._fts5_rank(actor, filters, list(first_of.values()), now, limit)
        idf = []
        for phrase in phrases:
            n = min([df.get(t, 0) for t in phrase] + [total])
            idf.append(_idf(total, n))
        return self._scoped_bm25(actor, filters, phrases, idf, max(length / total, 1e-9), now, limit)

    def _scoped_bm25(
        self,
        actor: Actor,
        filters: Filters,
        phrases: Sequence[tuple[str, ...]],
        idf: Sequence[float],
        avgdl: float,
        now: datetime,
        limit: int,
    ) -> list[tuple[int, float]]:
        """BM25 with the caller's IDF and average length, in two steps. First the index is read term by
        term through its vocabulary ('instance': one row per occurrence), and each candidate's bucket and
        length come from the narrow ``stat_docs`` (a rowid probe into small rows, where ``memories`` rows
        are wide): candidates of buckets the caller may not read are dropped there, and the rest are
        scored and sorted best first. Then the full scope (space, state, filters) is checked on the best
        candidates only, deeper while it rejects too many: the same hits and order as checking it on
        every candidate, at a fraction of the row lookups (docs/benchmarks.md)."""
        # Per-term values are CASE expressions over bound parameters (a joined json_each was re-read
        # per row: 5x slower). CROSS JOIN keeps the vocabulary -> stat_docs order.
        tokens: list[str] = []
        phrase_of: list[int] = []
        for i, phrase in enumerate(phrases):
            for token in phrase:
                if token not in tokens:  # a token of two phrases belongs to the first
                    tokens.append(token)
                    phrase_of.append(i)
        phrase_case = "CASE v.term " + " ".join("WHEN ? THEN ?" for _ in tokens) + " END"
        size_case = "CASE p " + " ".join("WHEN ? THEN ?" for _ in phrases) + " END"
        idf_case = "CASE tf.p " + " ".join("WHEN ? THEN ?" for _ in phrases) + " END"
        readable, readable_params = _readable(actor)
        norm = f"(1 - {_BM25_B} + {_BM25_B} * d.doc_len / ?)"
        # a recall about entities reads only the occurrences in their memories (``filters.entities``,
        # which the scope checks again below)
        about = (
            f" AND v.doc IN (SELECT l.memory_seq FROM memory_entity_links l WHERE l.entity_id IN"
            f" ({','.join('?' * len(filters.entities))}))"
            if filters.entities
            else ""
        )
        occurrences = (
            f"FROM memories_fts_inst v WHERE v.term IN ({','.join('?' * len(tokens))}) AND v.col = 'content'"
            f"{about} GROUP BY v.doc, v.term"
        )
        if len(tokens) == len(phrases):  # one token per term (the usual case): one grouping less
            tf = f"tf(doc, p, n) AS (SELECT v.doc, {phrase_case}, count(*) {occurrences})"
            sizes: list[Any] = []
        else:  # a term of several tokens: items with all of them, the smallest count
            tf = (
                f"h(doc, p, n) AS (SELECT v.doc, {phrase_case}, count(*) {occurrences}),"
                f" tf(doc, p, n) AS (SELECT doc, p, min(n) FROM h GROUP BY doc, p HAVING count(*) = {size_case})"
            )
            sizes = [x for i, phrase in enumerate(phrases) for x in (i, len(phrase))]
        query = (
            f"WITH {tf} SELECT d.seq, SUM({idf_case} * (tf.n * {_BM25_K1 + 1}) / (tf.n + {_BM25_K1} * {norm}))"
            " AS score FROM tf CROSS JOIN stat_docs d ON d.seq = tf.doc"
            f" WHERE d.bucket IN (SELECT m.id FROM stat_buckets m WHERE {readable})"
            " GROUP BY d.seq ORDER BY score DESC, d.seq LIMIT ? OFFSET ?"
        )
        params = (
            *[x for token, i in zip(tokens, phrase_of, strict=True) for x in (token, i)],
            *tokens,
            *filters.entities,
            *sizes,
            *[x for i in range(len(phrases)) for x in (i, idf[i])],
            avgdl,
            *readable_params,
        )
        # Most readable candidates pass the rest of the scope (it rejects other spaces, archived,
        # superseded and expired items, and what the filters leave out): the first read is a few times
        # ``limit``; when the scope rejects too many, the second takes every remaining candidate.
        first = max(4 * limit, 100)
        try:
            candidates = self._rows(query, (*params, first, 0))
            hits = self._in_scope(candidates, actor, filters, now, limit)
            if len(hits) < limit and len(candidates) == first:
                rest = self._rows(query, (*params, -1, first))
                hits += self._in_scope(rest, actor, filters, now, limit - len(hits))
        except apsw.SQLError as exc:  # never let a query crash recall
            raise StorageError(f"full-text search failed: {exc}") from exc
        return _best_first(hits)

    def _in_scope(
        self, candidates: Sequence[Any], actor: Actor, filters: Filters, now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """The first ``limit`` of ``candidates`` (best first) that are in ``actor``'s scope, checked in
        growing chunks."""
        hits: list[tuple[int, float]] = []
        start, size = 0, max(2 * limit, 50)
        while start < len(candidates) and len(hits) < limit:
            chunk = candidates[start : start + size]
            allowed = self._allowed([int(seq) for seq, _ in chunk], actor, filters, now)
            hits += [(int(seq), float(score)) for seq, score in chunk if seq in allowed]
            start += size
            size = min(size * 4, 4096)
        return hits[:limit]

    def _fts5_rank(
        self, actor: Actor, filters: Filters, terms: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """FTS5's own ``rank`` over the store (for a caller who may read all of it): bm25() with the
        subject column weighing 0, so that a word's frequency is counted in the content only while its
        document frequency counts both columns, as in ``stat_terms``; an item whose subject alone has the
        words scores 0 and is no hit. FTS5 sorts by rank before the scope is checked, so only about
        ``limit`` items are looked up."""
        match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        where, params = _scope(actor, filters, now)
        try:
            rows = self._rows(
                "SELECT f.rowid, -f.rank FROM memories_fts f CROSS JOIN memories m ON m.seq = f.rowid"
                f" WHERE memories_fts MATCH ? AND f.rank MATCH 'bm25(1.0, 0.0)' AND f.rank < 0 AND {where}"
                " ORDER BY f.rank LIMIT ?",
                (match, *params, limit),
            )
        except apsw.SQLError as exc:  # cannot happen with quoted terms; never let a query crash recall
            raise StorageError(f"full-text search failed: {exc}") from exc
        return _best_first(rows)

    def _scoped_counts(
        self,
        actor: Actor,
        table: str,
        column: str,
        count: str,
        values: Sequence[str] | set[str],
        *,
        store_wide: bool = False,
    ) -> tuple[int, int, dict[str, int], tuple[int, int] | None]:
        """(items, BM25 tokens, items per value of ``table``) over the statistics buckets ``actor`` may
        read (see ``storage/stats.py``), and with ``store_wide`` the (items, tokens) of the whole store,
        in one statement."""
        readable, params = _readable(actor)
        values = sorted(values)
        whole = (
            " UNION ALL SELECT NULL, coalesce(sum(items), 0), coalesce(sum(tokens), 0) FROM stat_buckets"
            if store_wide
            else ""
        )
        rows = self._rows(
            f"WITH b AS (SELECT m.id, m.items, m.tokens FROM stat_buckets m WHERE {readable})"
            f" SELECT NULL, coalesce(sum(items), 0), coalesce(sum(tokens), 0) FROM b{whole} UNION ALL"
            f" SELECT s.{column}, sum(s.{count}), NULL FROM b JOIN {table} s ON s.bucket = b.id"
            f" AND s.{column} IN ({','.join('?' * len(values))}) GROUP BY s.{column}",
            (*params, *values),
        )
        first = 2 if store_wide else 1
        counts = {str(v): int(n) for v, n, _ in rows[first:] if n}
        whole_store = (int(rows[1][1]), int(rows[1][2])) if store_wide else None
        return int(rows[0][1]), int(rows[0][2]), counts, whole_store

    def entity_search(
        self,
        actor: Actor,
        filters: Filters,
        keys: Sequence[str],
        now: datetime,
        limit: int,
        weights: dict[str, float] | None = None,
        common: Sequence[str] = (),
    ) -> list[tuple[int, float]]:
        """(seq, summed key weight) best first, for items naming any of ``keys``."""
        keys = list(dict.fromkeys(keys))
        if not keys:
            return []
        weights = weights or {}
        where, params = _scope(actor, filters, now)
        # Each key finds at most its newest items in scope; a common key fewer, and adds its weight to
        # what the rarer keys found by index probe (see storage/entity_keys.py).
        common = [k for k in keys if k in common]
        # Other buckets' items are dropped on the narrow stat_docs row before the wide memories row is
        # read (a key's newest items are mostly other users' in a store of many users). The scope
        # (``where``) applies the same read rule to the memories row, so the pre-filter changes no
        # answer: for a caller who may read every bucket it would drop nothing, and is left out.
        readable, readable_params = _readable(actor)
        if self._reads_every_bucket(actor):
            readable_params = []
            per_key = (
                "SELECT * FROM (SELECT ? AS key, ? AS w, e.memory_seq AS seq FROM memory_entities e"
                f" CROSS JOIN memories m ON m.seq = e.memory_seq WHERE e.key = ? AND {where}"
                " ORDER BY e.memory_seq DESC LIMIT ?)"
            )
        else:
            per_key = (
                "SELECT * FROM (SELECT ? AS key, ? AS w, e.memory_seq AS seq FROM memory_entities e"
                " CROSS JOIN stat_docs d ON d.seq = e.memory_seq CROSS JOIN memories m ON m.seq = e.memory_seq"
                f" WHERE e.key = ? AND d.bucket IN (SELECT m.id FROM stat_buckets m WHERE {readable}) AND {where}"
                " ORDER BY e.memory_seq DESC LIMIT ?)"
            )
        all_params: list[Any] = []
        for k, cap in zip(keys, key_caps(keys, common, limit), strict=True):
            all_params.extend((k, weights.get(k, 1.0), k, *readable_params, *params, cap))
        union = " UNION ALL ".join([per_key] * len(keys))
        if not common:  # the usual case: SQLite sums and ranks
            rows = self._rows(
                f"SELECT seq, SUM(w) AS total FROM ({union}) GROUP BY seq ORDER BY total DESC, seq DESC LIMIT ?",
                (*all_params, limit),
            )
            return [(int(seq), float(total)) for seq, total in rows]
        pairs = [(str(k), int(seq)) for k, _, seq in self._rows(union, all_params)]
        by_rarer = sorted({seq for key, seq in pairs if key not in common})
        if common and by_rarer:
            pairs += [
                (str(k), int(seq))
                for k, seq in self._rows(
                    f"SELECT key, memory_seq FROM memory_entities WHERE key IN ({','.join('?' * len(common))})"
                    f" AND memory_seq IN ({','.join('?' * len(by_rarer))})",
                    (*common, *by_rarer),
                )
            ]
        return rank_pairs(pairs, weights, limit)

    def _reads_every_bucket(self, actor: Actor) -> bool:
        """Whether ``actor`` may read every statistics bucket (``stat_buckets``: one per workspace, owner
        and visibility holding items): a one-user store's owner, say. A bucket the rule cannot decide
        (NULL) counts as unreadable."""
        readable, params = _readable(actor)
        rows = self._rows(
            f"SELECT NOT EXISTS (SELECT 1 FROM stat_buckets m WHERE coalesce(NOT ({readable}), 1))", params
        )
        return bool(rows[0][0])

    def key_frequencies(self, actor: Actor, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per key) among what ``actor`` may read: for weighting rare keys up."""
        total, _, counts, _ = self._scoped_counts(actor, "stat_keys", "key", "n", set(keys))
        return total, counts

    def term_stats(self, actor: Actor, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per porter-stemmed term of their keyword text or subject) among what
        ``actor`` may read."""
        total, _, counts, _ = self._scoped_counts(actor, "stat_terms", "term", "df", set(terms))
        return total, counts

    def neighbours(self, seqs: Sequence[int], window: int) -> dict[int, list[int]]:
        """The nearest ``window`` items on each side of each seq in the same conversation (the same
        ``provenance.conversation_id`` string, workspace, owner and space); see ``storage/neighbours.py``.
        Not scope-filtered: callers fetch with scope."""
        if not seqs or window <= 0:
            return {}
        # The hits' own rows first: only those in a conversation have neighbours, and only the rows
        # around them are read then (a store without conversations reads ``len(seqs)`` rows, not the
        # hundreds ``seqs_around`` names; ``conversation_neighbours`` reads no other row)
        rows = self._conversation_rows(sorted(set(seqs)))
        talked = [int(seq) for seq, *_, conversation in rows if conversation]
        if talked:
            read = {int(row[0]) for row in rows}
            rows += self._conversation_rows([s for s in seqs_around(talked, window) if s not in read])
        return conversation_neighbours(seqs, window, rows)

    def _conversation_rows(self, seqs: Sequence[int]) -> list[Any]:
        """``(seq, workspace, owner, space, conversation id or None)`` of ``seqs``."""
        if not seqs:
            return []
        return self._rows(
            "SELECT seq, workspace, owner, space, CASE json_type(provenance, '$.conversation_id')"
            " WHEN 'text' THEN json_extract(provenance, '$.conversation_id') END FROM memories"
            f" WHERE seq IN ({','.join('?' * len(seqs))})",
            seqs,
        )

    def contents(self, seqs: Sequence[int]) -> dict[int, str]:
        """Content by seq, unscoped: only for seqs a scoped query returned."""
        if not seqs:
            return {}
        rows = self._rows(
            f"SELECT seq, content FROM memories NOT INDEXED WHERE seq IN ({','.join('?' * len(seqs))})", seqs
        )
        return {int(seq): str(content) for seq, content in rows}

    def entity_keys_of(self, seqs: Sequence[int]) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {s: set() for s in seqs}
        if not seqs:
            return out
        for seq, key in self._rows(
            f"SELECT memory_seq, key FROM memory_entities WHERE memory_seq IN ({','.join('?' * len(seqs))})",
            seqs,
        ):
            out[seq].add(key)
        return out

    def vector_search(
        self, actor: Actor, filters: Filters, query: npt.NDArray[np.float32], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, cosine) best first, exact; candidates are re-checked against the full scope in SQL."""
        self._refresh_index()
        shared = set(actor.readable_shared_owners())

        def accept(part: Any) -> bool:
            workspace, owner, visibility, space = part
            if workspace != actor.workspace:
                return False
            if filters.space != "*" and space != (filters.space or ""):
                return False
            return owner == actor.owner or (visibility == "shared" and owner in shared)

        k = limit + max(16, limit // 2)
        while True:
            candidates = self._index.search(query, accept, k)
            allowed = self._allowed([seq for seq, _ in candidates], actor, filters, now)
            hits = [(seq, score) for seq, score in candidates if seq in allowed]
            if len(hits) >= limit or len(candidates) < k:
                return hits[:limit]
            k *= 4

    def _allowed(self, seqs: Sequence[int], actor: Actor, filters: Filters, now: datetime) -> set[int]:
        if not seqs:
            return set()
        where, params = _scope(actor, filters, now)
        rows = self._rows(
            f"SELECT m.seq FROM memories m NOT INDEXED WHERE m.seq IN ({','.join('?' * len(seqs))}) AND {where}",
            (*seqs, *params),
        )
        return {r[0] for r in rows}

    def _refresh_index(self) -> None:
        """Reload the vector cache when another process changed the vectors (the generation moved): on
        this thread's reader, in one snapshot, without waiting for the writer."""
        if self._index.generation == self._generation():
            return
        with self._index_lock, self._db.snapshot() as conn:
            generation = int(next(iter(conn.execute(_GENERATION)))[0])
            if self._index.generation == generation:
                return
            self._index.reset(generation)
            if self.vector_model is None:
                return
            rows = conn.execute(
                "SELECT v.memory_seq, m.workspace, m.owner, m.visibility, m.space, v.vector FROM memory_vectors v"
                " JOIN memories m ON m.seq = v.memory_seq WHERE v.model = ?",
                (self.vector_model,),
            )
            self._index.add((seq, (ws, owner, vis, space), vec) for seq, ws, owner, vis, space, vec in rows)


def _idf(total: int, df: int) -> float:
    """FTS5 bm25()'s IDF: ln((N - df + 0.5) / (df + 0.5)), or 1e-6 where that is not positive."""
    idf = math.log((total - df + 0.5) / (df + 0.5))
    return idf if idf > 0 else 1e-6


def _best_first(rows: Sequence[Any]) -> list[tuple[int, float]]:
    """(seq, score) by score, then seq. Scores are rounded to 12 decimals: FTS5's C and the SQL above
    add the same terms in another order, and the last bit must not decide between equal items."""
    hits = [(int(seq), round(float(score), 12)) for seq, score in rows]
    hits.sort(key=lambda hit: (-hit[1], hit[0]))
    return hits
