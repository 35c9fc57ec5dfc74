"""Namesakes of different kinds ("Saturn" the planet and a bank, "Brooklyn" a borough and a person):
what a text says a name is (``memlane.graph.senses``) keeps them apart on linking, by resolution's one
rule for namesakes (``kinds_conflict``). Pure readings, and through real stores on both backends
(forgetting them: tests/test_forget_namesakes.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backends import rows
from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, kinds_conflict, resolve
from memlane.graph.senses import sense_of, senses_conflict
from memlane.models import Actor

READ = [
    ("Saturn", "Saturn is the second largest planet", "celestial body"),
    ("Saturn", "I keep my savings in an account at Saturn", "organisation"),
    ("Saturn", "Saturn, the neobank, raised its fees", "organisation"),
    ("Saturn", "Saturn (the bank) sent me a new card", "organisation"),
    ("Saturn", "the planet Saturn", "celestial body"),
    ("Brooklyn", "Brooklyn is my niece", "person"),
    ("Brooklyn", "my niece Brooklyn", "person"),
    ("Brooklyn", "Brooklyn is a borough of New York", "place"),
    ("Brooklyn", "the borough of Brooklyn", "place"),
    ("Brooklyn", "We moved to Brooklyn in 2020", "place"),
    ("Nile", "the Nile river", "place"),
    ("Oracle", "Oracle stock fell", "organisation"),
    ("Hudson", "Hudson said he would come", "person"),
    ("Hudson", "Hudson is my brother-in-law", "person"),
    ("Cherry", "I ate a Cherry", "food"),
    ("Ranger", "I drive a Ranger", "product"),
]
UNSAID = [
    ("Saturn", "Saturn has 146 moons"),  # (a moon is nothing it is said to be)
    ("Berlin", "Diego from Berlin is my friend"),  # the friend is Diego
    ("Saturn", "I think Saturn is closed today"),
    ("Saturn", "The Bank of Saturn"),  # (no text: a name of its own)
    ("Saturn", "Call Saturn about the leak"),
]


@pytest.mark.parametrize(("name", "text", "sense"), READ)
def test_what_a_text_says_a_name_is(name: str, text: str, sense: str) -> None:
    assert sense_of(name, text) == sense


@pytest.mark.parametrize(("name", "text"), UNSAID)
def test_a_text_that_says_nothing_of_the_kind(name: str, text: str) -> None:
    assert sense_of(name, text) is None


def test_which_kinds_conflict() -> None:
    assert senses_conflict(frozenset({"celestial body"}), frozenset({"organisation"}))
    assert not senses_conflict(frozenset({"organisation"}), frozenset({"product"}))  # a maker and its car
    assert not senses_conflict(frozenset(), frozenset({"organisation"}))
    assert not senses_conflict(frozenset({"place", "person"}), frozenset({"person"}))
    planet = Candidate("p", "", "Saturn", senses=("celestial body",))
    assert kinds_conflict(Mention("Saturn", sense="organisation"), planet)
    assert not kinds_conflict(Mention("Saturn"), planet)
    # a type says a kind too: a mention said to be a person is no place's
    assert kinds_conflict(Mention("Brooklyn", sense="person"), Candidate("b", "place", "Brooklyn"))
    assert not kinds_conflict(Mention("Brooklyn", sense="place"), Candidate("b", "place", "Brooklyn"))


def test_resolution_keeps_namesakes_of_different_kinds_apart() -> None:
    planet = Candidate("p", "", "Saturn", senses=("celestial body",))
    bank = Candidate("b", "", "Saturn", senses=("organisation",))
    assert resolve(Mention("Saturn", sense="organisation"), [planet]).how == "new"
    assert resolve(Mention("Saturn", sense="organisation"), [planet, bank]).entity_id == "b"
    # said nothing of: either could be meant, as with a company and a person of one name
    found = resolve(Mention("Saturn"), [planet, bank])
    assert found.how == "ambiguous" and set(found.candidates) == {"p", "b"}
    # nothing said on either side: the same name, as before
    assert resolve(Mention("Saturn"), [Candidate("s", "", "Saturn")]).entity_id == "s"


def _linked(mem: Memlane, memory_id: str) -> set[str]:
    return {e.id for _, e in mem.service.storage.memory_entities(Actor(user="alice"), memory_id)}


def _store(mem: Memlane, texts: dict[str, str]) -> dict[str, str]:
    return {mem.store(text).id: key for key, text in texts.items()}


SATURN = {
    "moons": "Saturn has 146 moons",
    "planet": "Saturn is the second largest planet",
    "account": "I opened a savings account at Saturn",
    "card": "My Saturn debit card expires in May",
}


def test_linking_on_store_keeps_a_planet_and_a_bank_apart(mem: Memlane, db_path: Path | str) -> None:
    keys = _store(mem, SATURN)
    ids = {key: i for i, key in keys.items()}
    planet, bank = _linked(mem, ids["planet"]), _linked(mem, ids["account"])
    assert planet and bank and planet != bank
    # (the only Saturn there was: linked to it, which was said to be a planet since)
    assert _linked(mem, ids["moons"]) == planet
    assert _linked(mem, ids["card"]) == bank
    senses = {name: value for name, value in rows(db_path, "SELECT id, attributes FROM entities")}
    assert "celestial body" in str(senses[next(iter(planet))])
    assert "organisation" in str(senses[next(iter(bank))])
    # a later memory that says nothing of the kind: either could be meant, linked to neither
    assert _linked(mem, mem.store("Saturn is on my mind today").id) == set()


def test_one_batch_keeps_them_apart_as_single_stores_do(mem: Memlane) -> None:
    """Stored in one transaction (its resolution memo remembers each name's answer): a mention that
    learnt an entity's kind changes how the later ones of the batch compare with it."""
    stored = mem.store_many([{"content": text} for text in SATURN.values()])
    keys = {m.id: key for m, key in zip(stored, SATURN, strict=True)}
    ids = {key: i for i, key in keys.items()}
    assert _linked(mem, ids["planet"]) == _linked(mem, ids["moons"])
    assert _linked(mem, ids["account"]) == _linked(mem, ids["card"]) != _linked(mem, ids["planet"])
