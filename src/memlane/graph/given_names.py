"""Given names: which words are given names, and which given names are forms of one another.

Two curated data sets from PyPI, read once on first use (nothing is read at import time):

* ``nicknames`` — English given names and their nicknames ("Bob" = "Robert", "Kathy" = "Katherine").
* ``gender-guesser``'s dictionary (Jörg Michael's ``nam_dict.txt``, GFDL): about 45,000 given names of
  more than 50 countries, and its list of *equivalent* names, a short or local form and the long one
  ("Dima" = "Dmitry", "Sasha" = "Alexander", "Aleksandr" = "Oleksandr"). Only the data file is read; the
  package's gender detector is not used; the tables read from it are built once per installation
  (``table_cache``). The package is GPLv3 and its data GFDL, so it is optional (the
  ``names`` extra, ``pip install memlane[names]``): without it this table is empty, no given name has a
  gender (the gender guard of :mod:`memlane.graph.resolution` then only sees titles) and only
  ``nicknames`` gives forms and tells which words are given names.

* ``name-variants`` (MIT): romanisations of given names written in other scripts, one cluster per
  name ("Yusuf" = "Youssef" = "Yousef", "Georgios" = "Giorgos" = "George", "Muhammad" = "Mohammed",
  "Jihoon" = "Jihun"): its Arabic, Persian, Hebrew, Greek, Turkish, Indian, Indonesian and Malay, Thai
  tables and its Chinese, Korean and Japanese *given*-name tables (its surname tables are not read: a
  surname is compared letter by letter, and "Chan" / "Chen" are two families as often as one).

Forms are not chained: "Lena" is a form of "Helena" and of "Magdalena", which are not forms of each
other. Everything is folded to lower-case ASCII, as resolution compares names.

The first two, which say whether a word is a given name at all, are read in :mod:`memlane.text.given_names`
(the text analysis asks too) and re-exported here; the forms and ``name-variants`` are read here.
"""

from __future__ import annotations

from functools import lru_cache

# the tables that say which words are given names live in ``text.given_names`` (the text analysis reads
# them too); re-exported here, with the loaders the tests and benches clear and rebuild through this module
from ..text.given_names import (  # noqa: F401
    _build_dictionary,
    _dictionary,
    _fold,
    _nicknamer,
    _read_name_dictionary,
    given_name_frequency,
    given_name_gender,
    given_name_leaning,
    has_name_dictionary,
    is_english_given_name,
    is_given_name,
)

__all__ = [
    "given_name_forms",
    "given_name_frequency",
    "given_name_gender",
    "given_name_leaning",
    "has_name_dictionary",
    "is_english_given_name",
    "is_given_name",
    "is_spelling_variant",
]

#: ``name-variants`` tables of given names (see the module docstring)
_VARIANT_TABLES = (
    "arabic",
    "persian",
    "hebrew",
    "greek",
    "turkish",
    "indian_hindi",
    "indian_tamil",
    "indian_bengali",
    "indonesian_malay",
    "thai",
    "chinese_given",
    "korean_given",
    "japanese_given",
)


@lru_cache(maxsize=1)
def _variants() -> dict[str, frozenset[str]]:
    """{folded given name: the other Latin-script forms of its clusters} from ``name-variants``."""
    try:
        from name_variants import ALL_TABLES
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    forms: dict[str, set[str]] = {}
    for table in _VARIANT_TABLES:
        for key, entry in ALL_TABLES.get(table, {}).items():
            cluster = {_fold(f) for f in (key, *entry["forms"]) if f.isascii() and f.strip()}
            cluster = {f for f in cluster if f.isalpha()}
            for name in cluster:
                forms.setdefault(name, set()).update(cluster - {name})
    return {name: frozenset(values) for name, values in forms.items()}


def is_spelling_variant(a: str, b: str) -> bool:
    """Whether two folded given names are one name romanised two ways in ``name-variants`` ("kareem" /
    "karim", "fatma" / "fatima"), not two names that are forms of one another."""
    return b in _variants().get(a, frozenset())


@lru_cache(maxsize=16384)
def given_name_forms(name: str) -> frozenset[str]:
    """A folded given name with its nicknames, the names it is a nickname of, and its equivalent forms
    in other languages and scripts ("bob" -> robert, bobby…; "dima" -> dmitry, dmitrij; "yusuf" ->
    youssef)."""
    namer = _nicknamer()
    forms = {name}
    forms |= namer.nicknames_of(name)  # type: ignore[attr-defined]
    forms |= namer.canonicals_of(name)  # type: ignore[attr-defined]
    forms |= _dictionary()[1].get(name, frozenset())
    forms |= _variants().get(name, frozenset())
    return frozenset(forms)
