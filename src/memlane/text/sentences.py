"""Where a sentence ends after a full stop, "!" or "?": the one rule both sentence splitters use
(conversation extraction's ``split_statements`` and the graph's relation reading).

A full stop after a title ("Dr. Okafor", "St. Mary's") or a Latin run-in ("e.g.", "vs.") never ends a
sentence, nor does one after a single capital (initials: "J. R. R. Tolkien", "U.S."). A full stop after a
word that ends a name or a list ("Acme Inc.", "9 a.m.", "etc.", "No. 5") ends one only when the next word
starts like a sentence: not in lower case, not a digit ("I work at Acme Inc. We sell anvils" is two,
"Our client Acme Inc. renews in March" one).
"""

from __future__ import annotations

import re

__all__ = ["STOP_END"]

#: words whose full stop never ends a sentence: titles before a name and Latin run-ins
_TITLES = ["Dr", "Mr", "Mrs", "Ms", "Mx", "Prof", "St", "Rev", "Capt", "Lt", "Sgt", "vs", "e.g", "i.e", "cf"]
#: words that end a name or a list, whose full stop ends a sentence only before a sentence's start
_SOFT = ["Inc", "Ltd", "Corp", "Co", "LLC", "PLC", "GmbH", "Jr", "Sr"]  # the end of a name
_SOFT += ["etc", "No", "a.m", "p.m", "approx", "Dept", "Ave"]


def _not_after(words: list[str]) -> str:
    """Negative lookbehinds, one per word as written and capitalised (a lookbehind has one width)."""
    forms = sorted({f for w in words for f in (w, w[:1].upper() + w[1:])})
    return "".join(rf"(?<!\b{re.escape(f)}\.)" for f in forms)


#: the space after ".", "!" or "?" that ends a sentence (a pattern to compose: each splitter adds its
#: own other ends, line breaks, dashes, semicolons)
STOP_END = (
    r"(?<=[.!?])" + _not_after(_TITLES) + r"(?<!\b[A-Z]\.)(?:" + _not_after(_SOFT) + r"\s+|\s+(?![\sa-z\d]))"
)
