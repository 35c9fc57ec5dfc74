"""A profile's sweep over 10,000 new messages with the rule-based extractor (issue 15, part 6).

    python bench/sweep.py                       # a fresh SQLite file in a temporary folder
    python bench/sweep.py --db postgresql://…   # an empty PostgreSQL database
    python bench/sweep.py --messages 2000 --batch 50
    python bench/sweep.py --baseline /tmp/old/src --rounds 2   # before/after in one run, alternated

Writes a synthetic conversation log (``--messages`` messages: conversations of two user turns, each
answered by the assistant, 400 speakers; one in three user turns states something durable, the rest
is small talk and questions), creates a profile, and times one sweep over all of it with the worker's
progress line per batch on stderr. Prints the total, messages per second and the batch times (median,
p95). No embedder: the keyword and entity lanes serve the memory manager.
"""

from __future__ import annotations

import argparse
import json  # noqa: E402
import logging
import os  # noqa: E402
import statistics
import subprocess  # noqa: E402
import sys
import tempfile
import time
from pathlib import Path

_SRC = os.environ.get("MEMLANE_BENCH_SRC") or str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, _SRC)

from memlane import Memlane  # noqa: E402

CITIES = ["Lyon", "Porto", "Oslo", "Quito", "Hanoi", "Perth", "Cusco", "Turin", "Izmir", "Dakar", "Leeds",
          "Graz", "Cork", "Bergen", "Malmo", "Kyoto"]  # fmt: skip
THINGS = ["green tea", "oat milk", "window seats", "dark mode", "short answers", "metric units", "vim",
          "early meetings", "rye bread", "cold brew", "paper notes", "night trains"]  # fmt: skip
DURABLE = [
    "I always want {thing} when I travel to {city}.",
    "From now on, remember that I prefer {thing}.",
    "We decided to move the {city} office to the new building next spring.",
    "My manager is {name} and she works in {city}.",
    "I moved to {city} last month.",
]
CHATTER = ["Thanks, that helps!", "What time is it in {city}?", "Can you summarise that?", "ok",
           "Hello there", "Maybe later, I am not sure yet."]  # fmt: skip
NAMES = ["Ana", "Bruno", "Chloe", "Dmitri", "Esme", "Farid", "Greta", "Hugo"]


def user_text(i: int) -> str:
    values = {"city": CITIES[i % len(CITIES)], "thing": THINGS[(i // 3) % len(THINGS)],
              "name": NAMES[(i // 7) % len(NAMES)]}  # fmt: skip
    pool = DURABLE if i % 3 == 0 else CHATTER
    return pool[(i // 3) % len(pool)].format(**values)


def build(mem: Memlane, messages: int) -> None:
    turns = messages // 2
    for c in range(0, turns, 2):
        user = f"user{(c // 2) % 400}"
        exchange = []
        for t in (c, c + 1):
            if t < turns:
                exchange += [{"role": "user", "text": user_text(t)}, {"role": "assistant", "text": "Noted."}]
        mem.conversations.append(f"conv-{c // 2:05d}", exchange, user=user)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", help="database (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=100, help="conversations per batch")
    parser.add_argument("--baseline", help="another memlane source tree (its src/): run both, alternated")
    parser.add_argument("--rounds", type=int, default=2, help="with --baseline: runs of each")
    parser.add_argument("--json", action="store_true", help="print one JSON line with the figures")
    args = parser.parse_args()
    if args.baseline:
        compare(args)
        return
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "sweep.db")
        mem = Memlane(db, user="bench", embedder="none", home=Path(folder) / "home")
        mem.service.profiles.settle = mem.service.profiles.settle * 0  # everything was just appended
        started = time.perf_counter()
        build(mem, args.messages)
        print(f"log: {args.messages} messages written in {time.perf_counter() - started:.1f}s", flush=True)
        mem.profiles.create("bench")
        marks: list[float] = []
        last = time.perf_counter()

        def progress(line: str) -> None:
            nonlocal last
            now = time.perf_counter()
            marks.append(now - last)
            last = now

        started = last = time.perf_counter()
        cpu = time.process_time()
        report = mem.service.profiles.sweep(mem.profiles.show("bench"), batch=args.batch, progress=progress)
        total = time.perf_counter() - started
        cpu = time.process_time() - cpu
        mem.close()
    cut = statistics.quantiles(marks, n=20)[-1] if len(marks) >= 2 else marks[0]
    if args.json:
        print(json.dumps({"total_s": total, "cpu_s": cpu, "batch_median_s": statistics.median(marks),
                          "batch_p95_s": cut, "messages": report.messages, "added": report.added,
                          "transcripts": report.transcripts}))  # fmt: skip
        return
    print(f"sweep: {report.status}, {report.messages} messages, {report.conversations} conversations,"
          f" {report.transcripts} transcripts, {report.added} memories added")  # fmt: skip
    print(f"time: {total:.1f}s ({report.messages / total:.0f} messages/s); {len(marks)} batches of"
          f" {args.batch} conversations: median {statistics.median(marks):.2f}s, p95 {cut:.2f}s")  # fmt: skip


def compare(args: argparse.Namespace) -> None:
    """This tree and ``--baseline`` alternated (baseline first), each in its own process; medians."""
    trees = {"baseline": args.baseline, "current": str(Path(__file__).resolve().parents[1] / "src")}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for round_ in range(args.rounds):
        for name, src in trees.items():
            env = {**os.environ, "MEMLANE_BENCH_SRC": src}
            out = subprocess.run([sys.executable, __file__, "--messages", str(args.messages), "--batch",
                                  str(args.batch), "--json"], env=env, check=True, capture_output=True,
                                 text=True).stdout  # fmt: skip
            runs[name].append(json.loads(out.strip().splitlines()[-1]))
            print(f"round {round_ + 1} {name}: {runs[name][-1]}", flush=True)
    print(f"load average: {os.getloadavg()}")
    for name, got in runs.items():
        med = {k: statistics.median(r[k] for r in got) for k in ("total_s", "cpu_s", "batch_median_s",
                                                                 "batch_p95_s")}  # fmt: skip
        print(f"{name}: total median {med['total_s']:.1f}s, CPU {med['cpu_s']:.1f}s, batch median"
              f" {med['batch_median_s']:.2f}s p95 {med['batch_p95_s']:.2f}s; added {got[0]['added']},"
              f" transcripts {got[0]['transcripts']}")  # fmt: skip


if __name__ == "__main__":
    main()
