"""A selected memory row to ``Memory``, alike on every backend, including what a value that cannot be
read becomes.

Both backends select the same columns in the same order (``_COLUMNS`` in their ``rows.py``) and differ
only in how a time and a JSON document arrive (text in SQLite, ``timestamp``/``json`` in PostgreSQL),
so they pass those two readers in.

A row that cannot be fully read (another tool wrote it, a bad restore, a value outside the times Python
can hold) must never fail a listing or a recall, and must stay reachable so its author can read and
delete it. So every row is returned, with what can be read:

- an unreadable optional time (``valid_from``, ``valid_to``, ``superseded_at``, ``last_accessed_at``,
  ``expires_at``) or document (``data``, ``provenance``) reads as null;
- an unreadable ``observed_at``, ``created_at`` or ``updated_at`` reads as the first readable of the
  other two (they differ only when a time was given or the item changed), or as 0001-01-01T00:00:00Z
  when none is readable;
- an unknown ``type`` reads as ``generic``;
- a document (``data``, ``provenance``) nested deeper than ``limits.MAX_JSON_DEPTH`` (100; an older
  memlane stored any depth, and one past 255 levels broke every read rendering it: the export, each REST
  page holding it, for every reader) reads cut at the bound: each list or object past it reads as the
  text ``CUT_DEEP`` (``cut_deep``); the stored row is kept as it is. What reads back can be exported,
  restored and written again.

Each such row is logged as a warning (once per item and set of columns, while the process runs).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from ..limits import MAX_JSON_DEPTH
from ..models import Memory, MemoryType, State, Subject, Visibility, constructed
from ..timeutil import EARLIEST

__all__ = ["CUT_DEEP", "cut_deep", "memory_from_row", "observed_time", "with_refs"]

log = logging.getLogger(__name__)

#: the times that are never null, and which of the others stands in for each when it cannot be read
_STAND_INS = {
    "observed_at": ("created_at", "updated_at"),
    "created_at": ("updated_at", "observed_at"),
    "updated_at": ("created_at", "observed_at"),
}

_reported: set[tuple[str, tuple[str, ...]]] = set()
_reported_lock = threading.Lock()


#: the time columns of a row, in ``_COLUMNS`` order; indexes of the three that are never null
_TIMES = (
    "valid_from", "valid_to", "observed_at", "superseded_at", "last_accessed_at", "expires_at",
    "created_at", "updated_at",
)  # fmt: skip
_OBSERVED, _CREATED, _UPDATED = (_TIMES.index(c) for c in ("observed_at", "created_at", "updated_at"))

_UNREADABLE = (ValueError, OverflowError, TypeError)

#: what a list or object nested past ``MAX_JSON_DEPTH`` in a stored document reads as (``cut_deep``)
CUT_DEEP = f"(nested more than {MAX_JSON_DEPTH} levels deep, stored by an older memlane: not shown)"


def _too_deep(value: Any) -> bool:
    """Whether lists and objects nest in ``value`` deeper than ``MAX_JSON_DEPTH`` (no recursion: a
    legacy value may be nearly Python's recursion limit deep)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return False


def _cut(value: Any, depth: int) -> Any:
    if not isinstance(value, dict | list):
        return value
    if depth > MAX_JSON_DEPTH:
        return CUT_DEEP
    if isinstance(value, dict):
        return {k: _cut(v, depth + 1) for k, v in value.items()}
    return [_cut(v, depth + 1) for v in value]


def cut_deep(value: Any, what: str = "a document") -> Any:
    """``value`` (a stored JSON document) as a read gives it: itself, or, nested deeper than
    ``MAX_JSON_DEPTH``, with each list or object past the bound read as ``CUT_DEEP`` (logged once per
    ``what``). A store refuses such a value now; an older memlane kept it, and then the export and every
    REST page holding it failed ("Circular reference detected") for every reader."""
    if value is None or not _too_deep(value):
        return value
    with _reported_lock:
        known = (what, ("depth",)) in _reported
        _reported.add((what, ("depth",)))
    if not known:
        log.warning("%s: a JSON document nested more than %d levels deep reads cut at that depth"
                    " (see memlane.storage.memory_rows)", what, MAX_JSON_DEPTH)  # fmt: skip
    return _cut(value, 1)


#: the fields a row without a related user's entity sets (``model_fields_set``, as ``model_construct``
#: gave it: the two refs are left at their defaults)
_WITHOUT_REFS = frozenset(Memory.model_fields) - {"related_user_entity_id", "related_user_entity_name"}


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
     expires_at, created_at, updated_at, model, author) = row[:30]  # fmt: skip
    profile_id = row[30] if len(row) > 30 else None
    raw = (valid_from, valid_to, observed_at, superseded_at, last_accessed_at, expires_at, created_at,
           updated_at)  # fmt: skip
    try:  # every row memlane wrote: read as it is
        times = [read_time(value) for value in raw]
        documents = (read_json(data), read_json(provenance))
        memory_type = MemoryType(type_)
        if times[_OBSERVED] is None or times[_CREATED] is None or times[_UPDATED] is None:
            raise ValueError("a time that is never null is missing")
    except _UNREADABLE:
        times, documents, memory_type = _tolerant(
            str(id_), raw, (data, provenance), type_, read_time, read_json
        )
    if documents[0] is not None or documents[1] is not None:
        documents = (cut_deep(documents[0], f"memory {id_}"), cut_deep(documents[1], f"memory {id_}"))
    related_entity = None
    entity = None
    if len(row) > 32:  # (``REFS``: the reads fold them in; built here, not copied in: a copy costs more)
        entity, related_entity = _ref(row[31]), _ref(row[32])
    subject: Subject | None = None
    if entity is not None:
        subject = constructed(Subject, {
            "id": subject_id if subject_id else entity[0], "name": subject_name if subject_id else entity[1],
            "entity_id": entity[0], "entity_name": entity[1],
        })  # fmt: skip
    elif subject_id:
        subject = constructed(Subject, {"id": subject_id, "name": subject_name, "entity_id": None,
                                        "entity_name": None}, {"id", "name"})  # fmt: skip
    # (every field, in ``Memory``'s order: ``constructed``; the two entity refs set only when linked)
    memory = constructed(Memory, {
        "id": id_, "content": content, "type": memory_type, "subject": subject,
        "related_user": related_user,
        "related_user_entity_id": None if related_entity is None else related_entity[0],
        "related_user_entity_name": None if related_entity is None else related_entity[1],
        "data": documents[0], "importance": importance, "confidence": confidence,
        "valid_from": times[0], "valid_to": times[1], "observed_at": times[2],
        "workspace": workspace, "owner": owner, "visibility": Visibility(visibility), "space": space or None,
        "source": source, "provenance": documents[1], "state": State(state), "replaces": replaces,
        "superseded_by": superseded_by, "superseded_at": times[3], "access_count": access_count,
        "last_accessed_at": times[4], "expires_at": times[5], "created_at": times[6],
        "updated_at": times[7], "embedding_model": model, "author": author, "profile_id": profile_id,
    }, None if related_entity is not None else set(_WITHOUT_REFS))  # fmt: skip
    return int(seq), memory


