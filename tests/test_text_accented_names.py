"""A sentence's first word that is a given name ending in an accented vowel and "s" ("Tomás", "Andrés",
"Nicolás", "Matías", "Jesús") is a name, not an English plural guessed by its ending: a vowel before the
final "s" already kept "Thomas" and "Lucas" names, and an accented one is a vowel too."""

from __future__ import annotations

import pytest

from memlane.text import extract_entities


@pytest.mark.parametrize("name", ["Tomás", "Andrés", "Nicolás", "Matías", "Jesús", "Jonás"])
def test_sentence_initial_accented_name_is_a_name(name: str) -> None:
    assert extract_entities(f"{name} took us on the canal tour at dawn") == {"name:" + _folded(name)}


@pytest.mark.parametrize("name", ["Tomás", "Andrés"])
def test_with_a_surname(name: str) -> None:
    keys = extract_entities(f"{name} Vidal is my brother who runs the lodge")
    assert "name:" + _folded(name) + " vidal" in keys


@pytest.mark.parametrize("sentence", ["Pages were missing from the report", "Setbacks happen to everyone"])
def test_english_plurals_still_are_no_names(sentence: str) -> None:
    assert extract_entities(sentence) == frozenset()


def _folded(name: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", name.lower()) if not unicodedata.combining(c))
