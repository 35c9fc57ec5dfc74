"""The entity lane's rules shared by every backend: which query keys are *common*, how many items each
key may find, and how the found (key, item) pairs add up.

Each key finds at most its newest ``cap`` items in scope (an index walk from the newest entry; each
entry costs a row lookup to check the scope, and in a multi-user store most entries are other users').
A common key, one that many items carry, finds only its newest ``limit`` items, and adds its weight to
the items the rarer keys found through one index probe per item: so an old item naming a rare and a
common key keeps both weights, and the common key costs ``limit`` lookups instead of thousands. Keys in
fewer than ``COMMON_KEY_MIN`` items are never common, so small stores (and the tests' parity checks)
follow the plain rule. The entity lane decides which keys are common (it counts them anyway, to weigh
them) and passes them to ``Store.entity_search``; the stores apply ``key_caps`` and ``rank_pairs``.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence

__all__ = ["COMMON_KEY_MIN", "COMMON_KEY_SHARE", "common_keys", "key_caps", "rank_pairs"]

COMMON_KEY_MIN = 2_000  # at 100k items, 2% (names of a synthetic corpus: 3.7%); measured hit@10 unchanged
COMMON_KEY_SHARE = 0.01


def common_keys(keys: Sequence[str], counts: Mapping[str, int], total: int) -> list[str]:
    """The keys that more than ``COMMON_KEY_MIN`` items, and more than ``COMMON_KEY_SHARE`` of all, carry."""
    threshold = max(COMMON_KEY_MIN, COMMON_KEY_SHARE * total)
    return [k for k in keys if counts.get(k, 0) > threshold]


def key_caps(keys: Sequence[str], common: Sequence[str], limit: int) -> list[int]:
    """How many of its newest items in scope each key finds."""
    return [limit if k in common else max(limit * 10, 500) for k in keys]


def rank_pairs(
    pairs: Iterable[tuple[str, int]], weights: Mapping[str, float], limit: int
) -> list[tuple[int, float]]:
    """(seq, summed weight of its keys) best first (ties: newest first) from distinct (key, seq) pairs."""
    totals: dict[int, float] = {}
    for key, seq in set(pairs):
        totals[seq] = totals.get(seq, 0.0) + weights.get(key, 1.0)
    return heapq.nsmallest(limit, totals.items(), key=lambda item: (-item[1], -item[0]))
