"""Forget by query keeps another bearer of a topic's name (data loss read from heldout17,
``memlane.forgetting.matching``): a kin title typed in lower case before a name is part of the name
("uncle farid" is "Uncle Farid", not "Farid from work"), and a one-word name said with a surname
and a descriptor of its own ("Kasey Doyle the paramedic") is another person than "Kasey the swim
coach"."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_a_lower_case_kin_title_and_name_is_one_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lives": "Uncle Farid lives in Tabriz",
            "surgery": "Uncle Farid had hip surgery in May",
            "work": "Farid from work is the new payroll clerk",
        },
    )
    assert forgotten(mem, keys, "forget everything about uncle farid") == {"lives", "surgery"}


def test_the_kin_titled_name_still_takes_its_own_memories(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lives": "Auntie Grace lives in Kumasi",
            "call": "I call Auntie Grace every Sunday",
        },
    )
    assert forgotten(mem, keys, "forget everything about auntie grace") == {"lives", "call"}


def test_a_one_word_name_with_a_surname_and_descriptor_of_its_own(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "runs": "Coach Kasey runs the Tuesday junior swim squad",
            "fee": "Kasey's swim sessions cost 40 dollars",
            "other": "Kasey Doyle the paramedic treated a cyclist on our street",
        },
    )
    assert forgotten(mem, keys, "forget everything about kasey the swim coach") == {"runs", "fee"}


def test_the_same_descriptor_with_a_surname_is_still_the_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "runs": "Coach Kasey runs the Tuesday junior swim squad",
            "full": "Kasey Doyle the coach moved the squad to the indoor pool",
        },
    )
    assert forgotten(mem, keys, "forget everything about kasey the swim coach") == {"runs", "full"}
