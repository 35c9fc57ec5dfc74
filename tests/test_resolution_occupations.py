"""Namesakes kept apart by what their sentences say they do or whose relative they are (issue 12,
requirement 2, fifteenth session): two occupations no one person has ("Marta our bookkeeper" / "Marta
Olsen is a patient"), and a relative of someone the text spoke of ("Piotr Nowak is his son"); each
rule with what it must still merge. On the resolver, and on store (both backends)."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.occupations import occupations, occupations_conflict
from memlane.graph.resolution import Candidate, Mention, resolve
from memlane.graph.said import kin_of_another, roles, said_of
from mentions import said as _said


def _roles(name: str, sentence: str) -> tuple[tuple[str, bool], ...]:
    said = said_of(name, sentence)
    assert said is not None
    return roles(said)


def test_the_role_phrases_a_sentence_gives_its_person() -> None:
    assert _roles("Marta", "Marta our bookkeeper sent the ledger") == (("bookkeeper", True),)
    assert _roles("Ivo Kranjc", "Ivo Kranjc is my Croatian accountant in Zagreb") == (("accountant", True),)
    assert _roles("Ana", "Ana, the pharmacy technician, counted the stock") == (
        ("pharmacy technician", False),
    )
    assert _roles("Ana", "Ana is a weaver and the treasurer") == (("weaver", False), ("treasurer", False))
    assert _roles("Ana", "Ana is the owner of the shop and my boss") == (("owner", False), ("boss", True))
    assert _roles("Ana", "our plumber Ana fixed it") == (("plumber", True),)
    assert _roles("Ana", "Ana is the firm's visiting auditor") == (("visiting auditor", False),)
    assert _roles("Ana", "Ana sent the ledger on Monday") == ()
    assert _roles("Ana", "the guide said Ana painted it") == ()  # (no apposition: a verb)


def _w(*phrases: str) -> list[tuple[str, bool]]:
    return [(p, False) for p in phrases]


def test_which_occupations_agree() -> None:
    assert occupations("dairy farmer client") == {"dairy_farmer", "client"}
    assert occupations("basketball player") == {"basketball_player"}
    assert not occupations("cousin") and not occupations("flatmate") and not occupations("guy")
    assert not occupations("landlord")  # (an owner: a plumber may be one)
    assert occupations_conflict(_w("bookkeeper"), _w("patient"))
    assert occupations_conflict(_w("electrician"), [("general contractor", True)])
    assert occupations_conflict(_w("composer"), _w("assistant brewer"))
    # one a kind of the other, the same noun, or one trade said two ways: one person may be both
    assert not occupations_conflict(_w("surgeon"), _w("doctor"))
    assert not occupations_conflict(_w("chef"), _w("cook"))
    assert not occupations_conflict(_w("head brewer"), _w("assistant brewer"))
    assert not occupations_conflict(_w("olive grower"), _w("olive supplier"))
    # a relation is no occupation, and two relations to the writer never conflict ("my manager" /
    # "my mentor")
    assert not occupations_conflict(_w("cousin"), _w("surgeon"))
    assert not occupations_conflict([("manager", True)], [("mentor", True)])


def test_two_occupations_no_one_person_has() -> None:
    patient = Candidate(
        "p1", "person", "Marta Olsen", said=_said("Marta Olsen", "Marta Olsen is a patient, 12")
    )
    keeper = Mention("Marta", "person", context="Marta our bookkeeper needs the March statements")
    assert resolve(keeper, [patient]).entity_id is None
    # the same name with a sentence that says nothing of what she does, or says the same: the one known
    assert resolve(Mention("Marta", "person", context="Marta rang at nine"), [patient]).entity_id == "p1"
    again = Mention("Marta", "person", context="Marta, a patient, missed her appointment")
    assert resolve(again, [patient]).entity_id == "p1"
    # an occupation the known one's agrees with ("chef" is a kind of cook)
    cook = Candidate("p2", "person", "Rui Alves", said=_said("Rui Alves", "Rui Alves is our cook"))
    assert resolve(Mention("Rui", "person", context="Rui the chef made soup"), [cook]).entity_id == "p2"


def test_a_full_name_said_to_have_another_occupation_is_a_namesake() -> None:
    ceo = Candidate(
        "p1", "person", "Tunde Bakare", said=_said("Tunde Bakare", "Tunde Bakare is the CEO of Quilltech")
    )
    player = Mention("Tunde Bakare", "person", context="Tunde Bakare the basketball player was on TV")
    assert resolve(player, [ceo]).how == "new"


def test_a_relative_of_someone_the_text_spoke_of() -> None:
    assert kin_of_another(said_of("Piotr Nowak", "Piotr Nowak is his son") or "") == "son"
    assert kin_of_another(said_of("Ewa", "Ewa, her cousin from Gdańsk, came too") or "") == "cousin"
    assert kin_of_another(said_of("Ewa", "Ewa is my cousin") or "") is None  # (the writer's: relations)
    father = Candidate(
        "p1", "person", "Pete Nowak", said=_said("Pete Nowak", "Pete Nowak is the sponsor at Brightline")
    )
    son = Mention("Peter Nowak", "person", context="Peter Nowak is his son, a student in Leeds")
    assert resolve(son, [father]).entity_id is None
    assert resolve(Mention("Peter Nowak", "person", context="Peter Nowak signed"), [father]).entity_id == "p1"
    # the known one was said to be that relative too: the same one again
    known_son = Candidate("p2", "person", "Pete Nowak", said=_said("Pete Nowak", "Pete Nowak is his son"))
    assert resolve(son, [known_son]).entity_id == "p2"


def _people(mem: Memlane, user: str, memory_id: str) -> set[str]:
    return {
        e.name
        for e in mem.entities.list(limit=100, user=user)
        if e.type == "person"
        and memory_id in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
    }


def test_on_store_an_occupation_and_a_relative(mem: Memlane) -> None:
    mem.store("Marta Olsen is a patient, she had her braces fitted", user="ann")
    keeper = mem.store("Marta our bookkeeper needs the March statements", user="ann").id
    assert "Marta Olsen" not in _people(mem, "ann", keeper)
    mem.store("Pete Nowak is the sponsor at Brightline", user="ann")
    son = mem.store("Peter Nowak is his son, a student in Leeds", user="ann").id
    assert "Pete Nowak" not in _people(mem, "ann", son)
    # the same words with nothing said of what she does: the one known
    mem.store("Marta Olsen is a patient, she had her braces fitted", user="ben")
    assert "Marta Olsen" in _people(
        mem, "ben", mem.store("Marta Olsen rang about the appointment", user="ben").id
    )


def test_a_relative_of_a_relative() -> None:
    from memlane.graph.said import relations

    assert [
        r.kin for r in relations(said_of("Ivo Marić", "Ivo Marić is my father's elder brother") or "")
    ] == ["uncle"]
    uncle = Candidate(
        "p1",
        "person",
        "Ivo Marić",
        said=_said("Ivo Marić", "Ivo Marić is my father's elder brother in Split"),
    )
    friend = Mention("Ivo", "person", context="Ivo, my school friend from Zadar, is visiting")
    assert resolve(friend, [uncle]).entity_id is None
    # the same relative said in one word: the one known
    again = Mention("Ivo", "person", context="Ivo, my uncle, sent a card")
    assert resolve(again, [uncle]).entity_id == "p1"
