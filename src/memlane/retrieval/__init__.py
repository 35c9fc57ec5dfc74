"""Hybrid retrieval: lanes (semantic, keyword, entity, time; later graph) fused by reciprocal rank fusion,
then weighted by recency, importance and access. Configured with data (``RetrievalConfig``)."""

from .config import PRESETS, LaneSpec, RetrievalConfig

__all__ = ["PRESETS", "LaneSpec", "RetrievalConfig"]
