"""Recall's same-answer shortcuts (docs/benchmarks.md, "Requirement 9, twenty-eighth session"): each
gives what the work it skips gave."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlane import Memlane, text
from memlane.models import Actor, Filters
from memlane.retrieval import engine
from memlane.timeutil import now_utc

ITEMS = [
    "Acme and Borealis signed the old deal",
    "Borealis renewed the support contract with Acme",
    "Ana Lopez moved to Lisbon in May",
    "Ana Lopez joined Acme as a designer",
    "The Lisbon office opens at nine",
]
KEYS = ["name:acme", "name:borealis", "name:ana lopez", "name:lisbon"]


def _search(m: Memlane, user: str) -> list[tuple[int, float]]:
    store = m._service.storage
    return store.entity_search(Actor(user=user), Filters(), KEYS, now_utc(), 10, {k: 1.0 for k in KEYS})


def _with_prefilter(m: Memlane, user: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, float]]:
    store = m._service.storage
    with monkeypatch.context() as patch:
        patch.setattr(type(store), "_reads_every_bucket", lambda self, actor: False)
        return _search(m, user)


def test_entity_search_without_the_bucket_prefilter_gives_the_same_items(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = Memlane(tmp_path / "m.db", user="alice", embedder="none")
    try:
        store = m._service.storage
        m.store_many(ITEMS, auto_supersede=False)
        # one user: every bucket is hers, the pre-filter is left out, and the answer is the same
        assert store._reads_every_bucket(Actor(user="alice"))
        alone = _search(m, "alice")
        assert len(alone) == len(ITEMS)
        assert alone == _with_prefilter(m, "alice", monkeypatch)
        # another user's items: a bucket alice may not read, so the pre-filter is kept for her
        m.store_many([f"{s} (bob's copy)" for s in ITEMS], user="bob", auto_supersede=False)
        assert not store._reads_every_bucket(Actor(user="alice"))
        assert _search(m, "alice") == alone
        bob = _search(m, "bob")
        assert bob and not {seq for seq, _ in bob} & {seq for seq, _ in alone}
        # and the statement without it gives each reader the same items (the scope keeps to them)
        monkeypatch.setattr(type(store), "_reads_every_bucket", lambda self, actor: True)
        assert _search(m, "alice") == alone
        assert _search(m, "bob") == bob
    finally:
        m.close()


def test_recall_is_the_same_with_the_prefilter_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = Memlane(tmp_path / "m.db", user="alice", embedder="none")
    try:
        m.store_many(ITEMS, auto_supersede=False)
        questions = ["where did Ana Lopez move?", "what did Acme sign?", "Lisbon office hours"]
        plain = [[(h.id, h.score, h.matched_by) for h in m.recall(q)] for q in questions]
        store = m._service.storage
        monkeypatch.setattr(type(store), "_reads_every_bucket", lambda self, actor: False)
        assert [[(h.id, h.score, h.matched_by) for h in m.recall(q)] for q in questions] == plain
    finally:
        m.close()


@pytest.mark.parametrize(
    "content",
    [
        "Ana's flight to Ankara'ya lands at 10:40",
        "l'aéroport O'Brien named 1,200 items",
        "東京の会議は月曜日です",
        "We didn't renew the Borealis contract",
        "",
    ],
)
def test_kept_evidence_stems_are_the_text_analysis(content: str) -> None:
    engine._evidence_stems.cache_clear()
    first = engine._evidence_stems(content)
    assert first == text.evidence_stems(content)
    assert engine._evidence_stems(content) is first  # kept


def test_common_words_are_counted_as_a_table_of_counts_would() -> None:
    from collections import Counter

    from memlane.retrieval.lanes import keyword

    content = "Acme ships Acme's shipping crates; shipped crates ship Monday, 東京の会議"
    stems = keyword._stems(content)
    counts = Counter(stems)
    assert len(stems) == sum(counts.values())
    assert {s: stems.count(s) for s in counts} == dict(counts)
    assert keyword._stems(content) is stems  # kept


def test_common_terms_score_as_before(tmp_path: Path) -> None:
    """BM25 of the common words added to the rarer words' candidates: scores from the kept stems equal
    those of a table of every word's count (the computation before this change)."""
    import math
    from collections import Counter

    from memlane.retrieval.lanes import keyword

    m = Memlane(tmp_path / "m.db", user="alice", embedder="none")
    try:
        texts = [f"the deploy of service {i} went to staging on day {i % 7}" for i in range(40)]
        texts += ["deploy deploy deploy staging notes", "a note"]
        records = m.store_many(texts, auto_supersede=False)
        store = m._service.storage
        seqs = [store.seq_of(r.id) for r in records]
        ranked = [(seq, 1.0 / (1 + i)) for i, seq in enumerate(seqs) if seq is not None]
        common, df, total = ["deploy", "staging"], {"deploy": 41, "staging": 41}, 42
        got = keyword._add_common_terms(ranked, common, df, total, store)
        porter = keyword._porter()
        contents = store.contents([seq for seq, _ in ranked])
        tables = {seq: Counter(keyword._stems(text)) for seq, text in contents.items()}
        lengths = {seq: sum(c.values()) for seq, c in tables.items()}
        avg = sum(lengths.values()) / len(lengths)
        idf = {porter.stemWord(t): math.log(1 + (total - df[t] + 0.5) / (df[t] + 0.5)) for t in common}
        expected = []
        for seq, score in ranked:
            c = tables[seq]
            norm = keyword._K1 * (1 - keyword._B + keyword._B * lengths[seq] / avg)
            extra = sum(w * c[s] * (keyword._K1 + 1) / (c[s] + norm) for s, w in idf.items() if c[s])
            expected.append((seq, score + extra))
        expected.sort(key=lambda item: -item[1])
        assert got == expected
    finally:
        m.close()
