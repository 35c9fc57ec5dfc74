"""What every built-in embedder promises the ``Embedder`` protocol, checked the same way by each.

A sequence of strings in (never one bare ``str``, which would be embedded character by character), and
float32 rows of unit length out.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memlane.providers.base import Vectors


def _check_texts(texts: Sequence[str]) -> list[str]:
    # A bare string is a Sequence[str] too; embedding it character by character is never what was meant.
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of strings, not a single str")
    items = list(texts)
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"embed() takes strings, got {type(item).__name__}")
    return items


def _l2_normalise(vectors: np.ndarray) -> Vectors:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.ascontiguousarray(vectors / np.maximum(norms, 1e-12), dtype=np.float32)
