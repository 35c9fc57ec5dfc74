"""Built-in embedders: the packaged all-MiniLM-L6-v2 (ONNX or PyTorch) and OpenAI-compatible HTTP APIs.

Choose one with :func:`build_embedder`::

    "none"             no embedder (``None``): recall runs on the lexical lanes only
    "local"            the default: fp32 ONNX (same vectors as PyTorch, 2.5-3x faster per query on an
                       idle 2-core machine and far more under CPU contention; no torch at all)
    "local-onnx"       fp32 ONNX, explicitly
    "local-onnx-int8"  dynamically int8-quantised ONNX: 2-3x faster again, but its vectors move (cosine
                       ~0.99 to fp32), so it has its own identity and needs a reindex
    "local-torch"      sentence-transformers on PyTorch (the reference implementation)
    "openai:<model>"   any OpenAI-compatible ``/embeddings`` endpoint

Why ONNX by default (``bench/embedders.py``): on CPU, onnxruntime runs this 6-layer model several times
faster per query than PyTorch, loads in 0.2 s instead of 5 s, and its fp32 vectors are the same
(cosine > 0.9999), so the stored identity is shared and switching between
them needs no reindex. The ONNX file is not shipped; it is built once from the packaged safetensors
weights with ``onnx`` and ``safetensors`` (no PyTorch: ``onnx_graph``) and cached under
``<home>/models/``. After that, only ``onnxruntime`` and ``tokenizers`` are needed at run time.

The code is split by runtime: ``local_model`` (the packaged model, its identities and the ONNX export
cache), ``onnx_graph`` (the graph builder), ``local_onnx``, ``local_torch`` and ``openai_compat`` (one embedder class each) and ``contract``
(the input checks and normalisation they share); this module is the factory.

Nothing heavy is imported at module import time: torch, onnxruntime, tokenizers and sentence-transformers
are imported inside the functions that need them, so ``import memlane.providers.embedders`` stays cheap
for commands that never embed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from memlane.errors import ConfigError
from memlane.providers.base import Embedder

from .local_model import (
    LOCAL_DIM,
    LOCAL_IDENTITY,
    LOCAL_INT8_IDENTITY,
    LOCAL_MODEL_NAME,
    ensure_onnx_model,
    model_dir,
    onnx_model_path,
)
from .local_onnx import LocalOnnxEmbedder
from .local_torch import LocalTorchEmbedder
from .openai_compat import DEFAULT_OPENAI_URL, OpenAIEmbedder

__all__ = [
    "LOCAL_DIM",
    "LOCAL_IDENTITY",
    "LOCAL_INT8_IDENTITY",
    "LOCAL_MODEL_NAME",
    "LocalOnnxEmbedder",
    "LocalTorchEmbedder",
    "OpenAIEmbedder",
    "VALID_SPECS",
    "build_embedder",
    "check_spec",
    "ensure_onnx_model",
    "model_dir",
    "onnx_model_path",
]

VALID_SPECS = ("none", "local", "local-onnx", "local-onnx-int8", "local-torch", "openai:<model>")


def _int_setting(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a positive integer, got {raw!r}") from None
    if value < 1:
        raise ConfigError(f"{name} must be a positive integer, got {raw!r}")
    return value


def check_spec(spec: str) -> None:
    """Raise ConfigError unless ``spec`` names an embedder; builds nothing (no model is loaded)."""
    name = (spec or "").strip().lower()
    if name in ("none", "local", "local-onnx", "local-onnx-int8", "local-torch"):
        return
    if name.startswith("openai:") and name.split(":", 1)[1].strip():
        return
    raise ConfigError(f"unknown embedder {spec!r}; valid values: {', '.join(VALID_SPECS)}")


def build_embedder(spec: str, *, home: Path, environ: Mapping[str, str] | None = None) -> Embedder | None:
    """Build the embedder named by ``spec`` (see the module docstring); ``"none"`` gives ``None``.

    ``environ`` (default ``os.environ``, read only when called) supplies:
    ``MEMLANE_EMBEDDING_THREADS`` (onnxruntime intra-op threads for the local ONNX runtimes),
    ``MEMLANE_EMBEDDING_URL`` (default ``https://api.openai.com/v1``),
    ``MEMLANE_EMBEDDING_API_KEY`` or ``OPENAI_API_KEY``, and ``MEMLANE_EMBEDDING_DIM``.
    """
    env: Mapping[str, str] = os.environ if environ is None else environ
    raw = (spec or "").strip()
    name = raw.lower()
    if name == "none":
        return None
    if name in ("local", "local-onnx", "local-onnx-int8"):
        threads = _int_setting(env, "MEMLANE_EMBEDDING_THREADS")
        return LocalOnnxEmbedder(Path(home), quantized=name == "local-onnx-int8", threads=threads)
    if name == "local-torch":
        return LocalTorchEmbedder()
    if name.startswith("openai:"):
        model = raw.split(":", 1)[1].strip()
        if not model:
            raise ConfigError("embedder 'openai:' needs a model name, e.g. 'openai:text-embedding-3-small'")
        base_url = env.get("MEMLANE_EMBEDDING_URL", "").strip() or DEFAULT_OPENAI_URL
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"MEMLANE_EMBEDDING_URL must be an http(s) URL, got {base_url!r}")
        api_key = env.get("MEMLANE_EMBEDDING_API_KEY", "").strip() or env.get("OPENAI_API_KEY", "").strip()
        if not api_key and base_url.rstrip("/") == DEFAULT_OPENAI_URL:
            raise ConfigError(
                "the OpenAI embedder needs an API key: set MEMLANE_EMBEDDING_API_KEY or OPENAI_API_KEY "
                "(or MEMLANE_EMBEDDING_URL for a server without authentication)"
            )
        dim = _int_setting(env, "MEMLANE_EMBEDDING_DIM")
        return OpenAIEmbedder(model, api_key=api_key or None, base_url=base_url, dim=dim)
    raise ConfigError(f"unknown embedder {raw!r}; valid values: {', '.join(VALID_SPECS)}")
