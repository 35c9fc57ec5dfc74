"""Retrieval is configured with data: which lanes run, how deep, with what fusion weight, and how the
fused ranking is weighted. A new lane (the graph lane) is one more ``LaneSpec``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["PRESETS", "LaneSpec", "RetrievalConfig"]


@dataclass(frozen=True, slots=True)
class LaneSpec:
    name: str  # a key of retrieval.lanes.LANES
    weight: float = 1.0  # RRF weight
    depth: int = 50  # candidates the lane contributes (at least limit * 3)
    #: how much this lane's evidence counts towards the calibrated score (noisy-OR strength)
    evidence_strength: float = 0.8


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    # Fusion weights and k were chosen by leave-one-conversation-out cross-validation on the LoCoMo
    # development split over a coarse grid (k in 5/10/20/60, semantic 0.7/1.0, entity 0.5/0.8): k=5 won
    # every fold. A small k trusts each lane's top ranks; the classic k=60 rewards agreement deep in the
    # lists, which with only three lanes mostly rewards noise. See docs/benchmarks.md.
    lanes: tuple[LaneSpec, ...] = (
        LaneSpec("semantic", weight=0.7, depth=50, evidence_strength=0.9),
        LaneSpec("keyword", weight=1.0, depth=50, evidence_strength=0.85),
        LaneSpec("entity", weight=0.5, depth=50, evidence_strength=0.6),
        LaneSpec("time", weight=1.0, depth=50, evidence_strength=0.4),
        # set a priori, like the entity lane's, and not fitted to any data set (docs/benchmarks.md)
        LaneSpec("graph", weight=0.5, depth=50, evidence_strength=0.5),
    )
    rrf_k: int = 5
    #: a fresh item's fused score is multiplied by up to (1 + recency_boost); the boost halves every
    #: ``recency_half_life_days``. Small by design: a strong old match still beats a weak recent one.
    recency_boost: float = 0.15
    recency_half_life_days: float = 30.0
    #: multiplier 1 + importance_weight * (importance - 0.5)
    importance_weight: float = 0.2
    #: multiplier 1 + access_weight * log1p(access_count), capped at 1 + access_cap
    access_weight: float = 0.03
    access_cap: float = 0.1
    #: semantic similarity counts as evidence above this quantile of the embedder's similarities between
    #: unrelated texts, measured per embedder (``calibration.py``); a hit needs evidence of its own
    semantic_floor_quantile: float = 0.99
    #: a key held by more than this share of items says little and is left out of the entity lane
    entity_max_share: float = 0.2
    #: a word in more than this share of items does not find keyword candidates (at 2,000+ items):
    #: it only adds its BM25 weight to the candidates the rarer words found (speed at scale).
    keyword_max_share: float = 0.1
    #: the graph lane: a memory about a one-hop neighbour of an entity the query names scores this
    #: (one about the entity itself scores 1); the strongest ``graph_neighbours`` neighbours are
    #: followed (those whose memories fit in the lane's depth)
    graph_hop_weight: float = 0.5
    graph_neighbours: int = 10
    #: multiplier for items whose subject the query names
    subject_boost: float = 0.15
    #: items that are themselves questions are multiplied by 1 - question_item_penalty
    question_item_penalty: float = 0.15
    #: items observed at a time the query names
    time_boost: float = 0.1
    #: items that say when (a date or relative time) for "when…" questions
    when_boost: float = 0.1
    #: neighbours (the context_window nearest items on each side in the same conversation, as named by
    #: ``provenance.conversation_id``) of the top context_depth supported candidates gain
    #: context_weight × their neighbour's fused score
    context_weight: float = 0.3
    context_window: int = 2
    context_depth: int = 20
    #: the reply to a candidate that asks something (the next item of its conversation, said by someone
    #: else) gains reply_weight × the candidate's fused score instead
    reply_weight: float = 1.0
    #: with include_history, a version whose score is within this of a version it superseded ranks first
    history_tie: float = 0.05
    extra: dict[str, Any] = field(default_factory=dict)

    def lane(self, name: str) -> LaneSpec | None:
        return next((lane for lane in self.lanes if lane.name == name), None)

    def without(self, *names: str) -> RetrievalConfig:
        return replace(self, lanes=tuple(lane for lane in self.lanes if lane.name not in names))


PRESETS: dict[str, RetrievalConfig] = {
    "default": RetrievalConfig(),
    "keyword-only": RetrievalConfig().without("semantic", "entity", "time", "graph"),
    "semantic-only": RetrievalConfig().without("keyword", "entity", "time", "graph"),
    "no-graph": RetrievalConfig().without("graph"),
}
