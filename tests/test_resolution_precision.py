"""Wrong merges and odd entities that linking on store made, one class each, through the real stores
(both backends) and through ``resolve``: a lone name the text introduces as someone is not a part of a
known name; an edition is another product; two different lone given names are two people; a saint's
name in a place's name is no person; a role phrase is no company; a company's name is not cut to its
last word."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, resolve


def _entities(mem: Memlane) -> dict[str, list[str]]:
    """Each entity's name -> the contents of the memories linked to it."""
    return {
        e.name: sorted(m.content for m in mem.entities.memories(e.id, limit=50))
        for e in mem.entities.list(limit=100)
    }


def _aliases(mem: Memlane) -> dict[str, tuple[str, ...]]:
    return {e.name: tuple(e.aliases) for e in mem.entities.list(limit=100)}


# -- a lone name the text introduces as someone ------------------------------------------------------


def test_a_lone_name_introduced_as_someone_is_not_a_known_full_name() -> None:
    bello = Candidate("e1", "person", "Aisha Bello")
    haddad = Candidate("e2", "person", "Dr. Farah Haddad", ("Dr Haddad",))
    introduced = resolve(Mention("Mrs. Bello", "person", context="Mrs. Bello is the bride's mother"), [bello])
    assert introduced.entity_id is None and introduced.how == "new"
    friend = resolve(Mention("Farah", "person", context="Farah is my yoga friend"), [haddad])
    assert friend.entity_id is None
    # the same names in a sentence that does not present anyone: still the one person who fits
    assert (
        resolve(Mention("Mrs. Bello", "person", context="Mrs. Bello paid the caterer"), [bello]).entity_id
        == "e1"
    )
    assert (
        resolve(Mention("Farah", "person", context="Farah moved my appointment"), [haddad]).entity_id == "e2"
    )
    # a person known by that lone name is the one introduced again ("Okafor is the allergist")
    okafor = Candidate("e3", "person", "Dr. Okafor")
    assert resolve(Mention("Okafor", "person", context="Okafor is the allergist"), [okafor]).entity_id == "e3"


def test_an_introduced_lone_name_with_two_fits_is_ambiguous() -> None:
    """The introduced reading keeps the known person a fit: another entity of that lone name is then
    not the answer by default ("Hedi is also the name of my colleague" with Grandma Hedi and Hedwig
    Fischer, called Hedi, known)."""
    grandma = Candidate("e1", "person", "Grandma Hedi")
    hedwig = Candidate("e2", "person", "Hedwig Fischer")
    found = resolve(
        Mention("Hedi", "person", context="Hedi is also the name of my colleague"), [grandma, hedwig]
    )
    assert found.entity_id is None and found.how == "ambiguous"


def test_on_store_an_introduced_lone_name_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Dr. Farah Haddad is my GP")
    mem.store("Farah is my yoga friend")
    linked = _entities(mem)
    assert linked["Farah Haddad"] == ["Dr. Farah Haddad is my GP"]
    assert linked["Farah"] == ["Farah is my yoga friend"]


# -- an edition is another product ------------------------------------------------------------------


def test_an_edition_is_another_product() -> None:
    planner = Candidate("s1", "system", "Route Planner")
    assert resolve(Mention("Route Planner v2", "system"), [planner]).entity_id is None
    assert (
        resolve(Mention("Route Planner", "system"), [Candidate("s2", "system", "Route Planner v2")]).entity_id
        is None
    )
    # a release of a known product is still that product
    assert (
        resolve(Mention("Postgres 16", "system"), [Candidate("s3", "system", "Postgres")]).entity_id == "s3"
    )


def test_on_store_an_edition_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Route Planner computes the daily routes")
    mem.store("Route Planner v2 is the rewrite, not live yet")
    linked = _entities(mem)
    assert linked["Route Planner"] == ["Route Planner computes the daily routes"]
    assert linked["Route Planner v2"] == ["Route Planner v2 is the rewrite, not live yet"]


# -- two lone given names, a saint's name ------------------------------------------------------------


def test_two_different_lone_given_names_are_two_people() -> None:
    assert resolve(Mention("Claire"), [Candidate("p1", "person", "Clara")]).entity_id is None
    assert resolve(Mention("Olive"), [Candidate("p1", "person", "Ollie")]).entity_id is None
    # with a surname known, a nickname of the given name still fits
    assert resolve(Mention("Bob", "person"), [Candidate("p2", "person", "Robert Smith")]).entity_id == "p2"


