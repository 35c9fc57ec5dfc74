"""Automatic supersession: namesakes, numbers written as words, and one-off past events.

Three general rules in ``memlane.text.claims`` / ``memlane.text.updates``, each from a report on main:

* a sentence's capitalised subject with no determiner ("Mercury is …", "Chase is …") names one thing,
  even where the word is also a common noun; what a named thing *is* adds up ("Mercury is the closest
  planet to the sun", "Mercury is my bank"), so one never replaces the other without change wording;
  "new" inside an of-phrase ("the codename of our new project") is no change wording, and "new" in the
  value says the value is new ("Ana is my new manager"), not that a named thing changed ("Everest is
  our new team name");
* spelled-out numbers are read as their values ("two cats" -> "three cats" like "2 cats" -> "3 cats";
  "two" and "2" are one value);
* a past occurrence of the present habit ("The bus leaves at 7:15" / "The bus left at 7:40 this
  morning") is one event, never a new timetable, while a change said in the past ("was moved to"), an
  agent moving the thing ("We moved the standup to 10:00"), a new time with change wording ("starts
  at 10:00 now") or the thing's time changed ("The standup time was changed to 10:00") still updates.

Every pair is stored through the SDK on a real database (both backends); each fails on the code before
these rules. ("The standup was at 10:00 today" already left "The standup is at 9:30" alone, and "… was
moved to 10:00" / "… is now at 10:00" already updated it: ``bench/supersession-kinds`` keeps them.) The
sentences are written for these tests, not taken from any benchmark set."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.text.claims import analyse, claim_keys
from memlane.text.updates import compare


def current(mem: Memlane) -> list[str]:
    return sorted(m.content for m in mem.list_recent())


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # namesakes: the same name, two things
        ("Mercury is the closest planet to the sun", "Mercury is my bank"),
        ("Chase is my bank", "Chase is my nephew"),
        ("Java is an island in Indonesia", "Java is the language our backend is written in"),
        ("Orion is a constellation in the winter sky", "Orion is the codename of our new project"),
        ("Everest is the highest mountain on Earth", "Everest is our new team name"),
        # a one-off in the past against the present habit
        ("The bus leaves at 7:15", "The bus left at 7:40 this morning"),
        ("The pharmacy closes at 19:00", "The pharmacy closed at 17:00 on Christmas Eve"),
    ],
)
def test_a_fact_that_still_holds_is_not_superseded(mem: Memlane, old: str, new: str) -> None:
    first = mem.store(old)
    second = mem.store(new)
    assert not second.superseded
    assert current(mem) == sorted([old, new])
    assert mem.get(first.id).superseded_by is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # numbers written as words, alone or mixed with digits
        ("I have two cats", "I have three cats"),
        ("Our band has four members", "Our band has 5 members"),
        ("I have 2 bikes", "I have three bikes"),
        ("Lena is six years old", "Lena turned seven"),
        ("The lab runs twenty-five tests a night", "The lab runs thirty tests a night"),
        # changes of a recurring time, said in the past or by another wording
        ("The standup is at 9:30", "We moved the standup to 10:00"),
        ("The standup is at 9:30", "The standup starts at 10:00 now"),
        # the thing's time named as a subject of its own
        ("The standup is at 9:30", "The standup time was changed to 10:00"),
        ("The retro is on Fridays", "The retro day is now Thursday"),
    ],
)
def test_a_true_update_still_supersedes(mem: Memlane, old: str, new: str) -> None:
    first = mem.store(old)
    second = mem.store(new)
    assert [s.id for s in second.superseded] == [first.id]
    assert current(mem) == [new]


def test_two_and_2_are_one_value(mem: Memlane) -> None:
    """A restatement with the number in digits is the same claim, a new version of it (not a second
    fact beside it), as "2 cats" after "2 cats" would be."""
    first = mem.store("I have two cats")
    second = mem.store("I have 2 cats")
    assert [s.id for s in second.superseded] == [first.id]
    assert current(mem) == ["I have 2 cats"]


def test_the_rules_on_the_claims() -> None:
    assert analyse("I have two cats").claims[0].obj == analyse("I have 2 cats").claims[0].obj
    assert "200" in analyse("We have two hundred customers").claims[0].obj
    # "one" counts only as a count: "the one" and "one of" are no number
    assert "1" in analyse("I have one cat").claims[0].obj
    assert "1" not in analyse("Paris is the one city I love").claims[0].obj
    mercury = analyse("Mercury is my bank").claims[0]
    assert mercury.agent and mercury.names == {"mercury"}
    assert not analyse("The bank is Mercury").claims[0].agent
    assert not analyse("Orion is the codename of our new project").change
    # "new" in a value says the value is new ("Ana is my new manager"), not that a named thing changed
    assert analyse("I have a new phone").change and analyse("I have a new phone").renewed
    assert not analyse("I have a phone now").renewed
    # "the meeting time" is the meeting's time, not its room
    room, moved = analyse("The meeting is in Room 4"), analyse("The meeting time was moved to 10:00")
    assert not compare(room, moved)[0]
    assert "about:meet" in claim_keys(moved)
