"""The graph lane's cost against no-graph, part by part, and what it would be with fewer names resolved.

    python bench/lane_parts.py DIR/r-10000.db [--queries 300] [--seed 7] [--names all|bounded|capitalised]

``DIR/r-10000.db`` is a store ``bench/engine.py --sizes 10000 --embedder none --workdir DIR`` built
(the synthetic corpus; the questions are engine.py's, the same ``--seed``). Works on a copy. Each
question is recalled with the default lanes and with ``PRESETS["no-graph"]``, alternated question by
question in this process; reports CPU time per recall (``time.process_time``) with and without the
lane, their ratio, and the CPU per recall of the lane's parts (wrappers around the functions; the
wrappers themselves cost ~0.05 ms a recall on the lane's side): the lane, naming the question's
entities (``entities_named``), and within naming the word runs' blocking keys, the look-ups and the
resolutions.

``--names`` is a **measurement only** (the answers change in principle; nothing of it is in memlane):
``bounded`` leaves out of the resolved word runs those that mix a name found capitalised with words
that are not ("elif kim present", "hooli cost"); ``capitalised`` resolves only the names found
capitalised when the question has any. They bound what trimming the lane's word runs could save.
"""

from __future__ import annotations

import argparse
import collections
import functools
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def _timed(spent: dict[str, float], owner: Any, name: str, label: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``spent[label]``."""
    f = getattr(owner, name)

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return f(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start

    setattr(owner, name, wrapper)


def _bounded(names: list[str], proper: frozenset[str]) -> list[str]:
    words = {w for name in proper for w in name.split()}
    return [n for n in names if " " not in n or n in proper or not words.intersection(n.split())]


def _capitalised(names: list[str], proper: frozenset[str]) -> list[str]:
    return [n for n in names if n in proper]


def _trim(keep: Callable[[list[str], frozenset[str]], list[str]]) -> None:
    import memlane.graph.query as q

    f = q._named_weights

    @functools.wraps(f)
    def trimmed(cache, store, actor, names, own, proper, used):  # type: ignore[no-untyped-def]
        return f(cache, store, actor, keep(names, proper) if proper else names, own, proper, used)

    q._named_weights = trimmed  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("store", type=Path)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--names", choices=("all", "bounded", "capitalised"), default="all")
    args = parser.parse_args(argv)

    import memlane.graph.query as q
    import memlane.retrieval.lanes.graph as lane
    from memlane import PRESETS, Memlane

    size = int(args.store.stem.split("-")[1])
    data = corpus(max(size, 2200), seed=args.seed)
    asked = data[:size][:: max(1, size // args.queries)][: args.queries]
    spent: dict[str, float] = collections.defaultdict(float)
    _timed(spent, lane.GraphLane, "run", "lane")
    _timed(spent, lane, "entities_named", "naming")
    _timed(spent, q, "_blocking_keys", "naming: blocking keys")
    _timed(spent, q, "_lookup", "naming: look-ups")
    _timed(spent, q, "_resolutions", "naming: resolutions")
    if args.names != "all":
        _trim(_bounded if args.names == "bounded" else _capitalised)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / args.store.name
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{args.store}{suffix}").exists():
                shutil.copy(f"{args.store}{suffix}", f"{db}{suffix}")
        sides = {
            "with": Memlane(db, user="bench", embedder="none"),
            "without": Memlane(db, user="bench", embedder="none", retrieval=PRESETS["no-graph"]),
        }
        for side in sides.values():
            side.recall("warm up the caches")
        spent.clear()
        cpu: dict[str, list[float]] = {name: [] for name in sides}
        for i, (_, question) in enumerate(asked):
            for name in list(sides) if i % 2 == 0 else list(sides)[::-1]:
                start = time.process_time()
                sides[name].recall(question, limit=10)
                cpu[name].append(1000 * (time.process_time() - start))
        for side in sides.values():
            side.close()
    w, wo = cpu["with"], cpu["without"]
    print(
        f"names {args.names}: CPU with the lane p50 {statistics.median(w):.2f} / p95 {pct(w, 0.95):.2f} ms,"
        f" without {statistics.median(wo):.2f} / {pct(wo, 0.95):.2f} ms; ratio p50"
        f" {statistics.median(w) / statistics.median(wo):.3f}, p95 {pct(w, 0.95) / pct(wo, 0.95):.3f};"
        f" mean difference {statistics.fmean(w) - statistics.fmean(wo):.2f} ms"
    )
    for label, seconds in sorted(spent.items()):
        print(f"  {label}: {1000 * seconds / len(asked):.3f} ms a recall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
