"""How a text gives a person's organisation beyond "X from Y" / "X at Y" (``graph/text_patterns.py``,
``AFFILIATION_FORMS``, read by ``graph/relations_text.py`` as the text analysis of every stored memory
is): a role at it ("Ana Lopez is the buyer at Globex", "Priya, our contact at Globex"), its role
("Mark Johnson is Brightwell's procurement", "Globex's CFO Priya Raman", "the Infosys test lead"),
owning or running it ("Owen Price runs Greenleaf Landscaping"); a surname after initials is a person's
name ("W. Zhang at Lumen Optics"). Linking on store reads what earlier memories say of a known person
with it (``graph/said_reads.py``), so two namesakes at different organisations stay two people. Each
form needs a word naming a role: "a fan of Apple", "angry at Globex" and a former role say nothing."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.linking import memory_mentions
from memlane.graph.said_reads import organisations_said
from memlane.graph.text_links import text_facts, with_text_facts
from memlane.text import extract_entities


def _organisations(text: str) -> dict[str, str]:
    mentions = with_text_facts(text, memory_mentions(text, None, None, extract_entities(text)))
    return dict(text_facts(text, mentions).affiliations) | {
        r.source: r.target for r in text_facts(text, mentions).relations if r.relation == "works_at"
    }


@pytest.mark.parametrize(
    ("text", "person", "organisation"),
    [
        ("Ana Lopez is the buyer at Globex", "Ana Lopez", "Globex"),
        ("Priya Raman, our contact at Globex, sent the contract", "Priya Raman", "Globex"),
        ("Emily Clarke is the fundraising director at the Hopewell Trust", "Emily Clarke", "Hopewell Trust"),
        ("Katarzyna Nowak is head of operations at Tarkon Logistics", "Katarzyna Nowak", "Tarkon Logistics"),
        ("Mark Johnson is Brightwell's procurement.", "Mark Johnson", "Brightwell"),
        ("Globex's CFO Priya Raman approved the budget", "Priya Raman", "Globex"),
        ("Priya Sharma is the Infosys test lead.", "Priya Sharma", "Infosys"),
        ("Owen Price runs Greenleaf Landscaping", "Owen Price", "Greenleaf Landscaping"),
        ("W. Zhang at Lumen Optics renewed three software seats", "W. Zhang", "Lumen Optics"),
    ],
)
def test_a_role_at_an_organisation_gives_the_person_it(text: str, person: str, organisation: str) -> None:
    assert _organisations(text).get(person) == organisation
    # (what linking on store reads of a known person from an earlier memory)
    assert organisation in organisations_said([person], [text])


@pytest.mark.parametrize(
    "text",
    [
        "Ana Lopez is a big fan of Globex",
        "Ana Lopez is angry at Globex",
        "Björn Lund, Klarna's former CTO, joined our board",
        "Ana Lopez is Piotr Nowak's manager",
        "Ana Lopez runs Kafka clusters for fun",
    ],
)
def test_no_role_no_organisation(text: str) -> None:
    found = _organisations(text)
    assert "Ana Lopez" not in found and "Björn Lund" not in found


def test_namesakes_whose_organisations_are_said_by_their_roles_stay_apart(mem: Memlane) -> None:
    mem.store("Mark Johnson is Brightwell's procurement.", user="ann")
    mem.store("Shira Levi is the CISO at TLV Security.", user="ann")
    mem.store("Mark Johnson from Johnson & Johnson asked for the validation package", user="ann")
    mem.store("Shira Levy from Levy Design wants a website quote", user="ann")
    people = [e.name for e in mem.entities.list(limit=100, user="ann") if e.type == "person"]
    assert people.count("Mark Johnson") == 2
    assert {"Shira Levi", "Shira Levy"} <= set(people)
    # the same person named with the organisation is still linked
    mem.store("Mark Johnson from Brightwell approved the PO", user="ann")
    assert [e.name for e in mem.entities.list(limit=100, user="ann")].count("Mark Johnson") == 2
