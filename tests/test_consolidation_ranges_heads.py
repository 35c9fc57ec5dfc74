"""Twenty-eighth session (cons27): three readings the rules missed.

1. A range "from A until B" / "between A and B" whose times are said in words ("from seven in the morning
   until nine at night") is "from A to B" once the times are written (``anchors.anchor_forms``: the
   range's step ran before the times were clock times, so "until" stayed).
2. "Y heads / leads X" is the relation "X's head / lead is Y" (``relations.relation_forms``), as "Y
   manages X" is "X's manager is Y"; Y may have a title ("Dr.", "Ms"); a rank word before a copula
   ("the team's lead is Ana") is no rank of a noun (``vetoes._ranks``).
3. Two places joined by a hyphen are a route from one to the other ("the Lisbon-Madrid route",
   ``places.place_names``), one name with a hyphen ("Rolls-Royce", "Guinea-Bissau") stays.

New sentences (none from the labelled sets).
"""

from __future__ import annotations

from memlane.consolidation.anchors import anchor_forms
from memlane.consolidation.confirmation import _judged
from memlane.consolidation.relations import relation_forms
from word_rule import joined as _merged


def test_a_range_of_times_said_in_words_is_from_to() -> None:
    assert anchor_forms("The pool is open from seven in the morning until nine at night") == (
        "The pool is open from 7:00am to 9:00pm"
    )
    assert "until" not in anchor_forms("Visitors come between six and eight in the evening")
    assert _merged(
        "The pool is open from seven in the morning until nine at night", "The pool is open from 7 am to 9 pm"
    )
    assert _merged(
        "The library desk is staffed from eight in the morning till six in the evening",
        "The library desk is staffed from 08:00 to 18:00",
    )


def test_other_times_or_a_range_of_names_stay_apart() -> None:
    assert not _merged(
        "The pool is open from seven in the morning until nine at night",
        "The pool is open from 7 am to 10 pm",
    )
    assert not _merged(
        "The pool is open from seven in the morning until nine at night", "The pool is open from 7 pm to 9 pm"
    )
    # no range of values: "between Ana and Leo" stays as written
    assert "between Ana and Leo" in anchor_forms(
        "The desk between Ana and Leo is free at five in the evening"
    )


def test_heads_and_leads_are_the_relation_read_from_the_other_side() -> None:
    assert (
        relation_forms("Dr. Imke Vos heads the cardiology ward")
        == "the cardiology ward's head is Dr. Imke Vos"
    )
    assert relation_forms("Tarek leads the night crew") == "the night crew's lead is Tarek"
    assert relation_forms("Tarek led the night crew") == "the night crew's lead was Tarek"
    assert _merged("Dr. Imke Vos heads the cardiology ward", "The cardiology ward's head is Dr. Imke Vos")
    assert _judged("Tarek leads the night crew", "The night crew's lead is Tarek") == 1
    # the passive read active is still the same relation
    assert _judged("Tarek leads the night crew", "The night crew is led by Tarek") == 1


def test_another_head_or_another_time_of_heading_stays_apart() -> None:
    assert not _merged(
        "Dr. Imke Vos heads the cardiology ward", "The cardiology ward's head is Dr. Lars Berg"
    )
    assert not _merged("Dr. Imke Vos heads the cardiology ward", "Dr. Imke Vos headed the cardiology ward")
    assert not _merged("Tarek leads the night crew", "The night crew's manager is Tarek")
    # a rank before a noun is still a rank: "a lead nurse" is not "a nurse"
    assert not _merged("Tarek is a lead nurse on the night crew", "Tarek is a nurse on the night crew")


def test_two_places_joined_by_a_hyphen_are_a_route() -> None:
    from memlane.consolidation.paraphrases import anchors_agree
    from memlane.consolidation.places import place_names

    assert place_names("Ines flies the Lisbon-Madrid route") == "Ines flies the Lisbon to Madrid route"
    assert anchors_agree("Ines flies the Lisbon-Madrid route", "Ines flies from Lisbon to Madrid")
    # one name with a hyphen, or a country's own name, stays as written
    assert place_names("Ines drives a Rolls-Royce") == "Ines drives a Rolls-Royce"
    assert place_names("Ines was born in Guinea-Bissau") == "Ines was born in Guinea-Bissau"
    # two places' names that are one place's name with no way after them
    assert place_names("Ines lives in the Croix-Rousse district") == "Ines lives in the Croix-Rousse district"
    # the route the other way round is another route
    assert not _merged("Ines flies the Lisbon-Madrid route", "Ines flies the Madrid-Lisbon route")


def test_opening_hours_said_as_opens_and_closes_or_as_hours_are_one_range() -> None:
    from memlane.consolidation.restatement import written_forms

    assert written_forms(
        "The bike shop opens at eight in the morning and closes at seven in the evening"
    ) == ("The bike shop is open from 08:00 to 19:00")
    assert written_forms("Bike shop hours are 8 am to 7 pm") == "Bike shop is open from 08:00 to 19:00"
    assert written_forms("The pool's opening hours: 6:00-21:00") == "The pool is open from 06:00 to 21:00"
    assert _merged(
        "The bike shop opens at eight in the morning and closes at seven in the evening",
        "Bike shop hours are 8 am to 7 pm",
    )


def test_other_hours_or_one_end_of_them_stay_apart() -> None:
    assert not _merged("The bike shop opens at 8 am and closes at 7 pm", "Bike shop hours are 8 am to 6 pm")
    assert not _merged("The bike shop opens at 8 am and closes at 7 pm", "The bike shop opens at 8 am")
    # no place said before "hours": as written
    assert "hours are" in anchor_forms("Our hours are 8 am to 7 pm")
    assert "hours are" in anchor_forms("Visiting hours are 2 to 4 pm")
