"""More forms of an organisation's name: what ``cleanco`` and ``company_names`` leave out.

:func:`memlane.graph.resolution` compares organisations by their base name (``legal_forms.basename``:
cleanco's 321 legal terms removed). This module adds the forms people write that those miss:

* **Legal forms cleanco does not list** or leaves a part of: "GmbH & Co. KG" (cleanco reads the
  ampersand only as written), the Gulf's "W.L.L." and "Est." (establishment), a joint-stock
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
* **Initials as written**: an acronym that keeps a word already in capitals whole ("ENBD" for "Emirates
  NBD") or an ampersand ("J&J" for "Johnson & Johnson", "P&G") (:func:`written_initials`).
* **Trade words abbreviated**: "Infovara Tech" for "Infovara Technologies", "Intl. Freight Systems"
  for "International Freight Systems" (:func:`abbreviated`).
* **A run of two words or more of a longer name** with a distinctive word among them, whatever the
  words left out say ("Riad Zitoun" for "Riad Zitoun Lakdim", "Qori Millma" for "Cooperativa Agraria
  Qori Millma", "Salines du Croisic" for "Les Salines du Croisic"): the words left out of a name in
  another language are as often what it is as a name, which no English lexicon tells; two words kept,
  one of them distinctive, say which one it is (:func:`run_reference`). Not a word in capitals left out ("Slovan
  Bratislava" is not the hockey club "HC Slovan Bratislava"), and resolution still asks that it fits
  one organisation only ("Nkana Ridge" with Nkana Ridge Copper Mines and Nkana Ridge Smelter known).
* **A name's first and last words with words between left out** ("Federación de Cafeteros" for
  "Federación Nacional de Cafeteros", "clinique des Appalaches" for "Clinique vétérinaire des
  Appalaches", "the Olentangy co-op" for "Olentangy Homeschool Co-op"; a project, an event or a deal
  too: "the haor project" for "Haor Safe Water Project"), when the first word is distinctive and no
  noun for a kind of organisation ("Banco de Colombia" is not "Banco Agrario de Colombia"), the last
  no place's name ("Universidad de Chile" is not "Universidad Católica de Chile"), and no word left
  out is in capitals or a place (:func:`spread_reference`).

Kept apart on purpose (each is a real other entity as often as the same one; docs/concepts.md,
"Organisation names"): a known name with more words that are no legal form or partnership word is a
division, product or branch ("Google Cloud", "Amazon RDS", "DHL Express", "HSBC Hong Kong", "Müller
Milch"), never merged into the name it starts with; the other direction, a known long name mentioned
by its distinctive head, is ``company_names.short_reference``.

Pure functions; the tables are small and built at import.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..text.cjk import RANGES
from ..text.legal_forms import PARTNERSHIP_WORDS
from .company_names import is_common_word, is_trade_word, names_itself
from .given_names import is_given_name
from .places import large_city_of, place_key, territory_of

__all__ = [
    "PARTNERSHIP_WORDS",
    "abbreviated",
    "head_keys",
    "head_reference",
    "more_forms",
    "native_script_reference",
    "org_keys",
    "prepare",
    "refers_to",
    "run_keys",
    "run_reference",
    "spread_keys",
    "spread_reference",
    "trim",
    "university_key",
    "written_initials",
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
#: legal forms of the partner company before "& Co. KG" ("Otto GmbH & Co. KG", "Merck KGaA"'s "AG & Co.")
_FORM_BEFORE_CO = frozenset({"gmbh", "ag", "se", "ug", "bv", "sarl", "sas", "ltd", "llc", "inc"})
#: the legal form written as one word with what comes before it ("Telefonaktiebolaget"): Swedish,
#: Danish, Norwegian, German and Finnish for a stock company
_COMPOUND_FORMS = ("aktiebolag", "aktiebolaget", "aktieselskab", "aksjeselskap", "aktiengesellschaft")

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
        if len(words) > 1 and words[-1] == "and":
            # what cleanco leaves of "GmbH & Co. KG", "AG & Co. KGaA", "& Cie" (it reads "&" only as
            # written, and the base name spells it "and"): a company's name never ends with "and"
            words.pop()
            if len(words) > 1 and words[-1] in _FORM_BEFORE_CO:
                words.pop()
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
    given names or initials, an acronym, or a noun for a kind of organisation that its language puts
    before the name: "Zeiss" for "Carl Zeiss AG", "Ericsson" for "Telefonaktiebolaget LM Ericsson",
    "Orlen" for "PKN Orlen", "Santander" for "Banco Santander", "Sabadell" for "Banco de Sabadell". The
    last word must be distinctive (no common word, given name or place: not "Cook" of "Thomas Cook",
    not "UK" of "HSBC UK"; after a kind of organisation, a city's name is one: "Santander", but not a
    country's: "Banque de France")."""
    if " " in short_base or not long_base.endswith(" " + short_base):
        return False  # (most pairs: no split needed)
    short, long = short_base.split(), long_base.split()
    if len(short) != 1 or not 2 <= len(long) <= 3 or long[-1] != short[0]:
        return False
    kind = long[0] in _KIND_BEFORE
    if not (_distinctive(short[0]) or kind and _distinctive_or_city(short[0])):
        return False
    written = {w.casefold(): w for w in _leading_words(long_name)}
    for word in long[:-1]:
        if kind and (word in _KIND_BEFORE or word in _UNIVERSITY_LINKS):
            continue
        if is_given_name(word) and not is_common_word(word):
            continue
        if _CAPITALS.match(written.get(word, "")):
            continue
        return False
    return True


