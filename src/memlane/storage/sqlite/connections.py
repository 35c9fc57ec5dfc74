"""The connections of one SQLite store, each reachable only where it is safe to use, and the one place
where SQLite's errors become memlane's.

An apsw connection must never be used by two threads at once (``apsw.ThreadingViolationError``). So:

- the **write connection** has no attribute to reach it by: only ``writer()`` and ``transaction()``
  hand it out, for the length of a ``with`` block that holds its lock (every write, access counts
  included, goes through them);
- **readers** are one connection per thread, made on first use and used only by ``rows()`` in that
  thread: WAL lets them read side by side and beside the writer, without any lock;
- an **in-memory database** (``:memory:``) lives in its one connection, which no other connection
  can open: there the readers are the write connection itself, taken under its lock, and no other
  process can write, so there is no writers' lock file (``_queue``);
- every ``apsw.Error`` leaving either is mapped here to ``StorageError`` with a message for a person
  (a full disk, a damaged file, a lock held too long), and storage faults are remembered for
  ``health()``.
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import apsw

from ...errors import StorageError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: writers rely on SQLite's busy timeout alone
    fcntl = None  # type: ignore[assignment]

__all__ = ["BUSY_TIMEOUT_MS", "QUEUE_WAIT_S", "Connections", "WriterBusy", "describe"]

#: how long a writer waits for the database's write lock held by anything but a memlane writer
BUSY_TIMEOUT_MS = 10_000
#: how long a writer waits behind another memlane process's write transaction (a bulk import)
QUEUE_WAIT_S = 15 * 60


class WriterBusy(Exception):
    """Raised only by ``writer(wait=False)``: the write connection or the database write lock is taken.
    Not a ``MemlaneError``: callers asking not to wait handle it (access counts stay buffered)."""


def describe(exc: apsw.Error, where: Path) -> str:
    """One line for a person: what failed and what to do about it."""
    detail = str(exc).split("\n", 1)[0] or type(exc).__name__
    if isinstance(exc, apsw.FullError):
        return (
            f"the disk holding the database {where} is full ({detail}): nothing was written; free some"
            " space and retry (reads still work)"
        )
    if isinstance(exc, (apsw.CorruptError, apsw.NotADBError)):
        return (
            f"the SQLite database {where} is damaged ({detail}): restore it from a backup or an export"
            " (memlane export / import)"
        )
    if isinstance(exc, (apsw.BusyError, apsw.LockedError)):
        return f"the database {where} is locked by another writer ({detail}); retry"
    if isinstance(exc, (apsw.ReadOnlyError, apsw.PermissionsError, apsw.CantOpenError)):
        return f"cannot write to or open the database {where} ({detail}): check its file permissions"
    if isinstance(exc, apsw.IOError):
        return f"the disk failed while using the database {where} ({detail})"
    return f"SQLite error on {where}: {detail}"


#: errors that say the database or its disk is in trouble (not a caller's or a transient problem)
_FAULTS = (
    apsw.FullError,
    apsw.CorruptError,
    apsw.NotADBError,
    apsw.IOError,
    apsw.ReadOnlyError,
    apsw.CantOpenError,
    apsw.PermissionsError,
)
_DAMAGED = (apsw.CorruptError, apsw.NotADBError)


def kind_of(exc: apsw.Error) -> str | None:
    """The ``StorageError`` kind of an apsw error: all a server's client learns of it."""
    if isinstance(exc, apsw.FullError):
        return "full"
    if isinstance(exc, _DAMAGED):
        return "damaged"
    if isinstance(exc, (apsw.BusyError, apsw.LockedError)):
        return "busy"
    return None


