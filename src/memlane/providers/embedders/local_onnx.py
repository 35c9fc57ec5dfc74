"""The default runtime: the packaged model on onnxruntime, with length-sorted, padding-bounded batches.

At run time it needs only ``onnxruntime`` and ``tokenizers`` (imported when an embedder is built); the
model file comes from :func:`.local_model.ensure_onnx_model`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memlane.errors import ConfigError, EmbedderError
from memlane.providers.base import Vectors

from .contract import _check_texts, _l2_normalise
from .local_model import (
    _ONNX_OUTPUT,
    LOCAL_DIM,
    LOCAL_IDENTITY,
    LOCAL_INT8_IDENTITY,
    _max_seq_length,
    ensure_onnx_model,
    model_dir,
)

__all__ = ["LocalOnnxEmbedder"]


def _default_threads() -> int:
    """Cores this process may use (respecting CPU affinity), capped at 8 so that a large host does not
    give a 6-layer model a pool of dozens of threads."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))


def _plan_batches(
    order: np.ndarray, lengths: np.ndarray, batch_size: int, max_tokens: int
) -> list[np.ndarray]:
    """Cut texts, sorted by token count, into runs whose padding stays small.

    A batch is closed when it holds ``batch_size`` texts, when its padded size would exceed
    ``max_tokens``, or when padding would exceed a quarter of its real tokens (plus a little slack).
    Padding costs as much compute as real tokens, while one more ``run`` costs well under a millisecond:
    without this, one long text in a batch of short ones made the whole batch ~10x slower.
    """
    batches: list[np.ndarray] = []
    start = 0
    real = 0
    for pos in range(len(order)):
        n = int(lengths[order[pos]])
        count = pos - start + 1
        padded = count * n
        if count > 1 and (
            count > batch_size or padded > max_tokens or padded - (real + n) > (real + n) // 4 + 16
        ):
            batches.append(order[start:pos])
            start, real = pos, 0
        real += n
    if start < len(order):
        batches.append(order[start:])
    return batches


class LocalOnnxEmbedder:
    """all-MiniLM-L6-v2 on onnxruntime: tokenizers + ONNX encoder with mean pooling, L2-normalised.

    ``embed`` is thread-safe: the tokenizer is configured once and only read afterwards, and onnxruntime
    sessions allow concurrent ``run`` calls.
    """

    dim: int = LOCAL_DIM

    def __init__(
        self,
        home: Path,
        *,
        quantized: bool = False,
        threads: int | None = None,
        batch_size: int = 32,
        max_batch_tokens: int = 4096,
        spinning: bool = False,
    ) -> None:
        """Load (exporting on first use) the cached ONNX model under ``home/models``.

        ``threads`` sets onnxruntime's intra-op pool (default: usable cores, max 8); one inter-op thread,
        since the graph is a straight chain. ``batch_size`` and ``max_batch_tokens`` bound each run
        (on 2 cores 32 measured as fast as or faster than 64 or 128). ``spinning`` lets idle pool
        threads busy-wait (see below).
        """
        if batch_size < 1:
            raise ConfigError("batch_size must be at least 1")
        if threads is not None and threads < 1:
            raise ConfigError("threads must be at least 1")
        self.quantized = quantized
        self.identity = LOCAL_INT8_IDENTITY if quantized else LOCAL_IDENTITY
        self.batch_size = batch_size
        self.max_batch_tokens = max(max_batch_tokens, 1)
        self.threads = threads or _default_threads()
        self.path = ensure_onnx_model(home, quantized=quantized)

        directory = model_dir()
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EmbedderError(
                f"the ONNX runtime is not installed ({exc}): `pip install onnxruntime tokenizers`"
            ) from exc

        try:
            tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        except Exception as exc:
            raise EmbedderError(f"cannot load the packaged tokenizer: {exc}") from exc
        # tokenizer.json ships with truncation at 128 and fixed padding to 128; sentence-transformers uses
        # 256 and pads to the longest text. Padding is done here, per length-sorted batch, instead.
        tokenizer.enable_truncation(max_length=_max_seq_length(directory))
        tokenizer.no_padding()
        self._tokenizer = tokenizer

        options = ort.SessionOptions()
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if not spinning:
            # Busy-waiting pool threads win ~0.5 ms per query on an idle machine but, when another process
            # holds a core, make every run wait for a descheduled spinner (measured 2-3x slower on 2 cores).
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            self._session = ort.InferenceSession(
                str(self.path), sess_options=options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:
            raise EmbedderError(
                f"cannot load the cached ONNX model {self.path} ({exc}); delete it to re-export"
            ) from exc
        self._feeds = {i.name for i in self._session.get_inputs()}

    def __repr__(self) -> str:
        return (
            f"LocalOnnxEmbedder(identity={self.identity!r}, threads={self.threads}, path={str(self.path)!r})"
        )

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Embed ``texts`` in length-sorted batches (less padding), returned in the caller's order."""
        items = _check_texts(texts)
        out = np.empty((len(items), self.dim), dtype=np.float32)
        if not items:
            return out
        try:
            encodings = self._tokenizer.encode_batch(items)
        except Exception as exc:
            raise EmbedderError(f"tokenisation failed: {exc}") from exc
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        order = np.argsort(lengths, kind="stable")
        for idx in _plan_batches(order, lengths, self.batch_size, self.max_batch_tokens):
            width = int(lengths[idx[-1]])  # sorted ascending: the last one is the longest
            ids = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            types = np.zeros((len(idx), width), dtype=np.int64)
            for row, i in enumerate(idx):
                enc = encodings[i]
                n = len(enc.ids)
                ids[row, :n] = enc.ids
                mask[row, :n] = enc.attention_mask
                types[row, :n] = enc.type_ids
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            inputs = {k: v for k, v in feed.items() if k in self._feeds}
            try:
                # No lock: runs are thread-safe, and a query arriving during a long reindex batch then
                # shares the cores instead of queueing behind it (measured: same total throughput).
                pooled = self._session.run([_ONNX_OUTPUT], inputs)
            except Exception as exc:
                raise EmbedderError(f"onnxruntime failed: {exc}") from exc
            out[idx] = pooled[0]
        return _l2_normalise(out)
