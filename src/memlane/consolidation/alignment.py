"""Contextual word vectors from the packaged model, for the paraphrase rule's word alignment.

The paraphrase rule (``paraphrases``) accounts for each word one statement says and the other does not.
WordNet relates few of the words people swap ("earns" / "salary", "plans" / "intends", "married" /
"wife"), so a word WordNet does not relate may instead be **aligned**, BERTScore-style: the word's
vector in its sentence (all-MiniLM-L6-v2's last hidden states, the mean of its word pieces) against
every word of the other sentence, the best cosine at least ``paraphrases.ALIGN``. In context a word's
vector carries its sentence, so siblings align as well as synonyms do ("sister" / "cousin" 0.71, "quit"
/ "stopped" 0.78); the rule therefore refuses an alignment WordNet calls kin (``lexicon.kin``: one a
kind of the other, or both kinds of one thing within a few steps: "cat" / "dog", "cello" / "violin",
"vegan" / "vegetarian"), and the slot guards (names, numbers, dates, times, negations, tense:
``paraphrases.anchors``) stay what they were.

The vectors come from the same ONNX file the local embedder runs (``local_model.ensure_onnx_model``),
with the last layer's output added as a second output when it is loaded; nothing is downloaded.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import EmbedderError

__all__ = ["WordVectors", "for_embedder"]

_WORD_RE = re.compile(r"\d+(?:[.,]\d+)*|[a-z]+")

Vector = npt.NDArray[np.float32]


class WordVectors:
    """Each word of a text (lower case, as ``paraphrases`` reads it) with its unit-length contextual
    vector. Built lazily: the model is loaded on the first call."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self._lock = threading.Lock()
        self._session: Any = None
        self._tokenizer: Any = None
        self._output = ""
        self._cache: dict[str, dict[str, Vector]] = {}

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            try:
                import onnx
                import onnxruntime as ort
                from tokenizers import Tokenizer
            except ImportError as exc:  # pragma: no cover - core dependencies
                raise EmbedderError(f"word alignment needs onnx, onnxruntime and tokenizers ({exc})") from exc
            from ..providers.embedders.local_model import ensure_onnx_model, model_dir

            path = ensure_onnx_model(self.home)
            model = onnx.load(str(path))
            outputs = [
                o for n in model.graph.node for o in n.output if re.fullmatch(r"encoder\.layer\.\d+\.out", o)
            ]
            if not outputs:
                raise EmbedderError(f"{path}: no encoder layer output to align words with")
            self._output = max(outputs, key=lambda o: int(o.split(".")[2]))
            model.graph.output.append(
                onnx.helper.make_tensor_value_info(self._output, onnx.TensorProto.FLOAT, None)
            )
            options = ort.SessionOptions()
            options.inter_op_num_threads = 1
            self._session = ort.InferenceSession(
                model.SerializeToString(), sess_options=options, providers=["CPUExecutionProvider"]
            )
            tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
            tokenizer.enable_truncation(max_length=256)
            tokenizer.no_padding()
            self._tokenizer = tokenizer

    def __call__(self, text: str) -> dict[str, Vector]:
        """The words of ``text`` (already lower-cased and normalised by the caller) and their vectors."""
        if text not in self._cache:
            self.prepare([text])
        return self._cache[text]

    def prepare(self, texts: Sequence[str], batch: int = 32) -> None:
        """Compute (and keep) the word vectors of ``texts``: length-sorted batches of ``batch`` texts,
        padded (the attention mask keeps a text's vectors what they are alone)."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if not todo:
            return
        self._load()
        encodings = dict(zip(todo, self._tokenizer.encode_batch(todo), strict=True))
        todo.sort(key=lambda t: len(encodings[t].ids))
        for start in range(0, len(todo), batch):
            chunk = todo[start : start + batch]
            width = max(len(encodings[t].ids) for t in chunk)
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            for row, text in enumerate(chunk):
                ids[row, : len(encodings[text].ids)] = encodings[text].ids
            feed = {
                "input_ids": ids,
                "attention_mask": (ids != 0).astype(np.int64),
                "token_type_ids": np.zeros_like(ids),
            }
            states = self._session.run([self._output], feed)[0]
            for row, text in enumerate(chunk):
                self._cache[text] = _words_of(text, encodings[text].offsets, states[row])


def _words_of(text: str, offsets: Sequence[tuple[int, int]], states: Vector) -> dict[str, Vector]:
    """Each word of ``text`` (first occurrence) with the unit mean of its word pieces' states."""
    states = states / np.maximum(np.linalg.norm(states, axis=1, keepdims=True), 1e-12)
    words: dict[str, Vector] = {}
    for match in _WORD_RE.finditer(text):
        pieces = [
            i
            for i, (start, end) in enumerate(offsets)
            if end > start and start >= match.start() and end <= match.end()
        ]
        if pieces and match.group() not in words:
            v = states[pieces].mean(axis=0)
            words[match.group()] = (v / max(float(np.linalg.norm(v)), 1e-12)).astype(np.float32)
    return words


def for_embedder(identity: str | None, home: Path | None) -> WordVectors | None:
    """Word vectors when the configured embedder is the packaged local model (its ONNX file is then
    cached under ``home``); None otherwise (another embedder: the rule aligns nothing)."""
    from ..providers.embedders.local_model import LOCAL_IDENTITY, LOCAL_INT8_IDENTITY

    if home is None or identity not in (LOCAL_IDENTITY, LOCAL_INT8_IDENTITY):
        return None
    return WordVectors(home)
