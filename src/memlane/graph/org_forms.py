"""More forms of an organisation's name: what ``cleanco`` and ``company_names`` leave out.

:func:`memlane.graph.resolution` compares organisations by their base name (``legal_forms.basename``:
cleanco's 321 legal terms removed). This module adds the forms people write that those miss:

* **Legal forms cleanco does not list**: the Gulf's "W.L.L." and "Est." (establishment), a joint-stock
  company written out ("Sao Viet Joint Stock Company" = "Sao Việt JSC"), the legal form written as one
  word with the name before it (Swedish "Telefonaktiebolaget LM Ericsson": *aktiebolaget* is "AB"), and
  the forms of Chinese, Japanese and Korean names written in their own script (株式会社, 有限公司, 주식회사),
  before or after the name, with no space to split them off.
* **Partnership words** after a name, which say how the firm is owned, not what it does: "Accel" =
  "Accel Partners", "Wachtell & Associates" (a base name without them, as "Acme Group" has "acme").
* **A web address as a name**: "Amazon.com, Inc." = "Amazon" (the top-level domain is dropped).
* **"&" or "and" left out**: "Baker McKenzie" = "Baker & McKenzie LLP" (a form without the "and").
* **A university in its own language**: "Universität Heidelberg" = "Heidelberg University" =
  "University of Heidelberg"; "Universität Wien" = "University of Vienna" (the city's name in any
  language, ``places.place_key``). Only the word for university and the town or name it is of; "Ohio
  State University" stays another university than "Ohio University".
* **A company named after a person, or after initials, called by the surname**: "Zeiss" for "Carl Zeiss
  AG", "Ericsson" for "LM Ericsson", "Orlen" for "PKN Orlen" (:func:`head_reference`).

Kept apart on purpose (each is a real other entity as often as the same one; docs/concepts.md,
"Organisation names"): a known name with more words that are no legal form or partnership word is a
division, product or branch ("Google Cloud", "Amazon RDS", "DHL Express", "HSBC Hong Kong", "Müller
Milch"), never merged into the name it starts with; the other direction, a known long name mentioned
by its distinctive head, is ``company_names.short_reference``.

Pure functions; the tables are small and built at import.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .company_names import is_common_word
from .given_names import is_given_name
from .places import place_key

__all__ = [
    "PARTNERSHIP_WORDS",
    "head_keys",
    "head_reference",
    "more_forms",
    "prepare",
    "trim",
    "university_key",
]

#: legal forms of Chinese, Japanese and Korean companies written in their own script, before or after
#: the name with no space: Japanese kabushiki / yūgen / gōdō kaisha, Chinese (limited, joint-stock,
#: limited-liability) company, Korean jusik hoesa and yuhan hoesa, and the abbreviations ㈜ / (주) / (株)
_NATIVE_FORMS = (
    "股份有限公司",
    "有限责任公司",
    "有限責任公司",
    "有限公司",
    "株式会社",
    "有限会社",
    "合同会社",
    "合資会社",
    "合名会社",
    "주식회사",
    "유한회사",
    "㈜",
    "(주)",
    "（주）",
    "(株)",
    "（株）",
    "㈱",
)
_NATIVE = re.compile(
    r"^\s*(?:"
    + "|".join(map(re.escape, _NATIVE_FORMS))
    + r")\s*|\s*(?:"
    + "|".join(map(re.escape, _NATIVE_FORMS))
    + r")\s*$"
)
#: a name that is a web address: "Amazon.com", "Booking.com B.V." (the name without the domain)
_WEB = re.compile(r"(?<=[^\W\d_])\.(?:com|net|org|io|ai|co)\b(?!\.\w)", re.IGNORECASE)

#: legal forms, as folded words at the end of a base name, that cleanco does not list
_TRAILING_FORMS = (
    ("joint", "stock", "company"),
    ("joint", "stock"),
    ("wll",),
    ("est",),
)
#: the legal form written as one word with what comes before it ("Telefonaktiebolaget"): Swedish,
#: Danish, Norwegian, German and Finnish for a stock company
_COMPOUND_FORMS = ("aktiebolag", "aktiebolaget", "aktieselskab", "aksjeselskap", "aktiengesellschaft")
#: words after a name that say how a firm is owned (a partnership, a family firm), not what it does
#: ("& Sons" is kept: "Harris & Sons" is the family's firm, "Harris Plumbing Supply" another)
PARTNERSHIP_WORDS = frozenset({"partners", "partnership", "associates"})

#: "university" in the languages of Europe and beyond (folded), and its short form
_UNIVERSITY = frozenset(
    {
        "university",
        "universitat",
        "universitaet",
        "universite",
        "universidad",
        "universita",
        "universidade",
        "universiteit",
        "universitet",
        "universitetet",
        "uniwersytet",
        "univerzita",
        "univerzitet",
        "universitatea",
        "universitesi",
        "yliopisto",
        "egyetem",
        "uni",
    }
)
#: words between "university" and what it is of ("University of", "Université de", "Universität zu")
_UNIVERSITY_LINKS = frozenset(
    {"of", "the", "de", "di", "da", "do", "du", "del", "della", "degli", "studi", "zu", "van", "at", "in"}
)


def prepare(text: str) -> str:
    """An organisation's name before its legal form is stripped: a native-script legal form removed
    ("桜電機株式会社" -> "桜電機"), a web address's domain dropped ("Amazon.com, Inc." -> "Amazon, Inc.")."""
    if not text.isascii():
        text = _NATIVE.sub("", text) or text
    if "." in text:
        text = _WEB.sub("", text)
    return text


