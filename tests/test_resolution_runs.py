"""A person's name written as the first or the last parts of a longer known name ("run"): "Fatima Zahra"
for Fatima Zahra Ait Benhaddou, "Cabrera Montoro" for José Antonio Cabrera Montoro; and what stays apart: a given name and surname
after another given name, two people it fits, a sentence that describes another person."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from memlane.graph.said import said_of


def _person(name: str, context: str | None = None) -> Mention:
    return Mention(name, "person", context=context or f"{name} sent the report")


def test_the_first_or_the_last_parts_of_a_longer_name() -> None:
    for short, full in (
        ("Noor Jahan", "Noor Jahan Qureshi Malik"),  # the given names, the surnames left out
        ("Quesada Ortiz", "Marisol Quesada Ortiz"),  # the two surnames alone
        ("Tavita Lemalu", "Le Tavita Lemalu"),  # a word before the name that is no known title
    ):
        found = resolve(_person(short), [Candidate("p1", "person", full)])
        assert (found.entity_id, found.how) == ("p1", "run"), (short, full)
        # the stores find the candidate under a key the mention shares
        assert blocking_keys(short, "person") & blocking_keys(full, "person"), short


def test_runs_that_stay_apart() -> None:
    # a given name and surname after another given name: another person's name as often
    for short, full in (
        ("José García", "María José García"),
        ("Antonio Cabrera", "José Antonio Cabrera Montoro"),
    ):
        assert resolve(_person(short), [Candidate("p1", "person", full)]).entity_id is None, short
    # a run from the middle of the name
    assert (
        resolve(_person("Marisol Quesada"), [Candidate("p1", "person", "Ana Marisol Quesada Ortiz")]).how
        != "run"
    )
    # two people it fits: which one is not known
    two = [Candidate("p1", "person", "Noor Jahan Qureshi"), Candidate("p2", "person", "Noor Jahan Malik")]
    assert resolve(_person("Noor Jahan"), two).entity_id is None
    # the sentences describe two people
    name = "Capt. Le Tavita Lemalu"
    marked = said_of(name, f"{name} is the master of the Kalliope Star")
    assert marked is not None
    master = Candidate("p1", "person", name, said=(marked,))
    mention = _person("Tavita Lemalu", "Tavita Lemalu the deck cadet joins the ship in May")
    assert resolve(mention, [master]).entity_id is None
    # described alike, or not described: the same person
    mention = _person("Tavita Lemalu", "Tavita Lemalu the master signed the manifest")
    assert resolve(mention, [master]).entity_id == "p1"


def test_on_store_the_last_parts_of_a_longer_name(mem: Memlane) -> None:
    mem.store("Marisol Quesada Ortiz measured the acidity of tank 14")
    mem.store("Quesada Ortiz is presenting our oil at the fair")
    people = [e for e in mem.entities.list(limit=50) if e.type == "person"]
    assert [e.name for e in people] == ["Marisol Quesada Ortiz"]
    assert len(mem.entities.memories(people[0].id, limit=10)) == 2
