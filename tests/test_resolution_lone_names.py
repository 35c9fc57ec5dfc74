"""Lone given names and the names around them: a lone given name against a person known alone by
another listed form of it ("Ollie" / "Oliver"), a sentence that says its name is a namesake ("Fiona
the costume designer, a different Fiona"), and titles of office and address that stand before a name
("Ing. Ricardo Mendoza", "Cllr Tom Hadley") or after it ("Eleanor Price MP")."""

from __future__ import annotations

import pytest

from memlane.graph.resolution import Candidate, Registry, resolve
from memlane.graph.said import MARK
from mentions import person as _person

# -- a lone given name and a person known alone by a form of it ------------------------------------------


@pytest.mark.parametrize(
    ("known", "mention"),
    [("Oliver", "Ollie"), ("Emily", "Em"), ("Dmitri", "Dima"), ("Fatima", "Fatma"), ("Karim", "Kareem")],
)
def test_a_lone_name_finds_the_one_person_known_alone_by_a_form_of_it(known: str, mention: str) -> None:
    child = Candidate("p1", "person", known)
    assert resolve(_person(mention, f"{mention} wants a hamster"), [child]).entity_id == "p1"


def test_the_one_known_alone_comes_before_a_full_name_it_only_shortens() -> None:
    neurologist = Candidate("p2", "person", "Dr. Susan Lowe", ("Dr. Lowe",))
    sister = Candidate("p3", "person", "Susan")
    result = resolve(_person("Sue", "Sue will do the pharmacy run this week"), [neurologist, sister])
    assert result.entity_id == "p3" and result.how == "form"


def test_a_part_of_a_known_name_comes_before_a_form_known_alone() -> None:
    cto = Candidate("p1", "person", "Alexander Ivanov")
    alex = Candidate("a3", "person", "Alex")
    result = resolve(_person("Alexander", "Alexander approved the architecture"), [cto, alex])
    assert result.entity_id == "p1"


def test_two_people_known_alone_by_forms_of_the_name_leave_it_unlinked() -> None:
    sister = Candidate("p1", "person", "Susan")
    colleague = Candidate("p2", "person", "Susan")
    result = resolve(_person("Sue", "Sue called about the surgery"), [sister, colleague])
    assert result.entity_id is None and result.how == "ambiguous"


def test_a_lone_name_presented_as_someone_new_is_not_the_one_known_alone() -> None:
    danny = Candidate("p2", "person", "Danny")
    assert resolve(_person("Dani", "Dani is my niece who helps on Saturdays"), [danny]).entity_id is None


def test_two_lone_names_of_like_length_or_a_longer_one_stay_apart() -> None:
    carla = Candidate("p1", "person", "Carla")
    assert resolve(_person("Clara", "Clara booked the flights"), [carla]).entity_id is None
    # forms the tables list, but as long or longer: as often two people's names
    clara = Candidate("p2", "person", "Clara")
    assert resolve(_person("Claire", "Claire booked the flights"), [clara]).entity_id is None
    sandy = Candidate("p3", "person", "Sandy")
    assert resolve(_person("Sandra", "Sandra booked the flights"), [sandy]).entity_id is None


def test_a_lone_name_is_no_company_of_that_name() -> None:
    company = Candidate("c1", "company", "Robert")
    assert resolve(_person("Rob", "Rob has Tuesdays off"), [company]).entity_id is None


def test_the_registry_links_a_nickname_to_a_child_known_by_first_name() -> None:
    registry = Registry()
    registry.resolve_and_learn(_person("Oliver", "Oliver starts school in September"))
    result, entity = registry.resolve_and_learn(_person("Ollie", "Ollie lost his second tooth today"))
    assert result.how == "form" and entity == "e1"
    assert "Ollie" in registry.entities["e1"].aliases


# -- a sentence that says its name is a namesake ---------------------------------------------------------


@pytest.mark.parametrize(
    "context",
    [
        "Fiona the costume designer, a different Fiona, needs the church for fittings",
        "A different Fiona, the costume designer, needs the church",
        "Fiona the costume designer, another Fiona, needs the church",
        "Fiona the costume designer (same name as the producer) needs the church",
        "Fiona the costume designer, no relation, needs the church",
    ],
)
def test_a_sentence_that_says_the_name_is_borne_by_two_is_not_the_known_one(context: str) -> None:
    producer = Candidate("p4", "person", "Fiona McAllister", said=(f"{MARK} is the line producer",))
    assert resolve(_person("Fiona", context), [producer]).entity_id is None
    # known by that very name as well: the sentences that named it tell it is another one's
    called = Candidate("p4", "person", "Fiona McAllister", ("Fiona",), said=(f"{MARK} is the line producer",))
    assert resolve(_person("Fiona", context), [called]).entity_id is None
    # by another spelling, even a store that keeps no sentences rules it out
    assert (
        resolve(_person("Fiona", context), [Candidate("p4", "person", "Fiona McAllister")]).entity_id is None
    )


