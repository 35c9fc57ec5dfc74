"""The reference runtime: the packaged model through sentence-transformers on PyTorch.

``sentence_transformers`` (and with it torch) is imported only when this embedder is built.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from memlane.errors import EmbedderError
from memlane.providers.base import Vectors

from .contract import _check_texts, _l2_normalise
from .local_model import LOCAL_DIM, LOCAL_IDENTITY, model_dir

__all__ = ["LocalTorchEmbedder"]


class LocalTorchEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers on PyTorch: the reference the ONNX path must match.

    Slower on CPU than ONNX; kept for benchmarks, agreement tests and machines where it is already loaded.
    """

    identity: str = LOCAL_IDENTITY
    dim: int = LOCAL_DIM

    def __init__(self, *, batch_size: int = 64) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbedderError(
                f"the PyTorch runtime needs sentence-transformers ({exc}): "
                "`pip install torch==2.13.0 sentence-transformers`, or use the ONNX runtime ('local')"
            ) from exc
        try:
            self._model = SentenceTransformer(str(model_dir()), device="cpu")
        except Exception as exc:
            raise EmbedderError(f"cannot load the packaged model with sentence-transformers: {exc}") from exc
        self.batch_size = batch_size
        # encode() toggles module state (eval, tokenizer) per call; serialise rather than trust it.
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = _check_texts(texts)
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        try:
            with self._lock:
                vectors = self._model.encode(
                    items,
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
        except Exception as exc:
            raise EmbedderError(f"sentence-transformers failed: {exc}") from exc
        return _l2_normalise(vectors)
