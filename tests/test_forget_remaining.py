"""Forget by query keeps what only looks like the request (the nineteen seen sets' remaining data loss,
``memlane.forgetting``): a request of the speaker said as a gerund ("about me being diabetic") is a
statement; the speaker's age as a time ("when I was 12") and a bare noun topic ("choir") leave another
party's thing another's; a memory saying another predicate of the request's subject ("is moving off
Salesforce" for "uses Salesforce") is another fact; a word of the request said only as a modifier of
a verb's object ("I bought left-handed scissors") or after a determiner before a noun ("the vegetarian
curry") names another thing. Examples in other words than the sets'."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane
from memlane.forgetting.requests import read_request


def test_the_speaker_said_as_a_gerund_is_a_statement() -> None:
    assert read_request("please forget about me being asthmatic") == read_request(
        "forget that I am asthmatic"
    )
    assert read_request("forget about us having a boat").kind == "statement"
    # (a noun in -ing is still a topic: "my wedding")
    assert read_request("forget about my wedding").kind == "topic"


def test_a_gerund_request_keeps_a_relatives_fact(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I'm asthmatic and carry an inhaler",
            "brother": "My brother is asthmatic",
        },
    )
    assert forgotten(mem, keys, "please forget about me being asthmatic") == {"mine"}


def test_the_speakers_age_as_a_time_is_not_the_speakers_clause(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "date": "The bankruptcy hearing is on 3 June",
            "parents": "My parents went through a bankruptcy when I was 9",
        },
    )
    assert forgotten(mem, keys, "forget my notes on the bankruptcy") == {"date"}


def test_a_bare_noun_topic_is_the_speakers_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "when": "I do yoga on Sunday mornings",
            "cost": "Yoga class costs £12 a session",
            "sister": "My sister teaches yoga in Leeds",
        },
    )
    assert forgotten(mem, keys, "forget all my notes about yoga") == {"when", "cost"}


def test_the_speakers_notes_are_read_from_the_framing() -> None:
    assert read_request("forget all my notes about yoga").mine
    assert read_request("delete all of my stuff on pottery").mine
    assert not read_request("forget everything about yoga").mine
    assert not read_request("inhaler").mine


def test_a_bare_noun_asked_alone_is_every_memory_of_it(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I do yoga on Sunday mornings",
            "sister": "My sister teaches yoga in Leeds",
            "doctor": "Dr. Okafor prescribed the red inhaler",
        },
    )
    assert forgotten(mem, keys, "forget everything about yoga") == {"mine", "sister"}
    assert forgotten(mem, keys, "inhaler") == {"doctor"}


def test_another_predicate_of_the_same_subject_is_another_fact(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "uses": "Brightline Logistics uses Slack for chat",
            "leaving": "Brightline Logistics is phasing out Slack next year",
            "other": "Tarrant Foods uses Slack",
        },
    )
    assert forgotten(mem, keys, "delete that Brightline Logistics uses Slack") == {"uses"}


def test_another_verb_of_the_same_fact_still_goes(mem: Memlane) -> None:
    keys = stored(mem, {"runs": "Brightline Logistics runs on Slack"})
    assert forgotten(mem, keys, "delete that Brightline Logistics uses Slack") == {"runs"}


def test_a_state_of_the_thing_is_not_another_state(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "late": "The parcel from Zalora is late by a week",
            "delivered": "The parcel from Zalora was delivered on Monday",
        },
    )
    assert forgotten(mem, keys, "delete my note that the parcel from Zalora is late") == {"late"}


def test_the_same_predicate_in_other_words_still_goes(mem: Memlane) -> None:
    keys = stored(mem, {"late": "The parcel from Zalora is still late"})
    assert forgotten(mem, keys, "forget that the parcel from Zalora is late") == {"late"}


def test_a_word_of_the_request_describing_a_verbs_object(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I'm right-handed",
            "clubs": "I bought right-handed golf clubs",
        },
    )
    assert forgotten(mem, keys, "forget that I'm right-handed") == {"mine"}


def test_a_word_of_the_request_after_a_determiner_before_a_noun(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I'm vegan",
            "curry": "I like the vegan curry at the station cafe",
        },
    )
    assert forgotten(mem, keys, "forget that I'm vegan") == {"mine"}


def test_the_request_said_again_in_other_tenses_still_goes(mem: Memlane) -> None:
    keys = stored(mem, {"mine": "I've always been left-handed"})
    assert forgotten(mem, keys, "forget that I'm left-handed") == {"mine"}


def test_a_stay_at_the_place_for_another_thing(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "date": "My sister's wedding in Crete is on 14 June",
            "dress": "I need a dress for the wedding in Crete",
            "before": "We went to Crete for our anniversary in 2018",
        },
    )
    assert forgotten(smem, keys, "forget everything about the wedding in Crete") == {"date", "dress"}


def test_a_stay_at_the_place_for_the_thing_still_goes(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "date": "My sister's wedding in Crete is on 14 June",
            "villa": "We booked a villa in Crete for the wedding",
            "long": "We'll be in Crete for two weeks around the wedding",
        },
    )
    assert forgotten(smem, keys, "forget everything about the wedding in Crete") == {"date", "villa", "long"}


def test_what_a_name_is_said_past_an_adjective(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "what": "The Atlas project is a data migration for Kroll",
            "when": "The Atlas project deadline is 30 May",
            "food": "Atlas is the Italian restaurant by the station",
        },
    )
    assert forgotten(mem, keys, "forget everything about the Atlas project") == {"what", "when"}


def test_the_topic_only_telling_apart_another_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "when": "Running club meets on Tuesdays at 6",
            "route": "Running club does the canal route in winter",
            "nina": "Nina from running club is also my physio",
        },
    )
    assert forgotten(mem, keys, "forget everything about the running club") == {"when", "route"}


def test_a_relative_told_apart_by_the_topics_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lives": "Uncle Tunde lives in Ibadan",
            "knee": "Uncle Tunde had knee surgery in March",
            "sister": "Auntie Bisi, Tunde's sister, lives in Lagos",
        },
    )
    assert forgotten(mem, keys, "forget everything about my uncle Tunde") == {"lives", "knee"}


def test_a_person_of_the_topic_still_goes(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "when": "Running club meets on Tuesdays at 6",
            "nina": "Nina from running club is our coach",
        },
    )
    assert forgotten(mem, keys, "forget everything about the running club") == {"when", "nina"}


def test_another_partys_thing_of_the_heads_kind(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "rent": "The Whitby cottage is let to a couple from Leeds",
            "roof": "The Whitby cottage roof was fixed in 2023",
            "friend": "My friend has a cottage near the harbour in Whitby",
        },
    )
    assert forgotten(mem, keys, "forget everything about the Whitby cottage") == {"rent", "roof"}


def test_what_the_request_says_only_as_an_aside(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "Dmitri is my landlord",
            "boiler": "Dmitri (landlord) is replacing the boiler on Monday",
        },
    )
    assert forgotten(mem, keys, "forget that Dmitri is my landlord") == {"mine"}


def test_the_request_said_in_full_with_an_aside_still_goes(mem: Memlane) -> None:
    keys = stored(mem, {"mine": "Dmitri (the one upstairs) is my landlord"})
    assert forgotten(mem, keys, "forget that Dmitri is my landlord") == {"mine"}
