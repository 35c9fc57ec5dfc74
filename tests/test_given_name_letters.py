"""A given name written with a letter that is no accented letter ("Ł" of "Łukasz", "ø" of "Søren": no
Unicode decomposition takes them apart as it does "é") and the same name written in ASCII ("Lukasz",
"Soren") are one person: the lookup keys fold both (``storage.entity_names.name_keys``, anyascii), either
way round, alone or with a family name."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.storage.entity_names import name_keys


@pytest.mark.parametrize(
    ("first", "then"),
    [("Łukasz Nowak", "Lukasz Nowak"), ("Soren Berg", "Søren Berg"), ("Łukasz", "Lukasz"), ("Søren", "Soren"),
     ("Søren Berg", "Soren")],
)  # fmt: skip
def test_written_either_way_is_one_person(mem: Memlane, first: str, then: str) -> None:
    mem.store(f"{first} signed the lease for the flat on Monday")
    mem.store(f"{then} paid the deposit for the flat in cash")
    people = mem.entities.list(limit=10)
    assert [(e.name, len(mem.entities.memories(e.id))) for e in people] == [(first, 2)]


def test_the_lookup_keys_are_the_same() -> None:
    assert name_keys(["Łukasz Nowak"], "person") == name_keys(["Lukasz Nowak"], "person")
    assert name_keys(["Søren Berg"], "person") >= name_keys(["Soren Berg"], "person")  # (+ "soeren")
