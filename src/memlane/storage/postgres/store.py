"""PostgreSQL storage: SQL and row mapping only (ranking lives in ``memlane.retrieval``).

The same contract and semantics as ``storage/sqlite/`` (read them side by side, module for module: the
methods are in the same order). This module holds the store itself: the connection pool, migrations,
the ``write()`` transaction, reads and maintenance. Its write operations are in ``writes.py`` (how
concurrent writers are kept safe), its retrieval lanes in ``lanes.py`` (BM25 in SQL, pgvector HNSW), and
the SQL they share in ``rows.py``.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg.types import TypeInfo
from psycopg.types.json import set_json_dumps
from psycopg_pool import ConnectionPool

from ...config import redact_url
from ...errors import InvalidInput, StorageError
from ...models import Actor, Filters, Memory
from ...timeutil import now_utc
from ..base import StoreHealth
from ..memory_rows import observed_time
from ..related_users import RELATED_USER_FORM
from ..space_names import SPACE_NAMES_NFC, normalise_spaces
from ..user_entities import USER_ENTITY_FOLD
from ..version_links import readable_links
from .access import JOINED_COLUMNS, OF_SEQS, READER_COLUMNS, TOUCH, reader
from .analyze import Statistics
from .conversations import PostgresConversations
from .entities import EntityReadOps, backfill_related_users, backfill_subjects, fold_user_entities
from .entity_versions import SharedEntityCache
from .graph import GraphReadOps
from .graph_transfer import GraphExportOps
from .identity import PostgresIdentity, normalise_group_names, normalise_user_names, write_related_user_form
from .import_runs import PostgresImportRuns
from .json_text import json_dumps
from .lanes import _Lanes
from .migrations import (
    GROUP_NAMES_NFC,
    KEYWORD_REFILLS,
    KEYWORD_REFOLDS,
    LATEST,
    MIGRATIONS,
    RELATED_USER_BACKFILL,
    STEP_AFTER_DROP,
    SUBJECT_BACKFILL,
    USER_NAMES_NFC,
)
from .profiles import PostgresProfiles
from .rows import _ALL, _COLUMNS, _MIGRATION_LOCK, _readable, _refs, _row_to_memory, _scope, _time, _utc
from .writes import CURRENT_BY_HASH, _Txn, refold_keyword_index, restem_keyword_index

__all__ = ["PostgresStore"]

log = logging.getLogger(__name__)


def _message(exc: psycopg.Error, where: str) -> str:
    """One line for a person: what failed and, for a full disk or damaged data, what to do."""
    state = exc.sqlstate or ""
    if state == "53100":
        return (
            f"the disk of the PostgreSQL server {where} is full ({_describe(exc)}): nothing was written;"
            " free some space and retry (reads still work)"
        )
    if state in ("XX001", "XX002"):
        return f"the PostgreSQL database {where} is damaged ({_describe(exc)}): restore it from a backup"
    return f"PostgreSQL error on {where}: {_describe(exc)}"


def _kind(exc: psycopg.Error) -> str | None:
    """The ``StorageError`` kind of a psycopg error: all a server's client learns of it."""
    state = exc.sqlstate or ""
    if state == "53100":
        return "full"
    if state in ("XX001", "XX002"):
        return "damaged"
    if state in ("40001", "40P01", "55P03"):  # serialization failure, deadlock, lock not available
        return "busy"
    return None


def _is_fault(exc: psycopg.Error) -> bool:
    """Whether the server's disk or files are in trouble: SQLSTATE classes 53 (insufficient resources:
    disk full, out of memory) and 58 (system error: I/O), and XX001/XX002 (damaged data or index)."""
    state = exc.sqlstate or ""
    return state[:2] in ("53", "58") or state in ("XX001", "XX002")


