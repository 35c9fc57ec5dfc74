"""A name written with where the person is from ("X from Y") resolved by the name before "from"
(``resolution._without_where_from``): the dropped "from Y" still counts. Not for a name with no sentence
(a query's topic, ``about=``), which reads nothing said of the candidates; not for a person the sentences
that named them say is from elsewhere. (Session 26: "hannah from accounts" deleted "Hana from HR".)"""

from __future__ import annotations

from memlane.graph.resolution import resolve
from mentions import known_person, person, said


def test_a_name_from_somewhere_with_no_sentence_is_not_resolved_by_the_name_alone() -> None:
    # a forget request's topic: Johanna from legal was filed under Joanna; nothing can tell them apart
    joanna = known_person("p1", "Joanna", "Johanna")
    assert resolve(person("Joanna from payroll"), [joanna]).entity_id is None
    # (the name alone still finds her, and the phrase in a sentence as before)
    assert resolve(person("Joanna"), [joanna]).entity_id == "p1"
    found = resolve(person("Joanna from payroll", "Joanna from payroll signed the form"), [joanna])
    assert found.entity_id == "p1"


def test_a_name_from_somewhere_is_not_a_person_known_to_be_from_elsewhere() -> None:
    legal = said("Joanna Pike", "Joanna Pike from legal is on holiday")
    at_payroll = person("Joanna from payroll", "Joanna from payroll signed the form")
    assert resolve(at_payroll, [known_person("p1", "Joanna Pike", said=legal)]).entity_id is None
    # where the known person is from agrees (or is not said): the name before "from" finds her
    payroll = said("Joanna Pike", "Joanna Pike from payroll is retiring in March")
    assert resolve(at_payroll, [known_person("p1", "Joanna Pike", said=payroll)]).entity_id == "p1"
    told = said("Joanna Pike", "Joanna Pike sent the rota")
    assert resolve(at_payroll, [known_person("p1", "Joanna Pike", said=told)]).entity_id == "p1"
    # an organisation by its name: "Zhang Wei from Lumora" is not the Zhang Wei known at Vantage Optics
    vantage = said("Zhang Wei", "Zhang Wei from Vantage Optics came to the audit")
    lumora = person("Zhang Wei from Lumora", "Zhang Wei from Lumora called about the invoice")
    assert resolve(lumora, [known_person("p1", "Zhang Wei Chen", said=vantage)]).entity_id is None
    at_lumora = said("Zhang Wei", "Zhang Wei from Lumora came to the audit")
    assert resolve(lumora, [known_person("p1", "Zhang Wei Chen", said=at_lumora)]).entity_id == "p1"
