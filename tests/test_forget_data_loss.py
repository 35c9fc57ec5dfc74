"""Forget by query keeps what a request only seems to name (data loss, ``memlane.forgetting.matching``),
on both backends: a fact of another person bearing the name inside a longer name ("Mateo Herrera at
work" for Mateo), a person of the other title ("Mrs Abernethy" for Mr Abernethy), a thing of the
statement's subject that the statement does not name ("Dad's diabetes clinic" for "my dad is
diabetic"), and, of a topic of a thing of a name's ("Uncle Femi's 60th"), a memory that speaks of the
name only (closer to the name alone than to the topic, with the default embedder)."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_a_namesake_inside_a_longer_name_is_another_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mateo": "Mateo is allergic to bee stings and has an EpiPen",
            "brother": "Mateo's brother Lucas is allergic to peanuts",
            "work": "Mateo Herrera at work is allergic to bee stings",
            "swim": "Mateo starts swimming lessons on Monday",
        },
    )
    assert forgotten(mem, keys, "forget that Mateo is allergic to bee stings") == {"mateo"}


def test_the_only_bearer_of_a_full_name_is_still_meant(mem: Memlane) -> None:
    keys = stored(mem, {"herrera": "Mateo Herrera is allergic to bee stings", "other": "Ana likes tea"})
    assert forgotten(mem, keys, "forget that Mateo is allergic to bee stings") == {"herrera"}


def test_a_title_of_the_other_sex_is_another_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "teacher": "Mr Abernethy is my son's maths teacher",
            "fractions": "Mr Abernethy said Callum needs to practise fractions",
            "office": "Mrs Abernethy runs the school office",
        },
    )
    assert forgotten(mem, keys, "forget everything about Mr Abernethy") == {"teacher", "fractions"}


def test_a_thing_of_the_subject_the_statement_does_not_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "diabetic": "My dad is type 2 diabetic",
            "pressure": "My dad has high blood pressure",
            "clinic": "Dad's diabetes clinic is on 3 June",
        },
    )
    assert forgotten(mem, keys, "forget that my dad is diabetic") == {"diabetic"}
    keys = stored(
        mem,
        {
            "moved": "Grandad Ifor moved into Bryn Awel care home in April",
            "fees": "Grandad Ifor's care home fees are £1,100 a week",
        },
    )
    assert forgotten(mem, keys, "forget that Grandad Ifor moved into the care home") == {"moved"}


def test_a_topic_of_a_things_name_keeps_what_speaks_of_the_name_only(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "date": "Uncle Femi's 60th is on 15 June at the Grange Hall",
            "food": "We're bringing jollof and puff-puff to Uncle Femi's 60th",
            "knee": "Uncle Femi had a knee operation in January",
        },
    )
    assert forgotten(smem, keys, "forget everything about Uncle Femi's 60th") == {"date", "food"}
    keys = stored(
        smem,
        {
            "married": "Omar is getting married in Seville",
            "wedding": "Omar's wedding is on June 14",
            "google": "Omar works at Google",
        },
    )
    assert forgotten(smem, keys, "forget everything about Omar's wedding") == {"married", "wedding"}
