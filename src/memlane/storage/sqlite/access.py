"""SQLite: each reader's own access counts (``memory_access``; ``storage/access.py`` says why).

The same operations as on PostgreSQL (``storage/postgres/access.py``). Counts are buffered in the store
and written in batches (``SqliteStore.touch``); these are the statements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from ...timeutil import from_db, to_db
from ..access import AccessStat

__all__ = ["copy_access", "read_access", "write_access"]

#: seqs per read (SQLite's default limit of bound parameters is 32,766)
_CHUNK = 5000

#: a count for a memory deleted meanwhile is dropped (the EXISTS), never an error
_ADD = (
    "INSERT INTO memory_access (memory_seq, reader, access_count, last_accessed_at)"
    " SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM memories WHERE seq = ?1)"
    " ON CONFLICT (memory_seq, reader) DO UPDATE SET access_count = access_count + excluded.access_count,"
    " last_accessed_at = CASE WHEN last_accessed_at IS NULL OR excluded.last_accessed_at > last_accessed_at"
    " THEN excluded.last_accessed_at ELSE last_accessed_at END"
)


def read_access(
    rows: Callable[[str, Sequence[Any]], Sequence[Any]], reader: str, seqs: Sequence[int]
) -> dict[int, AccessStat]:
    """The reader's own counts of these memories, by seq (``rows``: a statement on a reader or in the
    write transaction)."""
    found: dict[int, AccessStat] = {}
    unique = list(dict.fromkeys(seqs))
    for start in range(0, len(unique), _CHUNK):
        part = unique[start : start + _CHUNK]
        for seq, count, last in rows(
            "SELECT memory_seq, access_count, last_accessed_at FROM memory_access"
            f" WHERE reader = ? AND memory_seq IN ({','.join('?' * len(part))})",
            (reader, *part),
        ):
            found[int(seq)] = (int(count), _time(last))
    return found


def _time(value: Any) -> datetime | None:
    try:
        return from_db(value)
    except (ValueError, TypeError, OverflowError):  # (a row another tool wrote: no last access)
        return None


def write_access(cur: Any, counts: Sequence[tuple[int, str, int, datetime | None]]) -> None:
    """Add (seq, reader, count, last access) to the readers' counts."""
    if counts:
        cur.executemany(_ADD, [(seq, reader, n, to_db(at)) for seq, reader, n, at in counts])


def copy_access(cur: Any, seq: int, member_ids: Sequence[str]) -> None:
    """Every reader's counts of ``member_ids``, summed, onto the new memory ``seq`` (consolidation: the
    merged memory keeps each reader's own reads of its members, and only theirs)."""
    if member_ids:
        cur.execute(
            "INSERT INTO memory_access (memory_seq, reader, access_count, last_accessed_at)"
            " SELECT ?, a.reader, sum(a.access_count), max(a.last_accessed_at) FROM memories m"
            f" JOIN memory_access a ON a.memory_seq = m.seq WHERE m.id IN ({','.join('?' * len(member_ids))})"
            " GROUP BY a.reader ON CONFLICT (memory_seq, reader) DO NOTHING",
            (seq, *member_ids),
        )
