"""Names written as their initials: "JIFF" for the Jeonju International Film Festival, "MoTA" for the
Ministry of Tourism and Antiquities, "BCG" for the Boston Consulting Group, "the EA" for the
Environment Agency.

What ``resolution`` read before this (``_acronym_of``) was the capitals of an organisation's base name,
which drops the words a short reference drops ("Group", "Company"), and of a team's, system's or
project's name. Initialisms are made from the whole name, though: the words after the distinctive ones
("Boston Consulting **G**roup", "Brahmaputra Valley Tea **C**ompany Ltd": BCG, BVTC), the small words
written in lower case when they are counted ("Mo**T**A", "D**f**T"), and the name of any kind of thing
an organisation, event, institution or place is ("FLL", "LNOB", "LA"). A legal form is part of it only
when written out as a word at the end of a name of three words or more ("Falkland Islands **C**ompany":
FIC, "Accident Compensation **C**orporation": ACC), read with it and without it.

An initialism here is one word of two to six letters, at least two of them capitals and the first one a
capital ("MoTA", not "Mota"; "IBM", not "Ibm"), optionally with dots ("M.I.T.") and after "the". Its
capitals must be the initials of the name's words, small words ("of", "and", "de") counted or not, and
when it has lower-case letters, those must be the small words' (so "DfT" is the Department for
Transport and "MoTA" the Ministry of Tourism and Antiquities, while "DoT" is not "Department for
Transport"). Which entity an initialism is stays for resolution to decide: two known names with the same
initials leave it ambiguous, and a word written in capitals that is also a word ("CAT", "ACE") is an
initialism only of a name known with those initials.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .legal_forms import basename

__all__ = [
    "initialism_keys",
    "is_initialism",
    "is_initialism_of",
    "is_syllable_acronym_of",
    "is_syllable_word",
    "syllable_keys",
]

#: words an initialism may leave out or write in lower case ("Ministry of Tourism and Antiquities":
#: MoTA, MTA), in English and the languages whose organisations' names resolution meets most
SMALL_WORDS = frozenset(
    {"of", "the", "and", "for", "in", "on", "at", "a", "an", "to", "&"}
    | {"de", "del", "la", "las", "los", "el", "da", "do", "dos", "das", "di", "du", "des", "der", "den"}
    | {"von", "van", "y", "e", "et", "und", "en", "och", "og", "ve", "i"}
    # (session 19) French, Italian, Spanish and Portuguese articles and prepositions, and the elided
    # articles "l'" / "d'" ("Banque pour le Commerce Extérieur Lao": BCEL; "... de l'Afrique de
    # l'Ouest": BCEAO)
    | {"le", "les", "pour", "par", "sur", "au", "aux", "l", "d"}
    | {"della", "delle", "dello", "dei", "degli", "per", "para", "por", "al"}
    # (session 29) Romanian, German, Dutch, Portuguese, Polish and Scandinavian prepositions and
    # articles ("Agenția Națională pentru Siguranța Alimentelor": ANSA, "Landesamt für ...")
    | {"pentru", "si", "din", "fur", "zur", "zum", "im", "vom", "voor", "het", "em", "na", "dla", "fra", "af"}
)
#: an article elided before a word in lower case ("de l'Ouest", "dell'Arte"): read as a word of its own
_ELIDED = re.compile(r"\b(l|d|dell|all|nell|sull)['’](?=\w)")

_WORD = re.compile(r"^(?:the\s+)?((?:[A-Za-z]\.){2,6}|[A-Za-z]{2,6})$", re.IGNORECASE)
_SPLIT = re.compile(r"[\s\-–/]+")


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=16384)
def is_initialism(name: str) -> str | None:
    """The letters of ``name`` as written when it is written as an initialism ("MoTA", "the EA",
    "M.I.T."), else None."""
    found = _WORD.match(name.strip())
    if found is None:
        return None
    letters = found[1].replace(".", "")
    if not letters[0].isupper() or sum(c.isupper() for c in letters) < 2:
        return None
    return letters


@lru_cache(maxsize=16384)
def _words(name: str) -> tuple[tuple[str, ...], ...]:
    """The words of ``name`` without its legal form, folded, with hyphenated words read as one word and
    as two ("UPM-Kymmene", "Hewlett-Packard": HP)."""
    bare = basename(name) or name
    texts = [_fold(bare).replace("&", " & ")]
    dropped = (
        _fold(name.strip()[len(bare) :]).strip(" .,").casefold().split()
        if name.strip().startswith(bare)
        else []
    )
    if dropped and all(w in _SPELT_OUT_FORMS for w in dropped) and len(bare.split()) >= 2:
        # a legal form written as a word of the name, which its initials count ("Falkland Islands
        # Company": FIC, "Accident Compensation Corporation": ACC), with two words or more before it
        texts.append(_fold(name.strip()).replace("&", " & "))
    if (words := bare.split()) and len(words) >= 3 and words[-1].casefold() in _SPELT_OUT_FORMS:
        # a legal form written as a word before another one ("Laos-China Railway Company Limited"):
        # read without it too, as when it ends the name
        texts.append(_fold(" ".join(words[:-1])).replace("&", " & "))
    texts = [_ELIDED.sub(r"\1 ", text) for text in texts]
    readings = set()
    for text in texts:
        whole = tuple(w for w in re.split(r"[\s/]+", text) if w.strip(".,'’()"))
        split = tuple(w for w in _SPLIT.split(text) if w.strip(".,'’()"))
        readings |= {tuple(w.strip(".,'’()").casefold() for w in words) for words in (whole, split)}
    return tuple(r for r in readings if r)


#: legal forms written out as words that an initialism counts when they end the name (``_words``)
_SPELT_OUT_FORMS = frozenset({"company", "corporation"})


def _spells(letters: str, words: tuple[str, ...]) -> bool:
    """Whether ``letters`` are the initials of ``words`` in order: a capital for each word that is not a
    small word; a small word's initial (either case) or nothing for each small word."""
    if not words:
        return not letters
    word, rest = words[0], words[1:]
    if word in SMALL_WORDS:
        if _spells(letters, rest):
            return True
        return (
            bool(letters) and word != "&" and letters[0].casefold() == word[0] and _spells(letters[1:], rest)
        )
    return (
        bool(letters)
        and letters[0].isupper()
        and letters[0].casefold() == word[0]
        and _spells(letters[1:], rest)
    )


