"""Restatements the word rule merges (docs/consolidation.md, "What is a near-duplicate", rule 2):
contractions spelled out, "has got" as "has", the extractor's "the user" as the speaker's "I", a filler
read into the subject. And what stays apart though written alike. New statements, none from the
labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.restatement import plain_forms
from word_rule import merged

TOGETHER = [
    ("The user prefers decaf after lunch", "I prefer decaf after lunch"),
    ("User prefers decaf after lunch", "The user prefers decaf after lunch"),
    ("The user's daughter studies in Leiden", "My daughter studies in Leiden"),
    ("Nuno can't drive a manual car", "Nuno cannot drive a manual car"),
    ("Nuno can not drive a manual car", "Nuno cannot drive a manual car"),
    ("Nuno's got two bikes", "Nuno has two bikes"),
    ("We're renting a flat in Braga", "We are renting a flat in Braga"),
    ("Nuno doesn't eat pork", "Nuno does not eat pork"),
    ("Nuno actually commutes by ferry", "Nuno commutes by ferry"),
]
APART = [
    ("I owe Dario 15 euros", "Dario owes the user 15 euros"),  # the speaker is a role too
    ("The user's daughter studies in Leiden", "The user studies in Leiden"),
    ("Nuno can't drive a manual car", "Nuno can drive a manual car"),
    ("We're renting a flat in Braga", "We rented a flat in Braga"),
    ("The user will visit Oslo", "I visited Oslo"),
]


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_restatements_merge(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


@pytest.mark.parametrize(("a", "b"), APART)
def test_what_they_change_stays_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


def test_plain_forms() -> None:
    assert plain_forms("The user's sister told the user that the user won") == "my sister told me that I won"
    assert plain_forms("They'll say I've got a point") == "They will say I have a point"
    assert plain_forms("Ana won't go; Ana can't") == "Ana will not go; Ana cannot"
    assert plain_forms("Ana's car is red") == "Ana's car is red"  # a possessive "'s" is left alone
