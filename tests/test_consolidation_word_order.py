"""The paraphrase mode reads one clause in one word order (``consolidation/word_order.py``): an
adverbial said first ("On Sundays Ana swims", "Near Portree, Fiona farms") is read at the end, a
pseudo-cleft ("Green tea is something Amaru likes") as its plain clause, a name's relation in
apposition before it ("Péter, Ágnes's son, …"); "every second week" is "every other week", "is 7 years
old" is "is 7", and a noun WordNet knows as a compound of words ("high blood pressure") is one word.
Each with the near misses the other guards must still keep apart. The statements are new, none from the
labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.paraphrases import confirmed
from memlane.consolidation.word_order import in_order


def test_a_leading_adverbial_is_read_at_the_end() -> None:
    assert in_order("On 3 May Ilse flies to Graz") == "Ilse flies to Graz on 3 May"
    assert in_order("Every other week Tomas works nights") == "Tomas works nights every other week"
    assert (
        in_order("From June to August the pool opens at 7 am") == "the pool opens at 7 am from June to August"
    )
    assert (
        in_order("For twelve years Ilse's uncle was the mayor")
        == "Ilse's uncle was the mayor for twelve years"
    )
    assert in_order("Near Salzburg, Ilse keeps bees.") == "Ilse keeps bees near Salzburg"
    assert in_order("On weekdays she walks to work") == "she walks to work on weekdays"


def test_a_statement_in_its_usual_order_is_kept() -> None:
    for said in (
        "Every Monday is a holiday",  # no subject after the time: the time is the subject
        "In Graz Ilse rents a flat",  # a place with no comma: where the subject begins is not read
        "In high season the pool is full",  # "high" is no word of a time
        "Ilse flies to Graz on 3 May",
        "On",
    ):
        assert in_order(said) == said


def test_a_pseudo_cleft_is_read_as_its_clause() -> None:
    assert in_order("Green tea is something Ilse likes") == "Ilse likes green tea"
    assert in_order("Flemish poetry is something Ilse enjoys") == "Ilse enjoys Flemish poetry"  # a name kept
    assert in_order("Ilse is the one who runs the Monday meeting") == "Ilse runs the Monday meeting"


def test_a_relation_in_apposition_is_read_before_the_name() -> None:
    assert in_order("Jonas, Ilse's brother, lives in Linz") == "Ilse's brother Jonas lives in Linz"
    assert (
        in_order("Jonas, who is Ilse's brother, works as a baker") == "Ilse's brother Jonas works as a baker"
    )
    assert in_order("Jonas, a baker, lives in Linz") == "Jonas, a baker, lives in Linz"  # no relation


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("On 3 May Ilse flies to Graz", "Ilse flies to Graz on 3 May"),
        (
            "Every Tuesday evening Tomas plays chess at the library",
            "Tomas plays chess at the library every Tuesday evening",
        ),
        ("Near Salzburg, Ilse keeps bees", "Ilse keeps bees near Salzburg"),
        ("Green tea is something Ilse likes", "Ilse likes green tea"),
        ("Jonas, who is Ilse's brother, works as a baker", "Ilse's brother Jonas is a baker"),
        (
            "Tomas visits his aunt every second Sunday",
            "Every other Sunday Tomas visits his aunt",
        ),  # anchors.py
        ("Ilse's son Jakob is 9 years old", "Ilse's son Jakob is nine"),
        ("Tomas has high blood pressure", "Tomas has hypertension"),
        ("Ilse is a vet in Linz", "Ilse works as a veterinary surgeon in Linz"),
    ],
)
def test_one_fact_in_another_order(a: str, b: str) -> None:
    assert confirmed(a, b, kinds=True) and confirmed(b, a, kinds=True)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("On 3 May Ilse flies to Graz", "Ilse flies to Graz on 4 May"),  # another date
        ("On Sundays Tomas plays chess", "Tomas plays chess on Saturdays"),  # another weekday
        (
            "In March Ilse lent 500 euros to her brother",
            "Ilse's brother lent her 500 euros in March",
        ),  # roles
        ("Green tea is something Ilse likes", "Ilse hates green tea"),  # the opposite
        ("Green tea is something Ilse likes", "Tomas likes green tea"),  # another person
        ("Jonas, Ilse's brother, lives in Linz", "Ilse's son Jonas lives in Linz"),  # another relation
        ("Tomas visits his aunt every second Sunday", "Tomas visits his aunt every Sunday"),
        ("Ilse's son Jakob is 9 years old", "Ilse's son Jakob is 10"),
        ("Tomas has low blood pressure", "Tomas has hypertension"),  # not the compound WordNet knows
        ("Tomas has hypertension", "Tomas's father has high blood pressure"),  # someone else
        ("Ilse works as a veterinary surgeon in Linz", "Ilse is a veterinary nurse in Linz"),
    ],
)
def test_near_misses_in_another_order_stay_apart(a: str, b: str) -> None:
    assert not confirmed(a, b, kinds=True) and not confirmed(b, a, kinds=True)
