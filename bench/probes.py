"""Unrelated-query probes: does recall return nothing (or little) when nothing in the store is relevant?

    python bench/probes.py [--embedder local] [--grid semantic_floor_quantile=0.95,0.99]

One store of 40 varied memories (``bench/data/probes.json``, written for memlane); 40 queries whose
answer is not in it and 22 whose answer is. Reported per configuration: for the unanswerable queries the
share answered with no hit and with at most two hits, and the mean number of hits (limit 10); for the
answerable ones the share whose answer is the first hit and among the hits, and the mean number of hits.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "probes.json"


def run(embedder_spec: str, grid: dict[str, list[str]], limit: int = 10) -> dict[str, dict[str, float]]:
    from memlane import Memlane, RetrievalConfig
    from memlane.providers.embedders import build_embedder

    data = json.loads(DATA.read_text())
    embedder = (
        build_embedder(embedder_spec, home=Path.home() / ".memlane") if embedder_spec != "none" else None
    )
    base = RetrievalConfig()
    names = sorted(grid)
    configs: dict[str, Any] = {"default": base}
    for values in itertools.product(*(grid[n] for n in names)) if grid else ():
        changes = {n: type(getattr(base, n))(v) for n, v in zip(names, values, strict=True)}
        configs[",".join(f"{n}={v}" for n, v in zip(names, values, strict=True))] = replace(base, **changes)
    report = {}
    with tempfile.TemporaryDirectory(prefix="memlane-probes-") as home:
        for name, config in configs.items():
            m = Memlane(Path(home) / f"{len(report)}.db", user="probe", embedder=embedder or "none",
                        retrieval=config)  # fmt: skip
            ids = [r.id for r in m.store_many(data["memories"], auto_supersede=False)]
            empty = [len(m.recall(q, limit=limit)) for q in data["unanswerable"]]
            first, found, counts = [], [], []
            for item in data["answerable"]:
                hits = [h.id for h in m.recall(item["query"], limit=limit)]
                first.append(bool(hits) and hits[0] == ids[item["answer"]])
                found.append(ids[item["answer"]] in hits)
                counts.append(len(hits))
            m.close()
            report[name] = {
                "unanswerable_empty": statistics.fmean(n == 0 for n in empty),
                "unanswerable_at_most_2": statistics.fmean(n <= 2 for n in empty),
                "unanswerable_mean_hits": statistics.fmean(empty),
                "answerable_first": statistics.fmean(first),
                "answerable_found": statistics.fmean(found),
                "answerable_mean_hits": statistics.fmean(counts),
            }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--embedder", default="local")
    parser.add_argument("--grid", action="append", default=[], metavar="FIELD=V1,V2")
    args = parser.parse_args(argv)
    grid = {g.split("=", 1)[0]: g.split("=", 1)[1].split(",") for g in args.grid}
    report = run(args.embedder, grid)
    cols = list(next(iter(report.values())))
    print("| configuration | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for name, row in report.items():
        print(f"| {name} | " + " | ".join(f"{row[c]:.3f}" for c in cols) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
