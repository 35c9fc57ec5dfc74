"""Recall's read-side cache of entity look-ups (``memlane.graph.lookups``), on both backends: what
another connection (another process) changes among the entities is seen at the next recall, and no
reader is answered with what another may not see."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.graph.lookups import lookups
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


def test_the_key_set_holds_every_filed_key_of_every_scope_up_to_its_limit(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.", visibility="personal")
        m.store("Carla Diaz works at Globex.", user="bob", visibility="shared")
        storage = m.service.storage
        keys = storage.entity_key_set(10_000)
        assert keys is not None
        # alice's personal entity and bob's shared one alike (the set is no answer to anyone)
        assert {"n:zoltan brandt", "n:carla diaz", "n:globex"} <= keys
        assert "n:kalina" not in keys
        assert storage.entity_key_set(len(keys) - 1) is None


def test_the_key_set_is_read_for_one_entity_generation(db_path: Path | str) -> None:
    with (
        Memlane(db_path, user="alice", embedder="none") as reader,
        Memlane(db_path, user="alice", embedder="none") as writer,
    ):
        writer.store("The audit is due in June.")
        assert _graph(reader, "what does Zoltan Brandt lead?") == set()
        # read at the first look-up: the name is in no entity's keys, so it is no longer looked up
        held = lookups(reader.service.storage).key_set
        assert held is not None and "n:zoltan brandt" not in held
        writer.store("Zoltan Brandt leads the audit.")
        # a set read at the old generation would skip the new name's keys
        assert _graph(reader, "what does Zoltan Brandt lead?") == {"Zoltan Brandt leads the audit."}
        assert _about(reader, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}


def test_skipping_keys_no_entity_holds_finds_what_looking_them_up_finds(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    queries = [
        "what does Bob prefer?",
        "where does robert smith work",
        "what did Ana Lopez discuss with ana at Acme Corp?",
        "tell me about Globex",
        "what do I prefer?",
    ]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(
            [
                "Robert Smith prefers green tea.",
                "Ana Lopez works at Acme Corp.",
                "Ana Costa works at Globex.",
                "Carla Diaz met Ana Lopez about the launch plan.",
            ]
        )
        m.store("Kalina likes window seats.", related_user="alice")
        storage, now, alice = m.service.storage, datetime.now(UTC), Actor(user="alice")
        with_set = [entities_named(storage, alice, q, now) for q in queries]
        assert lookups(storage).key_set is not None
        assert any(with_set)
    with Memlane(db_path, user="alice", embedder="none") as m:
        monkeypatch.setattr("memlane.graph.lookups.MAX_KEY_SET", 0)  # too many: every key looked up
        storage = m.service.storage
        assert [entities_named(storage, alice, q, now) for q in queries] == with_set
        assert lookups(storage).key_set is None


def _uncached(storage: object, actor: Actor, query: str, now: datetime) -> dict[str, float]:
    """What ``entities_named`` answers with the whole-query answers left out (every name resolved)."""
    cache = lookups(storage)  # type: ignore[arg-type]
    kept = dict(cache.by_query)
    cache.by_query.clear()
    try:
        return entities_named(storage, actor, query, now)  # type: ignore[arg-type]
    finally:
        cache.by_query.clear()
        cache.by_query.update(kept)


def _other_process(db: Path | str, code: str) -> None:
    script = f"from memlane import Memlane\nm = Memlane({str(db)!r}, user='alice', embedder='none')\n"
    script += textwrap.dedent(code) + "\nm.close()\n"
    subprocess.run([sys.executable, "-c", script], check=True, timeout=180)


def test_a_querys_kept_answer_follows_what_another_connection_and_process_change(
    db_path: Path | str,
) -> None:
    question = "what does Zoltan Brandt lead with Carla Diaz?"
    with (
        Memlane(db_path, user="alice", embedder="none") as reader,
        Memlane(db_path, user="alice", embedder="none") as writer,
    ):
        writer.store("Carla Diaz runs the audit.")
        storage, now, alice = reader.service.storage, datetime.now(UTC), Actor(user="alice")
        (carla,) = entities_named(storage, alice, question, now)
        # asked again: answered from the query's kept answer, which is what resolving every name says
        assert any(asked[0] == alice for asked in lookups(storage).by_query)
        assert entities_named(storage, alice, question, now) == {carla: 1.0}
        assert _uncached(storage, alice, question, now) == {carla: 1.0}
        writer.store("Zoltan Brandt leads the audit.")  # another connection: a new entity
        (zoltan,) = set(entities_named(storage, alice, question, now)) - {carla}
        assert entities_named(storage, alice, question, now) == {carla: 1.0, zoltan: 1.0}
        assert _graph(reader, question) == {"Carla Diaz runs the audit.", "Zoltan Brandt leads the audit."}
        # another process merges the two: the kept answer (two entities) is not served again
        _other_process(db_path, f"m.entities.merge({carla!r}, {zoltan!r})")
        assert entities_named(storage, alice, question, now) == {carla: 1.0}
        assert _uncached(storage, alice, question, now) == {carla: 1.0}


def test_a_querys_kept_answer_is_never_given_to_another_reader(db_path: Path | str) -> None:
    question = "what does Zoltan Brandt lead with Carla Diaz?"
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.", visibility="personal")
        m.store("Carla Diaz works at Globex.", user="bob", visibility="shared")
        m.store("Zoltan Brandt sings.", user="bob", visibility="personal")
        storage, now = m.service.storage, datetime.now(UTC)
        alice, bob = Actor(user="alice"), Actor(user="bob")
        (mine,) = entities_about(storage, alice, "Zoltan Brandt")
        (his,) = entities_about(storage, bob, "Zoltan Brandt")
        (carla,) = entities_about(storage, bob, "Carla Diaz")
        assert mine != his
        # each reader's answer twice (the second one kept), in both orders
        for first, second in ((alice, bob), (bob, alice), (alice, bob)):
            for actor in (first, second, first, second):
                own = mine if actor == alice else his
                assert entities_named(storage, actor, question, now) == {own: 1.0, carla: 1.0}
        assert {asked[0] for asked in lookups(storage).by_query} == {alice, bob}
        assert _graph(m, question) == {"Zoltan Brandt leads the audit.", "Carla Diaz works at Globex."}
        hits = m.recall(question, limit=10, user="bob")
        assert {h.content for h in hits if "graph" in h.matched_by} == {
            "Zoltan Brandt sings.",
            "Carla Diaz works at Globex.",
        }


def test_a_first_person_querys_kept_answer_is_the_callers_own_account(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Kalina likes window seats.", related_user="alice")
        m.store("Boris likes aisle seats.", user="bob", related_user="bob")
        storage, now = m.service.storage, datetime.now(UTC)
        alice, bob = Actor(user="alice"), Actor(user="bob")
        answers = {}
        for actor in (alice, bob, alice, bob):
            got = entities_named(storage, actor, "what do I prefer?", now)
            assert got == _uncached(storage, actor, "what do I prefer?", now)
            assert answers.setdefault(actor, got) == got and len(got) == 1
        assert answers[alice] != answers[bob]
