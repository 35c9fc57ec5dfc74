"""A name the word "Project" introduces stays ``other`` for now. Typing it a project (tried in the
thirty-first session for the dashboard walk's "Project Falcon") let a lone name of another thing join
the project by the project's type word (``resolution._TYPE_WORDS``) and moved what forgetting the
project deletes: forget heldout1's data loss 0 -> 2 ("the Falcon 9 launch", "the Orion nebula"), a right
deletion lost on heldout7 and heldout20 ("Tomás leads Project Andromeda's ..." below). Withdrawn."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_forgetting_a_project_takes_its_possessive(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "rewrite": "Project Andromeda is the rewrite of the search page",
            "deadline": "Project Andromeda deadline moved to June",
            "galaxy": "Saw the Andromeda galaxy through my telescope",
            "lead": "Tomás leads Project Andromeda's database work",
        },
    )
    assert forgotten(mem, keys, "delete all you know about Project Andromeda") == {
        "rewrite",
        "deadline",
        "lead",
    }
