"""Requirement 9 as written (issue 12): store throughput and recall latency of a code tree against the
code before the entity graph (d82ca16, the parent of 1921d21 *Entity graph storage*), in one run.

    git worktree add --detach /tmp/base d82ca16
    python bench/before_graph.py --rounds 3 --code before=/tmp/base/src --code after=src

Every (code, kind) measurement runs in a fresh Python process with ``PYTHONPATH`` that code's ``src``
(the two trees have different schemas: each builds its own stores); codes alternate, their order
flipping from round to round. The work is ``bench/engine.py``'s, with its synthetic corpus (seed 7):

- ``bulk``: ``store_many`` of ``--items`` statements in batches of 500, ``auto_supersede=False``;
- ``auto``: the same with automatic supersession;
- ``single``: 200 single stores into a store of 2,000 items (stored in bulk first): p50 and p95;
- ``recall``: a store of ``--size`` items loaded in batches of 1,000 (``engine.py``'s recall store; its
  CPU per item is reported as ``load``), then ``--queries`` recalls (limit 10) of engine.py's questions
  after one warm-up recall: p50 and p95, and the source statement in the top 10.

Each child stores a warm-up batch into another file first (imports, the place tables). Figures are CPU
time of the process (``time.process_time``) and wall time; medians over rounds, and the ratio of each
code to the first ``--code`` (the baseline) both of the medians and per round (the median of each
round's own ratio: the two ran minutes apart). No embedder (``none``) unless ``--embedder`` says.

A code given as ``NAME=SRC:off`` runs with the entity graph switched off as ``bench/engine.py`` switches
it (linking on store replaced by no-ops, recall with ``PRESETS["no-graph"]``): what the same tree costs
without the graph, to tell the graph's share of the difference from the rest of what changed since.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

KINDS = ("bulk", "auto", "single", "recall")


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def _measure(tmp: Path, kind: str, items: int, size: int, queries: int, embedder: str, graph: bool) -> dict:
    if graph:
        return _measured(tmp, kind, items, size, queries, embedder, None)
    from engine import linking

    from memlane import PRESETS

    with linking(False):
        return _measured(tmp, kind, items, size, queries, embedder, PRESETS["no-graph"])


def _measured(
    tmp: Path, kind: str, items: int, size: int, queries: int, embedder: str, retrieval: object
) -> dict:
    from synthetic import corpus

    from memlane import Memlane

    data = corpus(max(items, size, 2200), seed=7)
    texts = [s for s, _ in data]
    warm = Memlane(tmp / "warm.db", user="bench", embedder=embedder)
    warm.store_many(
        [
            "Warm-up: Zed Quorra met Yves Plimsoll at Nordwind GmbH in Tromso",
            "Warm-up: Ulla Brask moved from Berlin to Wien, Austria",
        ],
        source="bench",
    )
    warm.store("Warm-up: Ulla Brask called ulla@example.org")
    warm.recall("where does Ulla Brask live?")
    warm.close()
    m = (
        Memlane(tmp / "x.db", user="bench", embedder=embedder)
        if retrieval is None
        else Memlane(tmp / "x.db", user="bench", embedder=embedder, retrieval=retrieval)
    )
    if kind in ("bulk", "auto"):
        c, t = time.process_time(), time.perf_counter()
        for i in range(0, items, 500):
            m.store_many(texts[i : min(items, i + 500)], source="bench", auto_supersede=kind == "auto")
        out = {
            "cpu_ms": 1000 * (time.process_time() - c) / items,
            "wall_ms": 1000 * (time.perf_counter() - t) / items,
        }
        m.close()
        return out
    if kind == "single":
        for i in range(0, 2000, 500):
            m.store_many(texts[i : i + 500], source="bench", auto_supersede=False)
        cpu, wall = [], []
        for text in texts[2000:2200]:
            c, t = time.process_time(), time.perf_counter()
            m.store(text, source="bench")
            cpu.append(1000 * (time.process_time() - c))
            wall.append(1000 * (time.perf_counter() - t))
        m.close()
        return {
            "cpu_p50_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 0.95),
            "wall_p50_ms": statistics.median(wall), "wall_p95_ms": pct(wall, 0.95),
        }  # fmt: skip
    # recall: engine.py's store of ``size`` items (one user) and its questions
    c = time.process_time()
    for i in range(0, size, 1000):
        m.store_many(texts[i : min(size, i + 1000)], source="bench", auto_supersede=False)
    load = 1000 * (time.process_time() - c) / size
    asked = data[:size][:: max(1, size // queries)][:queries]
    m.recall("warm up the caches")
    cpu, wall, found = [], [], 0
    for source, q in asked:
        c, t = time.process_time(), time.perf_counter()
        hits = m.recall(q, limit=10)
        cpu.append(1000 * (time.process_time() - c))
        wall.append(1000 * (time.perf_counter() - t))
        found += any(h.content == source for h in hits)
    m.close()
    return {
        "load_cpu_ms": load,
        "cpu_p50_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 0.95),
        "wall_p50_ms": statistics.median(wall), "wall_p95_ms": pct(wall, 0.95),
        "top10": found / len(asked),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--embedder", default="none")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--code", action="append", default=[], help="NAME=SRC; the first is the baseline")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--no-graph", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        with tempfile.TemporaryDirectory(prefix="memlane-before-graph-", ignore_cleanup_errors=True) as tmp:
            out = _measure(
                Path(tmp), args.child, args.items, args.size, args.queries, args.embedder, not args.no_graph
            )
        print(json.dumps(out))
        return 0
    codes = dict(c.split("=", 1) for c in args.code)
    if len(codes) < 2:
        parser.error("give the baseline and at least one other --code NAME=SRC")
    results: dict[str, list[float]] = {}
    loads = [os.getloadavg()]
    for r in range(args.rounds):
        for kind in args.kinds:
            for code in list(codes) if r % 2 == 0 else list(codes)[::-1]:
                src, _, switch = codes[code].partition(":")
                env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
                run = subprocess.run(
                    [sys.executable, __file__, "--child", kind, "--items", str(args.items), "--size",
                     str(args.size), "--queries", str(args.queries), "--embedder", args.embedder,
                     *(["--no-graph"] if switch == "off" else [])],
                    env=env, capture_output=True, text=True, check=True,
                )  # fmt: skip
                for key, value in json.loads(run.stdout.strip().splitlines()[-1]).items():
                    results.setdefault(f"{kind}/{key}/{code}", []).append(value)
        loads.append(os.getloadavg())
        print(f"round {r + 1} done, load average {loads[-1][0]:.1f}", flush=True)
    base = next(iter(codes))
    report: dict = {"rounds": results, "load_average": loads, "median": {}, "ratio": {}, "round_ratio": {}}
    for key, values in results.items():
        report["median"][key] = statistics.median(values)
    for key, values in results.items():
        kind_key, code = key.rsplit("/", 1)
        if code == base or kind_key.endswith("top10"):
            continue
        before = results[f"{kind_key}/{base}"]
        ratio = report["median"][key] / report["median"][f"{kind_key}/{base}"]
        per_round = statistics.median(a / b for a, b in zip(values, before, strict=True))
        report["ratio"][key], report["round_ratio"][key] = ratio, per_round
        print(
            f"{kind_key}: {base} {report['median'][f'{kind_key}/{base}']:.3f} -> {code}"
            f" {report['median'][key]:.3f} (x{ratio:.3f}; per round x{per_round:.3f};"
            f" rounds {', '.join(f'{v:.2f}' for v in before)} -> {', '.join(f'{v:.2f}' for v in values)})",
            flush=True,
        )
    for key, value in report["median"].items():
        if key.endswith("top10"):
            print(f"{key}: {value:.2f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
