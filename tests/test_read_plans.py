"""Plans of every statement the reads run, on both backends (the checks are in tests/read_plans.py).

Recall (keyword, vector, entity and graph lanes, then the hits' rows), get, list, history, an entity's
memories, about, lookup, search and edges, and the conversation log's reads run on a seeded store while
every statement they send is recorded; each is then explained and must read no big table whole, except
the few statements ``INTENDED`` names. SQLite plans without statistics, so a small file plans as a big
one does. PostgreSQL plans by its statistics: the seeded store is grown to ~14,000 memories by copying
its rows (new ids, the same shapes) and ANALYZEd before the reads run.

Each check is shown to fire on a known bad plan: an index dropped (inside a transaction rolled back),
and the statement two regressions shipped (3688b88, 7964191).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import apsw
import numpy as np
import pytest

from memlane import Memlane
from memlane.graph.memory_refs import with_entities
from pg import url_with_search_path
from read_plans import Recorder, Statement, pg_bad_steps, sqlite_bad_steps, table_sizes

#: one worker runs the whole module under -n 2 (tests/conftest.py's loadgroup): ``seeded`` builds each
#: backend's store once (the PostgreSQL one grown to ~14,000 memories and ANALYZEd), not once per worker
pytestmark = pytest.mark.xdist_group("read_plans")

#: how many copies of the seeded rows PostgreSQL's store gets, so that its plans are a big store's
_COPIES = 36


class WordsEmbedder:
    """A small deterministic embedder (hashed words): the vector lane's SQL is what is tested here."""

    identity = "test/hashed-words-32"
    dim = 32

    def embed(self, texts: Any) -> Any:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.lower().split():
                out[i, int(hashlib.sha256(word.encode()).hexdigest()[:8], 16) % self.dim] += 1.0
            out[i] /= np.linalg.norm(out[i]) or 1.0
        return out


_FIRST = ["Ana", "Boris", "Chen", "Dana", "Eli", "Fatima", "Goran", "Hana", "Ivan", "Julia", "Kenji", "Lena"]
_LAST = ["Lopez", "Novak", "Wang", "Smith", "Kahn", "Petrov", "Sato", "Rossi", "Berg", "Ali"]
_ORGS = ["Initech", "Globex", "Umbrella", "Hooli", "Vandelay", "Acme"]
_ROOMS = ["the red room", "the blue room", "the board room", "the lab", "the annex", "the kitchen"]


