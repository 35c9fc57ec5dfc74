"""PostgreSQL storage: SQL and row mapping only (ranking lives in ``memlane.retrieval``).

The same contract and semantics as ``storage/sqlite/store.py`` (read them side by side: the methods are
in the same order). What PostgreSQL changes, and why:

- **Many processes write at once.** SQLite serialises writers with ``BEGIN IMMEDIATE``; here writers run
  concurrently under READ COMMITTED, so the races are closed explicitly:
  * duplicates — the insert is ``ON CONFLICT … DO NOTHING`` on the partial unique index; a writer that
    loses the race gets ``None`` from ``insert`` and the service answers ``duplicate`` with the winner;
  * supersession — every operation that reads or moves a chain head first takes
    ``pg_advisory_xact_lock(chain)``, so two writers replacing the same item queue up and the second one
    supersedes the first one's new version (one current version, a linear chain);
    ``mark_superseded`` also repairs the one race the lock cannot see coming (automatic supersession
    picks its target before locking): if the target was superseded meanwhile, the new item is linked
    after the chain's current head instead.
- **Vectors** live in PostgreSQL itself (pgvector), searched with an HNSW index in the same query as the
  scope filters; there is no in-process cache to keep in step.
- **Keyword rank** is BM25 computed in SQL over the ``tsvector`` (see ``keyword_search``), so the lane
  orders hits like SQLite's FTS5 ``bm25()``.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
import time
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg import sql
from psycopg.types import TypeInfo
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from ...config import redact_url
from ...errors import StorageError
from ...models import Actor, Filters, Memory, MemoryType, State, Subject, Visibility
from ..base import NewMemory
from .migrations import LATEST, MIGRATIONS

__all__ = ["PostgresStore"]

_COLUMNS = (
    "m.seq, m.id, m.workspace, m.owner, m.visibility, m.space, m.content, m.type, m.subject_id,"
    " m.subject_name, m.related_user, m.data, m.importance, m.confidence, m.valid_from, m.valid_to,"
    " m.observed_at, m.source, m.provenance, m.state, m.replaces, m.superseded_by, m.superseded_at,"
    " m.access_count, m.last_accessed_at, m.expires_at, m.created_at, m.updated_at,"
    " (SELECT v.model FROM memory_vectors v WHERE v.memory_seq = m.seq)"
)

#: advisory lock keys: one bigint for migrations; (namespace, hashtext(name)) pairs for the rest
_MIGRATION_LOCK = 7_346_501_001
_CHAIN_LOCKS = 73_465_01
_INDEX_LOCKS = 73_465_02

#: FTS5's bm25() constants, so that both backends order keyword hits alike
_BM25_K1 = 1.2
_BM25_B = 0.75
#: below this many items the corpus statistics (N, average length) are recomputed on every query
_STATS_EXACT_BELOW = 20_000
_STATS_TTL_SECONDS = 60.0

#: what FTS5's unicode61 tokenizer counts as one token (for BM25 document length)
_TOKEN = re.compile(r"[^\W_]+")

#: pgvector's HNSW limits: vector up to 2,000 dimensions, halfvec up to 4,000
_HNSW_VECTOR_MAX = 2000
_HNSW_HALFVEC_MAX = 4000


def _describe(exc: BaseException) -> str:
    """One line for a psycopg error (server errors carry context lines that break one-line output)."""
    diag = getattr(exc, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    text = primary or str(exc) or type(exc).__name__
    return " ".join(text.split())


def _utc(value: datetime | None) -> datetime | None:
    return value.astimezone(UTC) if value is not None else None


def _tokens(text: str) -> list[str]:
    """Tokens as FTS5's ``unicode61 remove_diacritics 2`` tokenizer makes them: lower case, accents
    stripped, split on anything that is not a letter or digit."""
    folded = unicodedata.normalize("NFKD", text.lower())
    return _TOKEN.findall("".join(ch for ch in folded if not unicodedata.combining(ch)))


def _token_count(text: str) -> int:
    return len(_TOKEN.findall(text))


@functools.lru_cache(maxsize=1)
def _porter() -> Any:
    import Stemmer

    return Stemmer.Stemmer("porter")


def _porter_terms(*texts: str) -> list[str]:
    """The distinct terms FTS5's ``porter`` tokenizer would index for these texts (tokens shorter than 3
    or longer than 64 characters pass through unstemmed, as there)."""
    porter = _porter()
    return sorted(
        {porter.stemWord(t) if 3 <= len(t) <= 64 else t for text in texts if text for t in _tokens(text)}
    )


def _row_to_memory(row: Sequence[Any]) -> tuple[int, Memory]:
    (seq, id_, workspace, owner, visibility, space, content, type_, subject_id, subject_name,
     related_user, data, importance, confidence, valid_from, valid_to, observed_at, source,
     provenance, state, replaces, superseded_by, superseded_at, access_count, last_accessed_at,
     expires_at, created_at, updated_at, model) = row  # fmt: skip
    memory = Memory.model_construct(
        id=id_,
        content=content,
        type=MemoryType(type_),
        subject=Subject.model_construct(id=subject_id, name=subject_name) if subject_id else None,
        related_user=related_user,
        data=data,
        importance=importance,
        confidence=confidence,
        valid_from=_utc(valid_from),
        valid_to=_utc(valid_to),
        observed_at=_utc(observed_at),
        workspace=workspace,
        owner=owner,
        visibility=Visibility(visibility),
        space=space or None,
        source=source,
        provenance=provenance,
        state=State(state),
        replaces=replaces,
        superseded_by=superseded_by,
        superseded_at=_utc(superseded_at),
        access_count=access_count,
        last_accessed_at=_utc(last_accessed_at),
        expires_at=_utc(expires_at),
        created_at=_utc(created_at),
        updated_at=_utc(updated_at),
        embedding_model=model,
    )
    return int(seq), memory


def _scope(actor: Actor, filters: Filters, now: datetime | None) -> tuple[str, list[Any]]:
    """The WHERE clause every read uses: who may see what, then the caller's filters (as in SQLite)."""
    clauses = [
        "m.workspace = %s",
        "(m.owner = %s OR (m.visibility = 'shared' AND m.owner = ANY(%s::text[])))",
    ]
    params: list[Any] = [actor.workspace, actor.owner, list(actor.readable_shared_owners())]
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
    if filters.observed_after:
        clauses.append("m.observed_at >= %s")
        params.append(filters.observed_after)
    if filters.observed_before:
        clauses.append("m.observed_at < %s")
        params.append(filters.observed_before)
    if filters.ids:
        clauses.append("m.id = ANY(%s::text[])")
        params.append(list(filters.ids))
    return " AND ".join(clauses), params


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


