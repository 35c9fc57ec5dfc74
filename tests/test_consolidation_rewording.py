"""The word rule's second check reads more ways of writing one statement (``same_statement.reworded``):
an opening phrase moved to the end ("With every meal Ana drinks tea", "Two days a week Ana works…"), a
cleft with "something" or "the" and a noun ("Green tea is something Ana likes", "The Piper Cub is the plane
Ottar flies") and "does not have a" as "has no"; and a
time of day said in minutes past an hour ("half past eight" is "08:30", ``restatement.written_forms``). Statements that say another fact in those shapes stay apart. The
paraphrase mode's guards refuse a frame added and another report, as the default rule's confirmation
does. None of the statements is from a labelled set."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memlane.consolidation.paraphrases import guarded
from memlane.consolidation.restatement import written_forms
from memlane.consolidation.same_statement import reworded
from memlane.consolidation.service import word_rule
from memlane.models import Memory, Visibility
from word_rule import merged

SAME = [
    ("With every lunch Bettina drinks sparkling water", "Bettina drinks sparkling water with every lunch"),
    ("For his grandson Osku carves wooden toys", "Osku carves wooden toys for his grandson"),
    ("Before moving to Tartu, Kaja taught chemistry", "Kaja taught chemistry before moving to Tartu"),
    ("If it snows, the Harju ferry does not sail", "The Harju ferry does not sail if it snows"),
    ("Every evening after dinner Runa walks the dog", "Runa walks the dog every evening after dinner"),
    (
        "Two days a week Iker works from the Bilbao office",
        "Iker works from the Bilbao office two days a week",
    ),
    ("Sea swimming is something Maeve loves", "Maeve loves sea swimming"),
    ("Teodora doesn't have a passport", "Teodora has no passport"),
    ("Lorcan did not have any savings in 2020", "Lorcan had no savings in 2020"),
    ("The Vilde bakery opens at half past seven", "The Vilde bakery opens at 7:30"),
    ("Ansel's bus leaves at a quarter to nine", "Ansel's bus leaves at 8:45"),
    ("The Otso clinic closes at quarter past 5", "The Otso clinic closes at 5:15"),
]

APART = [
    # another phrase after the role word, once the opening phrase is moved
    ("If Wendel sells the boat, he buys a caravan", "Wendel sells the boat if he buys a caravan"),
    ("Before Maren left, Jesper cooked dinner", "Maren left before Jesper cooked dinner"),
    ("With every lunch Bettina drinks sparkling water", "Bettina drinks sparkling water with every dinner"),
    ("Sea swimming is something Maeve loves", "Maeve likes sea swimming"),
    ("Sea swimming is something Maeve loves", "Maeve loves sea kayaking"),
    (
        "Two days a week Iker works from the Bilbao office",
        "Iker works from the Bilbao office three days a week",
    ),
    # another thing not had, another time of day
    ("Teodora doesn't have a passport", "Teodora has no visa"),
    ("Teodora doesn't have a passport", "Teodora has a passport"),
    ("The Vilde bakery opens at half past seven", "The Vilde bakery opens at 7:00"),
    ("Ansel's bus leaves at a quarter to nine", "Ansel's bus leaves at 9:15"),
]


def _memory(id: str, content: str, now: datetime) -> Memory:
    return Memory.model_construct(id=id, content=content, workspace="default", owner="user:ana",
                                  visibility=Visibility.PERSONAL, space=None, subject=None, related_user="ana",
                                  observed_at=now, created_at=now)  # fmt: skip


def _joined(a: str, b: str) -> bool:
    """Whether the default rule (signatures, then the confirmation of statements a word or two
    apart, which reads a cleft's noun as left out) puts two statements of one user in one cluster."""
    now = datetime.now(UTC)
    return bool(word_rule([_memory("0", a, now), _memory("1", b, now)]))


def test_a_cleft_with_a_noun_is_read_as_the_clause() -> None:
    assert _joined("The Piper Cub is the plane Ottar flies", "Ottar flies the Piper Cub")
    assert _joined("Gaelic and Welsh are the languages that Ailsa speaks", "Ailsa speaks Welsh and Gaelic")
    assert not _joined("The Piper Cub is the plane Ottar flies", "Ottar sold the Piper Cub")
    assert not _joined("The Piper Cub is the plane Ottar flies", "Ottar's brother flies the Piper Cub")
    assert not _joined("The Piper Cub is the plane Ottar flies", "Ottar flies the Piper Seneca")


@pytest.mark.parametrize(("a", "b"), SAME)
def test_two_ways_of_writing_one_statement_merge(a: str, b: str) -> None:
    assert merged(a, b)


@pytest.mark.parametrize(("a", "b"), APART)
def test_another_fact_in_those_shapes_stays_apart(a: str, b: str) -> None:
    assert not merged(a, b)


def test_the_rewording_moves_only_an_opening_phrase_it_can_bound() -> None:
    assert reworded("With every meal Dilnoza drinks tea") == "Dilnoza drinks tea with every meal"
    assert (
        reworded("Because it rained, the match was called off.")
        == "the match was called off because it rained"
    )
    # a name right after the role word: where the phrase ends is not known
    assert reworded("With Ana Leo plays tennis") == "With Ana Leo plays tennis"
    assert reworded("Leo plays tennis with Ana") == "Leo plays tennis with Ana"
    assert reworded("Ana does not have a car") == "Ana has no car"
    assert reworded("Marathi theatre is something Anjali enjoys") == "Anjali enjoys Marathi theatre"
    assert reworded("The view is something Ana loves") == "Ana loves the view"
    assert reworded("The Piper Cub is the plane Ottar flies") == "Ottar flies the Piper Cub"
    assert (
        reworded("The plane is the one Ottar's brother flies") == "The plane is the one Ottar's brother flies"
    )


def test_minutes_past_an_hour_are_a_time_of_day() -> None:
    assert written_forms("at half past eight") == "at 08:30"
    assert written_forms("at a quarter to one") == "at 12:45"
    assert (
        written_forms("the first quarter to date") == "quarter 1 to date"
    )  # of a year (``anchors``), no time
    assert written_forms("half past 8:30") == "half past 08:30"  # the clock is read, not "half past"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ilse is learning to play the bandoneon", "Ilse plays the bandoneon"),
        ("Ilse used to swim in the Rhine", "Ilse swims in the Rhine"),
        ("Ilse thinks the bakery is closing", "The bakery is closing"),
    ],
)
def test_the_paraphrase_mode_refuses_a_frame_added_or_another_report(a: str, b: str) -> None:
    # the default rule's confirmation refused these before; the paraphrase mode's guards now do too
    assert not guarded(a, b)
    assert not guarded(b, a)
