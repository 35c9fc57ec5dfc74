"""Round 28 (docs/benchmarks.md, "Blind round 28 — consolidation"): one value written in two ways is
one value — a metric quantity in another unit of its dimension, feet and inches, a count in thousands
("15k"), continental decimal commas and thousands' dots, a month and year with a slash, a duration in
clock notation or letters, a frequency in a year as a period, a currency's common abbreviation, a range
of days with a month's abbreviation, a numeric date the other statement reads one way, an acronym
that leaves out "of the", a place said by its adjective, a unit of time after a slash ("/h"), a
negative number's sign. New sentences (none from the labelled sets)."""

from __future__ import annotations

from memlane.consolidation.acronyms import expanded
from memlane.consolidation.anchors import anchor_forms, dated_as
from memlane.consolidation.confirmation import _judged
from memlane.consolidation.paraphrases import anchors_agree
from word_rule import joined as _merged


def test_a_metric_quantity_is_written_in_one_unit() -> None:
    assert (
        anchor_forms("Noor runs 2,500 metres before breakfast") == "Noor runs 2.5 kilometres before breakfast"
    )
    assert anchor_forms("The shelf is 80 cm wide") == "The shelf is 80 centimetres wide"
    assert anchor_forms("The tank holds 3 m³") == "The tank holds 3,000 litres"
    assert anchor_forms("a 500-gram bag") == "a 500 grams bag"
    assert anchor_forms("20 mg of ibuprofen") == "20 milligrams of ibuprofen"
    assert _merged("Noor runs 2.5 km before breakfast", "Noor runs 2,500 metres before breakfast")
    assert _merged("The tank holds 3 m³ of water", "The tank holds 3,000 litres of water")
    assert _merged("The shelf is 80 cm wide", "The shelf is 0.8 m wide")
    assert not _merged("Noor runs 2.5 km before breakfast", "Noor runs 2,500 miles before breakfast")
    assert not _merged("The shelf is 80 cm wide", "The shelf is 80 m wide")
    # "m" before a word may be a million, "km/h" is a speed: left alone
    assert anchor_forms("a 5m budget") == "a 5m budget"
    assert anchor_forms("capped at 30 km/h") == "capped at 30 kilometers per hour"


def test_feet_and_inches_and_thousands() -> None:
    assert anchor_forms("Ravi is 5'11\"") == "Ravi is 5 feet 11 inches"
    assert anchor_forms("Ravi is 5 ft 11 in") == "Ravi is 5 feet 11 inches"
    assert anchor_forms("The mill packs 12k bags a day") == "The mill packs 12,000 bags a day"
    assert anchor_forms("Oona ran a 5k race") == "Oona ran a 5k race"  # a race's distance
    assert _merged("The mill packs 12k bags a day", "The mill packs 12,000 bags a day")


def test_continental_decimals_and_thousands() -> None:
    assert anchor_forms("The toll is 12,40 €") == "The toll is 12.40 €"
    assert anchor_forms("Interest is 2,5%") == "Interest is 2.5 percent"
    assert anchor_forms("The flat cost 240.000 €") == "The flat cost 240,000 €"
    assert anchor_forms("sizes 2,5 and 7") == "sizes 2,5 and 7"  # no amount: a list
    assert anchor_forms("version 2.050") == "version 2.050"
    assert _merged("The toll is €12.40", "The toll is 12,40 €")
    assert not _merged("The toll is 12,40 €", "The toll is €1,240")


def test_a_month_and_year_with_a_slash() -> None:
    assert anchor_forms("The card expires 07/2028") == "The card expires July 2028"
    assert anchor_forms("valid until 7/2028") == "valid until July 2028"
    assert anchor_forms("It scored 7/2028 points") == "It scored 7/2028 points"  # one digit, no word of time
    assert _merged("Pia's card expires in 07/2028", "Pia's card expires in July 2028")


