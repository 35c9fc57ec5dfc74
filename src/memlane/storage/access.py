"""Access statistics are each reader's own: how often, and when last, *this* caller recalled a memory.

A recall counts an access for its caller only (``memory_access``: one row per memory and reader, the
reader being the user the request acts for). What a read returns as ``access_count`` and
``last_accessed_at``, and what the ranking's access boost uses, is the caller's own row: another user's
recalls of a shared memory never show in either, so no caller learns when or how often others read it,
and no one's ranking moves with what others read. The owner of a shared memory sees her own reads
only, like everyone (a total would tell her how often others read it). A read with no reader (the
operator's ``iter_all``, a write transaction's unscoped lookups) sees none: 0 and null.

Both backends read the rows and lay them over the memories here (``with_access``); the SQL is theirs
(``sqlite/access.py``, ``postgres/access.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from ..models import Memory

__all__ = ["AccessStat", "merged", "with_access"]

#: (how many times, last time) one reader accessed one memory
AccessStat = tuple[int, datetime | None]


def merged(a: AccessStat | None, b: AccessStat | None) -> AccessStat | None:
    """Two counts of one reader for one memory (written, and still buffered) as one."""
    if a is None or b is None:
        return a or b
    last = max((t for t in (a[1], b[1]) if t is not None), default=None)
    return a[0] + b[0], last


def with_access(
    items: Sequence[tuple[int, Memory]], stats: Mapping[int, AccessStat]
) -> list[tuple[int, Memory]]:
    """``(seq, memory)`` pairs with the reader's own access count and last access (``stats`` by seq;
    a memory missing there was never accessed by the reader: 0 and None)."""
    out = []
    for seq, memory in items:
        count, last = stats.get(seq, (0, None))
        if memory.access_count != count or memory.last_accessed_at != last:
            memory = memory.model_copy(update={"access_count": count, "last_accessed_at": last})
        out.append((seq, memory))
    return out
