"""Retrieval lanes. Each finds candidates one way and says how strong its evidence is per candidate.

A lane is a class with a ``name`` and ``run(query, store, spec, config) -> LaneResult``; registering it
in ``LANES`` and naming it in a ``RetrievalConfig`` is all the engine needs.
"""

from __future__ import annotations

from .base import Lane, LaneResult, Query
from .entity import EntityLane
from .graph import GraphLane
from .keyword import KeywordLane
from .semantic import SemanticLane
from .time import TimeLane

LANES: dict[str, Lane] = {
    lane.name: lane for lane in (SemanticLane(), KeywordLane(), EntityLane(), TimeLane(), GraphLane())
}

__all__ = ["LANES", "Lane", "LaneResult", "Query"]
