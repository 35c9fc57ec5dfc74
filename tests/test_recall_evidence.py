"""Recall returns only what has evidence (issue 10): a matched word or entity, a semantic similarity above
the embedder's calibrated floor, or a conversation neighbour of such a hit. And with history, the current
version of a fact comes first at equal relevance."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from memlane import Memlane, RetrievalConfig
from memlane.retrieval.calibration import measure

PROBES = json.loads((Path(__file__).parents[1] / "bench" / "data" / "probes.json").read_text())
STORE = [
    "Dr. Okafor prescribed the blue inhaler for the asthma flare-ups.",
    "Ana's invoice for the logo design was paid on 12 March.",
    "The team offsite is in Porto from 4 to 6 June.",
    "Emma's swimming lessons are on Tuesdays at 5 pm.",
    "I keep the warranty papers in the green folder in the study.",
]


def test_an_unrelated_query_returns_nothing(smem: Memlane) -> None:
    smem.store_many(STORE)
    for query in ("x", "what is the capital of Mongolia", "how many moons does Jupiter have", "hello"):
        assert smem.recall(query) == [], query


def test_a_real_answer_still_comes_back_alone(smem: Memlane) -> None:
    ids = [r.id for r in smem.store_many(STORE)]
    hits = smem.recall("what did Dr. Okafor prescribe")
    assert [h.id for h in hits] == [ids[0]]
    assert hits[0].score > 0.5
    paraphrase = smem.recall("what medicine for breathing problems")  # no shared word: semantic only
    assert [(h.id, h.matched_by) for h in paraphrase] == [(ids[0], ("semantic",))]


def test_without_an_embedder_a_hit_needs_a_matched_word_or_entity(mem: Memlane) -> None:
    mem.store_many(STORE)
    assert mem.recall("what is the capital of Mongolia") == []
    assert [h.content for h in mem.recall("where is the offsite")] == [STORE[2]]


class Shifted:
    """MiniLM vectors pulled towards one fixed direction: every similarity rises (unrelated texts near
    0.75), as with embedders whose vectors share a large common component."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner = inner
        self.dim = inner.dim
        self.identity = "test/shifted-minilm"
        rng = np.random.default_rng(7)
        u = rng.standard_normal(inner.dim).astype(np.float32)
        self.common = u / np.linalg.norm(u)

    def embed(self, texts):  # type: ignore[no-untyped-def]
        v = self.inner.embed(texts) + 1.6 * self.common
        return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def test_the_floor_is_measured_per_embedder(local_embedder) -> None:
    minilm = measure(local_embedder.embed, RetrievalConfig().semantic_floor_quantile)
    shifted = measure(Shifted(local_embedder).embed, RetrievalConfig().semantic_floor_quantile)
    assert 0.15 < minilm.floor < 0.4 < 0.6 < minilm.full < 0.85
    assert shifted.floor > 0.7 and shifted.full > shifted.floor  # a fixed 0.2-0.3 floor would pass all


def test_an_embedder_with_another_similarity_scale_gets_the_same_behaviour(
    db_path, tmp_path, local_embedder
) -> None:
    # its own home: a test embedder's calibration is never kept where a user's would be
    with Memlane(db_path, home=tmp_path, user="alice", embedder=Shifted(local_embedder)) as m:
        ids = [r.id for r in m.store_many(STORE)]
        assert m.recall("what is the capital of Mongolia") == []
        assert [h.id for h in m.recall("what did Dr. Okafor prescribe")] == [ids[0]]
        assert [h.id for h in m.recall("what medicine for breathing problems")] == [ids[0]]


def test_probe_set_unanswerable_queries_get_short_answers(smem: Memlane) -> None:
    """The bench/probes.py data: most unanswerable queries get nothing, none gets more than two hits,
    and every answerable one still finds its answer."""
    ids = [r.id for r in smem.store_many(PROBES["memories"], auto_supersede=False)]
    counts = [len(smem.recall(q)) for q in PROBES["unanswerable"]]
    assert max(counts) <= 2 and sum(c == 0 for c in counts) >= 0.7 * len(counts)
    for item in PROBES["answerable"]:
        assert ids[item["answer"]] in [h.id for h in smem.recall(item["query"])], item["query"]


def test_with_history_the_current_version_comes_first_at_equal_relevance(mem: Memlane) -> None:
    red = mem.store("Dr. Okafor prescribed the red inhaler")
    for _ in range(5):
        mem.recall("Okafor inhaler")  # the old version gains accesses: it would rank first
    blue = mem.store("Dr. Okafor prescribed the blue inhaler", replaces=red.id)
    both = mem.recall("inhaler", include_history=True)
    assert [h.id for h in both] == [blue.id, red.id]
    assert both[0].score >= both[1].score
    # clearly more relevant, the old version still leads
    assert mem.recall("red inhaler", include_history=True)[0].id == red.id


