"""PostgreSQL's large-store paths, made to apply to a small store by lowering their thresholds.

At a million items the keyword and entity lanes change how they find candidates (a common word or key
alone no longer makes an item a candidate; see ``storage/postgres/lanes.py``) and the engine runs the
lanes in parallel. These tests pin what each of those
keeps exact and what it gives up, on a real PostgreSQL.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from memlane import Memlane
from memlane.models import Actor, Filters
from memlane.storage.postgres import lanes
from memlane.timeutil import now_utc


@pytest.fixture
def m(pg_url: str) -> Iterator[Memlane]:
    mem = Memlane(pg_url, user="alice", embedder="none")
    yield mem
    mem.close()


def _store(mem: Memlane) -> Any:
    return mem._service.storage


def _common_from(monkeypatch: pytest.MonkeyPatch, df: int) -> None:
    """Words and keys in more than ``df`` items count as common, whatever the store's size."""
    monkeypatch.setattr(lanes, "_COMMON_DF", df)
    monkeypatch.setattr(lanes, "_COMMON_SHARE", 0.0)


def _keyword(mem: Memlane, query: str, limit: int = 50) -> dict[str, float]:
    store = _store(mem)
    seqs = store.keyword_search(Actor(user="alice"), Filters(), query.split(), now_utc(), limit)
    ids = {
        seq: memory.id
        for seq, memory in store.fetch(
            Actor(user="alice"), Filters(), [s for s, _ in seqs], now_utc()
        ).items()
    }
    return {ids[seq]: score for seq, score in seqs}


KEYWORD_ITEMS = [
    "orbit status zebra",  # the rare word
    *[f"orbit status review {i}" for i in range(5)],  # both common words
    *[f"orbit kickoff planning {i}" for i in range(5)],  # one common word only
    *[f"status meeting notes {i}" for i in range(5)],  # the other common word only
]


def test_an_item_with_one_common_word_only_is_not_a_keyword_candidate(
    m: Memlane, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [r.id for r in m.store_many(KEYWORD_ITEMS, auto_supersede=False)]
    exact = _keyword(m, "orbit status zebra")
    assert set(exact) == set(ids)  # plain OR: every item shares a word with the query

    _common_from(monkeypatch, 4)  # "orbit" (11 items) and "status" (11) are common; "zebra" (1) is not
    pruned = _keyword(m, "orbit status zebra")
    assert set(pruned) == set(ids[:6])  # the rare word's item and the items with both common words
    # what is found is scored exactly as before, over every query word
    assert pruned == pytest.approx({i: exact[i] for i in pruned}, abs=1e-9)
    assert max(pruned, key=pruned.__getitem__) == ids[0]

    # a one-word query still finds every item with the word, common or not
    assert set(_keyword(m, "orbit")) == set(ids[:11])
    # two common words that no item holds together, and nothing rarer: no keyword candidate at all
    assert _keyword(m, "kickoff meeting") == {}


@pytest.mark.parametrize("with_all_three", [12, 3])
def test_with_three_common_words_most_of_them_must_be_there(
    m: Memlane, monkeypatch: pytest.MonkeyPatch, with_all_three: int
) -> None:
    all_three = [f"board meeting about falcon number {i}" for i in range(with_all_three)]
    two = [f"board meeting notes {i}" for i in range(6)]  # the pair that travels together, alone
    one = [f"falcon budget {i}" for i in range(6)]
    ids = [r.id for r in m.store_many([*all_three, *two, *one], auto_supersede=False)]
    _common_from(monkeypatch, 4)
    found = set(_keyword(m, "board meeting falcon"))
    if with_all_three >= 10:  # enough items hold all three: only they are candidates
        assert found == set(ids[:with_all_three])
    else:  # too few: any two of the three will do, still not one alone
        assert found == set(ids[: with_all_three + 6])


def test_only_the_best_estimates_are_scored_but_their_scores_are_exact(
    m: Memlane, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [r.id for r in m.store_many(
        ["amber amber amber note", "amber note", *[f"amber filler words number {i} here" for i in range(20)]],
        auto_supersede=False,
    )]  # fmt: skip
    full = _keyword(m, "amber", limit=50)
    monkeypatch.setattr(lanes, "_PRERANK", 1)  # score exactly only the `limit` best estimates
    top = _keyword(m, "amber", limit=2)
    # the two short items lead on the estimate (frequency taken as 1); the repeated word then ranks
    # first on the exact score, which equals the full query's
    assert list(top) == [ids[0], ids[1]]
    assert top == pytest.approx({i: full[i] for i in top}, abs=1e-9)
    assert top[ids[0]] > top[ids[1]]


def test_lanes_run_in_parallel_and_recall_the_same(pg_url: str, local_embedder: Any) -> None:
    mem = Memlane(pg_url, user="alice", embedder=local_embedder)
    try:
        mem.store_many(
            [
                "Priya moved the Falcon launch to 12 March",
                "The Falcon budget review is with Chen",
                "Chen prefers green tea in the morning",
                "Ticket FAL-42 blocks the launch",
                "Lisbon offsite planned for June",
            ]
        )
        store = _store(mem)
        threads: set[str] = set()
        for name in ("keyword_search", "entity_search", "vector_search"):
            method = getattr(store, name)

            def spy(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
                threads.add(threading.current_thread().name)
                return _method(*args, **kwargs)

            setattr(store, name, spy)
        parallel = [(h.id, h.score, h.matched_by) for h in mem.recall("when is the Falcon launch, Priya?")]
        # every lane ran on the lane pool (a worker that finished early may take a second lane)
        assert threads and all(t.startswith("memlane-lane") for t in threads)
        store.concurrent_reads = False
        threads.clear()
        sequential = [(h.id, h.score, h.matched_by) for h in mem.recall("when is the Falcon launch, Priya?")]
        assert threads == {threading.current_thread().name}
        assert parallel == sequential and parallel
    finally:
        mem.close()
