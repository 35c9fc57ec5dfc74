"""Semantic lane: exact cosine similarity to the query's embedding. Skipped when no embedder is set."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig


class SemanticLane:
    name = "semantic"
    needs_vector = True
    after_others = False

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        vector = query.vector
        if vector is None:
            return LaneResult()
        depth = max(spec.depth, query.limit * 3)
        return LaneResult(store.vector_search(query.actor, query.filters, vector, query.now, depth))
