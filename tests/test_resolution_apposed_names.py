"""The other name a sentence sets off between two commas before it goes on ("Graciela Pardo, Chela,
brought the flan": ``said_names._NAME_APPOSITION``; issue 12 req. 2, recall read from
resolution-heldout25): the name is that of the person known by the other one. A list of names is not one.
The sentences are made up for the rule, not the sets'."""

from __future__ import annotations

from memlane.graph.said_names import names_said_for
from mentions import person as _p
from mentions import resolved_in_order as _run


def test_a_name_set_off_by_two_commas_is_the_other_name() -> None:
    assert names_said_for("Graciela Pardo", "Graciela Pardo, Chela, brought the flan") == ("Chela",)
    assert names_said_for("Joseph Mensah", "Joseph Mensah, Deacon Joe, opened the hall") == ("Deacon Joe",)
    assert names_said_for("Mr. Haddad", "Mr. Haddad, Samir, said the olives are late") == ("Samir",)
    # a list of names, a name and a verb, a name with a conjunction after it: none
    assert names_said_for("Ana", "Ana, Bea, and Carla came") == ()
    assert names_said_for("Ana", "Ana, Bea, Carla came") == ()
    assert names_said_for("Ana", "Ana, Bea said, is late") == ()
    assert names_said_for("Ana", "Ana, Bea, or Carla will drive") == ()


def test_the_person_known_by_the_other_name_is_found() -> None:
    first, second = _run([
        _p("Chela", "Chela in our office books the freight"),
        _p("Graciela Pardo", "Graciela Pardo, Chela, booked the truck to Monterrey"),
    ])  # fmt: skip
    assert first is not None and second == first
    first, second = _run([
        _p("Deacon Joe", "Deacon Joe lends the church van"),
        _p("Joseph Mensah", "Joseph Mensah, Deacon Joe, is at St Luke's"),
    ])  # fmt: skip
    assert first is not None and second == first


def test_a_list_of_names_finds_no_one() -> None:
    first, second = _run([
        _p("Bea", "Bea runs the stall"),
        _p("Ana Ruiz", "Ana Ruiz, Bea, and Carla came to the party"),
    ])  # fmt: skip
    assert second != first
