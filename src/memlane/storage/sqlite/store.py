"""SQLite storage: SQL and row mapping only (ranking lives in ``memlane.retrieval``).

This module holds the store itself: migrations, the ``write()`` transaction and the vector cache that
follows it, buffered access counts, reads and maintenance. Its connections, and the mapping of SQLite's
errors to ``StorageError``, are in ``connections.py``. Its write operations are in
``writes.py``, its retrieval lanes in ``lanes.py``, and the SQL they share in ``rows.py`` (the same
modules as ``storage/postgres/``).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import apsw
import numpy as np
import numpy.typing as npt

from ...errors import StorageError
from ...models import Actor, Filters, Memory
from ...timeutil import from_db, now_utc, to_db
from ..access import merged, with_access
from ..base import StoreHealth
from ..entity_cache import EntityCache
from ..memory_rows import observed_time
from ..related_users import RELATED_USER_FORM
from ..space_names import SPACE_NAMES_NFC, normalise_spaces
from ..user_entities import USER_ENTITY_FOLD
from ..vector_index import VectorIndex
from ..version_links import readable_links
from .access import read_access, write_access
from .connections import Connections, WriterBusy
from .conversations import SqliteConversations
from .entities import (
    BUMP_ENTITY_GENERATION,
    EntityReadOps,
    backfill_related_users,
    backfill_subjects,
    fold_user_entities,
)
from .graph import GraphReadOps
from .graph_transfer import GraphExportOps
from .identity import SqliteIdentity, normalise_group_names, normalise_user_names, write_related_user_form
from .import_runs import SqliteImportRuns
from .lanes import _GENERATION, _Lanes
from .migrations import (
    GROUP_NAMES_NFC,
    KEYWORD_REFILLS,
    LATEST,
    MIGRATIONS,
    RELATED_USER_BACKFILL,
    STEP_AFTER_DROP,
    SUBJECT_BACKFILL,
    USER_NAMES_NFC,
)
from .profiles import SqliteProfiles
from .rows import _ALL, _COLUMNS, _readable, _refs, _row_to_memory, _scope
from .writes import CURRENT_BY_HASH, _Txn, restem_keyword_index

__all__ = ["SqliteStore"]

log = logging.getLogger(__name__)

#: buffered access counts kept while they cannot be written (beyond: dropped, they are only a hint)
_MAX_PENDING_ACCESS = 100_000


_ADD_COLUMN = re.compile(r"ALTER TABLE (\w+) ADD COLUMN (\w+)[^;]*;")
_DROP_COLUMN = re.compile(r"ALTER TABLE (\w+) DROP COLUMN (\w+);")


def _columns(cur: apsw.Cursor, table: str) -> set[str]:
    return {row[1] for row in cur.execute(f"PRAGMA table_info({table})")}


def _without_existing_columns(cur: apsw.Cursor, sql: str) -> str:
    """A step's SQL without the ``ADD COLUMN`` of columns that exist already and the ``DROP COLUMN`` of
    columns that are gone: SQLite has neither ``IF NOT EXISTS`` nor ``IF EXISTS`` there, and a step
    re-run over its own columns (a half-recorded upgrade, a store whose record of later steps was
    removed) must not fail."""
    sql = _ADD_COLUMN.sub(lambda m: "" if m[2] in _columns(cur, m[1]) else m[0], sql)
    return _DROP_COLUMN.sub(lambda m: m[0] if m[2] in _columns(cur, m[1]) else "", sql)


class SqliteStore(_Lanes, EntityReadOps, GraphReadOps, GraphExportOps):
    backend = "sqlite"
    concurrent_reads = False  # the lanes run in turn: most of their cost is Python (docs/architecture.md)

    def __init__(self, path: str | Path, *, vector_model: str | None = None) -> None:
        self.path = Path(path)
        self.vector_model = vector_model
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot open the SQLite database at {self.path}: {exc}") from exc
        # Every connection is reached through ``_db`` only (see connections.py): the write connection
        # inside a block holding its lock, reads on one connection per thread without it.
        self._db = Connections(self.path)
        self.identity = SqliteIdentity(self._db)
        self.conversations = SqliteConversations(self._db)
        self.profiles = SqliteProfiles(self._db)
        self.import_runs = SqliteImportRuns(self._db)
        self._index = VectorIndex()
        self._index_lock = threading.Lock()
        #: entity candidates for linking; used only inside ``write()`` (``storage/entity_cache.py``)
        self.entity_cache = EntityCache()
        # Access counts wait here ((seq, reader) -> (count, last access)) until a transaction takes them.
        self._pending_access: dict[tuple[int, str], tuple[int, datetime]] = {}
        self._pending_lock = threading.Lock()
        self._last_access_flush = time.monotonic()
        try:
            with self._db.writer() as conn:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
                conn.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except StorageError as exc:
            self._db.close()
            raise StorageError(f"cannot prepare the SQLite database at {self.path}: {exc}") from exc

    # -- schema ---------------------------------------------------------------------------------------

    def _migrate(self) -> None:
        with self._db.transaction() as cur:
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
                if version in STEP_AFTER_DROP and STEP_AFTER_DROP[version][1] not in _columns(
                    cur, STEP_AFTER_DROP[version][0]
                ):
                    sql = STEP_AFTER_DROP[version][2]
                cur.execute(_without_existing_columns(cur, sql))
                if version == SUBJECT_BACKFILL:
                    backfill_subjects(cur, now_utc())
                if version == RELATED_USER_BACKFILL:
                    backfill_related_users(cur, now_utc())
                if version in KEYWORD_REFILLS:
                    restem_keyword_index(cur)
                if version == USER_NAMES_NFC:
                    normalise_user_names(cur)
                if version == GROUP_NAMES_NFC:
                    normalise_group_names(cur)
                if version == RELATED_USER_FORM:
                    write_related_user_form(cur)
                if version == USER_ENTITY_FOLD:
                    fold_user_entities(cur, now_utc())
                if version == SPACE_NAMES_NFC:
                    normalise_spaces(lambda sql, p: cur.execute(sql, p).fetchall(), cur.executemany, "?")
                cur.execute(
                    "INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, datetime('now'))",
                    (version, description),
                )

    def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = self._db.rows(sql, params)
        return rows[0][0] if rows else None

    def schema_version(self) -> int:
        return int(self._scalar("SELECT max(version) FROM schema_migrations") or 0)

    def health(self) -> StoreHealth:
        """Whether the file can be read now (the schema and the newest item: cheap probes), and whether
        the last write failed for the disk's or the file's sake (a full disk clears with the next write
        that succeeds; a damaged file stays reported)."""
        try:
            self._db.rows("SELECT max(version) FROM schema_migrations")
            self._db.rows("SELECT seq, content FROM memories ORDER BY seq DESC LIMIT 1")
        except StorageError as exc:
            return StoreHealth("failing", str(exc), exc.public)
        fault = self._db.fault
        if fault is not None:
            status, error = fault
            return StoreHealth("failing" if status == "failing" else "degraded", str(error), error.public)
        return StoreHealth("ok")

    def close(self) -> None:
        self._flush_access(wait=True)
        self._db.close()

    # -- writing --------------------------------------------------------------------------------------

    @contextmanager
    def write(self) -> Iterator[_Txn]:
        """One all-or-nothing write transaction; the vector cache follows only after COMMIT.

        Buffered access counts are written in the same transaction, first: a write that fails keeps them
        buffered."""
        with self._db.writer():  # held until the cache has followed
            taken: dict[tuple[int, str], tuple[int, datetime]] = {}
            txn: _Txn | None = None
            try:
                with self._db.transaction() as cur:
                    # first: what the transaction reads or copies (a consolidation) has them
                    taken = self._take_access()
                    self._write_access(cur, taken)
                    txn = _Txn(self, cur)
                    yield txn
                    txn.flush()
                    if txn.vectors_changed:
                        cur.execute("UPDATE meta SET value = value + 1 WHERE key = 'vector_generation'")
                        generation = int(next(iter(cur.execute(_GENERATION)))[0])
                    if txn.entities_changed:
                        cur.execute(BUMP_ENTITY_GENERATION)
            except BaseException:
                self._put_back_access(taken)
                if txn is not None and (txn.entities_changed or txn.cache_generation is not None):
                    self.entity_cache.reset()  # it may hold what was rolled back
                raise
            if txn.entities_changed:
                # our own change, applied to the cache as it was made: still valid if it was checked at the
                # start of this transaction (no other writer can commit while we hold the write lock)
                checked = txn.cache_generation
                if checked is not None and self.entity_cache.generation == checked:
                    self.entity_cache.generation = checked + 1
                else:
                    self.entity_cache.reset()
            if txn.vectors_changed:
                self._follow(txn, generation)
            if txn.erased:
                self._db.empty_wal()

    def _follow(self, txn: _Txn, generation: int) -> None:
        """Apply our own committed change to the cache, or drop it if another process wrote meanwhile."""
        with self._index_lock:
            if self._index.generation == generation - 1:
                self._index.remove(txn.removed_seqs)
                self._index.add(txn.added_vectors)
                self._index.generation = generation
            else:
                self._index.generation = -1  # reload on next search

    def _generation(self) -> int:
        return int(self._scalar(_GENERATION))

    # -- access counts --------------------------------------------------------------------------------

    def touch(self, reader: str, seqs: Sequence[int], at: datetime) -> None:
        """Count an access by ``reader``, in her own counts (``storage/access.py``). Counts are buffered
        and written in batches (with the next write transaction, or every couple of seconds when the
        write lock is free at once) so that a recall never waits for the write lock, and never fails for
        it: they are a ranking hint, not data worth failing a read for. Reads in this process see the
        reader's buffered counts at once (``with_reader_access``)."""
        with self._pending_lock:
            for seq in seqs:
                count, _ = self._pending_access.get((seq, reader), (0, at))
                self._pending_access[(seq, reader)] = (count + 1, at)
            due = len(self._pending_access) > 512 or time.monotonic() - self._last_access_flush > 2.0
        if due:
            self._flush_access(wait=False)

    def _flush_access(self, *, wait: bool) -> None:
        """Write buffered access counts in a transaction of their own; best effort, never raises (a busy
        or full database keeps them buffered; a fault is logged)."""
        if not self._pending_access:
            return
        taken = self._take_access()
        try:
            with self._db.transaction(wait=wait) as cur:
                self._write_access(cur, taken)
        except WriterBusy:
            self._put_back_access(taken)
        except StorageError as exc:
            self._put_back_access(taken)
            log.warning("access counts not written yet (kept for later): %s", exc)

    def _take_access(self) -> dict[tuple[int, str], tuple[int, datetime]]:
        with self._pending_lock:
            taken, self._pending_access = self._pending_access, {}
        return taken

    def _put_back_access(self, taken: dict[tuple[int, str], tuple[int, datetime]]) -> None:
        """Counts whose write failed go back into the buffer (a disk that stays full must not grow it
        without end: past a bound they are dropped, they are only a ranking hint)."""
        if not taken:
            return
        with self._pending_lock:
            for key, (n, at) in taken.items():
                count, last = self._pending_access.get(key, (0, at))
                self._pending_access[key] = (count + n, max(last, at))
            if len(self._pending_access) > _MAX_PENDING_ACCESS:
                self._pending_access = {}

    def _write_access(self, cur: apsw.Cursor, taken: dict[tuple[int, str], tuple[int, datetime]]) -> None:
        write_access(cur, [(seq, reader, n, at) for (seq, reader), (n, at) in sorted(taken.items())])
        self._last_access_flush = time.monotonic()

    def with_reader_access(
        self,
        actor: Actor,
        rows: Sequence[Any],
        read: Callable[[str, Sequence[Any]], Sequence[Any]] | None = None,
    ) -> list[tuple[int, Memory]]:
        """Rows as (seq, item) with the actor's own access counts (``storage/access.py``): those written
        (``read``: a statement in the write transaction; default: on this thread's reader) and those still
        buffered in this process."""
        items = [_row_to_memory(r) for r in rows]
        if not items:
            return items
        seqs = [seq for seq, _ in items]
        stats = read_access(read or self._rows, actor.user, seqs)
        if self._pending_access:
            with self._pending_lock:
                pending = {seq: self._pending_access.get((seq, actor.user)) for seq in seqs}
            for seq, buffered in pending.items():
                if buffered is not None:
                    stats[seq] = merged(stats.get(seq), buffered) or buffered
        return with_access(items, stats)

    # -- reading --------------------------------------------------------------------------------------

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return self._db.rows(sql, params)

    def current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str, now: datetime, *,
        profile_id: str | None,
    ) -> str | None:  # fmt: skip
        rows = self._rows(
            f"SELECT id FROM memories m WHERE {CURRENT_BY_HASH} LIMIT 1",
            (workspace, owner, visibility, space, profile_id or "", content_hash, to_db(now)),
        )
        return str(rows[0][0]) if rows else None

    def get(self, actor: Actor, memory_id: str) -> Memory | None:
        where, params = _scope(actor, _ALL, None)
        refs, ref_params = _refs(actor)
        rows = self._rows(
            f"SELECT {_COLUMNS}, {refs} FROM memories m WHERE m.id = ? AND {where}",
            (*ref_params, memory_id, *params),
        )
        return self._linked(actor, self.with_reader_access(actor, rows))[0][1] if rows else None

    def seq_of(self, memory_id: str) -> int | None:
        rows = self._rows("SELECT seq FROM memories WHERE id = ?", (memory_id,))
        return rows[0][0] if rows else None

    def fetch(self, actor: Actor, filters: Filters, seqs: Sequence[int], now: datetime) -> dict[int, Memory]:
        if not seqs:
            return {}
        where, params = _scope(actor, filters, now)
        refs, ref_params = _refs(actor)
        rows = self._rows(
            f"SELECT {_COLUMNS}, {refs} FROM memories m NOT INDEXED"
            f" WHERE m.seq IN ({','.join('?' * len(seqs))}) AND {where}",
            (*ref_params, *seqs, *params),
        )
        return dict(self._linked(actor, self.with_reader_access(actor, rows)))

    def chain(self, actor: Actor, memory_id: str) -> list[Memory]:
        where, params = _scope(actor, _ALL, None)
        refs, ref_params = _refs(actor)
        rows = self._rows(
            f"SELECT {_COLUMNS}, {refs} FROM memories m WHERE {where} AND m.chain_id ="
            " (SELECT chain_id FROM memories WHERE id = ?) ORDER BY m.seq",
            (*ref_params, *params, memory_id),
        )
        return [m for _, m in self._linked(actor, self.with_reader_access(actor, rows))]

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
            where += " AND (m.created_at, m.id) < (?, ?)"
            params.extend([to_db(before[0]), before[1]])
        refs, ref_params = _refs(actor)
        rows = self._rows(
            # walking the (created_at, id) index backwards stops at the limit (the scope's index would
            # find every item of the reader's owners and sort them all)
            f"SELECT {_COLUMNS}, {refs} FROM memories m INDEXED BY memories_recent WHERE {where}"
            " ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?",
            (*ref_params, *params, limit, offset),
        )
        return self._linked(actor, self.with_reader_access(actor, rows))

    def _linked(self, actor: Actor, items: Sequence[tuple[int, Memory]]) -> list[tuple[int, Memory]]:
        """``items`` with the version links ``actor`` may not read shown as absent (``version_links``)."""

        def readable(ids: list[str]) -> list[str]:
            where, params = _readable(actor)
            marks = ",".join("?" * len(ids))
            return [r[0] for r in self._rows(f"SELECT m.id FROM memories m WHERE m.id IN ({marks}) AND {where}",
                                             [*ids, *params])]  # fmt: skip

        return readable_links(items, readable)

    def iter_all(self, ids: Sequence[str] | None = None, *, actor: Actor | None = None) -> Iterator[Memory]:
        readable, params = _readable(actor) if actor is not None else ("1", [])
        if ids is None:
            for row in self._rows(
                f"SELECT {_COLUMNS} FROM memories m WHERE {readable} ORDER BY m.seq", params
            ):
                yield _row_to_memory(row)[1]
            return
        for start in range(0, len(ids), 5000):  # (within SQLite's limit of bound parameters)
            part = list(ids[start : start + 5000])
            marks = ",".join("?" * len(part))
            for row in self._rows(
                f"SELECT {_COLUMNS} FROM memories m WHERE m.id IN ({marks}) AND {readable} ORDER BY m.seq",
                [*part, *params],
            ):
                yield _row_to_memory(row)[1]

    def vectors_of(self, memory_ids: Sequence[str], model: str) -> dict[str, npt.NDArray[np.float32]]:
        out: dict[str, npt.NDArray[np.float32]] = {}
        for start in range(0, len(memory_ids), 5000):  # (within SQLite's limit of bound parameters)
            part = list(memory_ids[start : start + 5000])
            marks = ",".join("?" * len(part))
            for memory_id, dim, blob in self._rows(
                "SELECT m.id, v.dim, v.vector FROM memories m JOIN memory_vectors v ON v.memory_seq = m.seq"
                f" WHERE m.id IN ({marks}) AND v.model = ?",
                [*part, model],
            ):
                vector = np.frombuffer(blob, dtype=np.float32)
                if len(vector) == dim:
                    out[str(memory_id)] = vector.copy()
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
                " WHERE m.seq > ? AND (v.model IS NULL OR v.model != ?) AND coalesce(m.workspace = ?, 1)"
                " ORDER BY m.seq LIMIT ?",
                (after_seq, model, workspace, limit),
            )
        ]

    def count_needing_embedding(self, model: str, workspace: str | None = None) -> int:
        """How many rows ``needing_embedding`` walks through (for progress reports)."""
        rows = self._rows(
            "SELECT COUNT(*) FROM memories m LEFT JOIN memory_vectors v ON v.memory_seq = m.seq"
            " WHERE (v.model IS NULL OR v.model != ?) AND coalesce(m.workspace = ?, 1)",
            (model, workspace),
        )
        return int(rows[0][0])

    def count_items(self, workspace: str | None = None) -> int:
        """How many rows ``all_for_keys`` walks through: every item (of ``workspace``), current or not."""
        return int(
            self._rows("SELECT COUNT(*) FROM memories WHERE coalesce(workspace = ?, 1)", (workspace,))[0][0]
        )

    def all_for_keys(
        self, after_seq: int, limit: int, workspace: str | None = None
    ) -> list[tuple[int, str, str | None, str | None, datetime]]:
        """(seq, content, subject id, subject name, observed_at) of every item (of one ``workspace``, or
        of all: None), in seq order."""
        return [
            (int(s), c, sid, sname, observed_time(from_db, *times))
            for s, c, sid, sname, *times in self._rows(
                "SELECT seq, content, subject_id, subject_name, observed_at, created_at, updated_at"
                " FROM memories WHERE seq > ? AND coalesce(workspace = ?, 1) ORDER BY seq LIMIT ?",
                (after_seq, workspace, limit),
            )
        ]
