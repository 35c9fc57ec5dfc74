"""A person's name whose given name no table lists is typed a person's by what its sentence says of it
(``entity_types.person_by_sense``): "Naledi Botha is my neighbour" makes a person, so a later lone
"Botha" meets two people called Botha (a namesake's question, left unlinked) instead of linking to the
one whose given name the tables know (Roelof Botha). On both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from backends import rows
from memlane import Memlane
from memlane.graph.entity_types import person_by_sense
from memlane.graph.linking import memory_mentions
from memlane.graph.text_links import with_text_facts
from memlane.text import extract_entities


def _types(text: str) -> dict[str, str | None]:
    named = with_text_facts(text, memory_mentions(text, None, None, extract_entities(text)))
    return {n.mention.name or "": (str(n.mention.type) if n.mention.type else None) for n in named}


@pytest.mark.parametrize(
    "text",
    [
        "Naledi Botha is my neighbour and she teaches maths.",  # a role word
        "Naledi Botha, my accountant, filed the return.",  # an apposition
        "Dr. Naledi Botha will see me on Monday.",  # a title
        "Naledi Botha said she would come.",  # a pronoun that agrees
        "Naledi Botha was born in Soweto.",  # what befalls a person
        "Naledi Botha is pregnant with twins.",
    ],
)
def test_a_person_by_what_the_sentence_says(text: str) -> None:
    assert _types(text)["Naledi Botha"] == "person"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Naledi Botha called about the invoice.", "Naledi Botha"),  # nothing said: a company calls too
        ("Blue Heron is my favourite restaurant.", "Blue Heron"),  # another kind
        ("Table Mountain is the place to be.", "Table Mountain"),
        ("Monday Blues is my band.", "Monday Blues"),
        ("Acme Widgets, my employer, pays late.", "Acme Widgets"),
    ],
)
def test_not_a_person_without_a_persons_sense(text: str, name: str) -> None:
    assert _types(text).get(name) != "person"


def test_the_shape_of_a_persons_name() -> None:
    assert person_by_sense("Naledi Botha") and person_by_sense("Thandiwe van der Merwe")
    assert not person_by_sense("Botha")  # a lone word keeps its sense only
    assert not person_by_sense("Botha Holdings Ltd")  # a legal form
    assert not person_by_sense("Sakura Robotics")  # a business word last
    assert not person_by_sense("IBM Cloud")  # an acronym
    assert not person_by_sense("New Zealand")  # a place's name


def test_a_lone_surname_is_no_longer_the_known_given_names_bearer(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Roelof Botha joined the board of Sequoia.")
        m.store("Naledi Botha is my neighbour and she teaches maths.")
        lone = m.store("Botha said the deal is off.")
        kinds = {e.name: e.type for e in m.entities.list()}
        assert kinds["Naledi Botha"] == "person" and kinds["Roelof Botha"] == "person"
        roelof = next(e for e in m.entities.list() if e.name == "Roelof Botha")
        assert "Botha" not in roelof.aliases
    linked = rows(
        db_path,
        "SELECT m.id FROM memory_entity_links l JOIN memories m ON m.seq = l.memory_seq"
        f" WHERE l.entity_id = '{roelof.id}'",
    )
    assert lone.id not in {str(r[0]) for r in linked}
