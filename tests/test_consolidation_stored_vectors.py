"""Consolidation reads the vectors stored with the memories (``Store.vectors_of``) instead of embedding
the same statements again, and computes word vectors only for the statements of a proposed pair
(``paraphrases._in_proposed_pairs``): at 100k memories the paraphrase mode ran the model twice over
~77k statements. Figures in docs/benchmarks.md."""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from memlane import Memlane
from memlane.consolidation.paraphrases import join_paraphrases, plain
from memlane.models import Memory, Visibility


class Counting:
    """The local embedder, counting the texts it is asked for (the same identity: its word vectors)."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.dim, self.identity = inner, inner.dim, inner.identity
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.texts.extend(texts)
        return self.inner.embed(list(texts))  # type: ignore[no-any-return]


def test_vectors_of_reads_the_stored_vectors_of_one_model(db_path: Path | str, local_embedder: Any) -> None:
    texts = ["Yara teaches yoga on Sundays", "Hugo bought a new car"]
    with Memlane(db_path, user="alice", embedder=local_embedder) as m:
        ids = [m.store(t, auto_supersede=False).id for t in texts]
        storage = m.service.storage
        got = storage.vectors_of([*ids, "no-such-id"], local_embedder.identity)
        assert sorted(got) == sorted(ids)
        for memory_id, text in zip(ids, texts, strict=True):
            assert got[memory_id].dtype == np.float32 and got[memory_id].shape == (local_embedder.dim,)
            assert np.allclose(got[memory_id], local_embedder.embed([text])[0], atol=1e-5)
        assert storage.vectors_of(ids, "another/model") == {}
        assert storage.vectors_of([], local_embedder.identity) == {}
    with Memlane(db_path, user="alice", embedder="none") as m:
        plain = m.store("Omar walks to work", auto_supersede=False).id
        assert m.service.storage.vectors_of([plain, ids[0]], local_embedder.identity).keys() == {ids[0]}


def test_the_paraphrase_mode_embeds_no_statement_stored_with_a_vector(
    db_path: Path | str, local_embedder: Any
) -> None:
    """Every statement was embedded when it was stored: consolidation reads those vectors (both the
    proposing pass and the merged memory's vector) and asks the embedder for nothing; the clusters are
    those it finds embedding them again."""
    paraphrase = ["Yara teaches yoga on Sundays", "Yara gives yoga classes on Sundays"]
    misses = ["The Friday sync was cancelled", "The Friday sync was moved", "Hugo bought a new car"]
    counting = Counting(local_embedder)
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    with Memlane(db_path, user="alice", embedder=counting, environ=environ) as m:  # type: ignore[arg-type]
        ids = [m.store(t, auto_supersede=False).id for t in paraphrase + misses]
        counting.texts.clear()
        m.service.consolidation.stored_vectors = False
        again = m.consolidate(dry_run=True)
        assert counting.texts, "embedding them again asks the embedder"
        counting.texts.clear()
        m.service.consolidation.stored_vectors = True
        report = m.consolidate()
        assert counting.texts == []
        assert [sorted(c.merged) for c in report.clusters] == [sorted(c.merged) for c in again.clusters]
        assert [sorted(c.merged) for c in report.clusters] == [sorted(ids[:2])]
        (cluster,) = report.clusters
        storage = m.service.storage
        kept = ids[paraphrase.index(cluster.content)]
        vectors = storage.vectors_of([cluster.id or "", kept], local_embedder.identity)
        assert np.array_equal(vectors[cluster.id or ""], vectors[kept])  # the kept wording's vector


def test_a_statement_without_a_stored_vector_is_embedded(db_path: Path | str, local_embedder: Any) -> None:
    """Stored without an embedder, then consolidated with one: those statements are embedded, and the
    paraphrase still joins."""
    paraphrase = ["Yara teaches yoga on Sundays", "Yara gives yoga classes on Sundays"]
    with Memlane(db_path, user="alice", embedder="none") as m:
        ids = [m.store(t, auto_supersede=False).id for t in paraphrase]
    counting = Counting(local_embedder)
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    with Memlane(db_path, user="alice", embedder=counting, environ=environ) as m:  # type: ignore[arg-type]
        report = m.consolidate()
        assert [sorted(c.merged) for c in report.clusters] == [sorted(ids)]
        assert sorted(set(counting.texts)) == sorted(paraphrase)


class _Words:
    """Word vectors that record which statements were prepared (and align nothing)."""

    def __init__(self) -> None:
        self.prepared: list[str] = []

    def prepare(self, texts: Sequence[str], batch: int = 32) -> None:
        self.prepared.extend(texts)

    def __call__(self, text: str) -> dict[str, npt.NDArray[np.float32]]:
        return {}


def test_word_vectors_only_for_the_statements_of_a_proposed_pair() -> None:
    """Three statements of one block (one group, one set of anchors): two the embedder scores close,
    one far from both. Only the two are read for word vectors up front (it prepared all three)."""
    now = datetime(2026, 12, 4, tzinfo=UTC)
    texts = ["Nadia cycles to the office", "Nadia bikes to the office", "Nadia sings in a choir"]
    memories = [
        Memory.model_construct(
            id=f"m{n}",
            content=t,
            workspace="default",
            owner="user:nadia",
            visibility=Visibility.PERSONAL,
            space=None,
            subject=None,
            related_user="nadia",
            observed_at=now,
            created_at=now,
        )  # fmt: skip
        for n, t in enumerate(texts)
    ]
    table = {texts[0]: [1.0, 0.0], texts[1]: [0.95, 0.31], texts[2]: [0.0, 1.0]}

    def embed(batch: Sequence[str]) -> npt.NDArray[np.float32]:
        return np.array([table[t] for t in batch], dtype=np.float32)

    words = _Words()
    join_paraphrases(memories, [], embed, words=words)
    assert sorted(words.prepared) == sorted(plain(t) for t in texts[:2])
