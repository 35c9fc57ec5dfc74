"""Recall's cost before and after a change, measured by ``bench/engine.py``'s recall, the two versions of
memlane alternated run by run in one invocation (per-reader access counts: docs/benchmarks.md).

    python bench/access_cost.py --before OLD/src --after src [--rounds 4] [--size 10000] [--queries 200]

``--before`` and ``--after`` are the ``src`` folders of two checkouts (e.g. a worktree of the previous
commit and this one). Each version gets its own store (built once, by that version: a newer schema is
refused by older code), then ``bench/engine.py --skip-throughput --embedder none`` recalls
``--queries`` questions on it, before / after / after / before ... for ``--rounds`` rounds. Quoted:
the medians over rounds of each run's recall CPU p50 and p95 (this process and its threads,
``time.process_time``; wall time is noise on a loaded machine) and wall p50 / p95, the ratio
after/before, and the load average at the start and end.
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
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="memlane-access-cost-"))
    sides = {"before": args.before, "after": args.after}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    report: dict = {"load_average_start": os.getloadavg()}
    for r in range(args.rounds):
        for name in list(sides) if r % 2 == 0 else list(sides)[::-1]:
            workdir = tmp / name
            workdir.mkdir(exist_ok=True)
            runs[name].append(run(sides[name], workdir, args))
            print(name, runs[name][-1], os.getloadavg(), file=sys.stderr)
    report["load_average_end"] = os.getloadavg()
    median = {name: {k: statistics.median(r[k] for r in rs) for k in KEYS} for name, rs in runs.items()}
    report.update(
        runs=runs, median=median,
        ratio={k: median["after"][k] / median["before"][k] for k in KEYS},
        size=args.size, queries=args.queries, users=args.users, rounds=args.rounds,
    )  # fmt: skip
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
