"""Ordinary words are not places: a language's name, a given name or a common word that some country
or city bears as one of its names in another language ("Hindi", "Hanna", "Media") is not that place;
a country's name that is also a given name is the country when the sentence says it is a place."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.graph.places import city_of, place_key, territory_of


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Memlane]:
    m = Memlane(tmp_path / "memlane.db", user="alice", embedder="none")
    yield m
    m.close()


def _entities_of(mem: Memlane, memory_id: str) -> dict[str, str]:
    """{name: type} of the entities a memory is linked to."""
    return {
        e.name: e.type
        for e in mem.entities.list(limit=1000)
        if memory_id in {m.id for m in mem.entities.memories(e.id)}
    }


def test_a_language_is_not_its_country(store: Memlane) -> None:
    india = store.store("I visited India last spring.")
    hindi = store.store("I'm learning Hindi.")
    assert _entities_of(store, india.id) == {"India": "place"}
    assert "India" not in _entities_of(store, hindi.id)
    (entity,) = [e for e in store.entities.list(limit=1000) if e.name == "India"]
    assert {m.id for m in store.entities.memories(entity.id)} == {india.id}
    assert "Hindi" not in entity.aliases


def test_a_country_after_a_place_cue_is_a_place(store: Memlane) -> None:
    moved = store.store("We moved to France.")
    assert _entities_of(store, moved.id) == {"France": "place"}
    assert place_key("France") == "t:FR" and place_key("Frankreich") == "t:FR"


def test_a_given_name_is_not_a_city(store: Memlane) -> None:
    called = store.store("Hanna called me.")
    assert _entities_of(store, called.id).get("Hanna") != "place"
    assert city_of("Hanna") is None and place_key("Hanna") is None


def test_other_names_that_are_words_denote_no_place() -> None:
    # another language's name of a country that is an English language's name, or a city's own name
    # in another country; a city's other name that is an acronym, a common word or a given name
    assert territory_of("Hindi") is None and territory_of("Fuji") is None
    assert all(city_of(word) is None for word in ("SLA", "Media", "Tango", "Mei"))
    # names of places in their own languages are still read
    assert territory_of("Deutschland") == "DE" and territory_of("Italia") == "IT"
    assert city_of("Wien") == city_of("Vienna") is not None
    assert city_of("Torino") == city_of("Turin") is not None
    assert city_of("Roma") == city_of("Rome") is not None  # a city of a million or more
