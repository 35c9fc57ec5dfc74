"""Dashboard paging benchmark: the memory list walked page by page through a store of 100k memories.

    python bench/dashboard_pages.py [--size 100000] [--workdir DIR]

A real ``memlane serve`` process on loopback over a SQLite store of ``--size`` memories of one user
(embedder ``none``; loaded once per --workdir with ``store_many``, bulk). One signed-in session walks the
whole list as the browser does: the first page, then "More memories" (the rows fragment after the
previous page's cursor) until the last page. Reports p50 / p95 in ms of the first 100 pages, the middle
100 and the last 100 (keyset pages: the last should cost what the first does). Not a test: timings on a shared machine are noisy; the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from memlane import Memlane


def load(db: Path, size: int) -> None:
    if db.exists():
        return
    m = Memlane(db, user="bench", embedder="none")
    try:
        batch = 5_000
        for start in range(0, size, batch):
            items = [f"Note {i}: shipment {i * 37 % 9973} left dock {i % 17} on route {i % 311}"
                     for i in range(start, min(size, start + batch))]  # fmt: skip
            m.store_many(items, auto_supersede=False)
            print(f"  loaded {min(size, start + batch)}", file=sys.stderr)
    finally:
        m.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[max(0, int(round(0.95 * len(ordered))) - 1)]
    return f"{statistics.median(ordered):.1f} / {p95:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument(
        "--workdir", type=Path, default=Path(tempfile.gettempdir()) / "memlane-bench-dashboard"
    )
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    db = args.workdir / f"pages-{args.size}.db"
    started = time.perf_counter()
    load(db, args.size)
    print(f"store ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "bench"}
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memlane.cli", "serve", "--port", str(port), "--json",
                             "--no-mcp", "--open"], stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        assert proc.stdout is not None
        banner = json.loads(proc.stdout.readline())
        url = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=url, timeout=60) as client:
            while True:
                try:
                    client.get("/health")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            client.get(banner["dashboard_link"].removeprefix(url))  # signs this client in
            times: list[float] = []
            t = time.perf_counter()
            first = client.get("/")
            times.append((time.perf_counter() - t) * 1000)
            assert first.status_code == 200, first.status_code
            rows = first.text.count('class="card"')
            more = re.search(r'hx-get="(/\?[^"]*cursor=[^"]+)"', first.text)
            while more:
                t = time.perf_counter()
                r = client.get(more.group(1).replace("&amp;", "&"), headers={"HX-Request": "true",
                                                                           "HX-Target": "more"})  # fmt: skip
                times.append((time.perf_counter() - t) * 1000)
                rows += r.text.count('class="card"')
                more = re.search(r'hx-get="(/\?[^"]*cursor=[^"]+)"', r.text)
        mid = len(times) // 2
        print(
            f"| {args.size:,} memories, {len(times):,} pages of 50 walked, {rows:,} rows seen "
            f"(load {os.getloadavg()[0]:.1f}) | first 100: {summary(times[:100])} | middle 100: "
            f"{summary(times[mid - 50 : mid + 50])} | last 100: {summary(times[-100:])} | "
            f"last / first p50: {statistics.median(times[-100:]) / statistics.median(times[:100]):.2f} |"
        )
        assert rows == args.size, (rows, args.size)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(30)


if __name__ == "__main__":
    main()
