"""Entities: the exact-match keys of the entity lane and of supersession, from any text.

:func:`extract_entities` runs the scanners in order, each masking what it consumes: URLs, emails,
handles, hashtags and domains here, then dates (:mod:`.dates`), identifiers, clock times, versions,
phone numbers and numbers (:mod:`.numbers`), and finally names (:mod:`.names`) on what is left.
:func:`query_entity_candidates` adds the word runs a lower-case query may mean as names.

Entity key formats (all lower-case, diacritics stripped for names)::

    name:okafor  name:new york  name:york  name:nasa  name:iphone
    id:proj-42   id:covid-19    id:user_id     id:2.3.1 (versions)     id:5551234567 (phones, digits)
    email:ann@example.com       handle:ann_b      tag:pride      host:example.com
    date:2023-03-14  date:2023-03  date:2023  md:03-14  month:03  week:2023-W11
    num:1200  num:3.5  num:15
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache
from urllib.parse import urlsplit

from .dates import _DIGIT_RE, _date_keys, _relative_words, _scan_dates
from .names import _NAME_CONNECTORS, _TITLES, _TLDS, _WALK_RE, _scan_names
from .numbers import _NUMBER_WORDS, _scan_number_words, _scan_numbers
from .words import _CLITICS, STOPWORDS, _fold, _mask, _strip_accents

__all__ = ["extract_entities", "query_entity_candidates"]


_URL_RE = re.compile(r"\b(?:https?|ftp)://[^\s<>\"'()\[\]{}]+|\bwww\.[^\s<>\"'()\[\]{}]+", re.I)
_EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
#: an "@handle" (not an e-mail address's "@", which is masked before): ``graph.linking`` reads the
#: ones written as a person's user name as mentions of people
HANDLE_RE = re.compile(r"(?<![\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?)(?![\w@])")
_HASHTAG_RE = re.compile(r"(?<![\w&#])#([^\W\d_]\w{0,49})")
_DOMAIN_RE = re.compile(
    rf"(?<![\w@.\-/])((?i:[a-z0-9](?:[a-z0-9-]{{0,61}}[a-z0-9])?\.)+(?:{_TLDS}))(?![\w-]|\.[a-z0-9])"
)
#: an ASCII letter, then word characters, dots or hyphens up to a digit or underscore: a hint that
#: ``_ID_RE`` may match. Written to start only where a run of such characters starts and never to
#: backtrack (``*+``): ``[A-Za-z][\w.\-]*?[\d_]`` tried every letter of a long word again, so a
#: 8,000-letter word took seconds and a 120,000-letter query minutes (quadratic)
_IDISH_RE = re.compile(r"(?<![^\W\d_])(?<![.\-])(?:[^\W\d_A-Za-z]|[.\-])*+[A-Za-z](?:[^\W\d_]|[.\-])*+[\d_]")
#: a web address written as a name: capitalised, one label ("Booking.com", not "Docs.google.com")
_NAME_DOMAIN = re.compile(rf"[^\W\d_][\w\-]*\.(?:{_TLDS})$")
_DOMAIN_HINT_RE = re.compile(rf"\.(?:{_TLDS})\b")
_TIME_RE = re.compile(
    r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?|\b\d{1,2}\s*[ap]\.?m\b\.?|\b\d{1,2}\s*o'clock\b", re.I
)
_ID_RE = re.compile(
    r"(?<![\w@/.\-])(?=[A-Za-z][\w.\-]*?[\d_])[A-Za-z][A-Za-z0-9_]*(?:[\-.][A-Za-z0-9_]+)*(?![\w\-])"
)
#: Version numbers ("2.3.1") and phone numbers ("555-123-4567", "+1 (555) 123 4567") become ``id:``
#: keys instead of a spray of unrelated ``num:`` keys; phones are keyed by their digits only.
_VERSION_RE = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?:\.\d+)*(?![\w]|\.\d)")
_PHONE_RE = re.compile(
    r"(?<![\w+\-.])(?:\+\d{1,3}[\s.\-]?)?(?:\(\d{2,4}\)\s?|\d{2,4}[\s.\-])\d{3,4}[\s.\-]\d{3,4}(?![\w\-]|\.\d)"
)

# ----------------------------------------------------------------------------------------------
# Extraction
# ----------------------------------------------------------------------------------------------


def _name_domain(m: re.Match[str]) -> bool:
    return m.group(1)[0].isupper() and _NAME_DOMAIN.match(m.group(1)) is not None


def _host_key(url: str) -> str | None:
    if url.lower().startswith("www."):
        url = "http://" + url
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    if not host:
        return None
    host = host.rstrip(".").lower()
    if host.startswith("www."):
        host = host[4:]
    return f"host:{host}" if host else None


def _phone_key(m: re.Match[str]) -> str | None:
    digits = "".join(c for c in m.group() if c.isdigit())
    return "id:" + digits if len(digits) >= 7 else None


def _entities(text: str, now: datetime | None, keys: set[str]) -> tuple[str, set[str]]:
    """Add every entity key of ``text`` to ``keys``; return the masked text left for names, and the
    lower-case words the date scan read (``dates._relative_words``: whether ``now`` could matter)."""
    text = _fold(text)
    work = list(text)

    def mask_all(regex: re.Pattern[str], make_key: object, keep: object = None) -> None:
        nonlocal text
        changed = False
        for m in regex.finditer(text):
            if "\x00" in m.group(0):
                continue
            key = make_key(m)  # type: ignore[operator]
            if key:
                keys.add(key)
            if keep is not None and keep(m):  # type: ignore[operator]
                continue
            _mask(work, m.start(), m.end())
            changed = True
        if changed:
            text = "".join(work)

    if "://" in text or "www." in text.lower():
        mask_all(_URL_RE, lambda m: _host_key(m.group().rstrip(".,;:!?")))
    if "@" in text:
        mask_all(_EMAIL_RE, lambda m: "email:" + m.group().lower())
        mask_all(HANDLE_RE, lambda m: "handle:" + m.group(1).lower())
    if "#" in text:
        mask_all(_HASHTAG_RE, lambda m: "tag:" + m.group(1).lower())
    if "." in text and _DOMAIN_HINT_RE.search(text):
        # (a capitalised web address of one label is a name too: "Booking.com", "Amazon.com, Inc.")
        mask_all(_DOMAIN_RE, lambda m: "host:" + m.group(1).lower().removeprefix("www."), _name_domain)

    mentions, words = _scan_dates(work, now)
    for mention in mentions:
        _date_keys(keys, mention)
    text = "".join(work)

    if _IDISH_RE.search(text):
        mask_all(_ID_RE, lambda m: "id:" + m.group().lower())
    if _DIGIT_RE.search(text):
        mask_all(_TIME_RE, lambda m: None)
        mask_all(_VERSION_RE, lambda m: "id:" + m.group())
        mask_all(_PHONE_RE, _phone_key)
        _scan_numbers(work, text, keys)
        text = "".join(work)
    if not words.isdisjoint(_NUMBER_WORDS):
        _scan_number_words(text, keys)
    return text, words


#: a longer key (a 3,000-character token read as a name) is none: nobody types it to find the item, and
#: PostgreSQL's B-tree indexes refuse an entry over 2,704 bytes (4 bytes a character at most)
MAX_KEY_CHARS = 500


def extract_entities(text: str, *, now: datetime | None = None) -> frozenset[str]:
    """Exact-match keys for the entity lane and supersession (formats in the module docstring).

    ``now`` resolves relative dates ("yesterday", "last week", "2 days ago", "last Tuesday") into
    ``date:``/``week:`` keys; without it they are ignored. Never raises on any string.
    """
    if not text:
        return frozenset()
    keys: set[str] = set()
    masked, _ = _entities(text, now, keys)
    _scan_names(masked, keys)
    return frozenset(k for k in keys if len(k) <= MAX_KEY_CHARS)


def query_entity_candidates(text: str, *, now: datetime | None = None) -> frozenset[str]:
    """Entity keys for a *query*, which is often typed in lower case.

    Returns :func:`extract_entities` plus a ``name:`` key for every non-stopword word and every
    2-4 word run (connectors like "of" allowed inside, honorifics dropped), so that
    "what did dr okafor prescribe" yields ``name:okafor`` and "trip to new york" yields
    ``name:new york``. Most of these match nothing; the entity lane intersects them with stored keys.
    """
    if not text:
        return frozenset()
    if len(text) > _KEPT_QUERY_CHARS:
        return _query_candidates(text, now)[0]
    keys, relative = _kept_query_candidates(text)
    if now is None or not relative:
        return keys
    return _query_candidates(text, now)[0]


#: the longest query whose candidates are kept (``_kept_query_candidates``)
_KEPT_QUERY_CHARS = 2000


@lru_cache(maxsize=1024)
def _kept_query_candidates(text: str) -> tuple[frozenset[str], bool]:
    """``_query_candidates`` without ``now``, kept: a recall reads its query's candidates for the entity
    lane (without ``now``) and for the graph lane (with it), and the two are one answer unless the query
    may name a relative date; a query asked again reads them once."""
    return _query_candidates(text, None)


def _query_candidates(text: str, now: datetime | None) -> tuple[frozenset[str], bool]:
    """``query_entity_candidates``, and whether the text may name a relative date (its answer then
    depends on ``now``)."""
    keys: set[str] = set()
    masked, words_read = _entities(text, now, keys)
    _scan_names(masked, keys)
    run: list[str] = []
    runs: list[list[str]] = []
    for m in _WALK_RE.finditer(masked):
        if m.lastgroup == "p":
            if m.group() == "&" and run:  # "baker & mckenzie"
                run.append("&")
                continue
            if m.group() != "." or not run or run[-1] not in _TITLES:
                runs.append(run)
                run = []
            continue
        low = m.group().lower()
        if "'" in low:
            head, _, tail = low.rpartition("'")
            if tail in _CLITICS:
                low = head
        run.append(low)
    runs.append(run)
    for words in runs:
        n = len(words)
        for i, first in enumerate(words):
            if first in STOPWORDS or first in _TITLES or first in _NAME_CONNECTORS or first == "&":
                continue
            if len(first) > 1:
                keys.add("name:" + _strip_accents(first))
            for j in range(i + 1, min(i + 4, n)):
                word = words[j]
                if word in _NAME_CONNECTORS or word == "&":
                    continue
                if word in STOPWORDS or word in _TITLES:
                    break
                keys.add("name:" + _strip_accents(" ".join(words[i : j + 1])))
    return frozenset(keys), _relative_words(words_read)