def test_durations_in_clock_notation_or_letters() -> None:
    words = "2 hours 5 minutes 9 seconds"
    assert anchor_forms("Ines swam it in 2:05:09") == f"Ines swam it in {words}"
    assert anchor_forms("Ines swam it in 2h05m09s") == f"Ines swam it in {words}"
    assert anchor_forms("The alarm rang at 06:30:00") == "The alarm rang at 06:30:00"  # a time of day
    assert _merged("Ines swam the channel in 2:05:09", "Ines swam the channel in 2h05m09s")
    assert not _merged("Ines swam the channel in 2:05:09", "Ines swam the channel in 2h05m19s")


def test_a_frequency_in_a_year_is_a_period() -> None:
    assert anchor_forms("The filters are changed twice a year") == "The filters are changed every 6 months"
    assert anchor_forms("three times per year") == "every 4 months"
    assert anchor_forms("5 times a year") == "5 times a year"  # no whole number of months
    assert _merged("The filters are changed every six months", "The filters are changed twice a year")
    assert not _merged("The filters are changed every six months", "The filters are changed 3 times a year")


def test_a_currencys_abbreviation_and_a_range_of_days() -> None:
    assert anchor_forms("Rent is 4,100 NIS") == "Rent is 4,100 israeli new shekels"
    assert _merged("Rent is 4,100 NIS a month", "Rent is ₪4,100 a month")
    assert anchor_forms("Shut 2–9 Aug") == "Shut 2 Aug to 9 Aug"
    assert _merged("The library is shut from 2 to 9 August", "The library is shut from 2–9 Aug")


def test_a_numeric_date_read_as_the_other_names_it() -> None:
    assert (
        dated_as("The review is on 04/03/2027", "The review is on 4 March 2027")
        == "The review is on 4 March 2027"
    )
    assert (
        dated_as("The review is on 04/03/2027", "The review is on April 3, 2027")
        == "The review is on 3 April 2027"
    )
    # neither reading named: as written
    assert (
        dated_as("The review is on 04/03/2027", "The review is on 5 March 2027")
        == "The review is on 04/03/2027"
    )
    assert _judged("The review is on 04/03/2027", "The review is on 4 March 2027") == 1
    assert _judged("The review is on 04/03/2027", "The review is on 4 June 2027") != 1


def test_an_acronym_that_leaves_out_of_the() -> None:
    assert expanded("Lars studies at UCT", "Lars studies at the University of Cape Town") == (
        "Lars studies at University of Cape Town"
    )
    assert expanded("Lars works at the DOT", "Lars works at the Department of Transportation") == (
        "Lars works at the Department of Transportation"
    )


def test_a_place_said_by_its_adjective() -> None:
    assert anchors_agree("Aiko has a Japanese work permit", "Aiko has a work permit for Japan")
    assert _judged("Aiko has a Japanese work permit", "Aiko has a work permit for Japan") == 1
    # a nationality, or "in" a place, is another fact
    assert not anchors_agree("Aiko is Japanese", "Aiko is from Japan")
    assert not anchors_agree("Aiko teaches Japanese literature", "Aiko teaches literature in Japan")


def test_a_unit_of_time_after_a_slash_and_minus_in_words() -> None:
    assert anchor_forms("The press runs 9,000 sheets/h") == "The press runs 9,000 sheets per hour"
    assert anchor_forms("Parking is €90/month") == "Parking is 90 euros per month"
    assert anchor_forms("Open 24/7") == "Open 24/7"
    assert anchor_forms("The minus-20 chest freezer") == "The minus 20 chest freezer"
    assert anchor_forms("The -20 chest freezer") == "The minus 20 chest freezer"
    assert _merged("The press runs 9,000 sheets per hour", "The press runs 9,000 sheets/h")
    assert _merged("The -20 chest freezer is in the cellar", "The minus-20 chest freezer is in the cellar")
    assert not _merged(
        "The -20 chest freezer is in the cellar", "The minus-30 chest freezer is in the cellar"
    )
    # the sign is a word the signature keeps: "-20 degrees" was read as "20 degrees" and joined to it
    assert not _merged("The freezer is kept at -20 degrees", "The freezer is kept at 20 degrees")
