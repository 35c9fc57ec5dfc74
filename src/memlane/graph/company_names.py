"""Company names that grow or shrink without a legal form: "Tarkon" for "Tarkon Logistics", "Northwind"
for "Northwind Traders", "Calloway Pharmacies" for "Calloway Pharmacy".

A company is often called by its distinctive name alone, dropping the words that say what it does
("Logistics", "Traders", "Software"). Those words are ordinary English nouns and adjectives; the name
they follow is not ("Tarkon", "Northwind"). So a name made of the first words of a known company's name
is a short reference to it when:

* the words dropped are all common words (``lemminflect``'s English lexicon, already read for
  supersession; no model), which tells "Northwind Traders" (a business word) from "Siemens Healthineers"
  (a name of its own, another company of the group);
* and the short name has a word of its own that is not a common word, or is a noun and no adjective
  (``names_itself``): "Sequoia" is Sequoia Capital, but "General" alone is not "General Motors".

Only in that direction: a known short name does not grow into a longer one without a legal form
("Northwind Health" is another customer than "Northwind"; :func:`memlane.graph.resolution` keeps its
legal-form rule for that direction). Resolution also demands that exactly one company fits.

A plural and a singular of the same noun are one name ("Calloway Pharmacy" / "Calloway Pharmacies").

Pure functions of folded (lower-case ASCII) words; the lexicon is read on first use.
"""

from __future__ import annotations

import bisect
from functools import lru_cache

from ..text.lexicon import lemminflect

__all__ = [
    "is_clipped_word",
    "is_common_word",
    "is_noun",
    "is_trade_word",
    "names_itself",
    "short_reference",
    "singular_form",
]


@lru_cache(maxsize=65536)
def _readings(word: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted(lemminflect().getAllLemmas(word).items()))


def is_common_word(word: str) -> bool:
    """Whether a folded word is an English noun or adjective in the lexicon ("logistics", "traders",
    "global"), as opposed to a name ("tarkon", "healthineers")."""
    return word.isalpha() and any(pos in ("NOUN", "ADJ") for pos, _ in _readings(word))


def is_noun(word: str) -> bool:
    """Whether a folded word is an English noun in the lexicon and never an adverb ("grills",
    "kettles"; not "also", "today" is one): the head a name before it can modify."""
    found = {pos for pos, _ in _readings(word)} if word.isalpha() else set()
    return "NOUN" in found and "ADV" not in found


def is_trade_word(word: str) -> bool:
    """A common word, or a verb's "-ing" form, which names a trade after a company's name as a noun
    does ("Nordfjord Shipping", "Kestrova Consulting": the lexicon files them as verbs only), or a
    common word clipped or written in another language (:func:`is_clipped_word`: "Zuellig Pharma",
    "Korek Telecom", "Karolinska Institutet"). Only for the words a short reference drops: a name that
    is such a form ("Manning") is still a name."""
    return (
        is_common_word(word)
        or (word.isalpha() and word.endswith("ing") and any(pos == "VERB" for pos, _ in _readings(word)))
        or is_clipped_word(word)
    )


#: the fewest letters of a clipped word ("pharma", "telecom"), and of the common word another
#: language's word extends by one or two letters ("institut-et", "domain-e")
_CLIPPED_LETTERS = 4
_STEM_LETTERS = 6


@lru_cache(maxsize=65536)
def is_clipped_word(word: str) -> bool:
    """A folded word that is no common word itself but the start of a longer common noun or adjective
    ("pharma": pharmaceutical, "telecom": telecommunication, "theatr": theatre), or such a word of six
    letters or more with one or two letters after it (another language's form: "institutet":
    institute, "domaine": domain)."""
    if len(word) < _CLIPPED_LETTERS or not word.isalpha() or is_common_word(word):
        return False
    lemmas = _lemmas()
    at = bisect.bisect_left(lemmas, word)
    for lemma in lemmas[at : at + 50]:
        if not lemma.startswith(word):
            break
        if len(lemma) >= len(word) + 2 and is_common_word(lemma):
            return True
    for cut in (1, 2):
        stem = word[:-cut]
        if len(stem) >= _STEM_LETTERS and is_common_word(stem):
            return True
    return False


@lru_cache(maxsize=1)
def _lemmas() -> tuple[str, ...]:
    """The lexicon's lemmas in lower-case letters, sorted (for the words a clipped word begins)."""
    from lemminflect.core.Inflections import Inflections

    lemminflect()
    table = getattr(Inflections(), "infl_dict", None) or {}
    return tuple(sorted(w for w in table if w.isalpha() and w.islower()))


def singular_form(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words with the last one as its singular when it is a noun's plural ("pharmacies" ->
    "pharmacy"); a name that is no English noun is kept ("jones")."""
    if not words:
        return words
    for pos, lemmas in _readings(words[-1]):
        if pos == "NOUN" and lemmas and lemmas[0] != words[-1]:
            return (*words[:-1], lemmas[0])
    return words


def short_reference(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """``short`` is ``long``'s first words and ``long``'s other words are all common words, while
    ``short`` has a word that is not ("tarkon" / "tarkon logistics"; not "siemens" / "siemens
    healthineers", not "general" / "general motors")."""
    if not short or len(short) >= len(long) or long[: len(short)] != short:
        return False
    rest = long[len(short) :]
    return all(is_trade_word(w) for w in rest) and any(names_itself(w) for w in short)


def names_itself(word: str) -> bool:
    """A folded word that can be a company's name on its own: no English noun or adjective ("tarkon"),
    or a noun that is no adjective ("sequoia" of "Sequoia Capital", "dell", "shell"). An adjective
    ("general", "united", "national", "global") qualifies the words that follow it in a name: "General"
    alone is no more General Motors than General Electric."""
    if not word.isalpha():
        return False
    readings = dict(_readings(word))
    return not ("NOUN" in readings or "ADJ" in readings) or "ADJ" not in readings
