"""Requirement 9 (issue 12): the store path compiled with mypyc. Builds a compiled copy of a ``src`` tree
outside the checkout and measures it against the pure one.

    python bench/compiled.py build --out /tmp/memlane-mypyc              # ~6 min of CPU on 2 cores
    python bench/compiled.py phases --out /tmp/memlane-mypyc --runs 2    # store_phases.py, alternated
    python bench/before_graph.py --rounds 3 --kinds bulk single \\
        --code before=<d82ca16>/src --code pure=src --code compiled=/tmp/memlane-mypyc/src

``build`` copies ``--src`` (default: this checkout's) to ``OUT/src`` and compiles ``--modules`` there
(default: every module of ``memlane/graph`` and ``memlane/text`` but their ``__init__`` files and
``graph/rekey.py`` and ``graph/anchoring.py``, whose pydantic models mypyc turns into C that does not
compile) with mypyc's ``mypycify`` and ``build_ext --inplace``: one shared library plus a small extension
per module beside its ``.py``, which it shadows. Nothing is written into the checkout (a ``.so`` beside
a ``.py`` there would silently shadow later edits).

It also writes ``OUT/src/sitecustomize.py`` (run at start by any Python with ``OUT/src`` on its path):
two stand-ins for source changes compiled code would need, so that it gives the pure code's answers:

- ``inspect.getsource`` of a compiled module (its file is the ``.so``) reads the ``.py`` beside it:
  ``table_cache`` fingerprints a cached table by its builder module's source;
- the cached tables are kept whole (plain dicts) in a cache folder of the compiled tree's own
  (``OUT/cache``): compiled code looks a value declared ``dict`` up with the built-in dict's calls, past
  ``LazyDict``'s ``get`` / ``in`` / ``[]``, so a table read a bucket at a time answers "absent" for every
  key of a bucket not yet read ("Lisbon" is then no city; ``bench/linking_same.py`` differs). A pure
  bulk load makes its lazy tables whole after 50,000 look-ups anyway. ``MYPYC_WHOLE_TABLES=0`` leaves
  them lazy (to see the difference).

``phases`` runs ``bench/store_phases.py`` with the pure and the compiled tree alternated, ``--runs``
fresh processes each, and prints each step's mean CPU ms per item. Its steps are timed by wrapping
module functions: a compiled caller calls a compiled function directly, past the wrapper, so in the
compiled tree a step called from another compiled module counts in its caller's (the totals hold).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SKIP = ("__init__.py", "rekey.py", "anchoring.py")

SETUP = """\
import os
from setuptools import setup
from mypyc.build import mypycify

modules = os.environ["MYPYC_MODULES"].split()  # (one module in multi_file mode: a missing header)
setup(
    name="memlane-mypyc-bench",
    packages=[],
    ext_modules=mypycify(modules, opt_level="3", multi_file=len(modules) > 1),
)
"""

MYPY_INI = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\n"

SITECUSTOMIZE = '''\
"""Written by bench/compiled.py: measurement stand-ins for a mypyc-compiled memlane (see there)."""

import inspect
import os

_getsource = inspect.getsource


def _source(obj):
    path = getattr(obj, "__file__", None)
    if path and path.endswith(".so"):
        py = path.split(".", 1)[0] + ".py"
        if os.path.exists(py):
            with open(py, encoding="utf-8") as f:
                return f.read()
    return _getsource(obj)


inspect.getsource = _source

if os.environ.get("MYPYC_WHOLE_TABLES", "1") == "1":
    os.environ["MEMLANE_CACHE_DIR"] = {cache!r}
    import memlane.text.table_cache as _tc

    _tc._LAZY_FROM = 10**12
'''


def build(src: Path, out: Path, modules: list[str] | None, quiet: bool = True) -> None:
    target = out / "src"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(src / "memlane", target / "memlane", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    if modules is None:
        modules = sorted(
            str(p.relative_to(target))
            for package in ("graph", "text")
            for p in (target / "memlane" / package).glob("*.py")
            if p.name not in SKIP
        )
    (target / "setup_mypyc.py").write_text(SETUP)
    (target / "mypy.ini").write_text(MYPY_INI)
    env = {**os.environ, "MYPYC_MODULES": " ".join(modules)}
    cpu, wall = _children_cpu(), time.perf_counter()
    subprocess.run(
        [sys.executable, "setup_mypyc.py", "build_ext", "--inplace", "-j", str(os.cpu_count() or 1)],
        cwd=target, env=env, check=True, stdout=subprocess.DEVNULL if quiet else None,
    )  # fmt: skip
    (target / "sitecustomize.py").write_text(SITECUSTOMIZE.format(cache=str(out / "cache")))
    shims = sorted(target.glob("memlane/**/*.so"))
    print(f"{len(modules)} modules compiled into {target} ({len(shims)} extensions)")
    print(f"build: {time.perf_counter() - wall:.0f} s wall, {_children_cpu() - cpu:.0f} s CPU")


def _children_cpu() -> float:
    t = os.times()
    return t.children_user + t.children_system


def phases(src: Path, out: Path, runs: int, kind: str) -> None:
    trees = {"pure": src, "compiled": out / "src"}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            order = list(trees) if i % 2 == 0 else list(trees)[::-1]
            for name in order:
                path = Path(tmp) / f"{name}-{i}.json"
                env = {**os.environ, "PYTHONPATH": str(trees[name].resolve())}
                subprocess.run(
                    [sys.executable, str(HERE / "store_phases.py"), "--kind", kind, "--json", str(path)],
                    env=env, check=True, stdout=subprocess.DEVNULL,
                )  # fmt: skip
                results[name].append(json.loads(path.read_text()))
    labels = list(dict.fromkeys(label for name in trees for run in results[name] for label in run))
    labels.sort(key=lambda label: (label in ("rest", "total"), label == "total"))
    print(f"{'step (CPU ms per item, mean of ' + str(runs) + ' runs)':50s} {'pure':>8s} {'compiled':>9s}")
    for label in labels:
        means = [sum(run.get(label, 0.0) for run in results[name]) / runs for name in trees]
        print(f"{label:50s} {means[0]:8.3f} {means[1]:9.3f}")
    totals = {name: [run["total"] for run in results[name]] for name in trees}
    print("totals per run:", json.dumps(totals))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("action", choices=("build", "phases"))
    parser.add_argument("--src", type=Path, default=HERE.parent / "src", help="the pure tree")
    parser.add_argument("--out", type=Path, required=True, help="where the compiled tree goes")
    parser.add_argument("--modules", nargs="+", help="paths relative to src (memlane/graph/x.py ...)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--kind", choices=("bulk", "single"), default="bulk")
    args = parser.parse_args(argv)
    if args.action == "build":
        build(args.src.resolve(), args.out.resolve(), args.modules)
    else:
        phases(args.src, args.out, args.runs, args.kind)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
