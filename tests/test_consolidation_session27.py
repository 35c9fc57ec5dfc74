"""Twenty-seventh session's readings for the word rule (docs/consolidation.md; docs/benchmarks.md,
"Consolidation recall: the twenty-fourth set's misses by class"): a period a named weekday or month
already says ("on Fridays" / "Friday is her day at home"), the hours a place keeps ("opening hours")
read as no duration, an age ("a 6-year-old") as no period; and two statements
of one signature that rule 8's strict reading split, joined when the confirmation confirms them. New
sentences (none from the labelled sets)."""

from __future__ import annotations

import pytest

from memlane.consolidation.paraphrases import anchors, anchors_agree
from word_rule import joined as _merged

JOINED = [
    # a named weekday says its day, and its week when it recurs
    ("Lotte works from home on Thursdays", "Thursdays are Lotte's work-from-home day"),
    ("Odile goes to the pool on Tuesdays and Fridays", "Odile's pool days are Tuesday and Friday"),
    # one signature, split by the strict reading, confirmed as one statement
    ("Kenta has grown orchids for twenty years", "Kenta has been growing orchids for 20 years"),
    ("The ferry has sailed to Hel for ten years", "The ferry has been sailing to Hel for 10 years"),
]

APART = [
    ("Lotte works from home on Thursdays", "Lotte works from home every day"),  # every day is not Thursdays
    ("Lotte swims on Thursdays", "Lotte swims every other week on Thursdays"),  # one week in two
    ("Lotte visits her aunt in August", "Lotte visits her aunt in August this year"),  # this year only
    ("Ilse has a son aged 12", "Ilse has 12 sons"),  # an age is no count
    ("Ilse has a 12-year-old son", "Ilse has 12 sons"),
    ("Ilse has a cheese aged 24 months", "Ilse has a cheese aged 24"),
    ("The library is open for 8 hours on Saturdays", "The library is open on Saturdays"),  # a duration
    ("Goran's neighbour bought his van", "Goran bought his neighbour's van"),  # one signature, roles
    ("Ivy heads the Berlin office", "Ivy is heading to the Berlin office"),
]


@pytest.mark.parametrize(("a", "b"), JOINED)
def test_said_another_way_joins(a: str, b: str) -> None:
    assert _merged(a, b)


@pytest.mark.parametrize(("a", "b"), APART)
def test_other_facts_stay_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


def test_the_hours_a_place_keeps_are_no_duration() -> None:
    assert "hour" not in anchors("The bakery's Sunday hours end at 14:00")
    assert "hour" not in anchors("Opening hours are 9:00 to 17:00")
    assert "hour" in anchors("The bakery is open for 6 hours on Sundays")
    assert "hour" in anchors("Parking is free for two hours")
    assert anchors_agree("The bakery closes at 14:00 on Sundays", "The bakery's Sunday hours end at 14:00")


def test_periods_a_named_day_or_month_says() -> None:
    assert "day" not in anchors("Friday is Ana's gym day")
    assert "week" not in anchors("Ana plays squash every week on Mondays")
    assert "year" not in anchors("Every year in May Ana goes to Crete")
    assert "day" in anchors("Ana runs every day")
    assert "next week" in anchors("Ana flies to Oslo on Monday next week")  # a relative date stays


def test_an_age_is_no_period() -> None:
    assert "year" not in anchors("Ilse has a 12-year-old son")
    assert "year" in anchors("Ilse has lived in Graz for 12 years")


def test_units_in_either_spelling() -> None:
    from memlane.consolidation.paraphrases import _units_apart

    assert not _units_apart("Ana runs 10 km a day", "Ana runs ten kilometres a day")
    assert not _units_apart("The tank holds 40 litres", "The tank holds 40 liters")
    assert _units_apart("Ana runs 10 km a day", "Ana runs 10 miles a day")


def test_a_range_whose_end_says_the_half() -> None:
    from memlane.consolidation.anchors import anchor_forms

    assert anchor_forms("Ana works from 4 to 11 pm") == "Ana works from 4 pm to 11 pm"
    assert anchor_forms("Ana works 4-11pm").startswith("Ana works 4 pm")
    assert anchor_forms("The meeting is at 10 to 2 pm") == "The meeting is at 10 to 2 pm"  # 13:50?
    assert anchor_forms("Ana works from 11 to 2 pm") == "Ana works from 11 to 2 pm"  # across noon
    assert _merged(
        "The shop's late shift runs from 4 to 11 pm", "The shop's late shift runs from 16:00 to 23:00"
    )


def test_with_no_is_without() -> None:
    assert _merged("Lotte drinks her tea with no milk", "Lotte drinks her tea without milk")
    assert not _merged("Lotte drinks her tea with no milk", "Lotte drinks her tea with milk")
    assert not _merged("Lotte lives with no one", "Lotte lives without one")  # "no one" is nobody
