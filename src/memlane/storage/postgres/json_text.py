"""JSON text for ``jsonb``: floats written so that PostgreSQL gives them back as floats.

``jsonb`` keeps a number as ``numeric``, whose text has no exponent: ``1e+16`` (Python's text for
``1e16``) comes back as ``10000000000000000``, which reads as an ``int``. A stored ``data`` value
``{"n": 1e16}`` then read back as ``{"n": 10000000000000000}`` on PostgreSQL and as the float on
SQLite. A float written in positional notation with a fraction (``10000000000000000.0``) keeps its
scale in ``numeric`` and reads back as the same float (Python's shortest repr round-trips exactly).
One thing ``numeric`` cannot hold is the sign of a zero: ``-0.0`` reads back as ``0.0``.

Since migration 37 the objects a caller writes are ``json`` columns (the text as written: key order and
``-0.0`` kept, ``migrations.JSON_TEXT_COLUMNS``); this text reads back the same from them. It still
matters for the ``jsonb`` columns of memlane's own records.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

__all__ = ["json_dumps"]


def _positional(value: float) -> str:
    digits = format(Decimal(repr(value)), "f")
    return digits if "." in digits else digits + ".0"


def _has_exponent(value: Any) -> bool:
    if isinstance(value, float):
        return "e" in repr(value)
    if isinstance(value, dict):
        return any(_has_exponent(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_has_exponent(v) for v in value)
    return False


def _encode(value: Any) -> str:
    if isinstance(value, float) and "e" in repr(value):
        return _positional(value)
    if isinstance(value, dict):
        keys = json.loads(json.dumps(dict.fromkeys(value, 0)))  # keys as json.dumps writes them
        return (
            "{"
            + ",".join(f"{json.dumps(k)}:{_encode(v)}" for k, v in zip(keys, value.values(), strict=True))
            + "}"
        )
    if isinstance(value, list | tuple):
        return "[" + ",".join(_encode(v) for v in value) + "]"
    return json.dumps(value)


def json_dumps(value: Any) -> str:
    """``json.dumps``, but a float with an exponent is written out positionally (module docstring)."""
    return _encode(value) if _has_exponent(value) else json.dumps(value)
