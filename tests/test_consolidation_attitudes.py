"""The paraphrase mode refuses two statements that say two attitudes towards one thing (a want, a
liking, a hope, a plan, a fan's devotion: ``attitudes.attitude_apart``), a noun one adds as what a verb
acts on ("has options for") and a verb of ending one adds ("finished"): docs/consolidation.md,
"Paraphrases with other words". The statements are new, none from the labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.attitudes import attitude_apart, attitudes
from memlane.consolidation.paraphrases import guarded, verdict

APART = [
    ("Ines wants a standing desk", "Ines likes to use a standing desk"),  # a wish / a taste
    ("Ines hopes to visit Kyoto", "Ines plans to visit Kyoto"),  # a hope / a plan
    ("Ines is a big fan of jazz", "Ines really likes jazz"),  # devotion / liking
    ("Ines is a jazz lover", "Ines enjoys jazz"),
    ("Ines wants to learn the cello", "Ines would rather learn the cello"),  # a wish / a preference
]
ONE = [
    ("Ines enjoys hiking", "Ines likes to hike"),  # one degree of liking
    ("Ines is fond of cats", "Ines likes cats"),
    ("Ines prefers tea to coffee", "Ines likes tea more than coffee"),  # both a preference
    ("Ines wants a quiet office", "Ines would like a quiet office"),  # "would like" is a wish
    ("Ines likes jazz", "Ines listens to jazz"),  # one says no attitude: left to the other rules
]


@pytest.mark.parametrize(("a", "b"), APART)
def test_two_attitudes_are_two_facts(a: str, b: str) -> None:
    assert attitude_apart(a, b) and attitude_apart(b, a)
    assert not guarded(a, b) and verdict(a, b) == -1


@pytest.mark.parametrize(("a", "b"), ONE)
def test_one_attitude_read_alike(a: str, b: str) -> None:
    assert not attitude_apart(a, b)


def test_what_is_read_as_an_attitude() -> None:
    assert attitudes("Ines learns Spanish") == frozenset()  # cognition without "to": no attitude
    assert attitudes("Ines looks like her mother") == frozenset()  # a comparison
    assert attitudes("Ines is a fan of Ajax") == frozenset({"devotion"})
    assert attitudes("Ines likes tea more than coffee") == frozenset({"prefer"})


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ravi owns 15% of Lumen Labs", "Ravi has options for 15% of Lumen Labs"),  # what is had
        ("Ravi holds a licence", "Ravi holds a learner licence"),
        ("Dara is a paediatrics resident", "Dara finished her residency in paediatrics"),  # ended
        ("Dara is writing her thesis", "Dara completed her thesis"),
    ],
)
def test_an_object_or_an_ending_added_is_another_fact(a: str, b: str) -> None:
    assert verdict(a, b) == -1 and verdict(b, a) == -1


def test_a_noun_after_no_verb_still_frames() -> None:
    assert verdict("Yara plays piano", "Yara plays piano as a hobby") == 1
