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


# heldout17's open data-loss causes, fixed in the twenty-sixth session (examples in other words than
# the set's): a topic dated by a year against a memory dating its fact in another year; a request of
# the speaker's thing against a habit of any one of its kind; a request of a value against a memory
# that says something else of the thing and gives no value.


def test_a_topic_dated_by_a_year_keeps_what_is_dated_in_another(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "then": "I bought 20 shares of Shopify in 2019",
            "again": "I bought more Shopify shares two months ago",
            "sold": "My neighbour sold his Shopify shares in 2020",
        },
    )
    assert forgotten(mem, keys, "forget about my 2019 shopify purchase") == {"then"}


def test_a_topic_dated_by_a_year_still_takes_an_undated_memory(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "then": "I bought 20 shares of Shopify in 2019",
            "broker": "I bought the Shopify shares through Hargreaves Lansdown",
        },
    )
    assert forgotten(mem, keys, "forget about my 2019 shopify purchase") == {"then", "broker"}


def test_the_speakers_thing_is_not_a_habit_of_any_one_of_its_kind(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "own": "I'm writing a cookbook of Sri Lankan recipes",
            "publisher": "My cookbook's publisher is Hardie Grant",
            "habit": "I buy a cookbook every month",
            "library": "I borrow a cookbook from the library each week",
        },
    )
    assert forgotten(mem, keys, "forget about my cookbook") == {"own", "publisher"}


def test_a_light_verbs_habit_is_still_the_speakers_thing(mem: Memlane) -> None:
    keys = stored(mem, {"lesson": "I have a piano lesson every week", "teacher": "My sister teaches piano"})
    assert forgotten(mem, keys, "forget my piano lesson") == {"lesson"}


def test_a_request_of_a_value_keeps_what_else_is_said_of_the_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "value": "My library card number is 22817",
            "rule": "My library card number changes when the card expires",
        },
    )
    assert forgotten(mem, keys, "forget my library card number") == {"value"}


def test_a_request_of_a_value_takes_a_memory_that_gives_a_new_one(mem: Memlane) -> None:
    keys = stored(mem, {"new": "My library card number changed to 22901"})
    assert forgotten(mem, keys, "forget my library card number") == {"new"}


# heldout17's missed deletions of general classes (twenty-sixth session): a relative by marriage typed
# without hyphens, "my ex" said in full, a role said with a word before it, "all the X stuff", a date
# asked after its thing.


def test_a_relative_by_marriage_typed_without_hyphens(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lives": "My brother-in-law Kwame lives in Accra",
            "job": "Kwame is a pharmacist",
            "brother": "My brother Kojo plays the drums",
        },
    )
    assert forgotten(mem, keys, "forget everything about my brother in law") == {"lives", "job"}


def test_my_ex_is_an_ex_partner_said_in_full(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "ex": "My ex-girlfriend Noor works at a bakery",
            "bike": "Noor still has my bike",
            "boss": "My ex-boss Gerald retired",
        },
    )
    assert forgotten(mem, keys, "wipe everything about my ex") == {"ex", "bike"}


def test_a_role_said_with_a_word_before_it(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "role": "Marek is my new landlord",
            "rent": "Marek wants the rent on the first of the month",
            "other": "Marek the footballer opened a cafe",
        },
    )
    assert forgotten(mem, keys, "forget everything about my landlord") == {"role", "rent"}


def test_all_the_things_stuff_is_a_topic(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "fence": "The allotment fence needs painting",
            "plot": "I grow leeks on the allotment",
            "garden": "My sister's garden is huge",
        },
    )
    assert forgotten(mem, keys, "forget all the allotment stuff") == {"fence", "plot"}


def test_a_date_asked_after_its_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "hearing": "I have a court hearing on 9 March about the invoices",
            "divorce": "My divorce hearing was on 9 March last year",
            "moved": "The court hearing moved once already from February",
        },
    )
    assert forgotten(mem, keys, "forget the court date") == {"hearing"}


def test_courtesy_and_a_reason_after_the_request_are_framing(mem: Memlane) -> None:
    keys = stored(
        mem, {"pay": "My pension contribution is 6 percent", "other": "My wife's pension is with Aviva"}
    )
    assert forgotten(mem, keys, "forget my pension contribution pls") == {"pay"}
    keys = stored(mem, {"day": "The launch date is 3 April", "team": "Launch planning is led by Marta"})
    assert forgotten(mem, keys, "forget the launch date, it changed") == {"day"}
