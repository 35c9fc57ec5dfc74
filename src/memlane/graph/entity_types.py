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

from .given_names import is_given_name
from .legal_forms import basename
from .resolution import EntityType, is_title, normalise_name

__all__ = ["guess_type"]

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
    if titled:
        return EntityType.PERSON
    first = normalise_name(words[0], EntityType.PERSON)
    return EntityType.PERSON if first and is_given_name(first) else None
