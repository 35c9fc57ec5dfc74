"""Page cursors for listings: opaque strings that carry a position in the listing's order.

A cursor holds the (created_at, seq) of the last item of the page it follows, so the next page starts
right after that item whatever was stored or forgotten meanwhile (keyset paging): an offset would make
a page repeat items when new ones arrive, and skip some when items are forgotten. Cursors made by
earlier versions (an offset) are still accepted. Leaf module: imports nothing internal but errors.
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime

from .errors import InvalidInput

__all__ = ["Position", "decode_cursor", "decode_key_cursor", "encode_cursor", "encode_key_cursor"]

#: (created_at, seq) of an item, or an offset from the start of the listing
Position = tuple[datetime, int] | int


def encode_cursor(position: Position) -> str:
    body = {"o": position} if isinstance(position, int) else {"t": position[0].isoformat(), "s": position[1]}
    return base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> Position:
    refused = InvalidInput("cursor: not a cursor returned by this API")
    try:
        body = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if not isinstance(body, dict):
            raise refused
        if "o" in body:
            offset = body["o"]
            if not _position(offset):
                raise refused
            return int(offset)
        at, seq = datetime.fromisoformat(body["t"]), body["s"]
        if not _position(seq) or at.tzinfo is None:
            raise refused
        return at.astimezone(UTC), int(seq)
    except (ValueError, KeyError, TypeError, OverflowError):  # OverflowError: a time outside 1-9999 in UTC
        raise refused from None


def _position(value: object) -> bool:
    """A whole number the databases can compare with (a 64-bit signed integer), not negative."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63


def encode_key_cursor(at: datetime, key: str) -> str:
    """A cursor for a listing ordered by (time, text id), newest first (the entity merge history)."""
    body = {"t": at.isoformat(), "k": key}
    return base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).decode().rstrip("=")


def decode_key_cursor(cursor: str) -> tuple[datetime, str]:
    refused = InvalidInput("cursor: not a cursor returned by this API")
    try:
        body = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if not isinstance(body, dict) or not isinstance(body.get("k"), str) or not body["k"]:
            raise refused
        at = datetime.fromisoformat(body["t"])
        if at.tzinfo is None:
            raise refused
        return at.astimezone(UTC), body["k"]
    except (ValueError, KeyError, TypeError, OverflowError):
        raise refused from None