#: nouns for a kind of organisation written before its name, in the languages that put the head noun
#: first (bank, group, company, society, laboratories, publisher). Not a foundation or institute: "Fundación
#: Telefónica" is another entity than Telefónica.
_KIND_BEFORE = frozenset(
    {"banco", "banca", "banque", "bank", "grupo", "groupe", "gruppo", "grupa", "compania", "compagnie"}
    | {"companhia", "compagnia", "sociedad", "societe", "sociedade", "societa", "laboratorios"}
    | {"laboratoires", "laboratorio", "editions", "editorial", "edizioni", "editora"}
)


@lru_cache(maxsize=65536)
def _distinctive_or_city(word: str) -> bool:
    """A distinctive word (:func:`_distinctive`), or a city's name that is no common word, given name or
    country ("santander", "sabadell")."""
    if _distinctive(word):
        return True
    return (
        len(word) >= 3
        and word.isalpha()
        and not is_common_word(word)
        and not is_given_name(word)
        and (place_key(word) or "").startswith("g:")
    )


def head_keys(name: str, base: str) -> set[str]:
    """The key a long name is found by under its head (:func:`head_reference`): "n:zeiss" for "Carl
    Zeiss AG"."""
    words = base.split()
    if 2 <= len(words) <= 3 and head_reference(words[-1], name, base):
        return {f"n:{words[-1]}"}
    return set()


_CAPITALS_WORD = re.compile(r"^[A-Z]{2,5}$")
_AMPERSAND_INITIALS = re.compile(r"^([A-Z])\s*&\s*([A-Z])$")
_ACRONYM_SKIP = frozenset({"of", "the", "and", "for", "a", "an", "&"})


@lru_cache(maxsize=65536)
def written_initials(name: str) -> frozenset[str]:
    """Acronyms of a name of two words or more as its words are written, folded, that the plain initials
    miss: a word in capitals kept whole ("Emirates NBD" -> "enbd"), and the initials of two names joined
    by "&" or "and" ("Johnson & Johnson" -> "j&j"). Empty for other names."""
    words = [w for w in re.split(r"[\s,]+", name.strip()) if w]
    words = [w for w in words if w.casefold() not in _ACRONYM_SKIP or w == "&"]
    found: set[str] = set()
    if len(words) == 3 and words[1] == "&" and words[0][:1].isupper() and words[2][:1].isupper():
        found.add(f"{words[0][0]}&{words[2][0]}".casefold())
    plain = [w for w in words if w != "&"]
    if (
        2 <= len(plain) <= 4
        and any(_CAPITALS_WORD.match(w) for w in plain)
        and all(w[:1].isupper() for w in plain)
    ):
        found.add("".join(w if _CAPITALS_WORD.match(w) else w[0] for w in plain).casefold())
    return frozenset(found)


