"""Page cursors for listings: opaque strings that carry a position in the listing's order.

A cursor holds the (created_at, seq) of the last item of the page it follows, so the next page starts
right after that item whatever was stored or forgotten meanwhile (keyset paging): an offset would make
a page repeat items when new ones arrive, and skip some when items are forgotten. Cursors made by
earlier versions (an offset) are still accepted. Leaf module: imports nothing internal but errors.
"""

from __future__ import annotations

import base64
import json
from datetime import datetime

from .errors import InvalidInput

__all__ = ["Position", "decode_cursor", "encode_cursor"]

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
            if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
                raise refused
            return offset
        at, seq = datetime.fromisoformat(body["t"]), body["s"]
    except (ValueError, KeyError, TypeError):
        raise refused from None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0 or at.tzinfo is None:
        raise refused
    return at, seq
