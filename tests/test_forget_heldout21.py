"""Forget by query keeps what only looks like the request (data loss read from heldout21,
``memlane.forgetting.matching``): a value's noun before what follows it ("the alarm code *for the
shop*": a memory that gives no code is a rule of the code, not the code), a verb said with a preposition
and no object read only in its senses that take none ("applying to Google" is not "I use Google
Sheets"), and a thing asked "again" not said only of an earlier one ("My first pregnancy …")."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_a_values_noun_before_what_follows_it(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "where": "The shop is on Mill Lane",
            "rule": "The shop alarm code gets reset every January",
        },
    )
    assert forgotten(mem, keys, "forget the alarm code for the shop") == set()


def test_a_values_noun_with_the_value_goes(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "where": "The gym is on Mill Lane",
            "number": "The gym membership number is M-7731",
        },
    )
    assert forgotten(mem, keys, "forget the membership number for the gym") == {"number"}


def test_a_verb_with_a_preposition_is_no_synonym_taking_an_object(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "applied": "I'm applying for a data engineer role at Google",
            "sheets": "I use Google Sheets for all my budgets",
        },
    )
    assert forgotten(mem, keys, "forget that I'm applying to Google") == {"applied"}


def test_a_verb_with_a_preposition_said_by_its_noun(mem: Memlane) -> None:
    keys = stored(mem, {"vote": "I cast my vote for the Greens", "mum": "My mum is a member of the SPD"})
    assert forgotten(mem, keys, "forget that I voted for the Greens") == {"vote"}


def test_a_thing_asked_again_is_not_an_earlier_one(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "now": "I'm pregnant with twins, 12 weeks",
            "first": "My first pregnancy ended with a caesarean",
        },
    )
    assert forgotten(smem, keys, "forget that I'm pregnant again") == {"now"}


# missed deletions read from heldout21 (statement requests)


def test_a_negation_of_only_the_subject_beside_the_fact(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "fact": "Joachim doesn't drive, he's epileptic",
            "job": "Joachim works at the bakery",
        },
    )
    assert forgotten(mem, keys, "forget that Joachim is epileptic") == {"fact"}


def test_a_negation_of_the_fact_in_another_clause_still_negates(mem: Memlane) -> None:
    keys = stored(mem, {"not": "Joachim isn't epileptic, the tests were clear"})
    assert forgotten(mem, keys, "forget that Joachim is epileptic") == set()


def test_a_word_that_says_a_negation_said_with_not(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "not": "Priya doesn't eat meat, not even chicken",
            "red": "Priya doesn't eat red meat",
            "dinner": "Priya is coming to dinner on Friday",
        },
    )
    assert forgotten(mem, keys, "forget that Priya is vegetarian") == {"not"}


def test_a_salary_said_by_its_verb_with_the_amount(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "earn": "I earn 3,900 pounds a month after tax",
            "partner": "My husband earns 52,000 pounds",
            "rent": "My rent is 1,200 pounds",
        },
    )
    assert forgotten(smem, keys, "forget my salary") == {"earn"}


def test_what_a_thing_is_asks_its_value(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "value": "My salary is 61,000 euros gross",
            "payday": "My salary is paid on the 28th",
        },
    )
    assert forgotten(smem, keys, "forget what my salary is") == {"value"}


def test_a_relative_said_by_the_name_the_memories_give(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "named": "My son Tobias has coeliac disease",
            "by_name": "Tobias keeps gluten-free bread at school for his coeliac disease",
            "school": "Tobias is in year 6 at Oakfield",
        },
    )
    assert forgotten(mem, keys, "forget that my son has coeliac disease") == {"named", "by_name"}


def test_a_relatives_name_another_relative_bears_is_no_reading(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "named": "My son Tobias has coeliac disease",
            "cousin": "My cousin Tobias lives in Leeds",
            "by_name": "Tobias keeps gluten-free bread at school for his coeliac disease",
        },
    )
    assert forgotten(mem, keys, "forget that my son has coeliac disease") == {"named"}
