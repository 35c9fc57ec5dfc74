"""SQLite storage: SQL and row mapping only (ranking lives in ``memlane.retrieval``).

This module holds the store itself: the connection, migrations, the ``write()`` transaction and the
vector cache that follows it, buffered access counts, reads and maintenance. Its write operations are in
``writes.py``, its retrieval lanes in ``lanes.py``, and the SQL they share in ``rows.py`` (the same
modules as ``storage/postgres/``).
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any

import apsw

from ...errors import StorageError
from ...models import Actor, Filters, Memory
from ...timeutil import from_db, to_db
from ..vector_index import VectorIndex
from .lanes import _Lanes
from .migrations import LATEST, MIGRATIONS
from .rows import _ALL, _COLUMNS, _row_to_memory, _scope
from .writes import _Txn

__all__ = ["SqliteStore"]


class SqliteStore(_Lanes):
    backend = "sqlite"
    concurrent_reads = False  # one connection, serialised by a lock

    def __init__(self, path: str | Path, *, vector_model: str | None = None) -> None:
        self.path = Path(path)
        self.vector_model = vector_model
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = apsw.Connection(str(self.path))
        except (OSError, apsw.Error) as exc:
            raise StorageError(f"cannot open the SQLite database at {self.path}: {exc}") from exc
        self._lock = threading.RLock()
        # Reads run on one connection per thread, without the lock: WAL lets readers proceed side by side
        # and alongside the writer, and apsw releases the GIL inside SQLite. Under a server's concurrent
        # requests one shared connection made every read wait for the others.
        self._local = threading.local()
        # weak: a reader closes when its thread ends (a server's worker threads come and go)
        self._readers: weakref.WeakSet[apsw.Connection] = weakref.WeakSet()
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
            for reader in list(self._readers):
                with suppress(apsw.Error):
                    reader.close()
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

    def _reader(self) -> apsw.Connection:
        conn: apsw.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = apsw.Connection(str(self.path))
            except apsw.Error as exc:
                raise StorageError(f"cannot open the SQLite database at {self.path}: {exc}") from exc
            conn.set_busy_timeout(10_000)
            with self._lock:
                self._readers.add(conn)
            self._local.conn = conn
        return conn

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return self._reader().execute(sql, params).fetchall()

    def get(self, actor: Actor, memory_id: str) -> Memory | None:
        self._flush_access(wait=True)
        where, params = _scope(actor, _ALL, None)
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
        where, params = _scope(actor, _ALL, None)
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM memories m WHERE {where} AND m.chain_id ="
            " (SELECT chain_id FROM memories WHERE id = ?) ORDER BY m.seq",
            (*params, memory_id),
        )
        return [_row_to_memory(r)[1] for r in rows]

    def list_recent(
        self,
        actor: Actor,
        filters: Filters,
        now: datetime,
        limit: int,
        offset: int,
        before: tuple[datetime, int] | None = None,
    ) -> list[tuple[int, Memory]]:
        self._flush_access(wait=True)
        where, params = _scope(actor, filters, now)
        if before is not None:  # seq is this order's key (creation order), created_at is not needed
            where += " AND m.seq < ?"
            params.append(before[1])
        rows = self._rows(
            # seq is insertion order, i.e. creation order: walking the table backwards stops at the limit
            f"SELECT {_COLUMNS} FROM memories m NOT INDEXED WHERE {where} ORDER BY m.seq DESC"
            " LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return [_row_to_memory(r) for r in rows]

    def iter_all(self) -> Iterator[Memory]:
        for row in self._rows(f"SELECT {_COLUMNS} FROM memories m ORDER BY m.seq", ()):
            yield _row_to_memory(row)[1]

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
