"""Re-mentions resolution used to leave as new entities (issue 12, twelfth session): a lone pet name
or clipped form of a known person's given name ("Przemek" / Przemysław Gołąb), a full name of a person
known by the given name alone ("Grant" / "Grant Fletcher"), initialisms of any kind of thing ("JIFF",
"MoTA", "BCG", "the EA") and of people ("SK", "JP"), and words of address written in lower case ("chị
Hà", "Iqbal sahib"). Each with the traps that must stay apart. Pure resolution, the keys a store finds
the candidate by, and linking on store on both backends."""

from __future__ import annotations

import sys

import pytest

from memlane import Memlane
from memlane.graph import given_names, resolution
from memlane.graph.initialisms import initialism_keys, is_initialism_of, is_syllable_acronym_of
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from memlane.graph.said import said_of
from memlane.models import Actor
from mentions import person as _person


def _shares_a_key(mention: str, known: str, kind: str) -> bool:
    return bool(blocking_keys(mention, kind) & blocking_keys(known, kind))


# -- a lone pet name or clipped form of a known person's given name ----------------------------------------


@pytest.mark.parametrize(
    ("known", "mention"),
    [
        ("Przemysław Gołąb", "Przemek"),  # a stem and a Polish diminutive ending
        ("Julia Sobczak", "Julka"),
        ("Tomáš Dvořák", "Tomík"),  # Czech
        ("Antônio Pereira", "Toninho"),  # Portuguese, the stem inside the name's first syllable
        ("Oluwaseun Fagbemi", "Seun"),  # the name's end
        ("Florian Castex", "Flo"),  # its start
    ],
)
def test_a_lone_pet_name_finds_the_one_person_whose_given_name_it_shortens(known: str, mention: str) -> None:
    person = Candidate("p1", "person", known)
    result = resolve(_person(mention, f"{mention} is off sick today, cancel the slots"), [person])
    assert result.entity_id == "p1" and result.how == "clipped", result
    assert _shares_a_key(mention, known, "person") or blocking_keys(mention)  # (the fuzzy prefix finds it)


@pytest.mark.parametrize(("known", "mention"), [("Evangelina Nowak", "Eva"), ("Carlos Ruiz", "Carl")])
def test_a_short_form_that_many_people_are_given_is_a_name_of_its_own(known: str, mention: str) -> None:
    # cut from the known given name, and a name of its own (given_name_frequency >= COMMON_GIVEN_NAME):
    # without an organisation in common, someone new
    person = Candidate("p1", "person", known)
    assert resolve(_person(mention, f"{mention} wants the slides"), [person]).entity_id is None


def test_a_pet_name_two_known_people_fit_is_ambiguous() -> None:
    julia = Candidate("p1", "person", "Julia Sobczak")
    juliana = Candidate("p2", "person", "Juliana Nowak")
    result = resolve(_person("Julka", "Julka's brackets came loose again"), [julia, juliana])
    assert result.entity_id is None and result.how == "ambiguous"


def test_a_pet_name_its_sentence_introduces_is_someone_new() -> None:
    przemyslaw = Candidate("p1", "person", "Przemysław Gołąb")
    result = resolve(_person("Przemek", "Przemek is my new neighbour from the third floor"), [przemyslaw])
    assert result.entity_id is None


def test_a_pet_name_of_the_other_gender_stays_apart() -> None:
    # "Ivanka" is a woman's form; Ivan Petrov is a man
    ivan = Candidate("p1", "person", "Ivan Petrov")
    assert resolve(_person("Ivanka", "Ivanka called about the lease"), [ivan]).entity_id is None


def test_without_the_names_table_a_pet_name_alone_needs_the_organisation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # without the ``names`` extra every name reads as rare ("Eva" too): the organisation decides again
    def clear() -> None:
        for module in (given_names, resolution):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()

    clear()
    monkeypatch.setitem(sys.modules, "gender_guesser", None)  # `import gender_guesser` fails
    try:
        assert not given_names.has_name_dictionary()
        known = Candidate("p1", "person", "Przemysław Gołąb", affiliations=("Ortodoncja Pomorska",))
        assert resolve(_person("Przemek", "Przemek is off sick"), [known]).entity_id is None
        backed = _person("Przemek", "Przemek is off sick")
        backed = Mention(backed.name, "person", affiliations=("Ortodoncja Pomorska",), context=backed.context)
        assert resolve(backed, [known]).entity_id == "p1"
    finally:
        monkeypatch.undo()
        clear()


