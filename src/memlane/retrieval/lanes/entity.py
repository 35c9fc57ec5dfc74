"""Entity lane: exact matches on names, ids, dates and numbers found in the query.

Keys are weighted by rarity (IDF), and a key that most items carry (a speaker's own name in a chat log)
is left out: it cannot tell items apart.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...storage.entity_keys import common_keys
from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig


class EntityLane:
    name = "entity"
    needs_vector = False
    after_others = False

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        keys = query.entity_keys
        if not keys:
            return LaneResult()
        total, freq = query.key_counts(store, keys)
        weights = {
            k: math.log(1 + total / n)
            for k, n in freq.items()
            if n > 0 and (n <= max(1.0, config.entity_max_share * total) or total < 20)
        }
        query.known_entity_weights = weights
        if not weights:
            return LaneResult()
        depth = max(spec.depth, query.limit * 3)
        common = common_keys(sorted(weights), freq, total) if len(weights) > 1 else []
        ranked = store.entity_search(
            query.actor, query.filters, sorted(weights), query.now, depth, weights, common
        )
        return LaneResult(ranked)