def _lock(conn: psycopg.Connection[Any], namespace: int, name: str) -> None:
    conn.execute("SELECT pg_advisory_xact_lock(%s::int, hashtext(%s))", (namespace, name))


class _Txn:
    """Write operations inside one READ COMMITTED transaction on one pooled connection."""

    def __init__(self, store: PostgresStore, conn: psycopg.Connection[Any]) -> None:
        self.store = store
        self.conn = conn
        self.new_indexes: set[tuple[str, int]] = set()
        self.audit_rows: list[tuple[Any, ...]] = []

    def _one(self, query: Any, params: Sequence[Any] = ()) -> Any:
        return self.conn.execute(query, params).fetchone()

    def _lock_chain(self, chain_id: str) -> None:
        _lock(self.conn, _CHAIN_LOCKS, chain_id)

    def find_current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str
    ) -> Memory | None:
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE workspace = %s AND owner = %s AND visibility = %s"
            " AND space = %s AND content_hash = %s AND superseded_by IS NULL",
            (workspace, owner, visibility, space, content_hash),
        )
        return _row_to_memory(row)[1] if row else None

    def get_for_update(self, actor: Actor, memory_id: str) -> Memory | None:
        """The item, after locking its chain: a concurrent writer superseding it waits for us, and we
        read its chain as that writer left it (READ COMMITTED reads after the lock is granted)."""
        chain = self.chain_id_of(memory_id)
        if chain is None:
            return None
        self._lock_chain(chain)
        where, params = _scope(actor, _ALL, None)
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.id = %s AND {where}", (memory_id, *params)
        )
        return _row_to_memory(row)[1] if row else None

    def current_of_chain(self, chain_id: str) -> Memory | None:
        self._lock_chain(chain_id)
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.chain_id = %s AND m.superseded_by IS NULL"
            " ORDER BY m.seq DESC LIMIT 1",
            (chain_id,),
        )
        return _row_to_memory(row)[1] if row else None

    def chain_id_of(self, memory_id: str) -> str | None:
        row = self._one("SELECT chain_id FROM memories WHERE id = %s", (memory_id,))
        return row[0] if row else None

    def find_by_id(self, memory_id: str) -> Memory | None:
        """Unscoped: only for ids the transaction already obtained through a scoped query."""
        row = self._one(f"SELECT {_COLUMNS} FROM memories m WHERE m.id = %s", (memory_id,))
        return _row_to_memory(row)[1] if row else None

    def supersession_candidates(
        self, memory: Memory, entity_keys: frozenset[str], limit: int
    ) -> list[tuple[str, str, datetime]]:
        """(id, content, observed_at) of current items of the same owner, visibility and space sharing an
        entity key: most shared keys first, then newest. Each key contributes at most its ``limit`` newest
        items (one index range scan per key, as in SQLite), so a key that thousands of items carry costs no
        more than a rare one."""
        if not entity_keys:
            return []
        rows = self.conn.execute(
            "SELECT m.id, m.content, m.observed_at FROM (SELECT c.seq, count(*) AS n"
            " FROM unnest(%s::text[]) AS k(key) CROSS JOIN LATERAL (SELECT e.memory_seq AS seq"
            " FROM memory_entities e JOIN memories m ON m.seq = e.memory_seq WHERE e.key = k.key"
            " AND m.workspace = %s AND m.owner = %s AND m.visibility = %s AND m.space = %s"
            " AND m.superseded_by IS NULL AND m.state <> 'archived' ORDER BY e.memory_seq DESC LIMIT %s) c"
            " GROUP BY c.seq ORDER BY n DESC, c.seq DESC LIMIT %s) b JOIN memories m ON m.seq = b.seq"
            " ORDER BY b.n DESC, b.seq DESC",
            (sorted(entity_keys), memory.workspace, memory.owner, str(memory.visibility), memory.space or "",
             limit, limit),
        ).fetchall()  # fmt: skip
        return [(str(id_), str(content), _utc(observed)) for id_, content, observed in rows]  # type: ignore[misc]

    def insert(self, row: NewMemory) -> int | None:
        """The new item's seq, or None when an identical current item (same owner, visibility, space and
        content hash) was committed by another writer after the caller's duplicate check."""
        m = row.memory
        keyword_text = m.content if row.fts_content is None else row.fts_content
        model = m.embedding_model if row.vector is not None else None
        if model is not None:
            self._ensure_index(model, len(row.vector))  # type: ignore[arg-type]
        # One round trip: the row, its entity keys and its vector (data-modifying CTEs all run; with a
        # conflict ``ins`` is empty and so are the other two).
        got = self._one(
            "WITH ins AS (INSERT INTO memories (id, workspace, owner, visibility, space, content, content_hash,"
            " type, subject_id, subject_name, related_user, data, importance, confidence, valid_from, valid_to,"
            " observed_at, source, provenance, state, chain_id, replaces, superseded_by, superseded_at,"
            " access_count, last_accessed_at, expires_at, created_at, updated_at, keyword_text, keyword_subject,"
            " doc_len, porter_terms, fts) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,"
            " %s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s, to_tsvector('english', %s))"
            " ON CONFLICT (workspace, owner, visibility, space, content_hash) WHERE superseded_by IS NULL"
            " DO NOTHING RETURNING seq),"
            " keys AS (INSERT INTO memory_entities (key, memory_seq) SELECT k, ins.seq FROM ins,"
            " unnest(%s::text[]) AS k ON CONFLICT DO NOTHING),"
            " vec AS (INSERT INTO memory_vectors (memory_seq, model, dim, embedding)"
            " SELECT ins.seq, %s::text, %s::int, %s::vector FROM ins WHERE %s::text IS NOT NULL)"
            " SELECT seq FROM ins",
            (
                m.id, m.workspace, m.owner, str(m.visibility), m.space or "", m.content, row.content_hash,
                str(m.type), m.subject.id if m.subject else None, m.subject.name if m.subject else None,
                m.related_user, Jsonb(m.data) if m.data is not None else None, m.importance, m.confidence,
                m.valid_from, m.valid_to, m.observed_at, m.source,
                Jsonb(m.provenance) if m.provenance is not None else None, str(m.state), row.chain_id,
                m.replaces, m.superseded_by, m.superseded_at, m.access_count, m.last_accessed_at,
                m.expires_at, m.created_at, m.updated_at, row.fts_content, row.fts_subject,
                _token_count(keyword_text) + _token_count(row.fts_subject),
                _porter_terms(keyword_text, row.fts_subject), keyword_text,
                sorted(row.entity_keys),
                model, len(row.vector) if model is not None else None,  # type: ignore[arg-type]
                np.ascontiguousarray(row.vector, dtype=np.float32) if model is not None else None, model,
            ),
        )  # fmt: skip
        return None if got is None else int(got[0])

    def _put_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None:
        for model, dim in {(model, len(vec)) for _, model, vec in rows}:
            self._ensure_index(model, dim)
        with self.conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO memory_vectors (memory_seq, model, dim, embedding) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (memory_seq) DO UPDATE SET model = EXCLUDED.model, dim = EXCLUDED.dim,"
                " embedding = EXCLUDED.embedding",
                [
                    (seq, model, len(vec), np.ascontiguousarray(vec, dtype=np.float32))
                    for seq, model, vec in rows
                ],
            )

    def _ensure_index(self, model: str, dim: int) -> None:
        """Create the HNSW index for (model, dim) the first time a vector of it is written.

        Created inside this write transaction: the table holds no vector of this model yet, so the build
        is instant, and a rollback takes the index with it. An advisory lock makes concurrent first
        writers create it once."""
        if (model, dim) in self.store._indexes or (model, dim) in self.new_indexes:
            return
        name = _index_name(model, dim)
        _lock(self.conn, _INDEX_LOCKS, name)
        if self._one("SELECT 1 FROM vector_indexes WHERE model = %s AND dim = %s", (model, dim)) is None:
            expr, _, ops = _vector_sql(dim, "embedding")
            if ops is not None:
                self.conn.execute(
                    sql.SQL("CREATE INDEX IF NOT EXISTS {name} ON memory_vectors USING hnsw ({expr} {ops})"
                            " WHERE model = {model} AND dim = {dim}").format(
                        name=sql.Identifier(name), expr=sql.SQL(expr), ops=sql.SQL(ops),
                        model=sql.Literal(model), dim=sql.Literal(dim),
                    )
                )  # fmt: skip
            self.conn.execute(
                "INSERT INTO vector_indexes (model, dim, index_name) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (model, dim, name if ops is not None else None),
            )
        self.new_indexes.add((model, dim))

    def set_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None:
        if not rows:
            return
        seqs = [seq for seq, _, _ in rows]
        alive = {
            r[0] for r in self.conn.execute("SELECT seq FROM memories WHERE seq = ANY(%s::bigint[])", (seqs,))
        }
        todo = [r for r in rows if r[0] in alive]
        if not todo:
            return
        self._put_vectors(todo)
        self.conn.execute(
            "UPDATE memories SET state = 'indexed' WHERE seq = ANY(%s::bigint[]) AND state = 'new'",
            ([r[0] for r in todo],),
        )

    def replace_keys(self, seq: int, content: str, subject: str, keys: frozenset[str]) -> None:
        """New entity keys and keyword entry (``content`` is the text the keyword index sees)."""
        self.conn.execute("DELETE FROM memory_entities WHERE memory_seq = %s", (seq,))
        if keys:
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO memory_entities (key, memory_seq) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                    [(k, seq) for k in sorted(keys)],
                )
        self.conn.execute(
            "UPDATE memories SET keyword_text = CASE WHEN content = %s THEN NULL ELSE %s END,"
            " keyword_subject = %s, doc_len = %s, porter_terms = %s, fts = to_tsvector('english', %s)"
            " WHERE seq = %s",
            (
                content,
                content,
                subject,
                _token_count(content) + _token_count(subject),
                _porter_terms(content, subject),
                content,
                seq,
            ),
        )

    def mark_superseded(self, memory_id: str, by_id: str, at: datetime) -> None:
        chain = self.chain_id_of(memory_id)
        if chain is not None:
            self._lock_chain(chain)
        done = self.conn.execute(
            "UPDATE memories SET superseded_by = %s, superseded_at = %s, updated_at = %s"
            " WHERE id = %s AND superseded_by IS NULL",
            (by_id, at, at, memory_id),
        ).rowcount
        if done or chain is None:
            return
        # Another writer superseded the target after we chose it (automatic supersession chooses before
        # it can lock): keep the chain linear by following the chain's current head instead.
        head = self._one(
            "SELECT id FROM memories WHERE chain_id = %s AND superseded_by IS NULL AND id <> %s"
            " ORDER BY seq DESC LIMIT 1",
            (chain, by_id),
        )
        if head is None:
            return
        self.conn.execute(
            "UPDATE memories SET superseded_by = %s, superseded_at = %s, updated_at = %s WHERE id = %s",
            (by_id, at, at, head[0]),
        )
        self.conn.execute("UPDATE memories SET replaces = %s WHERE id = %s", (head[0], by_id))

    def chain_ids(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        """Every id in the chains of the given (visible) ids, oldest first."""
        if not memory_ids:
            return []
        where, params = _scope(actor, _ALL, None)
        rows = self.conn.execute(
            f"SELECT m.id FROM memories m WHERE {where} AND m.chain_id IN (SELECT chain_id FROM memories"
            " WHERE id = ANY(%s::text[])) ORDER BY m.seq",
            (*params, list(dict.fromkeys(memory_ids))),
        ).fetchall()
        return [r[0] for r in rows]

    def delete_chains(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        """Delete whole chains; vectors and entity keys go by ON DELETE CASCADE, the tsvector with the row.

        The chains are locked first (in a fixed order, so two deleters never deadlock) so that a version
        being added concurrently is either deleted too or added after the chain is gone."""
        if not memory_ids:
            return []
        chains = self.conn.execute(
            "SELECT DISTINCT chain_id FROM memories WHERE id = ANY(%s::text[]) ORDER BY chain_id",
            (list(dict.fromkeys(memory_ids)),),
        ).fetchall()
        for (chain,) in chains:
            self._lock_chain(chain)
        ids = self.chain_ids(actor, memory_ids)
        if ids:
            self.conn.execute("DELETE FROM memories WHERE id = ANY(%s::text[])", (ids,))
        return ids

    def set_state(self, actor: Actor, memory_id: str, state: str, at: datetime) -> Memory | None:
        current = self.get_for_update(actor, memory_id)
        if current is None:
            return None
        if state == "restore":
            has_vec = self._one(
                "SELECT 1 FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq WHERE m.id = %s"
                " AND v.model = %s",
                (memory_id, self.store.vector_model),
            )
            state = "indexed" if has_vec else "new"
        self.conn.execute(
            "UPDATE memories SET state = %s, updated_at = %s WHERE id = %s", (state, at, memory_id)
        )
        return self.get_for_update(actor, memory_id)

    def audit(self, actor: Actor, action: str, memory_id: str | None, detail: dict[str, Any]) -> None:
        """Queued and written in one statement just before COMMIT (as in SQLite)."""
        self.audit_rows.append(
            (datetime.now(UTC), actor.workspace, actor.owner, action, memory_id, Jsonb(detail))
        )

    def flush(self) -> None:
        if self.audit_rows:
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO audit_log (at, workspace, actor, action, memory_id, detail)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    self.audit_rows,
                )
            self.audit_rows.clear()


class PostgresStore:
    """A PostgreSQL database with pgvector, through a ``psycopg_pool.ConnectionPool``.

    Opening it applies pending migrations (under an advisory lock, so concurrent processes migrate
    once) and creates the ``vector`` extension when it is missing and may be created."""

    backend = "postgres"

    def __init__(
        self, url: str, *, vector_model: str | None = None, min_size: int = 1, max_size: int = 10
    ) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.vector_model = vector_model
        self._where = redact_url(self.url)
        self._indexes: set[tuple[str, int]] = set()
        self._lock = threading.Lock()
        self._stats_cache: tuple[float, float, tuple[int, float]] | None = None
        self._mce_cache: dict[str, tuple[float, dict[str, float]]] = {}
        self._closed = False
        try:
            with psycopg.connect(self.url, autocommit=True, connect_timeout=30) as conn:
                self._migrate(conn)
                self._pgvector = tuple(int(p) for p in re.findall(r"\d+", self._extversion(conn))[:2])
                self._vector_info = TypeInfo.fetch(conn, "vector")
                self._halfvec_info = TypeInfo.fetch(conn, "halfvec")
                self._indexes = {(m, d) for m, d in conn.execute("SELECT model, dim FROM vector_indexes")}
        except psycopg.Error as exc:
            raise StorageError(
                f"cannot open the PostgreSQL database {self._where}: {_describe(exc)}"
            ) from exc
        self._pool = ConnectionPool(
            self.url,
            min_size=min_size,
            max_size=max_size,
            kwargs={"autocommit": True, "prepare_threshold": None},
            configure=self._configure,
            open=False,
            name="memlane",
        )
        try:
            self._pool.open(wait=True, timeout=30)
        except psycopg.Error as exc:  # PoolTimeout is an OperationalError
            self._pool.close()
            raise StorageError(
                f"cannot connect to the PostgreSQL database {self._where}: {_describe(exc)}"
            ) from exc

    def _configure(self, conn: psycopg.Connection[Any]) -> None:
        """Register the vector types on each new pooled connection (no round trip: the type info is
        fetched once). ``prepare_threshold=None`` keeps the store usable behind transaction poolers
        (PgBouncer, Supavisor, Neon's pooler), which cannot keep server-side prepared statements."""
        from pgvector.psycopg.halfvec import register_halfvec_info
        from pgvector.psycopg.vector import register_vector_info

        register_vector_info(conn, self._vector_info)
        if self._halfvec_info is not None:
            register_halfvec_info(conn, self._halfvec_info)

    # -- schema ---------------------------------------------------------------------------------------

    @staticmethod
    def _extversion(conn: psycopg.Connection[Any]) -> str:
        row = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        return row[0] if row else ""

    def _ensure_pgvector(self, conn: psycopg.Connection[Any]) -> None:
        """Create the ``vector`` extension if needed, or say clearly why it cannot be."""
        if self._extversion(conn):
            return
        advice = (
            "memlane's PostgreSQL backend needs the pgvector extension: install pgvector on the server"
            " (managed services such as RDS, Cloud SQL, Azure, Supabase and Neon ship it) and run"
            " CREATE EXTENSION vector in this database as a user allowed to, or use a SQLite file instead"
        )
        available = conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone()
        if available is None:
            raise StorageError(
                f"pgvector is not available on the PostgreSQL server of {self._where}"
                f' (CREATE EXTENSION vector failed: extension "vector" is not installed); {advice}'
            )
        try:
            with conn.transaction():  # a savepoint: the failure must not abort the migration transaction
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        except psycopg.Error as exc:
            raise StorageError(
                f"CREATE EXTENSION vector failed in {self._where}: {_describe(exc)}; {advice}"
            ) from exc

    def _migrate(self, conn: psycopg.Connection[Any]) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s::bigint)", (_MIGRATION_LOCK,))
            self._ensure_pgvector(conn)
            exists = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()
            if not (exists and exists[0]):
                conn.execute(
                    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL,"
                    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
            applied = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
            if applied and max(applied) > LATEST:
                raise StorageError(
                    f"{self._where} has schema version {max(applied)}, newer than this memlane ({LATEST}):"
                    " upgrade memlane"
                )
            for version, description, script in MIGRATIONS:
                if version in applied:
                    continue
                conn.execute(script.encode())  # several statements: simple query protocol, no parameters
                conn.execute(
                    "INSERT INTO schema_migrations (version, description) VALUES (%s, %s)",
                    (version, description),
                )

    def schema_version(self) -> int:
        row = self._rows("SELECT max(version) FROM schema_migrations", ())
        return int(row[0][0] or 0)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._pool.close()

    # -- connections ----------------------------------------------------------------------------------

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg.Error as exc:
            raise StorageError(f"PostgreSQL error on {self._where}: {_describe(exc)}") from exc

    def _rows(self, query: Any, params: Sequence[Any]) -> list[Any]:
        """One read statement. A connection that broke while idle in the pool (server restart, failover,
        idle timeout) fails on first use: the pool drops it, and the read is retried once on a fresh one
        (reads are safe to repeat; writes are not retried). Cheaper than checking every connection on
        every checkout, which would add a round trip to each of a recall's dozen queries."""
        with self._connection() as conn:
            try:
                return conn.execute(query, params).fetchall()
            except psycopg.OperationalError:
                if not conn.broken:
                    raise
        with self._connection() as conn:
            return conn.execute(query, params).fetchall()

    # -- writing --------------------------------------------------------------------------------------

    @contextmanager
    def write(self) -> Iterator[_Txn]:
        """One all-or-nothing write transaction on one connection."""
        with self._connection() as conn:
            txn = _Txn(self, conn)
            with conn.transaction():
                yield txn
                txn.flush()
        with self._lock:
            self._indexes |= txn.new_indexes
            self._stats_cache = None

    def touch(self, seqs: Sequence[int], at: datetime) -> None:
        """Count an access. Rows another transaction holds are skipped, not waited for: access counts
        are a ranking hint and must never slow down or fail a read."""
        if not seqs:
            return
        with self._connection() as conn:
            conn.execute(
                "UPDATE memories SET access_count = access_count + 1, last_accessed_at = %s WHERE seq IN"
                " (SELECT seq FROM memories WHERE seq = ANY(%s::bigint[]) FOR UPDATE SKIP LOCKED)",
                (at, list(seqs)),
            )

    # -- reading --------------------------------------------------------------------------------------

    def get(self, actor: Actor, memory_id: str) -> Memory | None:
        where, params = _scope(actor, _ALL, None)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.id = %s AND {where}", (memory_id, *params)
        )
        return _row_to_memory(rows[0])[1] if rows else None

    def seq_of(self, memory_id: str) -> int | None:
        rows = self._rows("SELECT seq FROM memories WHERE id = %s", (memory_id,))
        return int(rows[0][0]) if rows else None

    def fetch(self, actor: Actor, filters: Filters, seqs: Sequence[int], now: datetime) -> dict[int, Memory]:
        if not seqs:
            return {}
        where, params = _scope(actor, filters, now)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.seq = ANY(%s::bigint[]) AND {where}",
            (list(seqs), *params),
        )
        return dict(_row_to_memory(r) for r in rows)

    def chain(self, actor: Actor, memory_id: str) -> list[Memory]:
        where, params = _scope(actor, _ALL, None)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE {where} AND m.chain_id ="
            " (SELECT chain_id FROM memories WHERE id = %s) ORDER BY m.seq",
            (*params, memory_id),
        )
        return [_row_to_memory(r)[1] for r in rows]

    def list_recent(
        self, actor: Actor, filters: Filters, now: datetime, limit: int, offset: int
    ) -> list[Memory]:
        where, params = _scope(actor, filters, now)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE {where} ORDER BY m.created_at DESC, m.seq DESC"
            " LIMIT %s OFFSET %s",
            (*params, limit, offset),
        )
        return [_row_to_memory(r)[1] for r in rows]

    def iter_all(self) -> Iterator[Memory]:
        """Every item in seq order, streamed through a server-side cursor."""
        with self._connection() as conn, conn.transaction(), conn.cursor(name="memlane_iter_all") as cur:
            cur.itersize = 1000
            cur.execute(f"SELECT {_COLUMNS} FROM memories m ORDER BY m.seq")
            for row in cur:
                yield _row_to_memory(row)[1]

    # -- retrieval lanes ------------------------------------------------------------------------------

    def keyword_search(
        self, actor: Actor, filters: Filters, terms: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, BM25) best first, computed like FTS5's ``bm25()`` (k1 = 1.2, b = 0.75).

        Each term becomes its own ``plainto_tsquery('english', %s)`` and the terms are OR-ed with the
        tsquery ``||`` operator: user text is only ever a bound parameter, never query syntax. The
        documents are matched on ``content`` only (as in SQLite). Per term: IDF = ln((N - df + 0.5) /
        (df + 0.5)) over the whole store (floored at 1e-6, as FTS5 does), and the term frequency is the
        number of positions of its lexeme in the document's tsvector. Differences from FTS5: the
        english configuration (Snowball stemmer, stop words) instead of porter/unicode61, and a term
        that splits into several lexemes ("e-mail", "o'brien") matches items holding all of them, with
        the smallest of their counts as its frequency, where FTS5 counts the phrase.
        """
        terms = [t for t in dict.fromkeys(terms) if t.strip()]
        if not terms:
            return []
        total, avgdl = self._corpus_stats()
        stats = self._term_stats(terms)
        live = [(i, lexemes, df) for i, (lexemes, df) in enumerate(stats) if lexemes]
        if not live or total == 0:
            return []
        idf = {i: max(float(np.log((total - df + 0.5) / (df + 0.5))), 1e-6) for i, _, df in live}
        where, params = _scope(actor, filters, now)
        tsquery = " || ".join("plainto_tsquery('english', %s)" for _ in live)
        lx_terms = [i for i, lexemes, _ in live for _ in lexemes]
        lx_words = [w for _, lexemes, _ in live for w in lexemes]
        query = (
            "WITH lx(i, lexeme) AS (SELECT * FROM unnest(%s::int[], %s::text[])),"
            " tw(i, idf, nlex) AS (SELECT * FROM unnest(%s::int[], %s::float8[], %s::int[])),"
            f" cand AS MATERIALIZED (SELECT m.seq, m.doc_len, m.fts FROM memories m WHERE m.fts @@ ({tsquery})"
            f" AND {where}),"
            " tf AS (SELECT c.seq, lx.i, min(cardinality(u.positions)) AS tf, count(*) AS found"
            " FROM cand c CROSS JOIN LATERAL unnest(c.fts) AS u JOIN lx ON lx.lexeme = u.lexeme"
            " GROUP BY c.seq, lx.i)"
            " SELECT tf.seq, SUM(tw.idf * (tf.tf * %s) / (tf.tf + %s * (1 - %s + %s * c.doc_len / %s))) AS score"
            " FROM tf JOIN tw ON tw.i = tf.i AND tf.found = tw.nlex JOIN cand c ON c.seq = tf.seq"
            " GROUP BY tf.seq ORDER BY score DESC, tf.seq LIMIT %s"
        )
        # A common word's bitmap must not go lossy (a recheck of every row on its pages): more
        # work_mem for this one statement.
        with self._connection() as conn, conn.transaction():
            conn.execute("SELECT set_config('work_mem', '64MB', true)")
            rows = conn.execute(
                query,
                (
                    lx_terms, lx_words, [i for i, _, _ in live], [idf[i] for i, _, _ in live],
                    [len(lexemes) for _, lexemes, _ in live], *[terms[i] for i, _, _ in live], *params,
                    _BM25_K1 + 1, _BM25_K1, _BM25_B, _BM25_B, max(avgdl, 1e-9), limit,
                ),
            ).fetchall()  # fmt: skip
        return [(int(seq), float(score)) for seq, score in rows]

    def _term_stats(self, terms: Sequence[str]) -> list[tuple[list[str], int]]:
        """Per term: its lexemes (english configuration) and the number of items whose content has them
        all. On a large store a term among the planner's most common elements (``pg_stats``) takes its
        frequency from there; the others are counted through the GIN index (they are rare, so that is
        cheap). A common word would otherwise cost a read of its whole posting list on every query."""
        lexemes = [
            list(r[0] or [])
            for r in self._rows(
                "SELECT tsvector_to_array(to_tsvector('english', t.term))"
                " FROM unnest(%s::text[]) WITH ORDINALITY AS t(term, i) ORDER BY t.i",
                (list(terms),),
            )
        ]
        df: dict[int, int] = {}
        total = self._corpus_stats()[0]
        if total >= _STATS_EXACT_BELOW:
            freq = self._common_element_freqs("fts")
            for i, lx in enumerate(lexemes):
                if lx and all(w in freq for w in lx):
                    df[i] = int(min(freq[w] for w in lx) * total)
        todo = [i for i, lx in enumerate(lexemes) if lx and i not in df]
        if todo:
            rows = self._rows(
                "SELECT t.i, (SELECT count(*) FROM memories d WHERE d.fts @@ plainto_tsquery('english', t.term))"
                " FROM unnest(%s::text[], %s::int[]) AS t(term, i)",
                ([terms[i] for i in todo], todo),
            )
            df.update({int(i): int(n) for i, n in rows})
        return [(lx, df.get(i, 0)) for i, lx in enumerate(lexemes)]

    def _common_element_freqs(self, column: str) -> dict[str, float]:
        """Most common elements of a tsvector or array column with the share of rows holding each
        (refreshed by ANALYZE / autovacuum; reused for ``_STATS_TTL_SECONDS``)."""
        now = time.monotonic()
        cached = self._mce_cache.get(column)
        if cached is not None and now - cached[0] < _STATS_TTL_SECONDS:
            return cached[1]
        freqs = self._fetch_element_freqs(column)
        self._mce_cache[column] = (now, freqs)
        return freqs

    def _fetch_element_freqs(self, column: str) -> dict[str, float]:
        rows = self._rows(
            "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats"
            " WHERE schemaname = current_schema() AND tablename = 'memories' AND attname = %s",
            (column,),
        )
        if not rows or rows[0][0] is None:
            return {}
        elems, freqs = rows[0]
        return dict(zip(elems, freqs, strict=False))

    def _corpus_stats(self) -> tuple[int, float]:
        """(number of items, average BM25 document length). Exact below ``_STATS_EXACT_BELOW`` items.
        Above, estimated and reused for ``_STATS_TTL_SECONDS``: the row count from the planner's
        ``reltuples`` and the average length from a 1% block sample. Counting a million rows costs
        ~0.3 s, which a recall must not pay; BM25 and the IDF weights barely move with a 1% error."""
        now = time.monotonic()
        cached = self._stats_cache
        if cached is not None and now - cached[0] < cached[1]:
            return cached[2]
        estimate = self._rows("SELECT reltuples::bigint FROM pg_class WHERE oid = 'memories'::regclass", ())
        n_est = int(estimate[0][0]) if estimate and estimate[0][0] is not None else -1
        if n_est >= _STATS_EXACT_BELOW:
            sample = self._rows("SELECT avg(doc_len) FROM memories TABLESAMPLE SYSTEM (1)", ())[0][0]
            if sample is None:  # an unlucky empty sample: take the exact figures once
                sample = self._rows("SELECT avg(doc_len) FROM memories", ())[0][0]
            stats = (n_est, float(sample or 0.0))
            self._stats_cache = (now, _STATS_TTL_SECONDS, stats)
            return stats
        n, total_len = self._rows("SELECT count(*), coalesce(sum(doc_len), 0) FROM memories", ())[0]
        stats = (int(n), float(total_len) / n if n else 0.0)
        self._stats_cache = (now, 0.0 if n < _STATS_EXACT_BELOW else _STATS_TTL_SECONDS, stats)
        return stats

    def entity_search(
        self,
        actor: Actor,
        filters: Filters,
        keys: Sequence[str],
        now: datetime,
        limit: int,
        weights: dict[str, float] | None = None,
    ) -> list[tuple[int, float]]:
        """(seq, summed key weight) best first, for items naming any of ``keys``."""
        keys = list(dict.fromkeys(keys))
        if not keys:
            return []
        weights = weights or {}
        where, params = _scope(actor, filters, now)
        # Each key contributes at most its newest ``cap`` items (an index range scan), as in SQLite: a key
        # that most items carry adds little weight and must not cost a scan of all of them.
        cap = max(limit * 10, 500)
        rows = self._rows(
            "SELECT c.seq, SUM(k.w) AS total FROM unnest(%s::text[], %s::float8[]) AS k(key, w)"
            " CROSS JOIN LATERAL (SELECT e.memory_seq AS seq FROM memory_entities e"
            f" JOIN memories m ON m.seq = e.memory_seq WHERE e.key = k.key AND {where}"
            " ORDER BY e.memory_seq DESC LIMIT %s) c GROUP BY c.seq ORDER BY total DESC, c.seq DESC LIMIT %s",
            (keys, [weights.get(k, 1.0) for k in keys], *params, cap, limit),
        )
        return [(int(seq), float(w)) for seq, w in rows]

    def key_frequencies(self, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per key) across the whole store: for weighting rare keys up."""
        keys = list(dict.fromkeys(keys))
        total = self._corpus_stats()[0]
        if not keys:
            return total, {}
        rows = self._rows(
            "SELECT key, COUNT(*) FROM memory_entities WHERE key = ANY(%s::text[]) GROUP BY key", (keys,)
        )
        return total, {k: int(n) for k, n in rows}

    def term_stats(self, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items containing each porter-stemmed term), as FTS5's vocabulary answers it
        in SQLite: from ``porter_terms`` (keyword text and subject), so both backends prune and weigh the
        same query words alike. Exact below ``_STATS_EXACT_BELOW`` items; above, a term among the
        planner's most common elements takes its frequency from ``pg_stats`` and the rest are counted."""
        stems = list(dict.fromkeys(terms))
        total = self._corpus_stats()[0]
        if not stems:
            return total, {}
        df: dict[str, int] = {}
        if total >= _STATS_EXACT_BELOW:
            freq = self._common_element_freqs("porter_terms")
            df = {t: int(freq[t] * total) for t in stems if t in freq}
        todo = [t for t in stems if t not in df]
        if todo:
            rows = self._rows(
                "SELECT t.term, (SELECT count(*) FROM memories d WHERE d.porter_terms @> ARRAY[t.term])"
                " FROM unnest(%s::text[]) AS t(term)",
                (todo,),
            )
            df.update({t: int(n) for t, n in rows})
        return total, {t: n for t, n in df.items() if n}

    def neighbours(self, seqs: Sequence[int], window: int, hours: float) -> dict[int, list[int]]:
        """Items stored within ``window`` places of each seq in the same conversation: same workspace,
        owner, space and source, observed within ``hours``. Not scope-filtered: callers fetch with scope.
        One primary-key lookup of the seqs around them; the comparison is done here (as in SQLite)."""
        if not seqs or window <= 0:
            return {}
        wanted = sorted({s + d for s in seqs for d in range(-window, window + 1)})
        rows = self._rows(
            "SELECT seq, workspace, owner, space, source, observed_at FROM memories WHERE seq = ANY(%s::bigint[])",
            (wanted,),
        )
        info = {int(r[0]): r[1:] for r in rows}
        out: dict[int, list[int]] = {}
        for c in seqs:
            if c not in info:
                continue
            *conversation, at = info[c]
            for n in range(c - window, c + window + 1):
                other = info.get(n)
                same = n != c and other is not None and list(other[:-1]) == conversation
                if same and abs((other[-1] - at).total_seconds()) / 3600.0 <= hours:  # type: ignore[index]
                    out.setdefault(c, []).append(n)
        return out

    def contents(self, seqs: Sequence[int]) -> dict[int, str]:
        """Content by seq, unscoped: only for seqs a scoped query returned."""
        if not seqs:
            return {}
        rows = self._rows("SELECT seq, content FROM memories WHERE seq = ANY(%s::bigint[])", (list(seqs),))
        return {int(seq): str(content) for seq, content in rows}

    def entity_keys_of(self, seqs: Sequence[int]) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {s: set() for s in seqs}
        if not seqs:
            return out
        for seq, key in self._rows(
            "SELECT memory_seq, key FROM memory_entities WHERE memory_seq = ANY(%s::bigint[])", (list(seqs),)
        ):
            out[int(seq)].add(key)
        return out

    def vector_search(
        self, actor: Actor, filters: Filters, query: npt.NDArray[np.float32], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, cosine similarity) best first: ``ORDER BY embedding <=> query LIMIT k`` with the scope in
        the same query. With the HNSW index the search is approximate; pgvector 0.8's iterative scan
        (``relaxed_order``) keeps walking the graph until enough rows pass the scope filters, and the
        outer ORDER BY restores exact order among what was found."""
        model = self.vector_model
        if model is None or len(query) == 0:
            return []
        dim = len(query)
        expr, param, _ = _vector_sql(dim)
        where, params = _scope(actor, filters, now)
        statement = sql.SQL(
            "SELECT seq, 1 - dist FROM (SELECT v.memory_seq AS seq, {expr} <=> {param} AS dist"
            " FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq"
            " WHERE v.model = {model} AND v.dim = {dim} AND {where}"
            " ORDER BY {expr} <=> {param} LIMIT %s) s ORDER BY dist, seq"
        ).format(
            expr=sql.SQL(expr), param=sql.SQL(param), model=sql.Literal(model), dim=sql.Literal(dim),
            where=sql.SQL(where),
        )  # fmt: skip
        vec = np.ascontiguousarray(query, dtype=np.float32)
        ef_search = max(64, min(1000, 2 * limit))
        with self._connection() as conn, conn.transaction():
            conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(ef_search),))
            if self._pgvector >= (0, 8):
                conn.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)")
            rows = conn.execute(statement, (vec, *params, vec, limit)).fetchall()
        return [(int(seq), float(sim)) for seq, sim in rows]

    # -- maintenance ----------------------------------------------------------------------------------

    def needing_embedding(self, model: str, after_seq: int, limit: int) -> list[tuple[int, str]]:
        """Items with no vector of ``model`` (any state), in seq order from ``after_seq``."""
        return [
            (int(s), c)
            for s, c in self._rows(
                "SELECT m.seq, m.content FROM memories m LEFT JOIN memory_vectors v ON v.memory_seq = m.seq"
                " WHERE m.seq > %s AND (v.model IS NULL OR v.model <> %s) ORDER BY m.seq LIMIT %s",
                (after_seq, model, limit),
            )
        ]

    def all_for_keys(
        self, after_seq: int, limit: int
    ) -> list[tuple[int, str, str | None, str | None, datetime]]:
        """(seq, content, subject id, subject name, observed_at) of every item, in seq order."""
        return [
            (int(s), c, sid, sname, _utc(obs))  # type: ignore[misc]
            for s, c, sid, sname, obs in self._rows(
                "SELECT seq, content, subject_id, subject_name, observed_at FROM memories WHERE seq > %s"
                " ORDER BY seq LIMIT %s",
                (after_seq, limit),
            )
        ]
