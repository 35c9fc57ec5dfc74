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
short texts per embedder identity, kept for the process and in memlane's home (``calibration.json``);
on all-MiniLM-L6-v2 it gives floor 0.28 and full 0.72 (docs/benchmarks.md: the choice of quantile).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .calibration_set import PAIRS

__all__ = ["SemanticScale", "measure", "scale_for"]

log = logging.getLogger(__name__)


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
#: changes whenever the calibration set does, so that scales measured on another set are not reused
_SET_VERSION = hashlib.sha256(json.dumps(PAIRS).encode()).hexdigest()[:12]
CACHE_FILE = "calibration.json"


def scale_for(
    identity: str,
    embed: Callable[[Sequence[str]], npt.NDArray[np.float32]],
    floor_quantile: float,
    cache_dir: Path | None = None,
) -> SemanticScale:
    """The embedder's scale, measured on first use and kept for the process (keyed by model identity:
    the identity changes whenever the vectors do) and, with ``cache_dir`` (memlane's home), in
    ``calibration.json`` there, so that a new process (a CLI call) does not measure it again."""
    key = (identity, floor_quantile)
    with _lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    file_key = f"{identity}|{floor_quantile}|{_SET_VERSION}"
    stored = _read(cache_dir).get(file_key) if cache_dir is not None else None
    if (
        isinstance(stored, dict)
        and isinstance(stored.get("floor"), float)
        and isinstance(stored.get("full"), float)
    ):
        scale = SemanticScale(floor=stored["floor"], full=stored["full"])
    else:
        scale = measure(embed, floor_quantile)  # outside the lock: a remote embedder may take a while
        if cache_dir is not None:
            _write(cache_dir, file_key, scale)
    with _lock:
        return _cache.setdefault(key, scale)


def _read(cache_dir: Path) -> dict[str, Any]:
    try:
        data = json.loads((cache_dir / CACHE_FILE).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(cache_dir: Path, key: str, scale: SemanticScale) -> None:
    """Add one entry, atomically (a temporary file renamed over the old one); a home that cannot be
    written only costs a measurement per process."""
    try:
        data = _read(cache_dir)
        data[key] = {"floor": scale.floor, "full": scale.full}
        cache_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=".calibration-", suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(tmp, cache_dir / CACHE_FILE)
    except OSError as exc:
        log.debug("could not keep the embedder calibration in %s: %s", cache_dir, exc)