def trim(tokens: list[str]) -> list[str]:
    """A base name's folded words without the legal forms cleanco misses and the partnership words
    ("qatar build wll" -> "qatar build", "accel partners" -> "accel"),
    and without a compound legal form first or last ("telefonaktiebolaget lm ericsson" -> "lm
    ericsson"). At least one word is kept."""
    words = list(tokens)
    changed = True
    while changed and len(words) > 1:
        changed = False
        for form in _TRAILING_FORMS:
            if len(words) > len(form) and tuple(words[-len(form) :]) == form:
                del words[-len(form) :]
                changed = True
        if len(words) > 1 and words[-1] in PARTNERSHIP_WORDS:
            words.pop()
            if len(words) > 1 and words[-1] == "and":
                words.pop()  # "Wachtell & Partners"
            changed = True
        for at in (0, -1):
            if len(words) > 1 and words[at].endswith(_COMPOUND_FORMS):
                del words[at]
                changed = True
    return words


def more_forms(base: str) -> set[str]:
    """Other forms of a base name two spellings share: without its "and"s ("baker and mckenzie" ->
    "baker mckenzie"), and a university's key (:func:`university_key`)."""
    forms = set()
    words = base.split()
    if "and" in words[1:-1]:
        forms.add(" ".join(w for w in words if w != "and"))
    if (key := university_key(base)) is not None:
        forms.add(key)
    return forms


@lru_cache(maxsize=65536)
def university_key(base: str) -> str | None:
    """ "university <what it is of>" for a university's base name in any language and word order
    ("universitat heidelberg", "heidelberg university", "university of heidelberg" -> "university
    heidelberg"); a city's name in another language is its place key ("wien" / "vienna"). None for any
    other name, or one with other words ("heidelberg university hospital")."""
    words = base.split()
    at = [i for i, w in enumerate(words) if w in _UNIVERSITY]
    if len(at) != 1 or len(words) < 2:
        return None
    rest = [w for i, w in enumerate(words) if i != at[0] and w not in _UNIVERSITY_LINKS]
    if not rest:
        return None
    of = " ".join(rest)
    place = place_key(of)
    return f"university {place or of}"


@lru_cache(maxsize=65536)
def _distinctive(word: str) -> bool:
    """A word that names one thing: no English noun or adjective, no given name, no place, three
    letters or more ("zeiss", "ericsson", "orlen"; not "motors", "carl", "uk")."""
    return (
        len(word) >= 3
        and word.isalpha()
        and not is_common_word(word)
        and not is_given_name(word)
        and place_key(word) is None
    )


_CAPITALS = re.compile(r"^[A-Z]{1,4}$")


def _leading_words(name: str) -> tuple[str, ...]:
    """The words of an organisation's name as written, split as its base name is ("LM Ericsson" ->
    ("LM", "Ericsson")), punctuation and dots dropped."""
    return tuple(w for w in re.split(r"[\s.,]+", name) if w)


def head_reference(short_base: str, long_name: str, long_base: str) -> bool:
    """The short name is the last word of the long one, and the long one's other words are a person's
    given names or initials, or an acronym before the name: "Zeiss" for "Carl Zeiss AG", "Ericsson" for
    "Telefonaktiebolaget LM Ericsson", "Orlen" for "PKN Orlen". The last word must be distinctive (no
    common word, given name or place: not "Cook" of "Thomas Cook", not "UK" of "HSBC UK")."""
    short, long = short_base.split(), long_base.split()
    if len(short) != 1 or not 2 <= len(long) <= 3 or long[-1] != short[0] or not _distinctive(short[0]):
        return False
    written = {w.casefold(): w for w in _leading_words(long_name)}
    for word in long[:-1]:
        if is_given_name(word) and not is_common_word(word):
            continue
        if _CAPITALS.match(written.get(word, "")):
            continue
        return False
    return True


def head_keys(name: str, base: str) -> set[str]:
    """The key a long name is found by under its head (:func:`head_reference`): "n:zeiss" for "Carl
    Zeiss AG"."""
    words = base.split()
    if 2 <= len(words) <= 3 and head_reference(words[-1], name, base):
        return {f"n:{words[-1]}"}
    return set()
