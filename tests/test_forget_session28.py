"""Forget by query keeps what only looks like the request (the twenty seen sets' remaining data loss,
``memlane.forgetting.matching``): a request of a value ("my staff id", "my wage", "my shift rota")
keeps a memory saying something else of the thing with no value of the noun's kind; a name a letter or
two from the topic's, or a hyphenated given name sharing one part, is another name ("Darcey's deli" for
"Darcy", "Hye-won" for "Hye-jin"); a person's name said only as the possessive that opens a longer
capitalised name is a business ("Lena's Noodle Bar" for "Aunt Lena"). Examples in other words than the
sets'; the last tests guard what must still go."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_an_identifier_before_another_noun_is_another_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "My staff ID is KX-5521",
            "lanyard": "My staff ID lanyard broke on Tuesday",
        },
    )
    assert forgotten(mem, keys, "forget my staff id") == {"mine"}


def test_a_wage_said_without_an_amount_is_another_fact(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "My wage is 14 pounds an hour",
            "paid": "My wage goes into the joint account on the 1st",
        },
    )
    assert forgotten(mem, keys, "forget my wage") == {"mine"}


def test_a_rota_said_without_a_time_or_day_is_another_fact(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "My shift rota is Tuesday and Thursday nights",
            "rule": "The shift rota gets reshuffled every quarter",
        },
    )
    assert forgotten(mem, keys, "forget my shift rota") == {"mine"}


def test_a_near_name_is_another_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "pool": "Dara from the pool lent me goggles",
            "deli": "Darcey's deli by the station does good coffee",
        },
    )
    assert forgotten(mem, keys, "forget everything about Darcy") == set()


def test_a_hyphenated_given_name_sharing_one_part_is_another_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "her": "Hye-jin Lee is my tandem partner",
            "where": "Hye-jin lives in Incheon",
            "other": "Hye-won is my Korean tutor",
        },
    )
    assert forgotten(mem, keys, "forget everything about Hye-jin") == {"her", "where"}


def test_a_persons_name_opening_a_business_name_is_the_business(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lives": "Aunt Lena lives in Tallinn",
            "birthday": "Aunt Lena turns 65 in May",
            "shop": "Lena's Noodle Bar is where we get takeaway on Fridays",
        },
    )
    assert forgotten(mem, keys, "forget everything about Aunt Lena") == {"lives", "birthday"}


def test_the_value_itself_still_goes(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "id": "My staff ID is KX-5521",
            "wage": "I get 14 pounds an hour at the cafe",
            "rota": "My shift rota changes to Mondays from next week",
        },
    )
    assert forgotten(mem, keys, "forget my staff id") == {"id"}
    assert forgotten(mem, keys, "forget my shift rota") == {"rota"}


def test_the_name_itself_and_its_possessive_still_go(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "her": "Bridget is my running buddy",
            "flat": "Bridget's flat is in Leith",
            "aunt": "Aunt Lena's Noodle Bar is closed on Mondays",
        },
    )
    assert forgotten(mem, keys, "forget everything about Bridget") == {"her", "flat"}
    assert forgotten(mem, keys, "forget everything about Aunt Lena") == {"aunt"}


def test_a_thing_by_its_noun_takes_the_memories_of_the_name_it_is_given(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "is": "My bike is a 2019 Brompton folding bike, black",
            "chain": "The Brompton needs a new chain",
            "lock": "I keep the Brompton locked in the hallway",
            "brother": "My brother sold his Brompton last year",
            "bus": "I take the tram on rainy days",
        },
    )
    assert forgotten(mem, keys, "forget everything about my bike") == {"is", "chain", "lock"}


def test_a_name_said_to_be_the_thing_takes_its_memories(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "is": "Greenbank Nursery is my daughter's nursery",
            "manager": "Greenbank's manager is Mrs Osei",
            "closed": "Greenbank has a closure day on 2 May",
            "other": "My nephew goes to Greenbank High",
        },
    )
    assert forgotten(mem, keys, "forget about my daughter's nursery") == {"is", "manager", "closed"}
