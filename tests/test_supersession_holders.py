"""Another holder's statement never supersedes (issue: "Bruno moved to Porto" hid "Ana moved to Porto").

Two statements whose named things in the subject position (people, companies, places, identifiers)
differ are about different holders: neither the memory manager (``extract``) nor automatic
supersession (``store``) lets one replace the other, while a new value for the same holder still
does. The sentences are written for these tests, not taken from any benchmark set."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.extraction.manager import decide
from memlane.text.claims import analyse
from memlane.text.updates import different_holders


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "text": text}]


def current(mem: Memlane) -> list[str]:
    return sorted(m.content for m in mem.list_recent())


def test_extract_keeps_another_colleagues_move_apart(mem: Memlane) -> None:
    first = mem.extract(user("My colleague Ana moved to Porto in spring."))
    assert [i.content for i in first.added] == ["The user's colleague Ana moved to Porto in spring"]
    second = mem.extract(user("My colleague Bruno moved to Porto in spring."))
    assert not second.updated
    assert [i.content for i in second.added] == ["The user's colleague Bruno moved to Porto in spring"]
    assert current(mem) == [
        "The user's colleague Ana moved to Porto in spring",
        "The user's colleague Bruno moved to Porto in spring",
    ]
    # the same holder with a new value is still an update
    third = mem.extract(user("My colleague Ana moved to Lisbon in spring."))
    assert [u.previous for u in third.updated] == ["The user's colleague Ana moved to Porto in spring"]
    assert current(mem) == [
        "The user's colleague Ana moved to Lisbon in spring",
        "The user's colleague Bruno moved to Porto in spring",
    ]


def test_extract_numbered_holders_are_different_holders(mem: Memlane) -> None:
    mem.extract(user("My colleague Ana 0 moved to Porto in spring."))
    second = mem.extract(user("My colleague Bruno 1 moved to Porto in spring."))
    assert not second.updated and len(second.added) == 1
    assert len(current(mem)) == 2


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's colleague Ana moved to Porto", "The user's colleague Bruno moved to Porto"),
        ("Ana moved to Porto", "Bruno moved to Porto"),
        ("Ana's flight is at 9:00", "Bruno's flight is at 9:00"),
        ("Flight LH1240 is delayed", "Flight LH1234 is delayed"),
        ("Ana Ruiz works at Initech", "Ana Lopez works at Initech"),
    ],
)
def test_store_never_supersedes_another_holders_statement(mem: Memlane, old: str, new: str) -> None:
    mem.store(old)
    result = mem.store(new)
    assert not result.superseded
    assert current(mem) == sorted([old, new])


def test_store_still_supersedes_the_same_holders_new_value(mem: Memlane) -> None:
    first = mem.store("The user's colleague Ana moved to Porto")
    other = mem.store("The user's colleague Bruno moved to Porto")
    assert not other.superseded
    moved = mem.store("The user's colleague Ana moved to Lisbon")
    assert [s.id for s in moved.superseded] == [first.id]
    assert current(mem) == [
        "The user's colleague Ana moved to Lisbon",
        "The user's colleague Bruno moved to Porto",
    ]


def test_manager_rule_compares_holders(mem: Memlane) -> None:
    ana = mem.get(mem.store("The user's colleague Ana moved to Porto").id)
    assert decide("The user's colleague Bruno moved to Porto", "fact", [ana]).action == "add"
    assert decide("The user's colleague Ana moved to Lisbon", "fact", [ana]).action == "update"
    # a fuller name of the same holder is the same holder; two full names that differ are two
    assert not different_holders(analyse("Ana moved to Porto"), analyse("Ana Ruiz moved to Lisbon"))
    assert different_holders(analyse("Ana Ruiz moved to Porto"), analyse("Ana Lopez moved to Lisbon"))
    # an explicit change of holder is still read as one
    owner = mem.get(mem.store("Priya owns the billing service").id)
    assert decide("Marcus now owns the billing service", "fact", [owner]).action == "update"
    speaker = mem.get(mem.store("The user lives in Lyon").id)
    assert decide("The user lives in Paris", "fact", [speaker]).action == "update"
