"""Reciprocal rank fusion (Cormack et al., 2009), weighted per lane. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["rrf"]


def rrf(
    ranked_lists: Mapping[str, Sequence[int]], weights: Mapping[str, float], k: int = 60
) -> dict[int, float]:
    """Fused score per item: the sum over lanes of weight / (k + rank), rank starting at 1."""
    fused: dict[int, float] = {}
    for lane, items in ranked_lists.items():
        w = weights.get(lane, 1.0)
        for rank, item in enumerate(items, start=1):
            fused[item] = fused.get(item, 0.0) + w / (k + rank)
    return fused
