"""A place named with a word that says what kind of place it is ("Jeju Island", "Matsumoto-shi",
"Isle of Islay", "Kingdom of Tonga", "Mount Yotei" / "Yōtei-zan") is the place known by the name alone,
and the reverse (``places.place_word``, ``resolution._place_word_fit``); a lake, a mountain or a valley
is never the city or the country of its name, and "city" or "state" are no such words."""

from __future__ import annotations

import pytest

from memlane.graph.places import MOUNTAIN, place_word
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve


def _place(entity_id: str, name: str) -> Candidate:
    return Candidate(entity_id, "place", name)


@pytest.mark.parametrize(
    ("mention", "known"),
    [
        ("Jeju Island", "Jeju"),
        ("Matsumoto-shi", "Matsumoto"),
        ("Isle of Islay", "Islay"),
        ("Kingdom of Tonga", "Tonga"),
        ("Arusha town", "Arusha"),
        ("Whitby harbour", "Whitby"),
        ("Elqui Valley", "Valle del Elqui"),
        ("Mount Yotei", "Yōtei-zan"),
        ("Lake Atitlan", "Lago de Atitlán"),
        ("Islay", "Isle of Islay"),
        ("Hamburg city", "Hamburg"),  # "city" in lower case says what the name is
        ("Gwangalli", "Gwangalli Beach"),
        ("barrio de Almagro", "Almagro"),
        ("La Esperanza farm", "Finca La Esperanza"),
    ],
)
def test_a_place_with_a_word_of_its_kind_is_the_place(mention: str, known: str) -> None:
    found = resolve(Mention(mention, "place"), [_place("l1", known)])
    assert found.entity_id == "l1", found
    # and a store finds it by a key in common
    assert blocking_keys(mention, "place") & blocking_keys(known, "place")


@pytest.mark.parametrize(
    ("mention", "known"),
    [
        ("Lake Geneva", "Geneva"),  # a lake is not the city of its name
        ("Mount Vernon", "Vernon"),
        ("Mexico City", "Mexico"),  # "city" is no such word: not the country
        ("New York State", "New York"),
        ("Kingdom of Fife", "Fife"),  # a kingdom's words go with a country's name only
        ("Lake Tonga", "Tonga"),  # nor a lake with a country
        ("Long Island", "Long"),  # what is left is a common word, no name of its own
        ("Pulau Pinang", "George Town"),  # the island is not the city also called Pinang
        ("Bondi Beach", "Bondi"),  # a town's beach is not the town
        ("Panama City", "Panama"),  # capitalised, "City" is part of the name
    ],
)
def test_traps_stay_apart(mention: str, known: str) -> None:
    assert not resolve(Mention(mention, "place"), [_place("l1", known)]).matched


def test_two_places_that_fit_leave_it_ambiguous() -> None:
    found = resolve(Mention("Jeju", "place"), [_place("l1", "Jeju Island"), _place("l2", "Jeju-si")])
    assert found.entity_id is None


def test_the_words() -> None:
    assert place_word("Jeju Island") == ("jeju", "island")
    assert place_word("Yōtei-zan") == ("yotei", MOUNTAIN)
    assert place_word("Cape Town") is None  # "cape" is a common word
    assert place_word("Jeju") is None
    assert place_word("Hierapolis-Pamukkale") is None  # a hyphen that is no suffix of a kind


@pytest.mark.parametrize(
    ("mention", "known", "same"),
    [
        ("Dinagyang", "Dinagyang Festival", True),  # an event by its name without "Festival"
        ("Shinju festival", "Shinju Matsuri", True),  # "matsuri" is a festival
        ("Pushkar Mela", "Pushkar Fair", True),
        ("Jazz Festival 2025", "Jazz Festival 2024", False),  # another year's
        ("Dinagyang Festival", "Dinagyang Parade", False),  # another event of that name
    ],
)
def test_an_event_with_or_without_the_word_of_its_kind(mention: str, known: str, same: bool) -> None:
    found = resolve(Mention(mention, "event"), [Candidate("v1", "event", known)])
    assert (found.entity_id == "v1") is same, found
    if same:
        assert blocking_keys(mention, "event") & blocking_keys(known, "event")
