"""The senses of names read the words before a name in its last words only (``senses._tail``): the
patterns searched there must not span more words than that, and the answers must be those of a search
of the whole sentence before the name."""

from __future__ import annotations

import math
import re
import re._constants as _c  # type: ignore[import-not-found,unused-ignore]
import re._parser as _p  # type: ignore[import-not-found,unused-ignore]
from typing import Any

import pytest

from memlane.graph import senses


def _gaps(items: Any) -> float:
    """The most runs of whitespace one match of this parsed sequence can contain (inf: unbounded)."""
    total = 0.0
    for op, arg in items:
        if op is _c.LITERAL:
            total += chr(arg).isspace()
        elif op in (_c.ANY, _c.NOT_LITERAL):
            total += 1  # (may match a space)
        elif op is _c.IN:
            total += any(
                (o is _c.CATEGORY and a is _c.CATEGORY_SPACE)
                or o is _c.NEGATE
                or (o is _c.LITERAL and chr(a).isspace())
                for o, a in arg
            )
        elif op is _c.SUBPATTERN:
            total += _gaps(arg[-1])
        elif op is _c.BRANCH:
            total += max(_gaps(branch) for branch in arg[1])
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            low, high, body = arg
            inner = _gaps(body)
            if inner and high > 1 and not (len(body) == 1 and body[0][0] is not _c.SUBPATTERN):
                return math.inf  # (a repeated group with a space in it)
            total += inner  # (a repeated single item is one run)
        elif op in (_c.ASSERT, _c.ASSERT_NOT, _c.GROUPREF):
            return math.inf  # (look-arounds read outside the words: not allowed there)
    return total


@pytest.mark.parametrize(
    "pattern",
    [senses._OBJECT, senses._TOPONYM, *(p for p, _ in senses._FRAMES)],
    ids=lambda p: p.pattern[:30],
)
def test_patterns_before_a_name_span_fewer_words_than_the_tail(pattern: re.Pattern[str]) -> None:
    # a match with n runs of whitespace in it touches at most n + 1 words
    assert _gaps(list(_p.parse(pattern.pattern, pattern.flags))) + 1 <= senses._NEAR_WORDS


def test_the_patterns_before_a_name_look_behind_by_word_boundaries_only() -> None:
    for pattern in (senses._OBJECT, senses._TOPONYM, senses._TITLE, senses._BEFORE_NOUN, *(
        p for p, _ in senses._FRAMES
    )):  # fmt: skip
        assert "(?<" not in pattern.pattern, pattern.pattern


def test_tail_cuts_after_whitespace() -> None:
    assert senses._tail("we all went on a long road trip back to ", 4) == "road trip back to "
    assert senses._tail("a\tlong  road trip\u00a0back to  ", 4) == "road trip\u00a0back to  "
    assert senses._tail("back to ", 4) == "back to "
    assert senses._tail("", 1) == ""
    assert senses._tail("  the planet ", 1) == "planet "


def _whole(name: str, text: str) -> str | None:
    """``sense_of`` with every pattern before the name searched in the whole sentence before it."""
    saved = senses._tail
    senses._tail = lambda before, words: before  # type: ignore[assignment]
    try:
        return senses.sense_of.__wrapped__(name, text)  # type: ignore[attr-defined]
    finally:
        senses._tail = saved  # type: ignore[assignment]


_LONG = "Yesterday after a very long and tiring meeting with several of the regional managers, "


@pytest.mark.parametrize(
    ("cue", "sense"),
    [
        ("I have an account at Mercury", "organisation"),
        ("she has a credit card with Monzo", "organisation"),
        ("we ate an Apple", "food"),
        ("they went on a road trip back to Denver", "place"),
        ("he grew up in Lagos", "place"),
        ("I met Mr. Tarrant", "person"),
        ("one of the big planets Mercury", "celestial body"),
        ("my colleague, Paris", "person"),
        ("the city of Paris", "place"),
        ("X-planet Mercury", "celestial body"),
        ("(planet Mercury", "celestial body"),
        ("the re-planet Mercury", None),
        ("a Planet Mercury", None),
        ("a walk with Jordan", None),
    ],
)
def test_sense_in_the_last_words_is_the_sense_in_the_whole_sentence(cue: str, sense: str | None) -> None:
    name = cue.split()[-1]
    for text in (cue, _LONG + cue, _LONG.upper() + cue, cue.replace(" ", "   "), "\t".join(cue.split())):
        assert _whole(name, text) == senses.sense_of(name, text)
    assert senses.sense_of(name, cue) == senses.sense_of(name, _LONG + cue) == sense