# -- a full name of a person known by the given name alone ---------------------------------------------------


def test_a_full_name_completes_the_person_known_by_the_given_name_alone() -> None:
    # with an organisation in common: the evidence that it is the same person
    grant = Candidate("p1", "person", "Grant", affiliations=("Halden Freight",))
    mention = Mention(
        "Grant Fletcher", "person", context="Grant Fletcher will pay", affiliations=("Halden Freight",)
    )
    result = resolve(mention, [grant])
    assert result.entity_id == "p1" and result.how == "completed"
    assert _shares_a_key("Grant Fletcher", "Grant", "person")


def test_a_full_name_without_evidence_does_not_complete_the_given_name_known_alone() -> None:
    # "Marco Polo travelled to China" is not the Marco who is my running coach: a wrong merge would
    # make "forget everything about Marco" delete another person's memories; a missed link costs recall
    marco = Candidate("p1", "person", "Marco")
    assert resolve(_person("Marco Polo", "Marco Polo travelled to China"), [marco]).entity_id is None
    grant = Candidate("p2", "person", "Grant", affiliations=("Halden Freight",))
    other = Mention("Grant Fletcher", "person", context="Grant Fletcher climbs", affiliations=("Orvane",))
    assert resolve(other, [grant]).entity_id is None


def test_a_full_name_completes_a_rare_given_name_known_alone() -> None:
    # (session 19) a given name few people bear, said of the one person known by it alone
    tendai = Candidate("p1", "person", "Tendai")
    found = resolve(_person("Tendai Moyo", "Tendai Moyo fixed the borehole pump"), [tendai])
    assert (found.entity_id, found.how) == ("p1", "completed")
    # not when the sentence presents the full name as someone, or says the person is new
    assert resolve(_person("Tendai Moyo", "Tendai Moyo is a new client"), [tendai]).entity_id is None
    assert resolve(_person("Tendai Moyo", "Tendai Moyo, our new driver, came"), [tendai]).entity_id is None
    # nor when it tells the person from a namesake by where the writer knows them
    assert resolve(_person("Tendai Moyo", "Tendai Moyo at work fixed the pump"), [tendai]).entity_id is None
    # not a common given name ("Marco": the test above), nor one known in full by another alias too
    known_twice = Candidate("p2", "person", "Tendai", aliases=("Tendai Chikore",))
    assert resolve(_person("Tendai Moyo", "Tendai Moyo fixed the pump"), [known_twice]).entity_id is None
    # two people known by it alone: which one is not known
    two = [tendai, Candidate("p3", "person", "Tendai")]
    assert resolve(_person("Tendai Moyo", "Tendai Moyo fixed the pump"), two).entity_id is None


def test_on_store_a_full_name_completes_a_rare_given_name(mem: Memlane) -> None:
    mem.store("Eilidh said the ferry is late")
    mem.store("Eilidh Munro sent the photos from the church hall")
    people = {e.name: e.aliases for e in mem.entities.list(limit=50) if e.type == "person"}
    assert people == {"Eilidh": ("Eilidh Munro",)}, people


def test_a_full_name_completes_the_given_name_of_the_same_relative() -> None:
    # "My sister Anna" and "Anna Nowicka (my sister)": the same relative of the writer is evidence, as
    # an organisation in common is; another relative, or none said, is not
    said = said_of("Anna", "My sister Anna is visiting in July")
    assert said is not None
    anna = Candidate("p1", "person", "Anna", said=(said,))
    sister = _person("Anna Nowicka", "Anna Nowicka (my sister) sent the flight details")
    assert resolve(sister, [anna]).entity_id == "p1"
    cousin = _person("Anna Nowicka", "Anna Nowicka, my cousin, sent the flight details")
    assert resolve(cousin, [anna]).entity_id is None
    assert resolve(_person("Anna Nowicka", "Anna Nowicka sent the flight details"), [anna]).entity_id is None


