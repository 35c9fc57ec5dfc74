"""Reciprocal rank fusion (Cormack et al., 2009), weighted per lane. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["rrf"]


def rrf(
    ranked_lists: Mapping[str, Sequence[tuple[int, float]]], weights: Mapping[str, float], k: int = 60
) -> dict[int, float]:
    """Fused score per item: the sum over lanes of weight / (k + rank), rank starting at 1.

    Each list holds (item, lane score) best first. Items a lane scores equally share the better rank
    ("1, 1, 3"), so the order in which a backend happens to return ties never decides the fusion and
    the recency, importance and subject signals can break them.
    """
    fused: dict[int, float] = {}
    for lane, items in ranked_lists.items():
        w = weights.get(lane, 1.0)
        rank = 0
        previous: float | None = None
        for position, (item, score) in enumerate(items, start=1):
            if previous is None or abs(score - previous) > 1e-9 * max(1.0, abs(previous)):
                rank = position
                previous = score
            fused[item] = fused.get(item, 0.0) + w / (k + rank)
    return fused
