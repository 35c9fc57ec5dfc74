"""What linking on store costs: CPU time per item with linking off and on, each measurement in a fresh
process, before/after code trees alternated in one run; on SQLite, or with ``--postgres`` on a throwaway
PostgreSQL server (client CPU, and client + server: the backends' CPU from ``/proc``).

    python bench/linking_cost.py --rounds 5
    python bench/linking_cost.py --rounds 5 --code before=/path/to/old/src --code after=src
    python bench/linking_cost.py --postgres --rounds 3 --kinds bulk single --code before=... --code after=src

Every (code, linking off/on, kind) measurement runs in its own Python process (``PYTHONPATH`` the
code's ``src``), so that one measurement's garbage, caches and resolved names do not leak into the
next (``bench/engine.py --linking-rounds`` alternates in one process: its later rounds resolve the same
names again with warm caches). Kinds: ``store_many`` of ``--items`` synthetic statements in batches of
500 with automatic supersession (``auto``) and without (``bulk``), and ``single``: 200 single stores
into a store of 2,000 items (their median and p95). The order of codes and of off/on alternates from
round to round; the child measures CPU time of its process (``time.process_time``: all threads, user
and system) around the stores only, after a warm-up store of other texts (imports, dictionaries) into
another file. Linking off is ``bench/engine.py``'s switch: no mentions found, nothing linked (the code of
today without the entity graph's writes). Reports the medians over rounds, their on/off ratio, and the
median of each round's own on/off ratio.

``--texts labelled``: the stored texts are the labelled resolution sets' sentences
(``tests/data/resolution*.txt``, each once, in the files' order: personal and work memories, 7% of them
with a name whose sentence says who its person is to the writer or whom it is not, which linking
compares with what earlier memories said of the people it may be: ``graph/said_reads.py``) instead of
the synthetic corpus (none such).

``--parts`` adds where linking's CPU goes: each child also times (``time.process_time`` around the
calls, after the warm-up) the linking steps of a store (finding the mentions, reading the text, the
batch's look-ups, resolving and linking, resolution itself, the text's edges, the link rows, the entity
and edge writes), reported as CPU ms per item (a part's time includes the parts it calls: ``resolve``
is inside ``link_memory``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import Databases

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

KINDS = ("auto", "bulk", "single")

#: (module, attribute, part name) of the steps ``--parts`` times; the store's own modules, where the
#: service and linking look them up
PARTS = (
    ("memlane.service", "memory_mentions", "mentions"),
    ("memlane.service", "with_text_facts", "text_facts"),
    ("memlane.service", "prefetch", "prefetch"),
    ("memlane.service", "link_memory", "link_memory"),
    ("memlane.graph.linking", "resolve_untyped", "resolve"),
    ("memlane.service", "relate_text", "relate_text"),
    ("memlane.graph.linking.LinkBatch", "flush", "link_rows"),
)
#: the backends' entity and edge writes ``--parts`` times
WRITES = ("insert_entity", "update_entity", "upsert_edge", "close_edges", "entity_candidates")


def _time_parts(postgres: bool) -> dict[str, float]:
    """Wrap the steps of ``PARTS`` and the backend's ``WRITES`` with CPU timers; returns the totals (s)."""
    import importlib

    from memlane.graph import linking as linking_module

    spent: dict[str, float] = {}

    def timed(name: str, function):  # type: ignore[no-untyped-def]
        def run(*args, **kwargs):  # type: ignore[no-untyped-def]
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start

        return run

    for module, attribute, name in PARTS:
        if module.endswith(".LinkBatch"):
            owner: object = linking_module.LinkBatch
        else:
            owner = importlib.import_module(module)
        setattr(owner, attribute, timed(name, getattr(owner, attribute)))
    ops = importlib.import_module(f"memlane.storage.{'postgres' if postgres else 'sqlite'}.entities")
    for attribute in WRITES:
        setattr(ops.EntityWriteOps, attribute, timed(attribute, getattr(ops.EntityWriteOps, attribute)))
    return spent


