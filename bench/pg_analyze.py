"""Single stores on PostgreSQL right after a large batch, with and without the statistics refresh
(``storage/postgres/analyze.py``), alternated in one run on fresh databases of a throwaway server.

    python bench/pg_analyze.py [--batch 1500] [--singles 30] [--rounds 3]

Prints per mode the median and p95 wall time and the median client CPU time (time.process_time) of the
single stores, and the load average: the machine is shared, so compare the two modes of one run only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine import Databases  # noqa: E402

from memlane import Memlane  # noqa: E402


def _one_round(
    url: str, *, refresh: bool, batch: int, singles: int, tag: str
) -> tuple[list[float], list[float]]:
    m = Memlane(url, user="alice", embedder="none")
    try:
        if not refresh:
            m.service.storage.statistics.every = 10**12  # (never)
        m.store_many([{"content": f"Worker {tag}{i} joined Firm{i % 300} in Town{i % 50} on day {i}"}
                      for i in range(batch)])  # fmt: skip
        wall, cpu = [], []
        for i in range(singles):
            w, c = time.perf_counter(), time.process_time()
            m.store(f"Person {tag}{i} works at Company{i} in City{i % 9}")
            wall.append((time.perf_counter() - w) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        return wall, cpu
    finally:
        m.close()


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=1500)
    parser.add_argument("--singles", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dbs = Databases(Path(tmp), postgres=True)
        results: dict[bool, tuple[list[float], list[float]]] = {False: ([], []), True: ([], [])}
        for r in range(args.rounds):
            for refresh in (False, True) if r % 2 == 0 else (True, False):
                wall, cpu = _one_round(str(dbs.fresh(f"r{r}{refresh}")), refresh=refresh, batch=args.batch,
                                       singles=args.singles, tag=f"{r}{int(refresh)}")  # fmt: skip
                results[refresh][0].extend(wall)
                results[refresh][1].extend(cpu)
    print(
        f"load average {os.getloadavg()[0]:.1f}; batch {args.batch}, {args.singles} single stores x {args.rounds}"
    )
    for refresh in (False, True):
        wall, cpu = results[refresh]
        print(f"{'with' if refresh else 'without'} the refresh: wall median {statistics.median(wall):.1f} ms,"
              f" p95 {_p95(wall):.1f} ms; client CPU median {statistics.median(cpu):.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
