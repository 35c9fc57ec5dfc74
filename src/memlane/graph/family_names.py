"""Family names across scripts and romanisations, from ``name-variants``' surname tables (MIT, already
read for given names by :mod:`memlane.graph.given_names`).

* **Names in their own script** — a Korean name in Hangul ("박지훈"), a Japanese or Chinese one in
  kanji or hanzi ("佐藤裕子", "张丽"): the family name is the longest start of the name that a table
  lists (Japanese family names have two characters, Chinese and Korean mostly one), and it is read as
  the Latin spellings the table gives ("박" -> park, bak, pak; "佐藤" -> sato, satou, satoh), not as a
  letter-by-letter transliteration ("Bag", or the Chinese reading of Japanese kanji). The given name is
  read letter by letter for Hangul and hanzi (``anyascii``: "지훈" -> jihun, "丽" -> li); a Japanese
  given name only when the table of Japanese given names lists it ("健" -> ken, takeshi), as kanji have
  several readings: otherwise it is unknown. A Chinese given name in hanzi is read in pinyin and in
  Wade-Giles, syllable by syllable, each in either (``pypinyin``, MIT: "志偉" -> zhiwei, chihwei; "怡君"
  -> yijun, yichun, ichun...), as Taiwanese names are written in Latin letters ("Chang Chih-wei").
* **Latin spellings of one family name** — the Korean table's clusters ("Park" / "Bak" / "Pak", "Lee" /
  "Yi" / "Rhee", "Kim" / "Gim", "Choi" / "Choe") and the Russian table's ("Ivanov" / "Ivanoff" /
  "Ivanow"). Not the Chinese table's: its clusters join dialect readings ("Chen" / "Chan" / "Tan"),
  which are two families as often as one. Resolution compares family names this way only between two
  full names whose given names agree.

Pure functions; the tables are read on first use, nothing at import time.
"""

from __future__ import annotations

import itertools
import unicodedata
from functools import lru_cache

__all__ = [
    "chinese_given_name_after",
    "chinese_given_readings",
    "family_name_keys",
    "native_name_readings",
    "same_family_name",
]

#: tables of family names keyed by the name in its own script
_NATIVE_TABLES = ("korean", "japanese", "chinese")
#: tables whose Latin spellings of one family name count as one name (see the module docstring)
_CLUSTER_TABLES = ("korean", "russian")


def _fold(text: str) -> str:
    from anyascii import anyascii

    return anyascii(unicodedata.normalize("NFKC", text)).casefold()


def _latin(forms: list[str]) -> tuple[str, ...]:
    folded = (_fold(f) for f in forms if f and not _is_native(f))
    return tuple(dict.fromkeys(f for f in folded if f.isalpha()))


@lru_cache(maxsize=1)
def _tables() -> tuple[
    dict[str, tuple[str, ...]],
    dict[str, frozenset[str]],
    dict[str, tuple[str, ...]],
    dict[str, frozenset[str]],
]:
    """({family name in its script: its Latin spellings}, {Latin spelling: the clusters it is in},
    {Japanese given name in kanji: its Latin readings}, {family name in its script: the tables that
    list it})."""
    try:
        from name_variants import ALL_TABLES
    except ImportError:  # pragma: no cover - a core dependency
        return {}, {}, {}, {}
    native: dict[str, dict[str, None]] = {}
    kinds: dict[str, set[str]] = {}
    for table in _NATIVE_TABLES:
        for key, entry in ALL_TABLES.get(table, {}).items():
            forms = _latin(entry["forms"])
            if not forms:
                continue
            # a traditional character's simplified form is listed among its forms ("張": "张"); a
            # character of both languages has the readings of both ("林": lin, hayashi)
            for spelling in (key, *(f for f in entry["forms"] if f and _is_native(f))):
                native.setdefault(spelling, {}).update(dict.fromkeys(forms))
                kinds.setdefault(spelling, set()).add(table)
    clusters: dict[str, set[str]] = {}
    from .given_names import is_given_name

    for table in _CLUSTER_TABLES:
        for key, entry in ALL_TABLES.get(table, {}).items():
            if table == "russian" and is_given_name(_fold(key)):
                continue  # (the Russian table ends with given names: "Александр", "Анна")
            for form in _latin([*entry["forms"], key]):
                clusters.setdefault(form, set()).add(f"{table}:{key}")
    given = {
        key: forms
        for key, entry in ALL_TABLES.get("japanese_given", {}).items()
        if (forms := _latin(entry["forms"]))
    }
    return (
        {k: tuple(v) for k, v in native.items()},
        {k: frozenset(v) for k, v in clusters.items()},
        given,
        {k: frozenset(v) for k, v in kinds.items()},
    )


def _is_native(text: str) -> bool:
    """Written in Han characters, Hangul or kana (the scripts this module reads family names of)."""
    return bool(text) and all(
        "\u4e00" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" or "\u3040" <= c <= "\u30ff" for c in text
    )