def test_on_store_similar_given_names_and_a_saint_make_no_aliases(mem: Memlane) -> None:
    for text in (
        "Clara is my piano teacher",
        "Claire from accounting sent the report",
        "Ollie is my son's best friend",
        "Olive oil is in the cupboard",
        "Peter is my brother-in-law",
        "St. Peter's Basilica is in Rome",
    ):
        mem.store(text)
    aliases = _aliases(mem)
    assert aliases["Clara"] == () and aliases["Ollie"] == () and aliases["Peter"] == ()
    linked = _entities(mem)
    assert linked["Clara"] == ["Clara is my piano teacher"]
    assert linked["Ollie"] == ["Ollie is my son's best friend"]
    assert linked["Peter"] == ["Peter is my brother-in-law"]
    assert linked["St. Peter's Basilica"] == ["St. Peter's Basilica is in Rome"]


# -- odd entities: a role phrase, a company's name cut short ------------------------------------------


def test_on_store_a_role_phrase_is_no_entity_and_a_name_is_not_cut(mem: Memlane) -> None:
    mem.store("Oscar Brandt is the CFO of Zephyr Corp")
    mem.store("Bright Horizons is Mia's daycare")
    mem.store("Ana is the Head of Sales at Globex")
    mem.store("Mercury is my bank")
    mem.store("My Mercury card expires in May")
    linked = _entities(mem)
    assert "CFO of Zephyr Corp" not in linked and "Head of Sales" not in linked
    assert linked["Zephyr Corp"] == ["Oscar Brandt is the CFO of Zephyr Corp"]
    assert "Horizons" not in linked
    assert linked["Bright Horizons"] == ["Bright Horizons is Mia's daycare"]
    # (a word that starts a sentence anyway is no part of the name)
    assert linked["Mercury"] == ["Mercury is my bank", "My Mercury card expires in May"]


# -- a sentence that names the known person apart, as the mention's relative ---------------------------


def test_a_name_related_to_the_known_person_is_someone_else() -> None:
    theo = Candidate("p1", "person", "Théo Marchand", ("Théo",))
    father = Mention(
        "Théodore Marchand", "person", context="Théodore Marchand is Théo's father, a retired printer"
    )
    assert resolve(father, [theo]).entity_id is None
    abebe = Candidate("p2", "person", "Abebe Tesfaye")
    son = Mention("Tesfaye Abebe", "person", context="Tesfaye Abebe is Abebe's son who started as a driver")
    assert resolve(son, [abebe]).entity_id is None
    # the same names without the relation: still the known person
    assert (
        resolve(
            Mention("Théodore Marchand", "person", context="Théodore Marchand sent the proofs"), [theo]
        ).entity_id
        == "p1"
    )
    # a relation of someone else's changes nothing
    other = Mention("Théodore Marchand", "person", context="Théodore Marchand is Ana's manager")
    assert resolve(other, [theo]).entity_id == "p1"


def test_on_store_a_relative_named_in_the_sentence_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Théo Marchand is the editor at Éditions Solène")
    mem.store("Théodore Marchand is Théo's father, a retired printer")
    linked = _entities(mem)
    assert linked["Théodore Marchand"] == ["Théodore Marchand is Théo's father, a retired printer"]
    assert "Théodore Marchand" not in _aliases(mem)["Théo Marchand"]


# -- a sentence that says the name is another one ----------------------------------------------------


def test_a_name_said_to_be_another_is_not_the_known_one() -> None:
    carmen = Candidate("p1", "person", "Carmen García Márquez")
    another = Mention("Carmen Márquez", "person", context="Carmen Márquez is another student in the class")
    assert resolve(another, [carmen]).entity_id is None
    assert (
        resolve(
            Mention("Carmen Márquez", "person", context="Carmen Márquez gave us homework"), [carmen]
        ).entity_id
        == "p1"
    )


def test_on_store_a_name_said_to_be_another_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Carmen García Márquez is my Spanish teacher")
    mem.store("Carmen Márquez is another student in the class")
    mem.store("Carmen Márquez is another student in the class, she sits next to me")
    linked = _entities(mem)
    assert linked["Carmen García Márquez"] == ["Carmen García Márquez is my Spanish teacher"]
    assert len(linked["Carmen Márquez"]) == 2  # (one entity, found again by its own name)
