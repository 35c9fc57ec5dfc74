"""Consolidation benchmark: merge precision and recall on labelled sets, and time at 100k memories.

    python bench/consolidation.py tests/data/consolidation/dev.jsonl tests/data/consolidation/heldout.jsonl
    python bench/consolidation.py FILES… --embedder local --paraphrases [--no-align] [--judge]
    python bench/consolidation.py FILES… --embedder local --calibrate-align
    python bench/consolidation.py FILES… --embedder local --calibrate-constant EXTRA|LINKAGE
    python bench/consolidation.py --size 100000 [--duplicates 0.1] [--pg] [--workdir DIR]
    python bench/consolidation.py --size 100000 --pg --workdir DIR --load-only     # load once
    python bench/consolidation.py --size 100000 --pg --workdir DIR --reuse --runs 2 --batch-members 1,500

Quality: each labelled file (``{"scope", "cluster", "text"}`` per line; one scope is one user, one
cluster one fact) goes into a fresh store through the SDK, each line stored by its scope's user
(``auto_supersede=False``), and ``Memlane.consolidate()`` runs once. Two lines count as merged when they
end up behind the same current memory (a store-time exact duplicate counts too). Pair precision: merged
pairs that share a label; pair recall: label-sharing pairs that were merged. Targets P >= 0.97, R >= 0.80.

Time: ``--size`` synthetic statements (``bench/synthetic.py``) of one user plus a share of restatements
(the statement with a filler word: "Really, ..."), so that a tenth of the store is merged; then a dry run
and a real run are timed. Target: 100k memories within 10 minutes. The store is loaded once (``--reuse``
skips it next time: loading 110k items on a loaded PostgreSQL takes half an hour) and each timed run
works on a fresh copy: of the SQLite file, or on PostgreSQL (``--pg``: a pgserver kept in ``--workdir``)
a ``CREATE DATABASE … TEMPLATE`` clone of the loaded database, dropped after the run. ``--runs`` and
``--batch-members`` (members per write transaction, ``consolidation.service.BATCH_MEMBERS``) repeat the
run, alternated, for before/after figures in one session. Not a test: figures in docs/benchmarks.md and
docs/consolidation.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).parent))


def quality(
    path: Path, workdir: Path, embedder: str, paraphrases: bool, align: bool = True, judge: bool = False
) -> dict[str, Any]:
    from memlane import Memlane

    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    db = workdir / f"quality-{path.stem}.db"
    db.unlink(missing_ok=True)
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1" if paraphrases else "0"}
    if judge:  # the LLM of MEMLANE_LLM / MEMLANE_LLM_URL / MEMLANE_LLM_API_KEY in this environment
        environ["MEMLANE_CONSOLIDATE_JUDGE"] = "llm"
    m = Memlane(db, user="bench", embedder=embedder, environ=environ)
    if not align:
        m.service.consolidation.paraphrase_align = None
    stored = [m.store(r["text"], user=r["scope"], auto_supersede=False).id for r in rows]
    report = m.consolidate()
    m.close()
    final = {old: c.id for c in report.clusters for old in c.merged}
    ends = [final.get(i, i) for i in stored]
    tp = fp = fn = 0
    wrong: list[tuple[str, str]] = []
    missed: list[tuple[str, str]] = []
    for (a, ra), (b, rb) in itertools.combinations(zip(ends, rows, strict=True), 2):
        same = (ra["scope"], ra["cluster"]) == (rb["scope"], rb["cluster"])
        if a == b and same:
            tp += 1
        elif a == b:
            fp += 1
            wrong.append((ra["text"], rb["text"]))
        elif same:
            fn += 1
            missed.append((ra["text"], rb["text"]))
    return {
        "file": str(path),
        "items": len(rows),
        "labelled_pairs": tp + fn,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "wrong_merges": wrong,
        "missed": missed,
        "seconds": report.seconds,
        "judge": report.judge.model_dump() if report.judge else None,
    }


def _pair_counts(
    rows: list[dict[str, Any]], stored: list[str], merged: dict[str, str]
) -> tuple[int, int, int]:
    """(TP, FP, FN) over the labelled pairs: two lines merged when they end behind one memory."""
    ends = [merged.get(i, i) for i in stored]
    tp = fp = fn = 0
    for (a, ra), (b, rb) in itertools.combinations(zip(ends, rows, strict=True), 2):
        same = (ra["scope"], ra["cluster"]) == (rb["scope"], rb["cluster"])
        tp += a == b and same
        fp += a == b and not same
        fn += a != b and same
    return tp, fp, fn


#: the grid the leave-one-set-out calibration searches (--calibrate)
THRESHOLDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85)
SENSES = (1, 2, 3, 4, 6, 10)
HYPERNYMS = (False, True)
#: the word alignment's grid (--calibrate-align; the three constants above stay as shipped): the
#: contextual cosine (1.01: no alignment) and the hypernym steps of the kin guard
ALIGNS = (0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 1.01)
KINS = (0, 1, 2, 3, 4)


def calibrate(
    paths: list[Path], workdir: Path, embedder: str, align: bool = False, keep_align: bool = True
) -> dict[str, Any]:
    """The paraphrase rule's two constants (``paraphrases.THRESHOLD``, ``lexicon.SENSES``) chosen
    leave-one-set-out: for each file, the grid point with the highest pooled recall on the *other*
    files among those with pooled precision >= 0.97 there (ties: the higher threshold, then fewer
    senses), and that point's figures on the file left out. Each store is filled once; each grid point
    is one dry run. With ``align``: the word alignment's two constants (``paraphrases.ALIGN``, ``KIN``)
    instead, the others as shipped (ties: the higher cosine, then more kin steps). Without ``align``
    the word alignment stays as shipped (``keep_align``; before the twenty-first session it was
    switched off here, so the calibration did not measure the configuration that ships)."""
    from memlane import Memlane

    Point = tuple[float, int, bool]
    grid: dict[str, dict[Point, tuple[int, int, int]]] = {}
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        db = workdir / f"calibrate-{path.stem}.db"
        db.unlink(missing_ok=True)
        m = Memlane(
            db,
            user="bench",
            embedder=embedder,
            environ={**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"},
        )
        stored = [m.store(r["text"], user=r["scope"], auto_supersede=False).id for r in rows]
        consolidation = m.service.consolidation
        shipped_align = consolidation.paraphrase_align
        grid[path.name] = {}
        points = (
            itertools.product(ALIGNS, KINS, (False,))
            if align
            else itertools.product(THRESHOLDS, SENSES, HYPERNYMS)
        )
        for point in points:
            if align:
                consolidation.paraphrase_align, consolidation.paraphrase_kin = point[0], int(point[1])
            else:
                # (the word alignment as shipped, or off with --no-align, as a plain --paraphrases run)
                consolidation.paraphrase_align = shipped_align if keep_align else None
                (consolidation.paraphrase_threshold, consolidation.paraphrase_senses,
                 consolidation.paraphrase_hypernyms) = point  # fmt: skip
            report = m.consolidate(dry_run=True)
            merged = {old: f"cluster{n}" for n, c in enumerate(report.clusters) for old in c.merged}
            grid[path.name][point] = _pair_counts(rows, stored, merged)
        m.close()
    out: dict[str, Any] = {}

    def pooled(point: Point, sets: list[dict[Point, tuple[int, int, int]]]) -> tuple[float, float]:
        tp, fp, fn = (sum(g[point][i] for g in sets) for i in range(3))
        return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0)

    for path in paths:
        others = [grid[p.name] for p in paths if p != path]
        ok = [p for p in grid[path.name] if pooled(p, others)[0] >= 0.97]
        # ties: the stricter point (higher threshold, fewer senses, no hypernyms)
        stricter = (lambda p: (p[0], p[1])) if align else (lambda p: (p[0], -p[1], not p[2]))
        best = max(ok, key=lambda p: (pooled(p, others)[1], *stricter(p))) if ok else None
        if best is None:
            out[path.name] = {"chosen": None}
            continue
        train_p, train_r = pooled(best, others)
        test_p, test_r = pooled(best, [grid[path.name]])
        chosen = (
            {"align": best[0], "kin": best[1]}
            if align
            else {"threshold": best[0], "senses": best[1], "hypernyms": best[2]}
        )
        out[path.name] = {"chosen": chosen, "train": [train_p, train_r],
                          "left_out": [test_p, test_r], "counts": grid[path.name][best]}  # fmt: skip
    out["grid"] = {name: {"/".join(map(str, p)): c for p, c in g.items()} for name, g in grid.items()}
    return out


#: the grids of the paraphrase rule's module constants chosen with --calibrate-constant NAME:
#: ``EXTRA`` (framing words; 0 frames nothing) and ``LINKAGE`` (how confirmed pairs make clusters)
CONSTANTS: dict[str, tuple[Any, ...]] = {"EXTRA": (0, 1, 2, 3), "LINKAGE": ("complete", "veto")}


def calibrate_constant(paths: list[Path], workdir: Path, embedder: str, name: str) -> dict[str, Any]:
    """``paraphrases.<name>`` (a key of ``CONSTANTS``) chosen leave-one-set-out, as ``calibrate``
    chooses its constants: for each file, the value with the highest pooled recall on the *other* files
    among those with pooled precision >= 0.97 there (ties: the earlier value of the grid, the stricter),
    and its figures on the file left out. Each value is one full ``quality`` run per file (the other
    constants as shipped)."""
    from memlane.consolidation import paraphrases

    values = CONSTANTS[name]
    grid: dict[str, dict[Any, tuple[int, int, int]]] = {p.name: {} for p in paths}
    shipped = getattr(paraphrases, name)
    try:
        for value in values:
            setattr(paraphrases, name, value)
            for path in paths:
                q = quality(path, workdir, embedder, True)
                grid[path.name][value] = (q["tp"], q["fp"], q["fn"])
    finally:
        setattr(paraphrases, name, shipped)

    def pooled(value: Any, names: list[str]) -> tuple[float, float]:
        tp, fp, fn = (sum(grid[n][value][i] for n in names) for i in range(3))
        return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0)

    out: dict[str, Any] = {}
    for path in paths:
        others = [p.name for p in paths if p != path]
        ok = [v for v in values if pooled(v, others)[0] >= 0.97]
        best = max(ok, key=lambda v: (pooled(v, others)[1], -values.index(v))) if ok else None
        out[path.name] = (
            {"chosen": None}
            if best is None
            else {
                "chosen": {name: best},
                "train": list(pooled(best, others)),
                "left_out": list(pooled(best, [path.name])),
                "counts": grid[path.name][best],
            }  # fmt: skip
        )
    out["grid"] = {n: {str(v): c for v, c in g.items()} for n, g in grid.items()}
    return out


def _phase(fn: Any) -> tuple[Any, dict[str, float]]:
    """``fn()`` with its wall time, CPU time of this process and the peak RSS so far (MB)."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, {
        "wall_s": time.perf_counter() - wall,
        "cpu_s": time.process_time() - cpu,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _start_pg(folder: Path) -> tuple[Any, str]:
    from scale import start_pgserver

    folder.mkdir(parents=True, exist_ok=True)
    return start_pgserver(folder, keep=True)


