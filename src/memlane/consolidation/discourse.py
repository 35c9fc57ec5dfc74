"""Leading discourse phrases: what opens a statement without adding to it ("FYI,", "Just so you know,",
"As I said,", "Actually,"). Consolidation reads a statement without them both when it compares statements
(``signature.signature``: "FYI, Mira owns a bakery in Ghent" says what "Mira owns a bakery in Ghent"
says) and when it picks the merged wording (``wording.kept_wording``)."""

from __future__ import annotations

import re

__all__ = ["strip_discourse"]

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


def strip_discourse(content: str) -> tuple[str, int]:
    """``content`` without its leading discourse phrases, and how many there were. The first letter is
    capitalised when the original's was ("Actually, the sync moved" → "The sync moved")."""
    rest, count = content.strip(), 0
    while (match := _LEAD_RE.match(rest)) is not None:
        rest, count = rest[match.end() :], count + 1
    if count and content.lstrip()[:1].isupper():
        rest = rest[:1].upper() + rest[1:]
    return rest, count
