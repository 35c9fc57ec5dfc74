"""What attaching the subject / related-user entities to read memories costs (``graph/memory_refs.py``:
one ``Store.memory_subjects`` query per read): get, list and recall with it and without it, alternated
in one run, on SQLite and PostgreSQL.

    python bench/read_refs.py --rounds 5
    python bench/read_refs.py --rounds 5 --backends postgres

One store per backend of ``--items`` synthetic statements (every one with a subject, every third with a
related user, so the query finds rows to attach). Per round and side (``with`` / ``without``: the
service's ``with_entities`` replaced by returning the memories as read; the sides' order alternates):
``--ops`` gets of random ids, ``--ops`` lists of 50 and ``--ops`` recalls of 10 (embedder ``none``:
keyword, entity and graph lanes). Per operation: client CPU (``time.process_time``) p50/p95, and per
batch the client + server CPU per operation (PostgreSQL's backends from ``/proc/<pid>/schedstat``).
On the ``with`` side the CPU spent inside ``with_entities`` itself is added up too, as a share of the
operation's client CPU. Figures go to docs/benchmarks.md. Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from engine import Databases, pct  # noqa: E402
from synthetic import FIRST, LAST, corpus  # noqa: E402

SIDES = ("with", "without")


@contextmanager
def refs(on: bool, spent: list[float]) -> Iterator[None]:
    """``with_entities`` as it is (its own CPU time added to ``spent``), or skipped."""
    import memlane.graph.service as graph_service
    import memlane.service as service

    saved = service.with_entities

    def timed(store: Any, actor: Any, memories: Any) -> Any:
        c = time.process_time()
        try:
            return saved(store, actor, memories)
        finally:
            spent.append(time.process_time() - c)

    def skipped(store: Any, actor: Any, memories: Any) -> Any:
        return list(memories)

    service.with_entities = graph_service.with_entities = timed if on else skipped  # type: ignore[assignment]
    try:
        yield
    finally:
        service.with_entities = graph_service.with_entities = saved  # type: ignore[assignment]


def measure(backend: str, args: argparse.Namespace, dbs: Databases) -> dict:
    from memlane import Memlane

    rng = random.Random(11)
    data = corpus(args.items)
    target = dbs.fresh(f"refs-{backend}")
    m = Memlane(target, user="bench", embedder="none")
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
    questions = [q for _, q in data]
    server = dbs.server_cpu if dbs.server is not None else (lambda _t: 0.0)
    ops: dict[str, Callable[[int], Any]] = {
        "get": lambda i: m.get(ids[(i * 7919) % len(ids)]),
        "list": lambda i: m.list_recent(50, offset=(i * 50) % 1000),
        "recall": lambda i: m.recall(questions[(i * 104729) % len(questions)], limit=10),
    }
    for i in range(20):  # warm: imports, caches, plans
        for op in ops.values():
            op(i)
    runs: dict[str, list[float]] = {}
    for r in range(args.rounds):
        for side in SIDES if r % 2 == 0 else SIDES[::-1]:
            for name, op in ops.items():
                spent: list[float] = []
                cpu = []
                with refs(side == "with", spent):
                    s0, c0 = server(target), time.process_time()
                    for i in range(args.ops):
                        c = time.process_time()
                        op(r * args.ops + i)
                        cpu.append(1000 * (time.process_time() - c))
                    c1, s1 = time.process_time(), server(target)
                values = {
                    f"{name}_cpu_p50_ms": statistics.median(cpu), f"{name}_cpu_p95_ms": pct(cpu, 0.95),
                    f"{name}_total_cpu_ms": 1000 * ((c1 - c0) + (s1 - s0)) / args.ops,
                }  # fmt: skip
                if side == "with":
                    values[f"{name}_refs_share_of_client_cpu"] = sum(spent) / (c1 - c0)
                for key, value in values.items():
                    runs.setdefault(f"{key}/{side}", []).append(value)
        print(f"{backend} round {r + 1} done, load average {os.getloadavg()[0]:.1f}", flush=True)
    m.close()
    report: dict = {"rounds": runs, "median": {}, "ratio_with_without": {}}
    for key, values in sorted(runs.items()):
        report["median"][key] = statistics.median(values)
    for key in sorted(report["median"]):
        name = key[: -len("/with")]
        if key.endswith("/with") and name + "/without" in report["median"]:
            off, on = report["median"][name + "/without"], report["median"][key]
            report["ratio_with_without"][name] = on / off
            print(f"{backend} {name}: without {off:.3f} -> with {on:.3f} (x{on / off:.3f})", flush=True)
        elif key.endswith("/with"):
            print(f"{backend} {name}: {report['median'][key]:.3f}", flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument("--ops", type=int, default=100)
    parser.add_argument(
        "--backends", nargs="+", default=["sqlite", "postgres"], choices=["sqlite", "postgres"]
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="memlane-read-refs-"))
    report: dict = {"load_average": [os.getloadavg()], "args": vars(args) | {"json": None}}
    for backend in args.backends:
        (tmp / backend).mkdir()
        dbs = Databases(tmp / backend, backend == "postgres")
        try:
            report[backend] = measure(backend, args, dbs)
        finally:
            dbs.close()
        report["load_average"].append(os.getloadavg())
    print("load average", [round(x[0], 1) for x in report["load_average"]])
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
