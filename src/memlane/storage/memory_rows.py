"""A selected memory row to ``Memory``, alike on every backend, including what a value that cannot be
read becomes.

Both backends select the same columns in the same order (``_COLUMNS`` in their ``rows.py``) and differ
only in how a time and a JSON document arrive (text in SQLite, ``timestamp``/``jsonb`` in PostgreSQL),
so they pass those two readers in.

A row that cannot be fully read (another tool wrote it, a bad restore, a value outside the times Python
can hold) must never fail a listing or a recall, and must stay reachable so its author can read and
delete it. So every row is returned, with what can be read:

- an unreadable optional time (``valid_from``, ``valid_to``, ``superseded_at``, ``last_accessed_at``,
  ``expires_at``) or document (``data``, ``provenance``) reads as null;
- an unreadable ``observed_at``, ``created_at`` or ``updated_at`` reads as the first readable of the
  other two (they differ only when a time was given or the item changed), or as 0001-01-01T00:00:00Z
  when none is readable;
- an unknown ``type`` reads as ``generic``.

Each such row is logged as a warning (once per item and set of columns, while the process runs).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from ..models import Memory, MemoryType, State, Subject, Visibility
from ..timeutil import EARLIEST

__all__ = ["memory_from_row", "observed_time"]

log = logging.getLogger(__name__)

#: the times that are never null, and which of the others stands in for each when it cannot be read
_STAND_INS = {
    "observed_at": ("created_at", "updated_at"),
    "created_at": ("updated_at", "observed_at"),
    "updated_at": ("created_at", "observed_at"),
}

_reported: set[tuple[str, tuple[str, ...]]] = set()
_reported_lock = threading.Lock()


def memory_from_row(
    row: Sequence[Any],
    read_time: Callable[[Any], datetime | None],
    read_json: Callable[[Any], dict[str, Any] | None],
) -> tuple[int, Memory]:
    """``(seq, Memory)`` of a row of ``_COLUMNS``; ``read_time`` gives an aware UTC datetime or None and
    ``read_json`` a dict or None, each raising ValueError (or OverflowError) for what it cannot read."""
    (seq, id_, workspace, owner, visibility, space, content, type_, subject_id, subject_name,
     related_user, data, importance, confidence, valid_from, valid_to, observed_at, source,
     provenance, state, replaces, superseded_by, superseded_at, access_count, last_accessed_at,
     expires_at, created_at, updated_at, model, author) = row  # fmt: skip
    unreadable: list[str] = []

    def read(column: str, value: Any, reader: Callable[[Any], Any]) -> Any:
        try:
            result = reader(value)
        except (ValueError, OverflowError, TypeError):
            unreadable.append(column)
            return None
        if result is None and column in _STAND_INS:
            unreadable.append(column)  # never null in the schema: a time outside Python's range
        return result

    times: dict[str, datetime | None] = {
        column: read(column, value, read_time)
        for column, value in (
            ("valid_from", valid_from), ("valid_to", valid_to), ("observed_at", observed_at),
            ("superseded_at", superseded_at), ("last_accessed_at", last_accessed_at),
            ("expires_at", expires_at), ("created_at", created_at), ("updated_at", updated_at),
        )
    }  # fmt: skip
    readable = dict(times)
    for column in _STAND_INS:
        times[column] = _required(column, readable)
    try:
        memory_type = MemoryType(type_)
    except ValueError:
        unreadable.append("type")
        memory_type = MemoryType.GENERIC
    memory = Memory.model_construct(
        id=id_,
        content=content,
        type=memory_type,
        subject=Subject.model_construct(id=subject_id, name=subject_name) if subject_id else None,
        related_user=related_user,
        data=read("data", data, read_json),
        importance=importance,
        confidence=confidence,
        valid_from=times["valid_from"],
        valid_to=times["valid_to"],
        observed_at=times["observed_at"],
        workspace=workspace,
        owner=owner,
        visibility=Visibility(visibility),
        space=space or None,
        source=source,
        provenance=read("provenance", provenance, read_json),
        state=State(state),
        replaces=replaces,
        superseded_by=superseded_by,
        superseded_at=times["superseded_at"],
        access_count=access_count,
        last_accessed_at=times["last_accessed_at"],
        expires_at=times["expires_at"],
        created_at=times["created_at"],
        updated_at=times["updated_at"],
        embedding_model=model,
        author=author,
    )
    if unreadable:
        _report(str(id_), tuple(unreadable))
    return int(seq), memory


def observed_time(
    read_time: Callable[[Any], datetime | None], observed_at: Any, created_at: Any, updated_at: Any
) -> datetime:
    """The ``observed_at`` that ``memory_from_row`` gives a row with these three stored times (for
    reads of a few columns, such as supersession candidates)."""
    readable: dict[str, datetime | None] = {}
    for column, value in (
        ("observed_at", observed_at),
        ("created_at", created_at),
        ("updated_at", updated_at),
    ):
        try:
            readable[column] = read_time(value)
        except (ValueError, OverflowError, TypeError):
            readable[column] = None
    return _required("observed_at", readable)


def _required(column: str, readable: dict[str, datetime | None]) -> datetime:
    """A never-null time: itself if readable, else the first readable stand-in, else ``EARLIEST``."""
    for candidate in (column, *_STAND_INS[column]):
        if (value := readable[candidate]) is not None:
            return value
    return EARLIEST


def _report(memory_id: str, columns: tuple[str, ...]) -> None:
    with _reported_lock:
        if (memory_id, columns) in _reported:
            return
        if len(_reported) >= 10_000:
            _reported.clear()
        _reported.add((memory_id, columns))
    log.warning(
        "memory %s: cannot read %s; returned with null, a stand-in time or type 'generic' instead"
        " (see memlane.storage.memory_rows)",
        memory_id,
        ", ".join(columns),
    )
