"""A full name completing a person known by a title and the surname alone (``titled``, issue 12 req. 2,
recall read from resolution-heldout25): "Dr. Okonjo" then "Dr. Ngozi Okonjo", "Frau Brandt" then "Ulrike
Brandt". Through a ``Registry`` (the mentions in the order a store sees them): the same person, and the
traps that keep a namesake apart (a relative named by the known one's name or title, a full name the
sentence presents as someone, a title of the other gender, two people known by the surname, a denial).
The sentences are made up for the rule, not the set's."""

from __future__ import annotations

from mentions import person as _p
from mentions import resolved_in_order as _run


def test_a_full_name_completes_one_known_by_a_title_and_the_surname() -> None:
    for known, full in (
        (_p("Dr. Okonjo", "Dr. Okonjo is the anaesthetist this week"), _p("Dr. Ngozi Okonjo", "Dr. Ngozi Okonjo signed the consent form")),
        (_p("Frau Brandt", "Frau Brandt runs the bakery downstairs"), _p("Ulrike Brandt", "Ulrike Brandt sent the heating bill")),
        (_p("Mr. Lindqvist", "Mr. Lindqvist fixed the fence"), _p("Anders Lindqvist", "Anders Lindqvist wants to be paid in cash")),
        (_p("Coach Mbeki", "Coach Mbeki moved practice to Friday"), _p("Thabo Mbeki", "Thabo Mbeki booked the bus for the final")),
    ):  # fmt: skip
        first, second = _run([known, full])
        assert first is not None and second == first, full.name


def test_a_relative_named_by_the_known_ones_name_or_title_stays_apart() -> None:
    # the known one named in the possessive, or by the title said alone ("the coach's son")
    first, second = _run([
        _p("Mrs Okafor", "Mrs Okafor still owns the corner shop"),
        _p("Chidi Okafor", "Chidi Okafor is Mrs Okafor's grandson, he studies law"),
    ])  # fmt: skip
    assert second != first
    first, second = _run([
        _p("Coach Brennan", "Coach Brennan runs the under-12s"),
        _p("Liam Brennan", "Liam Brennan, the coach's son, plays in goal"),
    ])  # fmt: skip
    assert second != first


def test_a_full_name_presented_as_someone_is_not_the_titled_one() -> None:
    first, second = _run([
        _p("Dr. Varga", "Dr. Varga looked at my shoulder"),
        _p("Eszter Varga", "Eszter Varga is the physiotherapist"),
    ])  # fmt: skip
    assert second != first


def test_a_title_of_the_other_gender_or_two_people_of_the_surname_stay_apart() -> None:
    first, second = _run([
        _p("Herr Novak", "Herr Novak wants a test drive"),
        _p("Jana Novak", "Jana Novak co-signs the lease"),
    ])  # fmt: skip
    assert second != first
    first, second, third = _run([
        _p("Mr. Dlamini", "Mr. Dlamini delivers the coal"),
        _p("Dr. Dlamini", "Dr. Dlamini, a different Dlamini, is my GP"),
        _p("Sipho Dlamini", "Sipho Dlamini sent the invoice"),
    ])  # fmt: skip
    assert third not in (first, second)


def test_a_denied_or_initialled_full_name_is_not_the_titled_one() -> None:
    first, second = _run([
        _p("Dr Mensah", "Dr Mensah is our GP at the Hillside practice"),
        _p("Akosua Mensah", "Akosua Mensah coaches the swimmers, no relation to our GP"),
    ])  # fmt: skip
    assert second != first
    first, second = _run([
        _p("Herr Huber", "Herr Huber wants a test drive on Thursday"),
        _p("F. Huber", "F. Huber called about the trade-in"),
    ])  # fmt: skip
    assert second != first


def test_a_given_name_after_a_word_of_address_is_no_surname() -> None:
    # "Uncle Matteo" is known by a given name: "Matteo Ricci" is not completed by the surname rule
    first, second = _run([
        _p("Uncle Ricci", "Uncle Ricci grills the sausages"),
        _p("Matteo Ricci", "Matteo Ricci travelled to China"),
    ])  # fmt: skip
    assert second != first


def test_a_pet_that_bears_a_known_persons_surname_is_not_that_person() -> None:
    first, second, third = _run([
        _p("Inspector Dawes", "Inspector Dawes failed us on the smoke alarms"),
        _p("Tom Dawes", "Tom Dawes from the building department comes back on Monday"),
        _p("Dawes", "Dawes our dog chewed the new skirting board"),
    ])  # fmt: skip
    assert second == first
    assert third != first
    # a lone surname in a sentence that says no animal still finds him
    first, second, third = _run([
        _p("Inspector Dawes", "Inspector Dawes failed us on the smoke alarms"),
        _p("Tom Dawes", "Tom Dawes from the building department comes back on Monday"),
        _p("Dawes", "Dawes signed the certificate at last"),
    ])  # fmt: skip
    assert third == first