class _Server:
    """CPU time of the PostgreSQL backends serving database ``url`` (its client connections but the one
    asking; nanoseconds on a CPU from ``/proc/<pid>/schedstat``)."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url, autocommit=True)
        self.database = self.conn.info.dbname

    def cpu(self) -> float:
        total = 0.0
        for (pid,) in self.conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend'"
            " AND pid <> pg_backend_pid()",
            (self.database,),
        ).fetchall():
            try:
                total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
            except FileNotFoundError:
                continue
        return total


def labelled_texts() -> list[str]:
    """The labelled resolution sets' context sentences, each once, in the files' order (``--texts``;
    read here, not with ``bench/resolution.py``, which puts its own tree's ``src`` first)."""
    texts: list[str] = []
    for path in sorted((HERE.parent / "tests" / "data").glob("resolution*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#") and line.count("|") == 5:
                texts.append(line.rsplit("|", 1)[1].strip())
    return list(dict.fromkeys(texts))


def child(
    kind: str, side: str, items: int, db: str | None = None, parts: bool = False, texts: str = "synthetic"
) -> dict:
    """One measurement in this process (on PostgreSQL database ``db``, or a new SQLite file); with
    ``parts``, also the CPU of linking's steps (``_time_parts``). Its files (the warm-up's and the
    SQLite store's) are in a temporary folder removed when it ends."""
    with tempfile.TemporaryDirectory(prefix="memlane-linking-cost-", ignore_cleanup_errors=True) as tmp:
        return _measure(Path(tmp), kind, side, items, db, parts, texts)


def _measure(tmp: Path, kind: str, side: str, items: int, db: str | None, parts: bool, texts: str) -> dict:
    from engine import linking, pct
    from synthetic import corpus

    from memlane import Memlane
    from memlane.graph.linking import own_process

    own_process()  # as in `memlane serve` / `memlane worker`: linking may settle the heap (gc.freeze)
    data = labelled_texts() if texts == "labelled" else [s for s, _ in corpus(max(items, 2200))]
    with linking(side == "on"):
        warm = Memlane(tmp / "warm.db", user="bench", embedder="none")
        warm.store_many(
            [
                "Warm-up: Zed Quorra met Yves Plimsoll at Nordwind GmbH in Tromso",
                "Warm-up: Ulla Brask moved from Berlin to Wien, Austria",  # (place tables load here)
            ],
            source="bench",
        )
        warm.store("Warm-up: Ulla Brask called ulla@example.org")
        warm.close()
        spent = _time_parts(db is not None) if parts else None
        m = Memlane(db or tmp / "x.db", user="bench", embedder="none")
        server = _Server(db) if db else None
        if kind == "single":
            for i in range(0, 2000, 500):
                m.store_many(data[i : i + 500], source="bench", auto_supersede=False)
            if server is not None:  # (statistics as after autovacuum: plans do not hang on its timing)
                server.conn.execute("ANALYZE")
            cpu, total = [], []
            for text in data[2000:2200]:
                s = server.cpu() if server else 0.0  # (read outside the client's measurement)
                c = time.process_time()
                m.store(text, source="bench")
                cpu.append(1000 * (time.process_time() - c))
                total.append(cpu[-1] + (1000 * (server.cpu() - s) if server else 0.0))
            m.close()
            out = {"cpu_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 0.95)}
            out.update({f"part_{k}_ms": 1000 * v / 200 for k, v in (spent or {}).items()})
            if server is not None:  # client + server per store
                out.update(total_ms=statistics.median(total), total_p95_ms=pct(total, 0.95))
            return out
        s = server.cpu() if server else 0.0
        c = time.process_time()
        for i in range(0, items, 500):
            m.store_many(data[i : min(items, i + 500)], source="bench", auto_supersede=kind == "auto")
        cpu_ms = 1000 * (time.process_time() - c) / items
        out = {"cpu_ms": cpu_ms}
        out.update({f"part_{k}_ms": 1000 * v / items for k, v in (spent or {}).items()})
        if server is not None:  # (before closing: the pool's backends end with it)
            out.update(total_ms=cpu_ms + 1000 * (server.cpu() - s) / items)
        m.close()
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument(
        "--code", action="append", default=[], help="NAME=SRC: a code tree to measure (default: this=src)"
    )
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="on a throwaway PostgreSQL server (a fresh database per measurement): also client + server CPU",
    )
    parser.add_argument(
        "--parts", action="store_true", help="also the CPU of linking's steps per item (see above)"
    )
    parser.add_argument("--texts", choices=("synthetic", "labelled"), default="synthetic")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "SIDE"), help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.items, args.db, args.parts, args.texts)))
        return 0
    from engine import Databases

    tmp = Path(tempfile.mkdtemp(prefix="memlane-linking-cost-"))
    try:
        return _rounds(args, Databases(tmp, args.postgres))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # (the PostgreSQL server's data too, when it ran)


