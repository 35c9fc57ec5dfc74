"""One hop across scopes, within the caller's read ceiling (issue 12): a personal memory about Ana, and
Ana's manager known only in a team's shared graph. A member of the team gets the manager's memory one
hop away, in recall and in "what do you know about Ana Lopez" (``entities.lookup``: the name is resolved
in each readable scope, the team's Ana is ``same_as`` the member's own); a user outside the team gets
neither that memory nor any score, rank, count or candidate that it changed: her recall and lookup are
the same as in a store where the team's graph does not exist."""

from __future__ import annotations

from datetime import UTC, datetime

from memlane import Memlane
from memlane.models import Actor

WHEN = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
NOW = datetime(2025, 6, 1, tzinfo=UTC)
QUESTIONS = ("where does Ana Lopez's manager work?", "Ana Lopez's manager", "what does Ana Lopez prefer?")


def _own_memories(mem: Memlane, user: str) -> None:
    mem.store("Ana Lopez prefers the window seat on long flights", user=user, observed_at=WHEN)
    mem.store("Ana Lopez reviews the payments designs every Friday", user=user, observed_at=WHEN)
    mem.store("the quarterly planning moved to Thursday", user=user, observed_at=WHEN)


def _recall(mem: Memlane, actor: Actor) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    return [
        [
            (h.content, h.score, h.matched_by)
            for h in mem.service.recall(q, actor=actor, now=NOW, count_access=False)
        ]
        for q in QUESTIONS
    ]


def test_a_neighbour_in_a_readable_graph_and_nothing_from_one_that_is_not(db_path, tmp_path) -> None:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        access = mem.service.access
        access.create_team("default", "eng")
        access.add_member("default", "eng", "alice")
        carol = Actor(user="carol")
        _own_memories(mem, "carol")
        _own_memories(mem, "alice")
        alone = _recall(mem, carol)  # before the team's graph exists
        looked_alone = mem.service.entities.lookup(carol, "Ana Lopez").model_dump()
        # the team's shared graph: Ana reports to Boris, who works at Initech
        mem.store(
            "Ana Lopez joined the payments team", owner="team:eng", visibility="shared", observed_at=WHEN
        )
        mem.store("Boris Petrov works at Initech as head of payments", owner="team:eng", visibility="shared",
                  observed_at=WHEN)  # fmt: skip
        team = {e.name: e.id for e in mem.entities.list() if e.owner == "team:eng"}
        mem.entities.relate(team["Ana Lopez"], "reports_to", team["Boris Petrov"])
        for i in range(6):  # (more items, so that no entity is linked to a large share of them)
            mem.store(f"Lisbon office note {i}: the printer on floor {i} is fixed", owner="team:eng",
                      visibility="shared", observed_at=WHEN)  # fmt: skip

        member = mem.service.access.local_actor("alice", "default")
        (where, *_) = _recall(mem, member)
        boris = [h for h in where if h[0].startswith("Boris Petrov")]
        assert boris and "graph" in boris[0][2]  # one hop, through the team's edge
        assert any(h[0].startswith("Ana Lopez prefers") for h in where)  # and her own personal memory

        assert _recall(mem, carol) == alone  # carol: the same hits, scores and lanes as before
        assert not any("Boris" in h[0] for q in _recall(mem, carol) for h in q)
        assert {e.owner for e in mem.entities.list(user="carol")} == {"user:carol"}  # her graph only
        assert mem.service.entities.lookup(carol, "Ana Lopez").model_dump() == looked_alone
        assert looked_alone["found"]["same_as"] == () and looked_alone["candidates"] == ()

        looked = mem.service.entities.lookup(member, "Ana Lopez")
        assert looked.found is not None and looked.candidates == ()
        found = looked.found
        assert (found.entity.owner, [e.id for e in found.same_as]) == ("user:alice", [team["Ana Lopez"]])
        assert [e.name for e in found.related] == ["Boris Petrov"]
        assert [(m.distance, m.memory.content) for m in found.memories if m.distance == 1] == [
            (1, "Boris Petrov works at Initech as head of payments")
        ]
        assert {m.memory.content for m in found.memories if m.distance == 0} == {
            "Ana Lopez prefers the window seat on long flights",
            "Ana Lopez reviews the payments designs every Friday",
            "Ana Lopez joined the payments team",
        }
        # one hop only from what the name resolves to: with hops=0 the manager's memory is not there
        flat = mem.service.entities.lookup(member, "Ana Lopez", hops=0).found
        assert flat is not None and all(m.distance == 0 for m in flat.memories)
