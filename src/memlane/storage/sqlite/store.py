"""SQLite storage: SQL and row mapping only (ranking lives in ``memlane.retrieval``)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any

import apsw
import numpy as np
import numpy.typing as npt

from ...errors import StorageError
from ...models import Actor, Filters, Memory, MemoryType, State, Subject, Visibility
from ...timeutil import from_db, to_db
from ..base import NewMemory
from ..vector_index import VectorIndex
from .migrations import LATEST, MIGRATIONS

__all__ = ["SqliteStore"]

_COLUMNS = (
    "m.seq, m.id, m.workspace, m.owner, m.visibility, m.space, m.content, m.type, m.subject_id,"
    " m.subject_name, m.related_user, m.data, m.importance, m.confidence, m.valid_from, m.valid_to,"
    " m.observed_at, m.source, m.provenance, m.state, m.replaces, m.superseded_by, m.superseded_at,"
    " m.access_count, m.last_accessed_at, m.expires_at, m.created_at, m.updated_at,"
    " (SELECT v.model FROM memory_vectors v WHERE v.memory_seq = m.seq)"
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
        data=json.loads(data) if data else None,
        importance=importance,
        confidence=confidence,
        valid_from=from_db(valid_from),
        valid_to=from_db(valid_to),
        observed_at=from_db(observed_at),
        workspace=workspace,
        owner=owner,
        visibility=Visibility(visibility),
        space=space or None,
        source=source,
        provenance=json.loads(provenance) if provenance else None,
        state=State(state),
        replaces=replaces,
        superseded_by=superseded_by,
        superseded_at=from_db(superseded_at),
        access_count=access_count,
        last_accessed_at=from_db(last_accessed_at),
        expires_at=from_db(expires_at),
        created_at=from_db(created_at),
        updated_at=from_db(updated_at),
        embedding_model=model,
    )
    return seq, memory


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


def _fts_match(terms: Sequence[str]) -> str | None:
    """An FTS5 expression in which every term is a quoted string: user text is never query syntax."""
    quoted = ['"' + t.replace('"', '""') + '"' for t in dict.fromkeys(terms) if t.strip()]
    # Only the content column: the subject column would make a name in the query match every item about
    # that subject, which the subject signal handles with a bounded weight instead.
    return f"content : ({' OR '.join(quoted)})" if quoted else None


class _Txn:
    """Write operations inside one ``BEGIN IMMEDIATE`` transaction."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.cur = store._conn.cursor()
        self.added_vectors: list[tuple[int, tuple[str, str, str, str], npt.NDArray[np.float32]]] = []
        self.removed_seqs: list[int] = []
        self.vectors_changed = False
        self.audit_rows: list[tuple[Any, ...]] = []

    def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        for row in self.cur.execute(sql, params):
            return row
        return None

    def find_current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str
    ) -> Memory | None:
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE workspace = ? AND owner = ? AND visibility = ?"
            " AND space = ? AND content_hash = ? AND superseded_by IS NULL",
            (workspace, owner, visibility, space, content_hash),
        )
        return _row_to_memory(row)[1] if row else None

    def find_by_id(self, memory_id: str) -> Memory | None:
        row = self._one(f"SELECT {_COLUMNS} FROM memories m WHERE m.id = ?", (memory_id,))
        return _row_to_memory(row)[1] if row else None

    def get_for_update(self, actor: Actor, memory_id: str) -> Memory | None:
        where, params = _scope(actor, Filters(space="*", include_history=True, states=tuple(State)), None)
        row = self._one(f"SELECT {_COLUMNS} FROM memories m WHERE m.id = ? AND {where}", (memory_id, *params))
        return _row_to_memory(row)[1] if row else None

    def current_of_chain(self, chain_id: str) -> Memory | None:
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.chain_id = ? AND m.superseded_by IS NULL", (chain_id,)
        )
        return _row_to_memory(row)[1] if row else None

    def chain_id_of(self, memory_id: str) -> str | None:
        row = self._one("SELECT chain_id FROM memories WHERE id = ?", (memory_id,))
        return row[0] if row else None

    def supersession_candidates(
        self, memory: Memory, entity_keys: frozenset[str], limit: int
    ) -> list[tuple[str, str, datetime]]:
        """(id, content, observed_at) of current items of the same owner, visibility and space sharing an
        entity key: most shared keys first, then newest. Each key contributes at most its ``limit`` newest items (an index range scan),
        so a key that thousands of items carry costs no more than a rare one."""
        per_key = (
            "SELECT e.memory_seq FROM memory_entities e JOIN memories m ON m.seq = e.memory_seq"
            " WHERE e.key = ? AND m.workspace = ? AND m.owner = ? AND m.visibility = ? AND m.space = ?"
            " AND m.superseded_by IS NULL AND m.state != 'archived' ORDER BY e.memory_seq DESC LIMIT ?"
        )
        scope = (memory.workspace, memory.owner, str(memory.visibility), memory.space or "", limit)
        counts: dict[int, int] = {}
        for key in sorted(entity_keys):  # one cached statement per key: cheaper than one UNION ALL
            for (seq,) in self.cur.execute(per_key, (key, *scope)):
                counts[seq] = counts.get(seq, 0) + 1
        best = sorted(counts, key=lambda s: (-counts[s], -s))[:limit]
        if not best:
            return []
        rows: list[Any] = self.cur.execute(
            f"SELECT seq, id, content, observed_at FROM memories WHERE seq IN ({','.join('?' * len(best))})",
            best,
        ).fetchall()
        found: dict[int, Any] = {
            seq: (id_, content, from_db(observed)) for seq, id_, content, observed in rows
        }
        return [found[s] for s in best if s in found]

    def insert(self, row: NewMemory) -> int:
        m = row.memory
        self.cur.execute(
            "INSERT INTO memories (id, workspace, owner, visibility, space, content, content_hash, type,"
            " subject_id, subject_name, related_user, data, importance, confidence, valid_from, valid_to,"
            " observed_at, source, provenance, state, chain_id, replaces, superseded_by, superseded_at,"
            " access_count, last_accessed_at, expires_at, created_at, updated_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                m.id, m.workspace, m.owner, str(m.visibility), m.space or "", m.content, row.content_hash,
                str(m.type), m.subject.id if m.subject else None, m.subject.name if m.subject else None,
                m.related_user, json.dumps(m.data) if m.data is not None else None, m.importance,
                m.confidence, to_db(m.valid_from), to_db(m.valid_to), to_db(m.observed_at), m.source,
                json.dumps(m.provenance) if m.provenance is not None else None, str(m.state), row.chain_id,
                m.replaces, m.superseded_by, to_db(m.superseded_at), m.access_count,
                to_db(m.last_accessed_at), to_db(m.expires_at), to_db(m.created_at), to_db(m.updated_at),
            ),
        )  # fmt: skip
        seq = self.store._conn.last_insert_rowid()
        self.cur.execute(
            "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, ?)",
            (seq, m.content if row.fts_content is None else row.fts_content, row.fts_subject),
        )
        if row.entity_keys:
            self.cur.executemany(
                "INSERT OR IGNORE INTO memory_entities (key, memory_seq) VALUES (?, ?)",
                [(k, seq) for k in row.entity_keys],
            )
        if row.vector is not None and m.embedding_model:
            self._put_vector(
                seq, m.embedding_model, row.vector, (m.workspace, m.owner, str(m.visibility), m.space or "")
            )
        return seq

    def _put_vector(
        self, seq: int, model: str, vector: npt.NDArray[np.float32], partition: tuple[str, str, str, str]
    ) -> None:
        vec = np.ascontiguousarray(vector, dtype=np.float32)
        self.cur.execute(
            "INSERT OR REPLACE INTO memory_vectors (memory_seq, model, dim, vector) VALUES (?, ?, ?, ?)",
            (seq, model, len(vec), vec.tobytes()),
        )
        self.vectors_changed = True
        if model == self.store.vector_model:
            self.added_vectors.append((seq, partition, vec))
        else:
            self.removed_seqs.append(seq)

    def set_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None:
        for seq, model, vec in rows:
            part = self._one("SELECT workspace, owner, visibility, space FROM memories WHERE seq = ?", (seq,))
            if part is None:
                continue
            self._put_vector(seq, model, vec, tuple(part))  # type: ignore[arg-type]
            self.cur.execute("UPDATE memories SET state = 'indexed' WHERE seq = ? AND state = 'new'", (seq,))

    def replace_keys(self, seq: int, content: str, subject: str, keys: frozenset[str]) -> None:
        self.cur.execute("DELETE FROM memory_entities WHERE memory_seq = ?", (seq,))
        self.cur.executemany(
            "INSERT OR IGNORE INTO memory_entities (key, memory_seq) VALUES (?, ?)", [(k, seq) for k in keys]
        )
        self.cur.execute("DELETE FROM memories_fts WHERE rowid = ?", (seq,))
        self.cur.execute(
            "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, ?)", (seq, content, subject)
        )

    def mark_superseded(self, memory_id: str, by_id: str, at: datetime) -> None:
        self.cur.execute(
            "UPDATE memories SET superseded_by = ?, superseded_at = ?, updated_at = ? WHERE id = ?",
            (by_id, to_db(at), to_db(at), memory_id),
        )

    def chain_ids(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        """Every id in the chains of the given (visible) ids, oldest first."""
        if not memory_ids:
            return []
        where, params = _scope(actor, Filters(space="*", include_history=True, states=tuple(State)), None)
        ids = list(dict.fromkeys(memory_ids))
        rows = self.cur.execute(
            f"SELECT m.id FROM memories m WHERE {where} AND m.chain_id IN (SELECT chain_id FROM memories"
            f" WHERE id IN ({','.join('?' * len(ids))})) ORDER BY m.seq",
            (*params, *ids),
        ).fetchall()
        return [str(r[0]) for r in rows]

    def delete_chains(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        ids = self.chain_ids(actor, memory_ids)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        found: list[Any] = self.cur.execute(f"SELECT seq FROM memories WHERE id IN ({marks})", ids).fetchall()
        seqs = [int(r[0]) for r in found]
        seq_marks = ",".join("?" * len(seqs))
        self.cur.execute(f"DELETE FROM memories_fts WHERE rowid IN ({seq_marks})", seqs)
        self.cur.execute(f"DELETE FROM memory_entities WHERE memory_seq IN ({seq_marks})", seqs)
        self.cur.execute(f"DELETE FROM memory_vectors WHERE memory_seq IN ({seq_marks})", seqs)
        self.cur.execute(f"DELETE FROM memories WHERE seq IN ({seq_marks})", seqs)
        self.removed_seqs.extend(seqs)
        self.vectors_changed = True
        return ids

    def set_state(self, actor: Actor, memory_id: str, state: str, at: datetime) -> Memory | None:
        current = self.get_for_update(actor, memory_id)
        if current is None:
            return None
        if state == "restore":
            has_vec = self._one(
                "SELECT 1 FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq WHERE m.id = ?"
                " AND v.model = ?",
                (memory_id, self.store.vector_model),
            )
            state = "indexed" if has_vec else "new"
        self.cur.execute(
            "UPDATE memories SET state = ?, updated_at = ? WHERE id = ?", (state, to_db(at), memory_id)
        )
        return self.get_for_update(actor, memory_id)

    def audit(self, actor: Actor, action: str, memory_id: str | None, detail: dict[str, Any]) -> None:
        """Queued and written in one statement just before COMMIT."""
        self.audit_rows.append(
            (
                to_db(datetime.now().astimezone()),
                actor.workspace,
                actor.owner,
                action,
                memory_id,
                json.dumps(detail),
            )
        )

    def flush(self) -> None:
        if self.audit_rows:
            self.cur.executemany(
                "INSERT INTO audit_log (at, workspace, actor, action, memory_id, detail) VALUES (?, ?, ?, ?, ?, ?)",
                self.audit_rows,
            )
            self.audit_rows.clear()


class SqliteStore:
    backend = "sqlite"

    def __init__(self, path: str | Path, *, vector_model: str | None = None) -> None:
        self.path = Path(path)
        self.vector_model = vector_model
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = apsw.Connection(str(self.path))
        except (OSError, apsw.Error) as exc:
            raise StorageError(f"cannot open the SQLite database at {self.path}: {exc}") from exc
        self._lock = threading.RLock()
        self._index = VectorIndex()
        self._count_cache: tuple[tuple[int, int], int] | None = None
        self._pending_access: dict[int, tuple[int, datetime]] = {}
        self._last_access_flush = time.monotonic()
        self._conn.set_busy_timeout(10_000)
        cur = self._conn.cursor()
        try:
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
            cur.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except apsw.Error as exc:
            raise StorageError(f"cannot prepare the SQLite database at {self.path}: {exc}") from exc

    # -- schema ---------------------------------------------------------------------------------------

    def _migrate(self) -> None:
        cur = self._conn.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                " description TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            applied = {r[0] for r in cur.execute("SELECT version FROM schema_migrations")}
            if applied and max(applied) > LATEST:
                raise StorageError(
                    f"{self.path} has schema version {max(applied)}, newer than this memlane ({LATEST}):"
                    " upgrade memlane"
                )
            for version, description, sql in MIGRATIONS:
                if version in applied:
                    continue
                cur.execute(sql)
                cur.execute(
                    "INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, datetime('now'))",
                    (version, description),
                )
            cur.execute("COMMIT")
        except BaseException:
            cur.execute("ROLLBACK")
            raise

    def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        with self._lock:
            for row in self._conn.execute(sql, params):
                return row[0]
        return None

    def schema_version(self) -> int:
        return int(self._scalar("SELECT max(version) FROM schema_migrations") or 0)

    def close(self) -> None:
        with self._lock:
            with suppress(apsw.Error):
                self._flush_access(wait=True)
            self._conn.close()

    # -- writing --------------------------------------------------------------------------------------

    @contextmanager
    def write(self) -> Iterator[_Txn]:
        """One all-or-nothing write transaction; the vector cache follows only after COMMIT."""
        with self._lock:
            txn = _Txn(self)
            try:
                txn.cur.execute("BEGIN IMMEDIATE")
            except apsw.BusyError as exc:
                raise StorageError(f"the database {self.path} is locked by another writer") from exc
            try:
                self._flush_access(wait=True, cur=txn.cur)
                yield txn
                txn.flush()
                if txn.vectors_changed:
                    txn.cur.execute("UPDATE meta SET value = value + 1 WHERE key = 'vector_generation'")
                    generation = self._generation()
                txn.cur.execute("COMMIT")
            except BaseException:
                with suppress(apsw.Error):
                    txn.cur.execute("ROLLBACK")
                raise
            if txn.vectors_changed:
                self._follow(txn, generation)

    def _follow(self, txn: _Txn, generation: int) -> None:
        """Apply our own committed change to the cache, or drop it if another process wrote meanwhile."""
        if self._index.generation == generation - 1:
            self._index.remove(txn.removed_seqs)
            self._index.add(txn.added_vectors)
            self._index.generation = generation
        else:
            self._index.generation = -1  # reload on next search

    def _generation(self) -> int:
        return int(self._scalar("SELECT value FROM meta WHERE key = 'vector_generation'"))

    def touch(self, seqs: Sequence[int], at: datetime) -> None:
        """Count an access. Counts are buffered and written in batches (with the next write transaction,
        when a read needs them, or every couple of seconds) so that a recall never waits for the write
        lock: they are a ranking hint, not data worth blocking a read for."""
        with self._lock:
            for seq in seqs:
                count, _ = self._pending_access.get(seq, (0, at))
                self._pending_access[seq] = (count + 1, at)
            if len(self._pending_access) > 512 or time.monotonic() - self._last_access_flush > 2.0:
                self._flush_access(wait=False)

    def _flush_access(self, *, wait: bool, cur: Any = None) -> None:
        """Write buffered access counts; inside ``cur``'s open transaction when given, else in one of
        its own that gives up at once when another writer holds the lock (the counts stay buffered)."""
        if not self._pending_access:
            return
        rows = [(n, to_db(at), seq) for seq, (n, at) in self._pending_access.items()]
        sql = "UPDATE memories SET access_count = access_count + ?, last_accessed_at = ? WHERE seq = ?"
        if cur is not None:
            cur.executemany(sql, rows)
        else:
            if not wait:
                self._conn.set_busy_timeout(0)
            try:
                with self._conn:
                    self._conn.executemany(sql, rows)
            except apsw.BusyError:
                return
            finally:
                self._conn.set_busy_timeout(10_000)
        self._pending_access.clear()
        self._last_access_flush = time.monotonic()

    # -- reading --------------------------------------------------------------------------------------

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    def get(self, actor: Actor, memory_id: str) -> Memory | None:
        self._flush_access(wait=True)
        where, params = _scope(actor, Filters(space="*", include_history=True, states=tuple(State)), None)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.id = ? AND {where}", (memory_id, *params)
        )
        return _row_to_memory(rows[0])[1] if rows else None

    def seq_of(self, memory_id: str) -> int | None:
        rows = self._rows("SELECT seq FROM memories WHERE id = ?", (memory_id,))
        return rows[0][0] if rows else None

    def fetch(self, actor: Actor, filters: Filters, seqs: Sequence[int], now: datetime) -> dict[int, Memory]:
        if not seqs:
            return {}
        where, params = _scope(actor, filters, now)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m NOT INDEXED WHERE m.seq IN ({','.join('?' * len(seqs))}) AND {where}",
            (*seqs, *params),
        )
        return dict(_row_to_memory(r) for r in rows)

    def chain(self, actor: Actor, memory_id: str) -> list[Memory]:
        where, params = _scope(actor, Filters(space="*", include_history=True, states=tuple(State)), None)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE {where} AND m.chain_id ="
            " (SELECT chain_id FROM memories WHERE id = ?) ORDER BY m.seq",
            (*params, memory_id),
        )
        return [_row_to_memory(r)[1] for r in rows]

    def list_recent(
        self, actor: Actor, filters: Filters, now: datetime, limit: int, offset: int
    ) -> list[Memory]:
        self._flush_access(wait=True)
        where, params = _scope(actor, filters, now)
        rows = self._rows(
            # seq is insertion order, i.e. creation order: walking the table backwards stops at the limit
            f"SELECT {_COLUMNS} FROM memories m NOT INDEXED WHERE {where} ORDER BY m.seq DESC"
            " LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return [_row_to_memory(r)[1] for r in rows]

    def iter_all(self) -> Iterator[Memory]:
        for row in self._rows(f"SELECT {_COLUMNS} FROM memories m ORDER BY m.seq", ()):
            yield _row_to_memory(row)[1]

    # -- retrieval lanes ------------------------------------------------------------------------------

    def keyword_search(
        self, actor: Actor, filters: Filters, terms: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, bm25) best first; bm25 is SQLite's (lower is better), returned negated (higher is better)."""
        match = _fts_match(terms)
        if match is None:
            return []
        # The index alone ranks (ORDER BY rank LIMIT is FTS5's fast path); the scope is checked on the
        # candidates, fetching more while too many belong to others (as for the vector index).
        k = max(limit * 2, 64)
        while True:
            try:
                candidates = self._rows(
                    "SELECT rowid, -rank FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?",
                    (match, k),
                )
            except apsw.SQLError as exc:  # cannot happen with quoted terms; never let a query crash recall
                raise StorageError(f"full-text search failed: {exc}") from exc
            allowed = self._allowed([int(r[0]) for r in candidates], actor, filters, now)
            rows = [r for r in candidates if r[0] in allowed]
            if len(rows) >= limit or len(candidates) < k:
                rows = rows[:limit]
                break
            k *= 4
        return [(int(seq), float(score)) for seq, score in rows]

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
        # Each key contributes at most its newest ``cap`` items (an index range scan): a key that most
        # items carry adds little weight and must not cost a scan of all of them.
        cap = max(limit * 10, 500)
        per_key = (
            "SELECT * FROM (SELECT e.memory_seq AS seq, ? AS w FROM memory_entities e"
            f" JOIN memories m ON m.seq = e.memory_seq WHERE e.key = ? AND {where}"
            " ORDER BY e.memory_seq DESC LIMIT ?)"
        )
        all_params: list[Any] = []
        for k in keys:
            all_params.extend((weights.get(k, 1.0), k, *params, cap))
        rows = self._rows(
            f"SELECT seq, SUM(w) AS total FROM ({' UNION ALL '.join([per_key] * len(keys))})"
            " GROUP BY seq ORDER BY total DESC, seq DESC LIMIT ?",
            (*all_params, limit),
        )
        return [(int(seq), float(w)) for seq, w in rows]

    def key_frequencies(self, keys: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of items, items per key) across the whole store: for weighting rare keys up."""
        keys = list(dict.fromkeys(keys))
        total = self._count()
        if not keys:
            return total, {}
        rows = self._rows(
            f"SELECT key, COUNT(*) FROM memory_entities WHERE key IN ({','.join('?' * len(keys))}) GROUP BY key",
            keys,
        )
        return total, {k: int(n) for k, n in rows}

    def term_stats(self, terms: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(number of indexed items, documents per porter-stemmed term)."""
        terms = list(dict.fromkeys(terms))
        total = self._count()
        if not terms:
            return total, {}
        rows = self._rows(
            f"SELECT term, doc FROM memories_fts_vocab WHERE term IN ({','.join('?' * len(terms))})", terms
        )
        return total, {t: int(d) for t, d in rows}

    def _count(self) -> int:
        """Number of items, cached until this or another connection writes (data_version, total_changes)."""
        with self._lock:
            key = (self._conn.data_version(), self._conn.total_changes())
            cached = self._count_cache
            if cached is not None and cached[0] == key:
                return cached[1]
            total = int(self._scalar("SELECT COUNT(*) FROM memories"))
            self._count_cache = (key, total)
            return total

    def neighbours(self, seqs: Sequence[int], window: int, hours: float) -> dict[int, list[int]]:
        """Items stored within ``window`` places of each seq in the same conversation: same workspace,
        owner, space and source, observed within ``hours``. Not scope-filtered: callers fetch with scope."""
        if not seqs or window <= 0:
            return {}
        wanted = {s + d for s in seqs for d in range(-window, window + 1)}
        rows = self._rows(
            "SELECT seq, workspace, owner, space, source, julianday(observed_at) FROM memories"
            f" WHERE seq IN ({','.join('?' * len(wanted))})",
            sorted(wanted),
        )
        info = {int(r[0]): r[1:] for r in rows}
        out: dict[int, list[int]] = {}
        for c in seqs:
            if c not in info:
                continue
            *conversation, day = info[c]
            for n in range(c - window, c + window + 1):
                other = info.get(n)
                same = n != c and other is not None and list(other[:-1]) == conversation
                if same and abs(other[-1] - day) * 24 <= hours:  # type: ignore[index]
                    out.setdefault(c, []).append(n)
        return out

    def contents(self, seqs: Sequence[int]) -> dict[int, str]:
        """Content by seq, unscoped: only for seqs a scoped query returned."""
        if not seqs:
            return {}
        rows = self._rows(
            f"SELECT seq, content FROM memories NOT INDEXED WHERE seq IN ({','.join('?' * len(seqs))})", seqs
        )
        return {int(seq): str(content) for seq, content in rows}

    def entity_keys_of(self, seqs: Sequence[int]) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {s: set() for s in seqs}
        if not seqs:
            return out
        for seq, key in self._rows(
            f"SELECT memory_seq, key FROM memory_entities WHERE memory_seq IN ({','.join('?' * len(seqs))})",
            seqs,
        ):
            out[seq].add(key)
        return out

    def vector_search(
        self, actor: Actor, filters: Filters, query: npt.NDArray[np.float32], now: datetime, limit: int
    ) -> list[tuple[int, float]]:
        """(seq, cosine) best first, exact; candidates are re-checked against the full scope in SQL."""
        self._refresh_index()
        shared = set(actor.readable_shared_owners())

        def accept(part: Any) -> bool:
            workspace, owner, visibility, space = part
            if workspace != actor.workspace:
                return False
            if filters.space != "*" and space != (filters.space or ""):
                return False
            return owner == actor.owner or (visibility == "shared" and owner in shared)

        k = limit + max(16, limit // 2)
        while True:
            candidates = self._index.search(query, accept, k)
            allowed = self._allowed([seq for seq, _ in candidates], actor, filters, now)
            hits = [(seq, score) for seq, score in candidates if seq in allowed]
            if len(hits) >= limit or len(candidates) < k:
                return hits[:limit]
            k *= 4

    def _allowed(self, seqs: Sequence[int], actor: Actor, filters: Filters, now: datetime) -> set[int]:
        if not seqs:
            return set()
        where, params = _scope(actor, filters, now)
        rows = self._rows(
            f"SELECT m.seq FROM memories m NOT INDEXED WHERE m.seq IN ({','.join('?' * len(seqs))}) AND {where}",
            (*seqs, *params),
        )
        return {r[0] for r in rows}

    def _refresh_index(self) -> None:
        with self._lock:
            generation = self._generation()
            if self._index.generation == generation:
                return
            self._index.reset(generation)
            if self.vector_model is None:
                return
            rows = self._conn.execute(
                "SELECT v.memory_seq, m.workspace, m.owner, m.visibility, m.space, v.vector FROM memory_vectors v"
                " JOIN memories m ON m.seq = v.memory_seq WHERE v.model = ?",
                (self.vector_model,),
            )
            self._index.add((seq, (ws, owner, vis, space), vec) for seq, ws, owner, vis, space, vec in rows)

    # -- maintenance ----------------------------------------------------------------------------------

    def needing_embedding(self, model: str, after_seq: int, limit: int) -> list[tuple[int, str]]:
        """Items with no vector of ``model`` (any state), in seq order from ``after_seq``."""
        return [
            (int(s), c)
            for s, c in self._rows(
                "SELECT m.seq, m.content FROM memories m LEFT JOIN memory_vectors v ON v.memory_seq = m.seq"
                " WHERE m.seq > ? AND (v.model IS NULL OR v.model != ?) ORDER BY m.seq LIMIT ?",
                (after_seq, model, limit),
            )
        ]

    def all_for_keys(
        self, after_seq: int, limit: int
    ) -> list[tuple[int, str, str | None, str | None, datetime]]:
        """(seq, content, subject id, subject name, observed_at) of every item, in seq order."""
        return [
            (int(s), c, sid, sname, from_db(obs))  # type: ignore[misc]
            for s, c, sid, sname, obs in self._rows(
                "SELECT seq, content, subject_id, subject_name, observed_at FROM memories WHERE seq > ?"
                " ORDER BY seq LIMIT ?",
                (after_seq, limit),
            )
        ]
