"""Resolution rules of the seventh round (issue 12): a vowel misspelt in a given name, a nickname with a
surname's initial, a pet name with one surname of two, a Spanish name with its surnames' initials, a
title against a hyphenated given name, an address spelling a name as written, and places named in their
own script. Each rule with a case it must merge and one it must not."""

from __future__ import annotations

import pytest

from memlane.graph.name_forms import is_vowel_slip
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from mentions import known_person as _person

# ------------------------------------------------------------------------------------------------
# a vowel misspelt in a given name before the same surname
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("katharine", "katherine", True),  # one vowel for another
        ("kathrine", "katherine", True),  # one vowel left out
        ("bartholemew", "bartholomew", True),
        ("roberto", "roberta", False),  # the ending: another name
        ("martina", "martine", False),
        ("marcus", "markus", False),  # a consonant
        ("anna", "anne", False),  # too short to tell
        ("aleksander", "oleksander", False),  # the start
    ],
)
def test_a_vowel_slip(a: str, b: str, expected: bool) -> None:
    assert is_vowel_slip(a, b) is expected


def test_a_given_name_with_a_vowel_misspelt() -> None:
    katherine = _person("p1", "Katherine Johnson")
    assert resolve(Mention("Katharine Johnson", "person"), [katherine]).entity_id == "p1"
    assert resolve(Mention("Kathrine Johnson", "person"), [katherine]).entity_id == "p1"
    bart = _person("p2", "Bartholomew Quince")
    assert resolve(Mention("Bartholemew Quince", "person"), [bart]).entity_id == "p2"
    # not another surname, not a name of another gender, not two names the tables tell apart
    assert resolve(Mention("Katharine Johnston", "person"), [katherine]).how == "new"
    assert resolve(Mention("Daniela Moreau", "person"), [_person("p3", "Daniele Moreau")]).how == "new"
    assert resolve(Mention("Nicolas Berg", "person"), [_person("p4", "Nicolai Berg")]).how == "new"


# ------------------------------------------------------------------------------------------------
# a nickname with a surname's initial: only with an organisation in common
# ------------------------------------------------------------------------------------------------


def test_a_nickname_and_a_surnames_initial() -> None:
    rafael = _person("p1", "Rafael Domínguez", affiliations=("Quillmark",))
    assert resolve(Mention("Rafa D.", "person", affiliations=("Quillmark",)), [rafael]).entity_id == "p1"
    kostas = _person("p2", "Konstantinos Papadopoulos", affiliations=("Corvid",))
    assert resolve(Mention("Kostas P.", "person", affiliations=("Corvid",)), [kostas]).entity_id == "p2"
    # by the names alone, or at another organisation, two people
    assert resolve(Mention("Rafa D.", "person"), [rafael]).how == "new"
    assert resolve(Mention("Kostas P.", "person", affiliations=("Initech",)), [kostas]).how == "new"
    # another initial is another person
    assert resolve(Mention("Rafa M.", "person", affiliations=("Quillmark",)), [rafael]).how == "new"


# ------------------------------------------------------------------------------------------------
# a pet name with one surname of two; a Spanish name's surnames as initials
# ------------------------------------------------------------------------------------------------


def test_a_pet_name_with_one_surname_of_two() -> None:
    francisco = _person("p1", "Francisco Hernández García", affiliations=("Panificadora del Norte",))
    paco = Mention("Paco Hernández", "person", affiliations=("Panificadora del Norte",))
    assert resolve(paco, [francisco]).entity_id == "p1"
    assert resolve(Mention("Paco Hernández", "person"), [francisco]).how == "new"
    # a given name of its own is another person
    pedro = Mention("Pedro Hernández", "person", affiliations=("Panificadora del Norte",))
    assert resolve(pedro, [francisco]).how == "new"


def test_a_pet_name_no_table_lists_is_rare_as_a_name_of_its_own() -> None:
    francisco = _person("p1", "Francisco Hernández", affiliations=("Panificadora del Norte",))
    at = ("Panificadora del Norte",)
    assert resolve(Mention("Paco Hernández", "person", affiliations=at), [francisco]).entity_id == "p1"
    # two names many people are given: two brothers, not a pet name
    assert resolve(Mention("Pedro Hernández", "person", affiliations=at), [francisco]).how == "new"
    assert resolve(Mention("Jorge Hernández", "person", affiliations=at), [francisco]).how == "new"


