"""A lone given name introduced ("Dana is my manager") when one person of that given name is known in
full ("Dana Reyes is our new designer"): the one Dana, when nothing in either sentence tells the two
apart and no other person of the given name is known in the scope. A new user's walk-through made a
second person "Dana" beside Dana Reyes (``resolution._introduced_alone``, ``_introduced_joins``)."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.resolution import resolve
from mentions import known_person, person, said


def _people(mem: Memlane, user: str = "alice") -> dict[str, tuple[str, ...]]:
    return {e.name: e.aliases for e in mem.entities.list(limit=50, user=user) if e.type == "person"}


@pytest.mark.parametrize(
    "sentence",
    [
        "Dana is my manager",
        "Dana is my manager now",
        "My manager Dana approved the budget",
        "I met Dana today",
    ],
)
def test_a_lone_given_name_joins_the_one_person_known_by_it(mem: Memlane, sentence: str) -> None:
    mem.store("Dana Reyes is our new designer")
    mem.store(sentence)
    assert _people(mem) == {"Dana Reyes": ("Dana",)}


def test_two_known_danas_leave_an_introduced_dana_apart(mem: Memlane) -> None:
    mem.store("Dana Reyes is our new designer")
    mem.store("Dana Kowalski fixed the roof")
    mem.store("Dana is my manager")
    assert set(_people(mem)) == {"Dana Reyes", "Dana Kowalski", "Dana"}


def test_a_dana_in_another_users_memories_is_not_joined(mem: Memlane) -> None:
    mem.store("Dana Reyes is our new designer", user="bob")
    mem.store("Dana is my manager")
    assert _people(mem) == {"Dana": ()} and _people(mem, "bob") == {"Dana Reyes": ()}


def test_a_company_of_the_name_is_no_person_of_it(mem: Memlane) -> None:
    mem.store("Dana Incorporated supplies our axles")
    mem.store("Dana Reyes is our new designer")
    mem.store("Dana is my manager")
    assert _people(mem) == {"Dana Reyes": ("Dana",)}


def test_a_sentence_that_tells_them_apart_still_does() -> None:
    # who the candidate was said to be to the writer is not who the mention is said to be
    sister = known_person("p1", "Farah Haddad", said=said("Farah Haddad", "Farah Haddad is my sister"))
    assert resolve(person("Farah", "Farah is my yoga teacher"), [sister]).entity_id is None
    # a person known by a title the lone name is not said to bear
    doctor = known_person("p2", "Dr. Farah Haddad")
    assert resolve(person("Farah", "Farah is my yoga friend"), [doctor]).entity_id is None
    # a sentence about the name ("called"), or a word of address the known names do not have
    head = known_person("p3", "Aigerim Seitkali")
    volunteer = person("Aigerim", "Aigerim helped with the tours; many people here are called Aigerim")
    assert resolve(volunteer, [head]).entity_id is None
    minister = known_person("p4", "Sri Mulyani")
    assert resolve(person("Bu Sri", "Bu Sri is my best pembatik"), [minister]).entity_id is None
