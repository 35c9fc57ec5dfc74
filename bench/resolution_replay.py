"""The resolver's own CPU on what linking on store asks of it, two code trees in one process.

    python bench/resolution_replay.py capture --out calls.pickle
    python bench/resolution_replay.py compare calls.pickle --code before=/path/to/old/src --code after=src

``capture`` stores the synthetic corpus (``--items`` statements in batches of 500, linking on, no
embedder) and then resolves the labelled resolution sets (``tests/data/resolution*.txt``), recording
every ``resolve(mention, candidates)`` call: the store's calls are what a bulk load asks (names seen
for the first time against the candidates that share a key with them); the labelled sets' calls
cover the rules' hard cases.

``compare`` loads the resolution modules of each code tree as a package of its own (the graph
package's pure modules: ``resolution`` and the name tables it reads) into one process, checks that
every tree gives the same resolutions for every call, then times the store's calls in rounds that
alternate the trees, each round from empty per-name caches (tables, the caches of size one, stay loaded; the labelled calls
run first in each round, as the names an earlier store has seen). In one process, alternated, the
ratio is steady even on a loaded machine, where a store's end-to-end CPU moves by 10-15% between
runs. Reports CPU ms per round (median, min) and the median of the rounds' own after/before ratios.
"""

from __future__ import annotations

import argparse
import importlib
import pickle
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: the graph package's modules resolution reads (pure, relative imports only)
MODULES = ("resolution", "company_names", "given_names", "name_forms", "places", "legal_forms")
SETS = sorted((HERE.parent / "tests" / "data").glob("resolution*.txt"))


def capture(out: Path, items: int) -> None:
    from engine import linking
    from synthetic import corpus

    import memlane.graph.linking as linking_module
    import memlane.graph.resolution as resolution
    from memlane import Memlane

    calls: list[tuple[str, Any, list[Any]]] = []
    original = resolution.resolve
    source = ["store"]

    def recording(mention: Any, candidates: Any, **kwargs: Any) -> Any:
        calls.append((source[0], mention, list(candidates)))
        return original(mention, candidates, **kwargs)

    resolution.resolve = linking_module.resolve = recording  # type: ignore[assignment]
    data = [s for s, _ in corpus(items)]
    with linking(True), tempfile.TemporaryDirectory() as tmp:
        m = Memlane(Path(tmp) / "x.db", user="bench", embedder="none")
        for i in range(0, items, 500):
            m.store_many(data[i : i + 500], source="bench", auto_supersede=False)
        m.close()
    source[0] = "labelled"
    import resolution as labelled_bench  # bench/resolution.py

    for file in SETS:
        labelled_bench.evaluate(labelled_bench.load(file), None)
    plain = [(s, _plain_mention(m), [_plain_candidate(c) for c in cs]) for s, m, cs in calls]
    out.write_bytes(pickle.dumps(plain))
    store = sum(1 for s, _, _ in plain if s == "store")
    print(f"{store} calls from the store ({sum(len(c) for s, _, c in plain if s == 'store')} candidates), "
          f"{len(plain) - store} from the labelled sets -> {out}")  # fmt: skip


def _plain_mention(m: Any) -> tuple[Any, ...]:
    return (m.name, None if m.type is None else str(m.type), m.external_ids, m.affiliations)


def _plain_candidate(c: Any) -> tuple[Any, ...]:
    return (c.id, str(c.type), c.name, c.aliases, c.external_ids, c.affiliations)


def compare(calls_file: Path, codes: dict[str, str], rounds: int) -> None:
    plain = pickle.loads(calls_file.read_bytes())
    root = Path(tempfile.mkdtemp(prefix="memlane-replay-"))
    trees: dict[str, tuple[Any, list[Any], list[Any], list[Any], list[Any]]] = {}
    for i, src in enumerate(codes.values()):
        package = root / f"replay{i}"
        package.mkdir()
        (package / "__init__.py").write_text("")
        for module in MODULES:
            shutil.copy(Path(src) / "memlane" / "graph" / f"{module}.py", package / f"{module}.py")
    sys.path.insert(0, str(root))
    for i, name in enumerate(codes):
        r = importlib.import_module(f"replay{i}.resolution")
        made = [(s, r.Mention(m[0], m[1], m[2], m[3]), [r.Candidate(*c) for c in cs]) for s, m, cs in plain]
        store = [(m, cs) for s, m, cs in made if s == "store"]
        labelled = [(m, cs) for s, m, cs in made if s != "store"]
        clears = {
            id(v): v.cache_clear
            for module in MODULES
            for v in vars(importlib.import_module(f"replay{i}.{module}")).values()
            if callable(getattr(v, "cache_info", None)) and v.cache_info().maxsize != 1  # (1: a table)
        }
        results = [_plain_result(r.resolve(m, cs)) for m, cs in labelled + store]
        trees[name] = (r, store, labelled, list(clears.values()), results)
    reference = next(iter(trees))
    for name, tree in trees.items():
        differ = sum(1 for a, b in zip(trees[reference][4], tree[4], strict=True) if a != b)
        print(f"{name}: {len(tree[4])} resolutions, {differ} differ from {reference}'s")
    cpu: dict[str, list[float]] = {name: [] for name in trees}
    for k in range(rounds):
        for name in list(trees) if k % 2 == 0 else list(trees)[::-1]:
            r, store, labelled, clears, _ = trees[name]
            for clear in clears:
                clear()
            for m, cs in labelled:
                r.resolve(m, cs)
            start = time.process_time()
            for m, cs in store:
                r.resolve(m, cs)
            cpu[name].append(1000 * (time.process_time() - start))
    names = list(trees)
    for name in names:
        print(
            f"{name}: store's calls CPU ms median {statistics.median(cpu[name]):.1f}, min {min(cpu[name]):.1f}"
        )
    for name in names[1:]:
        ratio = statistics.median(a / b for a, b in zip(cpu[name], cpu[names[0]], strict=True))
        print(f"{name} / {names[0]}: x{ratio:.3f} (median of {rounds} rounds' own ratios)")


def _plain_result(result: Any) -> tuple[Any, ...]:
    return (result.entity_id, result.how, result.candidates, result.new_alias, result.score)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    cap = sub.add_parser("capture")
    cap.add_argument("--out", type=Path, required=True)
    cap.add_argument("--items", type=int, default=3000)
    cmp = sub.add_parser("compare")
    cmp.add_argument("calls", type=Path)
    cmp.add_argument("--code", action="append", required=True, help="NAME=SRC (the first is the reference)")
    cmp.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    if args.command == "capture":
        capture(args.out, args.items)
    else:
        compare(args.calls, dict(c.split("=", 1) for c in args.code), args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
