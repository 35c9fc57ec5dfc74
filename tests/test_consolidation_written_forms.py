"""Restatements that only write a number, a time, a compound, a role or a plan another way
(``restatement.written_forms``), and the role qualifiers that keep "former manager" apart from
"manager" (``duplicates.qualifiers_apart``). New statements, none from the labelled sets."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memlane.consolidation.duplicates import near_duplicate_clusters
from memlane.consolidation.restatement import plain_forms
from memlane.models import Memory, Visibility
from word_rule import merged

TOGETHER = [
    # a number glued to its unit
    ("Hedda cycles 12km to the depot", "Hedda cycles 12 km to the depot"),
    ("The dog food sack weighs 15kg", "The dog food sack weighs 15 kg"),
    ("The ferry crossing takes 2h", "The ferry crossing takes 2 h"),
    ("The ferry crossing takes 2hrs", "The ferry crossing takes 2 hrs"),
    # times of day
    ("Bram's pottery class starts at 7pm", "Bram's pottery class starts at 19:00"),
    ("Bram's pottery class starts at 7 p.m.", "Bram's pottery class starts at 7pm"),
    ("The pharmacy opens at 8.30", "The pharmacy opens at 8:30"),
    ("The pharmacy opens at 8.30am", "The pharmacy opens at 08:30"),
    ("The bakery closes at noon", "The bakery closes at 12pm"),
    ("The bakery closes at 6 o'clock", "The bakery closes at 6:00"),
    # compounds
    ("Ilse runs the check-out desk", "Ilse runs the checkout desk"),
    ("Ilse leads the check-in desk", "Ilse leads the check in desk"),
    ("The team's kickoff is on Monday", "The team's kick-off is on Monday"),
    ("Ilse answers every e-mail from Vera", "Ilse answers every email from Vera"),
    ("Ilse's co-worker Dan brings cake", "Ilse's coworker Dan brings cake"),
    # works as a role
    ("Goran works as a sous chef at Nordlys", "Goran is a sous chef at Nordlys"),
    ("Goran works at Nordlys as a sous chef", "Goran is a sous chef at Nordlys"),
    ("I work as a translator in Porto", "I am a translator in Porto"),
    ("Goran is employed as a sous chef", "Goran is a sous chef"),
    # a plan with a time to come
    ("Wiebke is flying to Lagos next week", "Wiebke flies to Lagos next week"),
    ("We are painting the fence in August", "We paint the fence in August"),
    ("Wiebke is starting at Lumo on 3 March", "Wiebke starts at Lumo on 3 March"),
    ("Wiebke is selling the van in 2027", "Wiebke sells the van in 2027"),
    ("Wiebke is working at Lumo", "Wiebke works at Lumo"),
    ("I'm living in Lyon with Theo", "I live in Lyon with Theo"),
    # a currency's code, an apposition in brackets
    ("The deposit was 900 EUR", "The deposit was 900 euros"),
    ("Ida (Jonas's sister) is a pilot", "Jonas's sister Ida is a pilot"),
]
APART = [
    ("Hedda cycles 12km to the depot", "Hedda cycles 12 miles to the depot"),
    ("Bram's pottery class starts at 7pm", "Bram's pottery class starts at 7am"),
    ("Bram's pottery class starts at 7pm", "Bram's pottery class starts at 7:00"),
    ("Tobi re-signed the lease", "Tobi resigned the lease"),
    ("Goran works with a sous chef", "Goran is a sous chef"),
    ("Wiebke is flying to Lagos", "Wiebke flies to Lagos"),
    ("Wiebke is working at Lumo", "Wiebke worked at Lumo"),
    (
        "Wiebke is working on the Lumo deal",
        "Wiebke works on the Lumo deal",
    ),  # under way, or a habit: no time to come
    ("Wiebke is flying to Lagos next week", "Wiebke flew to Lagos next week"),
    # a role placed in time
    ("Yusuf's manager is Dorota", "Yusuf's former manager is Dorota"),
    ("Yusuf's manager is Dorota", "Yusuf's previous manager is Dorota"),
    ("Yusuf's manager is Dorota", "Yusuf's interim manager is Dorota"),
    ("Dorota is the CEO of Lumo", "Dorota is the former CEO of Lumo"),
]


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_written_forms_merge(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


@pytest.mark.parametrize(("a", "b"), APART)
def test_what_they_change_stays_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        ("at 3.45pm", "at 15:45"),
        ("at 12am", "at 00:00"),
        ("costs 10.50 euros", "costs 10.50 euros"),  # an amount, no time
        ("born in the 1990s", "born in the 1990s"),
        ("the 3rd of May", "3 May"),  # a day of a month (``anchors``)
        ("a stand-up", "a stand up"),
        ("I am going to move in June", "I am going to move in June"),  # a future, left alone
    ],
)
def test_written_forms(written: str, plain: str) -> None:
    assert plain_forms(written) == plain


# the owner's name as the speaker: ``word_rule.merged`` stores both as the user "ana" (owner "user:ana")
OWNER_TOGETHER = [
    ("Ana's manager is Rahul", "The user's manager is Rahul"),
    ("Ana commutes by tram", "The user commutes by tram"),
    ("Rahul mentors Ana", "Rahul mentors the user"),
    ("Ana and her parents live together in Pune", "I live in Pune with my parents"),
    ("Ana is vegetarian", "Ana is a vegetarian"),  # "I is vegetarian" says too little: read as written
]
OWNER_APART = [
    ("Bea's manager is Rahul", "The user's manager is Rahul"),  # another person
    ("Ana owes Dario 15 euros", "Dario owes the user 15 euros"),  # the roles still count
    ("Anabel commutes by tram", "The user commutes by tram"),
]


@pytest.mark.parametrize(("a", "b"), OWNER_TOGETHER)
def test_the_owners_name_is_the_speaker(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)


@pytest.mark.parametrize(("a", "b"), OWNER_APART)
def test_another_name_is_not_the_speaker(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)


def test_an_owner_id_that_is_no_name_names_no_speaker() -> None:
    now = datetime.now(UTC)

    def memory(id: str, content: str, owner: str) -> Memory:
        return Memory.model_construct(id=id, content=content, workspace="default", owner=owner,
                                      visibility=Visibility.PERSONAL, space=None, subject=None,
                                      related_user=owner.removeprefix("user:"), observed_at=now,
                                      created_at=now)  # fmt: skip

    pair = ("Ana commutes by tram", "The user commutes by tram")
    assert near_duplicate_clusters([memory("0", pair[0], "user:ana"), memory("1", pair[1], "user:ana")])
    assert not near_duplicate_clusters([memory("0", pair[0], "user:u-7"), memory("1", pair[1], "user:u-7")])
