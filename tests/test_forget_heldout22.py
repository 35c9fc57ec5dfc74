"""Forget by query, read from heldout22 (``memlane.forgetting.matching``). Its data loss: of a topic of
a thing at or to a place ("the wedding in Accra"), a memory that says no word of the thing, names the
place only as where another party's thing is ("Accra is where my dad was born") and reads closer to the
place alone than to the topic is not the topic's, however close the embedder reads it to the topic
(``_wrapped_ids``); of "the NAME HEAD" where the speaker's memories say the name as a make they have
("I lease a Volvo XC40"), the name said bare as its clause's subject ("Volvo sponsors the sailing
race") is the company, weighed as the name alone is (``_name_alone``, ``_a_product``), while a client's
own clause is still its account's. Its recall: the speaker's thing said as "my …" says that the speaker
owns, takes, wears or uses it ("My denture needs relining" for "I wear dentures": ``_had_as_mine``); a
time said before the speaker is not the clause's subject ("Last week I sleepwalked …": ``_after_time``);
a relative clause opened by "nobody"/"no one" with no "that" negates only itself ("I have a second
phone nobody at home knows about": ``_CLAUSE_BREAK``)."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_a_place_said_as_where_a_relative_was_born_is_not_the_wedding_there(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "wedding": "My cousin Kofi is getting married in Kumasi in May",
            "flight": "I'm flying to Kumasi on 2 May for the wedding",
            "born": "Kumasi is where my mum was born",
        },
    )
    assert forgotten(smem, keys, "forget all about the wedding in Kumasi") == {"wedding", "flight"}


def test_a_place_said_as_where_others_met_is_not_the_party_there(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "party": "The engagement party in Bruges is on 9 August",
            "room": "I booked a room in Bruges for the engagement party",
            "met": "Bruges is where my parents met",
        },
    )
    assert forgotten(smem, keys, "forget all about the engagement party in Bruges") == {"party", "room"}


def test_a_place_where_a_sister_studied_is_not_the_conference_there(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "dates": "The conference in Ghent runs from 4 to 6 March",
            "talk": "I'm giving a talk at the conference in Ghent",
            "sister": "Ghent is where my sister studied",
        },
    )
    assert forgotten(smem, keys, "forget everything about the conference in Ghent") == {"dates", "talk"}


def test_the_speakers_own_act_at_the_place_still_goes(smem: Memlane) -> None:
    # (the speaker's clause, or a memory closer to the topic than to the place: of the thing)
    keys = stored(
        smem,
        {
            "left": "I left Brekke Freight because of the night shifts",
            "team": "At Brekke Freight I was in the planning team",
        },
    )
    assert forgotten(smem, keys, "forget everything about my old job at Brekke Freight") == {"left", "team"}


def test_a_make_said_bare_as_subject_is_the_company_not_the_lease(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "lease": "I lease a Skoda Octavia through work",
            "cost": "The Skoda lease costs 350 a month",
            "factory": "Skoda builds its cars in Mlada Boleslav",
            "tyres": "My Skoda needs new tyres before the lease ends",
        },
    )
    assert forgotten(smem, keys, "forget everything about the Skoda lease") == {"lease", "cost", "tyres"}


def test_a_make_said_bare_as_subject_is_not_the_warranty(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "warranty": "My Dyson warranty runs until 2027",
            "model": "My Dyson V15 is the cordless one",
            "factory": "Dyson opened a new factory in Singapore",
        },
    )
    assert "factory" not in forgotten(smem, keys, "forget everything about my Dyson warranty")


def test_a_clients_own_clause_is_still_its_account(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "worth": "The Henderson account is worth 2 million a year",
            "wants": "Henderson wants a discount on the next order",
            "signed": "Henderson signed the new contract in March",
        },
    )
    assert forgotten(smem, keys, "forget everything about the Henderson account") == {
        "worth",
        "wants",
        "signed",
    }


# missed deletions read from heldout22 (statement requests)


def test_the_speakers_thing_says_the_wearing(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "wear": "I wear contact lenses",
            "kind": "My contact lenses are monthly ones",
            "sister": "My sister wears glasses",
        },
    )
    assert forgotten(mem, keys, "forget that I wear contact lenses") == {"wear", "kind"}


def test_the_speakers_thing_says_the_owning(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "own": "I own a kayak",
            "club": "My kayak is stored at the rowing club",
            "friend": "My friend Ola owns a canoe",
        },
    )
    assert forgotten(mem, keys, "forget that I own a kayak") == {"own", "club"}


def test_another_act_on_the_speakers_thing_is_not_said_by_it(mem: Memlane) -> None:
    keys = stored(mem, {"sold": "I sold my bike to a neighbour", "green": "My bike was a green Brompton"})
    assert forgotten(mem, keys, "forget that I sold my bike") == {"sold"}


def test_a_time_before_the_speaker_is_not_the_subject(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "often": "I sleepwalk when I'm stressed",
            "night": "Last night I sleepwalked into the garden",
            "son": "Last night my son sleepwalked into the hall",
        },
    )
    assert forgotten(mem, keys, "forget that I sleepwalk") == {"often", "night"}


def test_a_time_before_the_speaker_ago(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "fell": "Two weeks ago I fell off my bike and broke my wrist",
            "dad": "Years ago my dad broke his wrist skiing",
        },
    )
    assert forgotten(mem, keys, "forget that I broke my wrist") == {"fell"}


def test_a_relative_clause_opened_by_nobody_negates_only_itself(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "phone": "I have a second phone nobody at home knows about",
            "main": "My main phone is a Pixel",
        },
    )
    assert forgotten(mem, keys, "forget that I have a second phone") == {"phone"}


def test_a_relative_clause_opened_by_no_one(mem: Memlane) -> None:
    keys = stored(
        mem,
        {"debt": "I owe 3,000 on a credit card no one knows about", "loan": "My brother owes me 200"},
    )
    assert forgotten(mem, keys, "forget that I owe 3,000 on a credit card") == {"debt"}


def test_a_negated_fact_beside_nobody_is_still_negated(mem: Memlane) -> None:
    keys = stored(mem, {"not": "I don't have a car, nobody in my family drives"})
    assert forgotten(mem, keys, "forget that I have a car") == set()
