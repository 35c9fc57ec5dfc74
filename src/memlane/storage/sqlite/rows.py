"""SQLite rows: what the other modules build their SQL from.

The selected columns and their mapping to ``Memory``, the scope ``WHERE`` clause every read uses, and
the keyword index's tokens (``fts_tokens``: FTS5's own tokenizer, so statistics count what it indexes).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import apsw

from ...graph.senses import SENSES_KEY
from ...models import Actor, Filters, Memory, State
from ...text.words import WORD_MARKS
from ...timeutil import from_db, to_db
from ..memory_rows import memory_from_row

#: (``access_count`` and ``last_accessed_at`` are each reader's own, laid over by ``storage/access.py``:
#: the memories' own columns were dropped by migration 31)
_COLUMNS = (
    "m.seq, m.id, m.workspace, m.owner, m.visibility, m.space, m.content, m.type, m.subject_id,"
    " m.subject_name, m.related_user, m.data, m.importance, m.confidence, m.valid_from, m.valid_to,"
    " m.observed_at, m.source, m.provenance, m.state, m.replaces, m.superseded_by, m.superseded_at,"
    " 0, NULL, m.expires_at, m.created_at, m.updated_at,"
    " (SELECT v.model FROM memory_vectors v WHERE v.memory_seq = m.seq), m.author, m.profile_id"
)


def _json(text: str | None) -> dict[str, Any] | None:
    return json.loads(text) if text else None


#: the keyword index's tokenizer (migration 30; before, migration 1's without ``tokenchars``)
_TOKENIZER = ("porter", ["unicode61", "remove_diacritics", "2", "tokenchars", WORD_MARKS])
_local = threading.local()


def fts_tokens(text: str, *, query: bool = False) -> list[str]:
    """The tokens FTS5 indexes for ``text`` (or searches for, with ``query``), in order: FTS5's own
    tokenizer, on a private in-memory connection per thread (never one of the store's)."""
    if not text:
        return []
    tokenizer = getattr(_local, "tokenizer", None)
    if tokenizer is None:
        _local.conn = apsw.Connection(":memory:")
        tokenizer = _local.tokenizer = _local.conn.fts5_tokenizer(*_TOKENIZER)
    reason = apsw.FTS5_TOKENIZE_QUERY if query else apsw.FTS5_TOKENIZE_DOCUMENT
    tokens: list[str] = tokenizer(text.encode(), reason, None, include_offsets=False, include_colocated=False)
    return tokens


def _row_to_memory(row: Sequence[Any]) -> tuple[int, Memory]:
    """``(seq, Memory)``; what cannot be read is handled as ``memory_rows`` says (never an error)."""
    return memory_from_row(row, from_db, _json)


def _visible(actor: Actor, table: str = "m") -> tuple[str, list[Any]]:
    """Who may read a row of a scoped table (memories ``m``, entities ``e``): the one read rule. Their
    own rows, and the shared rows of the owners the actor reads (``Actor.readable_shared_owners``)."""
    shared = actor.readable_shared_owners()
    return (
        f"{table}.workspace = ? AND ({table}.owner = ? OR ({table}.visibility = 'shared'"
        f" AND {table}.owner IN ({','.join('?' * len(shared))})))",
        [actor.workspace, actor.owner, *shared],
    )


#: true when entity ``e`` is known from more than memories: what the expiry cleanup's ``drop_orphans``
#: keeps it for besides a memory link (an external id a record or account gave it, not one read from a
#: memory's text, ``drop_text_ids``; a record's
#: attributes, an edge anchored or made by hand, a merge record), so it stays readable when the
#: memories naming it expire, before the cleanup as after it. Not an edge read from text (its
#: memories' own knowledge: ``provenance.memory``) nor the senses texts gave it (``graph.senses``).
KNOWN_BEYOND_MEMORIES = (
    "(EXISTS (SELECT 1 FROM entity_external_ids xi WHERE xi.entity_id = e.id AND xi.from_text = 0)"
    f" OR (e.attributes IS NOT NULL AND json_remove(e.attributes, '$.{SENSES_KEY}') <> '{{}}')"
    " OR EXISTS (SELECT 1 FROM entity_edges xg WHERE xg.src = e.id"
    " AND json_extract(xg.provenance, '$.memory') IS NULL)"
    " OR EXISTS (SELECT 1 FROM entity_edges xg WHERE xg.dst = e.id"
    " AND json_extract(xg.provenance, '$.memory') IS NULL)"
    " OR EXISTS (SELECT 1 FROM entity_merges xr WHERE xr.into_id = e.id)"
    " OR EXISTS (SELECT 1 FROM entity_merges xr WHERE xr.merged_id = e.id))"
)


def entity_readable(actor: Actor, now: datetime) -> tuple[str, list[Any]]:
    """Who may read an entity ``e`` (get, list, search by names or ids, page, its edges): the one read
    rule (``_visible``), and only while something live supports it (SPEC §8: reads filter expired
    items, so none leaks before the cleanup). An entity linked to memories that have all expired is
    hidden, unless a live memory links it or it is known from more than memories
    (``KNOWN_BEYOND_MEMORIES``: what the cleanup keeps it for, so it is readable before the cleanup as
    after it; an edge made by hand by a user with access is knowledge of its own). Expired memories
    are few (the cleanup deletes them every 15 minutes): the first test walks them by the
    ``memories_expiring`` index, so an entity with none costs one empty probe."""
    visible, params = _visible(actor, "e")
    stamp = to_db(now)
    live = (
        "(NOT EXISTS (SELECT 1 FROM memories x CROSS JOIN memory_entity_links xl ON xl.memory_seq = x.seq"
        " AND xl.entity_id = e.id WHERE x.expires_at <= ?)"
        " OR EXISTS (SELECT 1 FROM memory_entity_links xl CROSS JOIN memories x ON x.seq = xl.memory_seq"
        f" WHERE xl.entity_id = e.id AND (x.expires_at IS NULL OR x.expires_at > ?)) OR {KNOWN_BEYOND_MEMORIES})"
    )
    return f"{visible} AND {live}", [*params, stamp, stamp]


def _refs(actor: Actor) -> tuple[str, list[Any]]:
    """Two more columns after ``_COLUMNS`` for the reads that return memories to callers (get, fetch,
    chain, list_recent): the (entity id, name) the memory's ``subject`` and ``related_user`` links point
    at, as id U+001F name, or null (``memory_rows``). Read in the memory's own statement: the
    memory's links by its seq, each entity by its id, under the entity read rule; of several (rare), the
    first by name and id."""
    columns, params = [], []
    for role in ("subject", "related_user"):
        # (the rule on "+e": the entity is read by its id; with the scope's columns left open to its
        # indexes, SQLite spent 0.04 ms per memory on each of these subqueries, 7x their cost)
        visible, visible_params = _visible(actor, "+e")
        columns.append(
            "(SELECT e.id || char(31) || e.name FROM memory_entity_links l CROSS JOIN entities e"
            f" ON e.id = l.entity_id WHERE l.memory_seq = m.seq AND l.role = '{role}'"
            f" AND e.merged_into IS NULL AND {visible} ORDER BY e.name, e.id LIMIT 1)"
        )
        params += visible_params
    return ", ".join(columns), params


def _readable(actor: Actor) -> tuple[str, list[Any]]:
    """Who may read what, the one access rule (``_visible``) over ``m.workspace``, ``m.owner`` and
    ``m.visibility``, which both the items (``_scope``) and the statistics buckets (``stat_buckets``,
    see ``storage/stats.py``) have."""
    return _visible(actor, "m")


def _scope(actor: Actor, filters: Filters, now: datetime | None) -> tuple[str, list[Any]]:
    """The WHERE clause every read uses: who may see what, then the caller's filters."""
    readable, params = _readable(actor)
    clauses = [readable]
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
    if filters.scopes:
        clauses.append("(" + " OR ".join("m.owner LIKE ?" for _ in filters.scopes) + ")")
        params.extend(s.owner_pattern() for s in filters.scopes)
    if filters.observed_after:
        clauses.append("m.observed_at >= ?")
        params.append(to_db(filters.observed_after))
    if filters.observed_before:
        clauses.append("m.observed_at < ?")
        params.append(to_db(filters.observed_before))
    if filters.ids:
        clauses.append(f"m.id IN ({','.join('?' * len(filters.ids))})")
        params.extend(filters.ids)
    if filters.entities:
        clauses.append(
            "m.seq IN (SELECT l.memory_seq FROM memory_entity_links l WHERE l.entity_id IN"
            f" ({','.join('?' * len(filters.entities))}))"
        )
        params.extend(filters.entities)
    if filters.profile is not None:
        clauses.append("m.profile_id = ?")
        params.append(filters.profile)
    return " AND ".join(clauses), params


#: every item the actor may see, in any space, state or version (reads by id and by chain)
_ALL = Filters(space="*", include_history=True, states=tuple(State))
