"""Thirtieth session (docs/benchmarks.md, "Consolidation: the fresh twenty-eighth mixed set's misses by
class"): one value written in two ways is one value — weekdays' abbreviations joined by "and" / "or",
one period in two as "every other", an amount grouped in thousands by spaces, "Rs" before an amount.
New sentences (none from the labelled sets)."""

from __future__ import annotations

from memlane.consolidation.anchors import anchor_forms
from word_rule import joined as _merged


def test_weekday_abbreviations_joined_by_and_or_or() -> None:
    assert anchor_forms("Lior swims on Tue and Thu") == "Lior swims on Tuesday and Thursday"
    assert anchor_forms("The stall opens Sat or Sun") == "The stall opens Saturday or Sunday"
    assert _merged("Lior swims on Tue and Thu", "Lior swims on Tuesdays and Thursdays")
    assert not _merged("Lior swims on Tue and Thu", "Lior swims on Tuesdays and Fridays")
    # one alone stays a word: "Sun" may be the sun
    assert anchor_forms("Lior sat in the Sun and read") == "Lior sat in the Sun and read"


def test_one_period_in_two_is_every_other() -> None:
    assert (
        anchor_forms("Mira visits her father one Sunday in two")
        == "Mira visits her father every other Sunday"
    )
    assert anchor_forms("The bins go out 1 week in 2") == "The bins go out every other week"
    assert _merged("Mira visits her father one Sunday in two", "Mira visits her father every second Sunday")
    assert anchor_forms("Mira works one day in two weeks") == "Mira works 1 day in 2 weeks"
    assert not _merged(
        "Mira visits her father one Sunday in three", "Mira visits her father every other Sunday"
    )


def test_an_amount_grouped_by_spaces() -> None:
    assert anchor_forms("The rent is 12 500 CZK") == "The rent is 12,500 czech korunas"
    assert anchor_forms("The rent is CZK 12\u00a0500") == "The rent is 12,500 czech korunas"
    assert _merged("Pavel's rent is 12 500 CZK a month", "Pavel's rent is CZK 12,500 a month")
    assert not _merged("Pavel's rent is 12 500 CZK a month", "Pavel's rent is CZK 12,600 a month")
    # no money beside it: a count and a number stay apart
    assert anchor_forms("Pavel planted 3 100 tulips") == "Pavel planted 3 100 tulips"


def test_rs_before_an_amount_is_rupees() -> None:
    assert anchor_forms("The tiffin costs Rs 120") == "The tiffin costs 120 rupees"
    assert anchor_forms("The tiffin costs Rs. 1,200") == "The tiffin costs 1,200 rupees"
    assert _merged("Arun's tiffin costs Rs 120 a day", "Arun's tiffin costs 120 rupees a day")
    assert not _merged("Arun's tiffin costs Rs 120 a day", "Arun's tiffin costs 150 rupees a day")
