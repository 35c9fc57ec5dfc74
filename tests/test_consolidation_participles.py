"""Across other words, a form in "-ed" after the clause's verb in the present, following an article, a
possessive, a preposition or a comma, is a participle, no past time (``same_statement._now``): "Amaru
lives in a rented house" says what "Amaru rents a house" says. A past verb of its own clause stays a
past. New sentences (none from the labelled sets)."""

from __future__ import annotations

from memlane.consolidation.same_statement import statement_apart


def test_a_participle_after_the_verb_is_no_past() -> None:
    assert not statement_apart("Amaru rents a house in Cusco", "Amaru lives in a rented house in Cusco")
    assert not statement_apart(
        "Greenleaf bakery supplies our bread on Tuesdays",
        "Our bread comes from Greenleaf bakery, supplied Tuesdays",
    )


def test_a_past_verb_stays_a_past() -> None:
    assert statement_apart("Amaru rents a house in Cusco", "Amaru rented a house in Cusco")
    assert statement_apart(
        "Amaru lives in Cusco and rents a house", "Amaru lives in Cusco and rented a house"
    )
    # a clause of its own after the noun ("a car she rented"): its verb has its time
    assert statement_apart("Amaru owns a car that he rents out", "Amaru owns a car he rented")
