"""The cheap checks that linking on store runs before its costlier ones answer as the checks they stand
in front of (bench/linking_same.py checks the whole graph on the synthetic corpus; these check the
edges: case, non-ASCII letters that ignoring case also matches, names that are no transposition)."""

from __future__ import annotations

import pytest

from memlane.graph import relations_text
from memlane.graph.resolution import Candidate, EntityType, Mention, resolve
from memlane.graph.text_patterns import CUE_HINTS, HINTS

TEXTS = [
    "Ana WROTE the onboarding doc",
    "Piotr Maintains the billing repo",
    "the repo belongs to the Payments team",
    "Kasia is the Owner of the RFC",
    "Dana put together the runbook",
    "Omar drafted it; Bo authored the spec",
    "Nothing here names a thing",
    "wrıte with a dotless i",  # (ignoring case, the pattern's "i" matches "ı")
    "ſome text: the owneſ",  # (and its "s" a long s)
    "Zoë wrote the memo in Zürich",
    "Ticket SUP-4411 is assigned to Omar",
    "",
]


@pytest.mark.parametrize("text", TEXTS)
def test_thing_words_answer_as_the_pattern(text: str) -> None:
    assert relations_text._names_things(text) == (relations_text._THING_VERBS.search(text) is not None)


@pytest.mark.parametrize("text", TEXTS)
def test_hint_words_answer_as_any(text: str) -> None:
    low = text.lower()
    expected = {r for r, words in HINTS.items() if not any(w in low for w in words)}
    assert relations_text._without_hints(low, relations_text._RELATION_HINTS) == expected
    cues = {i for i, words in enumerate(CUE_HINTS) if not any(w in low for w in words)}
    assert relations_text._without_hints(low, relations_text._CUE_HINTS) == cues


@pytest.mark.parametrize(
    ("mention", "known", "how"),
    [
        ("Terrafrom", "Terraform", "fuzzy"),  # two letters swapped: as good as a near spelling
        ("Kirsten Mayer", "Kirsetn Mayer", "fuzzy"),
        ("Christina Berg", "Christian Berg", None),  # both given names of their own
        ("Gralfana", "Grafana", None),  # another letter
    ],
)
def test_transposition_needs_the_same_letters(mention: str, known: str, how: str | None) -> None:
    kind = EntityType.PERSON if " " in mention else EntityType.SYSTEM
    found = resolve(Mention(mention, kind), [Candidate("e1", kind, known)])
    assert (found.how if found.entity_id else None) == how
