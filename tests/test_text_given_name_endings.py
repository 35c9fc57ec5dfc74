"""A sentence's first word that is a given name ending like an English plural, past tense or suffix
("Dolores", "Mercedes", "Andres", "Anders", "Georges", "Mohamed", "Alfred", "Beverly", "Xiaoming") is a
name: the name finder guesses ordinary English from such endings only for words the given-name tables
do not know or that lemminflect's English lemma table lists ("Pages", "Worked", "Sterling")."""

from __future__ import annotations

import pytest

from memlane.text import extract_entities

NAMES = ["Andres", "Dolores", "Mercedes", "Anders", "Georges", "Mohamed", "Mohammed", "Alfred", "Beverly",
         "Xiaoming"]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_sentence_initial_given_name_is_a_name(name: str) -> None:
    assert extract_entities(f"{name} took us on the canal tour at dawn") == {"name:" + name.lower()}


@pytest.mark.parametrize("name", ["Dolores", "Mohamed"])
def test_with_a_surname(name: str) -> None:
    assert "name:" + name.lower() + " vidal" in extract_entities(f"{name} Vidal is my neighbour at the lodge")


@pytest.mark.parametrize(
    "sentence",
    ["Pages were missing from the report", "Worked late again on the audit", "Sterling fell against the euro",
     "Darling, the taxi is here", "Changes to the rota start on Monday"],
)  # fmt: skip
def test_english_words_still_are_no_names(sentence: str) -> None:
    assert not {k for k in extract_entities(sentence) if k != "name:monday"}
