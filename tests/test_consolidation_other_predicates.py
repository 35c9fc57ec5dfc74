"""Roles are places in one predicate: two statements whose words trade subject and object are another
fact only when they say one verb (or verbs WordNet relates): "Otto reports to Hanna" / "Hanna reports to
Otto". A relation said from its two ends with other predicates ("Lena's mentor is Dr. Okafor" / "Dr.
Okafor mentors Lena", "Tariq has twin girls, Noor and Lina" / "Noor and Lina are Tariq's twin
daughters") is one fact (``paraphrases._other_predicates``); the relation turned round with the same
words stays apart (``_agent_reversed``). New sentences (none from the labelled sets)."""

from __future__ import annotations

from memlane.consolidation.paraphrases import _roles_swapped, guarded
from word_rule import joined as _merged


def test_one_relation_from_its_two_ends_is_one_fact() -> None:
    assert not _roles_swapped("Lena's mentor is Dr. Okafor", "Dr. Okafor mentors Lena's research")
    assert _merged("Lena's mentor is Dr. Okafor", "Dr. Okafor mentors Lena's research")
    assert _merged("Tariq has twin girls, Noor and Lina", "Noor and Lina are Tariq's twin daughters")


def test_one_predicate_with_its_roles_traded_stays_apart() -> None:
    assert _roles_swapped("Otto reports to Hanna", "Hanna reports to Otto")
    assert not _merged("Otto reports to Hanna", "Hanna reports to Otto")
    assert not _merged("Noor is Lina's sister", "Lina is Noor's sister")
    assert not _merged("Astrid is Henrik's manager", "Henrik manages Astrid")


def test_a_role_noun_turned_round_by_a_verb_that_is_mostly_a_noun_stays_apart() -> None:
    # "mentors", "coaches" have more noun senses than verb senses: read as the verb after the name,
    # in both modes' guard and in the word rule's second check (one signature: "lena mentor okafor")
    assert not guarded("Lena's mentor is Dr. Okafor", "Lena mentors Dr. Okafor")
    assert not _merged("Lena's mentor is Dr. Okafor", "Lena mentors Dr. Okafor")
    assert not _merged("Lena's coach is Marta", "Lena coaches Marta")
    assert _merged("Lena's coach is Marta", "Marta is Lena's coach")
