"""A profile's sweep over 10,000 new messages with the rule-based extractor (issue 15, part 6).

    python bench/sweep.py                       # a fresh SQLite file in a temporary folder
    python bench/sweep.py --db postgresql://…   # an empty PostgreSQL database
    python bench/sweep.py --messages 2000 --batch 50

Writes a synthetic conversation log (``--messages`` messages: conversations of two user turns, each
answered by the assistant, 400 speakers; one in three user turns states something durable, the rest
is small talk and questions), creates a profile, and times one sweep over all of it with the worker's
progress line per batch on stderr. Prints the total, messages per second and the batch times (median,
p95). No embedder: the keyword and entity lanes serve the memory manager.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

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
    args = parser.parse_args()
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
        report = mem.service.profiles.sweep(mem.profiles.show("bench"), batch=args.batch, progress=progress)
        total = time.perf_counter() - started
        mem.close()
    cut = statistics.quantiles(marks, n=20)[-1] if len(marks) >= 2 else marks[0]
    print(f"sweep: {report.status}, {report.messages} messages, {report.conversations} conversations,"
          f" {report.transcripts} transcripts, {report.added} memories added")  # fmt: skip
    print(f"time: {total:.1f}s ({report.messages / total:.0f} messages/s); {len(marks)} batches of"
          f" {args.batch} conversations: median {statistics.median(marks):.2f}s, p95 {cut:.2f}s")  # fmt: skip


if __name__ == "__main__":
    main()
