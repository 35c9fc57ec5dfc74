"""Organisation short forms of the twentieth round (issue 12, req. 2): a company by its distinctive name
when the words dropped are common words clipped or in another language ("Zuellig" / Zuellig Pharma,
"Korek" / Korek Telecom, "Karolinska" / Karolinska Institutet: ``company_names.is_clipped_word``), and by
initials before a word's start ("GTBank" / Guaranty Trust Bank: ``initialisms``)."""

from __future__ import annotations

import pytest

from memlane.graph.company_names import is_clipped_word
from memlane.graph.initialisms import is_syllable_acronym_of
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve


def test_clipped_words() -> None:
    assert all(is_clipped_word(w) for w in ("pharma", "telecom", "theatr", "institutet"))
    # a common word is a common word; a name is no clipped word
    assert not any(is_clipped_word(w) for w in ("logistics", "healthineers", "korek", "zuellig", "teknologi"))


@pytest.mark.parametrize(
    ("mention", "known"),
    [("Zuellig", "Zuellig Pharma"), ("Korek", "Korek Telecom"), ("Karolinska", "Karolinska Institutet")],
)
def test_a_company_by_its_name_without_a_clipped_word(mention: str, known: str) -> None:
    assert resolve(Mention(mention, "company"), [Candidate("c1", "company", known)]).entity_id == "c1"
    assert blocking_keys(mention, "company") & blocking_keys(known, "company")


def test_another_company_by_a_name_of_its_own_stays_apart() -> None:
    # "Healthineers" is a name, not a clipped word: Siemens Healthineers is not Siemens
    assert not resolve(
        Mention("Siemens", "company"), [Candidate("c1", "company", "Siemens Healthineers")]
    ).matched
    # the short name known, a longer one with a clipped word is not it (the direction stays one-way)
    assert not resolve(Mention("Korek Telecom", "company"), [Candidate("c1", "company", "Korek")]).matched


def test_initials_before_a_word() -> None:
    assert is_syllable_acronym_of("GTBank", "Guaranty Trust Bank")
    assert not is_syllable_acronym_of("GTBank", "Guaranty Trust Holdings")
    found = resolve(Mention("Guaranty Trust Bank", "company"), [Candidate("c1", "company", "GTBank")])
    assert found.entity_id == "c1"
