"""Keyword lane: BM25 over the full-text index; the query's words are always quoted terms.

Terms that a large share of items contain are left out of the index query: they barely move BM25
(their IDF is near zero) but make the index visit most of the store, which is what makes an OR query
slow at 100k items. The rarest terms are always kept so a query never loses its keyword lane.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig

__all__ = ["KeywordLane", "term_frequencies"]


@lru_cache(maxsize=1)
def _porter() -> Any:
    import Stemmer

    return Stemmer.Stemmer("porter")  # the algorithm of SQLite FTS5's porter tokenizer


def term_frequencies(query: Query, store: Store) -> tuple[int, dict[str, int]]:
    """(items in the store, items containing each query term), computed once per query."""
    if query.term_df is None:
        porter = _porter()
        stem_of = {t: porter.stemWord(t.lower()) for t in query.terms}
        total, df = store.term_stats(sorted(set(stem_of.values())))
        query.term_df = (total, {t: df.get(p, 0) for t, p in stem_of.items()})
    return query.term_df


#: below this many items every query is fast: no term is left out
PRUNE_FROM = 2000


class KeywordLane:
    name = "keyword"

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        if not query.terms:
            return LaneResult()
        terms = query.terms
        total, df = term_frequencies(query, store)
        if total >= PRUNE_FROM:
            present = sorted((t for t in terms if df[t] > 0), key=df.__getitem__)
            common = {t for t in present[2:] if df[t] > config.keyword_max_share * total}
            terms = [t for t in terms if t not in common]
        depth = max(spec.depth, query.limit * 3)
        return LaneResult(store.keyword_search(query.actor, query.filters, terms, query.now, depth))
