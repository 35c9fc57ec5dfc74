"""PostgreSQL retrieval lanes: the keyword, entity, vector and neighbour queries, and the corpus and
term statistics that weigh them; mixed into ``PostgresStore``.

- **Keyword rank** is BM25 computed in SQL over the ``tsvector`` (see ``keyword_search``), so the lane
  orders hits like SQLite's FTS5 ``bm25()``.
- **Vectors** live in PostgreSQL itself (pgvector), searched with an HNSW index in the same query as the
  scope filters; there is no in-process cache to keep in step.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg import sql

from ...models import Actor, Filters
from ..entity_keys import key_caps, rank_pairs
from ..neighbours import conversation_neighbours, seqs_around
from .rows import _scope, _vector_sql

#: FTS5's bm25() constants, so that both backends order keyword hits alike
_BM25_K1 = 1.2
_BM25_B = 0.75
#: below this many items the corpus statistics (N, average length) are recomputed on every query
_STATS_EXACT_BELOW = 20_000
_STATS_TTL_SECONDS = 60.0
#: a query word in more items than this (and than this share of the store) is *common*: an item with
#: only one common word of the query and none of its rarer words is not a keyword candidate (see
#: ``keyword_search``)
_COMMON_DF = 10_000
_COMMON_SHARE = 0.01
#: common words that find candidates: the rarest of them (others only add score)
_MAX_PAIRED = 8
#: the share of those an item must hold to be a candidate through common words alone (at least two)
_COMMON_MATCH = 0.75
#: results that make the stricter candidate rule enough (see ``keyword_search``)
_ENOUGH = 10
#: HNSW ef_search per result asked for (see ``vector_search``)
_EF_PER_RESULT = 4
#: candidates scored exactly, as a multiple of the lane's depth (see ``keyword_search``)
_PRERANK = 4


def _common_df(total: int) -> float:
    return max(_COMMON_DF, _COMMON_SHARE * total)


class _Lanes:
    """The lane queries of ``PostgresStore``, which provides the pool, the pgvector version and the caches."""

    vector_model: str | None
    _pgvector: tuple[int, ...]
    _stats_cache: tuple[float, float, tuple[int, float]] | None
    _mce_cache: dict[str, tuple[float, dict[str, float]]]
    _key_count_cache: dict[str, tuple[float, int]]

    if TYPE_CHECKING:

        def _connection(self) -> AbstractContextManager[psycopg.Connection[Any]]: ...

        def _rows(self, query: Any, params: Sequence[Any]) -> list[Any]: ...

    def keyword_search(
        self, actor: Actor, filters: Filters, terms: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, BM25) best first, computed like FTS5's ``bm25()`` (k1 = 1.2, b = 0.75).

        Each term becomes its own ``plainto_tsquery('english', %s)`` and the terms are OR-ed with the
        tsquery ``||`` operator: user text is only ever a bound parameter, never query syntax. The
        documents are matched on ``content`` only (as in SQLite). Per term: IDF = ln((N - df + 0.5) /
        (df + 0.5)) over the whole store (floored at 1e-6, as FTS5 does), and the term frequency is the
        number of positions of its lexeme in the document's tsvector. Differences from FTS5: the
        english configuration (Snowball stemmer, stop words) instead of porter/unicode61, and a term
        that splits into several lexemes ("e-mail", "o'brien") matches items holding all of them, with
        the smallest of their counts as its frequency, where FTS5 counts the phrase.
        """
        terms = [t for t in dict.fromkeys(terms) if t.strip()]
        if not terms:
            return []
        total, avgdl = self._corpus_stats()
        stats = self._term_stats(terms)
        live = [(i, lexemes, df) for i, (lexemes, df) in enumerate(stats) if lexemes]
        if not live or total == 0:
            return []
        idf = {i: max(float(np.log((total - df + 0.5) / (df + 0.5))), 1e-6) for i, _, df in live}
        common_df = _common_df(total)
        rarer: list[tuple[int, ...]] = [(i,) for i, _, df in live if df <= common_df]
        common = [i for _, i in sorted((df, i) for i, _, df in live if df > common_df)][:_MAX_PAIRED]
        where, params = _scope(actor, filters, now)

        def search(parts: list[tuple[int, ...]]) -> list[tuple[int, float]]:
            return self._bm25(live, terms, idf, parts, where, params, avgdl, limit) if parts else []

        if not common or len(live) == 1:
            return search([(i,) for i, _, _ in live])
        # Candidates: items with any rarer word, or with most of the common ones (75%, at least two).
        # Matching every item holding one common word is what makes an OR query slow on a large store
        # (a million items, a word in 5% of them: 50,000 rows to read and score), and such an item's
        # score is the smallest a match can have. Two common words that travel together ("board
        # meeting") are one idea, so with three or more, most of them must be there. Only when that
        # finds fewer than a page of results (10) do any two do.
        need = max(2, math.ceil(_COMMON_MATCH * len(common)))
        found = search(rarer + list(itertools.combinations(common, need)))
        if len(found) >= min(limit, _ENOUGH) or need == 2:
            return found
        return search(rarer + list(itertools.combinations(common, 2)))

    def _bm25(
        self,
        live: list[tuple[int, list[str], int]],
        terms: list[str],
        idf: dict[int, float],
        parts: list[tuple[int, ...]],
        where: str,
        params: list[Any],
        avgdl: float,
        limit: int,
    ) -> list[tuple[int, float]]:
        """BM25 over every live term for the items matching any of ``parts`` (conjunctions of terms).

        Candidates are pre-ranked by BM25 with a frequency of 1 for each word present (one cheap test
        per word, where the exact frequency unpacks the whole tsvector), and the best _PRERANK times
        ``limit`` of them are scored exactly. A word repeated in one item lifts it above its estimate,
        which can matter only when more than that many items match."""
        match = " || ".join(
            "(" + " && ".join("plainto_tsquery('english', %s)" for _ in part) + ")" for part in parts
        )
        presence = " + ".join(
            "CASE WHEN m.fts @@ plainto_tsquery('english', %s) THEN %s::float8 ELSE 0 END" for _ in live
        )
        norm = f"(1 - {_BM25_B} + {_BM25_B} * m.doc_len / %s)"
        query = (
            "WITH lx(i, lexeme) AS (SELECT * FROM unnest(%s::int[], %s::text[])),"
            " tw(i, idf, nlex) AS (SELECT * FROM unnest(%s::int[], %s::float8[], %s::int[])),"
            f" cand AS MATERIALIZED (SELECT m.seq, m.doc_len, m.fts FROM memories m WHERE m.fts @@ ({match})"
            f" AND {where} ORDER BY ({presence}) / (1 + {_BM25_K1} * {norm}) DESC, m.seq DESC LIMIT %s),"
            " tf AS (SELECT c.seq, lx.i, min(cardinality(u.positions)) AS tf, count(*) AS found"
            " FROM cand c CROSS JOIN LATERAL unnest(c.fts) AS u JOIN lx ON lx.lexeme = u.lexeme"
            " GROUP BY c.seq, lx.i)"
            f" SELECT tf.seq, SUM(tw.idf * (tf.tf * {_BM25_K1 + 1}) / (tf.tf + {_BM25_K1} *"
            f" {norm.replace('m.doc_len', 'c.doc_len')})) AS score"
            " FROM tf JOIN tw ON tw.i = tf.i AND tf.found = tw.nlex JOIN cand c ON c.seq = tf.seq"
            " GROUP BY tf.seq ORDER BY score DESC, tf.seq LIMIT %s"
        )
        avg = max(avgdl, 1e-9)
        values = (
            [i for i, lexemes, _ in live for _ in lexemes],
            [w for _, lexemes, _ in live for w in lexemes],
            [i for i, _, _ in live],
            [idf[i] for i, _, _ in live],
            [len(lexemes) for _, lexemes, _ in live],
            *[terms[i] for part in parts for i in part],
            *params,
            *[x for i, _, _ in live for x in (terms[i], idf[i])],
            avg,
            _PRERANK * limit,
            avg,
            limit,
        )
        # A common word's bitmap must not go lossy (a recheck of every row on its pages): more
        # work_mem for this one statement.
        with self._connection() as conn, conn.transaction():
            conn.execute("SELECT set_config('work_mem', '64MB', true)")
            rows = conn.execute(query, values).fetchall()
        return [(int(seq), float(score)) for seq, score in rows]

    def _term_stats(self, terms: Sequence[str]) -> list[tuple[list[str], int]]:
        """Per term: its lexemes (english configuration) and the number of items whose content has them
        all. On a large store a term among the planner's most common elements (``pg_stats``) takes its
        frequency from there; the others are counted through the GIN index (they are rare, so that is
        cheap). A common word would otherwise cost a read of its whole posting list on every query."""
        lexemes = [
            list(r[0] or [])
            for r in self._rows(
                "SELECT tsvector_to_array(to_tsvector('english', t.term))"
                " FROM unnest(%s::text[]) WITH ORDINALITY AS t(term, i) ORDER BY t.i",
                (list(terms),),
            )
        ]
        df: dict[int, int] = {}
        total = self._corpus_stats()[0]
        if total >= _STATS_EXACT_BELOW:
            freq = self._common_element_freqs("fts")
            for i, lx in enumerate(lexemes):
                if lx and all(w in freq for w in lx):
                    df[i] = int(min(freq[w] for w in lx) * total)
        todo = [i for i, lx in enumerate(lexemes) if lx and i not in df]
        if todo:
            rows = self._rows(
                "SELECT t.i, (SELECT count(*) FROM memories d WHERE d.fts @@ plainto_tsquery('english', t.term))"
                " FROM unnest(%s::text[], %s::int[]) AS t(term, i)",
                ([terms[i] for i in todo], todo),
            )
            df.update({int(i): int(n) for i, n in rows})
        return [(lx, df.get(i, 0)) for i, lx in enumerate(lexemes)]

    def _common_element_freqs(self, column: str) -> dict[str, float]:
        """Most common elements of a tsvector or array column of ``memories`` with the share of rows
        holding each (refreshed by ANALYZE / autovacuum; reused for ``_STATS_TTL_SECONDS``)."""
        return self._planner_stats(
            column,
            "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats"
            " WHERE schemaname = current_schema() AND tablename = 'memories' AND attname = %s",
            (column,),
        )

    def _common_key_counts(self) -> dict[str, float]:
        """Most common entity keys with the estimated number of items carrying each, from the planner's
        statistics of ``memory_entities.key`` (one row per item and key)."""
        return self._planner_stats(
            "memory_entities.key",
            "SELECT most_common_vals::text::text[],"
            " (SELECT array_agg(f * c.reltuples) FROM unnest(most_common_freqs) AS f)"
            " FROM pg_stats, pg_class c WHERE schemaname = current_schema() AND tablename = 'memory_entities'"
            " AND attname = 'key' AND c.oid = 'memory_entities'::regclass",
        )

    def _planner_stats(self, name: str, query: str, params: Sequence[Any] = ()) -> dict[str, float]:
        now = time.monotonic()
        cached = self._mce_cache.get(name)
        if cached is not None and now - cached[0] < _STATS_TTL_SECONDS:
            return cached[1]
        rows = self._rows(query, params)
        freqs = {} if not rows or rows[0][0] is None else dict(zip(rows[0][0], rows[0][1], strict=False))
        self._mce_cache[name] = (now, freqs)
        return freqs

    def _corpus_stats(self) -> tuple[int, float]:
        """(number of items, average BM25 document length). Exact below ``_STATS_EXACT_BELOW`` items.
        Above, estimated and reused for ``_STATS_TTL_SECONDS``: the row count from the planner's
        ``reltuples`` and the average length from a 1% block sample. Counting a million rows costs
        ~0.3 s, which a recall must not pay; BM25 and the IDF weights barely move with a 1% error."""
        now = time.monotonic()
        cached = self._stats_cache
        if cached is not None and now - cached[0] < cached[1]:
            return cached[2]
        estimate = self._rows("SELECT reltuples::bigint FROM pg_class WHERE oid = 'memories'::regclass", ())
        n_est = int(estimate[0][0]) if estimate and estimate[0][0] is not None else -1
        if n_est >= _STATS_EXACT_BELOW:
            sample = self._rows("SELECT avg(doc_len) FROM memories TABLESAMPLE SYSTEM (1)", ())[0][0]
            if sample is None:  # an unlucky empty sample: take the exact figures once
                sample = self._rows("SELECT avg(doc_len) FROM memories", ())[0][0]
            stats = (n_est, float(sample or 0.0))
            self._stats_cache = (now, _STATS_TTL_SECONDS, stats)
            return stats
        n, total_len = self._rows("SELECT count(*), coalesce(sum(doc_len), 0) FROM memories", ())[0]
        stats = (int(n), float(total_len) / n if n else 0.0)
        self._stats_cache = (now, 0.0 if n < _STATS_EXACT_BELOW else _STATS_TTL_SECONDS, stats)
        return stats

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
            "FROM unnest(%s::text[], %s::int[], %s::float8[]) AS k(key, cap, w)"
            " CROSS JOIN LATERAL (SELECT e.memory_seq AS seq FROM memory_entities e"
            f" JOIN memories m ON m.seq = e.memory_seq WHERE e.key = k.key AND {where}"
            " ORDER BY e.memory_seq DESC LIMIT k.cap) c"
        )
        values = (keys, key_caps(keys, common, limit), [weights.get(k, 1.0) for k in keys], *params)
        if not common:  # the usual case: PostgreSQL sums and ranks
            rows = self._rows(
                f"SELECT c.seq, SUM(k.w) AS total {per_key} GROUP BY c.seq ORDER BY total DESC, c.seq DESC LIMIT %s",
                (*values, limit),
            )
            return [(int(seq), float(total)) for seq, total in rows]
        pairs = [(str(key), int(seq)) for key, seq in self._rows(f"SELECT k.key, c.seq {per_key}", values)]
        by_rarer = sorted({seq for key, seq in pairs if key not in common})
        if common and by_rarer:
            pairs += [
                (str(key), int(seq))
                for key, seq in self._rows(
                    "SELECT key, memory_seq FROM memory_entities WHERE key = ANY(%s::text[])"
                    " AND memory_seq = ANY(%s::bigint[])",
                    (common, by_rarer),
                )
            ]
        return rank_pairs(pairs, weights, limit)

    def key_frequencies(self, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per key) across the whole store: for weighting rare keys up. Exact
        below ``_STATS_EXACT_BELOW`` items; above, a key among the planner's most common values takes its
        count from there (counting a key that 80,000 items carry costs ~10 ms per query)."""
        keys = list(dict.fromkeys(keys))
        total = self._corpus_stats()[0]
        if not keys:
            return total, {}
        if total < _STATS_EXACT_BELOW:
            return total, self._count_keys(keys)
        common = self._common_key_counts()
        counts = {k: int(common[k]) for k in keys if k in common}
        now = time.monotonic()
        for k in keys:
            hit = self._key_count_cache.get(k)
            if k not in counts and hit is not None and now - hit[0] < _STATS_TTL_SECONDS:
                counts[k] = hit[1]
        todo = [k for k in keys if k not in counts]
        if todo:
            fresh = self._count_keys(todo)
            if len(self._key_count_cache) > 10_000:
                self._key_count_cache.clear()
            for k in todo:
                counts[k] = fresh.get(k, 0)
                self._key_count_cache[k] = (now, counts[k])
        return total, {k: n for k, n in counts.items() if n}

    def _count_keys(self, keys: Sequence[str]) -> dict[str, int]:
        rows = self._rows(
            "SELECT key, COUNT(*) FROM memory_entities WHERE key = ANY(%s::text[]) GROUP BY key",
            (list(keys),),
        )
        return {str(k): int(n) for k, n in rows}

    def term_stats(self, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items containing each porter-stemmed term), as FTS5's vocabulary answers it
        in SQLite: from ``porter_terms`` (keyword text and subject), so both backends prune and weigh the
        same query words alike. Exact below ``_STATS_EXACT_BELOW`` items; above, a term among the
        planner's most common elements takes its frequency from ``pg_stats`` and the rest are counted."""
        stems = list(dict.fromkeys(terms))
        total = self._corpus_stats()[0]
        if not stems:
            return total, {}
        df: dict[str, int] = {}
        if total >= _STATS_EXACT_BELOW:
            freq = self._common_element_freqs("porter_terms")
            df = {t: int(freq[t] * total) for t in stems if t in freq}
        todo = [t for t in stems if t not in df]
        if todo:
            rows = self._rows(
                "SELECT t.term, (SELECT count(*) FROM memories d WHERE d.porter_terms @> ARRAY[t.term])"
                " FROM unnest(%s::text[]) AS t(term)",
                (todo,),
            )
            df.update({t: int(n) for t, n in rows})
        return total, {t: n for t, n in df.items() if n}

    def neighbours(self, seqs: Sequence[int], window: int) -> dict[int, list[int]]:
        """The nearest ``window`` items on each side of each seq in the same conversation (the same
        ``provenance.conversation_id`` string, workspace, owner and space); see ``storage/neighbours.py``.
        Not scope-filtered: callers fetch with scope. One primary-key lookup of the seqs around them."""
        if not seqs or window <= 0:
            return {}
        rows = self._rows(
            "SELECT seq, workspace, owner, space, CASE jsonb_typeof(provenance -> 'conversation_id')"
            " WHEN 'string' THEN provenance ->> 'conversation_id' END FROM memories"
            " WHERE seq = ANY(%s::bigint[])",
            (seqs_around(seqs, window),),
        )
        return conversation_neighbours(seqs, window, rows)

    def contents(self, seqs: Sequence[int]) -> dict[int, str]:
        """Content by seq, unscoped: only for seqs a scoped query returned."""
        if not seqs:
            return {}
        rows = self._rows("SELECT seq, content FROM memories WHERE seq = ANY(%s::bigint[])", (list(seqs),))
        return {int(seq): str(content) for seq, content in rows}

    def entity_keys_of(self, seqs: Sequence[int]) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {s: set() for s in seqs}
        if not seqs:
            return out
        for seq, key in self._rows(
            "SELECT memory_seq, key FROM memory_entities WHERE memory_seq = ANY(%s::bigint[])", (list(seqs),)
        ):
            out[int(seq)].add(key)
        return out

    def vector_search(
        self, actor: Actor, filters: Filters, query: npt.NDArray[np.float32], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, cosine similarity) best first: ``ORDER BY embedding <=> query LIMIT k`` with the scope in
        the same query. With the HNSW index the search is approximate; pgvector 0.8's iterative scan
        (``relaxed_order``) keeps walking the graph until enough rows pass the scope filters, and the
        outer ORDER BY restores exact order among what was found."""
        model = self.vector_model
        if model is None or len(query) == 0:
            return []
        dim = len(query)
        expr, param, _ = _vector_sql(dim)
        where, params = _scope(actor, filters, now)
        statement = sql.SQL(
            "SELECT seq, 1 - dist FROM (SELECT v.memory_seq AS seq, {expr} <=> {param} AS dist"
            " FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq"
            " WHERE v.model = {model} AND v.dim = {dim} AND {where}"
            " ORDER BY {expr} <=> {param} LIMIT %s) s ORDER BY dist, seq"
        ).format(
            expr=sql.SQL(expr), param=sql.SQL(param), model=sql.Literal(model), dim=sql.Literal(dim),
            where=sql.SQL(where),
        )  # fmt: skip
        vec = np.ascontiguousarray(query, dtype=np.float32)
        # ef_search: the candidate list HNSW keeps while walking its graph. 4 x the results asked for
        # gave recall@10 0.98 against exact search at 1M items (2 x: 0.95; see docs/scaling.md).
        ef_search = max(100, min(1000, _EF_PER_RESULT * limit))
        settings = "SELECT set_config('hnsw.ef_search', %s, true)"
        if self._pgvector >= (0, 8):  # one round trip for both settings
            settings += ", set_config('hnsw.iterative_scan', 'relaxed_order', true)"
        with self._connection() as conn, conn.transaction():
            conn.execute(settings, (str(ef_search),))
            rows = conn.execute(statement, (vec, *params, vec, limit)).fetchall()
        return [(int(seq), float(sim)) for seq, sim in rows]
