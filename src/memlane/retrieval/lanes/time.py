"""Time lane: the query names a period ("on 16 June, 2023", "in August 2023", "last week") and the items
observed then are searched on their own.

A question about what was said on a given day has its answer among that day's items, but the whole
store's keyword and semantic rankings rarely put it near the top: words like "news" or "painting" match
items from every day. This lane asks the keyword and semantic searches again with the period as an
observation-time filter (inside the storage query, like every filter) and fuses the two rankings, so
the best matches *of that period* become candidates. Periods longer than ``MAX_DAYS`` barely narrow a
store (a year holds most of it) and are left to the time signal (``signals.py``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ... import text
from ..fusion import rrf
from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig

#: the longest period the lane searches (a month)
MAX_DAYS = 31


class TimeLane:
    name = "time"
    needs_vector = True
    after_others = False

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        period = text.parse_when(query.text, now=query.now)
        if period is None or (period[1] - period[0]).days > MAX_DAYS:
            return LaneResult()
        start, end = period
        f = query.filters
        after = max(start, f.observed_after) if f.observed_after else start
        before = min(end, f.observed_before) if f.observed_before else end
        if after >= before:
            return LaneResult()
        narrowed = replace(f, observed_after=after, observed_before=before)
        depth = max(spec.depth, query.limit * 3)
        lists: dict[str, list[tuple[int, float]]] = {}
        if query.terms:
            lists["keyword"] = store.keyword_search(query.actor, narrowed, query.terms, query.now, depth)
        vector = query.vector
        if vector is not None:
            lists["semantic"] = store.vector_search(query.actor, narrowed, vector, query.now, depth)
        fused = rrf(lists, {}, config.rrf_k)
        return LaneResult(sorted(fused.items(), key=lambda item: (-item[1], -item[0])))
