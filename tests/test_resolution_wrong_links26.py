"""Resolution-heldout26 (issue 12, req. 2): its wrong links and the largest general classes of its
misses, one general cause each, through a ``Registry`` (the mentions in the order a store sees them):
the trap that must stay apart, and a case of the same shape that must still link. The sentences are
made up for the cause, not the set's."""

from __future__ import annotations

from memlane.graph.resolution import Mention
from memlane.graph.said_names import names_said_for
from mentions import person as _p
from mentions import resolved_in_order as _run


def _o(name: str, context: str, kind: str = "company") -> Mention:
    return Mention(name, kind, context=context)


# -- "X, a different <noun> from Y": the apposition says the name is a namesake's ----------------------


def test_a_different_one_with_where_from_stays_apart() -> None:
    known = _p("Katarzyna Anna Wrona", "Katarzyna Anna Wrona runs the night ward")
    other = _p("Katarzyna Wrona", "Katarzyna Wrona, a different nurse from Gdańsk, joined the team")
    first, second = _run([known, other])
    assert second != first
    spelled = _p("Katarzyna Wrona", "Katarzyna Wrona, a separate client spelled the same way, called")
    first, second = _run([known, spelled])
    assert second != first


def test_the_same_one_without_a_different_still_links() -> None:
    known = _p("Katarzyna Anna Wrona", "Katarzyna Anna Wrona runs the night ward")
    again = _p("Katarzyna Wrona", "Katarzyna Wrona, the nurse from Gdańsk, signed the rota")
    first, second = _run([known, again])
    assert second == first


# -- a lone name given a full name in apposition that is not the candidate's ----------------------------


def test_a_lone_surname_given_another_full_name_stays_apart() -> None:
    tomas = _p("Tomás Ferreira", "Tomás Ferreira holds the electricity contract")
    senhor = _p("Sr. Ferreira", "Sr. Ferreira, the contract holder, paid the bill")
    rui = _p("Ferreira", "Ferreira the electrician, Rui Ferreira, replaced the meter")
    first, second, third = _run([tomas, senhor, rui])
    assert second == first and third != first


def test_a_lone_surname_given_the_candidates_full_name_still_links() -> None:
    tomas = _p("Tomás Ferreira", "Tomás Ferreira holds the electricity contract")
    again = _p("Ferreira", "Ferreira the owner, Tomás Ferreira, let the electrician in")
    first, second = _run([tomas, again])
    assert second == first


# -- the other name in apposition, closed by a comma --------------------------------------------------


def test_a_name_in_apposition_closed_by_a_comma_is_the_persons_other_name() -> None:
    assert names_said_for("Mpho", "Mpho, Tshepo Molefe, locked the gate") == ("Tshepo Molefe",)
    assert names_said_for("Kgosi", "Kgosi, the night guard, Tshepo Molefe, locked the gate") == (
        "Tshepo Molefe",
    )
    known = _p("Tshepo Molefe", "Tshepo Molefe guards the depot at night")
    pet = _p("Mpho", "Mpho, Tshepo Molefe, locked the gate")
    first, second = _run([known, pet])
    assert second == first


def test_a_list_of_names_is_no_apposition() -> None:
    assert names_said_for("Mpho", "Mpho, Tshepo, and Lerato locked the gate") == ()
    assert names_said_for("Mpho", "Mpho, Tshepo, Lerato and Naledi locked the gate") == ()
    known = _p("Tshepo Molefe", "Tshepo Molefe guards the depot at night")
    listed = _p("Mpho", "Mpho, Tshepo, and Lerato locked the gate")
    first, second = _run([known, listed])
    assert second != first


# -- "X, Y's old name": the name said, in apposition, to be another's name ------------------------------


def test_a_name_said_in_apposition_to_be_anothers_name() -> None:
    assert names_said_for("Jason Li", "Jason Li, Haoran's English name, is on the slides") == ("Haoran",)
    assert names_said_for("Veltrix", "Veltrix, Nordbyte's old name, is still on the invoices", False) == (
        "Nordbyte",
    )
    known = _o("Nordbyte", "Nordbyte hosts our servers")
    old = _o("Veltrix", "Veltrix, Nordbyte's old name, is still on the invoices")
    first, second = _run([known, old])
    assert second == first
    # a relation said in apposition is no name of it
    parent = _o("Veltrix", "Veltrix, Nordbyte's parent, is still on the invoices")
    first, second = _run([known, parent])
    assert second != first


# -- a syllable acronym whose capitals run on ("FinCEN") ----------------------------------------------


def test_a_syllable_acronym_with_initials_after_a_start() -> None:
    from memlane.graph.initialisms import is_syllable_acronym_of

    # "Fin" of Financial, then the initials C, E, N (not "EN" as one start of Enforcement)
    assert is_syllable_acronym_of("FinCEN", "Financial Crimes Enforcement Network")
    assert is_syllable_acronym_of("OnKOM", "Ontario Kitchen Oversight Monitor")
    assert not is_syllable_acronym_of("FinCEN", "Financial Conduct Authority")
    known = _o("FinCEN", "FinCEN wants the reports on time")
    full = _o(
        "Financial Crimes Enforcement Network", "Financial Crimes Enforcement Network changed the rules"
    )
    first, second = _run([known, full])
    assert second == first


# -- an organisation's first words, then the initials of its last ones ("Erasmus MC") ------------------


def test_first_words_then_the_initials_of_the_last_ones() -> None:
    known = _o("Norrland MC", "Norrland MC runs the cardiology trial")
    full = _o("Norrland Medicinska Centrum", "Norrland Medicinska Centrum approved the amendment")
    first, second = _run([known, full])
    assert second == first
    holding = _o("KZMC-IH", "KZMC-IH bought the smelter")
    spelt = _o("KZMC Investments Holdings", "KZMC Investments Holdings appointed a board")
    first, second = _run([holding, spelt])
    assert second == first
    # other first words, or other initials, are another organisation
    other = _o("Sundsvall Medicinska Centrum", "Sundsvall Medicinska Centrum sent a nurse")
    dental = _o("Norrland Dental Clinic", "Norrland Dental Clinic sent a bill")
    first, second, third = _run([known, other, dental])
    assert second != first and third != first
