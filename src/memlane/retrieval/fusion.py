"""Reciprocal rank fusion (Cormack et al., 2009), weighted per lane. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["best_first", "rrf"]


def rrf(
    ranked_lists: Mapping[str, Sequence[tuple[int, float]]], weights: Mapping[str, float], k: int = 60
) -> dict[int, float]:
    """Fused score per item: the sum over lanes of weight / (k + rank), rank starting at 1.

    Each list holds (item, lane score) best first. Items a lane scores equally get the mean of
    weight / (k + rank) over the ranks they occupy together — what each would get on average if the
    tie were broken at random. So the order in which a backend happens to return ties never decides
    the fusion, and a lane that cannot tell many items apart (every memory of a name scores the same)
    gives each of them little, not the first rank's share: one item alone at rank 1 gets w / (k + 1),
    fifty tied at ranks 1-50 get about a third of that each (k = 5).
    """
    fused: dict[int, float] = {}
    for lane in sorted(ranked_lists):  # one order of addition: a float sum depends on it (last bits)
        items = ranked_lists[lane]
        w = weights.get(lane, 1.0)
        start = 0
        while start < len(items):
            score = items[start][1]
            end = start + 1
            while end < len(items) and abs(items[end][1] - score) <= 1e-9 * max(1.0, abs(score)):
                end += 1
            if end - start == 1:
                share = w / (k + end)
            else:
                share = sum(w / (k + rank) for rank in range(start + 1, end + 1)) / (end - start)
            for item, _ in items[start:end]:
                fused[item] = fused.get(item, 0.0) + share
            start = end
    return fused


def best_first(scores: Mapping[int, float], n: int | None = None) -> list[int]:
    """The items by score, best first, the newest (highest storage seq) first among equal scores; the
    first ``n`` of them. Never the order the scores were gathered in, which can follow a set of strings
    (salted per process), so the same recall ranks and cuts its pool the same way in every process."""
    ranked = sorted(scores, key=lambda item: (-scores[item], -item))
    return ranked if n is None else ranked[:n]
