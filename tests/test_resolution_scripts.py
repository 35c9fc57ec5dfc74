"""Resolution rules of the sixth round (issue 12): family names in their own script read by name
tables (Hangul, hanzi, kanji), one family name's romanisations (Park / Bak, Volkov / Wolkow /
Volkoff, Tschaikowski / Chaikovsky) with the given name spelt two ways too, and affiliations written
in two scripts. Each rule with a case it must merge and a case it must not, and the blocking keys a
store finds the candidate by."""

from __future__ import annotations

from memlane.graph.family_names import native_name_readings, same_family_name
from memlane.graph.name_forms import romanisation_key
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from mentions import known_person as _person


def _found(mention: Mention, candidate: Candidate) -> bool:
    """Resolved to the candidate, and the store's blocking keys would have offered it."""
    assert mention.name is not None
    shared = blocking_keys(mention.name, mention.type) & blocking_keys(candidate.name, candidate.type)
    return resolve(mention, [candidate]).entity_id == candidate.id and bool(shared)


def test_a_korean_family_name_in_hangul_is_read_as_the_tables_spell_it() -> None:
    assert ("jihun", "park") in native_name_readings("박지훈")  # not "Bag", the letter-by-letter reading
    park = _person("p1", "Jihoon Park")
    assert _found(Mention("박지훈", "person"), park)
    assert _found(Mention("박지훈", "person"), _person("p1", "Park Ji-hoon"))
    # another given name is another person
    assert resolve(Mention("박민수", "person"), [park]).how == "new"
    # another family name too (김 is Kim)
    assert resolve(Mention("김지훈", "person"), [park]).how == "new"


def test_a_japanese_family_name_in_kanji_is_read_as_japanese() -> None:
    # 田中 is Tanaka (the Chinese reading of the characters is "Tianzhong"); 健 is Ken
    assert ("ken", "tanaka") in native_name_readings("田中健")
    assert _found(Mention("Ken Tanaka", "person"), _person("p1", "田中健"))
    assert resolve(Mention("Ken Suzuki", "person"), [_person("p1", "田中健")]).how == "new"
    # a given name no table reads leaves the family name alone: partial, so only one Sato may fit
    satos = [_person("p1", "Yuko Sato"), _person("p2", "Yuki Sato")]
    assert resolve(Mention("佐藤裕子", "person"), satos).how == "ambiguous"
    assert resolve(Mention("高橋健二", "person"), [_person("p1", "Kenji Takahashi")]).matched


def test_romanisations_of_one_korean_family_name() -> None:
    assert same_family_name("park", "bak") and same_family_name("lee", "rhee")
    assert not same_family_name("park", "kim")
    assert not same_family_name("chen", "tan")  # the Chinese table's dialect readings are not joined
    assert _found(Mention("Bak Ji-yeon", "person"), _person("p1", "Park Ji-yeon"))
    assert _found(Mention("Seoyeon Rhee", "person"), _person("p1", "Seoyeon Lee"))
    # the given names must agree
    assert resolve(Mention("Bak Min-ho", "person"), [_person("p1", "Park Ji-yeon")]).how == "new"


def test_a_transliterated_surname_confirmed_by_the_given_name() -> None:
    assert romanisation_key("wolkow") == romanisation_key("volkov") == romanisation_key("volkoff")
    assert (
        romanisation_key("tschaikowski") == romanisation_key("tchaikovsky") == romanisation_key("chaikovsky")
    )
    volkov = _person("p1", "Aleksandr Volkov")
    assert _found(Mention("Alexander Wolkow", "person"), volkov)  # German spelling of both parts
    assert _found(Mention("Dmitrij Smirnow", "person"), _person("p1", "Dmitry Smirnov"))
    assert _found(Mention("Pyotr Tschaikowski", "person"), _person("p1", "Pyotr Chaikovsky"))
    # another given name is another person, and so is a woman's form of the name
    assert resolve(Mention("Boris Wolkow", "person"), [volkov]).how == "new"
    assert resolve(Mention("Alexandra Wolkowa", "person"), [volkov]).how == "new"


def test_surnames_one_doubled_letter_apart_need_the_same_given_name() -> None:
    # "Anderson" and "Andersson" are two names of their own: with the given name spelt otherwise
    # too, two people
    assert resolve(Mention("Sophia Anderson", "person"), [_person("p1", "Sofia Andersson")]).how == "new"
    # unless a table of romanised names lists the two spellings ("Hassan" / "Hasan")
    assert resolve(Mention("Laila Hasan", "person"), [_person("p1", "Layla Hassan")]).matched


def test_affiliations_in_two_scripts_do_not_conflict() -> None:
    known = _person("p1", "Zhang Li", affiliations=("Haixing Robotics",))
    assert resolve(Mention("张丽", "person", affiliations=("海星机器人",)), [known]).entity_id == "p1"
    # two organisations in one script still tell namesakes apart
    assert resolve(Mention("Zhang Li", "person", affiliations=("Lumen Optics",)), [known]).how == "new"


def test_courtesy_titles_of_other_languages() -> None:
    kasia = _person("p1", "Katarzyna Nowak")
    assert resolve(Mention("Pani Katarzyna", "person"), [kasia]).entity_id == "p1"
    assert resolve(Mention("Mevrouw Jansen", "person"), [_person("p1", "Sanne Jansen")]).entity_id == "p1"
    # a woman's title is not a man
    assert (
        resolve(Mention("Pani Nowak", "person"), [_person("p1", "Pan Tomasz Nowak", "Mr. Nowak")]).how
        == "new"
    )


def test_a_listed_nickname_outweighs_the_gender_table() -> None:
    # the gender table has "Jess" as a man's name only; the nickname tables list it as Jessica's
    jessica = _person("p1", "Jessica Morgan")
    assert resolve(Mention("Jess", "person"), [jessica]).entity_id == "p1"
    assert resolve(Mention("Jess Morgan", "person"), [jessica]).entity_id == "p1"
    # a name listed only as a form of another alias's given name still conflicts ("Daniela" / "Danny")
    assert resolve(Mention("Daniela", "person"), [_person("p1", "Daniel Kim", "Danny Kim")]).how == "new"