def _is_hangul(text: str) -> bool:
    return all("\uac00" <= c <= "\ud7af" for c in text)


@lru_cache(maxsize=16384)
def native_name_readings(name: str) -> tuple[tuple[str, ...], ...]:
    """The readings of a person's name written in Hangul, hanzi or kanji as (given name, family name)
    pairs of folded Latin words, one per Latin spelling of the family name the tables give, or
    ``(family name,)`` alone when the given name cannot be read (Japanese kanji no table lists);
    empty when the name is in another script or its family name is not in the tables."""
    text = name.strip()
    if not (2 <= len(text) <= 5 and _is_native(text)):
        return ()
    native, _, japanese_given, kinds = _tables()
    for size in (3, 2, 1):
        family, given = text[:size], text[size:]
        if family in native and given:
            break
    else:
        return ()
    readings: tuple[str, ...] = ()
    if _is_hangul(text):
        readings += (_fold(given),)
    elif "chinese" in kinds[family]:
        readings += chinese_given_readings(given)
    if "japanese" in kinds[family]:
        readings += japanese_given.get(given, ())
    if not readings:
        return tuple((form,) for form in native[family])
    return tuple((reading, form) for form in native[family] for reading in readings)


#: a given name of more hanzi than this is read in pinyin only (its readings multiply by syllable)
_MOST_SYLLABLES = 3


@lru_cache(maxsize=4096)
def chinese_given_readings(given: str) -> tuple[str, ...]:
    """A Chinese given name in hanzi read in Latin letters: its pinyin first (``anyascii``: "志偉" ->
    "zhiwei"), then every reading with each syllable in pinyin or in Wade-Giles (``pypinyin``; "ü"
    written "u", the aspiration's apostrophe left out: "chihwei", "怡君" -> "yichun", "ichun"), as
    Taiwan writes its names in Latin letters. Pinyin only without ``pypinyin`` or for a name of more
    than :data:`_MOST_SYLLABLES` characters."""
    pinyin = _fold(given)
    if not given or len(given) > _MOST_SYLLABLES or not all("\u4e00" <= c <= "\u9fff" for c in given):
        return (pinyin,)
    try:
        from pypinyin import Style, lazy_pinyin
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return (pinyin,)
    syllables = []
    for character in given:
        forms = {_fold(character)}
        for reading in lazy_pinyin(character, style=Style.WADEGILES, errors="ignore"):
            folded = reading.replace("'", "").replace("’", "").replace("v", "u").casefold()
            if folded.isalpha() and folded.isascii():
                forms.add(folded)
        syllables.append(sorted(forms))
    readings = ("".join(parts) for parts in itertools.product(*syllables))
    return tuple(dict.fromkeys((pinyin, *readings)))


@lru_cache(maxsize=16384)
def same_family_name(a: str, b: str) -> bool:
    """Whether two folded Latin family names are spellings of one family name in the Korean or the
    Russian table ("park" / "bak", "lee" / "rhee", "ivanov" / "ivanoff")."""
    if a == b:
        return True
    clusters = _tables()[1]
    return bool(clusters.get(a, frozenset()) & clusters.get(b, frozenset()))


@lru_cache(maxsize=16384)
def family_name_keys(word: str) -> frozenset[str]:
    """The clusters of the Korean and Russian tables a folded Latin family name is in, as keys that
    all its spellings share ("park", "bak", "pak" -> {"korean:박"}): what stores file a person under
    so that a mention spelt another way finds them."""
    return _tables()[1].get(word, frozenset())


@lru_cache(maxsize=1)
def _chinese_family_names() -> frozenset[str]:
    """The folded Latin spellings the Chinese table gives its family names ("tan", "lim", "wong")."""
    native, _, _, kinds = _tables()
    return frozenset(
        form for key, forms in native.items() if "chinese" in kinds.get(key, ()) for form in forms
    )


@lru_cache(maxsize=1)
def _pinyin_syllables() -> frozenset[str]:
    """Every syllable a CJK unified ideograph reads as in pinyin without tones (``anyascii``: "ming",
    "wei", "xiao"; about 400)."""
    from anyascii import anyascii

    read = (anyascii(chr(code)).casefold() for code in range(0x4E00, 0xA000))
    return frozenset(syllable for syllable in read if syllable.isalpha())


def chinese_given_name_after(family: str, given: tuple[str, ...] | list[str]) -> bool:
    """Whether a folded name of three words is a Chinese family name and a given name of two pinyin
    syllables after it, written apart ("tan", ("wei", "ming")): the two alone are the given name, as
    "Wei Ming" is Tan Wei Ming's, though "Tan" and "Wei" are given names of other languages too."""
    return (
        len(given) == 2
        and family in _chinese_family_names()
        and all(word in _pinyin_syllables() for word in given)
    )
