"""Forget by query keeps what only looks like the request (the data loss left over the 21 seen sets,
read by cause in the twenty-ninth session, ``memlane.forgetting``), in other words than the sets': a
name with the same letters split into other words ("Bel Air" for "Belair"); the leading part of a
name that is a city's ("Salzburg" for "Salzburg Physio"); what is being done for what has been done
("We're raising money for a minibus" for "how much we have raised"); a namesake with a surname said
to share the fact "too"; the speaker's relatives' fact for the speaker's ("High blood pressure runs in
our family"); what the name is to the speaker, not the name's other business ("the Hellofresh
client")."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_the_same_letters_split_into_other_words_are_another_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "school": "Belair Academy is the school we like for Theo",
            "open": "Belair open evening is on 3 March",
            "other": "Bel Air, Maryland is where my aunt retired",
        },
    )
    assert forgotten(mem, keys, "forget everything about Belair") == {"school", "open"}


def test_the_name_as_written_still_goes(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "school": "Belair Academy is the school we like for Theo",
            "open": "Belair open evening is on 3 March",
        },
    )
    assert forgotten(mem, keys, "forget everything about Belair") == {"school", "open"}


def test_a_citys_name_alone_is_not_the_business_named_after_it(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "who": "Salzburg Physio is my physiotherapist in Leeds",
            "fee": "Salzburg Physio charges 60 euros a session",
            "trip": "Salzburg is on our Austria route for July",
        },
    )
    assert forgotten(mem, keys, "forget everything about Salzburg Physio") == {"who", "fee"}


def test_what_is_being_done_is_not_what_has_been_done(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "goal": "We're raising money for a minibus of 30,000 euros",
            "so_far": "We have raised 12,500 euros so far",
            "other": "The scouts raised 30,000 euros for their minibus",
        },
    )
    assert forgotten(mem, keys, "forget how much we have raised") == {"so_far"}


def test_what_has_been_done_so_far_still_goes(mem: Memlane) -> None:
    keys = stored(mem, {"so_far": "We have been raising money since May and have raised 12,500 euros"})
    assert forgotten(mem, keys, "forget how much we have raised") == {"so_far"}


def test_a_namesake_with_a_surname_said_to_share_the_fact_too(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "Priya is a teacher at Hillside Primary",
            "other": "Priya Nair from yoga is a teacher too",
            "brother": "Priya's brother is a pilot",
        },
    )
    assert forgotten(mem, keys, "forget that Priya is a teacher") == {"mine"}


def test_the_full_name_alone_still_says_it(mem: Memlane) -> None:
    keys = stored(mem, {"mine": "Priya Nair is a teacher at Hillside Primary"})
    assert forgotten(mem, keys, "forget that Priya is a teacher") == {"mine"}


def test_the_relatives_fact_is_not_the_speakers(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I have high blood pressure",
            "family": "High blood pressure runs in our family",
            "pills": "I take amlodipine every morning",
        },
    )
    assert forgotten(mem, keys, "forget that I have high blood pressure") == {"mine"}


def test_the_speaker_in_the_family_fact_still_goes(mem: Memlane) -> None:
    keys = stored(mem, {"mine": "High blood pressure runs in our family and I have it too"})
    assert forgotten(mem, keys, "forget that I have high blood pressure") == {"mine"}


def test_what_the_name_is_to_the_speaker_not_its_other_business(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "client": "Hellofresh is our client on the app redesign",
            "owner": "Marta Lind is the product owner at Hellofresh",
            "pays": "Hellofresh pays invoices after 45 days",
            "meals": "I order my weekly meal kits from Hellofresh",
        },
    )
    assert forgotten(smem, keys, "forget everything about the hellofresh client") == {
        "client",
        "owner",
        "pays",
    }


def test_a_thing_against_a_name_is_not_the_names_other_business(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "suing": "We're suing Harbourne Roofing over the leaking roof",
            "case": "Our lawyer thinks the Harbourne Roofing case is strong",
            "other": "Harbourne Roofing fixed my sister's gutters last year",
        },
    )
    assert forgotten(smem, keys, "forget everything about the lawsuit against Harbourne Roofing") == {
        "suing",
        "case",
    }


def test_a_word_said_otherwise_is_not_another_value(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "We'd like two children eventually",
            "sister": "My sister wants two kids",
        },
    )
    assert forgotten(mem, keys, "forget that we'd like two kids") == {"mine"}
