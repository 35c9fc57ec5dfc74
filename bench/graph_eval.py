"""One-hop questions, with and without the graph lane.

    python bench/graph_eval.py bench/data/graph/dev.jsonl [--embedder local|none] [--json FILE]

Each world of the file (``bench/graph_set.py`` writes them) is stored in a fresh SQLite store through
the SDK (linking on store makes the graph); each question is asked with the default lanes and with
``PRESETS["no-graph"]`` on the same store. Reports, for the memory that answers (one hop from the entity
the question names): recall@1/5/10 and the mean reciprocal rank (within the top 10); and how often both
the bridge ("Ana reports to Omar") and the answer ("Omar lives in Lyon") are in the top 10.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

KS = (1, 5, 10)


def evaluate(path: Path, embedder: str) -> dict[str, Any]:
    from memlane import PRESETS, Memlane, RetrievalConfig

    configs = {"with graph lane": RetrievalConfig(), "without": PRESETS["no-graph"]}
    found: dict[str, dict[str, float]] = {
        name: {"n": 0, "rr": 0.0, "both@10": 0, "graph": 0} for name in configs
    }
    for name in configs:
        found[name].update({f"R@{k}": 0 for k in KS})
    worlds = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        for w, world in enumerate(worlds):
            db = Path(tmp) / f"world-{w}.db"
            with Memlane(db, user="bench", embedder=embedder) as m:
                ids = [r.id for r in m.store_many(world["memories"], source="bench", auto_supersede=False)]
            for name, config in configs.items():
                with Memlane(db, user="bench", embedder=embedder, retrieval=config) as m:
                    for q in world["questions"]:
                        hits = m.recall(q["question"], limit=10)
                        ranked = [h.id for h in hits]
                        answer, bridge = ids[q["answer"]], ids[q["bridge"]]
                        f = found[name]
                        f["n"] += 1
                        if answer in ranked:
                            rank = ranked.index(answer) + 1
                            f["rr"] += 1 / rank
                            for k in KS:
                                f[f"R@{k}"] += rank <= k
                            f["graph"] += "graph" in hits[rank - 1].matched_by
                        f["both@10"] += answer in ranked and bridge in ranked
    return {
        name: {key: (value / f["n"] if key != "n" else value) for key, value in f.items()}
        for name, f in found.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("set", type=Path, nargs="+")
    parser.add_argument("--embedder", default="local")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    report = {str(p): evaluate(p, args.embedder) for p in args.set}
    for path, result in report.items():
        print(f"\n{path} (embedder {args.embedder})")
        print(
            "| lanes | questions | R@1 | R@5 | R@10 | MRR@10 | bridge and answer in top 10 | answer found by graph |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for name, r in result.items():
            print(f"| {name} | {r['n']:.0f} | {r['R@1']:.3f} | {r['R@5']:.3f} | {r['R@10']:.3f} | {r['rr']:.3f} "
                  f"| {r['both@10']:.3f} | {r['graph']:.3f} |")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