@lru_cache(maxsize=65536)
def _as_initials(name: str) -> str | None:
    """A name written as initials ("ENBD", "J&J", "P & G"), folded; else None."""
    text = name.strip().replace(".", "")
    if (pair := _AMPERSAND_INITIALS.match(text)) is not None:
        return f"{pair[1]}&{pair[2]}".casefold()
    return text.casefold() if _CAPITALS_WORD.match(text) and len(text) >= 3 else None


def _abbreviates(short: str, word: str) -> bool:
    """``short`` is a written abbreviation of the common word ``word``: its first letter and then some
    of its letters in order, at least two shorter ("tech" / "technologies", "intl" / "international",
    "mfg" / "manufacturing")."""
    if not (2 <= len(short) <= len(word) - 2 and short[0] == word[0] and short.isalpha()):
        return False
    if not is_trade_word(word):
        return False
    at = 0
    for char in short:
        at = word.find(char, at) + 1
        if at == 0:
            return False
    return True


def abbreviated(short_base: str, long_base: str) -> bool:
    """The short base name is the long one with some of its common words abbreviated, the others the
    same, one of those a word that can be a name (``company_names.names_itself``: "infovara tech" /
    "infovara technologies", "intl freight systems" / "international freight systems"; not "acme tech"
    / "apex technologies", not "global tech" / "global technologies")."""
    if (
        short_base.count(" ") != long_base.count(" ")
        or " " not in short_base
        or short_base[0] != long_base[0]
    ):
        return False  # (most pairs: no split needed)
    short, long = short_base.split(), long_base.split()
    if len(short) != len(long) or len(short) < 2 or short == long:
        return False
    same = [a for a, b in zip(short, long, strict=True) if a == b]
    if not any(names_itself(w) for w in same):
        return False
    return all(a == b or _abbreviates(a, b) for a, b in zip(short, long, strict=True))


@lru_cache(maxsize=65536)
def refers_to(name: str, base: str, known: str, known_base: str, *, whole: bool) -> bool:
    """Whether a mention (``name``, its base name) refers to a known organisation's name (``known``,
    its base) by one of this module's partial forms: the head (:func:`head_reference`, either way; the
    short one must not be a whole registered name, ``whole``), initials as written, or abbreviated
    trade words."""
    if not whole and head_reference(base, known, known_base):
        return True
    if head_reference(known_base, name, base):
        return True
    if (letters := _as_initials(name)) is not None and letters in written_initials(known):
        return True
    if (letters := _as_initials(known)) is not None and letters in written_initials(name):
        return True
    return abbreviated(base, known_base) or abbreviated(known_base, base)


def org_keys(name: str, base: str) -> set[str]:
    """The keys an organisation's name is found by under this module's forms: its other forms
    (:func:`more_forms`), its head (:func:`head_keys`), its initials as written and as a mention of
    initials ("n:enbd", "n:j&j")."""
    keys = {f"n:{form}" for form in more_forms(base)} | head_keys(name, base)
    keys |= {f"n:{letters}" for letters in written_initials(name)}
    if (letters := _as_initials(name)) is not None:
        keys.add(f"n:{letters}")
    return keys


#: the most words of a name a run (:func:`run_reference`) is looked for in
_LONGEST_RUN_NAME = 7
#: small words a run neither starts nor ends with ("du croisic" of "les salines du croisic")
_RUN_EDGES = frozenset({"of", "the", "and", "for", "in", "on", "at", "a", "an", "de", "du", "des", "del"})
_RUN_EDGES |= frozenset({"la", "le", "les", "los", "las", "el", "da", "do", "das", "dos", "di", "der"})


