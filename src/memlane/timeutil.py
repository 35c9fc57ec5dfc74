"""Times are aware UTC datetimes in memory and fixed-width ISO-8601 strings in SQLite (so that text
order is time order).

The representable range is Python's, in UTC: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z.
``parse_time`` refuses anything outside it (e.g. ``0001-01-01T00:00:00+05:00``, which is five hours
before it), so every accepted time can be stored, read back and compared on every backend.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

from .errors import InvalidInput
from .ids import check_unicode

__all__ = ["EARLIEST", "LATEST", "MAX_TIME_CHARS", "from_db", "iso_z", "now_utc", "parse_time", "to_db"]

EARLIEST = datetime.min.replace(tzinfo=UTC)
LATEST = datetime.max.replace(tzinfo=UTC)

#: a year written without its leading zeros: earlier versions wrote years 1-999 so in SQLite
#: (``strftime("%Y")`` does not pad them on glibc), e.g. ``999-06-01T00:00:00.000000Z``
_UNPADDED_YEAR = re.compile(r"(\d{1,3})(-\d\d-\d\dT.*)", re.DOTALL)
#: a signed year (ISO 8601's expanded form): dateutil would silently read ``-0001-01-01`` as year 1
_SIGNED_YEAR = re.compile(r"\s*[+-]\d")
#: the zone names a written time may carry (any other is refused, see ``_parse_text``)
_UTC_NAMES = frozenset({"UTC", "GMT", "Z", "UT"})
#: "GMT+2", "UTC-5": dateutil reads them the POSIX way (two hours *behind* UTC), the opposite of what
#: people mean, so they are refused rather than stored four hours off
_NAMED_OFFSET = re.compile(r"(?<![A-Za-z])(?:UTC|GMT|UT)\s*[+-]\s*\d")
_FOUR_DIGITS = re.compile(r"(?<!\d)\d{4}(?!\d)")


def now_utc() -> datetime:
    return datetime.now(UTC)


def to_db(value: datetime | None) -> str | None:
    """``YYYY-MM-DDTHH:MM:SS.ffffffZ`` in UTC, always 27 characters (the year zero-padded to four
    digits), so that comparing the text compares the times. Naive means UTC."""
    if value is None:
        return None
    if value.tzinfo is UTC and type(value) is datetime:
        return _utc_to_db(value)  # (a store writes the same few times many times: its "now" per row)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


@lru_cache(maxsize=1024)
def _utc_to_db(value: datetime) -> str:
    """``to_db`` of an aware UTC datetime, kept: a batch of 1,000 stores converts its one time some
    10,000 times (each row's created, updated and observed times, the audit's, the entities'). Only for
    ``UTC`` itself: datetimes of another zone that compare equal may be different instants (a local time
    that occurs twice when clocks go back)."""
    return value.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def iso_z(value: datetime, timespec: str = "auto") -> str:
    """A time as messages and text output show it: ISO-8601 in UTC with ``Z``, as the JSON results
    write it (``2026-12-01T23:40:00Z``), never ``+00:00``. Naive means UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(timespec=timespec) + "Z"


def from_db(value: str | None) -> datetime | None:
    """The aware UTC datetime of a stored text (naive means UTC); also reads the unpadded years earlier
    versions wrote. Raises ValueError for text that is not a time (OverflowError: not one in range)."""
    if value is None:
        return None
    try:
        result = datetime.fromisoformat(value)
    except ValueError:
        legacy = _UNPADDED_YEAR.fullmatch(value)
        if legacy is None:
            raise
        result = datetime.fromisoformat(legacy[1].zfill(4) + legacy[2])
    if result.tzinfo is UTC:  # what to_db writes ('Z'): the common case, kept cheap for listings
        return result
    return result.replace(tzinfo=UTC) if result.tzinfo is None else result.astimezone(UTC)


#: the longest text read as a time (what a surface's schema declares for every time field)
MAX_TIME_CHARS = 100


def parse_time(value: datetime | date | str | None, field: str) -> datetime | None:
    """Accept a datetime, a date or a string (ISO-8601 or a plain written date); naive means UTC.

    The result is an aware UTC datetime within ``EARLIEST``..``LATEST``; anything else (a time that is
    outside that range once in UTC, year 0, a signed year, text that is not a date) is InvalidInput."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        result = value
    elif isinstance(value, date):
        result = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        if len(value) > MAX_TIME_CHARS:  # (the REST API's and MCP's bound, in their words: for the SDKs too)
            raise InvalidInput(f"{field}: must have at most {MAX_TIME_CHARS} characters")
        check_unicode(value, field)  # (as the remote SDK and the REST API refuse it, in the same words)
        result = _parse_text(value, field)
    else:
        raise InvalidInput(f"{field}: expected a date/time or ISO-8601 string, got {type(value).__name__}")
    if result.tzinfo is None:
        result = result.replace(tzinfo=UTC)
    try:  # a written "+24:00", which dateutil reads, is refused here by datetime itself
        result.utcoffset()
    except ValueError:
        raise InvalidInput(
            f"{field}: {value!s}: a UTC offset is less than 24 hours (-23:59 to +23:59)"
        ) from None
    try:
        return result.astimezone(UTC)
    except (OverflowError, ValueError):  # ValueError: a tzinfo whose offset is not within a day
        raise InvalidInput(
            f"{field}: {value!s} is outside the times memlane can store"
            f" ({to_db(EARLIEST)} to {to_db(LATEST)} in UTC)"
        ) from None


def _parse_text(value: str, field: str) -> datetime:
    if _SIGNED_YEAR.match(value):
        raise InvalidInput(f"{field}: {value!r}: years before 1 or after 9999 cannot be stored")
    try:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        pass
    return _written(value, field)


def _written(value: str, field: str) -> datetime:
    """A written date ("March 14, 2025 10:00 UTC"), read by dateutil with its zone and year checked."""
    from dateutil import parser as date_parser

    def zone(name: str | None, offset: int | None) -> Any:
        """A written time's zone: an offset, or UTC by name. Any other name ("CET", "EST", "PST") is
        refused: dateutil drops a name it does not know (so "2:30 CET" became 2:30 UTC) and reads the
        server's own zone names as its local time, and an abbreviation names several zones."""
        if name is None:
            return offset
        if name.upper() in _UTC_NAMES and not offset:
            return UTC
        raise InvalidInput(
            f"{field}: {value!r}: the time zone {name!r} is not understood; give an offset"
            " (2025-03-30T02:30:00+01:00) or UTC"
        )

    named = _NAMED_OFFSET.search(value)
    if named:
        raise InvalidInput(
            f"{field}: {value!r}: {named[0].strip()!r} is read two ways (POSIX: behind UTC; people: ahead"
            " of it); give an offset (2025-03-30T02:30:00+01:00)"
        )
    try:
        result: datetime = date_parser.parse(value, default=datetime(2000, 1, 1), tzinfos=zone)
        # dateutil fills what the text lacks from the default: with no year written ("March 14",
        # "Feb 29", "10:00 UTC") the date was silently stored in the year 2000. Another (leap) default
        # year tells whether the text gave one.
        unwritten = date_parser.parse(value, default=datetime(2004, 1, 1), tzinfos=zone).year != result.year
    except InvalidInput:
        raise
    except (ValueError, OverflowError) as exc:
        raise InvalidInput(f"{field}: cannot read {value!r} as a date or time") from exc
    if unwritten:
        raise InvalidInput(f"{field}: {value!r} has no year; write the date with its year (March 14, 2025)")
    return _written_year(result, value, field)


def _written_year(result: datetime, value: str, field: str) -> datetime:
    """dateutil reads a year under 100 as this century's even when written with its zeros ("1 Jan 0001"
    became 2001): the year as written, when the text has one four-digit number and it is that."""
    years = _FOUR_DIGITS.findall(value)
    if len(years) != 1 or not years[0].startswith("0") or result.year == int(years[0]):
        return result
    written = int(years[0])
    if result.year % 100 != written % 100:  # (the four digits were not the year)
        return result
    try:
        return result.replace(year=written)
    except ValueError:  # year 0, or 29 February of a year that has none
        raise InvalidInput(f"{field}: cannot read {value!r} as a date or time (years 1 to 9999)") from None
