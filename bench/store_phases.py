"""Where a store's CPU goes, step by step: a bulk ``store_many`` or single stores of engine.py's synthetic
corpus (seed 7), with each step of the store path timed in process (``time.process_time``).

    PYTHONPATH=src python bench/store_phases.py --kind bulk           # 3,000 items in batches of 500
    PYTHONPATH=src python bench/store_phases.py --kind single         # 200 stores into 2,000 items
    PYTHONPATH=<d82ca16>/src python bench/store_phases.py --kind bulk  # the code before the entity graph
    PYTHONPATH=src python bench/store_phases.py --kind bulk --linking-off   # as engine.py switches it off

Run it with ``PYTHONPATH`` set to the tree to measure (its steps are found by name; a step that tree
does not have reads 0). Each step is timed where the store calls it (a step called inside another timed
step counts in the outer one only), so the steps add up, with the rest (the transaction's COMMIT, the
SDK, the collector) as ``rest``. Prints CPU ms per item (per store for ``single``); ``--json`` writes
them. A fresh process per run: compare runs of several processes, alternated (the machine is shared).
"""

from __future__ import annotations

import argparse
import functools
import inspect
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402

_spent: Counter[str] = Counter()
_inside = [0]


def _timed(owner: Any, name: str, label: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``label`` (unless inside another)."""
    if not hasattr(owner, name):
        return
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _inside[0]:
            return original(*args, **kwargs)
        _inside[0] += 1
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            _spent[label] += time.process_time() - start
            _inside[0] -= 1

    static = isinstance(inspect.getattr_static(owner, name), staticmethod)
    setattr(owner, name, staticmethod(wrapper) if static else wrapper)


def _instrument() -> None:
    import memlane.service as service
    import memlane.text as text
    from memlane import supersession
    from memlane.storage.sqlite import writes

    _timed(text, "extract_entities", "analysis: entity keys")
    for name, label in (
        ("index_fields", "analysis: index fields (claims)"),
        ("memory_mentions", "analysis: mentions"),
        ("with_text_facts", "analysis: what the text states"),
        ("prefetch", "linking: prefetch (memo keys, said reads)"),
        ("settle_organisations", "linking: organisations"),
        ("link_memory", "linking: resolve and link"),
        ("relate_text", "linking: edges"),
        ("forget_stored_texts", "linking: caches emptied"),
    ):
        _timed(service, name, label)
    _timed(service.MemoryService, "_validate", "validation")
    _timed(service.MemoryService, "_prepare", "preparation")
    _timed(service.MemoryService, "_duplicate_of", "duplicate check")
    _timed(supersession, "choose", "automatic supersession")
    _timed(getattr(supersession, "BatchPicks", None), "choose", "automatic supersession")
    _timed(writes._Txn, "insert", "memory rows")
    _timed(writes._Txn, "audit", "audit")
    _timed(writes._Txn, "flush", "statistics and audit rows")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kind", choices=("bulk", "single"), default="bulk")
    parser.add_argument("--items", type=int, default=3000, help="bulk: how many items")
    parser.add_argument("--linking-off", action="store_true", help="linking on store switched off")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    from memlane import Memlane

    data = [s for s, _ in corpus(max(args.items, 2200), seed=7)]
    tmp = Path(tempfile.mkdtemp(prefix="memlane-store-phases-"))
    warm = Memlane(tmp / "warm.db", user="bench", embedder="none")  # (imports, tables: as before_graph.py)
    warm.store_many(
        [
            "Warm-up: Zed Quorra met Yves Plimsoll at Nordwind GmbH in Tromso",
            "Warm-up: Ulla Brask moved from Berlin to Wien, Austria",
        ],
        source="bench",
    )
    warm.store("Warm-up: Ulla Brask called ulla@example.org")
    warm.close()
    _instrument()
    if args.linking_off:
        from engine import linking

        linking(False).__enter__()
    m = Memlane(tmp / "x.db", user="bench", embedder="none")
    if args.kind == "bulk":
        n = args.items
        _spent.clear()
        start = time.process_time()
        for i in range(0, n, 500):
            m.store_many(data[i : min(n, i + 500)], source="bench", auto_supersede=False)
    else:
        for i in range(0, 2000, 500):
            m.store_many(data[i : i + 500], source="bench", auto_supersede=False)
        n = 200
        _spent.clear()
        start = time.process_time()
        for text in data[2000 : 2000 + n]:
            m.store(text, source="bench")
    total = time.process_time() - start
    m.close()
    out = {label: 1000 * spent / n for label, spent in _spent.most_common()}
    out["rest"] = 1000 * total / n - sum(out.values())
    out["total"] = 1000 * total / n
    for label, ms in out.items():
        print(f"{label:45s} {ms:7.3f}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
