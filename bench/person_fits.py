"""What keeping each person fit once per mention (``graph.resolution.person_fits_kept``, around
``graph.linking.resolve_into``) saves a bulk store, measured in one process: ``store_many`` of the
synthetic corpus (batches of 500, no automatic supersession, no embedder) into a fresh SQLite file,
linking off, linking on without the block (``person_fits_kept`` replaced by a no-op: linking as it was
before it), and linking on with it, alternated (order reversed every other round). Reports CPU ms per
item of the store and of ``link_memory`` (resolving and linking), medians and per-round ratios; the
first round pays the process's first-time costs (tables, caches) in whichever variant runs first.

    PYTHONPATH=src python bench/person_fits.py --rounds 7
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


class _NoBlock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument(
        "--library",
        action="store_true",
        help="as a program embedding the library (bench/engine.py): linking never freezes the heap",
    )
    args = parser.parse_args(argv)
    from engine import linking
    from synthetic import corpus

    import memlane.service as service
    from memlane import Memlane
    from memlane.graph import linking as linking_module

    if not args.library:
        linking_module.own_process()  # (as `memlane serve` / `worker`, bench/linking_cost.py)
    kept, link_memory = linking_module.person_fits_kept, service.link_memory
    spent = [0.0]

    def timed(*a: Any, **k: Any) -> Any:
        start = time.process_time()
        try:
            return link_memory(*a, **k)
        finally:
            spent[0] += time.process_time() - start

    service.link_memory = timed  # type: ignore[assignment]
    data = [s for s, _ in corpus(args.items)]
    results: dict[str, list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="memlane-person-fits-") as tmp:
        made = 0
        for r in range(args.rounds):
            order = ["off", "before", "after"] if r % 2 == 0 else ["after", "before", "off"]
            for variant in order:
                linking_module.person_fits_kept = _NoBlock if variant == "before" else kept  # type: ignore[assignment]
                with linking(variant != "off"):
                    made += 1
                    m = Memlane(Path(tmp) / f"x{made}.db", user="bench", embedder="none")
                    spent[0] = 0.0
                    start = time.process_time()
                    for i in range(0, args.items, 500):
                        m.store_many(data[i : i + 500], source="bench", auto_supersede=False)
                    total = 1000 * (time.process_time() - start) / args.items
                    m.close()
                results.setdefault(variant, []).append((total, 1000 * spent[0] / args.items))
            print(f"round {r + 1}, load average {os.getloadavg()[0]:.1f}", flush=True)
    med = {
        k: (statistics.median(x for x, _ in v), statistics.median(y for _, y in v))
        for k, v in results.items()
    }
    for variant, (store, linked) in med.items():
        print(f"{variant}: store CPU ms/item {store:.3f}, link_memory {linked:.3f}")
    off = med["off"][0]
    print(f"on/off: before x{med['before'][0] / off:.3f}, after x{med['after'][0] / off:.3f}")
    pairs = list(zip(results["after"], results["before"], strict=True))
    print("after/before per round, store:", [round(a[0] / b[0], 3) for a, b in pairs])
    print("after/before per round, link_memory:", [round(a[1] / b[1], 3) for a, b in pairs])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
