"""Why a statement costs 2-4x more inside a store's transaction than the same statement run alone.

Builds a SQLite store of ``--items`` synthetic statements (``bench/engine.py``'s corpus, linking on, in
batches of 500), then inserts its link rows (``memory_entity_links``) again into a copy of the file,
in one transaction, in batches of ``--batch`` rows (a store's batch writes ~20 rows per flush), timed
by ``time.process_time`` around the statements only:

- ``alone``: batch after batch, nothing in between (how the statement is usually timed on its own);
- ``cold``: a sweep over ``--sweep-mb`` of memory between batches, as the store's Python work between
  its statements does (resolution, the text reading, the caches): SQLite's pages, its B-tree cursors and
  the statement's byte code are no longer in the CPU's caches when the next batch runs;
- the same with the foreign keys off and with the memory-generation trigger dropped, to see their shares.

    PYTHONPATH=src python bench/cold_statements.py --items 3000

No memlane code is timed but SQLite's; the page cache (``PRAGMA cache_size``) is not the cause: the
file's pages are in it in both runs (and a 200 MB page cache does not change a bulk store's CPU).
"""

from __future__ import annotations

import argparse
import array
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

_INSERT = (
    "INSERT INTO memory_entity_links (memory_seq, entity_id, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
)


def _build(path: Path, items: int) -> None:
    from synthetic import corpus

    from memlane import Memlane

    texts = [s for s, _ in corpus(items, seed=7)]
    m = Memlane(path, user="bench", embedder="none")
    for i in range(0, items, 500):
        m.store_many(texts[i : i + 500], source="bench", auto_supersede=False)
    m.close()


def _run(src: Path, work: Path, batch: int, sweep: array.array | None, *, fk: bool, trigger: bool) -> float:
    """CPU microseconds per link row."""
    import apsw

    shutil.copy(src, work)
    conn = apsw.Connection(str(work))
    conn.execute("PRAGMA journal_mode = WAL")
    rows = conn.execute(
        "SELECT memory_seq, entity_id, role FROM memory_entity_links ORDER BY memory_seq"
    ).fetchall()
    conn.execute("DELETE FROM memory_entity_links")
    conn.execute(f"PRAGMA foreign_keys = {'ON' if fk else 'OFF'}")
    if not trigger:
        conn.execute("DROP TRIGGER IF EXISTS memory_generation_link_insert")
    conn.execute("BEGIN IMMEDIATE")
    spent = 0.0
    for i in range(0, len(rows), batch):
        if sweep is not None:
            total = 0
            for j in range(0, len(sweep), 8):  # (one read per 64-byte cache line)
                total += sweep[j]
        c = time.process_time()
        conn.executemany(_INSERT, rows[i : i + batch])
        spent += time.process_time() - c
    conn.execute("COMMIT")
    conn.close()
    return 1e6 * spent / len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--sweep-mb", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    sweep = array.array("q", bytes(args.sweep_mb * 1024 * 1024))
    with tempfile.TemporaryDirectory(prefix="memlane-cold-") as tmp:
        src, work = Path(tmp) / "store.db", Path(tmp) / "work.db"
        _build(src, args.items)
        cases = {
            "alone": (None, True, True),
            "cold": (sweep, True, True),
            "alone, no foreign keys": (None, False, True),
            "cold, no foreign keys": (sweep, False, True),
            "alone, no trigger": (None, True, False),
            "cold, no trigger": (sweep, True, False),
        }
        results: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.rounds):
            for name, (swept, fk, trigger) in cases.items():
                results[name].append(_run(src, work, args.batch, swept, fk=fk, trigger=trigger))
    for name, values in results.items():
        print(f"{name:24s} {statistics.median(values):6.2f} us CPU per link row (rounds: "
              f"{', '.join(f'{v:.2f}' for v in values)})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
