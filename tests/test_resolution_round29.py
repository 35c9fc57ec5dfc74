"""Resolution-heldout29 (issue 12, req. 2): the general causes behind its wrong links, through a
``Registry`` (the mentions in the order a store sees them): the trap that must stay apart, and a case of
the same shape that must still link. The sentences, names and organisations are made up for the cause,
not the set's."""

from __future__ import annotations

from memlane.graph.resolution import Mention
from memlane.graph.said import MARK, kin_of_another
from mentions import person as _p
from mentions import resolved_in_order as _run


def _at(name: str, organisation: str, context: str) -> Mention:
    return Mention(name, "person", affiliations=(organisation,), context=context)


def _o(name: str, context: str) -> Mention:
    return Mention(name, "company", context=context)


def _pl(name: str, context: str) -> Mention:
    return Mention(name, "place", context=context)


# -- two given names made on one pattern are no name and its pet form --------------------------------


def test_rhyming_given_names_at_one_organisation_are_two_people() -> None:
    # the name tables hold many South Asian, African or Pacific given names rarely or not at all: their
    # rarity made "Dinesh" a pet form no table lists of "Mahesh" (same surname, same organisation)
    first, second = _run(
        [
            _at("Mahesh Desai", "Kiran Textiles", "Mahesh Desai runs the dyeing floor at Kiran Textiles"),
            _at("Dinesh Desai", "Kiran Textiles", "Dinesh Desai owns Kiran Textiles"),
        ]
    )
    assert second != first
    first, second = _run(
        [
            _at("Vimala Rao", "Deccan Looms", "Vimala Rao keeps the accounts at Deccan Looms"),
            _at("Kamala Rao", "Deccan Looms", "Kamala Rao books the shipments"),
        ]
    )
    assert second != first


def test_an_unlisted_pet_name_at_one_organisation_still_links() -> None:
    # (a pet name made otherwise, shorter: "Paco" / Francisco, with an organisation in common)
    first, second = _run(
        [
            _at(
                "Francisco Alvarado",
                "Talleres Norte",
                "Francisco Alvarado fixes the trucks at Talleres Norte",
            ),
            _at("Paco Alvarado", "Talleres Norte", "Paco Alvarado ordered the brake pads"),
        ]
    )
    assert second == first


# -- a denial of an owner ---------------------------------------------------------------------------


def test_a_namesake_said_not_to_be_our_owner_is_another() -> None:
    first, second = _run(
        [
            _p("Oksana Melnyk", "Oksana Melnyk owns the bakery on Bridge Street"),
            _p("Oksana Melnyk", "Oksana Melnyk the swimmer is not our owner"),
        ]
    )
    assert second != first


def test_a_denial_of_an_owner_does_not_split_one_said_to_be_something() -> None:
    # (the known one's sentence says what she is: the role denied may be another's)
    first, second = _run(
        [
            _p("Oksana Melnyk", "Oksana Melnyk is our head baker"),
            _p("Oksana Melnyk", "Oksana Melnyk is not the owner, she only runs the ovens"),
        ]
    )
    assert second == first


# -- someone else's relative after a description in apposition ----------------------------------------


def test_a_relative_of_another_after_an_apposition() -> None:
    assert kin_of_another(f"{MARK} the county clerk is his second cousin") == "cousin"
    assert kin_of_another(f"{MARK}, the new vet, was her nephew") == "nephew"
    assert kin_of_another(f"{MARK} is his first cousin") == "cousin"
    # (a description and no relative; the writer's own relative)
    assert kin_of_another(f"{MARK} the night manager is his boss") is None
    assert kin_of_another(f"{MARK} is my second cousin") is None
    assert kin_of_another(f"{MARK} the son, 19, plays") == "son"


def test_a_namesake_said_to_be_a_relative_after_an_apposition_is_another() -> None:
    first, second = _run(
        [
            _p("Casimir Boateng", "Casimir Boateng runs the cocoa warehouse in Kumasi"),
            _p("Casimir Boateng", "Casimir Boateng the district pastor is his second cousin"),
        ]
    )
    assert second != first


# -- a parent and its company of a place ------------------------------------------------------------


def test_a_parent_is_not_its_company_of_a_place() -> None:
    first, second = _run(
        [
            _o("KTZ Cargo Mombasa", "KTZ Cargo Mombasa runs the inland depot"),
            _o("KTZ Cargo", "KTZ Cargo, the Dutch parent, changed the rates"),
        ]
    )
    assert second != first


def test_the_short_name_still_links_to_its_company_of_a_place() -> None:
    # (nothing says it is the parent)
    first, second = _run(
        [
            _o("KTZ Cargo Mombasa", "KTZ Cargo Mombasa runs the inland depot"),
            _o("KTZ Cargo", "KTZ Cargo sent the invoice for March"),
        ]
    )
    assert second == first


# -- a state and a city the gazetteer gives its name ---------------------------------------------------


def test_a_place_said_to_be_a_state_is_not_a_city_known_by_its_own_name() -> None:
    # GeoNames lists "Bahia" among Salvador's other names (from "Salvador da Bahia"): the sentence says
    # the state, and the city is known by its own name
    first, second = _run(
        [
            _pl("Salvador", "My sister teaches in Salvador"),
            _pl("Bahia", "Bahia is the state with the best beaches"),
        ]
    )
    assert second != first


def test_a_city_s_other_name_still_links_without_a_kind_said() -> None:
    first, second = _run(
        [_pl("Salvador", "My sister teaches in Salvador"), _pl("Bahia", "Bahia has the best beaches")]
    )
    assert second == first


# -- a place known beside a city of another country ---------------------------------------------------


def test_a_qualified_place_is_not_one_known_beside_a_city_of_another_country() -> None:
    # the bare name's large city is the qualifier's country's, but the known place was said to be next
    # to a city of another country: a namesake
    first, second = _run(
        [
            _pl("Mendoza", "Mendoza is the little village next to Lima where my aunt lives"),
            _pl("Mendoza, Argentina", "My friend studies wine in Mendoza, Argentina"),
        ]
    )
    assert second != first


def test_a_qualified_place_still_links_to_one_known_beside_a_city_of_its_country() -> None:
    first, second = _run(
        [
            _pl("Mendoza", "Mendoza is the wine town near Rosario and Córdoba"),
            _pl("Mendoza, Argentina", "My friend studies wine in Mendoza, Argentina"),
        ]
    )
    assert second == first
