"""How the storage backends plan the statements a read runs: the checks tests/test_read_plans.py applies.

The statements are not listed by hand: ``Recorder`` captures every statement the store sends while a
read runs (apsw's exec trace on every SQLite connection; psycopg's ``Cursor.execute`` on PostgreSQL), so
a new read statement is checked as soon as some read runs it. ``bad_steps`` asks the database how it
runs each one and returns the steps that read a big table whole:

- SQLite (no statistics: memlane runs no ANALYZE, so the plan is the same on a small file as on a big
  one): a ``SCAN`` of a big table (with or without an index: ``SCAN t USING INDEX`` walks all of it), or
  a ``SEARCH`` whose only constraints are the reader's scope (``workspace``, ``owner``, ``visibility``):
  a walk of every row of the workspace, the plan two earlier regressions had (3688b88, 7964191).
- PostgreSQL (plans follow the statistics: the store must be big and ANALYZEd): a ``Seq Scan`` of a big
  table, an index scan of one without a condition or without one on the index's first column (a walk of
  the whole index), or one whose only conditions are the reader's scope.

Walking a whole table is what a few statements are for (loading the vector cache once per vector
generation, say); ``INTENDED`` names them, each with its reason, and nothing else may.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import apsw

#: tables that grow with the store: reading one whole on every read is the regression looked for
BIG = frozenset({
    "memories", "memory_vectors", "memory_entities", "memory_entity_links", "entities", "entity_aliases",
    "entity_blocking_keys", "entity_external_ids", "entity_edges", "entity_edge_sources", "audit_log",
    "conversation_messages", "stat_terms", "stat_keys", "stat_docs", "stat_lexemes",
})  # fmt: skip

#: PostgreSQL: a table with fewer rows is small (its plans are judged on the seeded store's big tables)
_BIG_ROWS = 2000

#: the reader's scope: a search constrained by these columns alone walks the reader's whole workspace
_SCOPE_COLUMNS = frozenset({"workspace", "owner", "visibility"})


@dataclass(frozen=True)
class Intended:
    """A statement that reads a table whole on purpose."""

    statement: str  # a regular expression the statement matches
    table: str
    reason: str


INTENDED = (
    Intended(
        r"FROM memory_vectors v JOIN memories m ON m\.seq = v\.memory_seq WHERE v\.model = \?$",
        "memory_vectors",
        "SQLite's vector cache loads every vector once per vector generation (storage/vector_index.py)",
    ),
    Intended(
        r"^SELECT key FROM entity_blocking_keys LIMIT",
        "entity_blocking_keys",
        "the key set of the store's entities, read once per entity generation (Store.entity_key_set)",
    ),
    Intended(
        r"ORDER BY m\.created_at DESC, m\.id DESC LIMIT",
        "memories",
        "list_recent walks the (created_at, id) index newest first and stops at the page's end",
    ),
    Intended(
        r"FROM conversation_messages m WHERE m\.workspace = .* GROUP BY m\.conversation_id",
        "conversation_messages",
        "listing conversations counts the reader's messages per conversation (no table of conversations)",
    ),
)


@dataclass(frozen=True)
class Statement:
    sql: str
    params: Any


class Recorder:
    """Records every SELECT (or WITH) statement the store sends, with its parameters, while ``reading``;
    installed before the store opens its connections (``installed``)."""

    def __init__(self, backend: str) -> None:
        self.backend = backend
        self.seen: list[Statement] | None = None

    def _keep(self, sql: str, params: Any) -> None:
        if self.seen is not None and sql.lstrip().upper().startswith(("SELECT", "WITH")):
            self.seen.append(Statement(sql, params))

    @contextmanager
    def reading(self) -> Iterator[list[Statement]]:
        self.seen = seen = []
        try:
            yield seen
        finally:
            self.seen = None

    @contextmanager
    def installed(self) -> Iterator[Recorder]:
        if self.backend == "sqlite":

            def trace(_cursor: apsw.Cursor, sql: str, bindings: Any) -> bool:
                self._keep(sql, tuple(bindings) if bindings else ())
                return True

            def hook(conn: apsw.Connection) -> None:
                conn.exec_trace = trace

            apsw.connection_hooks.append(hook)
            try:
                yield self
            finally:
                apsw.connection_hooks.remove(hook)
            return

        import psycopg
        from psycopg import sql as pgsql

        original = psycopg.Cursor.execute

        def execute(cursor: psycopg.Cursor[Any], query: Any, params: Any = None, **kw: Any) -> Any:
            if isinstance(query, pgsql.Composable):
                text = query.as_string(cursor.connection)
            else:
                text = query.decode() if isinstance(query, bytes) else str(query)
            self._keep(text, params)
            return original(cursor, query, params, **kw)

        psycopg.Cursor.execute = execute  # type: ignore[method-assign]
        try:
            yield self
        finally:
            psycopg.Cursor.execute = original  # type: ignore[method-assign]


def _intended(sql: str, table: str) -> bool:
    flat = " ".join(sql.split())
    return any(i.table == table and re.search(i.statement, flat) for i in INTENDED)


# -- SQLite ------------------------------------------------------------------------------------------

_NAMES = re.compile(r"\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?", re.IGNORECASE)
_NOT_ALIAS = {"on", "where", "join", "cross", "left", "inner", "not", "indexed", "using", "order", "group",
              "limit", "union", "natural", "as"}  # fmt: skip
_STEP = re.compile(r"^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?(?:INDEX (\w+)|(PRIMARY KEY|INTEGER PRIMARY KEY)))?"
                   r"(?: \((.*)\))?")  # fmt: skip


def sqlite_plan(conn: apsw.Connection, statement: Statement) -> list[str]:
    return [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + statement.sql, statement.params)]


def sqlite_bad_steps(conn: apsw.Connection, statement: Statement) -> list[str]:
    """The steps of the statement's plan that read a big table whole (module docstring)."""
    tables = {str(n) for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    index_table = dict(
        conn.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'").fetchall()
    )
    aliases: dict[str, set[str]] = {}
    for table, alias in _NAMES.findall(statement.sql):
        if table in tables:
            aliases.setdefault(table, set()).add(table)
            if alias and alias.lower() not in _NOT_ALIAS:
                aliases.setdefault(alias, set()).add(table)
    bad = []
    for step in sqlite_plan(conn, statement):
        match = _STEP.match(step)
        if match is None:
            continue
        kind, name, index, _key, constraint = match.groups()
        if index and index in index_table:
            candidates = {index_table[index]}
        else:
            candidates = aliases.get(name, set()) or ({name} if name in tables else set())
        for table in candidates & BIG:
            if _intended(statement.sql, table):
                continue
            if kind == "SCAN":
                bad.append(f"{step}  [{table} read whole]")
            elif constraint is not None:
                columns = {
                    c.split("=")[0].split("<")[0].split(">")[0].strip() for c in constraint.split(" AND ")
                }
                if columns <= _SCOPE_COLUMNS:
                    bad.append(f"{step}  [every {table} row of the reader's scope]")
    return bad


# -- PostgreSQL --------------------------------------------------------------------------------------


def pg_plan(conn: Any, statement: Statement) -> dict[str, Any]:
    (row,) = conn.execute("EXPLAIN (FORMAT JSON) " + statement.sql, statement.params).fetchall()
    return dict(row[0][0]["Plan"])


_CONDITION_COLUMNS = re.compile(r"\(+(?:\w+\.)?(\w+)\s*(?:=|<>|<=|>=|<|>|@@|~~)")


def pg_bad_steps(
    conn: Any, statement: Statement, sizes: dict[str, float], indexes: dict[str, tuple[str, str | None]]
) -> list[str]:
    """The nodes of the statement's plan that read a big table whole (module docstring); ``sizes`` and
    ``indexes`` as ``table_sizes`` gives them."""
    bad: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        kind = str(node["Node Type"])
        table, first = indexes.get(str(node.get("Index Name")), (node.get("Relation Name"), None))
        big = table in BIG and sizes.get(table, 0.0) >= _BIG_ROWS  # (a small table is read whole cheaply)
        if big and not _intended(statement.sql, str(table)) and kind != "Bitmap Heap Scan":
            where = f"{kind} on {table}" + (f" using {node['Index Name']}" if "Index Name" in node else "")
            condition = node.get("Index Cond")
            if kind == "Seq Scan":
                bad.append(f"{where}  [{table} read whole]")
            elif "Index" in kind and condition is None and "Order By" not in node:  # (not a k-NN search)
                bad.append(f"{where}, no condition  [every {table} row, in the index's order]")
            elif "Index" in kind and condition:
                columns = set(_CONDITION_COLUMNS.findall(condition))
                if columns <= _SCOPE_COLUMNS:
                    bad.append(f"{where} ({condition})  [every {table} row of the reader's scope]")
                elif first is not None and first not in columns:
                    bad.append(
                        f"{where} ({condition})  [the whole index: {first}, its first column, is free]"
                    )
        for child in node.get("Plans", ()):
            walk(child)

    walk(pg_plan(conn, statement))
    return bad


def table_sizes(conn: Any) -> tuple[dict[str, float], dict[str, tuple[str, str | None]]]:
    """Each table's rows, and each index's table and first column (None: an expression), in the
    connection's schema."""
    sizes = conn.execute(
        "SELECT c.relname, c.reltuples FROM pg_class c WHERE c.relkind = 'r'"
        " AND c.relnamespace = to_regnamespace(current_schema())::oid"
    ).fetchall()
    indexes = conn.execute(
        "SELECT i.relname, t.relname, a.attname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
        " JOIN pg_class t ON t.oid = x.indrelid"
        " LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]"
        " WHERE t.relnamespace = to_regnamespace(current_schema())::oid"
    ).fetchall()
    return {str(t): float(n) for t, n in sizes}, {str(i): (str(t), a) for i, t, a in indexes}
