"""Re-mentions resolution left as new entities until the twenty-first session (issue 12): a person called
by a word of address or a lower-case word before the name ("Pa Lamin", "young Tobias"), a parent called
by a kinship word written in lower case or with a possessive ending ("mamá", "onam"), and a full name of
a person known by a common given name alone whose sentences said who the person is to the writer. Each
with the traps that must stay apart."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.name_forms import is_short_form, kin_alone, romanisation_key
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from memlane.graph.said import said_of
from memlane.graph.thing_names import without_vessel_prefix
from mentions import person as _person


def _known(id: str, name: str, sentence: str) -> Candidate:
    said = said_of(name, sentence)
    return Candidate(id, "person", name, said=(said,) if said else ())


# -- words before a name -------------------------------------------------------------------------------------


def test_words_of_address_of_more_languages_before_a_given_name() -> None:
    lamin = _known("p1", "Lamin Jallow", "Lamin Jallow runs the boat yard")
    assert resolve(_person("Pa Lamin", "Pa Lamin wants a new net"), [lamin]).entity_id == "p1"
    fatou = _known("p2", "Fatou Sowe", "Fatou Sowe sells the fish")
    assert resolve(_person("Yaay Fatou", "Yaay Fatou came early"), [fatou]).entity_id == "p2"
    aram = _known("p3", "Aram Petrosyan", "Aram Petrosyan carves the doors")
    assert resolve(_person("Varpet Aram", "Varpet Aram finished the door"), [aram]).entity_id == "p3"
    # the word states a gender: "Pa" is no woman's
    fatima = _known("p4", "Fatima Sowe", "Fatima Sowe sells the fish")
    assert resolve(_person("Pa Fatima", "Pa Fatima came early"), [fatima]).entity_id is None


def test_lower_case_words_before_a_name_are_no_part_of_it() -> None:
    tobias = _known("p1", "Tobias Lindqvist", "Tobias Lindqvist keeps the bees")
    found = resolve(_person("young Tobias", "young Tobias took the honey to the market"), [tobias])
    assert found.entity_id == "p1"
    # a particle before a surname is the surname's ("van Dijk" is not "Dijk")
    dijk = _known("p2", "Anouk Dijk", "Anouk Dijk teaches piano")
    assert resolve(_person("van Dijk", "van Dijk called"), [dijk]).entity_id is None
    # a kinship word says who the person is: the grandfather is not his namesake son
    son = _known("p3", "Tobias Berg", "Tobias Berg is my father")
    assert resolve(_person("the grandfather Tobias", "the grandfather Tobias"), [son]).entity_id is None


# -- a parent called by a kinship word in lower case -----------------------------------------------------------


def test_kinship_words_in_lower_case_or_with_a_possessive_ending() -> None:
    assert kin_alone("papá") == frozenset(["father"])  # an accent: no English word
    assert kin_alone("papà") == frozenset(["father"])
    assert kin_alone("onam") == frozenset(["mother"])  # Uzbek "my mother"
    assert kin_alone("anyu") == frozenset(["mother"])  # Hungarian
    assert kin_alone("pa") == frozenset() and kin_alone("nan") == frozenset()  # English words in lower case
    assert kin_alone("Pa") == frozenset(["father"])
    mother = _known("p1", "Dilnoza Karimova", "Dilnoza Karimova is my mother, she weaves")
    assert resolve(_person("onam", "onam dyed the silk"), [mother]).entity_id == "p1"
    assert resolve(_person("oyim", "oyim dyed the silk"), [mother]).entity_id == "p1"
    # the father's word does not find the mother
    assert resolve(_person("papà", "papà dyed the silk"), [mother]).entity_id is None


# -- a full name of one known by a common given name alone -----------------------------------------------------


def test_a_full_name_completes_a_common_given_name_said_to_be_someone_in_the_writers_life() -> None:
    paul = _known("p1", "Paul", "Paul is our skipper on the trawler")
    found = resolve(_person("Paul Gregory", "Paul Gregory mended the trawler's winch"), [paul])
    assert (found.entity_id, found.how) == ("p1", "completed")
    # only with a word of the context in common: "Paul Gregory mended the winch" may be anyone
    assert resolve(_person("Paul Gregory", "Paul Gregory mended the winch"), [paul]).entity_id is None
    # not when the full name's sentence presents someone new, or describes them otherwise
    assert resolve(_person("Paul Gregory", "Paul Gregory is a new client"), [paul]).entity_id is None
    other = _person("Paul Gregory", "Paul Gregory the novelist wrote about the sea")
    assert resolve(other, [paul]).entity_id is None
    # nor a name known from no sentence saying who the person is ("Marco" / "Marco Polo"), nor one
    # whose sentences share no word with the full name's (tests/test_forget_query.py: "forget everything
    # about Marco" must not delete "Marco Polo travelled to China")
    marco = Candidate("p2", "person", "Marco")
    assert resolve(_person("Marco Polo", "Marco Polo travelled to China"), [marco]).entity_id is None
    coach = _known("p3", "Marco", "Marco is my running coach")
    assert resolve(_person("Marco Polo", "Marco Polo travelled to China"), [coach]).entity_id is None


def test_on_store_a_full_name_completes_a_common_given_name_said_to_be_the_skipper(mem: Memlane) -> None:
    # the store reads what the memories said of the one known as "Paul" only when a full name may
    # complete him (``resolution.said_may_complete``), as the registry, which keeps every sentence
    mem.store("Paul is our skipper on the trawler")
    mem.store("Paul Gregory mended the winch of the trawler before the storm")
    people = {e.name: e.aliases for e in mem.entities.list(limit=50) if e.type == "person"}
    assert people == {"Paul": ("Paul Gregory",)}, people


# -- a ship by its name without its prefix ---------------------------------------------------------------------


def test_a_ship_is_its_name_without_the_prefix() -> None:
    assert without_vessel_prefix("MV Brisa del Sur") == "Brisa del Sur"
    assert without_vessel_prefix("M/S Polarlys") == "Polarlys"
    assert without_vessel_prefix("M.V. Polarlys") == "Polarlys"
    assert without_vessel_prefix("Ms Polarlys") is None  # a title, not a ship's prefix
    assert without_vessel_prefix("MV") is None
    ship = Candidate("o1", "other", "MV Brisa del Sur")
    assert resolve(Mention("Brisa del Sur", "other"), [ship]).entity_id == "o1"
    assert resolve(Mention("the Brisa del Sur", "other"), [ship]).entity_id == "o1"
    company_typed = Candidate("c1", "company", "Polarlys")
    assert resolve(Mention("M/S Polarlys", "company"), [company_typed]).entity_id == "c1"
    # the keys a store finds it by are shared both ways
    assert blocking_keys("Brisa del Sur", "other") & blocking_keys("MV Brisa del Sur", "other")
    # another ship of another name is not it, nor a person of the name
    assert resolve(Mention("MV Brisa del Norte", "other"), [ship]).entity_id is None
    person = Candidate("p1", "person", "Brisa Sur")
    assert resolve(Mention("MV Brisa Sur", "other"), [person]).entity_id is None


# -- a Mongolian short form: a stem and a long vowel -----------------------------------------------------------


def test_a_stem_and_a_long_vowel_is_a_short_form() -> None:
    assert is_short_form("tsogoo", "tsogtbayar") and is_short_form("bataa", "batmunkh")
    assert not is_short_form("bataa", "bat")  # (leaves too little out)
    assert not is_short_form("sarnaa", "oyunchimeg")  # another stem
    known = Candidate("p1", "person", "Tsogtbayar Ganbold")
    assert resolve(_person("Tsogoo", "Tsogoo drove the herd to the river"), [known]).entity_id == "p1"


# -- Greek "Γι" before a vowel romanised "Gi" or "Yi" ----------------------------------------------------------


def test_greek_gi_and_yi_before_a_vowel_are_one_spelling() -> None:
    assert romanisation_key("yiannis") == romanisation_key("giannis")
    assert romanisation_key("gina") == "gina"  # "Gi" before a consonant is kept
    known = Candidate("p1", "person", "Giannis Karalis")
    assert resolve(_person("Yiannis Karalis", "Yiannis Karalis booked the cabin"), [known]).entity_id == "p1"
    # another surname is another person
    assert resolve(_person("Yiannis Kostas", "Yiannis Kostas booked the cabin"), [known]).entity_id is None
