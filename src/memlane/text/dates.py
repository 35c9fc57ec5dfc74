"""Dates: finding date mentions in text, resolving relative ones, and their entity keys.

Decisions worth knowing (the tests pin them down):

* Numeric dates with slashes are read US-style (``3/4/2023`` is March 4) unless the first number
  cannot be a month (``14/3/2023``); dotted and dashed ones (``14.03.2023``, ``14-03-2023``) are read
  day-first unless the second number cannot be a month. Yearless numeric dates (``3/4``) are
  ignored: they are too often fractions or scores.
* A bare four-digit year 1900-2099 yields ``date:YYYY`` and not ``num:YYYY`` (unless it is money,
  a percentage or followed by a unit word such as "meters").
* Relative dates ("yesterday", "last week", "3 days ago", "last Tuesday") are resolved only when
  ``now`` is given; without it they yield nothing.

Key formats: ``date:2023-03-14  date:2023-03  date:2023  md:03-14  month:03  week:2023-W11``.
Internal to ``memlane.text``; :mod:`memlane.text.when` and :mod:`memlane.text.entities` use it.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, timedelta

from .numbers import _NUMBER_WORDS
from .words import _mask, _words

# ----------------------------------------------------------------------------------------------
# Tables and regular expressions
# ----------------------------------------------------------------------------------------------

_MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_FULL_MONTHS = frozenset(k for k in _MONTHS if len(k) > 4 or k in ("may", "june", "july"))
_WEEKDAYS: dict[str, int] = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
}  # fmt: skip
#: the full month and weekday names as regular-expression alternatives, for other modules' patterns
MONTH_NAMES = "|".join(m for m in _MONTHS if m in _FULL_MONTHS)
WEEKDAY_NAMES = "|".join(_WEEKDAYS)
#: the full month names in the calendar's order ("january" first), and with the weekdays as a set
MONTHS_IN_ORDER: tuple[str, ...] = tuple(sorted(_FULL_MONTHS, key=_MONTHS.__getitem__))
CALENDAR_WORDS: frozenset[str] = frozenset(MONTHS_IN_ORDER) | frozenset(_WEEKDAYS)
#: each month's abbreviation and its full name ("sept" -> "september"), for other modules' rewriting
MONTH_ABBREVIATIONS: dict[str, str] = {
    short: full for short, n in _MONTHS.items() if short not in _FULL_MONTHS
    for full in _FULL_MONTHS if _MONTHS[full] == n
}  # fmt: skip

#: Unit words after a number: "2000 meters" is a quantity (``num:2000``), not the year 2000.
_UNIT_WORDS: frozenset[str] = _words(
    """
    dollars dollar bucks euros euro pounds usd eur gbp people persons steps calories kcal words pages
    miles mile meters metres meter metre km kilometers kilometres feet ft foot inches yards kg kilos
    kilograms grams lbs followers views members students times points units items copies votes likes
    subscribers users customers employees rows records tokens bytes kb mb gb tb pieces sq hours
    minutes seconds dpi rpm mph kph
    """
)

_MONTH_ALT = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_DIGIT_RE = re.compile(r"\d")
_ALPHA_RE = re.compile(r"[a-z]+")
_REL_TRIGGERS = _words("yesterday today tonight tomorrow ago last next past coming previous")
_REL_WEAK_TRIGGERS = _words("in this")
_REL_UNITS = _words(
    "day days week weeks month months year years morning afternoon evening weekend monday tuesday "
    "wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december"
)
_ISO_DATE_RE = re.compile(r"(?<![\w.\-/])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])")
_ISO_MONTH_RE = re.compile(r"(?<![\w.\-/])(\d{4})-(\d{2})(?![\w\-/]|\.\d)")
_NUM_DATE_RE = re.compile(r"(?<![\w.\-/])(\d{1,2})([/.\-])(\d{1,2})\2(\d{4}|\d{2})(?![\w\-/]|[.,]\d)")
_DAY_MONTH_RE = re.compile(
    rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH_ALT})\b\.?(?:,?\s+(\d{{4}})\b)?", re.I
)
_MONTH_DAY_RE = re.compile(
    rf"\b({_MONTH_ALT})\b\.?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?::|%|[.,]\d))"
    rf"(?:,?\s+(\d{{4}})\b)?",
    re.I,
)
_MONTH_YEAR_RE = re.compile(rf"\b({_MONTH_ALT})\b\.?,?\s+(?:of\s+)?(\d{{4}})\b", re.I)
_BARE_MONTH_RE = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.I
)
_MAY_VERB_FOLLOWERS = _words(
    "i we you he she they it this that there the a an be have not also well never all your my his her our "
    "their god"
)
_MONTH_PREPOSITIONS = _words(
    "in during since until till by of early late mid last next this every from through before after"
)
_YEAR_RE = re.compile(r"(?<![\w$€£¥₹#.,/])(19\d{2}|20\d{2})(?!\w|%|[.,]\d)")
_NEXT_WORD_RE = re.compile(r"\s*([A-Za-z]+)")
_PREV_WORD_RE = re.compile(r"([A-Za-z]+)\W*$")

_REL_COUNT = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|\d{1,3})"
_REL_RE = re.compile(
    r"\b(?P<dby>(?:the\s+)?day\s+before\s+yesterday)\b"
    r"|\b(?P<dat>(?:the\s+)?day\s+after\s+tomorrow)\b"
    r"|\b(?P<yest>yesterday|last\s+night)\b"
    r"|\b(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))\b"
    r"|\b(?P<tom>tomorrow)\b"
    rf"|\b{_REL_COUNT.replace('(', '(?P<agon>', 1)}\s+(?P<agou>day|week|month|year)s?\s+ago\b"
    rf"|\bin\s+{_REL_COUNT.replace('(', '(?P<inn>', 1)}\s+(?P<inu>day|week|month|year)s?\b"
    r"|\b(?P<rel>last|next|this|past|coming|previous)\s+(?P<relu>week|weekend|month|year)\b"
    r"|\b(?P<wrel>last|next|this|previous|coming)\s+"
    r"(?P<wday>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    r"|\b(?P<mrel>last|next|this)\s+(?P<mon>january|february|march|april|may|june|july|august"
    r"|september|october|november|december)\b",
    re.I,
)

# ----------------------------------------------------------------------------------------------
# Scanning
# ----------------------------------------------------------------------------------------------


def _valid_day(year: int | None, month: int, day: int) -> bool:
    if not 1 <= month <= 12 or day < 1:
        return False
    limit = calendar.monthrange(year if year is not None else 2000, month)[1]
    return day <= limit


def _two_digit_year(year: str) -> int:
    value = int(year)
    if len(year) == 2:
        return 2000 + value if value < 70 else 1900 + value
    return value


def _add_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


# A date mention: (start, end, year, month, day, iso_week) with None for unknown parts; iso_week is
# (iso_year, week) for week-granular relative references ("last week").
_Mention = tuple[int, int, int | None, int | None, int | None, tuple[int, int] | None]


def _scan_dates(work: list[str], now: datetime | None) -> tuple[list[_Mention], set[str]]:
    """Find date mentions in ``work`` (a mutable list of characters), masking what it consumes.

    Passes run most specific first so "14 March 2023" is one full date and not also a bare month
    and a bare year. Masking keeps positions stable for :func:`parse_when`'s "first mention" rule.
    Also returns the set of lower-case ASCII words, a cheap pre-check for later passes.
    """
    mentions: list[_Mention] = []
    text = "".join(work)
    has_digit = _DIGIT_RE.search(text) is not None
    words = set(_ALPHA_RE.findall(text.lower()))
    has_month = not words.isdisjoint(_MONTHS)

    def run(regex: re.Pattern[str], handle: object) -> None:
        nonlocal text
        changed = False
        for m in regex.finditer(text):
            if "\x00" in m.group(0):
                continue
            found = handle(m)  # type: ignore[operator]
            if found is None:
                continue
            mentions.append((m.start(), m.end(), *found))
            _mask(work, m.start(), m.end())
            changed = True
        if changed:
            text = "".join(work)

    def iso(m: re.Match[str]) -> tuple[int, int, int, None] | None:
        y, mo, d = int(m.group(1)), int(m.group(3)), int(m.group(4))
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def iso_month(m: re.Match[str]) -> tuple[int, int, None, None] | None:
        y, mo = int(m.group(1)), int(m.group(2))
        return (y, mo, None, None) if 1 <= mo <= 12 and 1900 <= y <= 2099 else None

    def numeric(m: re.Match[str]) -> tuple[int, int, int, None] | None:
        a, sep, b, ys = int(m.group(1)), m.group(2), int(m.group(3)), m.group(4)
        if sep == "." and len(ys) == 2:
            return None  # "1.2.33" is a version, not a date
        y = _two_digit_year(ys)
        if sep == "/":
            mo, d = (a, b) if a <= 12 else (b, a)
        else:
            mo, d = (b, a) if b <= 12 else (a, b)
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def day_month(m: re.Match[str]) -> tuple[int | None, int, int, None] | None:
        d, mo = int(m.group(1)), _MONTHS[m.group(2).lower()]
        y = int(m.group(3)) if m.group(3) else None
        if y is None and m.group(2) in ("may", "mar"):
            return None  # "we 2 may ..." is the verb
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def month_day(m: re.Match[str]) -> tuple[int | None, int, int, None] | None:
        mo, d = _MONTHS[m.group(1).lower()], int(m.group(2))
        y = int(m.group(3)) if m.group(3) else None
        if m.group(1) in ("may", "mar") and y is None:
            return None  # "you may 2 ..." is the verb
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def month_year(m: re.Match[str]) -> tuple[int, int, None, None] | None:
        return (int(m.group(2)), _MONTHS[m.group(1).lower()], None, None)

    def bare_month(m: re.Match[str]) -> tuple[None, int, None, None] | None:
        word = m.group(1)
        low = word.lower()
        if low in ("may", "march"):
            prev = _PREV_WORD_RE.search(text, max(0, m.start() - 24), m.start())
            prev_word = prev.group(1).lower() if prev else ""
            if prev_word not in _MONTH_PREPOSITIONS:
                if not word[0].isupper():
                    return None
                nxt = _NEXT_WORD_RE.match(text, m.end())
                if low == "may" and nxt and nxt.group(1).lower() in _MAY_VERB_FOLLOWERS:
                    return None  # "May I ask", "May you be happy"
        return (None, _MONTHS[low], None, None)

    def year(m: re.Match[str]) -> tuple[int, None, None, None] | None:
        nxt = _NEXT_WORD_RE.match(text, m.end())
        if nxt and nxt.group(1).lower() in _UNIT_WORDS:
            return None
        return (int(m.group(1)), None, None, None)

    if has_digit:
        run(_ISO_DATE_RE, iso)
        run(_NUM_DATE_RE, numeric)
        run(_ISO_MONTH_RE, iso_month)
        if has_month:
            run(_DAY_MONTH_RE, day_month)
            run(_MONTH_DAY_RE, month_day)
            run(_MONTH_YEAR_RE, month_year)
    if now is not None and _relative_words(words):
        today = now.date()
        run(_REL_RE, lambda m: _resolve_relative(m, today))
    if not words.isdisjoint(_FULL_MONTHS):
        run(_BARE_MONTH_RE, bare_month)
    if has_digit:
        run(_YEAR_RE, year)
    return mentions, words


def _relative_words(words: set[str]) -> bool:
    """Whether a text of these lower-case words may name a relative date ("last week", "in 2 days"):
    only then does ``_scan_dates`` read ``now`` (otherwise its answer is the same with or without it)."""
    return not words.isdisjoint(_REL_TRIGGERS) or (
        not words.isdisjoint(_REL_WEAK_TRIGGERS) and not words.isdisjoint(_REL_UNITS)
    )


def _count(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word.replace("couple of", "couple"), 1)


def _resolve_relative(
    m: re.Match[str], today: date
) -> tuple[int | None, int | None, int | None, tuple[int, int] | None] | None:
    """Turn one relative expression into absolute parts, relative to ``today``.

    Returns None when the result falls outside the calendar (``now`` near year 1 or 9999).
    """
    try:
        return _resolve_relative_unchecked(m, today)
    except (OverflowError, ValueError):
        return None


def _resolve_relative_unchecked(
    m: re.Match[str], today: date
) -> tuple[int | None, int | None, int | None, tuple[int, int] | None] | None:

    def day(d: date) -> tuple[int, int, int, None]:
        return (d.year, d.month, d.day, None)

    def shifted(n: int, unit: str) -> tuple[int | None, int | None, int | None, tuple[int, int] | None]:
        unit = unit.lower()
        if unit == "day":
            return day(today + timedelta(days=n))
        if unit == "week":
            iso = (today + timedelta(weeks=n)).isocalendar()
            return (None, None, None, (iso[0], iso[1]))
        if unit == "month":
            d = _add_months(today, n)
            return (d.year, d.month, None, None)
        return (today.year + n, None, None, None)

    g = m.groupdict()
    if g["dby"]:
        return day(today - timedelta(days=2))
    if g["dat"]:
        return day(today + timedelta(days=2))
    if g["yest"]:
        return day(today - timedelta(days=1))
    if g["today"]:
        return day(today)
    if g["tom"]:
        return day(today + timedelta(days=1))
    if g["agon"]:
        return shifted(-_count(g["agon"]), g["agou"])
    if g["inn"]:
        return shifted(_count(g["inn"]), g["inu"])
    if g["rel"]:
        rel, unit = g["rel"].lower(), g["relu"].lower()
        step = {"last": -1, "past": -1, "previous": -1, "next": 1, "coming": 1}.get(rel, 0)
        if unit == "weekend":
            saturday = today + timedelta(days=(5 - today.weekday()) + 7 * step)
            iso = saturday.isocalendar()
            return (None, None, None, (iso[0], iso[1]))
        return shifted(step, unit)
    if g["wrel"]:
        rel, target = g["wrel"].lower(), _WEEKDAYS[g["wday"].lower()]
        if rel in ("last", "previous"):
            delta = (today.weekday() - target) % 7 or 7
            return day(today - timedelta(days=delta))
        if rel in ("next", "coming"):
            delta = (target - today.weekday()) % 7 or 7
            return day(today + timedelta(days=delta))
        return day(today + timedelta(days=target - today.weekday()))  # "this Tuesday": same week
    if g["mrel"]:
        rel, month = g["mrel"].lower(), _MONTHS[g["mon"].lower()]
        year = today.year
        if rel == "last" and month >= today.month:
            year -= 1
        elif rel == "next" and month <= today.month:
            year += 1
        return (year, month, None, None)
    return None


def _date_keys(keys: set[str], mention: _Mention) -> None:
    _, _, y, mo, d, week = mention
    if week is not None:
        keys.add(f"week:{week[0]}-W{week[1]:02d}")
    if y is not None and not 1 <= y <= 9999:
        return
    if mo is not None:
        keys.add(f"month:{mo:02d}")
        if d is not None:
            keys.add(f"md:{mo:02d}-{d:02d}")
            if y is not None:
                keys.add(f"date:{y:04d}-{mo:02d}-{d:02d}")
                iso = date(y, mo, d).isocalendar()
                keys.add(f"week:{iso[0]}-W{iso[1]:02d}")
        if y is not None:
            keys.add(f"date:{y:04d}-{mo:02d}")
    if y is not None:
        keys.add(f"date:{y:04d}")
