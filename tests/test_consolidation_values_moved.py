"""The word rule's second check reads a value (a number, a date, a day or a month) that stands before a
statement's first name in one statement and after its last in the other as said in one place: the names
in one order, the values in one order (``same_statement._values_moved``). Two values or two names that
change places, or a value said between two names, stay apart. New sentences (none from the labelled
sets)."""

from __future__ import annotations

from memlane.consolidation.same_statement import same_statement
from word_rule import joined as _merged


def test_a_value_moved_past_the_names_is_one_statement() -> None:
    assert same_statement("The boat tour is on 14 July with Fjord Lines", "Fjord Lines boat tour: 14 July")
    assert same_statement(
        "We reserved three nights at Hotel Ritz in Lisbon", "Hotel Ritz in Lisbon is reserved for 3 nights"
    )
    assert _merged("The boat tour is on 14 July with Fjord Lines", "Fjord Lines boat tour: 14 July")
    assert _merged("Payroll passed the GDPR audit in June", "The June GDPR audit of payroll was passed")


def test_values_or_names_that_change_places_stay_apart() -> None:
    assert not _merged("Ben keeps 4 hens and 2 geese", "Ben keeps 2 hens and 4 geese")
    assert not _merged("Call Ines at 5 past 11", "Call Ines at 11 past 5")
    assert not _merged("Lena beat Omar at squash", "Omar beat Lena at squash")
    assert not _merged("The tour leaves Oslo for Bergen on 3 May", "The tour leaves Bergen for Oslo on 3 May")


def test_a_value_between_two_names_stays_where_it_is() -> None:
    # whose age: the value moved from one name to the other
    assert not same_statement("Lena, 34, hired Omar", "Lena hired Omar, 34")
    assert not _merged("Lena, 34, hired Omar", "Lena hired Omar, 34")