@lru_cache(maxsize=16384)
def is_initialism_of(short: str, name: str) -> bool:
    """Whether ``short`` is written as an initialism of ``name`` (see the module docstring)."""
    letters = is_initialism(short)
    if letters is None or is_initialism(name) is not None:
        return False
    return any(
        len(words) >= 2 and all(w[0].isalpha() or w == "&" for w in words) and _spells(letters, words)
        for words in _words(name)
    )


def initialism_keys(name: str) -> frozenset[str]:
    """The keys a store files ``name`` under as an initialism, folded: the initials of its words with
    the small words left out and counted ("mta", "motaa" for the Ministry of Tourism and Antiquities);
    a name written as an initialism gives its capitals ("MoTA": "mta")."""
    if (letters := is_initialism(name)) is not None:
        return frozenset({"".join(c for c in letters if c.isupper()).casefold(), letters.casefold()})
    keys: set[str] = set()
    for words in _words(name):
        if len(words) < 2 or not all(w[0].isalpha() or w == "&" for w in words):
            continue
        keys.add("".join(w[0] for w in words if w not in SMALL_WORDS))
        keys.add("".join(w[0] for w in words if w != "&"))
    return frozenset(k for k in keys if len(k) >= 2)


# ----------------------------------------------------------------------------------------------
# Syllable acronyms: "TANAPA" for Tanzania National Parks, "CalMac" for Caledonian MacBrayne

#: the longest start of one word a syllable acronym takes ("Cal" + "Mac", "Uni" + "Pa", "Ta" + "Na" + "Pa")
_SYLLABLE = 4
_SYLLABLE_WORD = re.compile(r"^[A-Za-z]{3,8}$")


#: two initials or more, then a capitalised word's start ("GTBank", "OSGeo": capitals, then lower case)
_CAPITALS_THEN_WORD = re.compile(r"^[A-Z]{3,}[a-z]{2,}$")


