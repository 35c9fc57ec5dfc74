"""What reading a memory's subject entities costs get, list and recall: the code of today against the
code before (``--before``: a copy of that code's ``src`` folder), alternated in one run, on SQLite and
PostgreSQL.

    git archive <commit> src | tar -x -C /tmp/before
    python bench/read_refs.py --before /tmp/before/src --rounds 4 --ops 60 --items 2000

Until the reads folded them into their own statement (``rows._refs``), every read made a second query
for them (``Store.memory_subjects``). One store per backend of ``--items`` synthetic statements (every
one with a subject, every third with a related user), made by this code (both sides must share its
schema: ``--before`` at the commit this code is based on). Per round, each side runs in its own process
(the order alternates): 20 warm-up calls of each operation, then ``--ops`` gets of ids drawn from the
store, ``--ops`` lists of 50 and ``--ops`` recalls of 10 (embedder ``none``: keyword, entity and graph
lanes; accesses not counted, so every round reads the same rows). Per operation: client CPU
(``time.process_time``) p50/p95, and per batch the client + server CPU per operation (PostgreSQL's
backends from ``/proc/<pid>/schedstat``); and a digest of every result (``model_dump_json``), which
must be the same on both sides. Figures go to docs/benchmarks.md. Not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from engine import Databases, pct  # noqa: E402
from synthetic import FIRST, LAST, corpus  # noqa: E402

SIDES = ("before", "after")
OPS = ("get", "list", "recall")


def _server_cpu(admin_url: str | None, database: str) -> float:
    """CPU seconds used so far by the PostgreSQL backends serving ``database`` (0 without a server)."""
    if admin_url is None:
        return 0.0
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        pids = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,)).fetchall()
    total = 0.0
    for (pid,) in pids:
        try:
            total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
        except FileNotFoundError:
            continue
    return total


def child(args: argparse.Namespace) -> int:
    """One side's measurement, in its own process (the code on ``PYTHONPATH``); prints JSON."""
    from urllib.parse import urlsplit

    from memlane import Memlane

    plan = json.loads(Path(args.plan).read_text())
    ids, questions = plan["ids"], plan["questions"]
    m = Memlane(args.target, user="bench", embedder="none")
    actor = m._actor(None)
    service = m.service
    ops: dict[str, Callable[[int], Any]] = {
        "get": lambda i: [m.get(ids[(i * 7919) % len(ids)])],
        "list": lambda i: m.list_recent(50, offset=(i * 50) % 1000),
        "recall": lambda i: service.recall(
            questions[(i * 104729) % len(questions)], actor=actor, limit=10, count_access=False
        ),
    }
    for i in range(20):  # warm: imports, caches, plans
        for op in ops.values():
            op(i)
    database = urlsplit(str(args.target)).path.lstrip("/")
    out: dict[str, Any] = {}
    digest = hashlib.sha256()
    for name, op in ops.items():
        cpu = []
        s0 = _server_cpu(args.admin_url, database)
        c0 = time.process_time()
        for i in range(args.ops):
            c = time.process_time()
            found = op(args.round * args.ops + i)
            cpu.append(1000 * (time.process_time() - c))
            for item in found:
                digest.update(item.model_dump_json().encode())
        c1 = time.process_time()
        s1 = _server_cpu(args.admin_url, database)
        out[name] = {"cpu": cpu, "total_cpu_ms": 1000 * ((c1 - c0) + (s1 - s0)) / args.ops}
    out["digest"] = digest.hexdigest()
    m.close()
    print(json.dumps(out))
    return 0


def measure(backend: str, args: argparse.Namespace, dbs: Databases, tmp: Path) -> dict:
    from memlane import Memlane

    rng = random.Random(11)
    data = corpus(args.items)
    target = dbs.fresh(f"refs-{backend}")
    with Memlane(target, user="bench", embedder="none") as m:
        items = [
            {"content": s, "subject": f"{rng.choice(FIRST)} {rng.choice(LAST)}"}
            | ({"related_user": f"user:{rng.choice(FIRST).lower()}"} if i % 3 == 0 else {})
            for i, (s, _) in enumerate(data)
        ]
        ids = []
        for i in range(0, len(items), 500):
            ids += [r.id for r in m.store_many(items[i : i + 500], source="bench", auto_supersede=False)]
    if dbs.server is not None:
        dbs.analyze(target)
    plan = tmp / f"plan-{backend}.json"
    plan.write_text(json.dumps({"ids": ids, "questions": [q for _, q in data]}))
    code = {"before": str(Path(args.before).resolve()), "after": str(Path(__file__).parents[1] / "src")}
    runs: dict[str, list[float]] = {}
    digests: dict[str, set[str]] = {side: set() for side in SIDES}
    for r in range(args.rounds):
        for side in SIDES if r % 2 == 0 else SIDES[::-1]:
            command = [sys.executable, __file__, "--child", "--target", str(target), "--plan", str(plan),
                       "--ops", str(args.ops), "--round", str(r)]  # fmt: skip
            if dbs.server is not None:
                command += ["--admin-url", dbs.server.get_uri()]
            env = os.environ | {"PYTHONPATH": code[side], "PYTHONHASHSEED": "0"}
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
            result = json.loads(done.stdout.strip().splitlines()[-1])
            digests[side].add(result.pop("digest"))
            for name, values in result.items():
                cpu = values["cpu"]
                for key, value in (("cpu_p50_ms", statistics.median(cpu)), ("cpu_p95_ms", pct(cpu, 0.95)),
                                   ("total_cpu_ms", values["total_cpu_ms"])):  # fmt: skip
                    runs.setdefault(f"{name}_{key}/{side}", []).append(value)
        print(f"{backend} round {r + 1} done, load average {os.getloadavg()[0]:.1f}", flush=True)
    report: dict = {"rounds": runs, "median": {}, "ratio_after_before": {}, "digests": {}}
    report["digests"] = {side: sorted(d) for side, d in digests.items()}
    report["identical"] = len(digests["before"] | digests["after"]) == len(digests["before"])
    for key, values in sorted(runs.items()):
        report["median"][key] = statistics.median(values)
    for key in sorted(report["median"]):
        if key.endswith("/after"):
            name = key[: -len("/after")]
            before, after = report["median"][name + "/before"], report["median"][key]
            report["ratio_after_before"][name] = after / before
            print(
                f"{backend} {name}: before {before:.3f} -> after {after:.3f} (x{after / before:.3f})",
                flush=True,
            )
    print(f"{backend} results identical on both sides: {report['identical']}", flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", help="the src folder of the code to compare with")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--ops", type=int, default=60)
    parser.add_argument(
        "--backends", nargs="+", default=["sqlite", "postgres"], choices=["sqlite", "postgres"]
    )
    parser.add_argument("--json", type=Path)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--target", help=argparse.SUPPRESS)
    parser.add_argument("--plan", help=argparse.SUPPRESS)
    parser.add_argument("--round", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--admin-url", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    if not args.before:
        parser.error("--before is required")
    tmp = Path(tempfile.mkdtemp(prefix="memlane-read-refs-"))
    report: dict = {"load_average": [os.getloadavg()], "args": vars(args) | {"json": None}}
    for backend in args.backends:
        (tmp / backend).mkdir()
        dbs = Databases(tmp / backend, backend == "postgres")
        try:
            report[backend] = measure(backend, args, dbs, tmp)
        finally:
            dbs.close()
        report["load_average"].append(os.getloadavg())
    print("load average", [round(x[0], 1) for x in report["load_average"]])
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