M = TypeVar("M", bound=Memory)


def with_refs(memory: M, subject: tuple[str, str] | None, related: tuple[str, str] | None) -> M:
    """``memory`` with ``subject.entity_id``/``entity_name`` and ``related_user_entity_id``/``_name``
    from the (entity id, name) its ``subject`` / ``related_user`` link points at (None: no link to an
    entity the reader may see). A memory linked as subject without a subject of its own reads as about
    that entity (``graph/memory_refs.py`` says why)."""
    if subject is None and related is None:
        return memory
    update: dict[str, object] = {}
    if subject is not None:
        entity_id, name = subject
        given = memory.subject or Subject.model_construct(id=entity_id, name=name)
        update["subject"] = Subject.model_construct(
            id=given.id, name=given.name, entity_id=entity_id, entity_name=name
        )
    if related is not None:
        update["related_user_entity_id"], update["related_user_entity_name"] = related
    return memory.model_copy(update=update)


def _ref(value: Any) -> tuple[str, str] | None:
    """A ``REFS`` column: null, or the (entity id, name) pair (joined by U+001F in SQLite, an array in
    PostgreSQL)."""
    if value is None:
        return None
    if isinstance(value, str):  # SQLite: id, then U+001F, then name (an id holds no U+001F)
        entity_id, name = value.split("\x1f", 1)
        return entity_id, name
    entity_id, name = value
    return str(entity_id), str(name)


def _tolerant(
    memory_id: str,
    raw_times: Sequence[Any],
    raw_documents: Sequence[Any],
    raw_type: Any,
    read_time: Callable[[Any], datetime | None],
    read_json: Callable[[Any], dict[str, Any] | None],
) -> tuple[list[datetime | None], tuple[dict[str, Any] | None, dict[str, Any] | None], MemoryType]:
    """What ``memory_from_row`` returns for a row it could not read as it is (module docstring)."""
    unreadable: list[str] = []
    readable: dict[str, datetime | None] = {}
    for column, value in zip(_TIMES, raw_times, strict=True):
        try:
            readable[column] = read_time(value)
        except _UNREADABLE:
            readable[column] = None
            unreadable.append(column)
        else:
            if readable[column] is None and column in _STAND_INS:
                unreadable.append(column)  # never null in the schema: a time outside Python's range
    times = [_required(c, readable) if c in _STAND_INS else readable[c] for c in _TIMES]
    documents: list[dict[str, Any] | None] = []
    for column, value in zip(("data", "provenance"), raw_documents, strict=True):
        try:
            documents.append(read_json(value))
        except _UNREADABLE:
            documents.append(None)
            unreadable.append(column)
    try:
        memory_type = MemoryType(raw_type)
    except ValueError:
        memory_type = MemoryType.GENERIC
        unreadable.append("type")
    _report(memory_id, tuple(unreadable))
    return times, (documents[0], documents[1]), memory_type


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
        except _UNREADABLE:
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