def _syllable_letters(short: str) -> str | None:
    """The letters of ``short`` when it is written as a syllable acronym: one word of three to eight
    letters, all capitals ("TANAPA", "IFRA"), capitals inside it after a lower-case letter ("CalMac",
    "UniPa"; not "Concor", a word), or initials before a word's start ("GTBank"); not an English word
    written in capitals ("PINS", "CARE")."""
    word = short.strip()
    if not _SYLLABLE_WORD.match(word):
        return None
    if word.isupper():
        from .company_names import is_common_word

        return None if is_common_word(word.casefold()) else word
    if word[0].isupper() and any(a.islower() and b.isupper() for a, b in zip(word, word[1:], strict=False)):
        return word
    if _CAPITALS_THEN_WORD.match(word):
        return word  # initials, then a word's start ("GTBank": Guaranty Trust Bank)
    return None


def is_syllable_word(name: str) -> bool:
    """Whether ``name`` is written as a syllable acronym may be (:func:`_syllable_letters`)."""
    return _syllable_letters(name) is not None


def _pieces(letters: str, words: tuple[str, ...], capitals: str) -> bool:
    """Whether ``letters`` (folded) are starts of ``words`` in order, one to :data:`_SYLLABLE` letters
    of each word (small words give none), a capital of ``capitals`` (the letters as written, when not
    all capitals) where each start begins."""
    if not words:
        return not letters
    word, rest = words[0], words[1:]
    if word in SMALL_WORDS:
        return _pieces(letters, rest, capitals)
    for n in range(min(_SYLLABLE, len(word), len(letters)), 0, -1):
        if letters[:n] != word[:n]:
            continue
        if capitals and not (capitals[0].isupper() and all(c.islower() for c in capitals[1:n])):
            # (a start written otherwise than one capital and lower case: a shorter start may be, "EN"
            # of "FinCEN" the initials of Enforcement Network)
            continue
        if _pieces(letters[n:], rest, capitals[n:] if capitals else ""):
            return True
    return False


@lru_cache(maxsize=16384)
def is_syllable_acronym_of(short: str, name: str) -> bool:
    """Whether ``short`` is written as a syllable acronym of the organisation name ``name``: the starts
    of its words in order, every word but the small ones giving one (up to four letters), at least one
    start longer than a letter ("TANAPA": Tanzania National Parks, "IFRA": International Fragrance
    Association, "UNACEM": Unión Andina de Cementos S.A.A., "CalMac": Caledonian MacBrayne, "UniPa":
    Università di Palermo). An initialism (a letter of each word) is :func:`is_initialism_of`'s."""
    written = _syllable_letters(short)
    if written is None or _syllable_letters(name) is not None or " " not in name.strip():
        return False
    letters = _fold(written).casefold()
    capitals = "" if written.isupper() else written
    for words in _words(name):
        significant = [w for w in words if w not in SMALL_WORDS]
        if (
            2 <= len(significant) < len(letters)
            and all(w.isalpha() for w in significant)
            and _pieces(letters, words, capitals)
        ):
            return True
    return False


def syllable_keys(name: str) -> frozenset[str]:
    """The keys a store files ``name`` under for :func:`is_syllable_acronym_of`, folded: a syllable
    acronym's first three letters ("tan" for TANAPA), and of a name of two words or more, the three
    letters a syllable acronym of it may start with (the first word's first three, its first two and
    the next word's first, its first and the next's first two, the first of three words)."""
    if (written := _syllable_letters(name)) is not None:
        return frozenset({_fold(written).casefold()[:3]})
    keys: set[str] = set()
    for words in _words(name):
        w = [x for x in words if x not in SMALL_WORDS]
        if len(w) < 2 or not all(x.isalpha() for x in w):
            continue
        keys |= {w[0][:3], w[0][:2] + w[1][:1], w[0][:1] + w[1][:2]}
        if len(w) >= 3:
            keys.add(w[0][0] + w[1][0] + w[2][0])
    return frozenset(k for k in keys if len(k) == 3)
