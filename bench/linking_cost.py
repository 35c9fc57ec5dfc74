"""What linking on store costs on SQLite: CPU time per item with linking off and on, each measurement
in a fresh process, before/after code trees alternated in one run.

    python bench/linking_cost.py --rounds 5
    python bench/linking_cost.py --rounds 5 --code before=/path/to/old/src --code after=src

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

KINDS = ("auto", "bulk", "single")


def child(kind: str, side: str, items: int) -> dict:
    """One measurement in this process."""
    from engine import linking, pct
    from synthetic import corpus

    from memlane import Memlane

    data = [s for s, _ in corpus(max(items, 2200))]
    tmp = Path(tempfile.mkdtemp(prefix="memlane-linking-cost-"))
    with linking(side == "on"):
        warm = Memlane(tmp / "warm.db", user="bench", embedder="none")
        warm.store_many(["Warm-up: Zed Quorra met Yves Plimsoll at Nordwind GmbH in Tromso"], source="bench")
        warm.store("Warm-up: Ulla Brask called ulla@example.org")
        warm.close()
        m = Memlane(tmp / "x.db", user="bench", embedder="none")
        if kind == "single":
            for i in range(0, 2000, 500):
                m.store_many(data[i : i + 500], source="bench", auto_supersede=False)
            cpu = []
            for text in data[2000:2200]:
                c = time.process_time()
                m.store(text, source="bench")
                cpu.append(1000 * (time.process_time() - c))
            m.close()
            return {"cpu_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 0.95)}
        c = time.process_time()
        for i in range(0, items, 500):
            m.store_many(data[i : min(items, i + 500)], source="bench", auto_supersede=kind == "auto")
        cpu_ms = 1000 * (time.process_time() - c) / items
        m.close()
        return {"cpu_ms": cpu_ms}


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
    parser.add_argument("--child", nargs=2, metavar=("KIND", "SIDE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.items)))
        return 0

    codes = dict(c.split("=", 1) for c in args.code) or {"this": str(HERE.parent / "src")}
    results: dict[str, list[float]] = {}
    loads = [os.getloadavg()]
    for r in range(args.rounds):
        order = list(codes) if r % 2 == 0 else list(codes)[::-1]
        for code in order:
            for side in ("off", "on") if r % 2 == 0 else ("on", "off"):
                for kind in args.kinds:
                    env = {**os.environ, "PYTHONPATH": str(Path(codes[code]).resolve())}
                    out = subprocess.run(
                        [sys.executable, __file__, "--items", str(args.items), "--child", kind, side],
                        env=env, capture_output=True, text=True, check=True,
                    )  # fmt: skip
                    for key, value in json.loads(out.stdout.strip().splitlines()[-1]).items():
                        results.setdefault(f"{code}/{kind}/{key}/{side}", []).append(value)
        loads.append(os.getloadavg())
        print(f"round {r + 1} done, load average {loads[-1][0]:.1f}", flush=True)
    report: dict = {"rounds": results, "load_average": loads, "median": {}, "ratio_on_off": {}}
    for key, values in sorted(results.items()):
        report["median"][key] = statistics.median(values)
    report["round_ratio_median"] = {}
    for key, off in report["median"].items():
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
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