def _rounds(args: argparse.Namespace, dbs: Databases) -> int:
    """The measurements of ``main``, their medians and ratios (``dbs`` closed when they end or fail)."""
    try:
        results, loads = _measurements(args, dbs)
    finally:
        dbs.close()
    return _report(args, results, loads)


def _measurements(args: argparse.Namespace, dbs: Databases) -> tuple[dict[str, list[float]], list]:
    codes = dict(c.split("=", 1) for c in args.code) or {"this": str(HERE.parent / "src")}
    results: dict[str, list[float]] = {}
    loads = [os.getloadavg()]
    for r in range(args.rounds):
        order = list(codes) if r % 2 == 0 else list(codes)[::-1]
        for code in order:
            for side in ("off", "on") if r % 2 == 0 else ("on", "off"):
                for kind in args.kinds:
                    env = {**os.environ, "PYTHONPATH": str(Path(codes[code]).resolve())}
                    db = ["--db", str(dbs.fresh("cost"))] if args.postgres else []
                    out = subprocess.run(
                        [sys.executable, __file__, "--items", str(args.items), "--child", kind, side, *db,
                         *(["--parts"] if args.parts else []), "--texts", args.texts],
                        env=env, capture_output=True, text=True, check=True,
                    )  # fmt: skip
                    for key, value in json.loads(out.stdout.strip().splitlines()[-1]).items():
                        results.setdefault(f"{code}/{kind}/{key}/{side}", []).append(value)
        loads.append(os.getloadavg())
        print(f"round {r + 1} done, load average {loads[-1][0]:.1f}", flush=True)
    return results, loads


def _report(args: argparse.Namespace, results: dict[str, list[float]], loads: list) -> int:
    report: dict = {"rounds": results, "load_average": loads, "median": {}, "ratio_on_off": {}}
    for key, values in sorted(results.items()):
        report["median"][key] = statistics.median(values)
    report["round_ratio_median"] = {}
    for key, off in report["median"].items():
        if "/part_" in key:
            continue  # (below)
        if key.endswith("/off"):
            on = report["median"][key[: -len("off")] + "on"]
            name = key[: -len("/off")]
            report["ratio_on_off"][name] = on / off
            # each round's own ratio (its off and on ran minutes apart), then their median
            paired = statistics.median(
                a / b for a, b in zip(results[name + "/on"], results[key], strict=True)
            )
            report["round_ratio_median"][name] = paired
            print(
                f"{name}: off {off:.3f} -> on {on:.3f} (x{on / off:.3f}; per round x{paired:.3f})", flush=True
            )
    for key, on in report["median"].items():
        if "/part_" in key and key.endswith("/on"):  # (linking's steps: CPU ms per item, medians)
            off = report["median"].get(key[: -len("on")] + "off", 0.0)
            print(f"{key[: -len('/on')]}: off {off:.4f}, on {on:.4f}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
