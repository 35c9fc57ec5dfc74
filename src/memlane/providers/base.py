"""The embedder interface: one method to implement.

A vector is only comparable with vectors of the same ``identity``; memlane stores the identity with each
vector, and ``reindex`` re-embeds every vector whose identity differs from the configured embedder's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    #: Stable name of the model *and* of anything that changes its vectors (e.g. quantisation), such as
    #: ``"local/all-MiniLM-L6-v2"`` or ``"openai/text-embedding-3-small"``. Two runtimes that give the
    #: same vectors (fp32 PyTorch and fp32 ONNX) share an identity.
    identity: str
    #: Number of dimensions of every vector this embedder returns.
    dim: int

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Return a float32 array of shape (len(texts), dim), each row L2-normalised."""
        ...
