"""Ambiguous mentions (issue 12, req. 2, recall) settled by a proper name: of people a mention fits
equally ("Botha" with two Bothas known), the only one whose sentences name the organisation or place
the mention's sentence says the person is from or at ("Botha from Sequoia"). Traps first: where the
evidence does not exclude all but one, or a new namesake is introduced, the mention stays unmerged."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, resolve
from memlane.graph.said import MARK
from mentions import person as _person


def _known(id: str, name: str, context: str, *aliases: str) -> Candidate:
    return Candidate(id, "person", name, aliases, said=(context.replace(name, MARK, 1),))


ROELOF = _known("e1", "Roelof Botha", "Roelof Botha leads Sequoia")
NALEDI = _known("e2", "Naledi Botha", "Naledi Botha is our angel from Johannesburg")
LOPEZ = _known("e3", "Ana Lopez", "Ana Lopez is the buyer at Globex")
LIMA = _known("e4", "Ana Lima", "Ana Lima maintains the date picker on GitHub")


# -- traps: written before the rule; none of these may be merged -------------------------------------


def test_a_new_namesake_from_the_same_organisation_is_not_merged() -> None:
    # a full name that neither known Botha bears: someone new, even from the organisation one is known by
    found = resolve(_person("Pieter Botha", "Pieter Botha from Sequoia joined the call"), [ROELOF, NALEDI])
    assert found.entity_id is None
    # the sentence says it is a different Botha
    other = _person("Botha", "Botha from Sequoia, a different Botha, asked for the deck")
    assert resolve(other, [ROELOF, NALEDI]).entity_id is None


def test_an_organisation_both_are_known_by_settles_nothing() -> None:
    lima = _known("e4", "Ana Lima", "Ana Lima is an engineer at Globex")
    found = resolve(_person("Ana", "Ana from Globex wants the contract by Friday"), [LOPEZ, lima])
    assert found.entity_id is None and found.how == "ambiguous"


def test_an_organisation_a_sentence_denies_settles_nothing() -> None:
    lima = _known("e4", "Ana Lima", "Ana Lima is a freelancer, not from Globex")
    lopez = _known("e3", "Ana Lopez", "Ana Lopez is the buyer")
    found = resolve(_person("Ana", "Ana from Globex wants the contract by Friday"), [lopez, lima])
    assert found.entity_id is None and found.how == "ambiguous"


def test_a_day_a_relative_or_a_word_elsewhere_in_the_sentence_settles_nothing() -> None:
    monday = _known("e4", "Ana Lima", "Ana Lima is back from Monday")
    found = resolve(_person("Ana", "Ana from Monday on works remotely"), [LOPEZ, monday])
    assert found.entity_id is None
    # a proper name the sentence gives, but not as where the person is from or at
    found = resolve(_person("Ana", "Ana says Globex pays late"), [LOPEZ, LIMA])
    assert found.entity_id is None and found.how == "ambiguous"
    # the known people's own names are no evidence ("Ana from Lopez's team")
    found = resolve(_person("Ana", "Ana from Lima's team called"), [LOPEZ, LIMA])
    assert found.entity_id is None


def test_a_part_of_another_organisations_name_settles_nothing() -> None:
    # "Horizonte" is in the insurer's name, not the construction firm's: two organisations
    insurer = _known(
        "e7", "Pedro Carvalho", "Pedro Carvalho, the CFO of the insurer Horizonte Seguros, is new"
    )
    firm = _known("e8", "João Pedro Carvalho", "João Pedro Carvalho opened a ticket about the import")
    found = resolve(
        _person("Sr. Carvalho", "Sr. Carvalho from Construtora Horizonte escalated it"), [firm, insurer]
    )
    assert found.entity_id != "e7"


def test_a_name_the_sentence_gives_that_no_candidate_is_known_by_settles_nothing() -> None:
    found = resolve(_person("Botha", "Botha from Accel asked for the metrics"), [ROELOF, NALEDI])
    assert found.entity_id is None and found.how == "ambiguous"


# -- the tie-break ------------------------------------------------------------------------------------


def test_the_only_one_known_by_the_organisation_or_place_named_is_the_one() -> None:
    botha = _person("Botha", "Botha from Sequoia asked for the metrics")
    assert resolve(botha, [ROELOF, NALEDI]).entity_id == "e1"
    assert (
        resolve(_person("Botha", "Botha from Johannesburg sent a voice note"), [ROELOF, NALEDI]).entity_id
        == "e2"
    )
    assert (
        resolve(_person("Ana", "Ana from Globex wants the contract by Friday"), [LOPEZ, LIMA]).entity_id
        == "e3"
    )
    farmer = _known("e5", "Kouassi Yao", "Kouassi Yao is a cashew farmer from Katiola who sells us raw nuts")
    owner = _known("e6", "Éric Kouassi", "Éric Kouassi, our owner, wants the kernel yield report")
    found = resolve(_person("Kouassi", "Kouassi from Katiola phoned about his bags"), [owner, farmer])
    assert found.entity_id == "e5"


def test_on_store_the_one_known_by_the_organisation_named_is_linked(mem: Memlane) -> None:
    mem.store("Roelof Botha leads Sequoia and sits on our board")
    mem.store("Naledi Botha is our angel investor from Johannesburg")
    mem.store("Botha from Sequoia asked for the monthly metrics")
    roelof = next(e for e in mem.entities.list(limit=50) if e.name == "Roelof Botha")
    assert len(mem.entities.memories(roelof.id, limit=10)) == 2
