"""Forget by query keeps what only looks like the request (data loss read from heldout19,
``memlane.forgetting.matching``): a thing of the request's kind that someone else has ("The club has
savings of 20,000" for "my savings"), what the speaker says holds now after the request ("…, I
stopped"), a role's bearer's surname with another title and role ("Prof. Bello is my supervisor" for
"my accountant", Mrs Bello), one of the thing's kind that something is about ("a podcast about a famous
burglary" for "the burglary"), a will by a possessor (not the modal), and a name with a surname of its
own that no other memory says and nothing of the speaker's ("Kofi Boateng captained the Black Stars"
for "Kofi", the speaker's climbing partner)."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane
from memlane.forgetting import read_request


def test_the_thing_held_by_another_party_is_not_the_speakers(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "My savings are about 9,000 pounds in an ISA",
            "club": "The club has savings of 20,000 according to the treasurer",
        },
    )
    assert forgotten(mem, keys, "forget the thing about my savings") == {"mine"}


def test_the_speakers_thing_said_with_have_is_still_it(mem: Memlane) -> None:
    keys = stored(mem, {"mine": "I have savings of 9,000 pounds in an ISA"})
    assert forgotten(mem, keys, "forget the thing about my savings") == {"mine"}


def test_what_holds_now_said_after_the_request_is_kept(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I go climbing at the wall twice a week",
            "news": "I stopped climbing after my shoulder injury",
        },
    )
    request = read_request("forget that I go climbing, I stopped")
    assert (request.text, request.reason) == ("I go climbing", "I stopped")
    assert forgotten(mem, keys, "forget that I go climbing, I stopped") == {"mine"}


def test_a_role_bearers_surname_with_another_title_and_role(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "who": "My accountant is Mrs Bello",
            "tax": "Mrs Bello files my tax return in January",
            "prof": "Prof. Bello is my supervisor at university",
        },
    )
    assert forgotten(mem, keys, "forget everything about my accountant") == {"who", "tax"}


def test_a_role_by_its_initials(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "who": "My accountant is Mrs Bello",
            "tax": "Mrs Bello files my tax return in January",
            "gp": "Dr Bello is my GP",
        },
    )
    assert forgotten(mem, keys, "forget everything about my accountant") == {"who", "tax"}


def test_one_of_the_kind_that_something_is_about(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "when": "The burglary happened while we were in Spain",
            "police": "The police report on the burglary is number 4471",
            "podcast": "I listened to a podcast about a famous burglary",
        },
    )
    assert forgotten(mem, keys, "forget everything about the burglary") == {"when", "police"}


def test_a_will_of_a_possessor_is_the_thing(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "kept": "Dad's will is kept by his solicitor in Cork",
            "changed": "Dad changed his will last year",
            "birthday": "Dad's birthday is on 2 March",
        },
    )
    assert forgotten(smem, keys, "delete everything about my father's will") == {"kept", "changed"}


def test_a_name_with_a_surname_no_other_memory_says(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "who": "Kofi is my climbing partner",
            "ropes": "Kofi lent me his ropes",
            "famous": "Kofi Boateng captained the Black Stars in 2006",
        },
    )
    assert forgotten(mem, keys, "forget all about Kofi") == {"who", "ropes"}


def test_a_surname_another_memory_says_is_the_same_person(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "who": "Kofi Boateng is my climbing partner",
            "ropes": "Kofi lent me his ropes",
            "job": "Kofi Boateng works nights at the hospital",
        },
    )
    assert forgotten(mem, keys, "forget all about Kofi") == {"who", "ropes", "job"}


def test_a_grandmother_called_gran(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "sold": "Gran's cottage in Sligo is up for sale",
            "roof": "Gran's cottage needs new gutters before the sale",
            "mine": "My own cottage is in Kerry",
        },
    )
    assert forgotten(smem, keys, "forget everything about my grandmother's cottage") == {"sold", "roof"}


def test_a_family_by_its_surname(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "who": "The Lindqvist family rents our cabin in June",
            "dogs": "The Lindqvists bring their cat to the cabin",
            "mrs": "Mrs Lindqvist asked for a late check-out",
            "dr": "Dr. Lindqvist is my optician",
            "named": "My colleague Erik Lindqvist works in sales",
        },
    )
    assert forgotten(mem, keys, "forget all about the Lindqvist family") == {"who", "dogs", "mrs"}


def test_a_thing_of_the_speakers_device_is_the_speakers(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "My laptop's serial number is C02XK1ZQ",
            "wife": "My wife's laptop serial number is F17PL9WA",
        },
    )
    assert forgotten(mem, keys, "forget my serial number") == {"mine"}


def test_money_said_as_an_amount(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I owe Dagny 120 pounds for the concert tickets",
            "theirs": "Dagny owes me 30 pounds for the taxi",
        },
    )
    assert forgotten(mem, keys, "forget that I owe Dagny money") == {"mine"}


def test_a_state_said_by_its_participle_is_what_the_act_left(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "act": "I separated from my wife Greta in March",
            "sister": "My sister separated from her partner last year",
        },
    )
    assert forgotten(mem, keys, "forget that I'm separated from my wife") == {"act"}


def test_money_owed_the_other_way_is_not_the_speakers_debt(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I owe my sister Emma 200 pounds",
            "theirs": "Emma owes me 25 pounds for lunch",
        },
    )
    assert forgotten(mem, keys, "forget that I owe emma money") == {"mine"}


def test_money_owed_the_other_way_by_a_name_no_table_knows(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "mine": "I owe Morwenna 45 pounds for the ferry tickets",
            "theirs": "Morwenna owes me 15 pounds for the taxi",
        },
    )
    assert forgotten(mem, keys, "please delete that I owe Morwenna money") == {"mine"}