class Connections:
    """The write connection (behind its lock) and one reader per thread, of the database at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._writer = apsw.Connection(str(path))
        except apsw.Error as exc:
            raise StorageError(f"cannot open the SQLite database at {path}: {describe(exc, path)}") from exc
        self._writer.set_busy_timeout(BUSY_TIMEOUT_MS)
        # Deleting is final (forget, expiry): the writer overwrites deleted content with zeros, so
        # that a forgotten memory's text, data and vector do not stay readable in free space.
        self._writer.execute("PRAGMA secure_delete = ON")
        # reentrant: a write transaction may count accesses or read its own generation inside
        self._lock = threading.RLock()
        #: per-thread state: this thread's reader, and what callers cache beside it
        self.local = threading.local()
        # weak: a reader closes when its thread ends (a server's worker threads come and go)
        self._readers: weakref.WeakSet[apsw.Connection] = weakref.WeakSet()
        self._readers_lock = threading.Lock()
        #: the last storage fault: ("degraded" or "failing", message); a damaged file stays reported
        self.fault: tuple[str, StorageError] | None = None
        #: SQLite opened no file (``:memory:``): the data lives in the write connection alone
        self.in_memory = self._writer.filename == ""
        self._queue_file: int | None = None
        if fcntl is not None and not self.in_memory:
            with suppress(OSError):  # a directory memlane cannot create files in: SQLite's timeout only
                self._queue_file = os.open(f"{path}-memlane-lock", os.O_RDWR | os.O_CREAT, 0o600)

    # -- error mapping --------------------------------------------------------------------------------

    @contextmanager
    def mapped(self) -> Iterator[None]:
        """Turn any apsw error raised in the block into ``StorageError`` (from it)."""
        try:
            yield
        except apsw.ThreadingViolationError:
            raise  # a bug in memlane, never the database's fault: it must stay loud
        except apsw.Error as exc:
            error = StorageError(describe(exc, self.path), kind=kind_of(exc))
            if isinstance(exc, _FAULTS):
                self._note_fault("failing" if isinstance(exc, _DAMAGED) else "degraded", error)
            raise error from exc

    def _note_fault(self, status: str, error: StorageError) -> None:
        if self.fault is None or self.fault[0] != "failing":  # a damaged file stays reported
            self.fault = (status, error)

    def _wrote(self) -> None:
        """A transaction committed: the disk takes writes again (a damaged file stays damaged)."""
        if self.fault is not None and self.fault[0] != "failing":
            self.fault = None

    # -- the write connection -------------------------------------------------------------------------

    @contextmanager
    def writer(self, *, wait: bool = True) -> Iterator[apsw.Connection]:
        """The write connection for the block, its lock held. ``wait=False``: raise ``WriterBusy`` at
        once instead of waiting for another thread or process that is writing."""
        if not self._lock.acquire(blocking=wait):
            raise WriterBusy
        try:
            if not wait:
                self._writer.set_busy_timeout(0)
            try:
                with self.mapped():
                    try:
                        yield self._writer
                    except apsw.BusyError as exc:
                        if not wait:
                            raise WriterBusy from exc
                        raise
            finally:
                if not wait:
                    self._writer.set_busy_timeout(BUSY_TIMEOUT_MS)
        finally:
            self._lock.release()

    @contextmanager
    def transaction(self, *, wait: bool = True) -> Iterator[apsw.Cursor]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` on the write connection, its lock held; ROLLBACK when the
        block raises (nothing of it stays). Another memlane process's write transaction is waited for
        as long as it lasts (``_queue``); anything else holding the database is waited for up to
        SQLite's busy timeout."""
        with self.writer(wait=wait) as conn, self._queue(wait=wait):
            cur = conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                yield cur
                cur.execute("COMMIT")
            except BaseException:
                with suppress(apsw.Error):
                    cur.execute("ROLLBACK")
                raise
            self._wrote()

    @contextmanager
    def _queue(self, *, wait: bool) -> Iterator[None]:
        """Hold the writers' file lock (``flock`` on ``<database>-memlane-lock``) for one transaction.

        SQLite's busy timeout makes a writer give up after 10 s, but an all-or-nothing ``store_many`` of
        100k items holds the write lock for longer than that (8-35 s here). Memlane writers therefore
        queue on this lock first: the kernel releases it when its holder ends, even by SIGKILL, so a
        waiter waits exactly as long as a live memlane process is writing, and never fails with
        "locked" because a bulk import is running."""
        if self._queue_file is None:
            yield
            return
        deadline = time.monotonic() + QUEUE_WAIT_S
        pause = 0.001
        while True:
            try:
                fcntl.flock(self._queue_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not wait:
                    raise WriterBusy from None
                if time.monotonic() > deadline:
                    raise StorageError(
                        f"another memlane process has been writing to {self.path} for over"
                        f" {QUEUE_WAIT_S // 60} minutes; retry later",
                        kind="busy",
                    ) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.05)
        try:
            yield
        finally:
            fcntl.flock(self._queue_file, fcntl.LOCK_UN)

    def empty_wal(self) -> None:
        """Copy the WAL into the database and truncate it, so that the pages a deletion replaced (a
        forgotten memory's text, data and vector, in the frames written before) are not left readable
        in the WAL file. Best effort, never waiting: while a reader holds an older snapshot the WAL
        stays, and the next checkpoint overwrites it (the database file itself is zeroed by
        ``secure_delete``)."""
        with self._lock:
            self._writer.set_busy_timeout(0)
            try:
                with suppress(apsw.Error):
                    self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                self._writer.set_busy_timeout(BUSY_TIMEOUT_MS)

    # -- readers --------------------------------------------------------------------------------------

    def _reader(self) -> apsw.Connection:
        conn: apsw.Connection | None = getattr(self.local, "conn", None)
        if conn is None:
            conn = apsw.Connection(str(self.path))
            conn.set_busy_timeout(BUSY_TIMEOUT_MS)
            with self._readers_lock:
                self._readers.add(conn)
            self.local.conn = conn
        return conn

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One read statement on this thread's reader."""
        if self.in_memory:
            with self._lock, self.mapped():
                return self._writer.execute(sql, params).fetchall()
        with self.mapped():
            return self._reader().execute(sql, params).fetchall()

    @contextmanager
    def snapshot(self) -> Iterator[apsw.Connection]:
        """This thread's reader inside one read transaction: several statements see one state."""
        if self.in_memory:
            with self._lock, self.mapped():
                if self._writer.in_transaction:  # this thread's own write transaction: it is one state
                    yield self._writer
                    return
                self._writer.execute("BEGIN")
                try:
                    yield self._writer
                finally:
                    with suppress(apsw.Error):
                        self._writer.execute("COMMIT")
            return
        with self.mapped():
            conn = self._reader()
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                with suppress(apsw.Error):
                    conn.execute("COMMIT")

    # -- closing --------------------------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            with self._readers_lock:
                readers = list(self._readers)
            for reader in readers:
                with suppress(apsw.Error):
                    reader.close()
            with suppress(apsw.Error):
                self._writer.close()
            if self._queue_file is not None:
                os.close(self._queue_file)
                self._queue_file = None
