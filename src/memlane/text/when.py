"""What a query says about time: the range it names (``parse_when``) and whether it asks about the past
(``is_past_question``). Both are lexical and cheap; dates themselves are found by :mod:`.dates`.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, time, timedelta

from .dates import _REL_COUNT, _add_months, _count, _scan_dates
from .words import _fold

__all__ = ["is_past_question", "parse_when"]

_SPAN_RE = re.compile(
    rf"\b(?:(?P<past>past|last|previous)\s+{_REL_COUNT.replace('(', '(?P<n>', 1)}\s+"
    r"(?P<unit>day|week|month|year)s?)\b",
    re.I,
)
_FUTURE_RE = re.compile(
    r"\b(?:will|won't|shall|going\s+to|gonna|plan(?:s|ning|ned)?\s+to|next|upcoming|coming|tomorrow"
    r"|scheduled|future|later\s+this)\b",
    re.I,
)
_PAST_RE = re.compile(
    r"\b(?:when\s+(?:did|was|were|had)"
    r"|(?:what|where|who|whom|which|how|why)\b[^?.!]{0,40}?\b(?:did|was|were|had)\b"
    r"|did\s+\w+\s+(?:ever|once)|originally|initially|at\s+first|in\s+the\s+beginning|first\s+time"
    r"|back\s+(?:in|when|then)|used\s+to|previously|formerly|former|prior\s+to|earlier"
    r"|before\s+(?:that|then|this|now|moving|switching|changing|starting|joining|becoming|\d)"
    r"|ago|yesterday|last\s+(?:year|month|week|weekend|night|time|summer|winter|spring|fall|autumn"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may"
    r"|june|july|august|september|october|november|december)"
    r"|how\s+long\s+ago|what\s+happened|in\s+the\s+past|anymore|no\s+longer|has\s+\w+\s+ever)\b",
    re.I,
)
_FUTURE_YEAR_RE = re.compile(r"\b(?:will|going\s+to|gonna|plan|planning|upcoming|next)\b", re.I)
_EXPLICIT_YEAR_RE = re.compile(r"\b(?:19|20)\d{2}\b")


def _span(start: date, end: date, now: datetime) -> tuple[datetime, datetime]:
    return (
        datetime.combine(start, time.min, tzinfo=now.tzinfo),
        datetime.combine(end, time.min, tzinfo=now.tzinfo),
    )


def parse_when(text: str, *, now: datetime) -> tuple[datetime, datetime] | None:
    """Best-effort time range ``[start, end)`` named in a query, relative to ``now``.

    Handles explicit dates ("on 14 March 2023", "in May 2023", "in 2019"), relative ones
    ("yesterday", "last week", "last year", "3 months ago", "last Tuesday"), spans ("past 3 days",
    "last 2 weeks" -> ending at ``now``) and "since <date>". A date without a year ("March 14",
    "in May") is the most recent one not after ``now`` — or the next one if the query is about
    the future ("will", "next", "planning to"). The first mention in the text wins. Datetimes carry
    ``now``'s tzinfo. Returns None when nothing is found.
    """
    if not text:
        return None
    try:
        return _parse_when(text, now)
    except OverflowError:  # a span reaching before year 1 or after 9999: names no usable time
        return None


def _parse_when(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    folded = _fold(text)
    today = now.date()
    span = _SPAN_RE.search(folded)
    work = list(folded)
    mentions = sorted(_scan_dates(work, now)[0], key=lambda m: m[0])
    if span and (not mentions or span.start() <= mentions[0][0]):
        n, unit = _count(span.group("n")), span.group("unit").lower()
        if unit == "day":
            start_dt = now - timedelta(days=n)
        elif unit == "week":
            start_dt = now - timedelta(weeks=n)
        elif unit == "month":
            start_dt = datetime.combine(_add_months(today, -n), now.timetz())
        else:
            start_dt = datetime.combine(_add_months(today, -12 * n), now.timetz())
        return (start_dt, now)
    if not mentions:
        return None
    first = mentions[0]
    _, _, y, mo, d, week = first
    future = _FUTURE_RE.search(folded) is not None
    try:
        if week is not None:
            monday = date.fromisocalendar(week[0], week[1], 1)
            rng = (monday, monday + timedelta(days=7))
        elif y is not None and mo is not None and d is not None:
            day = date(y, mo, d)
            rng = (day, day + timedelta(days=1))
        elif y is not None and mo is not None:
            start = date(y, mo, 1)
            rng = (start, _add_months(start, 1))
        elif y is not None:
            rng = (date(y, 1, 1), date(y + 1, 1, 1))
        elif mo is not None and d is not None:
            year = today.year
            day = date(year, mo, min(d, calendar.monthrange(year, mo)[1]))
            if future and day < today:
                day = date(year + 1, mo, min(d, calendar.monthrange(year + 1, mo)[1]))
            elif not future and day > today:
                day = date(year - 1, mo, min(d, calendar.monthrange(year - 1, mo)[1]))
            rng = (day, day + timedelta(days=1))
        elif mo is not None:
            year = today.year
            if future and mo < today.month:
                year += 1
            elif not future and mo > today.month:
                year -= 1
            start = date(year, mo, 1)
            rng = (start, _add_months(start, 1))
        else:
            return None
    except (ValueError, OverflowError):
        return None
    start_dt, end_dt = _span(rng[0], rng[1], now)
    before = folded[: first[0]].rstrip().lower()
    if before.endswith("since"):
        return (start_dt, now) if start_dt <= now else None
    return (start_dt, end_dt)


def is_past_question(text: str) -> bool:
    """True when a question is clearly about the past, so superseded memories are relevant too.

    Purely lexical: past auxiliaries after a question word ("when did", "what was", "where were"),
    markers such as "originally", "at first", "used to", "previously", "back in", "ago",
    "last year", and explicit years ("in 2019") unless the question talks about plans. Present-tense
    questions ("what is X's current job", "where does X live") are False.
    """
    if not text:
        return False
    folded = _fold(text)
    if _PAST_RE.search(folded):
        return True
    return _EXPLICIT_YEAR_RE.search(folded) is not None and not _FUTURE_YEAR_RE.search(folded)
