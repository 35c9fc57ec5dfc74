"""A recall restricted to a profile's memories (the profile sweep's neighbour search) keeps to them inside
every lane's storage query, the graph lane's neighbours and hops included; and no graph-lane score of a
caller depends on a team's graph she is not in. Both backends."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from backends import rows
from memlane import Memlane
from memlane.models import Actor

COLLEAGUES = ["Ana", "Boris", "Carla", "Dan", "Eve", "Frank", "Gina", "Hugo", "Ivy", "Jon", "Kim", "Lea",
              "Max", "Nia", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wes", "Yuri"]  # fmt: skip


def test_a_profile_sweep_finds_its_own_memory_among_many_closer_ones(mem: Memlane) -> None:
    """The sweep's memory manager compares a new statement with the profile's own memories. Before the
    profile was a filter inside retrieval, it recalled 20 hits over all of the user's memories and kept
    the profile's: 24 closer memories outside the profile hid "lives in Berlin", and "I live in Paris
    now" was added next to it instead of replacing it."""
    mem.service.profiles.settle = timedelta(0)
    profile = mem.profiles.create("home")
    mem.conversations.append("c", [{"role": "user", "text": "I live in Berlin."}])
    assert mem.profiles.run("home").added == 1
    [berlin] = [m for m in mem.list_recent(10) if m.profile_id == profile.id]
    for name in COLLEAGUES:  # the user's own memories, outside the profile, closer to the new statement
        mem.store(f"The user's colleague {name} lives in Paris now.")
    mem.conversations.append("c", [{"role": "user", "text": "I live in Paris now."}])
    report = mem.profiles.run("home")
    assert (report.added, report.updated) == (0, 1)
    [current] = [m for m in mem.list_recent(100) if m.profile_id == profile.id]
    assert current.content == "The user lives in Paris now" and current.replaces == berlin.id


def test_a_profile_recall_follows_no_neighbour_through_other_memories(
    mem: Memlane, db_path: Path | str
) -> None:
    bridge = "Ana Lopez's manager is Boris Ivanov."  # not the profile's
    mem.store(bridge)
    answer = mem.store("Boris Ivanov works at Initech.")
    other = mem.store("Carla Diaz works at Globex.")
    profile = mem.profiles.create("work")
    ids = ", ".join(f"'{m.id}'" for m in (answer, other))
    rows(db_path, f"UPDATE memories SET profile_id = '{profile.id}' WHERE id IN ({ids})")  # the profile's
    service, alice = mem.service, Actor(user="alice")
    question = "Where does Ana's manager work?"

    everything = {h.content: h.matched_by for h in service.recall(question, actor=alice)}
    assert "graph" in everything["Boris Ivanov works at Initech."]  # one hop from Ana, through the bridge
    assert bridge in everything

    kept = service.recall(question, actor=alice, profile=profile.id)
    assert {h.id for h in kept} == {answer.id, other.id}  # the profile's memories only
    # the hop to Boris went through a memory outside the profile: no graph evidence, and the answer
    # scores as the look-alike does (both are keyword matches only)
    assert all("graph" not in h.matched_by for h in kept)
    assert kept[0].score == kept[1].score
    assert service.recall("Ana Lopez", actor=alice, profile=profile.id) == []
    assert service.recall(question, actor=alice, profile="no-such-profile") == []


def test_no_graph_score_depends_on_a_team_the_caller_is_not_in(mem: Memlane) -> None:
    service = mem.service
    service.access.create_team("default", "eng")
    service.access.add_member("default", "eng", "bob")
    alice, bob = Actor(user="alice"), Actor(user="bob", teams=("eng",))
    for content in ("Viktor Kane works at Initech.", "Ana Lopez works at Globex.", "Initech is in Sofia."):
        service.store(content, actor=alice, visibility="shared")
    question = "where does Ana's partner work?"
    before = [(h.id, h.score, h.matched_by) for h in service.recall(question, actor=alice)]
    for content in ("Ana Lopez and Viktor Kane are dating.", "Viktor Kane is Ana Lopez's partner."):
        service.store(content, actor=bob, owner="team:eng", visibility="shared")
    after = [(h.id, h.score, h.matched_by) for h in service.recall(question, actor=alice)]
    assert after == before  # nothing of the team's graph reaches alice: hits, scores, lanes
    assert before  # (she finds something)
    # the team's graph exists, and its members' recall follows it to the shared facts
    found = {h.content: h.matched_by for h in service.recall(question, actor=bob)}
    assert "graph" in found["Viktor Kane is Ana Lopez's partner."]
