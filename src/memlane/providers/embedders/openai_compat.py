"""Embeddings over HTTP from any OpenAI-compatible ``/embeddings`` endpoint.

``httpx`` is imported only when a client is built, so importing this module stays cheap.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from memlane.errors import ConfigError, EmbedderError
from memlane.providers.base import Vectors

from ..http import JsonPoster
from .contract import _check_texts, _l2_normalise

if TYPE_CHECKING:  # pragma: no cover - typing only
    import httpx

__all__ = ["DEFAULT_OPENAI_URL", "OpenAIEmbedder"]

#: Native sizes of well-known models, so ``dim`` is known without a probe request.
_KNOWN_OPENAI_DIMS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
DEFAULT_OPENAI_URL = "https://api.openai.com/v1"


class OpenAIEmbedder:
    """Embeddings from any OpenAI-compatible ``POST {base}/embeddings`` (OpenAI, Azure-style proxies,
    vLLM, Ollama, LiteLLM, TEI...).

    Retries 429, 5xx and transport errors with exponential backoff (honouring ``Retry-After``; the one
    retry loop of every HTTP provider, ``providers/http.py``), sends at
    most ``batch_size`` inputs per request, re-orders results by ``index`` (the API does not promise
    order) and L2-normalises, since not every server does. Thread-safe: ``httpx.Client`` is.
    """

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str = DEFAULT_OPENAI_URL,
        dim: int | None = None,
        batch_size: int = 256,
        timeout: float = 30.0,
        max_attempts: int = 4,
        backoff: float = 0.5,
        max_backoff: float = 20.0,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        """``dim``, if given, is requested from the server (``dimensions``, supported by text-embedding-3
        and matryoshka models) unless it is the model's native size; otherwise it is learned from the
        first response. Requested sizes change the vectors, hence the ``@<dim>`` in the identity.
        """
        model = model.strip()
        if not model:
            raise ConfigError("the OpenAI embedder needs a model name, e.g. openai:text-embedding-3-small")
        if dim is not None and dim < 1:
            raise ConfigError("the embedding dimension must be a positive integer")
        if batch_size < 1 or max_attempts < 1:
            raise ConfigError("batch_size and max_attempts must be at least 1")
        self.model = model
        native = _KNOWN_OPENAI_DIMS.get(model)
        self._request_dim = dim if dim is not None and dim != native else None
        self._dim: int | None = dim if dim is not None else native
        self.identity = f"openai/{model}" + (f"@{self._request_dim}" if self._request_dim else "")
        self.base_url = base_url.rstrip("/")
        self.url = f"{self.base_url}/embeddings"
        self.batch_size = batch_size
        self._api_key = api_key or None
        # Retry-After is honoured up to max_backoff (an embedding call sits inside a store or a recall).
        self._http = JsonPoster(
            self.url,
            {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {},
            secret=self._api_key,
            key_hint="MEMLANE_EMBEDDING_API_KEY",
            error=EmbedderError,
            what="embedding request",
            timeout=timeout,
            max_attempts=max_attempts,
            backoff=backoff,
            max_backoff=max_backoff,
            max_retry_after=max_backoff,
            sleep=sleep,
            transport=transport,
        )
        self._dim_lock = threading.Lock()

    def __repr__(self) -> str:  # never show the key
        return f"OpenAIEmbedder(identity={self.identity!r}, url={self.url!r})"

    @property
    def dim(self) -> int:
        """Vector size; if neither configured nor known for the model, one small probe request learns it.

        (On Python 3.11 ``isinstance(x, Embedder)`` reads this attribute, so it may trigger that probe.)
        """
        if self._dim is None:
            self.embed(["dimension probe"])
        assert self._dim is not None
        return self._dim

    @dim.setter
    def dim(self, value: int) -> None:
        # Only so the class satisfies the protocol's plain ``dim: int`` attribute for type checkers.
        with self._dim_lock:
            self._dim = int(value)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> OpenAIEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = _check_texts(texts)
        if not items:
            return np.empty((0, self._dim or 0), dtype=np.float32)
        step = self.batch_size
        parts = [self._embed_batch(items[i : i + step]) for i in range(0, len(items), step)]
        return _l2_normalise(np.concatenate(parts, axis=0))

    # -- internals -------------------------------------------------------------------------------------

    def _embed_batch(self, batch: list[str]) -> np.ndarray:
        # OpenAI rejects empty strings; a single space embeds as "nothing" without failing the batch.
        payload: dict[str, Any] = {"model": self.model, "input": [t if t else " " for t in batch]}
        if self._request_dim is not None:
            payload["dimensions"] = self._request_dim
        body = self._http.post(payload)
        return self._parse(body, len(batch))

    def _parse(self, body: Any, expected: int) -> np.ndarray:
        def bad(why: str) -> EmbedderError:
            return EmbedderError(f"unexpected response from {self.url}: {why}")

        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise bad("no 'data' list")
        if len(data) != expected:
            raise bad(f"{len(data)} embeddings for {expected} inputs")
        rows: list[Any] = [None] * expected
        for position, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("embedding"), list):
                raise bad("an item without an 'embedding' list")
            index = item.get("index", position)
            if not isinstance(index, int) or not 0 <= index < expected or rows[index] is not None:
                raise bad(f"bad or repeated index {index!r}")
            rows[index] = item["embedding"]
        try:
            matrix = np.asarray(rows, dtype=np.float32)
        except (ValueError, TypeError) as exc:
            raise bad("embeddings of unequal length or non-numeric values") from exc
        if matrix.ndim != 2 or matrix.shape[1] == 0 or not np.isfinite(matrix).all():
            raise bad("empty or non-finite embeddings")
        with self._dim_lock:
            if self._dim is None:
                self._dim = int(matrix.shape[1])
            elif matrix.shape[1] != self._dim:
                raise bad(f"{matrix.shape[1]} dimensions, expected {self._dim}")
        return matrix
