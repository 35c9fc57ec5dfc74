"""The graph lane of recall, ``about`` and its question form, ``related_user`` and who sees what of the
graph, on both backends (issue 12, requirements 5 and 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlane import PRESETS, InvalidInput, Memlane
from memlane.models import Actor, Visibility

PEOPLE = [
    "Ana Lopez's manager is Boris Ivanov.",
    "Boris Ivanov works at Initech.",
    "Carla Diaz works at Globex.",
    "Dan Wu works at Hooli.",
    "Eve Adams works at Umbrella.",
    "Ana Lopez likes green tea.",
    "Frank Olsen's manager is Gina Park.",
]


def _rank(hits: list, content: str) -> int:
    return next((i for i, h in enumerate(hits) if h.content == content), 99)


def test_an_answer_one_hop_away_ranks_above_look_alikes(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(PEOPLE)
        hits = m.recall("Where does Ana's manager work?", limit=10)
        answer = next(h for h in hits if h.content == "Boris Ivanov works at Initech.")
        assert "graph" in answer.matched_by and "graph" in hits[0].matched_by
        # every other "works at" is a keyword match only, and ranks below the answer
        for other in (
            "Carla Diaz works at Globex.",
            "Dan Wu works at Hooli.",
            "Eve Adams works at Umbrella.",
        ):
            assert _rank(hits, "Boris Ivanov works at Initech.") < _rank(hits, other)
            assert "graph" not in next(h for h in hits if h.content == other).matched_by
    with Memlane(db_path, user="alice", embedder="none", retrieval=PRESETS["no-graph"]) as m:
        hits = m.recall("Where does Ana's manager work?", limit=10)
        assert all("graph" not in h.matched_by for h in hits)
        # without the lane the answer is one "works at" among others: it does not stand out
        answer = next(h for h in hits if h.content == "Boris Ivanov works at Initech.")
        assert any(h.score == answer.score for h in hits if h.content == "Carla Diaz works at Globex.")


def test_neighbours_by_edge_come_from_anchored_records(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.anchor({"kind": "contact", "system": "hubspot", "id": "7", "name": "Mira Sand",
                  "email": "mira@initech.com", "company": "Initech", "visibility": "personal"})  # fmt: skip
        m.store_many(["Initech renews its contract in March.", "Globex renews its contract in May."])
        hits = m.recall("when does Mira Sand's company renew?", limit=5)
        assert hits[0].content == "Initech renews its contract in March."
        assert "graph" in hits[0].matched_by


def test_names_resolve_through_aliases_and_titles(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Dr. Georgiev prescribed ibuprofen.")
        m.store("The appointment was moved to Friday.", subject="Georgiev")
        m.store("Robert Smith leads the data team.")
        m.store("Bob Smith's favourite band is Queen.")
        m.store("Georgia is lovely in spring.")
        hits = m.recall("what do I know of georgiev", limit=5)
        assert {h.content for h in hits if "graph" in h.matched_by} == {
            "Dr. Georgiev prescribed ibuprofen.", "The appointment was moved to Friday."
        }  # fmt: skip
        # a nickname finds the entity of the full name, and every memory about it
        got = {h.content for h in m.recall("anything", about="Bob Smith")}
        assert got == {"Robert Smith leads the data team.", "Bob Smith's favourite band is Queen."}


def test_about_filters_to_the_entity_and_its_aliases(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many([
            "Dr. Georgiev prescribed ibuprofen for the knee.",
            "Georgiev moved the appointment to Friday.",
            "The knee appointment with Dr. Okafor is on Monday.",
        ])  # fmt: skip
        about = {h.content for h in m.recall("knee appointment", about="Georgiev")}
        assert about == {
            "Dr. Georgiev prescribed ibuprofen for the knee.",
            "Georgiev moved the appointment to Friday.",
        }
        everything = {h.content for h in m.recall("knee appointment")}
        assert "The knee appointment with Dr. Okafor is on Monday." in everything
        # the question form, without the flag
        asked = m.recall("What do you know about Dr. Georgiev?")
        assert {h.content for h in asked} == about and all("graph" in h.matched_by for h in asked)
        # a name nobody knows: about finds nothing; the question form is an ordinary recall
        assert m.recall("knee appointment", about="Dr. Nobody") == []
        assert m.recall("tell me about the knee appointment")
        with pytest.raises(InvalidInput, match="about"):
            m.recall("knee", about="  ")


def test_no_score_depends_on_another_users_personal_graph(db_path: Path | str, tmp_path: Path) -> None:
    shared = ["Viktor Kane works at Initech.", "Ana Lopez works at Globex.", "Initech is in Sofia."]
    private = ["Ana Lopez and Viktor Kane are dating.", "Viktor Kane is Ana Lopez's partner."]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(shared, visibility="shared", auto_supersede=False)
        before = [(h.id, h.score, h.matched_by) for h in m.recall("where does Ana's partner work?")]
        m.store_many(private, user="bob", auto_supersede=False)  # bob's personal memories
        after = [(h.id, h.score, h.matched_by) for h in m.recall("where does Ana's partner work?")]
        assert after == before  # alice's ranking, scores and lanes are what they were
        # the personal graph exists, and bob's own recall follows it
        bobs = m.recall("where does Ana's partner work?", user="bob")
        assert set(private) <= {h.content for h in bobs if "graph" in h.matched_by}
        # an entity known only from bob's personal memories is in no one else's graph
        assert {(e.owner, str(e.visibility)) for e in m.entities.list(limit=100)} == {("workspace", "shared")}
        assert [h.content for h in m.recall("dating", about="Viktor Kane")] == [
            "Viktor Kane works at Initech."
        ]
        assert set(private) <= {h.content for h in m.recall("dating", about="Viktor Kane", user="bob")}


def _service_actor(user: str, agent: str | None = None) -> Actor:
    return Actor(user=user, agent=agent)


def test_related_user_comes_back_when_that_user_asks(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        service = m.service
        via_agent = _service_actor("alice", "helpdesk")
        for user, seat in (("kalina", "aisle"), ("bob", "window"), ("chen", "middle")):
            service.store(
                f"The user prefers {seat} seats on long flights.", actor=via_agent, owner="agent:helpdesk",
                visibility="shared", related_user=user, type="preference",
            )  # fmt: skip
        # alice's personal note about kalina: above the ceiling of what kalina may read
        service.store("The user is allergic to peanuts.", actor=Actor(user="alice"), related_user="kalina")

        kalina = _service_actor("kalina", "helpdesk")
        hits = service.recall("which seats do I prefer on long flights?", actor=kalina)
        assert hits[0].content == "The user prefers aisle seats on long flights."
        assert "graph" in hits[0].matched_by
        assert all("graph" not in h.matched_by for h in hits[1:])
        bob = service.recall(
            "which seats do I prefer on long flights?", actor=_service_actor("bob", "helpdesk")
        )
        assert bob[0].content == "The user prefers window seats on long flights."
        # someone else asking about kalina by name finds the same memory
        named = service.recall("what seats does Kalina prefer?", actor=_service_actor("chen", "helpdesk"))
        assert named[0].content == "The user prefers aisle seats on long flights."
        about = service.recall("seats", actor=kalina, about="kalina")
        assert [h.content for h in about] == ["The user prefers aisle seats on long flights."]

        # refused: alice's personal item never comes back for kalina, by any route
        assert all("peanut" not in h.content for h in service.recall("what am I allergic to?", actor=kalina))
        assert all("peanut" not in h.content for h in service.recall("peanuts", actor=kalina, about="kalina"))
        # refused: without the agent's key, the agent's items are above kalina's ceiling
        plain = _service_actor("kalina")
        assert service.recall("which seats do I prefer on long flights?", actor=plain) == []
        assert service.recall("seats", actor=plain, about="kalina") == []
        # alice sees her own note through the graph
        mine = service.recall("peanuts", actor=Actor(user="alice"), about="kalina")
        assert [h.content for h in mine] == ["The user is allergic to peanuts."]
        assert mine[0].visibility == Visibility.PERSONAL


def test_a_name_of_two_people_follows_both_and_a_full_name_one(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(["Ana Lopez drinks green tea.", "Ana Ruiz drinks espresso.", "Omar Haddad drinks chai."])
        by_graph = {h.content for h in m.recall("what does Ana drink?") if "graph" in h.matched_by}
        assert by_graph == {"Ana Lopez drinks green tea.", "Ana Ruiz drinks espresso."}
        by_graph = {h.content for h in m.recall("what does Ana Ruiz drink?") if "graph" in h.matched_by}
        assert by_graph == {"Ana Ruiz drinks espresso."}
        assert {h.content for h in m.recall("drinks", about="Ana")} == {
            "Ana Lopez drinks green tea.", "Ana Ruiz drinks espresso."
        }  # fmt: skip


def test_an_entity_on_most_items_is_not_followed(db_path: Path | str) -> None:
    # a chat log: the speaker is the subject of every line, so naming her tells no line apart
    lines = [f"Caroline: I painted picture number {i} today." for i in range(24)]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many([{"content": c, "subject": "Caroline"} for c in lines], auto_supersede=False)
        m.store("Caroline: Dana Kim taught me watercolours.", subject="Caroline")
        m.store("Dana Kim lives in Oslo.")
        hits = m.recall("where does Caroline's teacher Dana live?", limit=30)
        by_graph = {h.content for h in hits if "graph" in h.matched_by}
        assert by_graph == {"Caroline: Dana Kim taught me watercolours.", "Dana Kim lives in Oslo."}
        # asked about her, every line is about her
        assert len(m.recall("painted", about="Caroline", limit=50)) == 25


def test_a_hub_neighbour_is_not_followed(db_path: Path | str) -> None:
    # Initech is named with 60 people (more than the lane's list of 50, fewer than 20% of the items):
    # its memories cannot all be followed, so none is; a neighbour with few memories is
    people = [f"Person{i} Example works at Initech." for i in range(60)]
    filler = [f"Note {i}: the kettle needs descaling on day {i}." for i in range(240)]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many([*people, *filler], auto_supersede=False)
        m.store_many(["Mira Sand works at Initech with Omar Haddad.", "Omar Haddad lives in Lyon."])
        by_graph = {
            h.content for h in m.recall("who is Mira Sand's colleague?", limit=10) if "graph" in h.matched_by
        }
        assert by_graph == {"Mira Sand works at Initech with Omar Haddad.", "Omar Haddad lives in Lyon."}


FILLER = [f"Note {i}: the kettle needs descaling on day {i}." for i in range(300)]


def test_a_broad_entity_adds_only_what_the_other_lanes_found(db_path: Path | str) -> None:
    # Robert Smith is named in 61 memories, more than the lane's list of 50 (and under 20% of the
    # items): his newest memories are not listed; the ones the question's words found are confirmed
    reports = [f"Robert Smith filed expense report {i} for the Lisbon trip." for i in range(60)]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(
            ["Robert Smith prefers green tea.", "Dana Kim prefers coffee.", "Omar Haddad prefers chai."]
        )
        m.store_many([*reports, *FILLER], auto_supersede=False)
        hits = m.recall("what does Bob Smith prefer?", limit=10)
        assert hits[0].content == "Robert Smith prefers green tea." and "graph" in hits[0].matched_by
        by_graph = [h.content for h in hits if "graph" in h.matched_by]
        # the reports the keyword lane found ("Smith") are about him too, and rank below the answer
        assert by_graph[0] == "Robert Smith prefers green tea."
        assert all(c.startswith("Robert Smith") for c in by_graph)
        assert {"Dana Kim prefers coffee.", "Omar Haddad prefers chai."} <= {h.content for h in hits}
        # nothing only the graph lane found: without the question's words there is no order among them
        nobody = m.recall("what about Bob?", limit=10)
        assert all(h.content.startswith("Robert Smith") for h in nobody)
        assert all(len(h.matched_by) > 1 or h.matched_by != ("graph",) for h in nobody)


def test_a_broad_entity_on_most_recent_items_is_left_out(db_path: Path | str) -> None:
    # a chat log of 200 lines by Caroline after 100 other items: more than 50 memories, and more than
    # 20% of the items in their span, so naming her tells no line apart
    lines = [f"Caroline: I painted picture number {i} today." for i in range(200)]
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store_many(FILLER[:100], auto_supersede=False)
        m.store_many([{"content": c, "subject": "Caroline"} for c in lines], auto_supersede=False)
        hits = m.recall("which picture did Caroline paint first?", limit=10)
        assert hits and all("graph" not in h.matched_by for h in hits)
