"""Graph lane at scale: recall latency on a SQLite store of 100k memories naming 20k entities.

    python bench/graph_scale.py [--items 100000] [--people 19500] [--orgs 500] [--queries 300]
                                [--workdir DIR] [--json FILE] [--link-on-store] [--about N]

A deterministic corpus (seeded): made-up people (first name x surname, so first names and surnames are
shared by many people, as in a real directory) and organisations; statements of who works where, who
manages whom, who met whom about what, who prefers what. Stored through the SDK with no embedder (the
semantic lane is measured by bench/engine.py); the graph (an entity per name, linked to the statements
naming it) is written through the storage write API, see ``build`` (or, with ``--link-on-store``, made by
linking on store as ordinary stores do, timed). Then, on the same store and
alternating query by query: recall with the default lanes (graph lane included) and with
``PRESETS["no-graph"]``; and the graph lane's own time per query (entity lookup, counts, neighbours,
links). Questions name one or two people ("where does X's manager work?", "what did X discuss with Y?").
Reports median and p95 in ms. Not a test: timings on a shared machine are noisy, compare within a run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ONSETS = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "dr", "kl", "st", "tr"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ei", "ou"]
CODAS = ["", "n", "r", "l", "s", "k", "m"]
THINGS = ["budget review", "launch plan", "security audit", "offsite", "hiring loop", "data migration",
          "design review", "customer call", "pricing update", "board meeting", "retro", "onboarding"]  # fmt: skip
PREFS = ["green tea", "dark roast coffee", "window seats", "morning meetings", "async updates",
         "vegetarian food", "printed agendas", "standing desks", "quiet rooms", "short emails"]  # fmt: skip
SUFFIX = ["Labs", "Systems", "Group", "Works", "Partners", "Logistics", "Foods", "Energy"]


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def _word(rng: random.Random, syllables: int) -> str:
    return "".join(
        rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS) for _ in range(syllables)
    ).title()


def _unique(rng: random.Random, n: int, syllables: int) -> list[str]:
    seen: dict[str, None] = {}
    while len(seen) < n:
        seen[_word(rng, syllables)] = None
    return list(seen)


def corpus(
    items: int, people: int, orgs: int, seed: int = 7
) -> tuple[list[tuple[str, list[str]]], list[str], list[str]]:
    """((statement, the names it mentions), person names, organisation names)."""
    rng = random.Random(seed)
    firsts = _unique(rng, max(1, people // 100), 2)
    lasts = _unique(rng, 100, 3)
    persons = [f"{f} {last}" for f in firsts for last in lasts][:people]
    companies = [f"{w} {rng.choice(SUFFIX)}" for w in _unique(rng, orgs, 2)]
    out: list[tuple[str, list[str]]] = []
    for i in range(items):
        a, b, c = rng.choice(persons), rng.choice(persons), rng.choice(companies)
        kind = i % 5
        if kind == 0:
            out.append((f"{a} works at {c}.", [a, c]))
        elif kind == 1:
            out.append((f"{a}'s manager is {b}.", [a, b]))
        elif kind == 2:
            out.append((f"{a} met {b} to discuss the {rng.choice(THINGS)} on day {i % 365}.", [a, b]))
        elif kind == 3:
            out.append((f"{a} prefers {rng.choice(PREFS)} (noted {i}).", [a]))
        else:
            out.append((f"{c} asked {a} about the {rng.choice(THINGS)} (ticket {i}).", [c, a]))
    return out, persons, companies


def build_linked(path: Path, statements: list[tuple[str, list[str]]]) -> dict[str, float]:
    """The store as ordinary ``store_many`` calls make it (``--link-on-store``): every statement's names
    resolved to entities in its transaction (graph/linking.py). Returns wall and CPU seconds."""
    from memlane import Memlane

    m = Memlane(path, user="bench", embedder="none")
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(0, len(statements), 1000):
        m.store_many([s for s, _ in statements[i : i + 1000]], source="bench", auto_supersede=False)
        if (i + 1000) % 10_000 == 0:
            print(
                f"stored and linked {i + 1000}: {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True
            )
    out = {"link_on_store_s": time.perf_counter() - t0, "link_on_store_cpu_s": time.process_time() - c0}
    m.close()
    return out


def build(
    path: Path, statements: list[tuple[str, list[str]]], persons: list[str], companies: list[str]
) -> None:
    """The store, with the graph that linking on store makes of these statements (one entity per name,
    linked to every statement naming it), written directly through the storage write API (the default,
    which gives exactly one entity per made-up name; ``--link-on-store`` builds it by linking instead)."""
    import memlane.service as service
    from memlane import Memlane
    from memlane.ids import new_id
    from memlane.models import Entity, Visibility
    from memlane.storage.base import EntityScope
    from memlane.storage.entity_names import name_keys
    from memlane.timeutil import now_utc

    saved = service.link_memory, service.memory_mentions
    service.link_memory = lambda *a, **k: []  # type: ignore[assignment]
    service.memory_mentions = lambda *a, **k: []  # type: ignore[assignment]
    m = Memlane(path, user="bench", embedder="none")
    t0 = time.perf_counter()
    ids: list[str] = []
    try:
        for i in range(0, len(statements), 1000):
            batch = [s for s, _ in statements[i : i + 1000]]
            ids += [r.id for r in m.store_many(batch, source="bench", auto_supersede=False)]
            print(f"stored {i + 1000}: {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    finally:
        service.link_memory, service.memory_mentions = saved
    store = m.service.storage
    scope = EntityScope("default", "user:bench", "personal")
    at = now_utc()
    entity_of: dict[str, str] = {}
    with store.write() as txn:
        for kind, names in (("person", persons), ("company", companies)):
            for name in names:
                entity = Entity(id=new_id(), workspace=scope.workspace, owner=scope.owner,
                                visibility=Visibility.PERSONAL, type=kind, name=name, created_at=at,
                                updated_at=at)  # fmt: skip
                txn.insert_entity(entity, (), name_keys([name], kind))
                entity_of[name] = entity.id
        for memory_id, (_, mentioned) in zip(ids, statements, strict=True):
            seq = store.seq_of(memory_id)
            assert seq is not None
            for name in mentioned:
                txn.link_memory(seq, entity_of[name], "mention")
    m.close()


def questions(persons: list[str], n: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        a, b = rng.choice(persons), rng.choice(persons)
        out.append(
            [f"Where does {a}'s manager work?", f"What did {a} discuss with {b}?",
             f"what does {a.lower()} prefer", f"who manages {a}?"][i % 4]
        )  # fmt: skip
    return out


def about_cost(m: Any, persons: list[str], n: int, seed: int = 3) -> dict[str, dict[str, float]]:
    """CPU of ``recall(q, about=X)`` against the same question naming X, alternated: for ``n`` people, "what
    does <first name> prefer" and "where does she work" about them, and "what does <full name> prefer",
    "where does <full name> work"."""
    rng = random.Random(seed)
    cpu: dict[str, list[float]] = {"about": [], "named": []}
    for person in rng.sample(persons, n):
        first = person.split()[0]
        for kind, q, about in (
            ("about", f"what does {first} prefer", person),
            ("named", f"what does {person} prefer", None),
            ("about", "where does she work", person),
            ("named", f"where does {person} work", None),
        ):
            c = time.process_time()
            m.recall(q, limit=10, about=about)
            cpu[kind].append(1000 * (time.process_time() - c))
    return {k: {"cpu_p50_ms": statistics.median(v), "cpu_p95_ms": pct(v, 0.95)} for k, v in cpu.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--people", type=int, default=19_500)
    parser.add_argument("--orgs", type=int, default=500)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--workdir", type=Path, help="keep (and reuse) the store here")
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--link-on-store", action="store_true", help="build the graph by linking on store (timed) instead"
    )
    parser.add_argument(
        "--about",
        type=int,
        default=0,
        metavar="N",
        help="also N people asked about with recall(about=...), alternated with the question naming them",
    )
    args = parser.parse_args(argv)

    from memlane import PRESETS, Memlane
    from memlane.retrieval.lanes import LANES

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="graph-scale-"))
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / f"graph-{args.items}{'-linked' if args.link_on_store else ''}.db"
    statements, persons, companies = corpus(args.items, args.people, args.orgs)
    report: dict[str, Any] = {"items": args.items, "link_on_store": args.link_on_store}
    if not path.exists():
        t0 = time.perf_counter()
        if args.link_on_store:
            report.update(build_linked(path, statements))
        else:
            build(path, statements, persons, companies)
        report["load_s"] = time.perf_counter() - t0
    with_graph = Memlane(path, user="bench", embedder="none")
    without = Memlane(path, user="bench", embedder="none", retrieval=PRESETS["no-graph"])
    report["entities"] = int(
        with_graph.service.storage._db.rows("SELECT count(*) FROM entities WHERE merged_into IS NULL", ())[0][
            0
        ]  # type: ignore[attr-defined]
    )

    lane = LANES["graph"]
    lane_ms: list[float] = []
    lane_cpu: list[float] = []
    original = lane.run

    def timed(*a: Any, **k: Any) -> Any:
        t, c = time.perf_counter(), time.thread_time()
        try:
            return original(*a, **k)
        finally:
            lane_ms.append(1000 * (time.perf_counter() - t))
            lane_cpu.append(1000 * (time.thread_time() - c))

    lane.run = timed  # type: ignore[method-assign]
    qs = questions(persons, args.queries)
    for m in (with_graph, without):
        m.recall("warm up the caches")
    lat: dict[str, list[float]] = {"graph": [], "no_graph": []}
    cpu: dict[str, list[float]] = {"graph": [], "no_graph": []}
    graph_hits = 0
    for q in qs:
        for name, m in (("graph", with_graph), ("no_graph", without)):
            t, c = time.perf_counter(), time.process_time()
            hits = m.recall(q, limit=10)
            lat[name].append(1000 * (time.perf_counter() - t))
            cpu[name].append(1000 * (time.process_time() - c))
            if name == "graph":
                graph_hits += any("graph" in h.matched_by for h in hits)
    lane_ms, lane_cpu = lane_ms[1:], lane_cpu[1:]  # (the warm-up)
    if args.about:
        report["about"] = about_cost(with_graph, persons, args.about)
    # wall time, and CPU time (steadier on a loaded machine: without an embedder a SQLite recall runs
    # on the calling thread)
    for name, values in {**lat, "graph_lane_alone": lane_ms}.items():
        report[name] = {"p50_ms": statistics.median(values), "p95_ms": pct(values, 0.95)}
    for name, values in {**cpu, "graph_lane_alone": lane_cpu}.items():
        report[name].update(cpu_p50_ms=statistics.median(values), cpu_p95_ms=pct(values, 0.95))
    report["ratio_p50"] = report["graph"]["p50_ms"] / report["no_graph"]["p50_ms"]
    report["queries_with_graph_hits"] = graph_hits / len(qs)
    with_graph.close()
    without.close()
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
