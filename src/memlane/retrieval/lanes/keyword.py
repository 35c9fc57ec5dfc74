"""Keyword lane: BM25 over the full-text index; the query's words are always quoted terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig


class KeywordLane:
    name = "keyword"

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        if not query.terms:
            return LaneResult()
        depth = max(spec.depth, query.limit * 3)
        return LaneResult(store.keyword_search(query.actor, query.filters, query.terms, query.now, depth))
