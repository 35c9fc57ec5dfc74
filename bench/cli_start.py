"""Start-up cost of the ``memlane`` command line: the CPU a fresh process pays to import ``memlane.cli``
and to run a few representative commands.

    python bench/cli_start.py --tree before=/path/to/old/src --tree after=src [--runs 7] [--workdir DIR]

Each ``--tree LABEL=SRC`` is a memlane source folder run as ``PYTHONPATH=SRC`` with its own
``MEMLANE_HOME`` and SQLite database under the work folder, prepared first by a few stores with
``--embedder none`` (the cached tables are built then, so the runs measure a warm home). Then, ``--runs``
times, the trees take turns (alternated, so load changes hit both) running each command in a fresh
process; the figure is the child's CPU (user + system, its threads included), never wall time: the
machine may be shared. Medians are printed per tree with every run in brackets, and the load average.
Python writes bytecode (``PYTHONDONTWRITEBYTECODE`` is removed from the children's environment).
``memlane serve`` (on port 0, no jobs) runs to its banner (warmed up, its app built), then gets SIGTERM:
its figure is the whole process, start-up and shutdown.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CLI = [sys.executable, "-c", "import sys; from memlane.cli import main; sys.exit(main())"]
STORED = [
    "Anna Berger moved to Porto in March and now works at Zeiss.",
    "Jonas Keller prefers green tea in the morning.",
    "Priya Raman leads Project Falcon, which ships on 2025-03-14.",
]


def commands(db: Path, run: int) -> dict[str, list[str]]:
    """The measured commands: name -> argv."""
    common = ["--db", str(db), "--embedder", "none"]
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import memlane.cli": [sys.executable, "-c", "import memlane.cli"],
        "memlane --help": [*CLI, "--help"],
        "memlane memory store": [*CLI, *common, "memory", "store", f"Lukas visited Graz ({run})."],
        "memlane memory recall": [*CLI, *common, "memory", "recall", "Where does Anna work?"],
        "memlane memory list --json": [*CLI, *common, "--json", "memory", "list"],
        "memlane entities list --json": [*CLI, *common, "--json", "entities", "list"],
        # the stdio server's start-up (imports, warm-up) to its answer to ``initialize``, then end of input
        "memlane mcp (initialize)": [*CLI, *common, "mcp"],
        # the HTTP server's start-up to its banner (imports, warm-up, the app built), then SIGTERM
        "memlane serve (banner)": [*CLI, *common, "--json", "serve", "--port", "0", "--no-jobs"],
        "memlane serve --no-mcp (banner)": [
            *CLI,
            *common,
            "--json",
            "serve",
            "--port",
            "0",
            "--no-jobs",
            "--no-mcp",
        ],  # fmt: skip
    }


#: what a command reads on its standard input (the others read none)
INPUT = {
    "memlane mcp (initialize)": json.dumps({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "bench", "version": "1"}},
    }) + "\n",
}  # fmt: skip


def environment(src: str, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=src, MEMLANE_HOME=str(home), MEMLANE_USER="bench")
    return env


def cpu_of(args: list[str], env: dict[str, str], stdin: str = "") -> float:
    """CPU seconds (user + system) of one child process, which must succeed (and, given ``stdin``, answer
    on its standard output). A server (``serve`` in ``args``) is stopped with SIGTERM once it has printed
    its banner (one JSON line: it is warmed up and its app built)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "serve" in args:
        with subprocess.Popen(
            args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        ) as proc:
            assert proc.stdout is not None
            banner = proc.stdout.readline()
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=120)
        if not banner.startswith("{"):
            raise SystemExit(f"{' '.join(args[2:])} failed: {err[-2000:]}")
    else:
        done = subprocess.run(args, env=env, input=stdin, capture_output=True, text=True, check=False)
        if done.returncode != 0 or (stdin and not done.stdout.strip()):
            raise SystemExit(f"{' '.join(args[2:])} failed: {done.stderr[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", required=True, help="LABEL=SRC (repeat)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    options = parser.parse_args()
    work = options.workdir or Path(tempfile.mkdtemp(prefix="memlane-cli-start-"))
    trees = {label: str(Path(src).resolve()) for label, src in (t.split("=", 1) for t in options.tree)}
    figures: dict[str, dict[str, list[float]]] = {label: {} for label in trees}
    for label, src in trees.items():
        home, db = work / label / "home", work / label / "memlane.db"
        if not db.exists():
            for text in STORED:
                cpu_of([*CLI, "--db", str(db), "--embedder", "none", "memory", "store", text],
                       environment(src, home))  # fmt: skip
    for run in range(options.runs):
        for label, src in trees.items():
            home, db = work / label / "home", work / label / "memlane.db"
            for name, args in commands(db, run).items():
                cpu = cpu_of(args, environment(src, home), INPUT.get(name, ""))
                figures[label].setdefault(name, []).append(cpu)
            print(f"run {run + 1} {label} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    print(f"\nCPU (user + system), medians of {options.runs} alternated runs (load average now "
          f"{os.getloadavg()[0]:.1f}):")  # fmt: skip
    print("| command | " + " | ".join(trees) + " |")
    print("|---|" + "---|" * len(trees))
    for name in figures[next(iter(trees))]:
        cells = []
        for label in trees:
            values = figures[label][name]
            cells.append(f"{statistics.median(values):.2f} s ({', '.join(f'{v:.2f}' for v in values)})")
        print(f"| {name} | " + " | ".join(cells) + " |")
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
