"""Copy a whole memlane database between backends (SQLite ⇄ PostgreSQL), without loss.

Everything is copied as it is, not re-derived: ids, seqs (so conversation order and neighbours stay the
same), version chains (``chain_id``, ``replaces``, ``superseded_by``), content hashes, vectors with their
model identity, entity keys, the entity graph (entities, aliases, external ids and the memories whose
text names them, edges, memory links, merges), the keyword text, times, every reader's access counts, the audit log, the conversation log, profiles and
their sweep state, job, import and consolidation runs, web sessions, and the identity tables
(workspaces, users, teams, agents, API key hashes). The copy is one transaction on the target:
it lands whole or not at all. A target that already holds data is refused, so a copy never merges two
databases by accident (copy into a fresh database, then point memlane at it).

This module knows both schemas (it is the one place that does); the stores' own methods stay the
contract the service uses.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import StorageError
from ..timeutil import from_db, to_db

__all__ = ["CopyReport", "copy_database"]


@dataclass(frozen=True)
class _Table:
    name: str
    columns: tuple[str, ...]
    times: frozenset[str] = frozenset()
    json: frozenset[str] = frozenset()
    bools: frozenset[str] = frozenset()
    #: an identity column whose sequence must follow the copied values (PostgreSQL)
    serial: str | None = None


_MEMORY_COLUMNS = (
    "seq", "id", "workspace", "owner", "visibility", "space", "content", "content_hash", "type", "subject_id",
    "subject_name", "related_user", "data", "importance", "confidence", "valid_from", "valid_to", "observed_at",
    "source", "provenance", "state", "chain_id", "replaces", "superseded_by", "superseded_at", "expires_at",
    "created_at", "updated_at", "author", "profile_id",
)  # fmt: skip

#: in foreign-key order
_TABLES = (
    _Table("workspaces", ("name", "created_at"), times=frozenset({"created_at"})),
    _Table(
        "users", ("workspace", "name", "opted_out", "created_at", "updated_at"),
        times=frozenset({"created_at", "updated_at"}), bools=frozenset({"opted_out"}),
    ),
    _Table("teams", ("workspace", "name", "created_at"), times=frozenset({"created_at"})),
    _Table("team_members", ("workspace", "team", "user_name", "added_at"), times=frozenset({"added_at"})),
    _Table("agents", ("workspace", "name", "created_at"), times=frozenset({"created_at"})),
    _Table(
        "api_keys",
        ("id", "key_hash", "prefix", "workspace", "name", "user_name", "agent_name", "admin", "max_visibility",
         "created_at", "last_used_at", "revoked_at"),
        times=frozenset({"created_at", "last_used_at", "revoked_at"}), bools=frozenset({"admin"}),
    ),
    _Table(
        "memories", _MEMORY_COLUMNS,
        times=frozenset({"valid_from", "valid_to", "observed_at", "superseded_at", "expires_at",
                         "created_at", "updated_at"}),
        json=frozenset({"data", "provenance"}), serial="seq",
    ),
    _Table(
        "memory_access", ("memory_seq", "reader", "access_count", "last_accessed_at"),
        times=frozenset({"last_accessed_at"}),
    ),
    _Table("memory_entities", ("key", "memory_seq")),
    _Table("memory_vectors", ("memory_seq", "model", "dim", "vector")),
    _Table(
        "entities",
        ("seq", "id", "workspace", "owner", "visibility", "type", "name", "attributes", "merged_into",
         "created_at", "updated_at"),
        times=frozenset({"created_at", "updated_at"}), json=frozenset({"attributes"}), serial="seq",
    ),
    _Table("entity_aliases", ("entity_id", "normalised", "alias")),
    _Table(
        "entity_external_ids", ("workspace", "owner", "visibility", "external_id", "entity_id", "from_text"),
        bools=frozenset({"from_text"}),
    ),
    _Table("entity_external_id_sources", ("memory_seq", "external_id")),
    _Table("entity_key_sources", ("memory_seq", "key")),
    _Table("entity_blocking_keys", ("workspace", "owner", "visibility", "key", "entity_id")),
    _Table(
        "entity_edges",
        ("id", "src", "relation", "dst", "provenance", "valid_from", "valid_to", "created_at"),
        times=frozenset({"valid_from", "valid_to", "created_at"}), json=frozenset({"provenance"}),
    ),
    _Table(
        "entity_edge_sources", ("edge_id", "memory_id", "stated_at", "ended_at"),
        times=frozenset({"stated_at", "ended_at"}),
    ),
    _Table("memory_entity_links", ("entity_id", "memory_seq", "role")),
    _Table(
        "entity_merges",
        ("id", "workspace", "into_id", "merged_id", "snapshot", "actor", "merged_at", "unmerged_at"),
        times=frozenset({"merged_at", "unmerged_at"}), json=frozenset({"snapshot"}),
    ),
    _Table(
        "audit_log", ("seq", "at", "workspace", "actor", "action", "memory_id", "detail"),
        times=frozenset({"at"}), json=frozenset({"detail"}), serial="seq",
    ),
    # the conversation log, profiles and their sweeps' state (seqs kept: a profile's last_sync_seq and
    # run_upto point into conversation_messages), job and import runs, consolidation runs, web sessions
    _Table(
        "conversation_messages",
        ("seq", "id", "workspace", "owner", "visibility", "conversation_id", "role", "text", "tool", "result",
         "speaker", "agent", "author", "at", "created_at"),
        times=frozenset({"at", "created_at"}), json=frozenset({"result"}), serial="seq",
    ),
    _Table("extracted_exchanges", ("workspace", "digest", "extracted_at"), times=frozenset({"extracted_at"})),
    _Table(
        "profiles",
        ("id", "workspace", "name", "config", "enabled", "last_sync_seq", "last_sync_at", "run_token",
         "run_started_at", "run_heartbeat_at", "run_upto", "last_error", "created_at", "updated_at"),
        times=frozenset({"last_sync_at", "run_started_at", "run_heartbeat_at", "created_at", "updated_at"}),
        json=frozenset({"config"}), bools=frozenset({"enabled"}),
    ),
    _Table("profile_opt_outs", ("profile_id", "user_name", "at"), times=frozenset({"at"})),
    _Table(
        "profile_log", ("seq", "workspace", "profile_id", "profile_name", "at", "action", "count", "detail"),
        times=frozenset({"at"}), json=frozenset({"detail"}), serial="seq",
    ),
    _Table(
        "job_runs", ("seq", "id", "job", "started_at", "finished_at", "status", "error", "detail", "worker"),
        times=frozenset({"started_at", "finished_at"}), json=frozenset({"detail"}), serial="seq",
    ),
    _Table(
        "import_runs", ("id", "workspace", "user_name", "started_at", "instance", "run"),
        times=frozenset({"started_at"}), json=frozenset({"run"}),
    ),
    _Table(
        "consolidation_runs", ("id", "workspace", "actor", "at", "detail", "undone_at"),
        times=frozenset({"at", "undone_at"}), json=frozenset({"detail"}),
    ),
    _Table(
        "web_sessions",
        ("token_hash", "workspace", "key_id", "operator", "acting_user", "created_at", "expires_at",
         "revoked_at"),
        times=frozenset({"created_at", "expires_at", "revoked_at"}),
    ),
    _Table(
        "signin_links", ("token_hash", "workspace", "key_id", "operator", "created_at", "expires_at"),
        times=frozenset({"created_at", "expires_at"}),
    ),
)  # fmt: skip


@dataclass
class CopyReport:
    source: str
    target: str
    schema_version: int
    rows: dict[str, int] = field(default_factory=dict)

    @property
    def memories(self) -> int:
        return self.rows.get("memories", 0)


# -- one side of a copy, per backend ------------------------------------------------------------------


class _Sqlite:
    """Reads and writes a ``SqliteStore``'s file through its write connection, held (with its lock) for
    the whole copy."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self._cm: AbstractContextManager[Any] | None = None
        self.conn: Any = None

    def __enter__(self) -> _Sqlite:
        self._cm = self.store._db.writer()
        self.conn = self._cm.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._cm is not None
        self._cm.__exit__(*exc)

    def tables(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def count(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    def read(self, table: _Table) -> Iterator[list[Any]]:
        if table.name == "memories":
            cols = ", ".join(f"m.{c}" for c in table.columns)
            sql = (
                f"SELECT {cols}, f.content, f.subject FROM memories m"
                " LEFT JOIN memories_fts f ON f.rowid = m.seq ORDER BY m.seq"
            )
        elif table.name == "memory_vectors":
            sql = "SELECT memory_seq, model, dim, vector FROM memory_vectors ORDER BY memory_seq"
        else:
            sql = f"SELECT {', '.join(table.columns)} FROM {table.name}"
        for raw in self.conn.execute(sql):
            row = list(raw)
            for i, col in enumerate(table.columns):
                if col in table.times:
                    row[i] = from_db(row[i])
                elif col in table.json:
                    row[i] = json.loads(row[i]) if row[i] is not None else None
                elif col in table.bools:
                    row[i] = bool(row[i])
                elif col == "vector":
                    row[i] = np.frombuffer(row[i], dtype=np.float32).copy()
            if table.name == "memories":
                content, fts_content, fts_subject = row[6], row[-2], row[-1]
                row[-2] = None if fts_content is None or fts_content == content else fts_content
                row[-1] = fts_subject or ""
            yield row

    @contextmanager
    def transaction(self) -> Iterator[None]:
        from .sqlite.entities import BUMP_ENTITY_GENERATION

        cur = self.conn.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            yield
            cur.execute("UPDATE meta SET value = value + 1 WHERE key = 'vector_generation'")
            cur.execute(BUMP_ENTITY_GENERATION)  # (a process with the store open reads entities again)
            cur.execute("COMMIT")
        except BaseException:
            cur.execute("ROLLBACK")
            raise

    def write(self, table: _Table, rows: Sequence[list[Any]]) -> None:
        out: list[list[Any]] = []
        for src in rows:
            row = list(src)
            for i, col in enumerate(table.columns):
                if col in table.times:
                    row[i] = to_db(row[i])
                elif col in table.json:
                    row[i] = json.dumps(row[i]) if row[i] is not None else None
                elif col in table.bools:
                    row[i] = int(bool(row[i]))
                elif col == "vector":
                    row[i] = np.ascontiguousarray(row[i], dtype=np.float32).tobytes()
            out.append(row)
        cols = table.columns
        marks = ", ".join("?" * len(cols))
        cur = self.conn.cursor()
        if table.name == "memories":
            cur.executemany(
                f"INSERT INTO memories ({', '.join(cols)}) VALUES ({marks})", [r[: len(cols)] for r in out]
            )
            cur.executemany(
                "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, ?)",
                [(r[0], r[6] if r[-2] is None else r[-2], r[-1]) for r in out],
            )
        else:
            cur.executemany(f"INSERT INTO {table.name} ({', '.join(cols)}) VALUES ({marks})", out)

    def finish(self, tables: Sequence[_Table]) -> None:
        """SQLite's rowids continue from the largest one; the statistics are counted from what came in."""
        from .sqlite.writes import rebuild_stats

        rebuild_stats(self.conn.cursor())


class _Postgres:
    """Reads and writes a ``PostgresStore``'s database on one pooled connection."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self._cm: AbstractContextManager[Any] | None = None
        self.conn: Any = None

    def __enter__(self) -> _Postgres:
        self._cm = self.store._connection()
        self.conn = self._cm.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._cm is not None
        self._cm.__exit__(*exc)

    def tables(self) -> set[str]:
        rows = self.conn.execute(
            "SELECT c.relname FROM pg_class c WHERE c.relkind = 'r'"
            " AND c.relnamespace = current_schema()::regnamespace"
        ).fetchall()
        return {r[0] for r in rows}

    def count(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    def read(self, table: _Table) -> Iterator[list[Any]]:
        if table.name == "memories":
            sql = (
                f"SELECT {', '.join(table.columns)}, keyword_text, keyword_subject FROM memories ORDER BY seq"
            )
        elif table.name == "memory_vectors":
            sql = "SELECT memory_seq, model, dim, embedding FROM memory_vectors ORDER BY memory_seq"
        else:
            sql = f"SELECT {', '.join(table.columns)} FROM {table.name}"
        with self.conn.transaction(), self.conn.cursor(name=f"memlane_copy_{table.name}") as cur:
            cur.itersize = 2000
            cur.execute(sql)
            for raw in cur:
                row = list(raw)
                if table.name == "memory_vectors":
                    row[3] = np.asarray(row[3].to_numpy(), dtype=np.float32)
                yield row

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self.conn.transaction():
            yield

    def write(self, table: _Table, rows: Sequence[list[Any]]) -> None:
        from psycopg.types.json import Json, Jsonb

        from .postgres.migrations import JSON_TEXT_COLUMNS
        from .postgres.rows import _porter_terms, _token_count, fts_text

        cols = table.columns
        out: list[list[Any]] = []
        for src in rows:
            row = list(src)
            for i, col in enumerate(cols):
                if col in table.json and row[i] is not None:
                    row[i] = (Json if (table.name, col) in JSON_TEXT_COLUMNS else Jsonb)(row[i])
                elif col == "vector":
                    row[i] = np.ascontiguousarray(row[i], dtype=np.float32)
            out.append(row)
        with self.conn.cursor() as cur:
            if table.name == "memories":
                marks = ", ".join(["%s"] * len(cols))
                cur.executemany(
                    f"INSERT INTO memories ({', '.join(cols)}, keyword_text, keyword_subject, doc_len,"
                    f" porter_terms, fts) VALUES ({marks}, %s, %s, %s, %s, to_tsvector('english', %s))",
                    [
                        [*r[: len(cols)], r[-2], r[-1],
                         _token_count(r[6] if r[-2] is None else r[-2]) + _token_count(r[-1]),
                         _porter_terms(r[6] if r[-2] is None else r[-2], r[-1]),
                         fts_text(r[6] if r[-2] is None else r[-2])]
                        for r in out
                    ],
                )  # fmt: skip
            elif table.name == "memory_vectors":
                cur.executemany(
                    "INSERT INTO memory_vectors (memory_seq, model, dim, embedding) VALUES (%s, %s, %s, %s)",
                    out,
                )
            else:
                marks = ", ".join(["%s"] * len(cols))
                cur.executemany(f"INSERT INTO {table.name} ({', '.join(cols)}) VALUES ({marks})", out)

    def finish(self, tables: Sequence[_Table]) -> None:
        """Identity sequences continue after the copied values; each vector model gets its HNSW index
        (built once over the loaded rows, which is faster than growing it row by row)."""
        from .postgres.writes import _Txn, rebuild_stats

        for table in tables:
            if table.serial:
                self.conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', '{table.serial}'),"
                    f" GREATEST((SELECT max({table.serial}) FROM {table.name}), 1))"
                )
        txn = _Txn(self.store, self.conn)
        for model, dim in self.conn.execute("SELECT DISTINCT model, dim FROM memory_vectors").fetchall():
            txn._ensure_index(model, int(dim))
        self.store._indexes |= txn.new_indexes
        rebuild_stats(self.conn)  # derived: counted from what came in
        # a process with the store open reads its entities again: each scope's row made anew has a new
        # version, and so the store's entity generation moves (``postgres/entity_versions.py``)
        from .postgres.entity_versions import COPIED

        self.conn.execute("DELETE FROM entity_versions")
        self.conn.execute(COPIED)


#: tables that are derived (rebuilt by the target) or bookkeeping of the store itself
#: (``memory_generation``: the target's own, moved by the copy's inserts, migration 20; ``entity_key_rules``:
#: none recorded in the target, whose first store re-keys the copied entities when they need it, 34)
_DERIVED = frozenset(
    {
        "schema_migrations",
        "meta",
        "vector_indexes",
        "entity_versions",
        "memory_generation",
        "entity_key_rules",
    }
)
#: derived tables by prefix, and PostgreSQL's job queue (``procrastinate_*``: the database's own workers')
_NOT_COPIED = ("memories_fts", "sqlite_", "stat_", "procrastinate_")


def _known(table: str) -> bool:
    return table in _DERIVED or any(t.name == table for t in _TABLES) or table.startswith(_NOT_COPIED)


def _side(store: Any) -> Any:
    if getattr(store, "backend", None) == "sqlite":
        return _Sqlite(store)
    if getattr(store, "backend", None) == "postgres":
        return _Postgres(store)
    raise StorageError(f"cannot copy a {getattr(store, 'backend', type(store).__name__)} store")


@contextmanager
def _opened(side: Any) -> Iterator[Any]:
    with side:
        yield side


def copy_database(
    source: Any, target: Any, *, source_name: str, target_name: str, batch: int = 1000
) -> CopyReport:
    """Copy every table of ``source`` into the empty ``target`` (two open stores, migrated to the same
    schema version). Raises ``StorageError`` (and writes nothing) when the target holds data."""
    if source.schema_version() != target.schema_version():
        raise StorageError(
            f"schema versions differ ({source_name}: {source.schema_version()}, {target_name}:"
            f" {target.schema_version()}): run memlane db upgrade on both with the same memlane"
        )
    report = CopyReport(source=source_name, target=target_name, schema_version=source.schema_version())
    with _opened(_side(source)) as src, _opened(_side(target)) as dst:
        unknown = [t for t in sorted(src.tables()) if not _known(t) and src.count(t)]
        if unknown:  # a migration added a table this module does not copy yet: never drop data silently
            raise StorageError(
                f"memlane db copy does not know how to copy {', '.join(unknown)} from {source_name};"
                " nothing was copied"
            )
        tables = [t for t in _TABLES if t.name in src.tables() and t.name in dst.tables()]
        busy = {t.name: n for t in tables if (n := dst.count(t.name))}
        if busy:
            held = ", ".join(f"{n} {name}" for name, n in busy.items())
            raise StorageError(
                f"the target {target_name} is not empty ({held}): memlane db copy only copies into an empty"
                " database, so that nothing is merged or overwritten by accident"
            )
        with dst.transaction():
            for table in tables:
                n = 0
                chunk: list[list[Any]] = []
                for row in src.read(table):
                    chunk.append(row)
                    if len(chunk) >= batch:
                        dst.write(table, chunk)
                        n += len(chunk)
                        chunk = []
                if chunk:
                    dst.write(table, chunk)
                    n += len(chunk)
                report.rows[table.name] = n
            dst.finish(tables)
        for table in tables:
            if dst.count(table.name) != report.rows[table.name]:  # pragma: no cover - a bug, not an input
                raise StorageError(f"copy check failed for {table.name}")
    return report
