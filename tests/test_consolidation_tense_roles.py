"""The word rule keeps apart statements of one bag of words whose tense, direction or doer changed:
the copula or an auxiliary in the present against the past ("is" / "was": a current fact against a
former one), a plural's present against an irregular past ("go" / "went"), a name after "to" in one
and after "from" in the other (also a guard of the paraphrase mode, ``kept_apart``), and a subject
that is other words (a possessive moved a name out of the doer or into it). Restatements that only
move a phrase, swap a copula's sides or add a perfect still merge. Each pair below has one signature,
so the bag rule alone merged it. None of the statements is from a labelled set."""

from __future__ import annotations

import pytest

from memlane.consolidation.guards import kept_apart
from memlane.consolidation.signature import signature
from word_rule import merged

APART = [
    # the copula or an auxiliary in the present and in the past: a current fact and a former one
    ("Dagny is the CEO of Vireo", "Dagny was the CEO of Vireo"),
    ("Kasper is on call from Friday to Monday", "Kasper was on call from Friday to Monday"),
    ("The twins are members of the chess club", "The twins were members of the chess club"),
    ("Mats has a season ticket for Ajax", "Mats had a season ticket for Ajax"),
    ("Wiebe doesn't drink coffee after noon", "Wiebe didn't drink coffee after noon"),
    # a plural's present (a base form) and an irregular past
    ("The invitations go out in February", "The invitations went out in February"),
    ("Our neighbours take the bus to Zwolle", "Our neighbours took the bus to Zwolle"),
    ("The interns leave at 4 on Fridays", "The interns left at 4 on Fridays"),
    # a name after "to" in one and after "from" in the other
    ("Tove has a flight to Nairobi on Sunday", "Tove has a flight from Nairobi on Sunday"),
    ("Berend ships the parts to Gdansk", "Berend ships the parts from Gdansk"),
    # another doer: a possessive moved a name out of the subject or into it
    ("Anya gave her brother a drone", "Anya's brother gave her a drone"),
    ("Lumen pays invoices within 45 days", "We pay Lumen's invoices within 45 days"),
    ("Kees lends his sister the car", "Kees's sister lends him the car"),
    ("Hilde's parents visit Hilde every May", "Hilde visits Hilde's parents every May"),
    ("Ravi's coach is Olga", "Ravi is Olga's coach"),
]

SAME = [
    ("Ana moved to Porto in 2021", "In 2021 Ana moved to Porto"),
    ("Joel's wife is Petra", "Petra is Joel's wife"),
    ("The invitations went out in February", "In February the invitations went out"),
    ("Dagny was the CEO of Vireo", "Dagny was really the CEO of Vireo"),
    ("Anya gave her brother a drone", "Anya gave a drone to her brother"),
    ("Tove flies from Oslo to Rome", "Tove flies to Rome from Oslo"),
    ("Fenna has moved to Arnhem", "Fenna moved to Arnhem"),
    ("The twins go to school in Delft", "The twins really go to school in Delft"),
    ("Jurre's favourite band is Kensington", "Jurre's favorite band is Kensington"),
    # other doers in a "with" phrase, an attribute in the subject, a noun before "is"
    ("Joost lives in Breda with his grandparents", "Joost and his grandparents live together in Breda"),
    ("Noa is a radiology resident", "Noa's residency is in radiology"),
    ("Sven budgeted 900 euros for the trip", "Sven's trip budget is 900 euros"),
]


@pytest.mark.parametrize(("a", "b"), APART)
def test_another_tense_direction_or_doer_stays_apart(a: str, b: str) -> None:
    assert signature(a) == signature(b), "the pair must share a signature: the bag rule alone merged it"
    assert not merged(a, b) and not merged(b, a)


@pytest.mark.parametrize(("a", "b"), SAME)
def test_a_restatement_still_merges(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


def test_a_name_to_and_from_is_kept_apart_in_both_modes() -> None:
    # ``kept_apart`` is the guard the paraphrase mode shares
    assert kept_apart("Tove has a flight to Nairobi", "Tove's flight from Nairobi is on Sunday")
    assert kept_apart("Tove's flight from Nairobi is on Sunday", "Tove has a flight to Nairobi")
    # both ends given in the same roles, or a word that is no name: not kept apart
    assert not kept_apart("Tove flies from Oslo to Rome", "Tove flies to Rome from Oslo")
    assert not kept_apart("Tove works from the office", "Tove goes to the office")