def test_surnames_as_initials() -> None:
    francisco = _person("p1", "Francisco Hernández García")
    assert resolve(Mention("F. Hernández G.", "person"), [francisco]).entity_id == "p1"
    assert resolve(Mention("F. Hernández L.", "person"), [francisco]).how == "new"
    assert resolve(Mention("J. Hernández G.", "person"), [francisco]).how == "new"
    # one initial only is the rule of a surname's initial: the given name must be the same
    assert resolve(Mention("Francisco H. García", "person"), [francisco]).entity_id == "p1"


# ------------------------------------------------------------------------------------------------
# a title's gender against a hyphenated given name, before or after the family name
# ------------------------------------------------------------------------------------------------


def test_a_title_against_a_hyphenated_given_name() -> None:
    jihoon = _person("p1", "Park Ji-hoon", "Ji-hoon Park")
    jihye = _person("p3", "Park Ji-hye", "Ji-hye Park")
    assert resolve(Mention("Mr. Park", "person"), [jihoon, jihye]).entity_id == "p1"
    assert resolve(Mention("Ms. Park", "person"), [jihoon, jihye]).entity_id == "p3"
    assert resolve(Mention("Park", "person"), [jihoon, jihye]).how == "ambiguous"


# ------------------------------------------------------------------------------------------------
# an address that spells a person's name as written, before one it spells by a nickname
# ------------------------------------------------------------------------------------------------


def test_an_address_spelling_a_name_as_written() -> None:
    bobby = _person("p3", "Bobby Smith")
    robert = _person("p4", "Robert Smith")
    address = Mention("bobby.smith@pixelworks.io", "person")
    assert resolve(address, [robert, bobby]).entity_id == "p3"
    # two people it spells alike: which one is not known
    assert resolve(address, [bobby, _person("p5", "Bobby Smith")]).how == "ambiguous"


# ------------------------------------------------------------------------------------------------
# places named in their own script
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("native", "latin"),
    [("東京", "Tokyo"), ("Москва", "Moscow"), ("서울", "Seoul"), ("日本", "Japan"), ("Германия", "Germany")],
)
def test_a_place_named_in_its_own_script(native: str, latin: str) -> None:
    known = Candidate("l1", "place", latin)
    assert resolve(Mention(native, "place"), [known]).entity_id == "l1"
    assert resolve(Mention(native, "place"), [Candidate("l2", "place", "Osaka")]).how == "new"


# ------------------------------------------------------------------------------------------------
# a brand written as one word or two; a registered name that starts with its seat's city
# ------------------------------------------------------------------------------------------------


def test_a_name_written_as_one_word_or_two() -> None:
    gym = Candidate("c1", "company", "PureGym")
    assert resolve(Mention("Pure Gym", "company"), [gym]).entity_id == "c1"
    assert blocking_keys("Pure Gym", "company") & blocking_keys("PureGym", "company")
    point = Candidate("s1", "system", "SharePoint")
    assert resolve(Mention("Share Point", "system"), [point]).entity_id == "s1"


def test_a_registered_name_with_its_seat() -> None:
    hongda = Candidate("c1", "company", "Shenzhen Hongda Electronics Co., Ltd.")
    short = Mention("Hongda Electronics", "company")
    assert resolve(short, [hongda]).entity_id == "c1"
    assert blocking_keys("Hongda Electronics", "company") & blocking_keys(hongda.name, "company")
    # what is left is all common words, or the name has no legal form: the city is part of the name
    orange = Candidate("c2", "company", "Orange Business Services SA")
    assert resolve(Mention("Business Services", "company"), [orange]).how == "new"
    unregistered = Candidate("c3", "company", "Shenzhen Hongda Electronics")
    assert resolve(short, [unregistered]).how == "new"


# ------------------------------------------------------------------------------------------------
# a company typed a customer in one source; a trade named by a verb's "-ing" form
# ------------------------------------------------------------------------------------------------


