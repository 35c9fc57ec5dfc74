"""How much a cosine similarity means, per embedder.

Embedders spread similarities differently: for all-MiniLM-L6-v2 an unrelated question and statement sit
near 0.05 and a question and its answer near 0.7, while other models (many behind OpenAI-compatible
endpoints) put unrelated texts at 0.3 or even 0.7. A fixed cosine floor would therefore let everything
through for one model and nothing for another. Instead each embedder is measured once on a fixed set of
sixty unrelated topics (``calibration_set.py``: a statement and the question it answers per topic):

- ``floor``: the ``floor_quantile`` of the similarities of a question to *other* topics' statements
  (3,540 unrelated pairs): below it, semantic similarity is no evidence that an item is relevant;
- ``full``: the median similarity of a question to its *own* statement: a typical true answer.

Semantic evidence rises from 0 at the floor to 1 at ``full``. The measurement costs one batch of 120
short texts per embedder identity and process (cached); on all-MiniLM-L6-v2 it gives floor 0.28 and full
0.72 (see docs/benchmarks.md for the choice of quantile).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .calibration_set import PAIRS

__all__ = ["SemanticScale", "measure", "scale_for"]


@dataclass(frozen=True, slots=True)
class SemanticScale:
    floor: float  # no evidence at or below
    full: float  # full evidence at or above

    def evidence(self, cosine: float) -> float:
        return min(1.0, max(0.0, (cosine - self.floor) / max(self.full - self.floor, 1e-6)))


def measure(
    embed: Callable[[Sequence[str]], npt.NDArray[np.float32]], floor_quantile: float
) -> SemanticScale:
    """Embed the calibration set and read the scale off its related and unrelated pairs."""
    statements = np.asarray(embed([s for s, _ in PAIRS]), dtype=np.float64)
    questions = np.asarray(embed([q for _, q in PAIRS]), dtype=np.float64)
    statements /= np.maximum(np.linalg.norm(statements, axis=1, keepdims=True), 1e-12)
    questions /= np.maximum(np.linalg.norm(questions, axis=1, keepdims=True), 1e-12)
    sims = questions @ statements.T
    related = np.diag(sims)
    unrelated = sims[~np.eye(len(sims), dtype=bool)]
    floor = float(np.quantile(unrelated, floor_quantile))
    full = float(np.median(related))
    if full <= floor:  # an embedder that cannot tell answers from unrelated text: semantic evidence only at 1
        full = min(1.0, floor + 1e-3)
    return SemanticScale(floor=round(floor, 4), full=round(full, 4))


_cache: dict[tuple[str, float], SemanticScale] = {}
_lock = threading.Lock()


def scale_for(
    identity: str, embed: Callable[[Sequence[str]], npt.NDArray[np.float32]], floor_quantile: float
) -> SemanticScale:
    """The embedder's scale, measured on first use and kept for the process (keyed by model identity:
    the identity changes whenever the vectors do)."""
    key = (identity, floor_quantile)
    with _lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    scale = measure(embed, floor_quantile)  # outside the lock: a remote embedder may take a while
    with _lock:
        return _cache.setdefault(key, scale)
