"""Resolution rules of the fourth round (issue 12): generations spelled out, middle names that disagree,
given names shortened by morphology, country names in every language (CLDR), company names without the
words that say what the company does, and namesakes at two organisations. Each rule with a case it must
merge and one it must not; then through a real store on both backends."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.company_names import short_reference, singular_form
from memlane.graph.name_forms import is_short_form
from memlane.graph.places import place_key, territory_of
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from mentions import known_person as _person

# ------------------------------------------------------------------------------------------------
# "Junior" and "Senior" spelled out are generations
# ------------------------------------------------------------------------------------------------


def test_junior_and_senior_spelled_out() -> None:
    son = _person("p1", "Richard Hollis Jr.")
    assert resolve(Mention("Richard Hollis Junior", "person"), [son]).entity_id == "p1"
    assert resolve(Mention("Richard Hollis Senior", "person"), [son]).how == "new"
    father = _person("p2", "Tom Baker")
    assert resolve(Mention("Tom Baker Junior", "person"), [father]).how == "new"
    assert resolve(
        Mention("Tom Baker Senior", "person"), [father, _person("p3", "Tom Baker Jr")]
    ).entity_id == ("p2")
    # a given name "Junior" is a name, not a suffix
    assert resolve(Mention("Junior Silva", "person"), [_person("p4", "Junior Silva")]).entity_id == "p4"


# ------------------------------------------------------------------------------------------------
# middle names that disagree are two people
# ------------------------------------------------------------------------------------------------


def test_middle_names_that_disagree() -> None:
    jihoon = _person("p1", "Ji-hoon Park")
    assert resolve(Mention("Ji-hye Park", "person"), [jihoon]).how == "new"
    assert resolve(Mention("Park Ji-hye", "person"), [jihoon]).how == "new"
    assert resolve(Mention("Jihoon Park", "person"), [jihoon]).entity_id == "p1"
    pablo = _person("p2", "Juan Pablo Pérez")
    assert resolve(Mention("Juan Carlos Pérez", "person"), [pablo]).how == "new"
    # an initial of the same middle name, or no middle name, may be the same person
    louise = _person("p3", "Anna Louise Smith")
    assert resolve(Mention("Anna L. Smith", "person"), [louise]).entity_id == "p3"
    assert resolve(Mention("Anna Smith", "person"), [louise]).entity_id == "p3"
    assert resolve(Mention("Anna M. Smith", "person"), [louise]).how == "new"


# ------------------------------------------------------------------------------------------------
# given names shortened by morphology: the same surname and an organisation in common
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("kasia", "katarzyna", True),  # Polish -sia
        ("kolya", "nikolai", True),  # Russian -ya on a stem inside the first syllable
        ("juanito", "juan", True),  # Spanish -ito
        ("venkat", "venkatesh", True),  # clipped end
        ("lupe", "guadalupe", True),  # clipped start
        ("ji", "jihoon", False),  # too short to say anything
        ("paco", "francisco", False),  # a listed form with no letters in common: a table's job
        ("kasia", "kasia", False),
        ("jihye", "jihoon", False),
    ],
)
def test_short_forms_by_morphology(short: str, long: str, expected: bool) -> None:
    assert is_short_form(short, long) is expected


def test_a_short_form_needs_the_surname_and_the_organisation() -> None:
    katarzyna = _person("p1", "Katarzyna Wiśniewska", affiliations=("Tarkon Logistics",))
    at_tarkon = Mention("Kasia Wiśniewska", "person", ("kasia.wisniewska@tarkon.pl",))
    assert resolve(at_tarkon, [katarzyna]).entity_id == "p1"
    assert resolve(Mention("Kasia Wiśniewska", "person", (), ("Tarkon",)), [katarzyna]).entity_id == "p1"
    # by its form alone: a short form few people are given joins the full name of the same surname, as
    # it joins it alone ("Kasia"); "Priya" is cut from "Priyanka" and a name of its own (many are given it)
    assert resolve(Mention("Kasia Wiśniewska", "person"), [katarzyna]).how == "shortened"
    priyanka = _person("p2", "Priyanka Sharma", affiliations=("Globex",))
    assert resolve(Mention("Priya Sharma", "person"), [priyanka]).how == "new"
    # another surname, or a second person it could be short for: no
    assert resolve(Mention("Kasia Zielińska", "person", (), ("Tarkon",)), [katarzyna]).how == "new"
    kamila = _person("p3", "Kamila Wiśniewska", affiliations=("Tarkon Logistics",))
    assert resolve(at_tarkon, [katarzyna, kamila]).entity_id is None
    # the stores find the long name under a key of the short one
    assert blocking_keys("Kasia Wiśniewska", "person") & blocking_keys("Katarzyna Wiśniewska", "person")


# ------------------------------------------------------------------------------------------------
# namesakes at two organisations
# ------------------------------------------------------------------------------------------------


def test_namesakes_at_two_organisations_are_two_people() -> None:
    at_globex = _person("p1", "Ana Lopez", affiliations=("Globex Corp",))
    at_initech = Mention("Ana Lopez", "person", (), ("Initech",))
    assert resolve(at_initech, [at_globex]).how == "new"
    assert (
        resolve(Mention("Ana Lopez", "person", ("ana@initech.com",), ("Initech",)), [at_globex]).how == "new"
    )
    # another who fits as well, with no organisation known: not certain either
    unknown = _person("p3", "Ana Lopez")
    assert resolve(at_initech, [at_globex, unknown]).how == "ambiguous"
    # ...but one at the mention's organisation is the match
    at_initech_known = _person("p5", "Ana Lopez", affiliations=("Initech LLC",))
    assert (
        resolve(Mention("Ana", "person", (), ("Initech",)), [at_globex, at_initech_known]).entity_id == "p5"
    )
    # the same organisation, however written; a free mail address, an address alone or nothing: no
    # conflict (people have several addresses)
    assert resolve(Mention("Ana Lopez", "person", (), ("Globex",)), [at_globex]).entity_id == "p1"
    at_gmail = Mention("Ana Lopez", "person", ("ana.lopez@gmail.com",), ("Initech",))
    assert resolve(at_gmail, [_person("p4", "Ana Lopez", external_ids=("email:a.lopez@gmail.com",))]).matched
    assert resolve(Mention("Ana Lopez", "person", ("ana@initech.com",)), [at_globex]).entity_id == "p1"
    assert resolve(Mention("Ana Lopez", "person"), [at_globex]).entity_id == "p1"
    health = _person("p2", "Diane Okoro", affiliations=("Calloway Health",))
    okoro = Mention("Diane Okoro", "person", ("d.okoro@callowayhealth.co.uk",), ("Calloway Health Ltd",))
    assert resolve(okoro, [health]).matched
    okoro_at = Mention("Diane Okoro", "person", ("d.okoro@callowayhealth.co.uk",), ("Calloway Hospitals",))
    assert resolve(okoro_at, [health]).matched  # the address spells the candidate's organisation
    # an organisation is not a person: two companies' records never conflict this way
    acme = Candidate("c1", "company", "Acme Corp", affiliations=("Globex",))
    assert resolve(Mention("ACME Inc.", "company", (), ("Initech",)), [acme]).entity_id == "c1"


# ------------------------------------------------------------------------------------------------
# a country by its name in any language (CLDR, through babel)
# ------------------------------------------------------------------------------------------------


def test_a_country_by_its_name_in_another_language() -> None:
    germany, austria = Candidate("l1", "place", "Germany"), Candidate("l2", "place", "Austria")
    assert resolve(Mention("Deutschland", "place"), [germany, austria]).entity_id == "l1"
    assert resolve(Mention("Niemcy", "place"), [germany, austria]).entity_id == "l1"
    assert resolve(Mention("Österreich", "place"), [germany, austria]).entity_id == "l2"
    assert resolve(Mention("España", "place"), [germany, austria]).how == "new"
    assert blocking_keys("Niemcy", "place") & blocking_keys("Germany", "place")
    assert territory_of("Czechia") == territory_of("Tschechien") == "CZ"
    # a country's name is the country, not a city that bears it; a person is not a place
    assert place_key("Mexico") != place_key("Ciudad de México")
    assert resolve(Mention("Deutschland", "person"), [germany]).how == "new"
    assert resolve(Mention("Deutschland", "place"), [Candidate("l3", "place", "Berlin")]).how == "new"


# ------------------------------------------------------------------------------------------------
# company names without the words that say what the company does
# ------------------------------------------------------------------------------------------------


def test_a_company_by_its_distinctive_name() -> None:
    tarkon = Candidate("c1", "company", "Tarkon Logistics")
    assert resolve(Mention("Tarkon", "company"), [tarkon]).entity_id == "c1"
    assert blocking_keys("Tarkon", "company") & blocking_keys("Tarkon Logistics", "company")
    # two companies it could be: ambiguous
    freight = Candidate("c2", "company", "Tarkon Freight")
    assert resolve(Mention("Tarkon", "company"), [tarkon, freight]).entity_id is None
    # the words dropped are a name of their own, or the short name is a common word: no
    healthineers = Candidate("c3", "company", "Siemens Healthineers")
    assert resolve(Mention("Siemens", "company"), [healthineers]).how == "new"
    assert resolve(Mention("General", "company"), [Candidate("c4", "company", "General Motors")]).how == "new"
    # only that direction: a known short name does not grow into a longer one without a legal form
    assert (
        resolve(Mention("Tarkon Logistics", "company"), [Candidate("c5", "company", "Tarkon")]).how == "new"
    )
    assert short_reference(("northwind",), ("northwind", "traders"))
    assert not short_reference(("northwind", "traders"), ("northwind",))


def test_a_plural_and_a_singular_are_one_company_name() -> None:
    pharmacy = Candidate("c1", "company", "Calloway Pharmacy")
    assert resolve(Mention("Calloway Pharmacies", "company"), [pharmacy]).entity_id == "c1"
    assert blocking_keys("Calloway Pharmacies", "company") & blocking_keys("Calloway Pharmacy", "company")
    assert resolve(Mention("Calloway Health", "company"), [pharmacy]).how == "new"
    assert singular_form(("jones",)) == ("jones",)


# ------------------------------------------------------------------------------------------------
# initials, particles, long vowels, romanisations of other scripts
# ------------------------------------------------------------------------------------------------


def test_initials_in_capitals_or_with_dots() -> None:
    james = _person("p1", "James Robert Whitcombe")
    jenna = _person("p2", "Jenna Whitcombe")
    for spelling in ("JR Whitcombe", "J.R. Whitcombe", "J. R. Whitcombe"):
        assert resolve(Mention(spelling, "person"), [james, jenna]).entity_id == "p1", spelling
    # initials that name no middle name: either of them
    assert resolve(Mention("J. Whitcombe", "person"), [james, jenna]).how == "ambiguous"
    mendes = _person("p3", "João Pedro Carvalho Mendes")
    assert resolve(Mention("JP Mendes", "person"), [mendes]).entity_id == "p3"
    # "M." before a surname alone is an initial, not "Monsieur" (which would say a man)
    marlene = _person("p5", "Marlene Voss")
    assert resolve(Mention("M. Voss", "person"), [marlene]).entity_id == "p5"
    assert resolve(Mention("M. Voss", "person"), [_person("p6", "Anna Voss")]).how == "new"


def test_a_surname_with_its_particles_alone() -> None:
    pieter = _person("p1", "Pieter van den Heuvel")
    assert resolve(Mention("Van den Heuvel", "person"), [pieter]).entity_id == "p1"
    assert resolve(Mention("van den Heuvel", "person"), [pieter]).entity_id == "p1"
    assert resolve(Mention("Van den Berg", "person"), [pieter]).how == "new"


def test_japanese_long_vowels_romanised_three_ways() -> None:
    sato = _person("p1", "Takumi Sato")
    assert resolve(Mention("Takumi Satou", "person"), [sato]).entity_id == "p1"
    assert resolve(Mention("Takumi Satoh", "person"), [sato]).entity_id == "p1"
    assert resolve(Mention("Takumi Saito", "person"), [sato]).how == "new"


def test_given_names_romanised_from_other_scripts() -> None:
    youssef = _person("p1", "Youssef El Amrani")
    assert resolve(Mention("Yusuf El Amrani", "person"), [youssef]).entity_id == "p1"
    giorgos = _person("p2", "Giorgos Papadakis")
    assert resolve(Mention("Georgios Papadakis", "person"), [giorgos]).entity_id == "p2"
    assert resolve(Mention("George Papadakis", "person"), [giorgos]).entity_id == "p2"
    assert resolve(Mention("Muhammad Rashid", "person"), [_person("p3", "Mohammed Rashid")]).matched
    # surnames are not read from the tables: "Chan" and "Chen" stay two families
    assert resolve(Mention("Wei Chan", "person"), [_person("p4", "Wei Chen")]).how == "new"
    assert resolve(Mention("Yusuf Amrani", "person"), [_person("p5", "Yosef Cohen")]).how == "new"


def test_a_record_meets_a_person_known_by_an_address_by_the_same_name_only() -> None:
    liu = _person("p1", "Liu Yang", external_ids=("email:liuyang@lanshan.cn",))
    assert resolve(Mention("Yang Liu", "person", ("github:yangliu-ml",)), [liu]).how == "new"
    assert resolve(Mention("Liu Yang", "person", ("github:liuyang",)), [liu]).entity_id == "p1"
    mendes = _person("p2", "João Mendes", external_ids=("email:joao.mendes@tecla.com.br",))
    assert resolve(Mention("Joao Mendes", "person", ("zendesk:user/70022",)), [mendes]).entity_id == "p2"
    # without a record id the readings still count
    assert resolve(Mention("Yang Liu", "person"), [liu]).entity_id == "p1"


@pytest.mark.parametrize(
    ("known", "typed", "type_", "same"),
    [
        ("Terraform", "Terrafrom", "system", True),
        ("Prometheus", "Promethues", "system", True),
        ("Steven Spielberg", "Steven Spielbreg", "person", True),
        # not in the first three letters (stores find fuzzy candidates by them)
        ("Microsoft", "Mircosoft", "company", False),
        # two given names of their own; a change of letter, not a swap; a short word
        ("Christina Lopez", "Christian Lopez", "person", False),
        ("Anna Kowalska", "Anna Kowalski", "person", False),
        ("Dante", "Datne", "system", False),
    ],
)
def test_two_neighbouring_letters_swapped(known: str, typed: str, type_: str, same: bool) -> None:
    result = resolve(Mention(typed, type_), [Candidate("x1", type_, known)])
    assert (result.entity_id == "x1") is same


# ------------------------------------------------------------------------------------------------
# through the store (both backends)
# ------------------------------------------------------------------------------------------------


def test_the_rules_through_the_store(mem: Memlane) -> None:
    from memlane.models import Entity, Visibility
    from memlane.storage.entity_names import name_keys
    from memlane.timeutil import now_utc

    store, now = mem.service.storage, now_utc()
    germany = Entity(id="l-1", workspace="default", owner="user:alice", visibility=Visibility.PERSONAL,
                     type="place", name="Germany", created_at=now, updated_at=now)  # fmt: skip
    with store.write() as txn:
        txn.insert_entity(germany, (), name_keys([germany.name], "place"))
    assert [e.id for e in mem.entities.search("Niemcy", type="place")] == ["l-1"]
    assert mem.entities.search("Österreich", type="place") == []
    # a CRM contact's company, then its short name and a namesake contact at another company
    kasia = mem.anchor(
        {"kind": "contact", "system": "hubspot", "id": "40817", "name": "Katarzyna Wiśniewska",
         "company": "Tarkon Logistics"}
    )  # fmt: skip
    (tarkon,) = [e for e in mem.entities.list(limit=100) if e.name == "Tarkon Logistics"]
    assert [e.id for e in mem.entities.search("Tarkon", type="company")] == [tarkon.id]
    again = mem.anchor(
        {"kind": "contact", "system": "email", "id": "kasia.wisniewska@tarkon.pl", "name": "Kasia Wiśniewska",
         "company": "Tarkon Logistics"}
    )  # fmt: skip
    other = mem.anchor(
        {"kind": "contact", "system": "email", "id": "k.wisniewska@initech.com", "name": "Kasia Wiśniewska",
         "company": "Initech"}
    )  # fmt: skip
    assert again.id == kasia.id != other.id


# ------------------------------------------------------------------------------------------------
# a given name's first syllable with a hypocoristic vowel ("Sukhi", "Siggi", "Vaishu")
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("sukhi", "sukhwinder", True),
        ("siggi", "sigurdur", True),  # the last consonant doubled
        ("vaishu", "vaishnavi", True),
        ("thandi", "thandeka", True),
        ("mesi", "meseret", True),
        ("usi", "usman", False),  # a stem of two letters is too little
        ("mari", "mario", False),  # another ending of the name, not a short form of it
        ("yossi", "yosef", False),  # too little of the name left out to say
        ("toni", "antonio", False),  # a stem inside the name is not enough with a vowel added
    ],
)
def test_a_syllable_with_a_hypocoristic_vowel(short: str, long: str, expected: bool) -> None:
    assert is_short_form(short, long) is expected


def test_a_hypocoristic_form_alone_is_the_one_person_it_fits() -> None:
    known = [_person("p1", "Sukhwinder Dhillon"), _person("p2", "Harjinder Gill")]
    found = resolve(Mention("Sukhi", "person", context="Sukhi fixed the reefer unit"), known)
    assert found.entity_id == "p1", found
    # two people it fits: not merged
    both = [*known, _person("p3", "Sukhjit Sandhu")]
    assert not resolve(Mention("Sukhi", "person"), both).matched
    # a stem that leaves too little out is no such form ("Mari" is not Mario by this rule)
    assert not resolve(Mention("Mari", "person"), [_person("p4", "Mario Rossi")]).matched


# ------------------------------------------------------------------------------------------------
# one name cut into words otherwise ("De los Santos" / "Delossantos", "vd Merwe" / "van der Merwe")
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mention", "known"),
    [
        ("Yeison Delossantos", "Yeison De los Santos"),
        ("Ramon de la Cruz", "Ramon Dela Cruz"),
        ("Pieter Vandenbroeck", "Pieter Van den Broeck"),
        ("Abdul Aziz al Mulhim", "Abdulaziz Al-Mulhim"),
        ("Riaan vd Merwe", "Riaan van der Merwe"),
    ],
)
def test_one_name_cut_into_words_otherwise(mention: str, known: str) -> None:
    assert resolve(Mention(mention, "person"), [_person("p1", known)]).entity_id == "p1"


def test_names_cut_otherwise_that_are_not_the_same_letters() -> None:
    # "Mc" and "Mac" are two spellings that two people bear
    assert not resolve(Mention("Ian MacDonald", "person"), [_person("p1", "Ian McDonald")]).matched
    # another particle is another surname
    assert not resolve(Mention("Joost Vandenberg", "person"), [_person("p1", "Joost van der Berg")]).matched
    # the same letters with another given name are not the same name
    assert not resolve(Mention("Ana Delacruz", "person"), [_person("p1", "Ramon Dela Cruz")]).matched