def test_a_full_name_does_not_complete_a_surname_known_alone() -> None:
    # "Dr. Nakamura" may be any Nakamura: a relative of the same surname is as likely
    doctor = Candidate("p1", "person", "Dr. Nakamura")
    assert resolve(_person("Yuki Nakamura", "Yuki Nakamura is his daughter"), [doctor]).entity_id is None


def test_a_full_name_does_not_complete_one_known_by_a_title_and_a_given_name() -> None:
    coach = Candidate("p1", "person", "Coach Nkechi")
    result = resolve(_person("Nkechi Okonkwo", "Nkechi Okonkwo is my sister-in-law"), [coach])
    assert result.entity_id is None


def test_a_full_name_two_people_known_alone_fit_is_ambiguous() -> None:
    maria = [Candidate("p1", "person", "Maria"), Candidate("p2", "person", "Maria")]
    assert resolve(_person("Maria Santos", "Maria Santos is off on Thursday"), maria).entity_id is None


def test_a_full_name_completes_only_a_person() -> None:
    # "Jordan" of no known type may be a company or a place
    jordan = Candidate("x1", "", "Jordan")
    assert resolve(_person("Jordan Reyes", "Jordan Reyes presented the roadmap"), [jordan]).entity_id is None


def test_a_full_name_does_not_complete_a_person_known_in_full_by_another_name() -> None:
    grant = Candidate("p1", "person", "Grant", ("Grant Wilson",))
    assert resolve(_person("Grant Fletcher", "Grant Fletcher climbs"), [grant]).entity_id is None


# -- initialisms --------------------------------------------------------------------------------------------

INITIALISMS = [
    ("Jeonju International Film Festival", "JIFF", "event"),
    ("Ministry of Tourism and Antiquities", "MoTA", "other"),  # "of" counted in lower case, "and" left out
    ("Department for Transport", "DfT", "other"),
    ("Boston Consulting Group", "BCG", "company"),  # "Group", which the base name drops, counts
    ("Brahmaputra Valley Tea Company Ltd", "BVTC", "company"),  # the legal form does not
    ("Environment Agency", "the EA", "company"),
    ("Los Angeles", "LA", "place"),
    ("Latvian National Opera and Ballet", "LNOB", "other"),
    ("NAFDAC", "National Agency for Food and Drug Administration and Control", "other"),  # spelt out later
    ("Department of Health", "DOH", "other"),  # a small word written as a capital
    # (session 19) small words of French, Italian, Spanish, an elided article, a legal form written as
    # a word before another one
    ("Société pour le Développement Rural", "SDR", "company"),
    ("Office National de l'Eau et de l'Assainissement", "ONEA", "company"),
    ("Istituto per la Ricostruzione Industriale", "IRI", "other"),
    ("Nile-Delta Freight Company Limited", "NDF", "company"),
]


@pytest.mark.parametrize(("known", "mention", "kind"), INITIALISMS)
def test_an_initialism_finds_the_name_it_abbreviates(known: str, mention: str, kind: str) -> None:
    result = resolve(Mention(mention, kind), [Candidate("c1", kind, known)])
    assert result.entity_id == "c1", result
    assert _shares_a_key(mention, known, kind)


@pytest.mark.parametrize(
    ("short", "name"),
    [
        ("DoT", "Department for Transport"),  # a lower-case letter must be a small word's
        ("Mota", "Ministry of Tourism and Antiquities"),  # a capitalised word is a word, not initials
        ("Ace", "Association of Chartered Engineers"),
        ("MTA", "Ministry of Tourism and Antiquities Ltd Holdings Division"),
    ],
)
def test_what_is_no_initialism_of_the_name(short: str, name: str) -> None:
    assert not is_initialism_of(short, name)