def _run_words(name: str, base: str) -> list[str] | None:
    """The words of a base name a run may be made of, or None when the name is no such name: two to
    :data:`_LONGEST_RUN_NAME` words, one of them distinctive (:func:`_distinctive`)."""
    words = base.split()
    if not 2 <= len(words) <= _LONGEST_RUN_NAME or not all(w.isalpha() for w in words):
        return None
    return words


def run_reference(short_base: str, long_name: str, long_base: str) -> bool:
    """The short base name is a run of two words or more of the long one's (its first, last or middle
    words), neither starting nor ending with a small word, with a distinctive word among
    them (:func:`_distinctive`); the words left out are none written in capitals in
    the long name ("HC" of "HC Slovan Bratislava", "NBD"), and none before the run a large city or a
    country ("Hongda Electronics" is not "Shenzhen Hongda Electronics", a name of its own). See the
    module docstring."""
    if " " not in short_base or short_base == long_base or short_base not in long_base:
        return False  # (most pairs: no split needed)
    short, long = short_base.split(), long_base.split()
    n = len(short)
    if n >= len(long) or len(long) > _LONGEST_RUN_NAME or short[0] in _RUN_EDGES or short[-1] in _RUN_EDGES:
        return False
    if not any(_distinctive(w) for w in short):
        return False
    capitals = {w.casefold() for w in _leading_words(long_name) if _CAPITALS_WORD.match(w)}
    for i in range(len(long) - n + 1):
        if long[i : i + n] != short or set(long[:i] + long[i + n :]) & capitals:
            continue
        if any(large_city_of(w) is not None or territory_of(w) is not None for w in long[:i]):
            continue  # a city or a country before the name makes a name of its own ("Shenzhen Hongda")
        return True
    return False


def run_keys(name: str, base: str) -> set[str]:
    """The keys a name is found by under its runs (:func:`run_reference`): "n:riad zitoun" for "Riad
    Zitoun Lakdim"."""
    words = base.split()
    if not 3 <= len(words) <= _LONGEST_RUN_NAME:
        return set()
    return {
        f"n:{run}"
        for n in range(2, len(words))
        for i in range(len(words) - n + 1)
        if run_reference(run := " ".join(words[i : i + n]), name, base)
    }


#: the most words left out between a name's first and last words (:func:`spread_reference`)
_MOST_SPREAD = 3


# (a rule apart from resolution._middles_dropped: words left out anywhere between, never a place nor capitals)
def spread_reference(short_base: str, long_name: str, long_base: str) -> bool:
    """The short base name keeps the long one's first and last words and some of the words between, in
    order, leaving out one to :data:`_MOST_SPREAD` of them: the first word distinctive (:func:`_distinctive`)
    and no noun for a kind of organisation (``_KIND_BEFORE``: "Banco de Colombia" is not "Banco
    Agrario de Colombia"), the last no place's name ("Universidad de Chile" is not "Universidad
    Católica de Chile"), no word left out written in capitals in the long name or a place's name. A
    run of the name's words (nothing left out between) is :func:`run_reference`'s."""
    short, long = short_base.split(), long_base.split()
    if not 2 <= len(short) < len(long) <= _LONGEST_RUN_NAME + 1 or short_base in long_base:
        return False
    if short[0] != long[0] or short[-1] != long[-1] or len(long) - len(short) > _MOST_SPREAD:
        return False
    if not _distinctive(short[0]) or short[0] in _KIND_BEFORE or place_key(short[-1]) is not None:
        return False
    left_out = _left_out(short, long)
    if left_out is None:
        return False
    capitals = {w.casefold() for w in _leading_words(long_name) if _CAPITALS_WORD.match(w)}
    return not any(w in capitals or place_key(w) is not None for w in left_out)


