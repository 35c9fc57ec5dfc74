"""Forget by query as requests are typed and roles are said (``memlane.forgetting``), on both backends:
a topic's names in lower case ("my ex-husband tobias", "hannelore from accounts") read as the memories
write them, a topic of a role ("my landlord", "the dog walker", "a therapist called …", "the boat") as
the one a memory says fills it, "the whole X thing" as a topic, a relative by another of its words
("Mum's stroke" for "my mother had a stroke"), a day or an hour by another spelling ("the 9th", "11" /
"11:00"), a fact said to hold no longer ("I don't take ramipril anymore, forget that"); and what each
keeps: a statement of another time ("I moved house in May 2019" for "I'm moving house in May"), another
bearer of the name ("Selma from pilates", "My brother Viktor", "My neighbour's daughter is called
Zodwa"), a person's relative ("Dr. Ferreira's daughter"), a word written with a capital by convention
("Sunday lunch"), a relative inside a compound ("mother-in-law"), a thing for another ("Dentist
appointment for Maya") or said as another's ("my son's Prague trip"), a name set against another ("My
tutor before Radoslav was Irina")."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane
from memlane.forgetting import ForgetRequest, read_request


def test_a_topic_typed_in_lower_case_reads_its_names_as_the_memories_write_them(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "norwich": "My ex-husband Tobias lives in Ipswich",
            "pays": "Tobias pays child maintenance every month",
            "kids": "Tobias has the kids every other weekend",
            "partner": "My current partner is also called Tobias",
        },
    )
    assert forgotten(mem, keys, "forget all about my ex-husband tobias") == {"norwich", "pays", "kids"}


def test_a_word_capitalised_by_convention_is_no_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I'm going to Mum's for Sunday lunch this week",
            "birthday": "Mum's birthday is on Sunday the 14th",
            "in_law": "My mother-in-law does Sunday lunch every week",
        },
    )
    assert "in_law" not in forgotten(mem, keys, "forget about sunday lunch at mum's")


def test_a_topic_of_a_role_is_the_person_a_memory_says_fills_it(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "landlord": "My landlord is Mr. Okonjo",
            "sell": "Mr. Okonjo wants to sell the building next year",
            "phone": "Mr. Okonjo's phone number is 07700 900123",
            "neighbour": "My downstairs neighbour is also called Okonjo, no relation",
            "manager": "The building manager is Priti",
        },
    )
    assert forgotten(mem, keys, "forget everything about my landlord") == {"landlord", "sell", "phone"}
    keys = stored(
        mem,
        {
            "walker": "The dog walker is Marnie, she charges 15 a walk",
            "key": "Marnie has a key to the side gate",
            "vet": "My vet is Dr. Lowe",
        },
    )
    assert forgotten(mem, keys, "forget all about the dog walker") == {"walker", "key"}


def test_a_role_keeps_another_bearer_of_the_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "manager": "Zodwa is my manager at the bank",
            "rating": "Zodwa gave me a good rating this year",
            "daughter": "My neighbour's daughter is called Zodwa",
        },
    )
    assert forgotten(mem, keys, "forget about my manager") == {"manager", "rating"}


def test_a_name_with_a_descriptor_keeps_another_bearer(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "colleague": "My colleague Selma Aziz sits next to me",
            "pilates": "Selma from pilates is moving to Lisbon",
            "cousin": "My cousin is called Farida",
        },
    )
    assert forgotten(mem, keys, "forget everything about my cousin selma") == set()
    keys = stored(
        mem,
        {
            "broke": "I broke up with Viktor in March",
            "bike": "Viktor still has my bike",
            "brother": "My brother Viktor is visiting at Christmas",
        },
    )
    assert forgotten(mem, keys, "forget everything about my ex Viktor") == {"broke", "bike"}


def test_a_statement_of_another_time_is_kept(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "moved": "I moved house in May 2019",
            "holiday": "I'm going on holiday in May",
        },
    )
    assert forgotten(mem, keys, "forget that i'm moving house in may") == set()
    keys = stored(mem, {"moving": "I'm moving house in May"})
    assert forgotten(mem, keys, "forget that i'm moving house in may") == {"moving"}


def test_a_relative_by_another_of_its_words(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "stroke": "My mother had a minor stroke in June",
            "hand": "Mum's stroke affected her left hand",
            "father": "My father had a heart attack in 2018",
            "in_law": "My mother-in-law had a stroke last year",
        },
    )
    assert forgotten(mem, keys, "forget that my mother had a stroke") == {"stroke", "hand"}


def test_a_day_or_an_hour_by_another_spelling(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "dentist": "Dentist appointment on 9 May at 9:30",
            "eyes": "Eye doctor appointment on 9 June",
            "kids": "Kids' dentist appointment on 21 May",
        },
    )
    assert forgotten(mem, keys, "please remove the note about my dentist appointment on the 9th") == {
        "dentist"
    }
    keys = stored(
        mem,
        {
            "standup": "Team standup moved to 11:00",
            "review": "Design review is at 11 on Thursdays",
            "old": "The standup used to be at 9:15",
        },
    )
    assert forgotten(mem, keys, "remove that the team standup moved to 11") == {"standup"}


def test_a_role_said_with_called_and_not_the_persons_relative(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "therapist": "I'm seeing a therapist called Wilhelmina every Thursday",
            "journal": "Wilhelmina thinks I should try journaling",
            "sister": "My sister is seeing a counsellor called Josephine",
        },
    )
    assert forgotten(mem, keys, "forget everything about my therapist") == {"therapist", "journal"}
    keys = stored(
        mem,
        {
            "dentist": "My dentist is Dr. Ferreira on Mill Street",
            "toothbrush": "Dr. Ferreira recommended an electric toothbrush",
            "daughter": "Dr. Ferreira's daughter plays tennis",
        },
    )
    assert forgotten(mem, keys, "delete all the notes about my dentist") == {"dentist", "toothbrush"}


def test_a_request_in_the_past_may_be_reported_speech(mem: Memlane) -> None:
    keys = stored(mem, {"italian": "I want to learn Italian before the trip to Rome"})
    assert forgotten(mem, keys, "forget i said i wanted to learn italian") == {"italian"}


def test_a_thing_named_before_the_word_for_it() -> None:
    assert read_request("forget the whole chess club thing") == ForgetRequest("topic", "the chess club")
    assert read_request("forget the whole thing about the Lisbon move") == ForgetRequest(
        "topic", "the Lisbon move"
    )
    assert read_request("Forget the birthday party stuff for Ellie") == ForgetRequest(
        "topic", "the birthday party for Ellie"
    )
    assert read_request("pls forget the etsy thing") == ForgetRequest("statement", "etsy")
    assert read_request("forget the thing about my knee surgery") == ForgetRequest(
        "statement", "my knee surgery"
    )
    assert read_request("forget the part about Lisbon") == ForgetRequest("statement", "Lisbon")


def test_a_thing_of_the_speakers_named_after_a_comma(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "own": "We own a small sailing boat, the Petrel",
            "moored": "The Petrel is moored at Lymington",
            "aunt": "Petrel is also my aunt's nickname",
            "ferry": "I get seasick on ferries",
        },
    )
    assert forgotten(mem, keys, "forget everything to do with the boat") == {"own", "moored"}


def test_a_fact_said_to_hold_no_longer_before_the_request(mem: Memlane) -> None:
    assert read_request("i don't take ramipril anymore, forget that") == ForgetRequest(
        "statement", "i take ramipril"
    )
    assert read_request("Ana no longer works at Initech - forget it") == ForgetRequest(
        "statement", "Ana works at Initech"
    )
    keys = stored(
        mem,
        {
            "take": "I take 5 mg ramipril every morning",
            "dad": "My dad takes ramipril too",
            "vitamin": "I take vitamin D in winter",
        },
    )
    assert forgotten(mem, keys, "i don't take ramipril anymore, forget that") == {"take"}


def test_a_topic_opening_with_a_name_in_lower_case(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "leaving": "Hannelore from accounts is leaving in December",
            "do": "Hannelore's leaving do is at the Crown on the 18th",
            "present": "We're collecting for Hannelore's present",
            "hr": "Hanna from HR is on maternity leave",
        },
    )
    assert forgotten(mem, keys, "forget everything about hannelore from accounts") == {
        "leaving",
        "do",
        "present",
    }


def test_a_name_said_only_as_what_another_is_set_against(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "tutor": "Radoslav is my Russian tutor",
            "fee": "Radoslav charges 30 per lesson",
            "before": "My tutor before Radoslav was Irina",
        },
    )
    assert forgotten(mem, keys, "forget everything about radoslav") == {"tutor", "fee"}


def test_the_speakers_thing_said_as_anothers(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "school": "My son's school trip to Prague is 12 to 15 March",
            "paid": "I paid £340 for my son's Prague trip",
            "rome": "We're going to Rome in April",
        },
    )
    assert forgotten(mem, keys, "forget about my prague trip") == set()


def test_a_thing_for_another_and_a_role_said_inside_a_sentence(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "Dentist appointment on 18 March at 9:15",
            "maya": "Dentist appointment for Maya on 18 April",
            "optician": "Optician appointment on 18 March at 2pm",
        },
    )
    assert forgotten(mem, keys, "forget the dentist appointment on the 18th") == {"mine"}
    keys = stored(
        mem,
        {
            "engineer": "The structural engineer for the loft conversion is Femi Adeyemi",
            "planning": "Planning permission for the loft conversion came through on 12 May",
            "next_door": "Femi Adeyemi is also doing next door's extension",
        },
    )
    assert forgotten(mem, keys, "forget everything about the loft conversion") == {"engineer", "planning"}
