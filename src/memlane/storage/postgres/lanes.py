"""PostgreSQL retrieval lanes: the keyword, entity, vector and neighbour queries, and the corpus and
term statistics that weigh them; mixed into ``PostgresStore``.

- **Keyword rank** is BM25 computed in SQL over the ``tsvector`` (see ``keyword_search``), so the lane
  orders hits like SQLite's, with the statistics of what the caller may read (``storage/stats.py``).
- **Vectors** live in PostgreSQL itself (pgvector), searched with an HNSW index in the same query as the
  scope filters; there is no in-process cache to keep in step.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg import sql

from ...models import Actor, Filters
from ...text.stems import stem_words
from ..entity_keys import key_caps, rank_pairs
from ..neighbours import conversation_neighbours, seqs_around
from .rows import _readable, _scope, _vector_sql, fts_text

#: FTS5's bm25() constants, so that both backends order keyword hits alike
_BM25_K1 = 1.2
_BM25_B = 0.75
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
    """The lane queries of ``PostgresStore``, which provides the pool and the pgvector version."""

    vector_model: str | None
    _pgvector: tuple[int, ...]

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
        (df + 0.5)) over what the actor may read (floored at 1e-6, as FTS5 does), and the term frequency is the
        number of positions of its lexeme in the document's tsvector. Differences from FTS5: the
        english configuration (Snowball stemmer, stop words) instead of porter/unicode61, and a term
        that splits into several lexemes ("e-mail", "o'brien") matches items holding all of them, with
        the smallest of their counts as its frequency, where FTS5 counts the phrase.
        """
        # (split and stemmed as the documents were: see ``fts_text`` and ``text.stems``)
        terms = [t for t in dict.fromkeys(fts_text(stem_words(t)) for t in terms) if t]
        if not terms:
            return []
        total, avgdl, stats = self._term_stats(actor, terms)
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

    def _term_stats(
        self, actor: Actor, terms: Sequence[str]
    ) -> tuple[int, float, list[tuple[list[str], int]]]:
        """(items the actor may read, their average BM25 length, per term: its lexemes (english
        configuration) and how many of those items have them: the smallest count of its lexemes)."""
        lexemes = [
            list(r[0] or [])
            for r in self._rows(
                "SELECT tsvector_to_array(to_tsvector('english', t.term))"
                " FROM unnest(%s::text[]) WITH ORDINALITY AS t(term, i) ORDER BY t.i",
                (list(terms),),
            )
        ]
        total, tokens, df = self._scoped_counts(actor, "lexemes", {w for lx in lexemes for w in lx})
        stats = [(lx, min([df.get(w, 0) for w in lx] + [total]) if lx else 0) for lx in lexemes]
        return total, tokens / total if total else 0.0, stats

    def _scoped_counts(self, actor: Actor, table: str, values: set[str]) -> tuple[int, int, dict[str, int]]:
        """(items, BM25 tokens, items per value of ``stat_<table>``) over the statistics buckets ``actor``
        may read (see ``storage/stats.py``), in one statement."""
        column, count = {"terms": ("term", "df"), "lexemes": ("lexeme", "df"), "keys": ("key", "n")}[table]
        readable, params = _readable(actor)
        query = sql.SQL(
            "WITH b AS (SELECT m.id, m.items, m.tokens FROM stat_buckets m WHERE {readable})"
            " SELECT NULL::text, coalesce(sum(items), 0)::bigint, coalesce(sum(tokens), 0)::bigint FROM b"
            " UNION ALL SELECT s.{column}, sum(s.{count})::bigint, 0 FROM b JOIN {table} s ON s.bucket = b.id"
            " AND s.{column} = ANY(%s::text[]) GROUP BY s.{column}"
        ).format(
            readable=sql.SQL(readable), column=sql.Identifier(column), count=sql.Identifier(count),
            table=sql.Identifier(f"stat_{table}"),
        )  # fmt: skip
        rows = self._rows(query, (*params, sorted(values)))
        totals = next(r for r in rows if r[0] is None)
        counts = {str(v): int(n) for v, n, _ in rows if v is not None and n}
        return int(totals[1]), int(totals[2]), counts

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

    def key_frequencies(self, actor: Actor, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per key) among what ``actor`` may read: for weighting rare keys up."""
        total, _, counts = self._scoped_counts(actor, "keys", set(keys))
        return total, counts

    def term_stats(self, actor: Actor, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items containing each porter-stemmed term), as SQLite answers it: from the
        porter stems of the keyword text and subject (``porter_terms``), so both backends prune and weigh
        the same query words alike; among what ``actor`` may read."""
        total, _, counts = self._scoped_counts(actor, "terms", set(terms))
        return total, counts

    def neighbours(self, seqs: Sequence[int], window: int) -> dict[int, list[int]]:
        """The nearest ``window`` items on each side of each seq in the same conversation (the same
        ``provenance.conversation_id`` string, workspace, owner and space); see ``storage/neighbours.py``.
        Not scope-filtered: callers fetch with scope. One primary-key lookup of the seqs around them."""
        if not seqs or window <= 0:
            return {}
        rows = self._rows(
            "SELECT seq, workspace, owner, space, CASE json_typeof(provenance -> 'conversation_id')"
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
