"""Engine benchmark: recall latency at 10k and 100k memories, and store throughput.

    python bench/engine.py [--sizes 10000 100000] [--queries 300]

Reports, in one run on this machine:
- recall p50/p95 (query embedding included) with the local embedder at each size;
- store_many throughput with the local embedder against the bare embedding model's own throughput on
  the same texts (memlane's overhead), and with ``none``.
Figures go to docs/benchmarks.md. Not a test: timings on shared machines are noisy, compare ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def throughput(args: argparse.Namespace, embedder, data: list[tuple[str, str]], tmp: Path) -> dict:
    from memlane import Memlane

    texts = [s for s, _ in data[: args.throughput_items]]
    batch = 500
    out = {}
    # the bare model on the same texts and batches
    t0 = time.perf_counter()
    for i in range(0, len(texts), batch):
        embedder.embed(texts[i : i + batch])
    out["bare_model_per_s"] = len(texts) / (time.perf_counter() - t0)
    for name, emb in (("local", embedder), ("none", "none")):
        m = Memlane(tmp / f"tp-{name}.db", user="bench", embedder=emb)
        t0 = time.perf_counter()
        for i in range(0, len(texts), batch):
            m.store_many(texts[i : i + batch], source="bench")
        out[f"store_many_{name}_per_s"] = len(texts) / (time.perf_counter() - t0)
        m.close()
    out["local_vs_bare"] = out["store_many_local_per_s"] / out["bare_model_per_s"]
    return out


def recall_latency(
    args: argparse.Namespace, embedder, data: list[tuple[str, str]], tmp: Path, size: int
) -> dict:
    from memlane import Memlane

    m = Memlane(tmp / f"r-{size}.db", user="bench", embedder=embedder)
    t0 = time.perf_counter()
    for i in range(0, size, 1000):
        m.store_many([s for s, _ in data[i : min(size, i + 1000)]], source="bench", auto_supersede=False)
    load = time.perf_counter() - t0
    questions = [q for _, q in data[: size : max(1, size // args.queries)]][: args.queries]
    m.recall("warm up the caches")
    lat = []
    for q in questions:
        t = time.perf_counter()
        m.recall(q, limit=10)
        lat.append(1000 * (time.perf_counter() - t))
    # hit rate of the exact source statement in the top 10, as a sanity check of quality at scale
    found = sum(
        1 for s, q in data[: size : max(1, size // args.queries)][: args.queries]
        if any(h.content == s for h in m.recall(q, limit=10))
    )  # fmt: skip
    m.close()
    return {
        "size": size,
        "load_s": load,
        "p50_ms": statistics.median(lat),
        "p95_ms": pct(lat, 0.95),
        "mean_ms": statistics.fmean(lat),
        "source_in_top10": found / len(questions),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--throughput-items", type=int, default=5000)
    parser.add_argument("--embedder", default="local")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    from memlane.providers.embedders import build_embedder

    embedder = build_embedder(args.embedder, home=Path.home() / ".memlane")
    data = corpus(max(max(args.sizes), args.throughput_items))
    tmp = Path(tempfile.mkdtemp(prefix="memlane-bench-"))
    report = {
        "embedder": embedder.identity,
        "throughput": throughput(args, embedder, data, tmp),
        "recall": [],
    }
    t = report["throughput"]
    print(f"bare model {t['bare_model_per_s']:.0f}/s; store_many local {t['store_many_local_per_s']:.0f}/s"
          f" ({100 * t['local_vs_bare']:.0f}% of bare); store_many none {t['store_many_none_per_s']:.0f}/s",
          flush=True)  # fmt: skip
    for size in args.sizes:
        r = recall_latency(args, embedder, data, tmp, size)
        report["recall"].append(r)
        print(f"recall at {size}: p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms (load {r['load_s']:.0f} s,"
              f" source in top 10: {r['source_in_top10']:.2f})", flush=True)  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
