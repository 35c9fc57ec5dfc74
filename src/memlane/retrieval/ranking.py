"""Weighting of the fused ranking and the calibrated 0-1 score. Pure functions.

The *rank* comes from reciprocal rank fusion times a bounded multiplier (recency, importance, access).
The *score* is evidence, not rank: each lane's absolute evidence for the item (cosine similarity on
the embedder's own calibrated scale, IDF-weighted share of the query's words present, share of the query's entities named) combined by a
noisy-OR, so a hit that only ranks first because nothing else matched still gets a low score, and
``min_score`` means the same thing for every query. Scores are made non-increasing down the ranking so
that filtering by score always keeps a prefix of it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime

from .config import LaneSpec, RetrievalConfig

__all__ = ["calibrated_score", "monotone", "multiplier"]


def multiplier(
    config: RetrievalConfig,
    *,
    observed_at: datetime,
    now: datetime,
    importance: float,
    access_count: int,
    past_question: bool,
) -> float:
    m = 1.0
    if not past_question and config.recency_boost > 0:
        age_days = max(0.0, (now - observed_at).total_seconds() / 86400.0)
        m *= 1.0 + config.recency_boost * 0.5 ** (age_days / config.recency_half_life_days)
    m *= 1.0 + config.importance_weight * (importance - 0.5)
    m *= 1.0 + min(config.access_cap, config.access_weight * math.log1p(max(0, access_count)))
    return m


def calibrated_score(evidence: Mapping[str, float], lanes: Sequence[LaneSpec]) -> float:
    """Noisy-OR of lane evidence: 1 - prod(1 - strength * evidence)."""
    miss = 1.0
    for spec in lanes:
        e = evidence.get(spec.name, 0.0)
        if e > 0:
            miss *= 1.0 - spec.evidence_strength * min(1.0, e)
    # context evidence is already a share of the neighbour's relevance
    miss *= 1.0 - min(1.0, evidence.get("context", 0.0))
    return round(1.0 - miss, 4)


def monotone(scores: Sequence[float]) -> list[float]:
    out: list[float] = []
    ceiling = 1.0
    for s in scores:
        ceiling = min(ceiling, s)
        out.append(ceiling)
    return out
