"""PostgreSQL rows: what the other modules build their SQL from.

The selected columns and their mapping to ``Memory``; the scope ``WHERE`` clause every read uses; the
derived keyword columns (``doc_len``, ``porter_terms``) that stand in for SQLite's FTS5 vocabulary; the
per-(model, dim) vector expressions and HNSW index names; and the advisory lock keys. Pure: nothing here
touches a connection.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from ...graph.senses import SENSES_KEY
from ...models import Actor, Filters, Memory, State
from ...text.words import WORD_WITH_MARKS, fold_index_accents, has_word_marks
from ..memory_rows import memory_from_row


def _time(column: str) -> str:
    """A ``timestamptz`` column as its UTC wall time, or NULL when Python cannot hold it (±infinity, a
    year past 9999 or before 1: written by another tool). Reading it in UTC keeps the session's
    ``TimeZone`` from shifting a time at the edge of the range out of it (0001-01-01T00:00Z is year 0
    in New York); the driver would fail the whole statement on one such value."""
    return (
        f"CASE WHEN {column} >= '0001-01-01 00:00:00+00' AND {column} < '10000-01-01 00:00:00+00'"
        f" THEN {column} AT TIME ZONE 'UTC' END"
    )


#: (``access_count`` and ``last_accessed_at`` are each reader's own: ``access.READER_COLUMNS`` joins
#: them; the memories' own columns were dropped by migration 31)
_COLUMNS = (
    "m.seq, m.id, m.workspace, m.owner, m.visibility, m.space, m.content, m.type, m.subject_id,"
    " m.subject_name, m.related_user, m.data, m.importance, m.confidence,"
    f" {_time('m.valid_from')}, {_time('m.valid_to')}, {_time('m.observed_at')},"
    " m.source, m.provenance, m.state, m.replaces, m.superseded_by,"
    f" {_time('m.superseded_at')}, 0, NULL::timestamp,"
    f" {_time('m.expires_at')}, {_time('m.created_at')}, {_time('m.updated_at')},"
    " (SELECT v.model FROM memory_vectors v WHERE v.memory_seq = m.seq), m.author, m.profile_id"
)

#: advisory lock keys: one bigint for migrations; (namespace, hashtext(name)) pairs for the rest
_MIGRATION_LOCK = 7_346_501_001
_CHAIN_LOCKS = 73_465_01
_INDEX_LOCKS = 73_465_02
# (73_465_03 locked a scope's entities before migration 11: now its entity_versions row does)

#: what FTS5's unicode61 tokenizer counts as one token (for BM25 document length)
_TOKEN = re.compile(r"[^\W_]+")

#: pgvector's HNSW limits: vector up to 2,000 dimensions, halfvec up to 4,000
_HNSW_VECTOR_MAX = 2000
_HNSW_HALFVEC_MAX = 4000


def _utc(value: datetime | None) -> datetime | None:
    """Aware UTC; a naive value is a UTC wall time (what ``_time`` selects)."""
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _document(value: dict[str, Any] | None) -> dict[str, Any] | None:
    return value  # json: the driver has decoded it


#: PostgreSQL keeps no word longer than this many bytes in a tsvector (``to_tsvector`` drops it with a
#: notice) and no index entry much longer (a GIN or B-tree entry over 2,712 bytes fails the write)
_MAX_WORD_BYTES = 2047


def _indexable(token: str) -> bool:
    """Whether PostgreSQL can index the word: at most _MAX_WORD_BYTES in UTF-8 (4 bytes a character at
    most, so a short word needs no encoding)."""
    return len(token) * 4 <= _MAX_WORD_BYTES or len(token.encode("utf-8", "surrogatepass")) <= _MAX_WORD_BYTES


def _words(text: str) -> list[str]:
    """Split on anything that is not a letter or digit (or, in Indic script, a vowel sign: as SQLite's
    tokenizer, ``text.WORD_MARKS``)."""
    return (WORD_WITH_MARKS if has_word_marks(text) else _TOKEN).findall(text)


def _tokens(text: str) -> list[str]:
    """Tokens as FTS5's ``unicode61 remove_diacritics 2`` tokenizer makes them: lower case, accents
    stripped (``text.fold_index_accents``), split as ``_words``."""
    return _words(fold_index_accents(text.lower()))


def fts_text(text: str) -> str:
    """The text PostgreSQL's full-text parser is given, for documents and query terms alike: its words
    as FTS5's unicode61 tokenizer with ``remove_diacritics`` makes them, one space apart.

    - Split on every character that is not a letter or digit. The parser alone splits otherwise:
      "x2024-02-29" into x2024, -02, -29 (signed numbers), while "v2.3.1" (a file name),
      "user@example.com" (an e-mail address) and "3.14" stay one word each, so a term found on SQLite
      was missed here, or the other way round.
    - Accents folded (``text.fold_index_accents``, the rule SQLite's index applies itself): "cafe" finds
      "café" and "café" finds "cafe", as on SQLite. The english configuration keeps accents.
    - A word longer than PostgreSQL indexes (_MAX_WORD_BYTES) left out here rather than by
      ``to_tsvector``: the item's other words are found as on SQLite (its length still counts in BM25's
      ``doc_len``, as FTS5 counts it)."""
    return " ".join(t for t in _words(fold_index_accents(text)) if _indexable(t))


def _token_count(text: str) -> int:
    return len(_words(text))


@functools.lru_cache(maxsize=1)
def _porter() -> Any:
    import Stemmer

    return Stemmer.Stemmer("porter")


def _porter_terms(*texts: str) -> list[str]:
    """The distinct terms FTS5's ``porter`` tokenizer would index for these texts (tokens shorter than 3
    or longer than 64 characters pass through unstemmed, as there), but a word too long for PostgreSQL's
    index (``_indexable``: its GIN entry failed the write)."""
    porter = _porter()
    return sorted(
        {
            porter.stemWord(t) if 3 <= len(t) <= 64 else t
            for text in texts
            if text
            for t in _tokens(text)
            if _indexable(t)
        }
    )


def _row_to_memory(row: Sequence[Any]) -> tuple[int, Memory]:
    """``(seq, Memory)``; what cannot be read is handled as ``memory_rows`` says (never an error)."""
    return memory_from_row(row, _utc, _document)


def _visible(actor: Actor, table: str = "m") -> tuple[str, list[Any]]:
    """Who may read a row of a scoped table (memories ``m``, entities ``e``): the one read rule. Their
    own rows, and the shared rows of the owners the actor reads (``Actor.readable_shared_owners``)."""
    return (
        f"{table}.workspace = %s AND ({table}.owner = %s OR ({table}.visibility = 'shared'"
        f" AND {table}.owner = ANY(%s::text[])))",
        [actor.workspace, actor.owner, list(actor.readable_shared_owners())],
    )


#: true when entity ``e`` is known from more than memories: what the expiry cleanup's ``drop_orphans``
#: keeps it for besides a memory link (an external id a record or account gave it, not one read from a
#: memory's text, ``drop_text_ids``; a record's
#: attributes, an edge anchored or made by hand, a merge record), so it stays readable when the
#: memories naming it expire, before the cleanup as after it. Not an edge read from text (its
#: memories' own knowledge: ``provenance.memory``) nor the senses texts gave it (``graph.senses``).
#: (As SQLite's.)
KNOWN_BEYOND_MEMORIES = (
    "(EXISTS (SELECT 1 FROM entity_external_ids xi WHERE xi.entity_id = e.id AND NOT xi.from_text)"
    f" OR (e.attributes IS NOT NULL AND e.attributes::jsonb - '{SENSES_KEY}' <> '{{}}'::jsonb)"
    " OR EXISTS (SELECT 1 FROM entity_edges xg WHERE xg.src = e.id AND xg.provenance->>'memory' IS NULL)"
    " OR EXISTS (SELECT 1 FROM entity_edges xg WHERE xg.dst = e.id AND xg.provenance->>'memory' IS NULL)"
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
    ``memories_expiring`` index, so an entity with none costs one empty probe. (As SQLite's
    ``entity_readable``.)"""
    visible, params = _visible(actor, "e")
    live = (
        "(NOT EXISTS (SELECT 1 FROM memories x JOIN memory_entity_links xl ON xl.memory_seq = x.seq"
        " AND xl.entity_id = e.id WHERE x.expires_at <= %s)"
        " OR EXISTS (SELECT 1 FROM memory_entity_links xl JOIN memories x ON x.seq = xl.memory_seq"
        f" WHERE xl.entity_id = e.id AND (x.expires_at IS NULL OR x.expires_at > %s)) OR {KNOWN_BEYOND_MEMORIES})"
    )
    return f"{visible} AND {live}", [*params, now, now]


