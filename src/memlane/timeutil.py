"""Times are aware UTC datetimes in memory and fixed-width ISO-8601 strings in SQLite (so that text
order is time order)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from .errors import InvalidInput

__all__ = ["from_db", "now_utc", "parse_time", "to_db"]


def now_utc() -> datetime:
    return datetime.now(UTC)


def to_db(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def from_db(value: str | None) -> datetime | None:
    if value is None:
        return None
    return datetime.fromisoformat(value)


def parse_time(value: datetime | date | str | None, field: str) -> datetime | None:
    """Accept a datetime, a date or a string (ISO-8601 or a plain written date); naive means UTC."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        result = value
    elif isinstance(value, date):
        result = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        try:
            result = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            from dateutil import parser as date_parser

            try:
                result = date_parser.parse(value, default=datetime(2000, 1, 1))
            except (ValueError, OverflowError) as exc:
                raise InvalidInput(f"{field}: cannot read {value!r} as a date or time") from exc
    else:
        raise InvalidInput(f"{field}: expected a date/time or ISO-8601 string, got {type(value).__name__}")
    if result.tzinfo is None:
        result = result.replace(tzinfo=UTC)
    return result.astimezone(UTC)
