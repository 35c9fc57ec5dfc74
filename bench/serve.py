"""Serving benchmark: ``memlane serve`` on loopback over a store of 10k memories (local embedder).

    python bench/serve.py [--size 10000] [--duration 20] [--workdir DIR]

Measures, in one run on this machine (the server is a real ``memlane serve`` process; the load comes
from one asyncio process with httpx over keep-alive connections):

1. sequential store and recall through the REST API: requests/s and p50/p95 latency;
2. saturation: recall throughput with 8 concurrent clients, against the same recalls in-process
   through the SDK on this machine with the server stopped (target >= 70%);
3. an open-loop offered load of 50 recalls/s (requests leave on schedule whatever the server does;
   latency is counted from the scheduled time, so queueing shows): p50/p95/p99 (target p95 <= 80 ms);
   and the same at half the capacity measured in 2, which this machine sustains whatever its load;
4. 50 concurrent clients mixing stores and recalls: no errors, nothing lost (rows counted afterwards,
   every stored id fetched back).

The 10k-memory store is built once per --workdir (embedding 10k items takes a while) and copied for each
run. Not a test: timings on a shared machine are noisy; the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402

HOME = Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane")


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))] if values else float("nan")


def ms(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(pct(values, 0.5) * 1000, 1), "p95_ms": round(pct(values, 0.95) * 1000, 1),
            "p99_ms": round(pct(values, 0.99) * 1000, 1)}  # fmt: skip


def build_store(path: Path, data: list[tuple[str, str]], embedder: Any) -> None:
    from memlane import Memlane

    if path.exists():
        return
    tmp = path.with_suffix(".building")
    tmp.unlink(missing_ok=True)
    t0 = time.perf_counter()
    with Memlane(tmp, user="bench", embedder=embedder) as m:
        for i in range(0, len(data), 500):
            m.store_many([s for s, _ in data[i : i + 500]], source="bench", auto_supersede=False)
    tmp.rename(path)
    print(f"built {len(data)} memories in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


def _recall_for(m: Any, queries: list[str], threads: int, seconds: float) -> float:
    """Recalls per second with ``threads`` threads looping over ``queries`` for ``seconds``."""
    done = [0]
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def loop(offset: int) -> None:
        i = offset
        while time.perf_counter() < stop:
            m.recall(queries[i % len(queries)])
            i += threads
            with lock:
                done[0] += 1

    t0 = time.perf_counter()
    workers = [threading.Thread(target=loop, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return round(done[0] / (time.perf_counter() - t0), 1)


def in_process(db: Path, embedder: Any, queries: list[str], seconds: float) -> dict[str, Any]:
    """The same recalls through the embedded SDK: one thread, and 8 threads (the better one counts)."""
    from memlane import Memlane

    out: dict[str, Any] = {}
    with Memlane(db, user="bench", embedder=embedder) as m:
        for q in queries[:20]:
            m.recall(q)  # warm the vector cache and the model
        for threads in (1, 8):
            out[f"recalls_per_s_{threads}_thread"] = _recall_for(m, queries, threads, seconds)
    out["recalls_per_s"] = max(out["recalls_per_s_1_thread"], out["recalls_per_s_8_thread"])
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path) -> tuple[subprocess.Popen[str], str, str]:
    port = free_port()
    env = {**os.environ, "MEMLANE_HOME": str(HOME), "MEMLANE_EMBEDDER": "local"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memlane.cli", "serve", "--db", str(db), "--port", str(port), "--user", "bench",
         "--json"],
        stdout=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    banner = json.loads(proc.stdout.readline())
    key = banner["admin_key"]
    if key is None:
        raise SystemExit("the copied store already had keys; use a fresh --workdir")
    url = f"http://127.0.0.1:{port}"
    import httpx

    for _ in range(600):
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return proc, url, key
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


async def sequential(client: Any, path: str, bodies: list[dict[str, Any]]) -> dict[str, Any]:
    latencies, errors = [], 0
    t0 = time.perf_counter()
    for body in bodies:
        s = time.perf_counter()
        r = await client.post(path, json=body)
        latencies.append(time.perf_counter() - s)
        errors += r.status_code != 200
    return {"n": len(bodies), "per_s": round(len(bodies) / (time.perf_counter() - t0), 1), **ms(latencies),
            "errors": errors}  # fmt: skip


async def open_loop(client: Any, queries: list[str], rate: float, seconds: float) -> dict[str, Any]:
    """Requests leave at fixed times; a slow answer delays nothing, it only shows as latency."""
    latencies: list[float] = []
    errors = 0
    n = int(rate * seconds)
    start = time.perf_counter() + 0.2

    async def one(i: int) -> None:
        nonlocal errors
        scheduled = start + i / rate
        await asyncio.sleep(max(0.0, scheduled - time.perf_counter()))
        r = await client.post("/v1/recall", json={"query": queries[i % len(queries)]})
        latencies.append(time.perf_counter() - scheduled)
        errors += r.status_code != 200

    await asyncio.gather(*(one(i) for i in range(n)))
    achieved = n / (time.perf_counter() - start)
    return {
        "offered_per_s": rate,
        "achieved_per_s": round(achieved, 1),
        "n": n,
        **ms(latencies),
        "errors": errors,
    }


async def saturation(client: Any, queries: list[str], workers: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    errors = 0
    stop = time.perf_counter() + seconds

    async def worker(offset: int) -> None:
        nonlocal errors
        i = offset
        while time.perf_counter() < stop:
            s = time.perf_counter()
            r = await client.post("/v1/recall", json={"query": queries[i % len(queries)]})
            latencies.append(time.perf_counter() - s)
            errors += r.status_code != 200
            i += workers

    t0 = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(workers)))
    return {"clients": workers, "recalls_per_s": round(len(latencies) / (time.perf_counter() - t0), 1),
            **ms(latencies), "errors": errors}  # fmt: skip


async def mixed(client: Any, queries: list[str], fresh: list[str], clients: int, ops: int) -> dict[str, Any]:
    """``clients`` concurrent clients, each ``ops`` requests, one in four a store of a new statement."""
    stored: list[str] = []
    errors: list[str] = []
    latencies: list[float] = []
    texts = iter(fresh)

    async def one_client(c: int) -> None:
        for k in range(ops):
            s = time.perf_counter()
            if k % 4 == 0:
                r = await client.post("/v1/memories", json={"content": next(texts), "auto_supersede": False})
                if r.status_code == 200 and r.json()["status"] == "stored":
                    stored.append(r.json()["id"])
            else:
                r = await client.post("/v1/recall", json={"query": queries[(c * ops + k) % len(queries)]})
            latencies.append(time.perf_counter() - s)
            if r.status_code != 200:
                errors.append(f"{r.status_code} {r.text[:100]}")

    t0 = time.perf_counter()
    await asyncio.gather(*(one_client(c) for c in range(clients)))
    elapsed = time.perf_counter() - t0
    missing = 0
    for memory_id in stored:
        missing += (await client.get(f"/v1/memories/{memory_id}")).status_code != 200
    return {"clients": clients, "requests": clients * ops, "per_s": round(clients * ops / elapsed, 1),
            **ms(latencies), "errors": len(errors), "stores": len(stored), "missing_after": missing,
            "first_errors": errors[:3]}  # fmt: skip


def count_rows(db: Path) -> int:
    import apsw

    con = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return int(con.execute("SELECT COUNT(*) FROM memories").fetchone()[0])
    finally:
        con.close()


async def against_server(url: str, key: str, db: Path, queries: list[str], fresh: list[str],
                         seconds: float) -> dict[str, Any]:  # fmt: skip
    import httpx

    out: dict[str, Any] = {}
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {key}"}, limits=limits,
                                 timeout=60) as client:  # fmt: skip
        for q in queries[:20]:
            await client.post("/v1/recall", json={"query": q})  # warm-up
        out["store_sequential"] = await sequential(
            client, "/v1/memories", [{"content": t, "auto_supersede": False} for t in fresh[:200]]
        )
        out["recall_sequential"] = await sequential(
            client, "/v1/recall", [{"query": q} for q in queries[:300]]
        )
        out["recall_saturation"] = await saturation(client, queries, 8, seconds)
        out["recall_open_loop_50_per_s"] = await open_loop(client, queries, 50.0, seconds)
        # The same at a rate this machine sustains right now (half its measured capacity): latency
        # without a queue that grows for the whole phase.
        rate = max(1.0, round(out["recall_saturation"]["recalls_per_s"] * 0.5))
        out["recall_open_loop_half_capacity"] = await open_loop(client, queries, rate, seconds)
        before = count_rows(db)
        out["mixed_50_clients"] = await mixed(client, queries, fresh[200:], 50, 20)
        after = count_rows(db)
        out["mixed_50_clients"]["rows_added"] = after - before
        out["mixed_50_clients"]["nothing_lost"] = (
            after - before == out["mixed_50_clients"]["stores"]
            and out["mixed_50_clients"]["missing_after"] == 0
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per load phase")
    parser.add_argument("--workdir", type=Path, help="keeps the built store between runs")
    args = parser.parse_args(argv)

    from memlane.providers.embedders import build_embedder

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="memlane-serve-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    data = corpus(args.size + 2000, seed=11)
    stored, extra = data[: args.size], data[args.size :]
    queries = [q for _, q in stored[:: max(1, args.size // 500)]]
    fresh = [s for s, _ in extra]
    embedder = build_embedder("local", home=HOME)
    base = workdir / f"base-{args.size}.db"
    build_store(base, stored, embedder)
    run_db = workdir / "run.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{run_db}{suffix}").unlink(missing_ok=True)
    shutil.copy(base, run_db)

    report: dict[str, Any] = {"size": args.size, "embedder": embedder.identity, "cpus": os.cpu_count(),
                              "load_average_start": os.getloadavg()}  # fmt: skip
    report["in_process"] = in_process(run_db, embedder, queries, args.duration / 2)
    proc, url, key = start_server(run_db)
    try:
        report.update(asyncio.run(against_server(url, key, run_db, queries, fresh, args.duration)))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    report["load_average_end"] = os.getloadavg()
    sat = report["recall_saturation"]["recalls_per_s"]
    report["saturation_vs_in_process"] = round(sat / report["in_process"]["recalls_per_s"], 2)
    report["targets"] = {
        "open_loop_p95_le_80ms": report["recall_open_loop_50_per_s"]["p95_ms"] <= 80,
        "saturation_ge_70pct_of_in_process": report["saturation_vs_in_process"] >= 0.70,
        "mixed_no_errors_nothing_lost": report["mixed_50_clients"]["errors"] == 0
        and report["mixed_50_clients"]["nothing_lost"],
    }
    print(json.dumps(report, indent=2))
    print(
        f"load average: start {report['load_average_start']}, end {report['load_average_end']}",
        file=sys.stderr,
    )
    return 0 if all(report["targets"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