def _refs(actor: Actor) -> tuple[str, str, list[Any]]:
    """Two more columns after the memory's own for the reads that return memories to callers (get,
    fetch, chain, list_recent), and the join that reads them (after ``FROM memories m``; its parameters
    come before the statement's ``WHERE``): the (entity id, name) the memory's ``subject`` and
    ``related_user`` links point at, as arrays, or null (``memory_rows``). Read in the memory's own
    statement, one lateral read of its links by its seq and each entity by its id, under the entity
    read rule; of several (rare), the first by name and id. (Two scalar subqueries, one per role, cost
    the server 4x as much for a list of 50.)"""
    visible, params = _visible(actor, "e")

    def first(role: str) -> str:
        only = f"FILTER (WHERE l.role = '{role}')"
        return (
            f"CASE WHEN count(*) {only} > 0 THEN ARRAY[(array_agg(e.id ORDER BY e.name, e.id) {only})[1],"
            f" (array_agg(e.name ORDER BY e.name, e.id) {only})[1]] END"
        )

    join = (
        f"LEFT JOIN LATERAL (SELECT {first('subject')} AS subject, {first('related_user')} AS related"
        " FROM memory_entity_links l JOIN entities e ON e.id = l.entity_id WHERE l.memory_seq = m.seq"
        f" AND l.role IN ('subject', 'related_user') AND e.merged_into IS NULL AND {visible}) refs ON true"
    )
    return "refs.subject, refs.related", join, params


