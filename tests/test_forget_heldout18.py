"""Forget by query keeps what only looks like the request (data loss read from heldout18,
``memlane.forgetting.matching``): a word of the request said only as the kind of another noun ("The
weight limit", "my divorced parents", "a Jewish deli"), a degree said as a quantity of a thing ("a
lot of fruit" for "I eat a lot"), a memory of a place alone for a thing at the place ("I'm on holiday
in Madrid" for "the Madrid project"), and a role's bearer's name before a noun ("Tofu curry" for "my
cat")."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_the_speakers_thing_said_as_the_kind_of_another_noun(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "My weight is 82 kg",
            "limit": "The weight limit for checked bags is 23 kg",
        },
    )
    assert forgotten(mem, keys, "forget my weight") == {"mine"}


def test_the_thing_said_with_a_verb_after_it_is_still_the_thing(mem: Memlane) -> None:
    keys = stored(mem, {"mine": "My weight is 82 kg", "drop": "The weight dropped after the diet"})
    assert forgotten(mem, keys, "forget my weight") == {"mine", "drop"}


def test_a_verb_of_the_request_said_as_the_kind_of_another_noun(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I'm divorced and live alone now",
            "parents": "My divorced parents still argue about Christmas",
        },
    )
    assert forgotten(mem, keys, "forget that I'm divorced") == {"mine"}


def test_a_capitalised_word_of_the_request_said_as_the_kind_of_another_noun(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I'm Jewish and keep kosher at home",
            "deli": "We order from a Jewish deli on Fridays",
        },
    )
    assert forgotten(mem, keys, "forget that I'm Jewish") == {"mine"}


def test_a_degree_is_not_a_quantity_of_a_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I eat a lot, especially late at night",
            "fruit": "I eat a lot of fruit in summer",
        },
    )
    assert forgotten(mem, keys, "forget that I eat a lot") == {"mine"}


def test_a_quantity_of_the_requests_thing_is_still_it(mem: Memlane) -> None:
    keys = stored(mem, {"fruit": "I eat a lot of fruit in summer"})
    assert forgotten(mem, keys, "forget that I eat a lot of fruit") == {"fruit"}


def test_a_place_alone_is_not_a_project_at_the_place(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "what": "The Madrid project is a hospital extension for Sanitas",
            "when": "The Madrid project deadline is 12 May",
            "trip": "I'm on holiday in Madrid in September",
            "who": "Pablo is the engineer on the Madrid project",
        },
    )
    assert forgotten(smem, keys, "forget everything about the Madrid project") == {"what", "when", "who"}


def test_a_place_alone_is_not_a_move_of_an_office_there(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "what": "The Hamburg office move is planned for October",
            "who": "Jonas coordinates the Hamburg office move",
            "trip": "I'm going to Hamburg for a football match in May",
        },
    )
    assert forgotten(smem, keys, "forget all about the Hamburg office move") == {"what", "who"}


def test_a_role_bearers_name_before_a_noun_is_another_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "cat": "My cat Tofu is nine years old",
            "paw": "Tofu has a sore paw",
            "curry": "Tofu curry is my favourite dinner",
        },
    )
    assert forgotten(mem, keys, "forget everything about my cat") == {"cat", "paw"}


def test_a_role_bearers_name_before_a_verb_is_the_bearer(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "dog": "My dog Mango is nine years old",
            "paw": "Mango has a sore paw",
            "chutney": "Mango chutney goes with everything",
            "eats": "Mango eats twice a day",
        },
    )
    assert forgotten(mem, keys, "forget everything about my dog") == {"dog", "paw", "eats"}


def test_a_request_that_says_more_of_its_subject_is_still_stated(mem: Memlane) -> None:
    keys = stored(mem, {"lead": "Priya is the design lead now after the promotion round"})
    assert forgotten(mem, keys, "forget that Priya was promoted to design lead") == {"lead"}


def test_a_journey_takes_the_speakers_memories_at_the_place(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "flights": "Seville trip: flights on 3 May",
            "stay": "Want to try the tapas at El Rinconcillo in Seville",
        },
    )
    assert forgotten(smem, keys, "forget everything about the Seville trip") == {"flights", "stay"}
