"""A name of several words said by its last words in another statement (``consolidation.name_parts``):
the word rule's confirmation compares the rest once the full name is cut to the part the other says;
another name, another verb, someone else, a name extended at its end ("Dune Messiah"), a name WordNet
knows as one ("New York") or a part that is no whole name of the other still keeps two statements
apart. New sentences (none from the labelled sets)."""

from __future__ import annotations

import pytest

from memlane.consolidation.name_parts import shortened
from word_rule import joined as _merged


def test_shortened_cuts_a_name_to_the_last_words_the_other_says_whole() -> None:
    assert shortened("Tomek rides a green Kawasaki Ninja", "Tomek's bike is a green Ninja") == (
        "Tomek rides a green Ninja"
    )
    unchanged = [
        ("Tomek rides a Kawasaki Ninja", "Tomek rides a Kawasaki Ninja"),  # the full name said
        ("Tomek rides a Kawasaki Ninja", "Tomek rides a Ninja Special"),  # inside a longer name
        ("Lior teaches at Hillcrest Grammar School", "Lior teaches at Hillcrest Grammar"),  # last words
        ("Lior's favourite film is Alien Resurrection", "Lior's favourite film is Alien"),  # another name
        ("Lior lives in New York", "Lior lives in York"),  # one name in WordNet
        ("Kawasaki Ninja bikes are fast", "Lior likes Ninja bikes"),  # opens the statement: "Ninja" only
    ]
    for a, b in unchanged:
        assert shortened(a, b) == a


JOINED = [
    ("Tomek drives a green Mazda Miata", "Tomek's car is a green Miata"),
    ("Lior skis at Niseko Hirafu every winter", "Every winter Lior goes skiing at Hirafu"),
    ("Dorota keeps 30 Polish Merino sheep", "Dorota has 30 Merino sheep"),
]

APART = [
    ("Tomek drives a green Mazda Miata", "Tomek sold his green Miata"),  # another verb
    ("Tomek drives a green Mazda Miata", "Tomek's brother's car is a green Miata"),  # someone else
    ("Tomek drives a green Mazda Miata", "Tomek's car is a red Miata"),  # another colour
    ("Tomek drives a green Mazda Miata", "Tomek drives a green Eunos Miata"),  # another name in full
    ("Dorota keeps 30 Polish Merino sheep", "Dorota keeps 40 Merino sheep"),  # another number
    ("Lior's favourite film is Alien Resurrection", "Lior's favourite film is Alien"),  # another name
    ("Lior lives in New York", "Lior lives in York"),
]


@pytest.mark.parametrize(("a", "b"), JOINED)
def test_a_name_said_in_part_joins(a: str, b: str) -> None:
    assert _merged(a, b)


@pytest.mark.parametrize(("a", "b"), APART)
def test_other_facts_with_a_name_said_in_part_stay_apart(a: str, b: str) -> None:
    assert not _merged(a, b)
