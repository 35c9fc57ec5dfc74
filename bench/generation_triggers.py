"""What the memory generation's triggers (migrations 20 and 21) cost a store: with and without them,
alternated in one run on one scratch database per backend (the triggers dropped and created again
between the sides; nothing else changes).

    python bench/generation_triggers.py --rounds 4
    python bench/generation_triggers.py --rounds 4 --backends postgres --durable

Per round and side (the order of the sides alternates from round to round):

- ``many``: ``store_many`` of 500 new statements (no automatic supersession): CPU ms per item of this
  process (``time.process_time``), on PostgreSQL also the server's (``/proc/<pid>/schedstat``);
- ``single``: ``--single`` single stores: p50/p95 of wall, client CPU and client + server CPU;
- ``concurrent`` (PostgreSQL): ``--writers`` processes, each its own connection and its own user (so
  no per-scope row is shared: the store-wide counter row is the only lock they can meet), each
  ``--per-writer`` single stores started together: the wall time until all are done (stores per
  second), each store's wall p50/p95, and how often a backend was seen waiting on a lock (sampled
  every 2 ms from ``pg_stat_activity``).

``--durable`` turns ``fsync`` and ``synchronous_commit`` back on (the test server runs without):
a writer then holds the counter row's lock through its commit's flush.
Figures go to docs/benchmarks.md. Not a test.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from engine import Databases, pct  # noqa: E402
from synthetic import corpus  # noqa: E402

SIDES = ("with", "without")


class Triggers:
    """Drops the memory generation's triggers of one database and creates them again, as defined."""

    def __init__(self, target: Path | str) -> None:
        self.target = target
        if isinstance(target, Path):
            import apsw  # (memlane's own SQLite: Python's sqlite3 may be older and read another state)

            self.conn: Any = apsw.Connection(str(target))
            self.conn.set_busy_timeout(10_000)
            self.defs = self.conn.execute(
                "SELECT name, 'memories', sql FROM sqlite_master WHERE type = 'trigger'"
                " AND name LIKE 'memory_generation%' ORDER BY name"
            ).fetchall()
        else:
            import psycopg

            self.conn = psycopg.connect(target, autocommit=True)
            self.defs = self.conn.execute(
                "SELECT tgname, tgrelid::regclass::text, pg_get_triggerdef(oid) FROM pg_trigger"
                " WHERE tgname LIKE 'memory_generation%' ORDER BY tgname"
            ).fetchall()
        assert self.defs, "no memory generation triggers in this database"

    def set(self, on: bool) -> None:
        for name, table, sql in self.defs:
            if isinstance(self.target, Path):
                self.conn.execute(f"DROP TRIGGER IF EXISTS {name}")
            else:
                self.conn.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
            if on:
                self.conn.execute(sql)


def _writer(url: str, user: str, texts: list[str], barrier: Any, out: Any) -> None:
    from memlane import Memlane

    m = Memlane(url, user=user, embedder="none")
    m.store(f"warm-up for {user}: Ana Okafor joined Acme in Lisbon", source="bench")
    barrier.wait()
    lat = []
    c = time.process_time()
    for text in texts:
        t = time.perf_counter()
        m.store(text, source="bench")
        lat.append(1000 * (time.perf_counter() - t))
    out.put({"lat": lat, "cpu": 1000 * (time.process_time() - c) / len(texts)})
    m.close()


def concurrent(dbs: Databases, url: str, batches: list[list[str]]) -> dict:
    """``len(batches)`` writers storing their batch at once; wall until all are done, lock waits."""
    import psycopg

    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(len(batches) + 1)
    out = ctx.Queue()
    procs = [
        ctx.Process(target=_writer, args=(url, f"writer{i}", texts, barrier, out))
        for i, texts in enumerate(batches)
    ]
    for p in procs:
        p.start()
    samples = {"seen": 0, "waiting": 0}
    done = threading.Event()

    def sample() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            while not done.is_set():
                rows = conn.execute(
                    "SELECT wait_event_type FROM pg_stat_activity WHERE datname = current_database()"
                    " AND state = 'active' AND pid <> pg_backend_pid()"
                ).fetchall()
                samples["seen"] += len(rows)
                samples["waiting"] += sum(1 for (w,) in rows if w == "Lock")
                time.sleep(0.002)

    barrier.wait()
    t = time.perf_counter()
    sampler = threading.Thread(target=sample)
    sampler.start()
    results = [out.get() for _ in procs]
    wall = time.perf_counter() - t
    done.set()
    sampler.join()
    for p in procs:
        p.join()
    lat = [x for r in results for x in r["lat"]]
    n = sum(len(b) for b in batches)
    return {
        "stores_per_s": n / wall,
        "store_p50_ms": statistics.median(lat),
        "store_p95_ms": pct(lat, 0.95),
        "client_cpu_ms": statistics.median(r["cpu"] for r in results),
        "lock_wait_share": samples["waiting"] / max(1, samples["seen"]),
    }


