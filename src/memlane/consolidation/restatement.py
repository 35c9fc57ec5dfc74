"""Restatements that only change how a statement is written, not what it says: pure functions.

Consolidation compares statements after ``plain_forms``: contractions spelled out ("I'll" is "I will",
"can't" is "cannot", "won't" is "will not", "they're" is "they are"), "has got" / "'ve got" before what
is had read as "has" ("Ana's got a dog" is "Ana has a dog"), and the extractor's third person as the
speaker's own words ("The user prefers window seats" is "I prefers window seats", "the user's wife" is
"my wife"), since an extracted memory says "the user" where a stored one says "I"
(``extraction.classify`` writes them so). Within one consolidation group (``duplicates.group_key``:
one owner, one related user, one subject) "I" and "the user" name one person: the group's own. The
speaker's words are stopwords of the signature, so "My appointment with Dr. Okafor…" still merges with
"The appointment with Dr. Okafor…", as before.

Left alone: "'s" (is, has, or a possessive), "'d" (had or would), and every other word.
"""

from __future__ import annotations

import re

__all__ = ["plain_forms"]

#: contractions with one reading, spelled out (the auxiliary's "n't" is left to the negation reading)
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\bwon't\b", "will not"),
        (r"\bshan't\b", "shall not"),
        (r"\bcan't\b", "cannot"),
        (r"\bcan not\b", "cannot"),
        (r"\b(I|you|we|they|he|she|it|that|there)'ll\b", r"\1 will"),
        (r"\b(I|you|we|they|who)'ve\b", r"\1 have"),
        (r"\b(you|we|they|who)'re\b", r"\1 are"),
        (r"\bI'm\b", "I am"),
    )
)
#: "has got" / "have got" before what is had is "has" / "have" ("I've got two kids", "Ana's got a dog")
_GOT_RE = re.compile(
    r"\b(has|have|'s)\s+got\s+(?=(?:a|an|the|no|some|two|three|four|\d|my|his|her|their|our|your|its)\b)",
    re.IGNORECASE,
)
_SPACES_RE = re.compile(r"\s+")
#: the extractor's third person as the speaker's words (``extraction.classify`` writes "the user" for
#: "I"): "the user's" is "my", "the user" a subject "I", elsewhere "me"; the first matching wins
_SPEAKER: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\b(?:the\s+)?user's\b", "my"),
        (r"(^|[,;:]\s*|\b(?:and|but|that|who|because|when|if|while|since|so)\s+)the\s+user\b", r"\1I"),
        (r"^user\b", "I"),
        (r"\bthe\s+user\b", "me"),
    )
)


def plain_forms(content: str) -> str:
    """``content`` with contractions spelled out, "has got" as "has" and "the user" as the speaker's
    "I" / "me" / "my" (module docstring)."""
    low = content.lower()
    if "'" in content or "can not" in low:
        for pattern, replacement in _CONTRACTIONS:
            content = pattern.sub(replacement, content)
    if "got" in low:
        content = _GOT_RE.sub(lambda m: " has " if m.group(1).lower() in ("has", "'s") else " have ", content)
        content = _SPACES_RE.sub(" ", content).strip()
    if "user" in low:
        for pattern, replacement in _SPEAKER:
            content = pattern.sub(replacement, content)
    return content
