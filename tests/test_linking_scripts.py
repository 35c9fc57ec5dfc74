"""Linking on store in texts of other scripts and languages: a capitalised function word that opens a
sentence of another language is no name ("Το", "Мой", "Это", "Η"), as an English one is not ("The",
"My"); a name written in a CJK script (no case, no spaces) standing alone in a sentence of another script
is one ("My manager is 田中太郎"). The text analysis (``memlane.text``) finds both; the store links them.
On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.text import extract_entities


def _names(mem: Memlane) -> set[str]:
    return {e.name for e in mem.entities.list(limit=100)}


def test_a_function_word_opening_a_sentence_of_another_language_is_no_entity(mem: Memlane) -> None:
    mem.store("Το αφεντικό μου είναι ο Γιώργος Παπαδόπουλος")
    mem.store("Мой начальник Иван Петров")
    mem.store("Это мой друг Сергей")
    mem.store("Η Μαρία είναι φίλη μου")
    names = _names(mem)
    assert {"Γιώργος Παπαδόπουλος", "Иван Петров", "Сергей", "Μαρία"} <= names
    assert not names & {"Το", "Мой", "Это", "Η", "Η Μαρία"}


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        ("Αυτός είναι ο Νίκος", "name:νικος", "name:αυτος"),
        ("Στο γραφείο με τον Νίκο", "name:νικο", "name:στο"),
        ("Наш офис в Москве", "name:москве", "name:наш"),
        ("Он работает с Анной", "name:аннои", "name:он"),
        # a word in Latin letters: only when another function word of its language says the language
        ("Il mio capo è Marco Rossi", "name:marco rossi", "name:il"),
        ("Mein Chef ist Hans", "name:hans", "name:mein"),
        ("Dit is mijn baas Jan", "name:jan", "name:dit"),
        ("Ce soir avec Marie", "name:marie", "name:ce"),
    ],
)
def test_sentence_openers_of_other_languages(text: str, kept: str, dropped: str) -> None:
    keys = extract_entities(text)
    assert kept in keys
    assert dropped not in keys


@pytest.mark.parametrize(
    "text", ["Ben went home", "Dan is here", "Han Solo is cool", "Anh and I met in Hanoi"]
)
def test_a_given_name_that_is_a_function_word_elsewhere_still_opens_an_english_sentence(text: str) -> None:
    # ("ben" is Dutch and Turkish, "dan" Dutch and Indonesian, "han" Swedish, "anh" Vietnamese)
    assert f"name:{text.split()[0].lower()}" in extract_entities(text)


def test_a_cjk_name_alone_in_a_sentence_of_another_script_is_linked(mem: Memlane) -> None:
    mem.store("My manager is 田中太郎")
    mem.store("Lunch with 김민준 and Sam.")
    names = _names(mem)
    assert {"田中太郎", "김민준", "Sam"} <= names


def test_cjk_sentences_are_not_cut_into_names() -> None:
    # (that needs a segmenter: a run among CJK words, or a whole CJK sentence, is no name here)
    assert not any(k.startswith("name:") for k in extract_entities("田中太郎は私の上司です"))
    assert not any(k.startswith("name:") for k in extract_entities("我的同事王小明在北京工作"))
    assert not any(k.startswith("name:") for k in extract_entities("김민준 씨는 회사에 다녀요"))
    # (more than four characters: no name by this rule)
    assert "name:東京都庁舎前駅" not in extract_entities("Meet at 東京都庁舎前駅 today")
