"""The keyword lane of a recall ``about`` an entity, on both backends: it reads only the entity's
memories, and ranks and scores them exactly as the search of every memory does (issue 12, recall about
an entity)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from memlane import Memlane
from memlane.graph.query import entities_about
from memlane.models import Actor, Filters

ALICE = Actor(user="alice")
NOW = datetime(2030, 1, 1, tzinfo=UTC)
ZORA = [
    "Zora Vance prefers window seats.",
    "Zora Vance prefers green tea in quiet rooms.",
    "Zora Vance works at Initech.",
]


def _about_equals_whole(m: Memlane, terms: list[str]) -> list[tuple[int, float]]:
    storage = m.service.storage
    zora = entities_about(storage, ALICE, "Zora Vance")
    assert len(zora) == 1
    theirs = {seq for seq, _ in storage.graph_links(ALICE, Filters(), zora, NOW, 100)}
    assert len(theirs) == 3
    whole = storage.keyword_search(ALICE, Filters(), terms, NOW, 1000)
    for limit in (1, 10):
        about = storage.keyword_search(ALICE, replace(Filters(), entities=zora), terms, NOW, limit)
        assert about == [hit for hit in whole if hit[0] in theirs][:limit]
    # the word is everywhere: among every memory, the entity's rank below the first page
    assert not {seq for seq, _ in whole[:10]} & theirs
    return storage.keyword_search(ALICE, replace(Filters(), entities=zora), terms, NOW, 10)


def test_keyword_hits_about_an_entity_are_the_whole_search_kept_to_its_memories(db_path: Path | str) -> None:
    others = [f"Member {i} prefers tea, prefers it hot, prefers it early." for i in range(40)]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(others + ZORA)
        for terms in (["prefers"], ["prefers", "tea"]):
            hits = _about_equals_whole(m, terms)  # alice reads the whole store
            assert len(hits) == 2
        # another user's item: alice no longer reads every item (the statistics of her own buckets)
        with Memlane(db_path, user="bob", embedder="none") as bob:
            bob.store("Bob prefers coffee and prefers it black.")
        for terms in (["prefers"], ["prefers", "tea"]):
            assert len(_about_equals_whole(m, terms)) == 2
        hits = m.recall("what does she prefer", about="Zora Vance", limit=10)
        assert {h.content for h in hits} == set(ZORA)
        assert {h.content for h in hits if "keyword" in h.matched_by} == set(ZORA[:2])
