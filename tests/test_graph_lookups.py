"""Recall's read-side cache of entity look-ups (``memlane.graph.lookups``), on both backends: what
another connection (another process) changes among the entities is seen at the next recall, and no
reader is answered with what another may not see."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from memlane import Memlane
from memlane.graph.query import entities_about, entities_named
from memlane.models import Actor


def _about(m: Memlane, name: str, user: str | None = None) -> set[str]:
    return {h.content for h in m.recall("anything", about=name, user=user)}


def _graph(m: Memlane, query: str) -> set[str]:
    return {h.content for h in m.recall(query, limit=10) if "graph" in h.matched_by}


def test_an_entity_another_connection_adds_is_found_at_the_next_recall(db_path: Path | str) -> None:
    with (
        Memlane(db_path, user="alice", embedder="none") as reader,
        Memlane(db_path, user="alice", embedder="none") as writer,
    ):
        writer.store("The audit is due in June.")
        # looked up and found to be nothing (the answer the cache keeps)
        assert _about(reader, "Zoltan Brandt") == set()
        assert _graph(reader, "what does Zoltan Brandt lead?") == set()
        generation = reader.service.storage.entity_generation()
        writer.store("Zoltan Brandt leads the audit.")
        assert reader.service.storage.entity_generation() > generation
        assert _about(reader, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}
        assert _graph(reader, "what does Zoltan Brandt lead?") == {"Zoltan Brandt leads the audit."}


def test_a_merge_and_an_unmerge_by_another_connection_are_seen_at_the_next_recall(
    db_path: Path | str,
) -> None:
    with (
        Memlane(db_path, user="alice", embedder="none") as reader,
        Memlane(db_path, user="alice", embedder="none") as writer,
    ):
        writer.store_many(["Zed Brandt plays chess.", "Zoltan Brandt leads the audit."])
        assert _about(reader, "Zed Brandt") == {"Zed Brandt plays chess."}
        assert _about(reader, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}
        (zed,) = writer.entities.search("Zed Brandt")
        (zoltan,) = writer.entities.search("Zoltan Brandt")
        assert zed.id != zoltan.id
        merge = writer.entities.merge(zoltan.id, zed.id)
        # "Zed Brandt" is now a name of Zoltan's entity: its memories and Zoltan's are one entity's
        both = {"Zed Brandt plays chess.", "Zoltan Brandt leads the audit."}
        assert _about(reader, "Zed Brandt") == both
        assert _about(reader, "Zoltan Brandt") == both
        writer.entities.unmerge(merge.id)
        assert _about(reader, "Zed Brandt") == {"Zed Brandt plays chess."}
        assert _about(reader, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}


def test_a_reader_is_never_answered_with_another_readers_entities(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.", visibility="personal")
        m.store("Carla Diaz works at Globex.", user="bob", visibility="shared")
        storage, now = m.service.storage, datetime.now(UTC)
        alice, bob = Actor(user="alice"), Actor(user="bob")
        # alice's look-ups first (they fill the cache), then bob's of the same names, and again
        for _ in range(2):
            (mine,) = entities_about(storage, alice, "Zoltan Brandt")
            assert set(entities_named(storage, alice, "what does Zoltan Brandt lead?", now)) == {mine}
            assert entities_about(storage, bob, "Zoltan Brandt") == ()
            assert entities_named(storage, bob, "what does Zoltan Brandt lead?", now) == {}
        assert _about(m, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}
        assert _about(m, "Zoltan Brandt", user="bob") == set()
        # what bob may see, alice sees too (shared): each is answered with their own
        assert _about(m, "Carla Diaz", user="bob") == {"Carla Diaz works at Globex."}
        assert _about(m, "Carla Diaz") == {"Carla Diaz works at Globex."}
