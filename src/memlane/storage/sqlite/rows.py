"""SQLite rows: what the other modules build their SQL from.

The selected columns and their mapping to ``Memory``, and the scope ``WHERE`` clause every read uses.
Pure: nothing here touches a connection.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ...models import Actor, Filters, Memory, State
from ...timeutil import from_db, to_db
from ..memory_rows import memory_from_row

_COLUMNS = (
    "m.seq, m.id, m.workspace, m.owner, m.visibility, m.space, m.content, m.type, m.subject_id,"
    " m.subject_name, m.related_user, m.data, m.importance, m.confidence, m.valid_from, m.valid_to,"
    " m.observed_at, m.source, m.provenance, m.state, m.replaces, m.superseded_by, m.superseded_at,"
    " m.access_count, m.last_accessed_at, m.expires_at, m.created_at, m.updated_at,"
    " (SELECT v.model FROM memory_vectors v WHERE v.memory_seq = m.seq), m.author"
)


def _json(text: str | None) -> dict[str, Any] | None:
    return json.loads(text) if text else None


def _row_to_memory(row: Sequence[Any]) -> tuple[int, Memory]:
    """``(seq, Memory)``; what cannot be read is handled as ``memory_rows`` says (never an error)."""
    return memory_from_row(row, from_db, _json)


def _scope(actor: Actor, filters: Filters, now: datetime | None) -> tuple[str, list[Any]]:
    """The WHERE clause every read uses: who may see what, then the caller's filters."""
    shared = actor.readable_shared_owners()
    clauses = [
        "m.workspace = ?",
        f"(m.owner = ? OR (m.visibility = 'shared' AND m.owner IN ({','.join('?' * len(shared))})))",
    ]
    params: list[Any] = [actor.workspace, actor.owner, *shared]
    if filters.space is None:
        clauses.append("m.space = ''")
    elif filters.space != "*":
        clauses.append("m.space = ?")
        params.append(filters.space)
    if not filters.include_history:
        clauses.append("m.superseded_by IS NULL")
    if filters.states:
        clauses.append(f"m.state IN ({','.join('?' * len(filters.states))})")
        params.extend(str(s) for s in filters.states)
    else:
        clauses.append("m.state != 'archived'")
    if now is not None:
        clauses.append("(m.expires_at IS NULL OR m.expires_at > ?)")
        params.append(to_db(now))
    if filters.types:
        clauses.append(f"m.type IN ({','.join('?' * len(filters.types))})")
        params.extend(str(t) for t in filters.types)
    if filters.subject:
        clauses.append("(m.subject_id = ? OR lower(m.subject_name) = lower(?))")
        params.extend([filters.subject, filters.subject])
    if filters.related_user:
        clauses.append("m.related_user = ?")
        params.append(filters.related_user)
    if filters.sources:
        clauses.append(f"m.source IN ({','.join('?' * len(filters.sources))})")
        params.extend(filters.sources)
    if filters.observed_after:
        clauses.append("m.observed_at >= ?")
        params.append(to_db(filters.observed_after))
    if filters.observed_before:
        clauses.append("m.observed_at < ?")
        params.append(to_db(filters.observed_before))
    if filters.ids:
        clauses.append(f"m.id IN ({','.join('?' * len(filters.ids))})")
        params.extend(filters.ids)
    return " AND ".join(clauses), params


#: every item the actor may see, in any space, state or version (reads by id and by chain)
_ALL = Filters(space="*", include_history=True, states=tuple(State))
