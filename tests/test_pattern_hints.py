"""text/pattern_hints: the words a pattern cannot match without, and the searches they skip.

``may_match`` may say False only where the pattern finds nothing: checked on the patterns linking on
store reads text with (relations, typing cues, the senses of names) over every sentence of the
synthetic corpus and hand-picked texts, cased and not, ASCII and not.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from memlane.graph import senses
from memlane.graph.relations_text import AFFILIATION_RE, ENCOUNTER
from memlane.graph.text_patterns import ALL_PATTERNS, TYPE_CUES
from memlane.text.pattern_hints import may_match, needed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from synthetic import corpus  # noqa: E402


def _patterns() -> list[re.Pattern[str]]:
    found = [p[2] for p in ALL_PATTERNS] + [p for p, _ in TYPE_CUES] + [AFFILIATION_RE, ENCOUNTER]
    found += [p for p, _ in senses._FRAMES] + [p for p, _ in senses._VERBS]
    found += [senses._OBJECT, senses._TITLE, senses._TOPONYM, senses._BEFORE_NOUN, senses._AFTER_SAYS]
    return list(dict.fromkeys(found))


_TEXTS = [
    "\x010\x01 works at \x011\x01 since 2021",
    "\x010\x01 WORKS AT \x011\x01",
    "\x010\x01 is no longer at \x011\x01",
    "\x010\x01 used to work for \x011\x01",
    "Ana’s manager is \x011\x01",  # (a typographic apostrophe: not ASCII)
    "\x010\x01 ſtarted working at \x011\x01",  # (the long s matches "s" when case is ignored)
    "\x010\x01 \u212aeeps its hq in \x011\x01",  # (the Kelvin sign matches "k")
    "she moved to ",
    "my account at ",
    "I had dinner with Dr. ",
    "we flew back to ",
    "the city of ",
    "",
]


def test_needed_reads_literals_branches_and_repeats() -> None:
    assert needed(re.compile(r"\bworks?\s+at\b")) == (("work",), False)  # (the longer of "work", "at")
    assert needed(re.compile(r"(?:leave|quit)\s+\d+")) == (("leave", "quit"), False)
    assert needed(re.compile(r"(?:leave|quit)\s+\d+", re.I)) == (("leave", "quit"), True)
    assert needed(re.compile(r"a(?:b|\d)c")) is not None  # ("a" or "c": one of them, each alone)
    assert needed(re.compile(r"(?:foo)?\d+")) is None  # (an optional part is needed by no match)
    assert needed(re.compile(r"(?:foo|\d)")) is None  # (a branch that needs nothing)
    assert needed(re.compile(r"é+", re.I)) is None  # (a folded non-ASCII letter: no test)


def test_may_match_is_false_only_where_the_pattern_finds_nothing() -> None:
    texts = [*_TEXTS, *(s for s, _ in corpus(600, seed=11)), *(q for _, q in corpus(600, seed=11))]
    texts += [t.upper() for t in texts[:200]] + [t.replace("a", "á") for t in texts[:100]]
    skipped = 0
    for pattern in _patterns():
        need = needed(pattern)
        for text in texts:
            if not may_match(need, text, text.lower()):
                skipped += 1
                assert pattern.search(text) is None, (pattern.pattern, text)
    assert skipped > 10_000  # (the test is not empty: most searches are skipped)


@pytest.mark.parametrize("text", ["\x010\x01 ſtarted working at \x011\x01", "Ana \u212aeeps it"])
def test_text_outside_ascii_is_always_searched_when_case_is_ignored(text: str) -> None:
    need = needed(re.compile(r"started|keeps", re.IGNORECASE))
    assert need is not None
    assert may_match(need, text, text.lower())
