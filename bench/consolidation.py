"""Consolidation benchmark: merge precision and recall on labelled sets, and time at 100k memories.

    python bench/consolidation.py tests/data/consolidation/dev.jsonl tests/data/consolidation/heldout.jsonl
    python bench/consolidation.py --size 100000 [--duplicates 0.1]

Quality: each labelled file (``{"scope", "cluster", "text"}`` per line; one scope is one user, one
cluster one fact) goes into a fresh store through the SDK, each line stored by its scope's user
(``auto_supersede=False``), and ``Memlane.consolidate()`` runs once. Two lines count as merged when they
end up behind the same current memory (a store-time exact duplicate counts too). Pair precision: merged
pairs that share a label; pair recall: label-sharing pairs that were merged. Targets P >= 0.97, R >= 0.80.

Time: ``--size`` synthetic statements (``bench/synthetic.py``) of one user plus a share of restatements
(the statement with a filler word: "Really, ..."), so that a tenth of the store is merged; then a dry run
and a real run are timed. Target: 100k memories within 10 minutes. Not a test: figures in
docs/benchmarks.md and docs/consolidation.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def quality(path: Path, workdir: Path, embedder: str) -> dict[str, float]:
    from memlane import Memlane

    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    db = workdir / f"quality-{path.stem}.db"
    db.unlink(missing_ok=True)
    m = Memlane(db, user="bench", embedder=embedder)
    stored = [m.store(r["text"], user=r["scope"], auto_supersede=False).id for r in rows]
    report = m.consolidate()
    m.close()
    final = {old: c.id for c in report.clusters for old in c.merged}
    ends = [final.get(i, i) for i in stored]
    tp = fp = fn = 0
    wrong: list[tuple[str, str]] = []
    missed: list[tuple[str, str]] = []
    for (a, ra), (b, rb) in itertools.combinations(zip(ends, rows, strict=True), 2):
        same = (ra["scope"], ra["cluster"]) == (rb["scope"], rb["cluster"])
        if a == b and same:
            tp += 1
        elif a == b:
            fp += 1
            wrong.append((ra["text"], rb["text"]))
        elif same:
            fn += 1
            missed.append((ra["text"], rb["text"]))
    return {
        "file": str(path),
        "items": len(rows),
        "labelled_pairs": tp + fn,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "wrong_merges": wrong,
        "missed": missed,
        "seconds": report.seconds,
    }


def timing(size: int, share: float, workdir: Path) -> dict[str, float]:
    from synthetic import corpus

    from memlane import Memlane

    db = workdir / f"time-{size}.db"
    db.unlink(missing_ok=True)
    texts = [s for s, _ in corpus(size)]
    step = max(1, round(1 / share)) if share > 0 else 0
    restated = [f"Really, {t}" for t in texts[::step]] if step else []
    m = Memlane(db, user="bench", embedder="none")
    t0 = time.perf_counter()
    items = texts + restated
    for i in range(0, len(items), 1000):
        m.store_many(items[i : i + 1000], source="bench", auto_supersede=False)
    load = time.perf_counter() - t0
    t0 = time.perf_counter()
    dry = m.consolidate(dry_run=True)
    dry_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    done = m.consolidate()
    run_s = time.perf_counter() - t0
    m.close()
    return {
        "memories": len(items),
        "load_s": load,
        "dry_run_s": dry_s,
        "run_s": run_s,
        "clusters": len(done.clusters),
        "merged": done.merged_memories,
        "dry_run_clusters": len(dry.clusters),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="*", help="labelled JSON Lines files")
    parser.add_argument("--embedder", default="none", help="the stores' embedder (consolidation uses none)")
    parser.add_argument("--size", type=int, default=0, help="time consolidation over this many memories")
    parser.add_argument("--duplicates", type=float, default=0.1, help="share of restatements added (--size)")
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="memlane-consolidation-"))
    workdir.mkdir(parents=True, exist_ok=True)
    report: dict[str, object] = {"load_average_start": os.getloadavg(), "quality": []}
    for path in args.files:
        q = quality(path, workdir, args.embedder)
        report["quality"].append(q)  # type: ignore[attr-defined]
        print(f"{path}: {q['items']} items, {q['labelled_pairs']} labelled pairs: precision {q['precision']:.3f},"
              f" recall {q['recall']:.3f} (TP {q['tp']}, FP {q['fp']}, FN {q['fn']})")  # fmt: skip
        for a, b in q["wrong_merges"]:  # type: ignore[attr-defined]
            print(f"  wrong merge: {a!r} + {b!r}")
        for a, b in q["missed"]:  # type: ignore[attr-defined]
            print(f"  missed: {a!r} / {b!r}")
    if args.size:
        t = timing(args.size, args.duplicates, workdir)
        report["timing"] = t
        print(f"{t['memories']} memories (stored in {t['load_s']:.0f} s): dry run {t['dry_run_s']:.1f} s,"
              f" consolidation {t['run_s']:.1f} s ({t['clusters']} clusters, {t['merged']} merged)")  # fmt: skip
    report["load_average_end"] = os.getloadavg()
    print(f"load average: {report['load_average_start']} -> {report['load_average_end']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