def _describe(exc: BaseException) -> str:
    """One line for a psycopg error (server errors carry context lines that break one-line output)."""
    diag = getattr(exc, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    text = primary or str(exc) or type(exc).__name__
    return " ".join(text.split())


class PostgresStore(_Lanes, EntityReadOps, GraphReadOps, GraphExportOps):
    """A PostgreSQL database with pgvector, through a ``psycopg_pool.ConnectionPool``.

    Opening it applies pending migrations (under an advisory lock, so concurrent processes migrate
    once) and creates the ``vector`` extension when it is missing and may be created."""

    backend = "postgres"
    concurrent_reads = True  # a connection pool: each lane query on its own connection

    def __init__(
        self, url: str, *, vector_model: str | None = None, min_size: int = 1, max_size: int = 10
    ) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.vector_model = vector_model
        self._where = redact_url(self.url)
        self._indexes: set[tuple[str, int]] = set()
        self._lock = threading.Lock()
        #: linking's candidates, kept across transactions (``entity_versions.py``)
        self.entity_cache = SharedEntityCache()
        #: when this process's inserts call for ANALYZE (``analyze.py``)
        self.statistics = Statistics()
        self._closed = False
        self.identity = PostgresIdentity(self)
        self.conversations = PostgresConversations(self)
        self.profiles = PostgresProfiles(self)
        self.import_runs = PostgresImportRuns(self)
        #: the last fault of the server's disk or files: ("degraded" or "failing", message)
        self._fault: tuple[str, StorageError] | None = None
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
        set_json_dumps(json_dumps, conn)  # floats come back as floats (``json_text``)
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
                if version in STEP_AFTER_DROP:
                    table, column, instead = STEP_AFTER_DROP[version]
                    found = conn.execute(
                        "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()"
                        " AND table_name = %s AND column_name = %s",
                        (table, column),
                    ).fetchone()
                    script = script if found else instead
                conn.execute(script.encode())  # several statements: simple query protocol, no parameters
                if version == SUBJECT_BACKFILL:
                    backfill_subjects(conn, now_utc())
                if version == RELATED_USER_BACKFILL:
                    backfill_related_users(conn, now_utc())
                if version in KEYWORD_REFOLDS:
                    refold_keyword_index(conn)
                if version in KEYWORD_REFILLS:
                    restem_keyword_index(conn)
                if version == USER_NAMES_NFC:
                    normalise_user_names(conn)
                if version == GROUP_NAMES_NFC:
                    normalise_group_names(conn)
                if version == RELATED_USER_FORM:
                    write_related_user_form(conn)
                if version == USER_ENTITY_FOLD:
                    fold_user_entities(conn, now_utc())
                if version == SPACE_NAMES_NFC:
                    normalise_spaces(lambda sql, p: conn.execute(sql, p).fetchall(), _write_many(conn), "%s")
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
        """A pooled connection for the block; every psycopg error leaving it becomes ``StorageError``
        (and a fault of the server's disk or files is remembered for ``health()``)."""
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg.DataError as exc:
            if exc.sqlstate is not None:  # (the server's: a bad value of memlane's own making)
                raise StorageError(_message(exc, self._where), kind=_kind(exc)) from exc
            # Refused by psycopg before it was sent: a value PostgreSQL cannot hold, from the request
            # (a NUL character in an id or a filter, which SQLite simply finds nowhere). The caller's
            # input, not the database failing: no 503, no fault for ``health()``.
            raise InvalidInput(f"a value of this request cannot be sent to PostgreSQL: {exc}") from exc
        except psycopg.Error as exc:
            error = StorageError(_message(exc, self._where), kind=_kind(exc))
            if _is_fault(exc) and (self._fault is None or self._fault[0] != "failing"):
                self._fault = ("failing" if (exc.sqlstate or "").startswith("XX") else "degraded", error)
            raise error from exc

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
            try:
                with conn.transaction():
                    yield txn
                    txn.flush()  # (the changed scopes' new versions: the entity generation moves)
            except BaseException:
                txn.entities_done(committed=False)
                raise
            txn.entities_done(committed=True)
        if self.statistics.written(txn.inserted):
            self._analyze()
        if self._fault is not None and self._fault[0] != "failing":
            self._fault = None  # the database takes writes again (damaged data stays reported)
        with self._lock:
            self._indexes |= txn.new_indexes

    def _analyze(self) -> None:
        try:
            with self._connection() as conn:
                self.statistics.analyze(conn)
        except StorageError as exc:
            log.warning("planner statistics not refreshed after a large write: %s", exc)

    def touch(self, reader: str, seqs: Sequence[int], at: datetime) -> None:
        """Count an access by ``reader``, in her own counts (``storage/access.py``). Memories a writer
        holds are skipped, not waited for, and a failure (a full disk) is logged, not raised: access
        counts are a ranking hint and must never slow down or fail a read. So the recall does not wait
        for the server to flush the commit to disk either (``synchronous_commit`` off for this
        transaction only: a server crash may lose the last few counts, never anything else; other
        sessions see them at once)."""
        if not seqs:
            return
        try:
            with self._connection() as conn:
                conn.execute(TOUCH, (sorted(set(seqs)), reader, at))
        except StorageError as exc:
            log.warning("access counts not written: %s", exc)

    def health(self) -> StoreHealth:
        """Whether the database answers now, and whether the last write failed for the server's disk
        or files (cleared by the next write that succeeds)."""
        try:
            self._rows("SELECT 1", ())
        except StorageError as exc:
            return StoreHealth("failing", str(exc), exc.public)
        if self._fault is not None:
            status, error = self._fault
            return StoreHealth("failing" if status == "failing" else "degraded", str(error), error.public)
        return StoreHealth("ok")

    # -- reading --------------------------------------------------------------------------------------

    def current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str, now: datetime, *,
        profile_id: str | None,
    ) -> str | None:  # fmt: skip
        rows = self._rows(
            f"SELECT id FROM memories m WHERE {CURRENT_BY_HASH} LIMIT 1",
            (workspace, owner, visibility, space, profile_id or "", content_hash, now),
        )
        return str(rows[0][0]) if rows else None

    def get(self, actor: Actor, memory_id: str) -> Memory | None:
        where, params = _scope(actor, _ALL, None)
        refs, refs_join, ref_params = _refs(actor)
        rows = self._rows(
            f"SELECT {READER_COLUMNS}, {refs} FROM memories m {refs_join} WHERE m.id = %s AND {where}",
            (*reader(actor), *ref_params, memory_id, *params),
        )
        return self._linked(actor, [_row_to_memory(rows[0])])[0][1] if rows else None

    def seq_of(self, memory_id: str) -> int | None:
        rows = self._rows("SELECT seq FROM memories WHERE id = %s", (memory_id,))
        return int(rows[0][0]) if rows else None

    def fetch(self, actor: Actor, filters: Filters, seqs: Sequence[int], now: datetime) -> dict[int, Memory]:
        if not seqs:
            return {}
        where, params = _scope(actor, filters, now)
        refs, refs_join, ref_params = _refs(actor)
        rows = self._rows(
            f"{OF_SEQS} SELECT {JOINED_COLUMNS}, {refs} FROM memories m LEFT JOIN a ON a.memory_seq = m.seq"
            f" {refs_join} WHERE m.seq = ANY(%s::bigint[]) AND {where}",
            (list(seqs), actor.user, *ref_params, list(seqs), *params),
        )
        return dict(self._linked(actor, [_row_to_memory(r) for r in rows]))

    def chain(self, actor: Actor, memory_id: str) -> list[Memory]:
        where, params = _scope(actor, _ALL, None)
        refs, refs_join, ref_params = _refs(actor)
        rows = self._rows(
            f"SELECT {READER_COLUMNS}, {refs} FROM memories m {refs_join} WHERE {where} AND m.chain_id ="
            " (SELECT chain_id FROM memories WHERE id = %s) ORDER BY m.seq",
            (*reader(actor), *ref_params, *params, memory_id),
        )
        return [m for _, m in self._linked(actor, [_row_to_memory(r) for r in rows])]

    def list_recent(
        self,
        actor: Actor,
        filters: Filters,
        now: datetime,
        limit: int,
        offset: int,
        before: tuple[datetime, str] | None = None,
    ) -> list[tuple[int, Memory]]:
        where, params = _scope(actor, filters, now)
        if before is not None:  # the row comparison matches the ORDER BY, ties in created_at included
            where += " AND (m.created_at, m.id) < (%s, %s)"
            params.extend(before)
        refs, refs_join, ref_params = _refs(actor)
        rows = self._rows(
            f"SELECT {READER_COLUMNS}, {refs} FROM memories m {refs_join} WHERE {where}"
            " ORDER BY m.created_at DESC, m.id DESC LIMIT %s OFFSET %s",
            (*reader(actor), *ref_params, *params, limit, offset),
        )
        return self._linked(actor, [_row_to_memory(r) for r in rows])

    def _linked(self, actor: Actor, items: Sequence[tuple[int, Memory]]) -> list[tuple[int, Memory]]:
        """``items`` with the version links ``actor`` may not read shown as absent (``version_links``)."""

        def readable(ids: list[str]) -> list[str]:
            where, params = _readable(actor)
            rows = self._rows(f"SELECT m.id FROM memories m WHERE m.id = ANY(%s::text[]) AND {where}",
                              (list(ids), *params))  # fmt: skip
            return [str(r[0]) for r in rows]

        return readable_links(items, readable)

    def iter_all(self, ids: Sequence[str] | None = None, *, actor: Actor | None = None) -> Iterator[Memory]:
        """Every item (or those of ``ids``; of those ``actor`` may read) in seq order, streamed through a
        server-side cursor."""
        readable, params = _readable(actor) if actor is not None else ("TRUE", [])
        only = "" if ids is None else "m.id = ANY(%s::text[]) AND"
        with self._connection() as conn, conn.transaction(), conn.cursor(name="memlane_iter_all") as cur:
            cur.itersize = 1000
            cur.execute(
                f"SELECT {_COLUMNS} FROM memories m WHERE {only} {readable} ORDER BY m.seq",
                [*([] if ids is None else [list(ids)]), *params],
            )
            for row in cur:
                yield _row_to_memory(row)[1]

    def vectors_of(self, memory_ids: Sequence[str], model: str) -> dict[str, npt.NDArray[np.float32]]:
        out: dict[str, npt.NDArray[np.float32]] = {}
        for start in range(0, len(memory_ids), 10000):
            part = list(memory_ids[start : start + 10000])
            rows = self._rows(
                "SELECT m.id, v.embedding FROM memories m JOIN memory_vectors v ON v.memory_seq = m.seq"
                " WHERE m.id = ANY(%s::text[]) AND v.model = %s",
                (part, model),
            )
            for memory_id, embedding in rows:
                out[str(memory_id)] = np.asarray(embedding.to_numpy(), dtype=np.float32)
        return out

    # -- maintenance ----------------------------------------------------------------------------------

    def needing_embedding(
        self, model: str, after_seq: int, limit: int, workspace: str | None = None
    ) -> list[tuple[int, str]]:
        """Items with no vector of ``model`` (any state), in seq order from ``after_seq``; of one
        ``workspace``, or of all (None)."""
        return [
            (int(s), c)
            for s, c in self._rows(
                "SELECT m.seq, m.content FROM memories m LEFT JOIN memory_vectors v ON v.memory_seq = m.seq"
                " WHERE m.seq > %s AND (v.model IS NULL OR v.model <> %s)"
                " AND (%s::text IS NULL OR m.workspace = %s) ORDER BY m.seq LIMIT %s",
                (after_seq, model, workspace, workspace, limit),
            )
        ]

    def count_needing_embedding(self, model: str, workspace: str | None = None) -> int:
        """How many rows ``needing_embedding`` walks through (for progress reports)."""
        rows = self._rows(
            "SELECT COUNT(*) FROM memories m LEFT JOIN memory_vectors v ON v.memory_seq = m.seq"
            " WHERE (v.model IS NULL OR v.model <> %s) AND (%s::text IS NULL OR m.workspace = %s)",
            (model, workspace, workspace),
        )
        return int(rows[0][0])

    def count_items(self, workspace: str | None = None) -> int:
        """How many rows ``all_for_keys`` walks through: every item (of ``workspace``), current or not."""
        return int(
            self._rows(
                "SELECT COUNT(*) FROM memories WHERE (%s::text IS NULL OR workspace = %s)",
                (workspace, workspace),
            )[0][0]
        )

    def all_for_keys(
        self, after_seq: int, limit: int, workspace: str | None = None
    ) -> list[tuple[int, str, str | None, str | None, datetime]]:
        """(seq, content, subject id, subject name, observed_at) of every item (of one ``workspace``, or
        of all: None), in seq order."""
        return [
            (int(s), c, sid, sname, observed_time(_utc, *times))
            for s, c, sid, sname, *times in self._rows(
                f"SELECT seq, content, subject_id, subject_name, {_time('observed_at')},"
                f" {_time('created_at')}, {_time('updated_at')} FROM memories WHERE seq > %s"
                " AND (%s::text IS NULL OR workspace = %s) ORDER BY seq LIMIT %s",
                (after_seq, workspace, workspace, limit),
            )
        ]


def _write_many(conn: Any) -> Any:
    """``write(sql, params_list)`` on ``conn`` (migration 40's ``normalise_spaces``)."""

    def write(sql: str, params: list[tuple[str, str]]) -> None:
        with conn.cursor() as cur:
            cur.executemany(sql, params)

    return write