def _left_out(short: list[str], long: list[str]) -> list[str] | None:
    """The words of ``long`` that ``short`` leaves out, keeping the others in order (the first match of
    each), or None when ``short`` is not so made of ``long``'s words."""
    left: list[str] = []
    i = 0
    for word in long:
        if i < len(short) and word == short[i]:
            i += 1
        else:
            left.append(word)
    return left if i == len(short) else None


def spread_keys(name: str, base: str) -> set[str]:
    """The keys a name is found by under its first and last words with words between left out
    (:func:`spread_reference`): "n:federacion de cafeteros" for "Federación Nacional de Cafeteros"."""
    words = base.split()
    if not 3 <= len(words) <= _LONGEST_RUN_NAME + 1:
        return set()
    inner = words[1:-1]
    keys: set[str] = set()
    for mask in range(2 ** len(inner) - 1):  # (every inner word kept is the name itself: no key)
        kept = [w for bit, w in enumerate(inner) if mask >> bit & 1]
        short = " ".join([words[0], *kept, words[-1]])
        if spread_reference(short, name, base):
            keys.add(f"n:{short}")
    return keys


#: a name written in Han characters, kana or Hangul only (spaces and the middle dot between)
_NATIVE_NAME = re.compile(f"^[{RANGES}\\s・·]+$")


@lru_cache(maxsize=8192)
def _syllables(name: str) -> tuple[str, ...]:
    """A name in Han characters, kana or Hangul read one character at a time (``anyascii``: a hanzi's
    pinyin syllable, a Hangul block's romanisation, a kana's mora), folded: "深圳蓝海" -> ("shen",
    "zhen", "lan", "hai"), "하늘" -> ("ha", "neul"), "サクラ" -> ("sa", "ku", "ra")."""
    from anyascii import anyascii

    read = (anyascii(ch).casefold() for ch in unicodedata.normalize("NFKC", name) if ch.isalnum())
    return tuple(syllable for syllable in read if syllable.isalpha())


def native_script_reference(name: str, base: str, known: str, known_base: str) -> bool:
    """An organisation's name in Han characters, kana or Hangul and its name in Latin letters, whose
    distinctive words (the base name's words before the first trade word, ``company_names``) are the
    first syllables of the other read one character at a time: "深圳蓝海贸易有限公司" / "Shenzhen Lanhai
    Trading Co., Ltd.", "해운마린엔지니어링" / "Haeun Marine Engineering", "复旦大学" / "Fudan
    University", "老码头火锅" / "Lao Matou Hotpot". Two syllables or more, and among the words one that
    is no place's name and no common word ("深圳华龙电子" is not "Shenzhen Lanhai Trading" by
    "Shenzhen"). What follows them in the other script is left unread (its words for the trade and the
    legal form). Either name may be the one in Latin letters (``base`` and ``known_base`` are the
    names' base names)."""
    if _NATIVE_NAME.match(name.strip()) and not _NATIVE_NAME.match(known.strip()):
        native, words = name, known_base.split()
    elif _NATIVE_NAME.match(known.strip()) and not _NATIVE_NAME.match(name.strip()):
        native, words = known, base.split()
    else:
        return False
    if not words or not all(word.isascii() and word.isalpha() for word in words):
        return False
    syllables = _syllables(prepare(native).strip())
    lead = next((i for i, word in enumerate(words) if i and is_trade_word(word)), len(words))
    for count in range(lead, 0, -1):
        head, rest = words[:count], words[count:]
        if not any(place_key(word) is None and not is_common_word(word) for word in head):
            continue
        if any(place_key(word) is not None for word in rest):
            # a place among the words after ("Fudan University Shanghai Medical College"): a part of it
            continue
        joined, read = "".join(head), ""
        for syllable_count, syllable in enumerate(syllables, 1):
            read += syllable
            if len(read) >= len(joined):
                # each word after in Latin letters needs a character of its own in the other script
                # ("复旦大学" has two for "University", not for four more words)
                if read == joined and syllable_count >= 2 and len(syllables) - syllable_count >= len(rest):
                    return True
                break
    return False
