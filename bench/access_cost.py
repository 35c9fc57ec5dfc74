"""Recall's cost before and after a change, measured by ``bench/engine.py``'s recall, the two versions of
memlane alternated run by run in one invocation (per-reader access counts: docs/benchmarks.md).

    python bench/access_cost.py --before OLD/src --after src [--rounds 4] [--size 10000] [--queries 200]

    python bench/access_cost.py --before OLD/src --after src --postgres [--size 3000] [--queries 200]

``--before`` and ``--after`` are the ``src`` folders of two checkouts (e.g. a worktree of the previous
commit and this one). Each version gets its own store (built once, by that version: a newer schema is
refused by older code), then ``bench/engine.py --skip-throughput --embedder none`` recalls
``--queries`` questions on it, before / after / after / before ... for ``--rounds`` rounds. Quoted:
the medians over rounds of each run's recall CPU p50 and p95 (this process and its threads,
``time.process_time``; wall time is noise on a loaded machine) and wall p50 / p95, the ratio
after/before, and the load average at the start and end.

``--postgres``: the same on a throwaway PostgreSQL server (pgserver, as the tests use; fsync off), one
database per version, stored by that version (``--users`` users, their items shared, so that recalls
of several readers count accesses on the same memories); each run recalls ``--queries`` questions
as those users in turn, in a process of its own with that version's code (``--inner``), and reports the
client's CPU per recall and, read from the server's processes around the run, the server's CPU per
recall (client + server is what a recall costs the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
KEYS = ("cpu_p50_ms", "cpu_p95_ms", "p50_ms", "p95_ms")


def run(src: Path, workdir: Path, args: argparse.Namespace) -> dict[str, float]:
    out = workdir / "out.json"
    env = {**os.environ, "PYTHONPATH": str(src.resolve())}
    subprocess.run(
        [sys.executable, str(HERE / "engine.py"), "--sizes", str(args.size), "--queries", str(args.queries),
         "--embedder", "none", "--skip-throughput", "--users", str(args.users), "--workdir", str(workdir),
         "--json", str(out)],
        check=True, env=env, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    (recall,) = json.loads(out.read_text())["recall"]
    return {k: float(recall[k]) for k in KEYS}


def inner(args: argparse.Namespace) -> int:
    """One run on PostgreSQL, with the memlane on PYTHONPATH: build the store if empty, then recall."""
    import time

    sys.path.insert(0, str(HERE))
    from synthetic import corpus  # (bench/synthetic.py)

    from memlane import Memlane

    data = corpus(args.size, seed=7)
    users = [f"user{u}" for u in range(args.users)]
    m = Memlane(args.inner, user=users[0], embedder="none")
    if m.service.storage.count_items() == 0:
        for i in range(0, args.size, 500):
            m.store_many([s for s, _ in data[i : i + 500]], source="bench", auto_supersede=False,
                         visibility="shared")  # fmt: skip
        m.close()
        print(json.dumps({"built": args.size}))
        return 0
    asked = data[:: max(1, args.size // args.queries)][: args.queries]
    for user in users:
        m.recall("warm up the caches", user=user)
    s0 = server_cpu(args.inner)
    lat, cpu = [], []
    for i, (_, q) in enumerate(asked):
        t, c = time.perf_counter(), time.process_time()
        m.recall(q, limit=10, user=users[i % len(users)])
        lat.append(1000 * (time.perf_counter() - t))
        cpu.append(1000 * (time.process_time() - c))
    server = 1000 * (server_cpu(args.inner) - s0) / len(asked)
    m.close()
    print(json.dumps({"cpu_p50_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 0.95),
                      "p50_ms": statistics.median(lat), "p95_ms": pct(lat, 0.95),
                      "server_cpu_mean_ms": server}))  # fmt: skip
    return 0


def server_cpu(url: str) -> float:
    """CPU seconds used so far by the server processes of this database but the probe's own (the store's
    pooled connections, which stay open across the recalls)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        pids = [r[0] for r in conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )]  # fmt: skip
    total = 0.0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
        except (FileNotFoundError, IndexError, ValueError):
            continue
    return total


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def run_postgres(src: Path, url: str, args: argparse.Namespace) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src.resolve())}
    command = [sys.executable, str(Path(__file__).resolve()), "--before", str(src), "--after", str(src),
               "--inner", url, "--size", str(args.size), "--queries", str(args.queries),
               "--users", str(args.users)]  # fmt: skip
    done = subprocess.run(command, check=True, env=env, capture_output=True, text=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return {k: float(v) for k, v in out.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", type=Path, required=True, help="src folder of the version before")
    parser.add_argument("--after", type=Path, required=True, help="src folder of the version after")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--users", type=int, default=2)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL server")
    parser.add_argument("--inner", help=argparse.SUPPRESS)  # (one PostgreSQL run: the database URL)
    args = parser.parse_args(argv)
    if args.inner:
        return inner(args)
    tmp = Path(tempfile.mkdtemp(prefix="memlane-access-cost-"))
    sides = {"before": args.before, "after": args.after}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    report: dict = {"load_average_start": os.getloadavg(), "postgres": args.postgres}
    keys = KEYS
    if args.postgres:
        sys.path.insert(0, str(HERE))
        from engine import Databases

        dbs = Databases(tmp, True)
        urls = {name: str(dbs.fresh(name)) for name in sides}
        for name in sides:
            run_postgres(sides[name], urls[name], args)  # (built by that version)
            dbs.analyze(urls[name])
        keys = (*KEYS, "server_cpu_mean_ms")
    try:
        for r in range(args.rounds):
            for name in list(sides) if r % 2 == 0 else list(sides)[::-1]:
                if args.postgres:
                    runs[name].append(run_postgres(sides[name], urls[name], args))
                else:
                    workdir = tmp / name
                    workdir.mkdir(exist_ok=True)
                    runs[name].append(run(sides[name], workdir, args))
                print(name, runs[name][-1], os.getloadavg(), file=sys.stderr)
    finally:
        if args.postgres:
            dbs.close()
    report["load_average_end"] = os.getloadavg()
    median = {name: {k: statistics.median(r[k] for r in rs) for k in keys} for name, rs in runs.items()}
    report.update(
        runs=runs, median=median,
        ratio={k: median["after"][k] / median["before"][k] for k in keys},
        size=args.size, queries=args.queries, users=args.users, rounds=args.rounds,
    )  # fmt: skip
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
