"""Forget by query keeps a memory that only looks like the request's (data loss, the twenty-fifth
session's reading of the blind sets' wrong deletions, ``memlane.forgetting.matching``): a person of the
topic's surname in another form said to be another role of the speaker's ("My accountant is Dr.
Brandt" for "my neighbour Mr Brandt"), another one of the request's thing ("my previous landlord"), a
clause whose predicate is a preposition the memory does not say ("I'm behind on council tax" is not
"My council tax is …"), a memory that says it is not the thing the topic's others speak of ("…, the
star, not the van"), and a full name with a descriptor of its own ("Tomás Herrera the singer")."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_a_surname_in_another_form_with_another_role_is_another_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "physio": "Dr Okoye is my physiotherapist",
            "moved": "Dr Okoye moved my session to Tuesday",
            "friend": "My friend Chioma Okoye runs a bakery in Peckham",
        },
    )
    assert forgotten(mem, keys, "forget everything about Dr Okoye") == {"physio", "moved"}
    keys = stored(
        mem,
        {
            "neighbour": "My neighbour Mr Brandt is 79 and has a dog",
            "bins": "I put out Mr Brandt's bins on Tuesdays",
            "accountant": "My accountant is Dr. Brandt",
        },
    )
    assert forgotten(mem, keys, "forget everything about my neighbour Mr Brandt") == {"neighbour", "bins"}


def test_the_same_role_in_another_form_is_still_the_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "physio": "Dr Adeyemi is my physiotherapist",
            "full": "My physiotherapist Tunde Adeyemi moved my session to Tuesday",
        },
    )
    assert "physio" in forgotten(mem, keys, "forget everything about Dr Adeyemi")


def test_another_one_of_the_thing_is_kept(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "now": "My accountant is Mr Ferris",
            "filed": "Mr Ferris filed my tax return in January",
            "before": "My previous accountant charged far too much",
            "other": "My other accountant does the company books",
        },
    )
    assert forgotten(mem, keys, "delete everything about my accountant") == {"now", "filed"}


def test_old_friend_is_still_the_friend() -> None:
    from memlane.forgetting.matching import _another_instance, _words

    said = "my friend moved to Leeds"
    assert not _another_instance(said, "My old friend moved to Leeds", _words(said))
    assert _another_instance("my car", "My old car was a Fiat", _words("my car"))
    assert not _another_instance("my old car", "My old car was a Fiat", _words("my old car"))


def test_a_prepositional_predicate_must_be_said(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "behind": "I'm three months behind on my council tax",
            "amount": "My council tax is 150 pounds a month",
        },
    )
    assert forgotten(mem, keys, "forget that i'm behind on council tax") == {"behind"}


def test_a_memory_that_says_it_is_not_the_topics_thing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "van": "Vega, our camper van, is parked in the drive",
            "tyres": "Vega needs new tyres before the summer",
            "star": "The kids spotted Vega in the night sky, the star, not the van",
        },
    )
    assert forgotten(mem, keys, "forget everything about Vega") == {"van", "tyres"}


def test_a_full_name_with_a_descriptor_of_its_own_is_another_bearer(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "lawyer": "Tomás Herrera is the lawyer handling our lease",
            "call": "Call Tomás Herrera about the lease on Monday",
            "singer": "Tomás Herrera the singer has a new album out",
        },
    )
    assert forgotten(mem, keys, "forget everything about Tomás Herrera") == {"lawyer", "call"}


def test_a_part_of_a_name_before_another_things_noun(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "advance": "Cobalt Editions pays my advance in two instalments",
            "editor": "Cobalt Editions has a new editor, Ottoline Pryor",
            "paint": "Cobalt bathroom tiles cost £30 a box",
        },
    )
    assert forgotten(mem, keys, "forget everything about Cobalt Editions") == {"advance", "editor"}


def test_the_speakers_thing_is_not_the_name_said_of_another(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "service": "The Kia needs a service in May",
            "wipers": "The Kia needs new wipers",
            "sister": "My sister works for Kia in Slough",
        },
    )
    assert forgotten(mem, keys, "forget everything about the Kia") == {"service", "wipers"}


def test_what_held_at_a_past_date_is_not_what_holds_now(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "now": "I live in Lyon with my partner",
            "then": "I lived in Lyon from 2009 to 2012",
        },
    )
    assert forgotten(mem, keys, "forget that I live in Lyon") == {"now"}


def test_a_wish_is_not_the_fact(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "doing": "I'm learning Portuguese on weekday evenings",
            "wish": "I want to learn Portuguese one day",
        },
    )
    assert forgotten(mem, keys, "forget that I'm learning Portuguese") == {"doing"}


def test_the_speakers_thing_is_not_the_parents(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "starts": "The loft conversion starts on 4 March",
            "parents": "My parents did a loft conversion last year",
        },
    )
    assert forgotten(mem, keys, "delete all my notes about the loft conversion") == {"starts"}


def test_a_name_only_compared_is_a_fact_of_the_other(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "now": "Tariq is my flatmate",
            "before": "My flatmate before Tariq was Owen",
        },
    )
    assert forgotten(mem, keys, "forget that Tariq is my flatmate") == {"now"}
    keys = stored(
        mem,
        {
            "renews": "The Ashdown account renews in June",
            "worth": "The Baxter account is worth twice as much as Ashdown",
        },
    )
    assert forgotten(mem, keys, "delete everything about the Ashdown account") == {"renews"}
