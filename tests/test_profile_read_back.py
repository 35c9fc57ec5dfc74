"""A profile's settings read back as given, and what no backend can store is refused alike, before
anything is written: instructions, an ``llm:<model>`` extractor and an agent's name with NUL (U+0000) or a
lone surrogate were kept by SQLite and failed on PostgreSQL with a storage error (503 over REST, naming
the database server); an agent's name with a control character was kept where a memory's
``agent:<name>`` owner is refused."""

from __future__ import annotations

from typing import Any

import pytest

from memlane import InvalidInput, Memlane

KEPT = {
    "lines": "only store decisions\r\nnever small talk\ttab  ",
    "astral": "🦊" * 10_000,
    "marks": "e\u0301 cafe\u0301 \u202eRTL\u202c zero\u200bwidth",
    "control": "bell\x07 esc\x1b",
}


@pytest.mark.parametrize("text", list(KEPT.values()), ids=list(KEPT))
def test_instructions_read_back_as_given(mem: Memlane, text: str) -> None:
    created = mem.profiles.create("prefs", instructions=text)
    assert created.instructions == mem.profiles.show("prefs").instructions == text
    updated = mem.profiles.update("prefs", instructions=text[:-1] + "!")
    assert updated.instructions == mem.profiles.show("prefs").instructions == text[:-1] + "!"


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ({"instructions": "a\x00b"}, "instructions: the NUL character (U+0000) cannot be stored"),
        ({"instructions": "a\ud800b"}, "instructions: a lone surrogate (U+D800) is not Unicode text"),
        ({"extractor": "llm:a\x00b"}, "extractor: the NUL character (U+0000) cannot be stored"),
        ({"extractor": "llm:a\udfffb"}, "extractor: a lone surrogate (U+DFFF) is not Unicode text"),
        ({"scope": "agent", "agent": "a\x00b"}, "agent: 'a\\x00b' is not a valid name (1-200 printable characters)"),
        ({"scope": "agent", "agent": "bell\x07"}, "agent: 'bell\\x07' is not a valid name (1-200 printable characters)"),
        ({"scope": "agent", "agent": "x" * 201}, "is not a valid name (1-200 printable characters)"),
    ],
)  # fmt: skip
def test_what_no_backend_stores_is_refused_alike(mem: Memlane, settings: dict[str, Any], said: str) -> None:
    with pytest.raises(InvalidInput, match=None) as refused:
        mem.profiles.create("prefs", **settings)
    assert said in str(refused.value)
    assert mem.profiles.list() == []
    mem.profiles.create("prefs")
    with pytest.raises(InvalidInput) as refused:
        mem.profiles.update("prefs", **settings)
    assert said in str(refused.value)
    assert mem.profiles.show("prefs").instructions is None


def test_an_agents_name_reads_back_in_nfc(mem: Memlane) -> None:
    created = mem.profiles.create("helpdesk", scope="agent", agent="robot-u\u0308")
    assert created.agent == mem.profiles.show("helpdesk").agent == "robot-\u00fc"
