"""A pronoun for the person a memory is about (``consolidation/own_subject.py``): a pronoun with nothing
before it that it could stand for, in a group whose memories are about one named person (the subject,
or an owner whose id is a name), is read as that person's name by the paraphrase mode. The statements
are new, none from the labelled sets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation.own_subject import read_pronouns, unattached_genders


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("He repairs boats in Gdynia", "Tomek repairs boats in Gdynia"),
        ("His boat is called Mewa", "Tomek's boat is called Mewa"),
        ("Every March he goes skiing", "Every March Tomek goes skiing"),
        ("On Fridays she works from home", "On Fridays Tomek works from home"),
        ("She's a nurse", "Tomek is a nurse"),
        ("He's got two cats", "Tomek has got two cats"),
        ("Her daughter Ola is nine", "Tomek's daughter Ola is nine"),
        ("When she drives she wears her glasses", "When Tomek drives Tomek wears Tomek's glasses"),
        ("A neighbour walks with her", "A neighbour walks with Tomek"),
        # after a word that may name someone, the pronoun may mean them: left as written
        ("Marek says he repairs boats", "Marek says he repairs boats"),
        ("Her son Piotr says he is tired", "Tomek's son Piotr says he is tired"),
        ("His son says he is tired", "Tomek's son says he is tired"),  # after a possessive, only it
        ("Nothing here names anyone", "Nothing here names anyone"),
    ],
)
def test_read_pronouns(said: str, read: str) -> None:
    assert read_pronouns(said, "Tomek") == read


def test_unattached_genders() -> None:
    assert unattached_genders("He repairs boats") == {"m"}
    assert unattached_genders("Her son says he is tired") == {"f"}  # "he" may be the son
    assert unattached_genders("Marek says she is tired") == frozenset()


def _merged(
    tmp_path: Path, embedder: object, user: str, texts: list[str], **fields: object
) -> list[list[int]]:
    """Which of ``texts`` (stored by ``user`` with ``fields``) the paraphrase mode merges, by index."""
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    m = Memlane(tmp_path / "m.db", user=user, embedder=embedder, environ=environ)  # type: ignore[arg-type]
    try:
        ids = [m.store(t, auto_supersede=False, **fields).id for t in texts]
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    return sorted(sorted(ids.index(i) for i in c.merged) for c in report.clusters)


def test_a_pronoun_for_the_owner_merges_with_the_name(tmp_path: Path, local_embedder: object) -> None:
    """The owner's id is a name ("user:tomek"): "He ..." is Tomek; another person stays apart."""
    texts = [
        "Tomek fixes old sailing boats in Gdynia",
        "He repairs old sailing boats in Gdynia",
        "Marek fixes old sailing boats in Gdynia",
    ]
    assert _merged(tmp_path, local_embedder, "tomek", texts) == [[0, 1]]


def test_a_statement_naming_the_person_keeps_its_pronouns(tmp_path: Path, local_embedder: object) -> None:
    """ "With her parents Mei talks…" names Mei: its "her" is read as written, as the other's is."""
    texts = ["Mei speaks Mandarin with her parents", "With her parents Mei talks in Mandarin"]
    assert _merged(tmp_path, local_embedder, "mei", texts) == [[0, 1]]


def test_a_pronoun_for_the_subject(tmp_path: Path, local_embedder: object) -> None:
    """Memories about one subject: "She ..." is the subject, whoever owns them."""
    texts = ["Wanjiru fixes old sailing boats in Mombasa", "She repairs old sailing boats in Mombasa"]
    assert _merged(tmp_path, local_embedder, "u-17", texts, subject="Wanjiru") == [[0, 1]]


def test_no_name_or_two_genders_reads_nothing(tmp_path: Path, local_embedder: object) -> None:
    """An owner id that is no name, or a group with an unattached "he" and "she" (two people), reads no
    pronoun: the pairs stay apart as before."""
    texts = ["Tomek fixes old sailing boats in Gdynia", "He repairs old sailing boats in Gdynia"]
    assert _merged(tmp_path / "a", local_embedder, "u-17", texts) == []
    texts += ["She teaches maths at a school in Sopot"]
    assert _merged(tmp_path / "b", local_embedder, "tomek", texts) == []


def test_a_person_referred_back_with_the_other_pronoun(tmp_path: Path, local_embedder: object) -> None:
    """A statement naming Anya calls her "her": an unattached "he" in her memories is someone else."""
    texts = [
        "Anya fixes old sailing boats in Gdynia",
        "He repairs old sailing boats in Gdynia",
        "Anya gave her brother a drone for his birthday",
    ]
    assert _merged(tmp_path, local_embedder, "anya", texts) == []
    assert _merged(tmp_path / "b", local_embedder, "anya", texts[:2]) == [[0, 1]]


def _merged_by_word_rule(tmp_path: Path, user: str, texts: list[str], **fields: object) -> list[list[int]]:
    """Which of ``texts`` (stored by ``user`` with ``fields``) the default word rule merges (no
    embedder, no paraphrase mode), by index."""
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "0"}
    m = Memlane(tmp_path / "w.db", user=user, embedder="none", environ=environ)
    try:
        ids = [m.store(t, auto_supersede=False, **fields).id for t in texts]
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    return sorted(sorted(ids.index(i) for i in c.merged) for c in report.clusters)


def test_the_word_rule_reads_a_pronoun_for_the_owner(tmp_path: Path) -> None:
    """The default rule's confirmation (``confirmation.join_confirmed``) reads the pronoun as the
    paraphrase mode does: "He repairs…" is Tomek's "fixes"; Marek's stays apart."""
    texts = [
        "Tomek fixes old sailing boats in Gdynia",
        "He repairs old sailing boats in Gdynia",
        "Marek fixes old sailing boats in Gdynia",
    ]
    assert _merged_by_word_rule(tmp_path, "tomek", texts) == [[0, 1]]


def test_the_word_rule_reads_no_pronoun_of_two_people(tmp_path: Path) -> None:
    """A "he" and a "she" with nothing they stand for in one group: two people, nothing read."""
    texts = [
        "Tomek fixes old sailing boats in Gdynia",
        "He repairs old sailing boats in Gdynia",
        "She paints old sailing boats in Gdynia",
    ]
    assert _merged_by_word_rule(tmp_path, "tomek", texts) == []
