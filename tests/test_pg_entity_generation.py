"""PostgreSQL: one mark per entity-changing transaction, and both entity caches exact through it.

A transaction that changes a scope's entities gives the scope's row in ``entity_versions`` a new version
(linking's cache across transactions reads it), and the store's entity generation, which recall's
read-side cache of look-ups follows, is the sum of those versions (``storage/postgres/entity_versions.py``):
no counter of its own. These tests check that the generation moves with what another process (or a
copy into the store) commits, that nothing else is written for it, and that linking's remembered
names are checked against the scope of the entity they name, whatever linking keys them by.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner

from memlane import Memlane
from memlane.cli import main
from memlane.models import Actor
from memlane.storage.base import EntityScope
from memlane.storage.postgres.migrations import MIGRATIONS
from pg import url_with_search_path

ALICE = Actor(user="alice")


@pytest.fixture
def one(pg_url: str) -> Iterator[Memlane]:
    mem = Memlane(pg_url, user="alice", embedder="none")
    try:
        yield mem
    finally:
        mem.close()


def _q(url: str, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(sql, params)
        return cur.fetchall() if cur.description else []


def _other_process(url: str, code: str) -> None:
    script = f"from memlane import Memlane\nm = Memlane({url!r}, user='alice', embedder='none')\n"
    script += textwrap.dedent(code) + "\nm.close()\n"
    subprocess.run([sys.executable, "-c", script], check=True, timeout=180)


def _about(m: Memlane, name: str) -> set[str]:
    return {h.content for h in m.recall("anything", about=name)}


def test_another_process_changing_entities_moves_the_generation_and_recall_sees_it(
    one: Memlane, pg_url: str
) -> None:
    store = one.service.storage
    one.store("The audit is due in June.")
    assert _about(one, "Zoltan Brandt") == set()  # (the empty answer is what the read-side cache keeps)
    before = store.entity_generation()
    _other_process(pg_url, 'm.store("Zoltan Brandt leads the audit.")')
    assert store.entity_generation() > before
    assert _about(one, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}
    # the generation is the sum of the scopes' versions: nothing else marks the change
    (total,) = _q(pg_url, "SELECT sum(version) FROM entity_versions")[0]
    assert store.entity_generation() == total
    assert _q(pg_url, "SELECT to_regclass('meta') IS NULL") == [(True,)]


def test_a_store_that_changes_no_entity_leaves_the_generation(one: Memlane) -> None:
    store = one.service.storage
    one.store("Greta Novak reviewed the launch plan")
    before = store.entity_generation()
    one.store("Greta Novak booked the room")  # (a known name: nothing learnt, no entity changes)
    one.store("The room is booked.")
    assert store.entity_generation() == before
    one.store("Marta Ilic reviewed the pricing update")  # (a new person)
    assert store.entity_generation() > before


def test_a_copy_into_the_store_is_seen_by_a_process_that_has_it_open(
    tmp_path: Path, pg_database: str
) -> None:
    source = tmp_path / "a.db"
    with Memlane(source, user="alice", embedder="none") as m:
        m.store("Zoltan Brandt leads the audit.")
    schema = f"gen_{uuid.uuid4().hex[:8]}"
    _q(pg_database, f'CREATE SCHEMA "{schema}"')
    target = url_with_search_path(pg_database, schema)
    with Memlane(target, user="alice", embedder="none") as m:
        assert _about(m, "Zoltan Brandt") == set()  # (cached: nothing is filed under the name)
        result = CliRunner().invoke(main, ["db", "copy", "--from", str(source), "--to", target], obj={})
        assert result.exit_code == 0, result.output
        assert _about(m, "Zoltan Brandt") == {"Zoltan Brandt leads the audit."}
        # and linking's cache knows the copied entity: the same name links to it, no second one
        m.store("Zoltan Brandt signed the audit.")
        assert [e.name for e in m.entities.list(limit=10)] == ["Zoltan Brandt"]


def test_a_remembered_name_is_checked_against_its_entitys_scope_whatever_its_key(
    one: Memlane, pg_url: str
) -> None:
    """The memo of resolved names answers a key of any shape once the scope of the entity it names is
    locked, and forgets it when another process changed that scope meanwhile."""
    store = one.service.storage
    one.store("Oskar Larsen booked the offsite")
    (oskar,) = [e for e in store.list_entities(ALICE) if e.name == "Oskar Larsen"]
    scope = EntityScope(oskar.workspace, oskar.owner, str(oskar.visibility))
    with store.write() as txn:
        txn.resolution_memo().put("a key naming no scope", ["n:oskar larsen"], oskar.id)
    with store.write() as txn:
        assert txn.resolution_memo().get("a key naming no scope") == oskar.id
        assert scope in (txn.scope_versions or {})  # (answered under the scope's lock)
    _other_process(pg_url, 'm.store("Nadia Larsen joined the design team")')
    with store.write() as txn:
        assert txn.resolution_memo().get("a key naming no scope") is None


def test_migration_16_drops_the_counter_of_migration_12(pg_url: str) -> None:
    """A database of schema 15 (the counter in ``meta``) upgrades: the table goes, the generation is
    read from the scopes' versions."""
    with Memlane(pg_url, user="alice", embedder="none") as m:
        m.store("Zed Brandt plays chess.")
    version, _, sql = MIGRATIONS[15]
    assert version == 16 and re.search(r"DROP TABLE IF EXISTS meta", sql)
    _q(pg_url, "CREATE TABLE meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL)")
    _q(pg_url, "INSERT INTO meta VALUES ('entity_generation', 7)")
    _q(pg_url, "DELETE FROM schema_migrations WHERE version >= 16")
    with Memlane(pg_url, user="alice", embedder="none") as m:
        assert _q(pg_url, "SELECT to_regclass('meta') IS NULL") == [(True,)]
        before = m.service.storage.entity_generation()
        m.store("Zoltan Brandt leads the audit.")
        assert m.service.storage.entity_generation() > before
        assert _about(m, "Zed Brandt") == {"Zed Brandt plays chess."}
