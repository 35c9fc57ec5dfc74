"""A place under another language's name (``consolidation.places``, the graph's place tables) and a
relation said from the other side (``consolidation.relations``) are one statement to the word rule;
another place, a name two places share, another relation or the roles exchanged stay apart. New
statements, none from the labelled sets; the last test goes through a real SQLite store."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation.places import place_names
from memlane.consolidation.relations import relation_forms
from word_rule import merged

PLACES_TOGETHER = [
    ("Ilka lives in Torino", "Ilka lives in Turin"),
    ("Ilka moved to Wien in 2019", "Ilka moved to Vienna in 2019"),
    ("Ilka's sister studies in München", "Ilka's sister studies in Munich"),
    ("Ilka was born in Deutschland", "Ilka was born in Germany"),
    ("Ilka flies to Lisboa on Friday", "Ilka flies to Lisbon on Friday"),
    ("Ilka was born in the USA", "Ilka was born in the United States"),
]
PLACES_APART = [
    ("Ilka lives in Torino", "Ilka lives in Milan"),  # another city
    ("Ilka moved from Wien to Praha", "Ilka moved from Prague to Vienna"),  # the direction reversed
    ("Ilka lives in Georgia", "Ilka lives in Sakartvelo"),  # a country's and a US state's name
    ("Ilka is from Austria", "Ilka is from Vienna"),  # a country is not its capital
]
RELATIONS_TOGETHER = [
    ("Ines reports to Tomasz Wr\u00f3bel", "Tomasz Wr\u00f3bel is Ines's manager"),
    ("Ines reports to Tomasz", "Ines's manager is Tomasz"),
    ("Ines reports directly to Tomasz", "Tomasz is Ines's manager"),
    ("Tomasz manages Ines", "Ines reports to Tomasz"),
    ("Ines reported to Tomasz", "Ines's manager was Tomasz"),
    ("The CEO of Brightwave is Odile", "Brightwave's CEO is Odile"),
    ("Odile is the CEO of Brightwave", "Odile is Brightwave's CEO"),
    ("The mother of Tomasz is Ines", "Ines is Tomasz's mother"),
    ("Ines is the sister of Tomasz", "Tomasz's sister is Ines"),
    ("Ines is Tomasz's sister", "Tomasz's sister is called Ines"),
    ("Tomasz's dog is named Pixel", "Pixel is Tomasz's dog"),
    ("Tomasz has a dog called Pixel", "Tomasz's dog is named Pixel"),
    ("Ana has a cat called Mimi", "Ana's cat is named Mimi"),
    (
        "Tomasz was born in Valencia",
        "Valencia is Tomasz's birthplace",
    ),  # the owner "ana" as the speaker: "my cat"
    # the owner read as the speaker ("the user") has a pet called so; a name given as "the name of"
    ("Ana has a dachshund called Ferdl", "Ferdl is Ana's dachshund"),
    ("Ana has two cats called Kluska and Mak", "Kluska and Mak are Ana's two cats"),
    ("Pistachio is the name of Tomasz's cat", "Tomasz's cat is called Pistachio"),
    ("Pistachio is the name of Ana's cat", "Ana's cat is called Pistachio"),
]
RELATIONS_APART = [
    ("Ines reports to Tomasz", "Tomasz reports to Ines"),  # the roles exchanged
    ("Ines reports to Tomasz", "Tomasz is Ines's mentor"),  # another relation
    ("Ines reports to Tomasz", "Ines's manager was Tomasz"),  # a former relation
    ("Ines reports to Tomasz", "Ines's former manager is Tomasz"),
    ("Ines reports to Tomasz on Mondays", "Ines's manager is Tomasz"),  # a report given, not a manager
    ("The CEO of Brightwave is Odile", "Brightwave's CTO is Odile"),
    ("Odile is the sister of Tomasz", "Tomasz is the sister of Odile"),
    ("Ines is Tomasz's sister", "Tomasz's daughter is called Ines"),
    ("Tomasz's dog is named Pixel", "Tomasz's cat is named Pixel"),
    ("Tomasz has a dog called Pixel", "Tomasz has a dog called Rex"),
    ("Tomasz was born in Valencia", "Valencia is Tomasz's hometown"),
    ("Tomasz was born in Valencia in 1990", "Valencia is Tomasz's birthplace"),
    ("Ana has a dachshund called Ferdl", "Ferdl is Ana's poodle"),
    ("Ana has a dachshund called Ferdl", "Ferdl is Ana's son's dachshund"),
    ("Miso is the name of Tomasz's dog", "Tomasz's cat is called Miso"),
    ("Miso is the name of Tomasz's cat", "Tomasz's cat is called Mochi"),
]
#: other written forms (``restatement.written_forms``) and a name no capital marks (``duplicates.compared``)
WRITTEN_TOGETHER = [
    ("Ines was promoted to team lead in Mar 2025", "Ines was promoted to team lead in March 2025"),
    ("The lease ends on 12 Sept 2026", "The lease ends on 12 September 2026"),
    ("The lease ends on Sept. 12", "The lease ends on September 12"),
]
WRITTEN_APART = [
    ("The lease ends on 12 Sept 2026", "The lease ends on 12 October 2026"),
    ("Ines was promoted in Mar 2025", "Ines was promoted in May 2025"),
]


@pytest.mark.parametrize(("a", "b"), PLACES_TOGETHER + RELATIONS_TOGETHER + WRITTEN_TOGETHER)
def test_one_place_or_relation_said_another_way_merges(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


@pytest.mark.parametrize(("a", "b"), PLACES_APART + RELATIONS_APART + WRITTEN_APART)
def test_another_place_or_relation_stays_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


def test_an_owner_name_without_a_capital_is_compared_as_written() -> None:
    # ``word_rule.merged`` stores both as the user "ana": "Ana is vegetarian" says too little with
    # the owner as the speaker ("I is vegetarian"), so both are compared as written
    assert merged("Ana is vegetarian", "ana is a vegetarian")
    assert merged("ana is a vegetarian", "Ana is vegetarian")
    assert not merged("Ana is vegetarian", "ana is a vegan")


def test_place_names_are_one_token_and_words_stay_words() -> None:
    assert place_names("Ilka lives in Torino") == place_names("Ilka lives in Turin")
    assert place_names("Ilka lives in Torino") != place_names("Ilka lives in Milano")
    # an English word opening a statement is no name ("Reading" is also a city)
    assert place_names("Reading is Ilka's hobby") == "Reading is Ilka's hobby"
    assert place_names("Reading is a town near Wien") == "Reading is a town near Vienna"
    # a longer name first: "New York" is not "York"
    assert place_names("Ilka lives in New York") != place_names("Ilka lives in York")
    assert place_names("ilka lives in torino") == "ilka lives in torino"  # lower case: no name
    # names the place tables hold that are other things where no place is put
    assert "Hindi" in place_names("Rohan's daughter is learning Hindi")  # a CLDR name of India
    assert "Fuji" in place_names("Ilka hiked up Mount Fuji")
    assert "Mei's" in place_names("The book club meets at Mei's place")
    assert "Amara" in place_names("In 2018 Amara moved to Lagos")
    assert "SLA" in place_names("The first-response SLA is 4 hours")  # a town's other name
    assert place_names("Brightwave Media renewed in Ghent").startswith("Brightwave Media renewed in ")
    # a given name that is also a city's other name is the city only after a preposition of place
    assert place_names("Ilka lives in Torino") == "Ilka lives in Turin"
    assert place_names("Hanna is Ilka's manager") == "Hanna is Ilka's manager"
    assert place_names("Ilka reports to Hanna") == "Ilka reports to Hanna"


def test_relation_forms() -> None:
    assert relation_forms("I report to Tomasz") == "my manager is Tomasz"
    assert relation_forms("She reported to Tomasz Wr\u00f3bel.") == "her manager was Tomasz Wr\u00f3bel"
    assert (
        relation_forms("Ines reports to Tomasz about the budget") == "Ines reports to Tomasz about the budget"
    )
    assert relation_forms("the rest of May is free") == "the rest of May is free"
    assert relation_forms("Odile is the head of sales of Brightwave") == "Odile is Brightwave's head of sales"
    assert relation_forms("Ilka was born in the city of Cusco") == "Ilka was born in the city of Cusco"
    assert relation_forms("I have a dog named Pixel") == "my dog is Pixel"
    assert relation_forms("the user has a dog named Pixel") == "the user's dog is Pixel"
    assert relation_forms("Pistachio is the name of Nina's cat") == "Nina's cat is Pistachio"
    assert relation_forms("Paris is the name of a city") == "Paris is the name of a city"


def test_a_store_consolidates_places_and_relations(tmp_path: Path) -> None:
    with Memlane(tmp_path / "m.db", user="ilka", embedder="none") as m:
        stored = [
            m.store(text, auto_supersede=False).id
            for text in (
                "Ilka lives in Torino",
                "Ilka lives in Turin",
                "Ilka lives in Milan",
                "Ilka reports to Tomasz",
                "Tomasz is Ilka's manager",
                "Tomasz reports to Ilka",
            )
        ]
        report = m.consolidate()
        merged_sets = sorted(
            sorted(stored.index(i) for i in (*c.merged, c.id) if i in stored) for c in report.clusters
        )
        assert merged_sets == [[0, 1], [3, 4]]
        current = {x.content for x in m.list_recent(50)}
        assert "Ilka lives in Milan" in current and "Tomasz reports to Ilka" in current
