"""Page cursors for listings: opaque strings that carry a position in the listing's order.

A cursor holds the (created_at, id) of the last item of the page it follows, so the next page starts
right after that item whatever was stored or forgotten meanwhile (keyset paging): an offset would make
a page repeat items when new ones arrive, and skip some when items are forgotten. Both come from the
item the caller was just shown, so a cursor tells nothing about what others stored (the store-wide
sequence number the cursors of earlier versions carried told how many items the whole store held; such
a cursor is refused with a message saying to list again from the first page). Offset cursors of
earlier versions are still accepted. Leaf module: imports nothing internal but errors.
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from typing import Any, TypeGuard

from .errors import InvalidInput

__all__ = [
    "MAX_CURSOR_CHARS",
    "NOT_A_CURSOR",
    "Position",
    "decode_cursor",
    "decode_key_cursor",
    "encode_cursor",
    "encode_key_cursor",
]

#: (created_at, id) of an item, or an offset from the start of the listing
Position = tuple[datetime, str] | int

_NOT_OURS = "cursor: not a cursor returned by this API"
_OLD = (
    "cursor: made by an earlier version of memlane, whose cursors are no longer accepted;"
    " list again from the first page (without a cursor)"
)
#: the message for anything that is not a cursor of ours, on every surface
NOT_A_CURSOR = _NOT_OURS
#: the longest id a cursor may carry (ids are 36-character UUIDs; imported ones may be longer)
_MAX_ID = 200
#: the longest cursor of ours: an id of ``_MAX_ID`` characters, each at most 12 in JSON, base64 (4/3)
MAX_CURSOR_CHARS = 4_000


def encode_cursor(position: Position) -> str:
    if isinstance(position, int):
        return _encode({"o": position})
    return _encode({"t": position[0].isoformat(), "i": position[1]})


def decode_cursor(cursor: str) -> Position:
    body = _decode(cursor)
    if "o" in body:
        offset = body["o"]
        if not _position(offset):
            raise InvalidInput(_NOT_OURS)
        return int(offset)
    if "s" in body and "i" not in body:
        raise InvalidInput(_OLD)
    key = body.get("i")
    if not _key(key):
        raise InvalidInput(_NOT_OURS)
    try:
        at = datetime.fromisoformat(body["t"])
        if at.tzinfo is None:
            raise InvalidInput(_NOT_OURS)
        return at.astimezone(UTC), key
    except (ValueError, KeyError, TypeError, OverflowError):  # OverflowError: a time outside 1-9999 in UTC
        raise InvalidInput(_NOT_OURS) from None


def _position(value: object) -> bool:
    """A whole number the databases can compare with (a 64-bit signed integer), not negative."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63


def _key(value: object) -> TypeGuard[str]:
    """An id a cursor of ours can carry: text of 1 to ``_MAX_ID`` characters that a database can bind,
    so no NUL and no lone surrogate (a forged one failed in the driver's encoder: a 500 on both
    backends, the SDK's UnicodeEncodeError)."""
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_ID or "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def encode_key_cursor(at: datetime, key: str) -> str:
    """A cursor for a listing ordered by (time, text id), newest first (the entity merge history)."""
    return _encode({"t": at.isoformat(), "k": key})


def decode_key_cursor(cursor: str) -> tuple[datetime, str]:
    body = _decode(cursor)
    try:
        if not _key(body.get("k")):
            raise InvalidInput(_NOT_OURS)
        at = datetime.fromisoformat(body["t"])
        if at.tzinfo is None:
            raise InvalidInput(_NOT_OURS)
        return at.astimezone(UTC), body["k"]
    except (ValueError, KeyError, TypeError, OverflowError):
        raise InvalidInput(_NOT_OURS) from None


def _encode(body: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).decode().rstrip("=")


def _decode(cursor: str) -> dict[str, Any]:
    if not isinstance(cursor, str) or len(cursor) > MAX_CURSOR_CHARS:
        raise InvalidInput(_NOT_OURS)
    try:
        body = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError):
        raise InvalidInput(_NOT_OURS) from None
    if not isinstance(body, dict):
        raise InvalidInput(_NOT_OURS)
    return body
