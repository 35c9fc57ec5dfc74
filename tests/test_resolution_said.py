"""What a sentence says of the person it names weighs a match: a sentence that says its person is not
a known one ("..., not José Luis", "..., not the superintendent"), and who a sentence says its person
is to the writer against who the known one was said to be ("Sophie my sister" / "Sophie Clarke is my
daughter's form teacher"). Through ``resolve``, the ``Registry`` that learns what was said, and (the
denial by name, which needs nothing stored) the real stores on both backends."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, Registry, resolve
from memlane.graph.said import MARK, denials, relations, relations_conflict, said_of


def _said(name: str, context: str) -> str:
    found = said_of(name, context)
    assert found is not None
    return found


# -- reading a sentence --------------------------------------------------------------------------------


def test_said_of_marks_the_name_in_its_own_sentence() -> None:
    text = "We met on Monday. Dave the electrician rewired the kitchen. It took a day."
    assert said_of("Dave", text) == f"{MARK} the electrician rewired the kitchen."
    assert said_of("Davey", text) is None  # (as whole words only)


def test_relations_read_a_relative_and_other_relations() -> None:
    sister = relations(_said("Sophie", "Sophie my sister is visiting at Christmas"))
    assert [r.kin for r in sister] == ["sister"]
    assert [r.kin for r in relations(_said("Susan", "Susan, my sister, takes Dad on Wednesdays"))] == [
        "sister"
    ]
    assert [r.kin for r in relations(_said("Anna", "My sister Anna is visiting in July"))] == ["sister"]
    # a relative's relation is no relative: "my daughter's form teacher", "Dad's neurologist"
    teacher = relations(_said("Sophie Clarke", "Sophie Clarke is my daughter's form teacher"))
    assert [r.kin for r in teacher] == [None] and "teacher" in teacher[0].words
    assert [r.kin for r in relations(_said("Dr. Lowe", "Dr. Lowe is Dad's neurologist"))] == [None]
    assert [r.kin for r in relations(_said("Leila", "my manager is Leila"))] == [None]
    # what someone does, which a relative does as well, is not read as a relation to the writer
    assert relations(_said("Maria", "Maria is a nurse at St. Luke's")) == ()
    assert relations(_said("Dave", "Dave rewired the kitchen")) == ()


def test_only_a_relative_against_other_relations_conflicts() -> None:
    sister = relations(_said("Sophie", "Sophie, my sister, is visiting"))
    teacher = relations(_said("Sophie Clarke", "Sophie Clarke is my daughter's form teacher"))
    also_sister = relations(_said("Sophie Clarke", "Sophie Clarke is my sister"))
    uncle = relations(_said("João", "João is my uncle in Recife"))
    boyfriend = relations(_said("João Pedro", "João Pedro is my boyfriend"))
    manager = relations(_said("Leila", "Leila, my manager, wants the report"))
    mentor = relations(_said("Leila Farahani", "Leila Farahani is my mentor"))
    assert relations_conflict(sister, teacher) and relations_conflict(teacher, sister)
    assert relations_conflict(uncle, boyfriend)
    assert not relations_conflict(sister, also_sister)
    assert not relations_conflict(manager, mentor)  # one's manager may be one's mentor
    assert not relations_conflict(sister, ())  # nothing known of the other: nothing against it


def test_denials_read_a_name_or_a_description_after_not() -> None:
    by_name = denials(_said("José Hernández", "José Hernández is my father-in-law, not José Luis"))
    assert by_name.names == ("José Luis",) and not by_name.words
    by_role = denials(_said("Gary", "Gary from the Dell account team is our rep, not the superintendent"))
    assert by_role.words == frozenset({"superintendent"}) and not by_role.names
    assert not denials(_said("Ana", "Ana likes tea, not coffee")).words  # no one described
    assert not denials(_said("Ana", "Ana did not come")).names


# -- resolving -----------------------------------------------------------------------------------------


def test_a_sentence_that_says_not_a_known_name_is_not_that_person() -> None:
    chidi = Candidate("p4", "person", "Chidi Okafor", ("Chidi",))
    okafor = Mention(
        "Okafor", "person", context="Okafor from finance wants the cost of the outage, not Chidi"
    )
    assert resolve(okafor, [chidi]).entity_id is None
    # the same lone surname with no denial is the one known person who fits
    plain = Mention("Okafor", "person", context="Okafor wants the cost of the outage")
    assert resolve(plain, [chidi]).entity_id == "p4"
    # and a denial of a name the mention holds itself denies nothing of the candidate
    jose = Candidate("p1", "person", "José Luis Hernández")
    other = Mention("José Hernández", "person", context="José Hernández is my father-in-law, not José Luis")
    assert resolve(other, [jose]).entity_id is None
    same = Mention("José Luis Hernández", "person", context="José Luis Hernández, not José, signed it")
    assert resolve(same, [jose]).entity_id == "p1"


def test_a_denied_description_is_matched_against_what_was_said_of_the_candidate() -> None:
    stevens = Candidate("p8", "person", "Gary Stevens", said=(f"{MARK} is the superintendent",))
    gary = Mention(
        "Gary", "person", context="Gary from the Dell account team is our rep, not the superintendent"
    )
    assert resolve(gary, [stevens]).entity_id is None
    # a denial of something not said of the candidate leaves the match
    principal = Mention("Gary", "person", context="Gary is covering today, not the principal")
    assert resolve(principal, [stevens]).entity_id == "p8"
    # the same full name, said not to be the one known ("Ana Ramírez ... not my paralegal")
    ramirez = Candidate("p7", "person", "Ana Ramirez", said=(f"{MARK} is my paralegal",))
    counsel = Mention(
        "Ana Ramírez", "person", context="Ana Ramírez of Burke LLP is opposing counsel, not my paralegal"
    )
    assert resolve(counsel, [ramirez]).entity_id is None
    assert (
        resolve(Mention("Ana Ramírez", "person", context="Ana Ramírez filed it"), [ramirez]).entity_id == "p7"
    )


def test_a_denial_is_read_of_people_only() -> None:
    chennai = Candidate("l1", "place", "Chennai", ("Madras",))
    assert (
        resolve(
            Mention("Madras", "place", context="Appa still says Madras, not Chennai"), [chennai]
        ).entity_id
        == "l1"
    )


def test_a_relative_is_not_a_known_person_said_to_be_someone_else() -> None:
    clarke = Candidate(
        "p1", "person", "Sophie Clarke", ("Mrs Clarke",), said=(f"{MARK} is my daughter's form teacher",)
    )
    sister = Mention("Sophie", "person", context="Sophie my sister is visiting at Christmas")
    assert resolve(sister, [clarke]).how == "new"
    # a sentence that says nothing of who Sophie is: the one Sophie known
    assert (
        resolve(Mention("Sophie", "person", context="Sophie sent the reading list"), [clarke]).entity_id
        == "p1"
    )
    # the known one said to be the writer's sister: the same person
    sis = Candidate("p1", "person", "Sophie Clarke", said=(f"{MARK} is my sister",))
    assert resolve(sister, [sis]).entity_id == "p1"
    # two relations of other kinds: one person may be both (Leila, my manager / my mentor)
    leila = Candidate("p2", "person", "Leila Farahani", said=(f"{MARK} is my mentor",))
    manager = Mention("Leila", "person", context="Leila, my manager, wants the report by Friday")
    assert resolve(manager, [leila]).entity_id == "p2"


def test_the_registry_keeps_what_was_said_and_tells_the_sister_apart() -> None:
    registry = Registry()
    _, teacher = registry.resolve_and_learn(
        Mention("Dr. Susan Lowe", "person", context="Dr. Susan Lowe is Dad's neurologist")
    )
    assert registry.entities[teacher or ""].said == (f"{MARK} is Dad's neurologist",)
    found, again = registry.resolve_and_learn(
        Mention("Dr. Lowe", "person", context="Dr. Lowe raised the dose")
    )
    assert again == teacher and found.how == "partial"
    found, sister = registry.resolve_and_learn(
        Mention("Susan", "person", context="Susan my sister takes Dad on Wednesdays")
    )
    assert found.how == "new" and sister != teacher


# -- on store ------------------------------------------------------------------------------------------


def _entities(mem: Memlane) -> dict[str, list[str]]:
    return {
        e.name: sorted(m.content for m in mem.entities.memories(e.id, limit=50))
        for e in mem.entities.list(limit=100)
    }


def test_on_store_a_person_said_not_to_be_a_known_one_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Yuki Tanaka composes the soundtrack")
    mem.store("Yuki sent three new tracks")
    mem.store("Tanaka-san from the Tokyo publisher wants a Japanese release, not Yuki")
    linked = _entities(mem)
    denial = "Tanaka-san from the Tokyo publisher wants a Japanese release, not Yuki"
    assert linked["Tanaka-san"] == [denial]  # an entity of its own
    # (the sentence names Yuki, so it is linked to Yuki Tanaka as well, by "Yuki")
    assert linked["Yuki Tanaka"] == sorted(
        [denial, "Yuki Tanaka composes the soundtrack", "Yuki sent three new tracks"]
    )
    aliases = {e.name: e.aliases for e in mem.entities.list(limit=100)}
    assert "Tanaka-san" not in aliases["Yuki Tanaka"]
