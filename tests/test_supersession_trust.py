"""Automatic supersession must not hide a fact that still holds.

Three kinds of false update, each a general rule in ``memlane.text.updates``:

* a copula + adjective + phrase ("allergic to", "afraid of", "interested in", "fluent in", "good at") is
  multi-valued, like "likes": a second value adds a fact;
* a past-tense or past-dated statement ("was 850 last year") never replaces a present one;
* names compare as written: "Lucas" and "Luca" are two holders, whatever their stems.

Every pair is stored through the SDK on a real database (both backends), the old item must stay current
and come back from recall by default. True updates next to them still supersede. The sentences are
written for these tests, not taken from any benchmark set."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.text.claims import analyse
from memlane.text.updates import compare, same_subject


def current(mem: Memlane) -> list[str]:
    return sorted(m.content for m in mem.list_recent())


@pytest.mark.parametrize(
    ("old", "new", "query"),
    [
        ("I'm allergic to peanuts", "I'm allergic to cats", "allergic"),
        ("My son is afraid of spiders", "My son is afraid of heights", "afraid"),
        ("Kofi is fluent in Spanish", "Kofi is fluent in German", "fluent"),
        ("I'm very good at chess", "I'm very good at tennis", "good"),
        ("Mira is interested in pottery", "Mira is interested in astronomy", "interested"),
        ("My rent is 900 a month", "My rent was 850 last year", "rent"),
        ("My manager is Ana", "My manager was Carla in 2019", "manager"),
        ("Jonas lives in Graz", "Jonas lived in Linz two years ago", "Jonas"),
        ("Lucas plays the violin", "Luca plays the violin", "violin"),
        ("Marie's flight is at 9:00", "Maria's flight is at 11:00", "flight"),
    ],
)
def test_a_fact_that_still_holds_is_not_superseded(mem: Memlane, old: str, new: str, query: str) -> None:
    first = mem.store(old)
    second = mem.store(new)
    assert not second.superseded
    assert current(mem) == sorted([old, new])
    assert first.id in {h.id for h in mem.recall(query)}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I live in Berlin", "I moved to Lisbon"),
        ("My manager is Ana", "My manager is now Bruno"),
        ("My rent is 900", "My rent went up to 950"),
        ("I'm allergic to peanuts", "I'm no longer allergic to peanuts"),
        ("I'm allergic to peanuts", "I'm allergic to peanuts and shellfish"),
        ("Kofi is fluent in Spanish", "Kofi is now fluent in German instead"),
        ("The report is due on Friday", "The report is due on Monday"),
        ("Sam works at Initech", "Sam worked at Initech until March"),
        ("Lucas plays the violin", "Lucas plays the cello now"),
        # a past event that gave a new value is a change, not a statement about the past
        ("My phone number is 555-1234", "My new phone number was set to 555-9999"),
        ("My alarm is set for 7:00", "My alarm is set for 6:30"),
    ],
)
def test_a_true_update_still_supersedes(mem: Memlane, old: str, new: str) -> None:
    first = mem.store(old)
    second = mem.store(new)
    assert [s.id for s in second.superseded] == [first.id]
    assert current(mem) == [new]


def test_the_rules_on_the_claims() -> None:
    allergy = analyse("I'm allergic to peanuts").claims[0]
    assert allergy.attitude == "allergic" and not allergy.past
    assert analyse("Mira is interested in pottery").claims[0].attitude == "interest"
    # a time, date or amount after the adjective is one slot, not a list of things
    assert analyse("The report is due on Friday").claims[0].attitude == ""
    assert analyse("My rent was 850").claims[0].past
    assert analyse("My rent was 850 two years ago").claims[0].past
    assert not analyse("My rent is 950 since last year").claims[0].past
    assert not analyse("My rent has gone up to 950").claims[0].past
    assert analyse("Sam worked at Initech before joining Hooli").claims[0].ended
    # names as written: a stem in common is not one holder, a name inside a fuller one is
    assert not same_subject(analyse("Lucas plays the violin"), analyse("Luca plays the violin"))
    assert same_subject(analyse("Ana plays the violin"), analyse("Ana plays the cello"))
    # a past statement about the past does not replace the present, but an older past one may be corrected
    assert not compare(analyse("My rent is 900"), analyse("My rent was 850"))[0]
    assert compare(analyse("My rent was 850 in 2020"), analyse("My rent was 800 in 2020"))[0]