def test_the_same_name_said_to_be_another_is_not_the_known_one_either() -> None:
    mother = Candidate("p4", "person", "Janet Bishop", said=(f"{MARK} is the policyholder",))
    daughter = _person(
        "Janet Bishop", "Janet Bishop the daughter, same name as her mother, is the named driver"
    )
    assert resolve(daughter, [mother]).entity_id is None


def test_another_thing_in_the_sentence_says_nothing_of_the_name() -> None:
    producer = Candidate("p4", "person", "Fiona McAllister", ("Fiona",))
    # "another" before a word that is no part of the name: a fitting, a day, not a namesake
    mention = _person("Fiona", "Fiona booked another fitting for the church")
    assert resolve(mention, [producer]).entity_id == "p4"


def test_the_same_sentence_stored_again_finds_the_namesake_it_made() -> None:
    registry = Registry()
    registry.resolve_and_learn(_person("Fiona McAllister", "Fiona McAllister is the line producer"))
    registry.resolve_and_learn(_person("Fiona", "Fiona cut the location budget"))
    text = "Fiona the costume designer, a different Fiona, needs the church for fittings"
    first, made = registry.resolve_and_learn(_person("Fiona", text))
    assert first.entity_id is None and made == "e2"
    again, entity = registry.resolve_and_learn(_person("Fiona", text))
    assert again.entity_id == "e2" and entity == "e2"


# -- titles and post-nominals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("known", "mention"),
    [
        ("Ing. Ricardo Mendoza", "Ricardo"),
        ("Eng. Abdulrahman Al-Otaibi", "Eng. Abdulrahman"),
        ("Hélène Lefèvre", "Pr Lefèvre"),
        ("Cllr Tom Hadley", "Councillor Hadley"),
        ("Rt Hon. Eleanor Price MP", "Eleanor Price"),
        ("Conceição Ferreira", "Dona Conceição"),
        ("Mohammed Al Thani", "Sheikh Mohammed"),
        ("Lucía García", "Profesora García"),
    ],
)
def test_titles_of_office_and_address_are_no_part_of_the_name(known: str, mention: str) -> None:
    person = Candidate("p1", "person", known)
    assert resolve(_person(mention, f"{mention} called about the order"), [person]).entity_id == "p1"


def test_a_title_of_one_gender_does_not_fit_a_person_of_the_other() -> None:
    father = Candidate("p1", "person", "Mr. Ramon Santos")
    assert resolve(_person("Ate Santos", "Ate Santos asked for Sunday off"), [father]).entity_id is None


def test_without_the_sentences_that_named_it_the_same_name_stays_the_one_it_made() -> None:
    # a store that keeps no sentences of its entities: the same memory stored again must not make a
    # third Fiona, so the same name is not ruled out; another spelling still is
    registry = Registry(keep_said=False)
    registry.resolve_and_learn(_person("Fiona McAllister", "Fiona McAllister is the line producer"))
    text = "Fiona the costume designer, a different Fiona, needs the church for fittings"
    first, made = registry.resolve_and_learn(_person("Fiona", text))
    assert first.entity_id is None and made == "e2"
    again, entity = registry.resolve_and_learn(_person("Fiona", text))
    assert again.entity_id == "e2" and entity == "e2"


# -- a title and a surname -------------------------------------------------------------------------------


def test_a_title_and_surname_is_the_one_known_by_that_title() -> None:
    attending = Candidate("p2", "person", "Dr. Robert Allen", ("Dr. Bob Allen",))
    brother_in_law = Candidate("p8", "person", "Allen")
    assert (
        resolve(
            _person("Dr Allen", "Dr Allen signed the transfer order"), [attending, brother_in_law]
        ).entity_id
        == "p2"
    )
    professor = Candidate("p1", "person", "Prof. Wang Xiaoming")
    student = Candidate("p2", "person", "Wang Fang")
    # "Professor" and "Prof." are one title
    assert (
        resolve(_person("Professor Wang", "Professor Wang wants the draft"), [professor, student]).entity_id
        == "p1"
    )


def test_a_title_and_surname_stays_ambiguous_without_one_known_by_that_title() -> None:
    teacher = Candidate("p2", "person", "Mr. Nguyen")
    doctor = Candidate("p3", "person", "Thanh Nguyen")
    # another title ("Mr." for "Dr."), or none: which Nguyen is not said
    assert resolve(_person("Dr. Nguyen", "Dr. Nguyen called back"), [teacher, doctor]).entity_id is None
    # two known by that very title: still two
    gp = Candidate("p4", "person", "Dr. Anjali Patel")
    dentist = Candidate("p5", "person", "Dr. Raj Patel")
    result = resolve(_person("Dr. Patel", "Dr. Patel moved the appointment"), [gp, dentist])
    assert result.entity_id is None and result.how == "ambiguous"