def _items(n: int) -> Iterator[dict[str, Any]]:
    for i in range(n):
        person = f"{_FIRST[i % 12]} {_LAST[(i // 12) % 10]}"
        org, room = _ORGS[i % 6], _ROOMS[(i // 6) % 6]
        kind = i % 4
        if kind == 0:
            yield {"content": f"{person} works at {org} (note {i}), desk in {room}", "subject": person}
        elif kind == 1:
            other = f"{_FIRST[(i + 5) % 12]} {_LAST[(i // 7) % 10]}"
            yield {
                "content": f"{person} met {other} about the {org} tender {i}",
                "related_user": f"user{i % 9}",
            }
        elif kind == 2:
            yield {"content": f"The {org} budget review {i} took place in {room}", "subject": f"{org} budget"}
        else:
            yield {"content": f"Call {person} on day {i} about the invoices"}


@dataclass
class Seeded:
    backend: str
    db: str
    statements: dict[str, list[Statement]]


def _reads(m: Memlane, recorder: Recorder) -> dict[str, list[Statement]]:
    """Every read the checks cover, each with the statements it ran (on a fresh Memlane: no cache)."""
    (ana,) = [e for e in m.entities.search("Ana Lopez") if e.name == "Ana Lopez"]
    actor = m._actor(None)
    recent = [x.id for x in m.list_recent(10)]
    chain = m.store("Ana Lopez prefers tea", subject="Ana Lopez")
    newer = m.store("Ana Lopez prefers green tea", subject="Ana Lopez", replaces=chain.id)
    m.conversations.append("c1", [{"role": "user", "text": "hello Ana"}, {"role": "assistant", "text": "hi"}])
    reads = {
        "recall (people)": lambda: m.recall("where does Ana Lopez work, and who did Boris Novak meet?"),
        "recall (words)": lambda: m.recall("Globex budget review in the board room", limit=5),
        "recall (history)": lambda: m.recall("what does Ana Lopez prefer?", include_history=True),
        "get": lambda: m.get(newer.id),
        "list": lambda: m.list_recent(20),
        "history": lambda: m.history(chain.id),
        "entity memories": lambda: m.entities.memories(ana.id, hops=0),
        "entity memories, one hop": lambda: m.entities.memories(ana.id, hops=1),
        "entity about": lambda: m.entities.about(ana.id),
        "entity lookup": lambda: m.entities.lookup("Ana Lopez"),
        "entity search": lambda: m.entities.search("Initech"),
        "entity get": lambda: m.entities.get(ana.id),
        "entity edges": lambda: m.entities.edges(ana.id),
        "conversation": lambda: m.conversations.show("c1"),
        "conversations": lambda: m.conversations.list(),
        # (export-like reads: Store.iter_all has no subjects; graph/memory_refs.with_entities reads them)
        "subjects of memories read without them": lambda: with_entities(
            m.service.storage, actor, list(m.service.storage.iter_all(recent))
        ),
    }
    out = {}
    for name, read in reads.items():
        with recorder.reading() as seen:
            assert read()  # every read finds something (else its plan would not be the usual one)
        out[name] = list(seen)
    return out


def _grow(url: str) -> None:
    """Copy the seeded rows ``_COPIES`` times (new ids, keys and entities; same shapes), then ANALYZE."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        columns = [
            r[0]
            for r in conn.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name = 'memories' AND column_name != 'seq' ORDER BY ordinal_position"
            )
        ]
        # (the copies' words are their own: in a big store the words a question asks for are rare)
        changed = {
            c: f"o.{c} || '~' || g" for c in ("id", "chain_id", "content_hash", "replaces", "superseded_by")
        }
        changed.update(fts="to_tsvector('simple', 'copy' || g)", porter_terms="ARRAY['copy' || g]")
        # (and times of their own: a batch's items share one, a store's many batches do not)
        earlier = "g * interval '1 minute' + o.seq * interval '1 millisecond'"
        changed.update({c: f"o.{c} - {earlier}" for c in ("created_at", "updated_at", "observed_at")})
        picks = ", ".join(changed.get(c, f"o.{c}") for c in columns)
        ecolumns = [
            r[0]
            for r in conn.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name = 'entities' AND column_name != 'seq' ORDER BY ordinal_position"
            )
        ]
        epicks = ", ".join(
            f"o.{c} || '~' || g"
            if c in {"id", "merged_into"}
            else f"o.{c} || ' ' || g"
            if c == "name"
            else f"o.{c} - g * interval '1 minute' - o.seq * interval '1 millisecond'"
            if c in {"created_at", "updated_at"}
            else f"o.{c}"
            for c in ecolumns
        )
        copies = f"generate_series(1, {_COPIES}) g"
        for statement in (
            # (entities five times as many: a store has more entities than its memories name recently)
            f"INSERT INTO entities ({', '.join(ecolumns)}) SELECT {epicks} FROM entities o,"
            f" generate_series(1, {5 * _COPIES}) g",
            "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
            f" SELECT workspace, owner, visibility, key || ' ' || g, entity_id || '~' || g FROM entity_blocking_keys, {copies}",
            f"INSERT INTO memories ({', '.join(columns)}) SELECT {picks} FROM memories o, {copies}",
            "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT l.entity_id || '~' || g, n.seq, l.role"
            f" FROM memory_entity_links l JOIN memories o ON o.seq = l.memory_seq CROSS JOIN {copies}"
            " JOIN memories n ON n.id = o.id || '~' || g",
            "INSERT INTO memory_entities (key, memory_seq) SELECT k.key || ' ' || g, n.seq"
            f" FROM memory_entities k JOIN memories o ON o.seq = k.memory_seq CROSS JOIN {copies}"
            " JOIN memories n ON n.id = o.id || '~' || g",
            "INSERT INTO memory_vectors SELECT n.seq, v.model, v.dim, v.embedding"
            f" FROM memory_vectors v JOIN memories o ON o.seq = v.memory_seq CROSS JOIN {copies}"
            " JOIN memories n ON n.id = o.id || '~' || g",
            "ANALYZE",
        ):
            conn.execute(statement.encode())


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def seeded(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    backend = str(request.param)
    schema = None
    if backend == "postgresql":
        import psycopg

        database = request.getfixturevalue("pg_database")
        schema = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        db = url_with_search_path(database, schema)
    else:
        db = str(tmp_path_factory.mktemp("plans") / "plans.db")
    try:
        with Memlane(db, user="alice", embedder=WordsEmbedder()) as m:
            m.store_many(list(_items(160)), auto_supersede=False)
        if backend == "postgresql":
            _grow(db)
        with (
            Recorder(backend).installed() as recorder,
            Memlane(db, user="alice", embedder=WordsEmbedder()) as m,
        ):
            statements = _reads(m, recorder)
        yield Seeded(backend, db, statements)
    finally:
        if schema is not None:
            import psycopg

            with psycopg.connect(request.getfixturevalue("pg_database"), autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


class Explainer:
    """Explains statements on the seeded store: ``bad(statement)``, the steps that read a table whole."""

    def __init__(self, seeded: Seeded) -> None:
        self.backend = seeded.backend
        if seeded.backend == "sqlite":
            # (no statement cache: a plan asked again after a schema change is planned again)
            self.conn: Any = apsw.Connection(seeded.db, statementcachesize=0)
        else:
            import psycopg
            from pgvector.psycopg import register_vector

            self.conn = psycopg.connect(seeded.db, autocommit=True)
            register_vector(self.conn)
            self.sizes, self.indexes = table_sizes(self.conn)

    def bad(self, statement: Statement) -> list[str]:
        if self.backend == "sqlite":
            return sqlite_bad_steps(self.conn, statement)
        return pg_bad_steps(self.conn, statement, self.sizes, self.indexes)

    def run(self, sql: str) -> None:
        self.conn.execute(sql)

    def close(self) -> None:
        self.conn.close()


@pytest.fixture
def explainer(seeded: Seeded) -> Iterator[Explainer]:
    e = Explainer(seeded)
    yield e
    e.close()


def test_no_read_statement_reads_a_big_table_whole(seeded: Seeded, explainer: Explainer) -> None:
    bad = {}
    for read, statements in seeded.statements.items():
        for statement in statements:
            steps = explainer.bad(statement)
            if steps:
                bad.setdefault(read, []).append((" ".join(statement.sql.split())[:300], steps))
    assert not bad, "\n".join(
        f"{read}: {sql}\n    {steps}" for read, found in bad.items() for sql, steps in found
    )


def test_the_reads_ran_what_the_checks_cover(seeded: Seeded) -> None:
    """The recording saw each lane's statement and each read's own (a read that stopped sending them, or a
    recorder that saw nothing, would make the check above pass without checking)."""
    flat = {read: [" ".join(s.sql.split()) for s in st] for read, st in seeded.statements.items()}
    recall = flat["recall (people)"]
    marks = {
        "keyword": "memories_fts" if seeded.backend == "sqlite" else "fts",
        "vector": "memory_vectors",
        "entity": "memory_entities",
        "graph": "memory_entity_links",
    }
    for lane, mark in marks.items():
        assert any(mark in sql for sql in recall), lane
    for read in ("get", "list", "history", "entity memories", "conversation", "conversations"):
        assert len(flat[read]) >= 1, read


def _statement(seeded: Seeded, read: str, mark: str) -> Statement:
    (found,) = {id(s): s for s in seeded.statements[read] if mark in s.sql}.values()
    return found


def test_the_check_fires_when_an_index_a_read_needs_is_gone(seeded: Seeded, explainer: Explainer) -> None:
    get = next(
        s for s in seeded.statements["get"] if " FROM memories m " in s.sql and " WHERE m.id = " in s.sql
    )
    assert explainer.bad(get) == []
    explainer.run("BEGIN")
    try:
        if seeded.backend == "sqlite":
            explainer.run("DROP INDEX memories_scope_recent")  # (it would serve m.workspace = ? instead)
            explainer.run("DROP INDEX memories_subject")
            # the id's unique index is the table's own: its copy without it
            explainer.run("ALTER TABLE memories RENAME TO memories_old")
            explainer.run("CREATE TABLE memories AS SELECT * FROM memories_old WHERE 0")
        else:
            explainer.run("ALTER TABLE memories DROP CONSTRAINT memories_id_key CASCADE")
        bad = explainer.bad(get)
    finally:
        explainer.run("ROLLBACK")
    assert bad and all("memories" in step for step in bad), bad


def test_the_check_fires_on_the_plans_two_regressions_shipped(seeded: Seeded, explainer: Explainer) -> None:
    """The hits' subjects and an entity's memories with the join order left to the planner, as before
    3688b88 and 7964191: SQLite walked every entity (memory) of the workspace."""
    if seeded.backend == "postgresql":
        pytest.skip(
            "the two regressions (3688b88, 7964191) were SQLite join orders; PostgreSQL orders these joins by "
            "its statistics, so those statements never walked the workspace there and there is no bad plan to fire on"
        )
    subjects = _statement(
        seeded, "subjects of memories read without them", "l.role IN ('subject', 'related_user')"
    )
    memories = _statement(seeded, "entity memories", "WITH targets(id)")
    for statement in (subjects, memories):
        assert explainer.bad(statement) == []
        before = Statement(statement.sql.replace("CROSS JOIN", "JOIN"), statement.params)
        assert any("of the reader's scope" in step for step in explainer.bad(before)), before.sql


@pytest.fixture
def traced() -> Iterator[list[tuple[str, Any]]]:
    """Every statement (and its bindings) run on a connection opened while the fixture is active."""
    seen: list[tuple[str, Any]] = []

    def trace(_cursor: apsw.Cursor, sql: str, bindings: Any) -> bool:
        seen.append((sql, bindings))
        return True

    def hook(conn: apsw.Connection) -> None:
        conn.exec_trace = trace

    apsw.connection_hooks.append(hook)
    try:
        yield seen
    finally:
        apsw.connection_hooks.remove(hook)


def test_a_recall_reads_its_hits_subjects_from_the_hits_not_from_every_entity(
    tmp_path: Path, traced: list[tuple[str, Any]]
) -> None:
    path = tmp_path / "plans.db"
    m = Memlane(path, user="alice", embedder="none")
    try:
        # (rooms, not cities: a place name loads the gazetteer, seconds this test does not need)
        places = ["Red", "Blue", "Green", "Amber", "Violet", "Orange", "Silver", "Golden", "Ivory", "Coral"]
        m.store_many(
            [
                {"content": f"Ana Lopez signed the tender in the {p} room", "subject": f"{p} room"}
                for p in places
            ],
            auto_supersede=False,
        )
        traced.clear()
        assert len(m.recall("where did Ana Lopez sign the tender?", limit=10)) == 10
    finally:
        m.close()
    # the hits' subjects are read with the hits (rows._refs: one statement per read since the fold)
    (hits,) = {(sql, tuple(b) if b else ()) for sql, b in traced if "l.role = 'subject'" in sql}
    conn = apsw.Connection(str(path))
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + hits[0], hits[1])]
    conn.close()
    steps = [p for p in plan if p.startswith(("SEARCH", "SCAN"))]
    # the hits' rows first (by seq), then each hit's links, then each link's entity by its key; before
    # 3688b88 a recall read every entity of the workspace and all its links ("SEARCH e USING INDEX
    # entities_scope (workspace=?)")
    assert steps[0].startswith("SEARCH m USING") and "(rowid=?)" in steps[0], plan
    links = [p for p in steps if p.startswith(("SEARCH l ", "SCAN l"))]
    entities = [p for p in steps if p.startswith(("SEARCH e ", "SCAN e"))]
    assert len(links) == len(entities) == 2, plan  # (subject, related user)
    assert all("(memory_seq=?)" in p for p in links), plan
    assert all(p.endswith("(id=?)") for p in entities), plan


def test_an_entitys_memories_are_read_from_its_links_not_from_every_memory(
    tmp_path: Path, traced: list[tuple[str, Any]]
) -> None:
    path = tmp_path / "plans.db"
    m = Memlane(path, user="alice", embedder="none")
    try:
        m.store("Ana Lopez works at Initech", subject="Ana Lopez")
        m.store("the tender was signed in the Red room")
        (ana,) = [e for e in m.entities.list() if e.name == "Ana Lopez"]
        traced.clear()
        assert [x.content for x in m.entities.memories(ana.id, hops=1)] == ["Ana Lopez works at Initech"]
    finally:
        m.close()
    (read,) = {(sql, tuple(b) if b else ()) for sql, b in traced if sql.startswith("WITH targets(id)")}
    conn = apsw.Connection(str(path))
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + read[0], read[1])]
    conn.close()
    # the links of the entity (and of its neighbours) by their key, then each linked memory by its seq;
    # main walked every memory of the workspace ("SEARCH m USING INDEX memories_subject (workspace=?)")
    # and probed each one's links
    # (an edge's source memories, checked against the read's rule, are looked up by their id)
    memories = [p for p in plan if p.startswith(("SEARCH m ", "SCAN m"))]
    assert memories and all("(rowid=?)" in p or p.endswith("(id=?)") for p in memories), plan
    assert any(p.startswith("SEARCH l USING PRIMARY KEY (entity_id=?)") for p in plan), plan
