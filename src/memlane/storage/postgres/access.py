"""PostgreSQL: each reader's own access counts (``memory_access``; ``storage/access.py`` says why).

The same operations as on SQLite (``storage/sqlite/access.py``). Reads look the reader's row up in the
statement that reads the memories (``READER_COLUMNS``: no round trip more), by its key, for each row
returned: as subqueries of the select list, not a join, which the planner could turn into a scan of
every reader's rows (a reader with no rows yet is estimated at one row, and one pass over the table
then looks cheaper than a lookup per memory; ``tests/test_access_counts.py`` checks the plans). Recall's
read of its candidates, where the seqs are known, reads the reader's rows of them first, by their keys,
and joins those (``OF_SEQS``: one probe per candidate, not two). Recall's count is one statement that
never waits (``TOUCH``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ...models import Actor
from .rows import _COLUMNS, _time

__all__ = ["JOINED_COLUMNS", "OF_SEQS", "READER_COLUMNS", "TOUCH", "add_access", "copy_access", "reader"]

_OF_READER = "FROM memory_access a WHERE a.memory_seq = m.seq AND a.reader = %s"
#: ``_COLUMNS`` (of ``memories m``) with the reader's own access count and last access; its parameters
#: (``reader``) come before the statement's others
READER_COLUMNS = _COLUMNS.replace(
    "0, NULL::timestamp,",
    f"coalesce((SELECT a.access_count {_OF_READER}), 0), (SELECT {_time('a.last_accessed_at')} {_OF_READER}),",
)
assert READER_COLUMNS != _COLUMNS


#: the reader's rows of the memories ``= ANY(seqs)`` as ``a``; parameters: the seqs, the reader (before
#: the statement's own); with ``JOINED_COLUMNS`` and ``LEFT JOIN a ON a.memory_seq = m.seq``
OF_SEQS = (
    "WITH a AS MATERIALIZED (SELECT memory_seq, access_count, last_accessed_at FROM memory_access"
    " WHERE memory_seq = ANY(%s::bigint[]) AND reader = %s)"
)
JOINED_COLUMNS = _COLUMNS.replace(
    "0, NULL::timestamp,", f"coalesce(a.access_count, 0), {_time('a.last_accessed_at')},"
)
assert JOINED_COLUMNS != _COLUMNS


def reader(actor: Actor) -> tuple[str, str]:
    """``READER_COLUMNS``' parameters: the reader is the user the request acts for."""
    return actor.user, actor.user


#: one recall's count, one statement (one round trip): the setting is local to its transaction and read
#: at COMMIT (the recall does not wait for the WAL flush). A memory locked FOR UPDATE by a writer is
#: skipped, not waited for (its key share is what the foreign key needs); the rows go in seq order, so
#: two recalls of one reader never deadlock. Parameters: seqs, reader, time.
TOUCH = (
    "WITH s AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true) AS v),"
    " m AS (SELECT seq FROM memories WHERE seq = ANY(%s::bigint[]) AND (SELECT v FROM s) = 'off'"
    " ORDER BY seq FOR KEY SHARE SKIP LOCKED)"
    " INSERT INTO memory_access AS a (memory_seq, reader, access_count, last_accessed_at)"
    " SELECT seq, %s, 1, %s FROM m ORDER BY seq ON CONFLICT (memory_seq, reader) DO UPDATE SET"
    " access_count = a.access_count + 1,"
    " last_accessed_at = GREATEST(a.last_accessed_at, excluded.last_accessed_at)"
)


def add_access(conn: Any, reader: str, counts: Sequence[tuple[int, int, datetime | None]]) -> None:
    """Add (seq, count, last access) to ``reader``'s counts (in the caller's transaction)."""
    counts = [c for c in counts if c[1] > 0 or c[2] is not None]
    if counts:
        conn.execute(
            "INSERT INTO memory_access AS a (memory_seq, reader, access_count, last_accessed_at)"
            " SELECT u.seq, %s, u.n, u.at FROM unnest(%s::bigint[], %s::int[], %s::timestamptz[]) AS u(seq, n, at)"
            " JOIN memories m ON m.seq = u.seq ORDER BY u.seq ON CONFLICT (memory_seq, reader) DO UPDATE SET"
            " access_count = a.access_count + excluded.access_count,"
            " last_accessed_at = GREATEST(a.last_accessed_at, excluded.last_accessed_at)",
            (reader, *(list(column) for column in zip(*counts, strict=True))),
        )


def copy_access(conn: Any, pairs: Sequence[tuple[int, str]]) -> None:
    """Every reader's counts of the members, summed, onto each new memory: ``pairs`` of (new seq, member
    id) (consolidation: the merged memory keeps each reader's own reads of its members, only theirs)."""
    if pairs:
        conn.execute(
            "INSERT INTO memory_access (memory_seq, reader, access_count, last_accessed_at)"
            " SELECT u.seq, a.reader, sum(a.access_count), max(a.last_accessed_at)"
            " FROM unnest(%s::bigint[], %s::text[]) AS u(seq, id) JOIN memories m ON m.id = u.id"
            " JOIN memory_access a ON a.memory_seq = m.seq GROUP BY 1, 2 ORDER BY 1, 2"
            " ON CONFLICT (memory_seq, reader) DO NOTHING",
            ([s for s, _ in pairs], [i for _, i in pairs]),
        )
