"""SQLite retrieval lanes: the keyword (FTS5), entity, vector and neighbour queries, and the counts that
weigh them; mixed into ``SqliteStore``.

FTS5 and the in-memory vector index rank on their own; the scope is then checked on their candidates in
SQL, fetching more while too many belong to others.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import apsw
import numpy as np
import numpy.typing as npt

from ...errors import StorageError
from ...models import Actor, Filters
from ..entity_keys import key_caps, rank_pairs
from ..neighbours import conversation_neighbours, seqs_around
from ..vector_index import VectorIndex
from .connections import Connections
from .rows import _scope

_GENERATION = "SELECT value FROM meta WHERE key = 'vector_generation'"


def _fts_match(terms: Sequence[str]) -> str | None:
    """An FTS5 expression in which every term is a quoted string: user text is never query syntax."""
    quoted = ['"' + t.replace('"', '""') + '"' for t in dict.fromkeys(terms) if t.strip()]
    # Only the content column: the subject column would make a name in the query match every item about
    # that subject, which the subject signal handles with a bounded weight instead.
    return f"content : ({' OR '.join(quoted)})" if quoted else None


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
        """(seq, bm25) best first; bm25 is SQLite's (lower is better), returned negated (higher is better)."""
        match = _fts_match(terms)
        if match is None:
            return []
        # FTS5 ranks every match in any case, so the scope is checked in the same statement, the index
        # first (CROSS JOIN keeps that order) and one rowid lookup per match. Ranking, then checking the
        # best k and asking for more while too few were in scope, ranked everything again each round:
        # twice as slow when the caller owns a tenth of a multi-user store, no faster when all.
        where, params = _scope(actor, filters, now)
        try:
            rows = self._rows(
                "SELECT f.rowid, -f.rank FROM memories_fts f CROSS JOIN memories m ON m.seq = f.rowid"
                f" WHERE memories_fts MATCH ? AND {where} ORDER BY f.rank LIMIT ?",
                (match, *params, limit),
            )
        except apsw.SQLError as exc:  # cannot happen with quoted terms; never let a query crash recall
            raise StorageError(f"full-text search failed: {exc}") from exc
        return [(int(seq), float(score)) for seq, score in rows]

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
        per_key = (
            "SELECT * FROM (SELECT ? AS key, ? AS w, e.memory_seq AS seq FROM memory_entities e"
            f" JOIN memories m ON m.seq = e.memory_seq WHERE e.key = ? AND {where}"
            " ORDER BY e.memory_seq DESC LIMIT ?)"
        )
        all_params: list[Any] = []
        for k, cap in zip(keys, key_caps(keys, common, limit), strict=True):
            all_params.extend((k, weights.get(k, 1.0), k, *params, cap))
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

    def key_frequencies(self, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per key) across the whole store: for weighting rare keys up."""
        keys = list(dict.fromkeys(keys))
        total = self._count()
        if not keys:
            return total, {}
        rows = self._rows(
            f"SELECT key, COUNT(*) FROM memory_entities WHERE key IN ({','.join('?' * len(keys))}) GROUP BY key",
            keys,
        )
        return total, {k: int(n) for k, n in rows}

    def term_stats(self, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of indexed items, documents per porter-stemmed term)."""
        terms = list(dict.fromkeys(terms))
        total = self._count()
        if not terms:
            return total, {}
        rows = self._rows(
            f"SELECT term, doc FROM memories_fts_vocab WHERE term IN ({','.join('?' * len(terms))})", terms
        )
        return total, {t: int(d) for t, d in rows}

    def _count(self) -> int:
        """Number of items, cached per reader until a connection commits a change (its data_version)."""
        with self._db.snapshot() as conn:
            version = next(iter(conn.execute("PRAGMA data_version")))[0]
            cached: tuple[int, int] | None = getattr(self._db.local, "count", None)
            if cached is not None and cached[0] == version:
                return cached[1]
            total = int(next(iter(conn.execute("SELECT COUNT(*) FROM memories")))[0])
        self._db.local.count = (version, total)
        return total

    def neighbours(self, seqs: Sequence[int], window: int) -> dict[int, list[int]]:
        """The nearest ``window`` items on each side of each seq in the same conversation (the same
        ``provenance.conversation_id`` string, workspace, owner and space); see ``storage/neighbours.py``.
        Not scope-filtered: callers fetch with scope."""
        if not seqs or window <= 0:
            return {}
        wanted = seqs_around(seqs, window)
        rows = self._rows(
            "SELECT seq, workspace, owner, space, CASE json_type(provenance, '$.conversation_id')"
            " WHEN 'text' THEN json_extract(provenance, '$.conversation_id') END FROM memories"
            f" WHERE seq IN ({','.join('?' * len(wanted))})",
            wanted,
        )
        return conversation_neighbours(seqs, window, rows)

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
