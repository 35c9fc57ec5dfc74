"""A short form made by morphology before the same surname ("Lupe Robles" / Guadalupe Robles): without
an organisation in common when the short form is a name few people are given, as the form alone is
("clipped"); with one otherwise, as before."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, resolve


def _person(name: str, *affiliations: str) -> Mention:
    return Mention(name, "person", affiliations=affiliations, context=f"{name} sent the report")


def test_a_rare_short_form_and_the_same_surname() -> None:
    for short, full in (
        ("Lupe Robles", "Guadalupe Robles"),
        ("Kolya Sokolov", "Nikolai Sokolov"),
        ("Bartek Zieliński", "Bartłomiej Zieliński"),
        ("Bartłomiej Zieliński", "Bartek Zieliński"),  # (either way round)
        ("Lupe Robles", "Guadalupe Robles García"),  # (and one surname of two)
    ):
        found = resolve(_person(short), [Candidate("p1", "person", full)])
        assert (found.entity_id, found.how) == ("p1", "shortened"), (short, full)


def test_a_name_many_people_are_given_is_a_name_of_its_own() -> None:
    # sisters, or two people: a full name written with another given name says so
    for short, full in (("Maria Lopez", "Mariana Lopez"), ("Priya Sharma", "Priyanka Sharma")):
        assert resolve(_person(short), [Candidate("p1", "person", full)]).entity_id is None, short
        # an organisation in common still joins them, as before
        found = resolve(_person(short, "Globex"), [Candidate("p1", "person", full, affiliations=("Globex",))])
        assert found.entity_id == "p1", short
    # another surname, or a namesake at another organisation, is not it
    assert resolve(_person("Lupe Ortega"), [Candidate("p1", "person", "Guadalupe Robles")]).entity_id is None
    other = Candidate("p1", "person", "Guadalupe Robles", affiliations=("Initech",))
    assert resolve(_person("Lupe Robles", "Globex"), [other]).entity_id is None


def test_on_store_a_rare_short_form_with_the_surname(mem: Memlane) -> None:
    mem.store("Guadalupe Robles is the store manager in Puebla")
    mem.store("Lupe Robles escalated the receipt printer bug")
    people = [e for e in mem.entities.list(limit=50) if e.type == "person"]
    assert [e.name for e in people] == ["Guadalupe Robles"]
    assert len(mem.entities.memories(people[0].id, limit=10)) == 2


def test_a_rare_short_form_of_a_name_known_alone() -> None:
    for short, known in (("Lachie", "Lachlan"), ("Tomek", "Tomasz")):
        found = resolve(_person(short), [Candidate("p1", "person", known)])
        assert (found.entity_id, found.how) == ("p1", "clipped"), short
    # a name many people are given is a name of its own; two people known so: which one is not known
    for short, known in (("Maria", "Mariana"), ("Priya", "Priyanka")):
        assert resolve(_person(short), [Candidate("p1", "person", known)]).entity_id is None, short
    twins = [Candidate("p1", "person", "Tomasz"), Candidate("p2", "person", "Tomasz Nowak")]
    assert resolve(_person("Tomek"), twins).entity_id is None