def test_an_acronym_that_is_also_a_word_finds_only_a_name_of_those_initials() -> None:
    # "CARE" in capitals is an initialism; the word "Care" is not, and neither finds another name
    known = Candidate("o1", "other", "Centre for Applied Research in Education")
    assert resolve(Mention("CARE", "other"), [known]).entity_id == "o1"
    assert resolve(Mention("Care", "other"), [known]).entity_id is None
    assert resolve(Mention("CARE", "other"), [Candidate("o2", "other", "Care Home Trust")]).entity_id is None


def test_two_companies_of_the_same_initials() -> None:
    boston = Candidate("c1", "company", "Boston Consulting Group")
    baltic = Candidate("c2", "company", "Baltic Cargo Group")
    assert resolve(Mention("BCG", "company"), [boston, baltic]).how == "ambiguous"
    # a name spelt out is not the one whose initialism it shares once that one is known in full
    known_as_bcg = Candidate("c1", "company", "Boston Consulting Group", ("BCG",))
    assert resolve(Mention("Baltic Cargo Group", "company"), [known_as_bcg]).entity_id is None
    # while the initialism is all that is known, it is
    only_bcg = Candidate("c3", "company", "BCG")
    assert resolve(Mention("Baltic Cargo Group", "company"), [only_bcg]).entity_id == "c3"


def test_an_initialism_stays_apart_from_another_kind() -> None:
    person = Candidate("p1", "person", "Jane Iris Fox Fenwick")
    assert resolve(Mention("JIFF", "event"), [person]).entity_id is None


SYLLABLES = [
    ("Tanganyika Lakes Authority", "TALAU"),  # two letters of each word
    ("International Sugar Organisation", "ISUO"),  # a letter, two, a letter
    ("Centro Vini di Toscana", "CenViTo"),  # capitals where each start begins; "di" gives none
    ("Mercado Libre", "MeLi"),
]


@pytest.mark.parametrize(("known", "mention"), SYLLABLES)
def test_a_syllable_acronym_finds_the_organisation_it_abbreviates(known: str, mention: str) -> None:
    # the starts of its words in order, and the other way round while the acronym is all that is known
    assert resolve(Mention(mention, "company"), [Candidate("c1", "company", known)]).entity_id == "c1"
    assert resolve(Mention(known, "company"), [Candidate("c1", "company", mention)]).entity_id == "c1"
    assert _shares_a_key(mention, known, "company")


@pytest.mark.parametrize(
    ("short", "name"),
    [
        ("Cenvito", "Centro Vini di Toscana"),  # a capitalised word is a word, not an acronym
        ("CeNViTo", "Centro Vini di Toscana"),  # a capital where no start begins
        ("PINS", "Pinnacle Systems"),  # an English word in capitals
        ("TALAUX", "Tanganyika Lakes Authority"),  # a letter no word starts with
        ("MERCALI", "Mercado Libre"),  # more than four letters of one word
        ("TLA", "Tanganyika Lakes Authority"),  # an initialism: initialisms' rule, not this one
    ],
)
def test_what_is_no_syllable_acronym_of_the_name(short: str, name: str) -> None:
    assert not is_syllable_acronym_of(short, name)


def test_a_syllable_acronym_of_two_companies_is_ambiguous() -> None:
    two = [Candidate("c1", "company", "Mercado Libre"), Candidate("c2", "company", "Media Linguistics")]
    assert resolve(Mention("MeLi", "company"), two).how == "ambiguous"
    # not a person's name
    assert resolve(Mention("MeLi", "company"), [Candidate("p1", "person", "Mercedes Lima")]).entity_id is None


def test_on_store_a_syllable_acronym(mem: Memlane) -> None:
    mem.store("Tanganyika Lakes Authority Ltd renewed our fishing permit")
    mem.store("TALAU wants the catch reports every month")
    found = {e.name: e.aliases for e in mem.entities.list(limit=50)}
    assert found == {"Tanganyika Lakes Authority Ltd": ("TALAU",)}, found


def test_initialism_keys() -> None:
    assert initialism_keys("Ministry of Tourism and Antiquities") == {"mta", "motaa"}
    assert initialism_keys("MoTA") == {"mta", "mota"}
    assert initialism_keys("Acme") == frozenset()


