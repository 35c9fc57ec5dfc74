"""How much someone likes something is part of the fact, and a noun compound names a kind
(docs/consolidation.md, rules 7a and 8). The product's decision: "prefers" compares and is never
"likes", "loves" is stronger than "likes" (a merge would lose the intensity), "likes" and "enjoys" are
one sense. The statements are new, none from the labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.compounds import modifier_moved
from memlane.consolidation.guards import benefit, benefit_apart, degree_apart, degrees
from word_rule import merged

APART = [
    ("Mateo prefers aisle seats", "Mateo likes aisle seats"),
    ("Mateo prefers aisle seats", "Mateo loves aisle seats"),
    ("Ines loves hiking in the Alps", "Ines likes hiking in the Alps"),
    ("Ines loves hiking in the Alps", "Ines really enjoys hiking in the Alps"),
    ("Yusra hates crowded trains", "Yusra dislikes crowded trains"),
    ("Okon's favourite film is Alien", "Okon loves the film Alien"),
    # a compound names a kind; its noun said with "with", or made the subject, says another fact
    ("Mara is a dog trainer", "Mara is a trainer with dogs"),
    ("Mara is a dog trainer", "Mara's dog is a trainer"),
    ("Teo is a horse photographer", "Teo's horse is a photographer"),
    # "enjoys" a possession is having it ("have for one's benefit"), not liking it
    ("Bram enjoys a staff discount at the bookshop", "Bram likes a staff discount at the bookshop"),
    ("Odile enjoys a generous pension", "Odile loves a generous pension"),
]
TOGETHER = [
    ("Jo likes modern jazz", "Jo enjoys modern jazz"),
    ("Jo likes modern jazz", "Jo is fond of modern jazz"),
    ("Ines loves hiking in the Alps", "Ines adores hiking in the Alps"),
    ("Jo really enjoys modern jazz", "Jo likes modern jazz"),
    ("Mateo prefers aisle seats on long trips", "On long trips Mateo prefers an aisle seat"),
    ("Sam drinks his tea black", "Sam drinks tea black"),
    # a cleft of place says the plain statement
    ("Ilse's brother lives in Graz", "Graz is where Ilse's brother lives"),
    ("Ilse works in Graz", "Graz is where Ilse works"),
]


@pytest.mark.parametrize(("a", "b"), APART)
def test_other_degrees_and_moved_modifiers_stay_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_one_degree_and_one_compound_still_merge(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


def test_degrees_read_comparisons_and_preferences() -> None:
    assert degrees("Timo prefers rye bread") == {"prefer"}
    assert degrees("Timo likes rye bread more than white bread") == {"prefer"}  # a comparison
    assert degrees("Timo would rather eat rye bread") == {"prefer"}
    assert degrees("Timo is like his uncle") == frozenset()  # "like" compares, no liking
    assert degrees("Timo adores rye bread") == {"love"}
    # the shared guard (both modes): compared only when both statements say a degree
    assert degree_apart("Timo loves rye bread", "Timo enjoys rye bread")
    assert not degree_apart("Timo prefers rye bread to white", "Timo likes rye bread better than white")
    assert not degree_apart("Timo wants rye bread", "Timo prefers rye bread")


def test_a_compound_reworded_otherwise_is_not_a_moved_modifier() -> None:
    # "a peanut allergy" / "allergic to peanuts", "office parking" / "parking at the office": one fact
    assert not modifier_moved("Ravi has a peanut allergy", "Ravi is allergic to peanuts")
    assert not modifier_moved("Ravi uses the office parking", "Ravi uses the parking at the office")
    assert modifier_moved("Ravi is a child dentist", "Ravi is a dentist with children")


def test_enjoying_a_possession_is_having_it() -> None:
    assert benefit("Bram enjoys a 10% staff discount at the bookshop") == "discount"
    assert benefit("Odile enjoyed a generous pension") == "pension"
    assert benefit("Bram enjoys hiking in the Alps") is None  # the pleasure sense: a liking
    assert benefit("Bram enjoys jazz") is None
    # kept apart only from a liking; having it is the same fact
    assert benefit_apart("Odile enjoys a pension", "Odile is fond of a pension")
    assert not benefit_apart("Odile enjoys a pension", "Odile has a pension")
    assert not benefit_apart("Bram enjoys jazz", "Bram likes jazz")