def _admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(str(urlsplit(url)._replace(path="/postgres").geturl()), autocommit=True) as conn:
        conn.execute(statement)


def _store_all(db: str | Path, items: list[str], embedder: str = "none") -> dict[str, float]:
    from memlane import Memlane

    m = Memlane(db, user="bench", embedder=embedder)
    _, load = _phase(lambda: [m.store_many(items[i : i + 1000], source="bench", auto_supersede=False)
                              for i in range(0, len(items), 1000)])  # fmt: skip
    m.close()
    return load


def timing(
    size: int,
    share: float,
    workdir: Path,
    database: str | None,
    reuse: bool,
    load_only: bool = False,
    *,
    clone: bool = False,
    runs: int = 1,
    batches: tuple[int, ...] = (),
    embedder: str = "none",
    paraphrases: bool = False,
    stored_vectors: tuple[bool, ...] = (True,),
) -> dict[str, Any]:
    """Store ``size`` statements and their restatements once (or reuse the store loaded before:
    ``reuse``), then time a dry run and the real run on a fresh copy of the loaded store for each of
    ``runs`` x ``batches`` (alternated), and check what each run wrote: every cluster's history and one
    undo. Copies: of the SQLite file; on PostgreSQL with ``clone``, ``CREATE DATABASE … TEMPLATE`` the
    loaded database (the pgserver of ``--pg``); else the run changes ``database`` itself."""
    from synthetic import corpus

    texts = [s for s, _ in corpus(size)]
    step = max(1, round(1 / share)) if share > 0 else 0
    restated = [f"Really, {t}" for t in texts[::step]] if step else []
    items = texts + restated
    out: dict[str, Any] = {"memories": len(items), "runs": []}
    name = f"time-{size}" if embedder == "none" else f"time-{size}-{embedder}"
    if database is None:
        loaded = workdir / f"{name}.loaded.db"
        if not (reuse and loaded.exists()):
            loaded.unlink(missing_ok=True)
            out["load"] = _store_all(loaded, items, embedder)
    elif not reuse:
        out["load"] = _store_all(database, items, embedder)
    if load_only:
        return out
    for n, batch, reuse_vectors in itertools.product(range(runs), batches or (0,), stored_vectors):
        if database is None:
            db: str | Path = workdir / f"{name}.db"
            shutil.copyfile(workdir / f"{name}.loaded.db", db)
        elif clone:
            name = f"consolidation_run_{os.getpid()}_{n}_{batch}"
            _admin(database, f'DROP DATABASE IF EXISTS "{name}"')
            _admin(database, f'CREATE DATABASE "{name}" TEMPLATE "{urlsplit(database).path.lstrip("/")}"')
            db = urlsplit(database)._replace(path="/" + name).geturl()
        else:
            db = database
        run = {"run": n, "batch_members": batch or "default", "load_average_start": os.getloadavg()}
        if paraphrases:
            run["stored_vectors"] = reuse_vectors
        run.update(_timed_run(db, batch, embedder, paraphrases, reuse_vectors))
        run["load_average_end"] = os.getloadavg()
        out["runs"].append(run)
        print(json.dumps(run), flush=True)
        if database is not None and clone:
            _admin(database, f'DROP DATABASE IF EXISTS "{urlsplit(str(db)).path.lstrip("/")}" WITH (FORCE)')
    return out


