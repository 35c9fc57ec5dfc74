"""Which wording a consolidated memory keeps (pure; ``service`` writes it).

Members of one cluster say the same thing, so the longest is not the best: "Really, Mira owns a bakery
in Ghent" is longer than "Mira owns a bakery in Ghent" only by its filler. The merged memory keeps the
member that says the most — the most distinct content words once fillers are left out (``FILLERS`` of
``duplicates``: "really", "actually", "said"...) — then, among equals, the one with the fewest fillers,
then the newest. A leading discourse phrase ("FYI", "Just so you know,", "As I said,", "Actually,")
carries nothing of the fact: it is dropped from the kept wording. Every member's own words stay in the
merged memory's provenance and history, so nothing said is lost.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache

from .. import text
from ..models import Memory
from .duplicates import FILLERS

__all__ = ["kept_wording", "strip_discourse"]

#: phrases that open a statement without adding to it; several may follow one another
_PHRASES = (
    r"just\s+so\s+you\s+know|just\s+(?:a\s+)?(?:fyi|heads\s+up)|for\s+your\s+information|fyi|fwiw|btw|tbh|imo|"
    r"by\s+the\s+way|as\s+i\s+(?:said|mentioned|told\s+you)(?:\s+before|\s+earlier)?|as\s+(?:already\s+)?"
    r"mentioned|like\s+i\s+said|for\s+the\s+record|to\s+be\s+(?:honest|clear)|just\s+to\s+be\s+clear|"
    r"for\s+what\s+it'?s\s+worth|in\s+fact|heads\s+up|quick\s+note|ps|p\.s\."
)
#: single words that open a statement as a hedge or filler only when punctuation follows ("So, Mira..."
#: but not "So far..."; "Actually, ..." but not "Really good bread...")
_WORDS = r"really|actually|honestly|basically|anyway|anyhow|well|so|ok|okay|oh|also|note|remember|again"
_LEAD_RE = re.compile(
    rf"^\W*(?:(?:{_PHRASES})(?:\s*[,:;!.—–-]+\s*|\s+)|(?:{_WORDS})\s*[,:;!.—–-]+\s*)(?=\w)", re.IGNORECASE
)
_WORD_RE = re.compile(r"[a-z]+")


def strip_discourse(content: str) -> tuple[str, int]:
    """``content`` without its leading discourse phrases, and how many there were. The first letter is
    capitalised when the original's was ("Actually, the sync moved" → "The sync moved")."""
    rest, count = content.strip(), 0
    while (match := _LEAD_RE.match(rest)) is not None:
        rest, count = rest[match.end() :], count + 1
    if count and content.lstrip()[:1].isupper():
        rest = rest[:1].upper() + rest[1:]
    return rest, count


@cache
def _filler_stems() -> frozenset[str]:
    return text.content_words(" ".join(sorted(FILLERS)))


def _rank(member: Memory) -> tuple[int, int, datetime, str]:
    core, leading = strip_discourse(member.content)
    inline = sum(1 for w in _WORD_RE.findall(core.lower()) if w in FILLERS)
    said = len(text.content_words(core) - _filler_stems())
    return (said, -(leading + inline), member.observed_at, member.id)


def kept_wording(cluster: list[Memory]) -> Memory:
    """The member whose wording the merged memory keeps (module docstring), with its leading discourse
    phrases dropped from ``content``; its other fields are the member's."""
    head = max(cluster, key=_rank)
    core, leading = strip_discourse(head.content)
    return head.model_copy(update={"content": core}) if leading else head