def _readable(actor: Actor) -> tuple[str, list[Any]]:
    """Who may read what, the one access rule (``_visible``, as in SQLite) over ``m.workspace``,
    ``m.owner`` and ``m.visibility``, which both the items (``_scope``) and ``stat_buckets`` have."""
    return _visible(actor, "m")


def _scope(actor: Actor, filters: Filters, now: datetime | None) -> tuple[str, list[Any]]:
    """The WHERE clause every read uses: who may see what, then the caller's filters (as in SQLite)."""
    readable, params = _readable(actor)
    clauses = [readable]
    if filters.space is None:
        clauses.append("m.space = ''")
    elif filters.space != "*":
        clauses.append("m.space = %s")
        params.append(filters.space)
    if not filters.include_history:
        clauses.append("m.superseded_by IS NULL")
    if filters.states:
        clauses.append("m.state = ANY(%s::text[])")
        params.append([str(s) for s in filters.states])
    else:
        clauses.append("m.state <> 'archived'")
    if now is not None:
        clauses.append("(m.expires_at IS NULL OR m.expires_at > %s)")
        params.append(now)
    if filters.types:
        clauses.append("m.type = ANY(%s::text[])")
        params.append([str(t) for t in filters.types])
    if filters.subject:
        clauses.append("(m.subject_id = %s OR lower(m.subject_name) = lower(%s))")
        params.extend([filters.subject, filters.subject])
    if filters.related_user:
        clauses.append("m.related_user = %s")
        params.append(filters.related_user)
    if filters.sources:
        clauses.append("m.source = ANY(%s::text[])")
        params.append(list(filters.sources))
    if filters.scopes:
        clauses.append("(" + " OR ".join("m.owner LIKE %s" for _ in filters.scopes) + ")")
        params.extend(s.owner_pattern() for s in filters.scopes)
    if filters.observed_after:
        clauses.append("m.observed_at >= %s")
        params.append(filters.observed_after)
    if filters.observed_before:
        clauses.append("m.observed_at < %s")
        params.append(filters.observed_before)
    if filters.ids:
        clauses.append("m.id = ANY(%s::text[])")
        params.append(list(filters.ids))
    if filters.entities:
        clauses.append(
            "m.seq IN (SELECT l.memory_seq FROM memory_entity_links l WHERE l.entity_id = ANY(%s::text[]))"
        )
        params.append(list(filters.entities))
    if filters.profile is not None:
        clauses.append("m.profile_id = %s")
        params.append(filters.profile)
    return " AND ".join(clauses), params


#: every item the actor may see, in any space, state or version (reads by id and by chain)
_ALL = Filters(space="*", include_history=True, states=tuple(State))


def _vector_sql(dim: int, column: str = "v.embedding") -> tuple[str, str, str | None]:
    """(indexed expression over ``v.embedding``, the query parameter cast, HNSW operator class or None).

    One untyped ``vector`` column holds every model's vectors; casting to a fixed dimension gives an
    expression that an HNSW index can be built on, per (model, dim), as a partial index. Past 2,000
    dimensions the index uses ``halfvec`` (pgvector's limit for ``vector``); past 4,000 there is no
    index and the search is an exact scan."""
    if dim <= _HNSW_VECTOR_MAX:
        return f"({column}::vector({dim}))", f"%s::vector({dim})", "vector_cosine_ops"
    if dim <= _HNSW_HALFVEC_MAX:
        return f"({column}::halfvec({dim}))", f"%s::vector::halfvec({dim})", "halfvec_cosine_ops"
    return f"({column}::vector({dim}))", f"%s::vector({dim})", None


def _index_name(model: str, dim: int) -> str:
    return "memory_vectors_hnsw_" + hashlib.sha1(f"{model}\0{dim}".encode()).hexdigest()[:16]
