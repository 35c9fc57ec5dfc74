"""Which words are given names: the tables of :mod:`memlane.graph.given_names` that say whether a word is
one (and a name's gender and how common it is), kept here so that the text analysis can ask too (a
sentence's first word "Mohamed" or "Dolores" is a name, not a past tense or a plural guessed by its
ending: ``text.names``). Which given names are forms of one another stays in ``graph.given_names``, which
re-exports everything here.

* ``nicknames`` — English given names and their nicknames (MIT).
* ``gender-guesser``'s dictionary (Jörg Michael's ``nam_dict.txt``, GFDL): about 45,000 given names of more
  than 50 countries, optional (the ``names`` extra); without it only ``nicknames`` tells which words are
  given names. Read once on first use, built once per installation (``table_cache``).

Everything is folded to lower-case ASCII, as resolution compares names.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import resources

from .table_cache import cached_table

__all__ = [
    "given_name_frequency",
    "given_name_gender",
    "given_name_leaning",
    "has_name_dictionary",
    "is_english_given_name",
    "is_given_name",
]


def _fold(text: str) -> str:
    from anyascii import anyascii

    return anyascii(unicodedata.normalize("NFKC", text)).casefold()


def _read_name_dictionary() -> str | None:
    """The text of ``gender-guesser``'s ``nam_dict.txt``, or None when the package (or its data file) is
    not installed."""
    try:
        data = resources.files("gender_guesser").joinpath("data/nam_dict.txt")
        return data.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return None


def has_name_dictionary() -> bool:
    """Whether the 50-country given-name table (the ``names`` extra) is installed and read."""
    return bool(_dictionary()[0])


#: ({every given name: "m", "f" or "" (both or unisex)}, {name: its equivalent forms}, {name: "m" or "f"
#: when mostly that gender}, {name: its highest frequency in any country})
_Tables = tuple[dict[str, str], dict[str, frozenset[str]], dict[str, str], dict[str, int]]


@lru_cache(maxsize=1)
def _dictionary() -> _Tables:
    """The tables of :func:`_build_dictionary`, built once per installation (``table_cache``; whether
    ``gender_guesser`` can be imported is part of the key, so a process without it reads empty ones)."""
    return cached_table("given-names", _build_dictionary, ("gender-guesser", "anyascii"), ("gender_guesser",))


def _build_dictionary() -> _Tables:
    """The tables of ``_dictionary`` from ``nam_dict.txt`` (about 0.8 s of CPU).

    Lines: ``#`` a comment; ``=  <short> <long>`` an equivalence; else ``<gender code> <name>`` followed
    by per-country frequencies. A ``+`` inside a name stands for "-", " " or nothing ("Jun+Wei").
    Every table is empty when ``gender-guesser`` (the optional ``names`` extra) is not installed."""
    text = _read_name_dictionary()
    if text is None:
        return {}, {}, {}, {}
    codes: dict[str, set[str]] = {}
    forms: dict[str, set[str]] = {}
    frequencies: dict[str, int] = {}
    for line in text.splitlines():
        if not line or line[0] == "#":
            continue
        parts = line.split()
        if len(parts) < 2:
            continue
        if parts[0] == "=":
            if len(parts) < 3:
                continue
            short, long = _fold(parts[1]), _fold(parts[2])
            if short != long and "+" not in short + long:
                forms.setdefault(short, set()).add(long)
                forms.setdefault(long, set()).add(short)
            continue
        name = _fold(parts[1])
        frequency = max((_FREQUENCY.get(c, 0) for c in line[_FREQUENCY_COLUMN:]), default=0)
        for spelling in (name.replace("+", sep) for sep in ("", "-")) if "+" in name else (name,):
            codes.setdefault(spelling, set()).add(parts[0])
            frequencies[spelling] = max(frequencies.get(spelling, 0), frequency)
    # a name is male or female only when every entry says so without doubt ("M" / "F"; "?M", "1M"...
    # are unisex or mostly one gender)
    genders = {name: "m" if c == {"M"} else "f" if c == {"F"} else "" for name, c in codes.items()}
    leanings = {name: lean for name, c in codes.items() if (lean := _leaning(c))}
    return genders, {name: frozenset(values) for name, values in forms.items()}, leanings, frequencies


#: where a line's per-country frequencies start, and their digits: one hexadecimal digit per country,
#: 1 (a few people) to 13 (D, over 2% of the country's people), each step about twice as many
_FREQUENCY_COLUMN = 30
_FREQUENCY = {c: int(c, 16) for c in "123456789ABCD"}


def given_name_frequency(word: str) -> int:
    """How common a folded given name is where it is commonest, on the dictionary's scale: 0 (not
    listed, or the ``names`` extra absent), 1 (a few people in some country: "Paco", "Nacho", "Kasia",
    pet names the registers rarely hold) to 13 (over 2% of a country's people: "Juan"); each step about
    twice as many people."""
    return _dictionary()[3].get(word, 0)


def _leaning(codes: set[str]) -> str:
    """ "m" when every entry of a name is male or mostly male ("M", "1M", "?M"), "f" likewise, else ""."""
    if codes <= {"M", "1M", "?M"}:
        return "m"
    if codes <= {"F", "1F", "?F"}:
        return "f"
    return ""


@lru_cache(maxsize=1)
def _nicknamer() -> object:
    from nicknames import NickNamer

    return NickNamer()


def given_name_leaning(word: str) -> str | None:
    """ "m" or "f" for a folded given name that is a man's or a woman's, or mostly so, in the dictionary
    ("ravi": mostly a man's; "sanne": mostly a woman's), else None. Weaker than ``given_name_gender``:
    for evidence that is weak too (a pet name no table lists)."""
    return _dictionary()[2].get(word) or None


def given_name_gender(word: str) -> str | None:
    """ "m" or "f" for a folded given name that is only ever a man's or only ever a woman's in the
    dictionary ("daniel" / "daniela"), else None (unisex, mostly one gender, or unknown: "sasha")."""
    return _dictionary()[0].get(word) or None


@lru_cache(maxsize=16384)
def is_english_given_name(word: str) -> bool:
    """Whether a folded word is a given name that ``nicknames`` lists (English given names and their
    nicknames: "tom", "anna", "bob"; not "marks" or "spencer", which the larger table also has)."""
    namer = _nicknamer()
    return bool(namer.nicknames_of(word) or namer.canonicals_of(word))  # type: ignore[attr-defined]


@lru_cache(maxsize=16384)
def is_given_name(word: str) -> bool:
    """Whether a folded word is a known given name (in either data set)."""
    if len(word) < 2:
        return False
    return word in _dictionary()[0] or is_english_given_name(word)