# -- words of address in lower case -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("known", "mention"),
    [
        ("Trần Thị Thu Hà", "chị Hà"),  # Vietnamese, the given name last
        ("Nguyễn Đức Hùng", "anh Hùng"),
        ("Mamerto Quispe Huamán", "don Mamerto"),
        ("Jiří Procházka", "pan Procházka"),
        ("Mohammed Iqbal", "Iqbal sahib"),
        ("Sunita Sharma", "Sunita ji"),
        ("Fatema Begum", "Fatema apa"),
    ],
)
def test_a_word_of_address_in_lower_case_is_no_part_of_the_name(known: str, mention: str) -> None:
    result = resolve(_person(mention, f"{mention} sent the minutes"), [Candidate("p1", "person", known)])
    assert result.entity_id == "p1", result


def test_capitalised_the_same_words_are_names() -> None:
    # "Anh" and "Don" are given names; "Imam sahib" is the imam, not Iqbal sahib
    assert resolve(_person("Don Smith"), [Candidate("p1", "person", "Mr. Smith")]).how != "partial"
    iqbal = Candidate("p1", "person", "Mohammed Iqbal", ("Iqbal sahib",))
    assert resolve(_person("Imam sahib", "Imam sahib leads Friday prayers"), [iqbal]).entity_id is None
    # the word of address gives a gender: "bà" (a woman) is not Nguyễn Đức Hùng
    hung = Candidate("p2", "person", "Nguyễn Đức Hùng", ("anh Hùng",))
    assert resolve(_person("bà Hùng", "bà Hùng called"), [hung]).entity_id is None


# -- a name in another script that two known people's romanisations fit ---------------------------------------


def test_a_name_in_another_script_two_known_people_fit_is_ambiguous() -> None:
    one = Candidate("p1", "person", "Dmitry Sokolov")
    assert resolve(_person("Дмитрий Соколов", "Дмитрий Соколов прислал отчёт"), [one]).entity_id == "p1"
    two = Candidate("p2", "person", "Dmitri Sokolov")
    result = resolve(_person("Дмитрий Соколов", "Дмитрий Соколов прислал отчёт"), [one, two])
    assert result.entity_id is None and result.how == "ambiguous"


# -- linking on store, both backends -------------------------------------------------------------------------


def _linked(mem: Memlane, memory_id: str) -> set[str]:
    return {e.name for _, e in mem.service.storage.memory_entities(Actor(user="alice"), memory_id)}


STORED = [
    ("Przemysław Gołąb is the dental hygienist on Tuesdays.", "Przemek called in sick today."),
    ("Oluwaseun Fagbemi runs the warehouse in Enugu.", "Seun counted the stock on Friday."),
    ("The Boston Consulting Group is advising the client.", "BCG wants a workshop on Monday."),
]


def test_linking_on_store_finds_the_re_mentions(mem: Memlane) -> None:
    """Each pair: the second memory links the first's entity (the stores' keys find it)."""
    for first, second in STORED:
        a, b = mem.store(first), mem.store(second)
        assert _linked(mem, b.id) and _linked(mem, b.id) <= _linked(mem, a.id), (first, second)
    names = {e.name for e in mem.service.storage.list_entities(Actor(user="alice"))}
    assert not names & {"Przemek", "Seun", "BCG"}


@pytest.mark.parametrize(
    ("known", "mention"),
    [
        ("Johannes Botha", "Magistrate Botha"),
        ("Adv. Thandeka Mkhize", "Advocate Mkhize"),
        ("Pharm. Chukwuemeka Obiora", "Emeka"),  # the title is no given name: Emeka is Chukwuemeka's end
        ("Mohammed Iqbal", "Chairman Iqbal"),
    ],
)
def test_titles_of_office_are_no_part_of_the_name(known: str, mention: str) -> None:
    result = resolve(_person(mention, f"{mention} signed the order"), [Candidate("p1", "person", known)])
    assert result.entity_id == "p1", result
