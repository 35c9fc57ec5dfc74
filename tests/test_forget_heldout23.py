"""Forget by query, read from heldout23 (``memlane.forgetting.matching``). Its data loss: a topic's name
said only as the first word of a noun the dictionary knows, in lower case after it ("Feng shui is my
mum's hobby" for "my uncle Feng"), is the term, not what the topic names, whatever linking filed it
under (``_in_a_term``). Its recall: an eponymous condition said by its possessive alone ("my Crohn's":
``_eponym_said``); a noun that names nothing ("I hoard things": ``_without_empty_nouns``); a reason said
as a phrase before a negated clause is not negated ("Because of the pacemaker I can't …":
``_REASON_PHRASE``); a code said as what a lock opens with (``_code_given``)."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_a_name_said_only_as_a_terms_first_word_is_not_the_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lives": "My niece Olive lives in Leeds",
            "job": "Olive works as a paramedic",
            "oil": "Olive oil is cheaper at the market",
        },
    )
    assert forgotten(mem, keys, "forget everything about my niece Olive") == {"lives", "job"}


def test_a_place_said_only_as_a_terms_first_word_is_not_the_trip(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "trip": "We're going to Brussels for a long weekend in April",
            "hotel": "Our hotel in Brussels is near the Grand Place",
            "sprouts": "Brussels sprouts are the only vegetable my son refuses",
        },
    )
    assert forgotten(mem, keys, "forget everything about Brussels") == {"trip", "hotel"}


def test_a_term_said_with_the_name_elsewhere_is_still_the_persons(mem: Memlane) -> None:
    # (the name said as the person as well: of the person)
    keys = stored(
        mem,
        {
            "lives": "My uncle Ginger lives in Cork",
            "ale": "Uncle Ginger brews his own ginger ale",
        },
    )
    assert forgotten(mem, keys, "forget everything about my uncle Ginger") == {"lives", "ale"}


def test_an_eponymous_condition_said_by_its_possessive_alone(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "have": "I have Parkinson's disease",
            "worse": "My Parkinson's is worse in the mornings",
            "nurse": "I see a nurse about my Parkinson's every month",
            "neighbour": "My neighbour has Parkinson's",
        },
    )
    assert forgotten(mem, keys, "forget that I have Parkinson's disease") == {"have", "worse", "nurse"}


def test_a_noun_that_names_nothing_is_no_word_to_hold(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "habit": "My collecting has taken over the whole garage",
            "dad": "My dad collects stamps",
        },
    )
    assert forgotten(mem, keys, "forget that I collect things") == {"habit"}


def test_a_reason_phrase_before_a_negated_clause_is_not_negated(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "have": "I have asthma",
            "run": "Because of my asthma I can't run for long",
            "son": "My son has asthma",
        },
    )
    assert forgotten(mem, keys, "forget that I have asthma") == {"have", "run"}


def test_a_negated_clause_after_a_reason_phrase_still_negates(mem: Memlane) -> None:
    # (the request's word in the negated clause: another fact)
    keys = stored(
        mem,
        {
            "cat": "I have a cat called Miso",
            "dog": "Because of the landlord I can't have a dog",
        },
    )
    assert forgotten(mem, keys, "forget that I have a dog") == set()


def test_a_code_said_as_what_the_lock_opens_with(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "opens": "The gate to the allotment opens with 5-2-8-1",
            "plot": "Our allotment is plot number 214",
            "gate": "The allotment gate was repainted in May",
        },
    )
    assert forgotten(mem, keys, "forget the code for the allotment gate") == {"opens"}
