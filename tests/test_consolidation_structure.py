"""One statement in another structure (``consolidation.structure``) and the vetoes of the paraphrase
mode (``consolidation.vetoes``): a role by its agent noun ("is a maths teacher" / "teaches maths"), an
event by its noun ("'s flight to Oslo is on…" / "flies to Oslo on…"), an activity by "goes", a parent of
a number, a thing by what one does with it, a fan; and the traps each must keep apart. New statements,
none from the labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation import paraphrases
from memlane.consolidation.duplicates import _as_speaker
from memlane.consolidation.structure import agent_verb, event_verb, played, structure_forms
from memlane.consolidation.vetoes import structure_apart
from word_rule import merged

TOGETHER = [
    ("Oskar teaches chemistry at a grammar school in Leeds", "Oskar is a chemistry teacher at a grammar school in Leeds"),
    ("Oskar teaches chemistry at a grammar school in Leeds", "Oskar works as a chemistry teacher at a grammar school in Leeds"),
    ("Ines translates Dutch novels into Spanish", "Ines is a translator of Dutch novels into Spanish"),
    ("Ines's nephew Bram studies physics in Delft", "Bram, Ines's nephew, is a physics student in Delft"),
    ("Bram plays the trumpet in a brass band", "Bram is a trumpeter in a brass band"),
    ("Bram plays cello in a string quartet", "Bram is a cellist in a string quartet"),
    ("Ines flies to Lima on 3 April", "Ines's flight to Lima is on April 3rd"),
    ("Ines moved to Ghent in 2022", "Ines's move to Ghent was in 2022"),
    ("Ines goes hiking on Sundays", "Ines hikes on Sundays"),
    ("Every evening Ines goes for a 3 km walk", "Ines walks 3 km every evening"),
    ("Ines has four children", "Ines is a mother of four"),
    ("Ines has three grandchildren", "Ines is a grandmother of three"),
    ("Ines drives a green Skoda Octavia", "Ines's car is a green Skoda Octavia"),
    ("Ines lives in a narrow canal house in Delft", "Ines's home is a narrow canal house in Delft"),
    ("My brother lives in Quito", "My brother's home is in Quito"),
    ("Ines has a physiotherapy appointment on 9 May at 8:15", "Ines's physiotherapy appointment is on May 9th at 8:15"),
    ("Ines is a Feyenoord fan", "Ines supports Feyenoord"),
    ("Ines owns a flower shop in Gouda", "Ines is the owner of a flower shop in Gouda"),
    ("Dagfinn manages the billing team", "The billing team's manager is Dagfinn"),
    ("Dr Haas is on leave until June 2", "Dr Haas is on leave till June 2nd"),
]  # fmt: skip

APART = [
    # the verb's object is one's own: a job is not a chore ("dog trainer" / "trains his dog")
    ("Pieter is a dog trainer", "Pieter trains his dog"),
    # a modifier becomes an object only for a verb that takes one: "a cardiology resident" resides nowhere
    ("Pieter is a cardiology resident in Utrecht", "Pieter resides in Utrecht"),
    # a learner is not the teacher, a sibling instrument another one
    ("Pieter is a chemistry teacher", "Pieter is a chemistry student"),
    ("Pieter is a cellist in a string quartet", "Pieter plays violin in a string quartet"),
    # an event's time and direction still count
    ("Ines flies to Lima on 3 April", "Ines's flight from Lima is on April 3rd"),
    ("Ines flies to Lima on 3 April", "Ines's flight to Lima was on April 3rd"),
    # an appointment is had, a person is somewhere: "Ines's sister is in Paris" is no appointment
    ("Ines has a dentist appointment on 9 May", "Ines has a dentist appointment on 19 May"),
    # a parent of two is not a parent of three, nor a grandparent
    ("Ines has two children", "Ines is a mother of three"),
    ("Ines has two children", "Ines is a grandmother of two"),
    # a car is not what one drives for a living, nor a house the home of another
    ("Ines drives a green Skoda Octavia", "Ines's car is a blue Skoda Octavia"),
    ("Ines's home is in Quito", "Ines's office is in Quito"),
    # a degree of liking is no fandom of a name
    ("Ines is a big fan of spicy food", "Ines supports spicy food"),
    # another doer: "goes swimming" keeps its subject
    ("Ines goes swimming on Sundays", "Ines's son swims on Sundays"),
]


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_one_statement_in_another_structure_merges(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


@pytest.mark.parametrize(("a", "b"), APART)
def test_traps_stay_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


def test_agent_and_event_nouns_from_wordnet() -> None:
    assert agent_verb("teacher") == "teach" and agent_verb("translator") == "translate"
    assert agent_verb("student") == "study" and agent_verb("driver") == "drive"
    # not derived from a verb, or the verb is the noun itself: no rewrite
    assert agent_verb("pianist") is None and agent_verb("nurse") is None and agent_verb("mother") is None
    assert played("pianist") == "piano" and played("guitarist") == "guitar" and played("singer") is None
    assert event_verb("flight") == "fly" and event_verb("move") == "move"
    assert event_verb("sister") is None and event_verb("car") is None


def test_structure_forms_leave_other_statements_alone() -> None:
    for content in (
        "Ines's sister is in Paris",  # a person, no occasion
        "Ines is a nurse",  # "nurse" the verb is the noun
        "Ines goes shopping on Fridays",  # an errand, not "shops"
        "Ines is a member of the board",
        "The 2nd Mayor of Ghent",
    ):
        assert structure_forms(content) == content


def test_owner_name_without_its_accents_is_the_speaker() -> None:
    assert _as_speaker("Thuy makes bread each Sunday", "thuy") == "the user makes bread each Sunday"
    assert _as_speaker("Thủy makes bread each Sunday", "thuy") == "the user makes bread each Sunday"
    assert _as_speaker("Ji-woo's car is red", "jiwoo") == "the user's car is red"
    # another name that starts with it is someone else
    assert _as_speaker("Thuyen makes bread", "thuy") == "Thuyen makes bread"
    assert _as_speaker("Ji-woon's car is red", "jiwoo") == "Ji-woon's car is red"


VETOED = [
    ("Marit teaches Italian on Tuesday evenings", "Marit takes Italian lessons on Tuesday evenings"),
    ("Marit's son has violin on Fridays", "Marit's son teaches violin on Fridays"),
    ("Marit has a flat in Bergen", "Marit rents a flat in Bergen"),
    ("Marit owns 40 shares of Orkla", "Marit sold 40 shares of Orkla"),
    ("Marit's father lives in Molde", "Marit's father-in-law lives in Molde"),
    ("Marit is a primary school teacher", "Marit is a primary school headteacher"),
    ("Marit is a data analyst at Telenor", "Marit is a senior data analyst at Telenor"),
    ("Marit is a data analyst", "Marit is studying to become a data analyst"),
    ("Refunds are issued within 5 days", "Refunds are issued within 5 working days"),
    ("Marit wants a house with a garden", "Marit wants an apartment with a garden"),
    ("Marit lent her cousin 500 euros", "Marit's cousin lent her 500 euros"),
    ("Marit's budget for a boat is 9,000 euros", "Marit's budget for repairing the boat is 9,000 euros"),
]
NOT_VETOED = [
    ("Marit teaches Italian on Tuesday evenings", "On Tuesday evenings Marit gives Italian lessons"),
    ("Marit is on call this weekend", "Marit has the on-call shift this weekend"),
    ("Marit wants a three-bedroom flat", "Marit wants a flat with three bedrooms"),
    ("Marit has a dog", "Marit owns a dog"),
    ("Marit bought a bike in May", "Marit purchased a bike in May"),
    ("Marit was promoted to team lead in May", "In May Marit became the team lead"),
    ("Marit's budget for repairing the boat is 9,000 euros", "Marit's boat repair budget is 9,000 euros"),
]


@pytest.mark.parametrize(("a", "b"), VETOED)
def test_paraphrase_vetoes(a: str, b: str) -> None:
    assert structure_apart(a, b) and structure_apart(b, a) or not paraphrases.guarded(a, b)
    assert not paraphrases.guarded(a, b) and not paraphrases.guarded(b, a)


@pytest.mark.parametrize(("a", "b"), NOT_VETOED)
def test_paraphrase_vetoes_leave_rewordings(a: str, b: str) -> None:
    assert not structure_apart(a, b) and not structure_apart(b, a)


def test_someone_elses_possessor_is_another_doer() -> None:
    # "with" allows other doers ("Arjun lives in Pune with his parents"), not another possessor
    assert not merged(
        "Jonas's parents live with him and his wife in Aarhus",
        "Jonas's wife's parents live with them in Aarhus",
    )
    assert merged("Jonas lives in Aarhus with his parents", "Jonas and his parents live together in Aarhus")


def test_a_deadline_is_no_fact_done() -> None:
    # "deadline" is a word of a plan: it frames nothing beside a thing done
    a, b = "The deadline for filing the tax return is 30 April", "The tax return was filed on 30 April"
    assert paraphrases.verdict(a, b) == -1 and paraphrases.verdict(b, a) == -1