@pytest.mark.parametrize("weight", [RetrievalConfig().context_weight, 0.0])
def test_context_comes_from_the_same_conversation_id_only(db_path, weight: float) -> None:
    from dataclasses import replace

    with Memlane(
        db_path, user="alice", embedder="none", retrieval=replace(RetrievalConfig(), context_weight=weight)
    ) as m:
        chat = {"conversation_id": "c1"}
        m.store("How long have you been married?", provenance=chat, source="chat", observed_at="2023-05-08")
        m.store("Ana's invoice was paid", provenance={"conversation_id": "c2"}, source="chat",
                observed_at="2023-05-08")  # fmt: skip
        m.store("Five years already! Time flies.", provenance=chat, source="chat", observed_at="2023-05-08")
        m.store("The car needs new tyres", source="chat", observed_at="2023-05-08")  # no conversation id
        hits = m.recall("how long married")
        if weight:
            by_content = {h.content: h for h in hits}
            assert set(by_content) == {"How long have you been married?", "Five years already! Time flies."}
            assert by_content["Five years already! Time flies."].matched_by == ("context",)
            assert by_content["Five years already! Time flies."].score > 0
        else:
            assert [h.content for h in hits] == ["How long have you been married?"]


def test_no_context_without_a_conversation_id(mem: Memlane) -> None:
    """Same source, owner and moment, stored one after the other: without an explicit conversation id
    nothing is guessed."""
    mem.store("How long have you been married?", source="chat", observed_at="2023-05-08")
    mem.store("Five years already", source="chat", observed_at="2023-05-08")
    mem.store("Ana's invoice was paid", source="chat", observed_at="2023-05-08")
    assert [h.content for h in mem.recall("how long married")] == ["How long have you been married?"]


def test_neighbours_on_the_store(mem: Memlane) -> None:
    """The storage method on both backends: nearest items of the same conversation on each side, skipping
    other conversations, other owners and non-string ids."""
    seq = {}
    rows = [("a1", "c1", "alice"), ("b1", "c2", "alice"), ("x", "c1", "bob"), ("a2", "c1", "alice"),
            ("n", 7, "alice"), ("a3", "c1", "alice"), ("a4", "c1", "alice"), ("b2", "c2", "alice")]  # fmt: skip
    store = mem.service.storage
    for name, conv, user in rows:
        r = mem.store(f"item {name}", user=user, provenance={"conversation_id": conv}, auto_supersede=False)
        seq[name] = store.seq_of(r.id)
    assert sorted(store.neighbours([seq["a2"]], 1)[seq["a2"]]) == [seq["a1"], seq["a3"]]
    assert sorted(store.neighbours([seq["a2"]], 2)[seq["a2"]]) == [seq["a1"], seq["a3"], seq["a4"]]
    assert store.neighbours([seq["b1"]], 1) == {seq["b1"]: [seq["b2"]]}
    assert store.neighbours([seq["n"], seq["x"]], 1) == {}  # numeric id: none; bob's c1 is his alone


class CalibrationFails:
    """Embeds one text at a time (the query) but fails on batches, like an endpoint that is failing."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.dim, self.identity = inner, inner.dim, "test/failing-batches"

    def embed(self, texts):  # type: ignore[no-untyped-def]
        from memlane.errors import EmbedderError

        if len(texts) > 1:
            raise EmbedderError("endpoint unavailable")
        return self.inner.embed(texts)


def test_an_embedder_that_cannot_be_calibrated_leaves_the_lexical_lanes(tmp_path, local_embedder) -> None:
    with Memlane(
        tmp_path / "m.db", home=tmp_path, user="alice", embedder=CalibrationFails(local_embedder)
    ) as m:
        for content in STORE:
            m.store(content)
        assert [h.content for h in m.recall("what did Dr. Okafor prescribe")] == [STORE[0]]
        assert m.recall("what medicine for breathing problems") == []  # similarity alone: no evidence


class Counting:
    """Counts the texts it embeds; a fresh identity per instance, so no earlier calibration applies."""

    def __init__(self, inner, identity: str) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.dim, self.identity, self.texts = inner, inner.dim, identity, 0

    def embed(self, texts):  # type: ignore[no-untyped-def]
        self.texts += len(texts)
        return self.inner.embed(texts)


def test_the_calibration_is_kept_in_the_home_for_the_next_process(tmp_path, local_embedder) -> None:
    from memlane.retrieval import calibration

    identity = f"test/counting-{tmp_path.name}"
    home = tmp_path / "home"
    first = Counting(local_embedder, identity)
    with Memlane(tmp_path / "m.db", home=home, user="alice", embedder=first) as m:
        m.store("Dr. Okafor prescribed the blue inhaler")
        before = first.texts
        assert m.recall("what medicine for breathing problems")
        assert first.texts - before == 1 + 2 * len(calibration.PAIRS)  # the query and the calibration set
    stored = json.loads((home / calibration.CACHE_FILE).read_text())
    assert any(key.startswith(identity + "|") for key in stored)
    calibration._cache.clear()  # as in a new process
    second = Counting(local_embedder, identity)
    with Memlane(tmp_path / "m.db", home=home, user="alice", embedder=second) as m:
        assert m.recall("what medicine for breathing problems")
        assert second.texts == 1  # the query only: the scale came from the home