def _timed_run(
    db: str | Path, batch: int, embedder: str = "none", paraphrases: bool = False, stored_vectors: bool = True
) -> dict[str, Any]:
    from memlane import Memlane

    out: dict[str, Any] = {}
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1" if paraphrases else "0"}
    m = Memlane(db, user="bench", embedder=embedder, environ=environ)
    m.service.consolidation.stored_vectors = stored_vectors
    embedded = [0]  # texts the consolidation asked the embedder for
    inner = m.service.consolidation._embed

    def counting(texts: Any) -> Any:
        embedded[0] += len(texts)
        return inner(texts)

    m.service.consolidation._embed = counting
    if batch:
        m.service.consolidation.batch_members = batch
    if not paraphrases:  # (the paraphrase mode: the real run alone, each run is minutes of model time)
        dry, out["dry_run"] = _phase(lambda: m.consolidate(dry_run=True))
        out["dry_run_clusters"] = len(dry.clusters)
    done, out["run"] = _phase(lambda: m.consolidate())
    words = getattr(m.service.consolidation, "_words", None)
    out["texts_embedded"] = embedded[0]
    out["texts_word_vectors"] = len(words._cache) if words is not None else 0
    out["clusters"] = len(done.clusters)
    out["merged"] = done.merged_memories
    out["entity_folds"] = len(done.entities)
    # what the run wrote: each consolidated memory's history holds its members; one undo restores them
    sample = [c for c in done.clusters if c.id is not None][:: max(1, len(done.clusters) // 50)]
    history_ok = sum(
        1 for c in sample if set(c.merged) <= {v.id for v in m.history(c.id, user=_user(c.owner))}
    )
    out["history_checked"] = len(sample)
    out["history_ok"] = history_ok
    if sample:
        first = sample[0]
        restored, out["undo"] = _phase(lambda: m.undo_consolidation(first.id or ""))
        out["undo_restored_ok"] = sorted(restored) == sorted(first.merged)
    if not paraphrases:
        again, out["second_run"] = _phase(lambda: m.consolidate(dry_run=True))
        out["second_dry_run_clusters"] = len(again.clusters)
    m.close()
    return out


def _user(owner: str) -> str:
    return owner.partition(":")[2] or owner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="*", help="labelled JSON Lines files")
    parser.add_argument("--embedder", default="none", help="the stores' embedder (used with --paraphrases)")
    parser.add_argument("--paraphrases", action="store_true",
                        help="merge paraphrases the embedder proposes (MEMLANE_CONSOLIDATE_PARAPHRASES)")  # fmt: skip
    parser.add_argument("--calibrate", action="store_true",
                        help="choose the paraphrase rule's constants leave-one-set-out over the files")  # fmt: skip
    parser.add_argument("--calibrate-align", action="store_true",
                        help="choose the word alignment's constants leave-one-set-out over the files")  # fmt: skip
    parser.add_argument("--calibrate-constant", choices=sorted(CONSTANTS),
                        help="choose this constant of consolidation/paraphrases.py leave-one-set-out")  # fmt: skip
    parser.add_argument("--linkage", choices=("complete", "veto"),
                        help="--paraphrases with this linkage (paraphrases.LINKAGE) instead of the shipped one")  # fmt: skip
    parser.add_argument("--no-align", action="store_true",
                        help="--paraphrases without the contextual word alignment (the rule before it)")  # fmt: skip
    parser.add_argument("--judge", action="store_true",
                        help="--paraphrases with the configured LLM (MEMLANE_LLM) judging the candidates")  # fmt: skip
    parser.add_argument("--size", type=int, default=0, help="time consolidation over this many memories")
    parser.add_argument("--duplicates", type=float, default=0.1, help="share of restatements added (--size)")
    parser.add_argument("--db", help="time on this database (postgresql://…) instead of a SQLite file")
    parser.add_argument("--pg", action="store_true", help="time on a pgserver PostgreSQL in --workdir")
    parser.add_argument("--reuse", action="store_true", help="--size: reuse the store loaded by a run before")
    parser.add_argument(
        "--runs", type=int, default=1, help="--size: timed runs, each on a fresh copy of the store"
    )
    parser.add_argument("--batch-members", default="",
                        help="--size: comma-separated batch sizes (members per transaction), alternated per run")  # fmt: skip
    parser.add_argument(
        "--compare-stored-vectors",
        action="store_true",
        help="--size --paraphrases: each run with and without the stored vectors, alternated",
    )
    parser.add_argument("--load-only", action="store_true", help="--size: store, then stop (for --reuse)")
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="memlane-consolidation-"))
    workdir.mkdir(parents=True, exist_ok=True)
    report: dict[str, object] = {"load_average_start": os.getloadavg(), "quality": []}
    if args.calibrate or args.calibrate_align or args.calibrate_constant:
        cal = (
            calibrate_constant(args.files, workdir, args.embedder, args.calibrate_constant)
            if args.calibrate_constant
            else calibrate(
                args.files, workdir, args.embedder, align=args.calibrate_align, keep_align=not args.no_align
            )
        )
        report["calibration"] = cal
        for name, c in cal.items():
            if name != "grid":
                print(f"{name}: chosen on the others {c.get('chosen')}, there P/R {c.get('train')}, "
                      f"on {name} (left out) P/R {c.get('left_out')} {c.get('counts')}")  # fmt: skip
        args.files = []
    if args.linkage:
        from memlane.consolidation import paraphrases

        paraphrases.LINKAGE = args.linkage
    for path in args.files:
        q = quality(path, workdir, args.embedder, args.paraphrases, align=not args.no_align, judge=args.judge)
        report["quality"].append(q)  # type: ignore[attr-defined]
        print(f"{path}: {q['items']} items, {q['labelled_pairs']} labelled pairs: precision {q['precision']:.3f},"
              f" recall {q['recall']:.3f} (TP {q['tp']}, FP {q['fp']}, FN {q['fn']})")  # fmt: skip
        if q["judge"]:
            print(f"  judge: {q['judge']}")
        for a, b in q["wrong_merges"]:  # type: ignore[attr-defined]
            print(f"  wrong merge: {a!r} + {b!r}")
        for a, b in q["missed"]:  # type: ignore[attr-defined]
            print(f"  missed: {a!r} / {b!r}")
    if args.size:
        database = args.db
        if args.pg:
            _server, database = _start_pg(workdir / "pg")
        batches = tuple(int(b) for b in args.batch_members.split(",") if b)
        t = timing(args.size, args.duplicates, workdir, database, args.reuse, args.load_only,
                   clone=args.pg, runs=args.runs, batches=batches, embedder=args.embedder,
                   paraphrases=args.paraphrases,
                   stored_vectors=(True, False) if args.compare_stored_vectors else (True,))  # fmt: skip
        report["timing"] = t
        print(json.dumps(t, indent=2))
    report["load_average_end"] = os.getloadavg()
    print(f"load average: {report['load_average_start']} -> {report['load_average_end']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
