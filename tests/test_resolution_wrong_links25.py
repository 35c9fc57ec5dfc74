"""Wrong links of resolution-heldout25 (issue 12, req. 2, precision), one general cause each, through a
``Registry`` (the mentions in the order a store sees them): the trap that must stay apart, and a case of
the same shape that must still link. The sentences are made up for the cause, not the set's."""

from __future__ import annotations

from memlane.graph.resolution import Mention
from memlane.graph.said import MARK, denials
from mentions import resolved_in_order as _run


def _p(name: str, context: str, *, org: str = "") -> Mention:
    return Mention(name, "person", affiliations=(org,) if org else (), context=context)


def _o(name: str, context: str, kind: str = "company") -> Mention:
    return Mention(name, kind, context=context)


# -- a denial in parentheses, after a semicolon, of a titled name, or "not ours" --------------------------


def test_denials_are_read_in_parentheses_after_a_semicolon_and_after_a_title() -> None:
    assert denials(f"{MARK} from my choir (not the maintainer) lent me a book").words == {"maintainer"}
    assert denials(f"{MARK}, the porter, opened the lab; not Jonas Weber").names == ("Jonas Weber",)
    assert denials(f"{MARK} fixed the heater himself, not Dr. Weber").names == ("Dr. Weber",)
    assert denials(f"{MARK} at Brightline is their IT lead, not ours").ours


def test_a_lone_name_denied_to_be_a_titled_or_named_bearer_stays_apart() -> None:
    weber = _p("Dr. Jonas Weber", "Dr. Jonas Weber is my dentist in Graz")
    porter = _p("Jonas", "Jonas fixed the heater himself, not Dr. Weber")
    first, second = _run([weber, porter])
    assert second != first
    lena = _p("Lena Okafor", "Lena Okafor runs the night shift at the depot")
    other = _p("Lena", "Lena covered the loading bay this morning; not Lena Okafor")
    first, second = _run([lena, other])
    assert second != first


def test_a_full_name_denied_to_be_the_writers_stays_apart_and_ours_still_links() -> None:
    tariq = _p("Tariq", "Tariq is our sales engineer on the account")
    full = _p("Tariq Aziz", "Tariq Aziz will run the SSO demo")
    theirs = _p("Tariq Aziz", "Tariq Aziz at Brightline is their IT lead, not ours", org="Brightline")
    first, second, third = _run([tariq, full, theirs])
    assert second == first and third != first
    again = _p("Tariq Aziz", "Tariq Aziz sent the demo recording, not the slides")
    first, second, third = _run([tariq, full, again])
    assert third == first


# -- another name of the candidate said beside the mention ----------------------------------------------


def test_a_lone_name_in_a_sentence_that_names_the_candidate_otherwise_stays_apart() -> None:
    dad = _p("Dad", "Dad has a hearing test on the 3rd")
    full = _p("Walter Brennan", "Walter Brennan is my father, 81")
    walter = _p("Walter", "Walter, who lives upstairs, takes Dad to the shops on Fridays")
    first, second, third = _run([dad, full, walter])
    assert second == first and third != first


def test_a_lone_name_with_the_candidates_other_name_beside_it_still_links() -> None:
    dad = _p("Dad", "Dad has a hearing test on the 3rd")
    full = _p("Walter Brennan", "Walter Brennan is my father, 81")
    walter = _p("Walter", "Walter (Dad) booked the taxi himself")
    first, second, third = _run([dad, full, walter])
    assert third == first


def test_a_name_said_to_be_the_candidates_outweighs_a_form_of_anothers() -> None:
    dad = _p("Dad", "Dad has a hearing test on the 3rd")
    full = _p("Walter Brennan", "Walter Brennan is my father, 81")
    neighbour = _p("Walter", "Walter is the neighbour upstairs")
    wally = _p("Wally", "Wally is what Mum always called Dad")
    first, _, third, fourth = _run([dad, full, neighbour, wally])
    assert third != first
    assert fourth == first


# -- a full name completing a lone name two people are known by ------------------------------------------


def test_a_full_name_completing_a_lone_name_two_people_bear_is_not_linked() -> None:
    baby = _p("Baby Noah", "Baby Noah was born on 2 November")
    again = _p("Noah", "Noah had his first vaccines")
    nephew = _p("Noah", "Noah, my nephew (Noah's cousin), is turning 5")
    full = _p("Noah Pereira", "Noah Pereira is registered at the civil registry")
    first, second, third, fourth = _run([baby, again, nephew, full])
    assert second == first and third not in (None, first)
    assert fourth != third


# -- a short code for another is no misspelling ---------------------------------------------------------


def test_a_system_name_with_another_short_code_stays_apart_and_a_misspelling_still_links() -> None:
    eu = _o("Postgres replica prod-eu", "The Postgres replica prod-eu ran out of disk", "system")
    us = _o("Postgres replica prod-us", "Postgres replica prod-us was fine all night", "system")
    first, second = _run([eu, us])
    assert second != first
    typo = _o("Postgres replcia prod-eu", "Postgres replcia prod-eu is back to normal", "system")
    first, second = _run([eu, typo])
    assert second == first


# -- a group said to own or include companies ------------------------------------------------------------


def test_a_group_said_to_include_companies_is_not_the_company_of_its_name() -> None:
    airline = _o("Aurora Airlines", "Aurora Airlines cancelled my flight to Oslo")
    group = _o("Aurora Airlines Group", "Aurora Airlines Group includes Polar Air and Nordwing")
    first, second = _run([airline, group])
    assert second != first
    plain = _o("Aurora Airlines Group", "Aurora Airlines Group refunded the ticket")
    first, second = _run([airline, plain])
    assert second == first


def test_a_store_is_not_the_partnership_said_to_own_another_company() -> None:
    owner = _o("Harrow Partnership", "Harrow Partnership owns Greenleaf Foods")
    store = _o("Harrow", "Harrow the department store delivered my sofa")
    first, second = _run([owner, store])
    assert second != first
    again = _o("Harrow Partnership", "Harrow Partnership published its annual report")
    first, second = _run([owner, again])
    assert second == first