def test_a_customer_is_a_company() -> None:
    customer = Candidate("c1", "customer", "Nordfjord Shipping A/S")
    assert resolve(Mention("Nordfjord Shipping", "company"), [customer]).entity_id == "c1"
    assert resolve(Mention("Nordfjord", "company"), [customer]).entity_id == "c1"
    # a system of the same name is not the company
    assert resolve(Mention("Nordfjord Shipping", "system"), [customer]).how == "new"
    # untyped, a customer and a company of the name are one kind: not ambiguous between kinds
    assert resolve(Mention("Nordfjord Shipping"), [customer]).entity_id == "c1"


def test_a_trade_named_by_an_ing_form() -> None:
    kestrova = Candidate("c1", "company", "Kestrova Consulting GmbH")
    assert resolve(Mention("Kestrova", "company"), [kestrova]).entity_id == "c1"
    assert resolve(
        Mention("Kestrova", "company"), [Candidate("c3", "company", "Kestrova Shipping")]
    ).entity_id == ("c3")
    # a name of its own after the short name is another company of the group
    other = Candidate("c2", "company", "Kestrova Healthineers")
    assert resolve(Mention("Kestrova", "company"), [other]).how == "new"


# ------------------------------------------------------------------------------------------------
# "ø" and "å" written as two letters; "Group" in other languages
# ------------------------------------------------------------------------------------------------


def test_danish_letters_written_as_two() -> None:
    soren = _person("p1", "Søren Jørgensen")
    mention = Mention("Soeren Joergensen", "person")
    assert resolve(mention, [soren]).entity_id == "p1"
    assert blocking_keys("Soeren Joergensen", "person") & blocking_keys(soren.name, "person")
    assert resolve(Mention("Aase Lund", "person"), [_person("p2", "Åse Lund")]).entity_id == "p2"
    assert resolve(Mention("Soeren Joergensen", "person"), [_person("p3", "Søren Jensen")]).how == "new"


@pytest.mark.parametrize("name", ["Eneco Groep", "Eneco Gruppe", "Eneco Gruppo", "Eneco Grupa"])
def test_group_in_other_languages(name: str) -> None:
    eneco = Candidate("c1", "company", "Eneco")
    assert resolve(Mention(name, "company"), [eneco]).entity_id == "c1"
    # the group is not its subsidiary
    cement = Candidate("c2", "company", "Eneco Cement")
    assert resolve(Mention(name, "company"), [cement]).how == "new"


# ------------------------------------------------------------------------------------------------
# a parent or grandparent called by a kinship word
# ------------------------------------------------------------------------------------------------


def test_kinship_words() -> None:
    mum = _person("p1", "Mum")
    for word in ("Mom", "Mama", "Mutti", "Mother"):
        assert resolve(Mention(word, "person"), [mum]).entity_id == "p1"
        assert blocking_keys(word, "person") & blocking_keys("Mum", "person")
    assert resolve(Mention("Oma", "person"), [_person("p2", "Granny")]).entity_id == "p2"
    # another relative, or a given name that is also a grandmother's word elsewhere, is someone else
    assert resolve(Mention("Dad", "person"), [mum]).how == "new"
    assert resolve(Mention("Nana", "person"), [_person("p3", "Grandma")]).how == "new"
    # a title before a name stays a title: "Father Brown" is not the father
    assert resolve(Mention("Father Brown", "person"), [_person("p4", "Dad")]).how == "new"


def test_a_legal_form_written_out_at_the_end_counts_in_the_initials() -> None:
    # "Company" and "Corporation" at the end of a name of three words or more are words of it
    for short, name in (
        ("FIC", "Falkland Islands Company"),
        ("ACC", "Accident Compensation Corporation"),
        ("RTDC", "Rajasthan Tourism Development Corporation"),
    ):
        found = resolve(Mention(short, "company"), [Candidate("c1", "company", name)])
        assert found.entity_id == "c1", (short, found)
        assert blocking_keys(short, "company") & blocking_keys(name, "company")
    # and read without it, as before
    assert resolve(Mention("FI", "company"), [Candidate("c1", "company", "Falkland Islands Company")]).matched
    # a name of two words keeps the legal form out ("AC" is not Acme Corporation), and an abbreviated
    # legal form is never a word of the name ("TCSL")
    assert not resolve(Mention("AC", "company"), [Candidate("c1", "company", "Acme Corporation")]).matched
    assert not resolve(
        Mention("TCSL", "company"), [Candidate("c1", "company", "Tata Consultancy Services Ltd")]
    ).matched
