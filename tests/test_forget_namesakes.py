"""A topic forget that says which of two namesakes of different kinds it means ("everything about
Saturn the bank", "my niece Brooklyn") deletes no memory of the other (``memlane.forgetting``'s
``_OfKind``, by resolution's rule for namesakes), on both backends; with the embedder, a memory that says
nothing of the kind goes with the memories it reads closest to. A topic that says no kind ("everything
about Saturn") means the kind most of the name's memories are of, and keeps a memory that says its
Saturn is another kind (``_another_kind``); with no kind ahead, every namesake goes."""

from __future__ import annotations

from tests.entity_links import entity_named, linked
from tests.forget_keys import forgotten, stored

from memlane import Memlane

SATURN = {
    "moons": "Saturn has 146 moons",
    "planet": "Saturn is the second largest planet",
    "account": "I opened a savings account at Saturn",
    "card": "My Saturn debit card expires in May",
}


def test_a_topic_forget_that_names_the_kind_spares_the_namesake(mem: Memlane) -> None:
    keys = stored(mem, {**SATURN, "mind": "Saturn is on my mind today"})
    assert forgotten(mem, keys, "forget everything about Saturn the bank") == {"account", "card"}
    # "moons" follows its link (the only Saturn there was, said a planet since); "mind", linked to
    # neither (either could be meant), is kept: nothing says it is the planet
    assert forgotten(mem, keys, "forget everything about the planet Saturn") == {"planet", "moons"}
    assert {keys[m.id] for m in mem.list_recent(limit=10)} == {"mind"}


def test_a_topic_forget_without_a_kind_keeps_a_namesake_said_another_kind(mem: Memlane) -> None:
    """(Was: a topic without a kind deleted every namesake. The coordinator's decision of 3 December and
    the labels of the blind forget sets: "everything about Saturn" means the Saturn the speaker's
    memories are about, and a memory that says its Saturn is another kind of thing is kept: "Mercury is
    the closest planet to the sun" among three memories of the bank, "the Orion nebula" among a
    project's.) The planet's memory says so; the one linked to the planet's entity follows it."""
    keys = stored(
        mem,
        {
            "moons": "Saturn has 146 moons",
            "planet": "Saturn is the second largest planet",
            "bank": "Saturn is my bank",
            "account": "I opened a savings account at Saturn",
            "card": "My Saturn debit card expires in May",
        },
    )
    assert forgotten(mem, keys, "forget everything about Saturn") == {"bank", "account", "card"}
    assert {keys[m.id] for m in mem.list_recent(limit=10)} == {"moons", "planet"}


def test_a_topic_forget_without_a_kind_ahead_deletes_every_namesake(mem: Memlane) -> None:
    """As many memories of each kind (the planet's two, one saying it and one linked to it, and the
    bank's two): which one the speaker means is not told, and every namesake goes."""
    keys = stored(mem, SATURN)
    assert forgotten(mem, keys, "forget everything about Saturn") == set(SATURN)


def test_what_a_memory_says_in_passing_is_another_kind(mem: Memlane) -> None:
    """A project's memories and a star's, a bank's and the planet's in retrograde: the kind most of the
    name's memories are of is the one meant; the memory said another kind is kept."""
    keys = stored(
        mem,
        {
            "project": "Vega is our new billing project",
            "kickoff": "The Vega project kick-off is on Monday",
            "star": "Vega is the brightest star in Lyra",
        },
    )
    assert forgotten(mem, keys, "forget everything about Vega") == {"project", "kickoff"}
    keys = stored(
        mem,
        {
            "bank": "Mercury is the bank we use for the startup",
            "account": "The Mercury account ends in 4471",
            "retrograde": "Mercury is in retrograde according to my sister",
        },
    )
    assert forgotten(mem, keys, "delete anything about Mercury") == {"bank", "account"}


def test_a_memory_that_says_what_is_called_the_name(mem: Memlane) -> None:
    """ "Our intern is called Ostrava" says its Ostrava is a person, among three memories of the city."""
    keys = stored(
        mem,
        {
            "flight": "Flight to Ostrava lands on 14 July at 18:40",
            "hotel": "We booked a hotel in Ostrava near the main square",
            "trip": "We travelled to Ostrava for the conference",
            "intern": "Our intern is called Ostrava, she is from Slovakia",
        },
    )
    assert forgotten(mem, keys, "forget everything about Ostrava") == {"flight", "hotel", "trip"}


def test_a_person_and_a_place_of_one_name(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "niece": "Brooklyn is my niece",
            "said": "Brooklyn said she loves horses",
            "borough": "Brooklyn is a borough of New York",
            "moved": "We moved to Brooklyn in 2020",
        },
    )
    assert forgotten(mem, keys, "forget everything about my niece Brooklyn") == {"niece", "said"}


def test_the_embedder_settles_a_memory_that_says_nothing_of_the_kind(smem: Memlane) -> None:
    """With an embedder, a memory that does not say which namesake it means goes with the memories it
    reads closest to: linked to neither, "Saturn's rings are made of ice" with "Saturn is the second
    largest planet"; linked by a guess to the planet, "Saturn froze my savings" with the bank's."""
    keys = stored(
        smem, {"froze": "Saturn froze my savings", **SATURN, "rings": "Saturn's rings are made of ice"}
    )
    assert forgotten(smem, keys, "forget everything about the planet Saturn") == {"planet", "moons", "rings"}
    assert forgotten(smem, keys, "forget everything about Saturn the bank") == {"account", "card", "froze"}


def test_a_city_alone_is_no_race_named_after_it(mem: Memlane) -> None:
    """A one-word city name ("Bristol") does not link to an untyped thing whose name it opens ("Bristol
    Marathon"), so a topic forget of the race cannot reach what is said of the city through the link."""
    race = mem.store("Signed up for the Bristol Marathon in October")
    city = mem.store("My cousin is applying to Bristol")
    assert linked(mem, race.id) == {entity_named(mem, "Bristol Marathon")}
    assert entity_named(mem, "Bristol Marathon") not in linked(mem, city.id)


def test_a_shop_named_after_a_surname_is_no_mention_of_the_person(mem: Memlane) -> None:
    """ "Farouk" of "Farouk's Bakery" (a possessive and a common word, capitalised) is the shop's name, not
    a mention of "Leila Farouk"."""
    keys = stored(
        mem,
        {
            "lawyer": "Leila Farouk is my solicitor",
            "fee": "Leila Farouk charges £180 an hour",
            "shop": "Farouk's Bakery does great sourdough",
        },
    )
    person = entity_named(mem, "Leila Farouk")
    assert all(person not in linked(mem, i) for i, key in keys.items() if key == "shop")
    assert forgotten(mem, keys, "forget everything about Leila Farouk") == {"lawyer", "fee"}