def measure(backend: str, args: argparse.Namespace, dbs: Databases, texts: list[str]) -> dict:
    from memlane import Memlane

    target = dbs.fresh(f"triggers-{backend}")
    m = Memlane(target, user="bench", embedder="none")
    feed = iter(texts)

    def take(n: int) -> list[str]:
        return [next(feed) for _ in range(n)]

    for _ in range(2):
        m.store_many(take(500), source="bench", auto_supersede=False)
    if dbs.server is not None:
        dbs.analyze(target)
    triggers = Triggers(target)
    server = dbs.server_cpu if dbs.server is not None else (lambda _t: 0.0)
    runs: dict[str, list[float]] = {}

    def note(side: str, values: dict) -> None:
        for key, value in values.items():
            runs.setdefault(f"{key}/{side}", []).append(value)

    for r in range(args.rounds):
        for side in SIDES if r % 2 == 0 else SIDES[::-1]:
            triggers.set(side == "with")
            batch = take(500)
            generation = m.service.storage.memory_generation()
            s0, c0, t0 = server(target), time.process_time(), time.perf_counter()
            m.store_many(batch, source="bench", auto_supersede=False)
            c1, t1, s1 = time.process_time(), time.perf_counter(), server(target)
            moved = m.service.storage.memory_generation() != generation
            assert moved == (side == "with"), f"triggers {side}, but the generation moved: {moved}"
            note(side, {
                "many_wall_ms": 1000 * (t1 - t0) / 500, "many_cpu_ms": 1000 * (c1 - c0) / 500,
                "many_total_cpu_ms": 1000 * ((c1 - c0) + (s1 - s0)) / 500,
            })  # fmt: skip
            lat, cpu, total = [], [], []
            for text in take(args.single):
                s = server(target)
                t, c = time.perf_counter(), time.process_time()
                m.store(text, source="bench")
                lat.append(1000 * (time.perf_counter() - t))
                cpu.append(1000 * (time.process_time() - c))
                total.append(cpu[-1] + 1000 * (server(target) - s))
            note(side, {
                "single_wall_p50_ms": statistics.median(lat), "single_wall_p95_ms": pct(lat, 0.95),
                "single_cpu_p50_ms": statistics.median(cpu), "single_cpu_p95_ms": pct(cpu, 0.95),
                "single_total_cpu_p50_ms": statistics.median(total), "single_total_cpu_p95_ms": pct(total, 0.95),
            })  # fmt: skip
            if dbs.server is not None and args.writers:
                note(side, concurrent(dbs, str(target), [take(args.per_writer) for _ in range(args.writers)]))
        print(f"{backend} round {r + 1} done, load average {os.getloadavg()[0]:.1f}", flush=True)
    triggers.set(True)
    m.close()
    report: dict = {"rounds": runs, "median": {}, "ratio_with_without": {}}
    for key, values in sorted(runs.items()):
        report["median"][key] = statistics.median(values)
    for key in sorted(report["median"]):
        if key.endswith("/with"):
            name = key[: -len("/with")]
            off = report["median"][name + "/without"]
            on = report["median"][key]
            report["ratio_with_without"][name] = on / off if off else float("nan")
            ratio = f"x{on / off:.3f}" if off else "-"
            print(f"{backend} {name}: without {off:.3f} -> with {on:.3f} ({ratio})", flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--single", type=int, default=150)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--per-writer", type=int, default=100)
    parser.add_argument(
        "--backends", nargs="+", default=["sqlite", "postgres"], choices=["sqlite", "postgres"]
    )
    parser.add_argument(
        "--durable", action="store_true", help="PostgreSQL with fsync and synchronous_commit on"
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    per_round = 2 * (500 + args.single + args.writers * args.per_writer)
    texts = [s for s, _ in corpus(1000 + args.rounds * per_round + 10)]
    tmp = Path(tempfile.mkdtemp(prefix="memlane-triggers-"))
    report: dict = {"load_average": [os.getloadavg()], "args": vars(args) | {"json": None}}
    for backend in args.backends:
        (tmp / backend).mkdir()
        dbs = Databases(tmp / backend, backend == "postgres")
        if backend == "postgres" and args.durable:
            for setting in ("fsync = on", "synchronous_commit = on"):
                dbs._admin(f"ALTER SYSTEM SET {setting}")
            dbs._admin("SELECT pg_reload_conf()")
        try:
            report[backend] = measure(backend, args, dbs, texts)
        finally:
            dbs.close()
        report["load_average"].append(os.getloadavg())
    print("load average", [round(x[0], 1) for x in report["load_average"]])
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
