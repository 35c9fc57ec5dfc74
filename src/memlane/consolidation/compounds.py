"""Noun compounds (``compounds``: "a **child psychologist**") and a compound's noun that plays another
part in the other statement (``modifier_moved``: "a psychologist with children", "Ana's child is a
psychologist"): docs/consolidation.md, rule 8. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import text
from ..text.claims import analyse
from .discourse import strip_discourse
from .signature import MARKERS, normalise
from .strict_reading import TIME_WORDS, phrase_words, reading, rewritten, strict_canonical
from .synonyms import stems_of, word_stem
from .verb_forms import SEQ_TOKEN_RE, plural_subject, verb_form

__all__ = [
    "compounds",
    "modifier_moved",
]


#: words before a compound: a determiner, a possessive or a preposition ("a child psychologist",
#: "Noor's dentist appointment", "at the window seat"); a compound anywhere else may be a subject and its
#: verb ("The kids go to bed") or a statement's first words
_BEFORE_COMPOUND = frozenset(
    re.findall(
        r"\w+",
        "a an the his her their my our your its s this that these those some any no every each another "
        "in on at for with of by from to into",
    )
)


@lru_cache(maxsize=65536)
def _noun(low: str, modifier: bool) -> bool:
    """Whether ``low`` reads as a noun: lemminflect lists a noun reading and it is no verb form but the
    base ("goes", "cooks"); a ``modifier`` has no adjective reading either ("green tea")."""
    import lemminflect

    readings = lemminflect.getAllLemmas(low)
    if "NOUN" not in readings or verb_form(low) != "":
        return False
    return not modifier or "ADJ" not in readings


@lru_cache(maxsize=65536)
def compounds(content: str) -> frozenset[tuple[str, str]]:
    """The noun compounds of a statement as (modifier, head) words (``same_statement``'s stems): two
    nouns side by side after a determiner, a possessive or a preposition, no name, number or time word
    among them ("a **child psychologist**", "Noor's **dentist appointment**")."""
    raw = SEQ_TOKEN_RE.findall(rewritten(content))
    canon, _ = strict_canonical()
    out: set[tuple[str, str]] = set()
    for i in range(1, len(raw) - 1):
        w, h = raw[i], raw[i + 1]
        if raw[i - 1].lower() not in _BEFORE_COMPOUND or not (w.isalpha() and h.isalpha()):
            continue
        low_w, low_h = w.lower(), h.lower()
        if w[:1].isupper() or h[:1].isupper() or {low_w, low_h} & (TIME_WORDS | MARKERS):
            continue
        if _noun(low_w, True) and _noun(low_h, False) and not plural_subject(w, raw[i - 1]):
            stems_w, stems_h = text.content_words(low_w), text.content_words(low_h)
            if len(stems_w) == 1 and len(stems_h) == 1:
                (sw,), (sh,) = stems_w, stems_h
                sw, sh = word_stem(low_w) or sw, word_stem(low_h) or sh  # "colour" / "color"
                out.add((canon.get(sw, sw), canon.get(sh, sh)))
    return frozenset(out)


def modifier_moved(a: str, b: str) -> bool:
    """Whether a noun that modifies another in one statement ("Ana is a **child psychologist**")
    plays another part in the other: said in a "with" phrase ("a psychologist **with children**": whom
    one has or is with, not what kind) or made the subject ("Ana's **child** is a psychologist"). A
    compound names a kind; the same words so placed say another fact. Other rewordings of a compound
    are not compared ("a peanut allergy" / "allergic to peanuts", "office parking" / "parking at the
    office")."""
    for x, y in ((a, b), (b, a)):
        moved = compounds(x) - compounds(y)
        if not moved:
            continue
        tokens_y, bag_y, _ = reading(y)
        phrases = phrase_words(tokens_y)
        accompanied = set(phrases.get("~with", ())) | set(phrases.get("~without", ()))
        claims = analyse(normalise(strip_discourse(y)[0])).claims
        canon, lexical = strict_canonical()[0], stems_of(a, b)
        subject = {canon.get(w, lexical.get(w, w)) for c in claims for w in c.subject}
        for w, h in moved:
            if w in bag_y and h in bag_y and (w in accompanied or (w in subject and h not in subject)):
                return True
    return False
