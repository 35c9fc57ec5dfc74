"""A statement's signature: the bag of normalised content words the word rule groups by.

The statement's content words (``text.content_words``: stemmed, stopwords dropped, numbers kept, one
``not`` marker for a negation) after normalisations that do not change what is said:

- contractions spelled out and the extractor's "the user" read as the speaker's "I" / "my"
  (``restatement.plain_forms``: "can't" is "cannot", "the user's sister" is "my sister");
- currency symbols read as words (``$1,200`` is ``1,200 dollars``);
- irregular verb forms read as their verb (``began`` is ``begin``, ``bought`` is ``buy``: lemminflect's
  word lists, no model);
- number words read as digits, and every other anchor written one way (``anchors.anchor_forms``, by
  ``restatement.written_forms``: ``two kids`` is ``2 kids``, ``84k pounds`` ``84,000 pounds``);
- words of one meaning are one word (``SYNONYMS``: like / enjoy, love / adore, start / begin, …; a
  preference, a love and a liking are other degrees, ``guards.degree_apart``),
  and filler words that add nothing to the fact are dropped (``FILLERS``: really, also, actually, and
  reporting verbs such as said or mentioned);
- function words that change what is said are kept as markers (``MARKERS``: "without", "before", "up").

``normalise_order`` undoes reorderings that say the same (an apposition, a day before its month, a
currency symbol before its amount). Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .. import text
from ..text.dates import MONTH_ABBREVIATIONS, MONTH_NAMES
from .anchors import anchor_forms
from .discourse import strip_discourse
from .places import place_names
from .relations import relation_forms
from .restatement import plain_forms
from .structure import structure_forms
from .synonyms import stems as synonym_stems

__all__ = [
    "FILLERS",
    "MARKERS",
    "SYNONYMS",
    "WORD_RE",
    "canon_of",
    "irregular",
    "markers",
    "normalise",
    "normalise_order",
    "signature",
    "stem_of",
]


#: words of one meaning, first of each line the one they become (general English, not data-specific)
SYNONYMS: tuple[tuple[str, ...], ...] = (
    # a preference's degree is part of the fact (``degree_apart``): "prefers" compares, "loves" is
    # stronger than "likes", "hates" than "dislikes"; "likes" / "enjoys" / "is fond of" are one sense
    ("like", "enjoy", "fond"),
    ("love", "adore"),
    ("favourite", "favorite"),
    ("hate", "detest", "loathe"),
    ("start", "begin", "commence"),
    ("finish", "end", "complete"),
    ("move", "relocate"),
    ("live", "reside"),
    ("work", "employ", "employed"),
    ("buy", "bought", "purchase", "purchased"),
    ("sell", "sold"),
    ("need", "require"),
    ("leave", "depart"),
    ("schedule", "plan", "book"),
    ("manage", "lead", "head"),
    ("afraid", "scared", "frightened"),
    ("allergic", "allergy"),
    ("call", "name", "named", "called"),
    ("big", "large"),
    ("small", "little"),
    ("fast", "quick"),
    ("doctor", "dr", "physician"),
    ("mother", "mom", "mum"),
    ("father", "dad"),
    ("child", "children", "kid", "kids"),
    ("day", "daily"),
    ("week", "weekly"),
    ("month", "monthly"),
    ("year", "yearly", "annual", "annually"),
    ("night", "nightly"),
    ("hour", "hourly"),
)


#: function words that change what a statement says ("every other Friday" is not "every Friday",
#: "coffee without milk" is not "coffee with milk", "before 9" is not "after 9", "went up" is not
#: "went down"): the keyword
#: tokenizer drops them as stopwords, the signature keeps them as markers
MARKERS: frozenset[str] = frozenset(
    re.findall(
        r"\w+",
        "without only other others more most less least few fewer many much before after above below "
        "under over against ago until since again still already same except up down off out",
    )
)


#: words that add nothing to a fact's content: intensifiers and reporting verbs
FILLERS: frozenset[str] = frozenset(
    [
        "really",
        "also",
        "actually",
        "definitely",
        "currently",
        "truly",
        "basically",
        "honestly",
        "certainly",
        "say",
        "said",
        "says",
        "tell",
        "told",
        "mention",
        "mentioned",
        "note",
        "noted",
        "remember",
        "remembered",
        "think",
        "thinks",
        "believe",
    ]
)


CURRENCY = {"$": " dollars ", "€": " euros ", "£": " pounds ", "¥": " yen "}


_CURRENCY_RE = re.compile("[$€£¥]")


#: a unit's abbreviation of two or three letters after a number ("90 km", "28 ft", "5 kg"): read as
#: the unit's name (``lexicon.unit_name``), as the word spelled out is read
_UNIT_AFTER_RE = re.compile(r"(?<=\d)(\s*-?\s*)([a-z]{1,3})\b")


def _unit_named(match: re.Match[str]) -> str:
    from . import lexicon

    word = match.group(2)
    if len(word) < 2 or word in text.STOPWORDS or word in MARKERS or not lexicon.available():
        return match.group()  # "in 1985 in Oslo", "5 k": a function word or a letter
    name = lexicon.unit_name(word)
    return match.group() if name is None or "_" in name else f" {name}"


WORD_RE = re.compile(r"[a-z]+")


#: multiplicative adverbs of a frequency ("twice a week" is "two times a week"); "once" only before a
#: period ("once a month"), since "I once lived in Oslo" counts nothing
_TIMES = {"once": "1 time", "twice": "2 times", "thrice": "3 times"}


_TIMES_RE = re.compile(r"\b(twice|thrice|once)(\s+(?:a|an|per|each|every)\b|(?<!once)\b)", re.IGNORECASE)


#: a day before its month ("12 September", "12 Sept"): the month first, as "September 12" is written
_DAY_MONTH_RE = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_NAMES}|{'|'.join(MONTH_ABBREVIATIONS)})\b",
    re.IGNORECASE,
)


_CURRENCY_FIRST_RE = re.compile(r"([$€£¥])\s*(\d[\d,.]*)")


#: an apposition: "Eva, Tom's sister, is a pilot" (or "Eva (Tom's sister) is…") -> "Tom's sister Eva is a pilot"
_APPOSITION_RE = re.compile(r"^([A-Z][\w-]*)(?:, | \()([A-Z][\w-]*'s [\w -]+?)(?:,|\))\s+")


def stem_of(word: str) -> str:
    stems = text.tokenize(word)
    return stems[0] if stems else word


@lru_cache(maxsize=1)
def _canonical() -> tuple[dict[str, str], frozenset[str]]:
    """Stems of ``SYNONYMS`` -> the stem of their first word; stems of ``FILLERS``."""
    return canon_of(SYNONYMS, FILLERS)


def canon_of(
    groups: tuple[tuple[str, ...], ...], fillers: Iterable[str]
) -> tuple[dict[str, str], frozenset[str]]:
    canon = {stem_of(word): stem_of(words[0]) for words in groups for word in words}
    return canon, frozenset(stem_of(w) for w in fillers)


def signature(content: str) -> frozenset[str] | None:
    """The statement's normalised content words (module docstring); None when fewer than two remain
    (too little to tell a duplicate from a coincidence)."""
    content = strip_discourse(content)[0]  # "FYI, Mira owns a bakery" says what "Mira owns a bakery" says
    normalised = normalise(content)
    canon, fillers = _canonical()
    lexical = synonym_stems(normalised)  # "automobile" is "car", "colour" "color" (WordNet)
    words = frozenset(
        canon.get(v, lexical.get(v, v))
        for v in map(irregular, text.content_words(normalised))
        if v not in fillers
    )
    if len(words) < 2:
        return None
    return words | markers(normalised)


def normalise(content: str, plans: bool = True) -> str:
    """Contractions spelled out and the speaker as "the user" (``restatement.plain_forms``), a place's
    names in other languages as one (``places.place_names``), a relation said from the other side as
    its possessive (``relations.relation_forms``: "Ana reports to Leo" is "Ana's manager is Leo"),
    currency symbols as words, number words as digits (``anchors``), "twice" as "2 times". With
    ``plans=False`` a plan's progressive stays as written ("is moving in June": ``tense`` reads it as
    under way)."""
    normalised = structure_forms(relation_forms(place_names(plain_forms(content, plans))))
    normalised = _CURRENCY_RE.sub(lambda m: CURRENCY[m.group()], normalised)
    normalised = _TIMES_RE.sub(lambda m: _TIMES[m.group(1).lower()] + m.group(2), normalised)
    return _UNIT_AFTER_RE.sub(_unit_named, normalised)


def normalise_order(content: str) -> str:
    """An apposition as a possessive ("Eva, Tom's sister, is…" -> "Tom's sister Eva is…"), a currency
    symbol after its amount ("$1,200" -> "1,200 dollars"), a day before its month after it; the anchors
    written one way first (``anchors.anchor_forms``: "£84k" is "84,000 pounds", "the third of March" "3
    March", so that the order read is the value's)."""
    content = _APPOSITION_RE.sub(lambda m: f"{m.group(2)} {m.group(1)} ", content)
    content = _DAY_MONTH_RE.sub(lambda m: f"{m.group(2)} {m.group(1)}", anchor_forms(content))
    return _CURRENCY_FIRST_RE.sub(lambda m: f"{m.group(2)}{CURRENCY[m.group(1)]}", content)


def markers(content: str) -> frozenset[str]:
    """The ``MARKERS`` of ``content``, each as ``~word`` (never equal to a content word's stem)."""
    return frozenset("~" + w for w in WORD_RE.findall(content.lower()) if w in MARKERS)


@lru_cache(maxsize=65536)
def irregular(stem: str) -> str:
    """The stem of the verb an irregular form belongs to (``began`` -> ``begin``); others unchanged.
    Stems of regular forms ("schedul") are not in the word lists and stay as they are."""
    import lemminflect  # imported on first use: loading its tables takes ~0.2 s

    lemmas = lemminflect.getLemma(stem, upos="VERB", lemmatize_oov=False)
    if not lemmas or lemmas[0] == stem:
        return stem
    return stem_of(lemmas[0])
