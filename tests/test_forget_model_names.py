"""A lone word of a longer name, said after an article and before a model number ("the Heron 7 drone"
with "Operation Heron" known), names another thing (a model, a craft, a release): storing it links it
to no entity of the longer name (``resolution._names_a_model``), so forgetting the longer name's topic
keeps it, on both backends."""

from __future__ import annotations

from tests.forget_keys import forgotten, stored

from memlane import Memlane


def test_forgetting_a_named_thing_keeps_a_model_of_one_of_its_words(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "plan": "Operation Heron is the move of the archive to the new office",
            "date": "Operation Heron starts on the first of March",
            "drone": "My nephew flew the Heron 7 drone over the lake",
            "owner": "Priya runs Operation Heron's budget",
        },
    )
    assert forgotten(mem, keys, "delete all you know about Operation Heron") == {"plan", "date", "owner"}
