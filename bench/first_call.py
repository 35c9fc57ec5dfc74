"""First-call latency: what a fresh process pays for its first store and recall, and how soon a fresh
``memlane serve`` answers its first recall.

    python bench/first_call.py --tree before=/path/to/old/src --tree after=src [--runs 3]
                               [--embedder local --embedder none] [--no-serve] [--no-mcp] [--workdir DIR]

Each ``--tree LABEL=SRC`` is a memlane source folder run as ``PYTHONPATH=SRC``; each gets its own
``MEMLANE_HOME`` and SQLite database under the work folder, prepared first by one store (which builds the
embedding model and the cached tables: its figures are printed as "first process in a new home"). Then,
``--runs`` times, the trees take turns (alternated, so load changes hit both):

1. ``memlane memory store "<a new sentence>"`` and ``memlane memory recall "<a question>"`` in fresh
   processes, once per ``--embedder``: the child's CPU (user + system, its threads included) and wall;
2. (unless ``--no-serve``) a fresh ``memlane serve --json``: from launch to the line announcing its URL
   (the server is ready), the first recall's latency after that, launch to that first answer, a second
   recall's latency, and the server's CPU until the first answer;
3. (unless ``--no-mcp``) a fresh ``memlane mcp`` (stdio) through the official MCP SDK's client: from
   launch to the answered ``initialize`` (ready), the first ``memory_recall``'s latency after that,
   launch to that first answer and a second call's latency.

Medians are printed per tree with the load average. Python writes bytecode (``PYTHONDONTWRITEBYTECODE``
is removed from the children's environment), as an installed memlane has its ``.pyc`` files.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ["Anna Berger", "Jonas Keller", "Priya Raman", "Lukas Brandt", "Ines Duarte", "Tomasz Nowak"]
PLACES = ["Vienna", "Porto", "Munich", "Lyon", "Graz", "Kraków"]
ORGS = ["Siemens", "Zeiss", "Bosch", "Acme GmbH", "Northwind Traders", "Tarkon Logistics"]


def sentence(i: int) -> str:
    return (f"{NAMES[i % 6]} moved to {PLACES[(i + 1) % 6]} in March and now works at {ORGS[(i + 2) % 6]}"
            f" with her colleague {NAMES[(i + 3) % 6]} (note {i}).")  # fmt: skip


def question(i: int) -> str:
    return f"Where does {NAMES[i % 6].split()[0]} work and who moved to {PLACES[(i + 1) % 6]}?"


def environment(src: str, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=src, MEMLANE_HOME=str(home), MEMLANE_USER="bench")
    return env


CLI = [sys.executable, "-c", "import sys; from memlane.cli import main; sys.exit(main())"]


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(CPU s, wall s, stdout) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args[3:])} failed: {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(port: int, key: str, path: str, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    conn.request("POST", path, json.dumps(body), {"Authorization": f"Bearer {key}", "X-Memlane-User": "bench",
                                                  "Content-Type": "application/json"})  # fmt: skip
    response = conn.getresponse()
    data = json.loads(response.read())
    conn.close()
    if response.status != 200:
        raise SystemExit(f"{path}: {response.status} {data}")
    return time.perf_counter() - t0, data


def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve_once(src: str, home: Path, db: Path, key: str, i: int) -> dict[str, float]:
    port = free_port()
    args = [*CLI, "--db", str(db), "serve", "--port", str(port), "--json", "--no-jobs", "--no-mcp"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, env=environment(src, home), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        ready = time.perf_counter() - t0
        if not line:
            raise SystemExit(f"serve failed: {proc.stderr.read() if proc.stderr else ''}")
        first, hits = post(port, key, "/v1/recall", {"query": question(i)})
        answered = time.perf_counter() - t0
        cpu = process_cpu(proc.pid)
        second, _ = post(port, key, "/v1/recall", {"query": question(i + 1)})
        if not hits.get("hits"):
            raise SystemExit("the first recall found nothing: not a real recall")
        return {"ready_s": ready, "first_recall_s": first, "launch_to_answer_s": answered,
                "second_recall_s": second, "server_cpu_s": cpu}  # fmt: skip
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def mcp_once(src: str, home: Path, db: Path, i: int) -> dict[str, float]:
    """``memlane mcp`` over stdio, through the official SDK's client (imported here: only this needs it)."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def session() -> dict[str, float]:
        params = StdioServerParameters(command=CLI[0], args=[*CLI[1:], "--db", str(db), "mcp"],
                                       env=environment(src, home))  # fmt: skip
        t0 = time.perf_counter()
        async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            ready = time.perf_counter() - t0
            first = await client.call_tool("memory_recall", {"query": question(i)})
            answered = time.perf_counter() - t0
            t1 = time.perf_counter()
            await client.call_tool("memory_recall", {"query": question(i + 1)})
            second = time.perf_counter() - t1
        if first.is_error or not (first.structured_content or {}).get("hits"):
            raise SystemExit(f"the first MCP recall found nothing: not a real recall ({first.content})")
        return {"ready_s": ready, "first_recall_s": answered - ready, "launch_to_answer_s": answered,
                "second_recall_s": second}  # fmt: skip

    return anyio.run(session)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", required=True, help="LABEL=SRC (repeat)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--embedder", action="append", help="local (default), none (repeat)")
    parser.add_argument("--no-serve", action="store_true")
    parser.add_argument("--no-mcp", action="store_true")
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    options = parser.parse_args()
    embedders = options.embedder or ["local"]
    work = options.workdir or Path(tempfile.mkdtemp(prefix="memlane-first-call-"))
    trees = dict(t.split("=", 1) for t in options.tree)
    figures: dict[str, dict[str, list[float]]] = {label: {} for label in trees}

    def add(label: str, name: str, value: float) -> None:
        figures[label].setdefault(name, []).append(value)

    keys: dict[str, str] = {}
    for label, src in trees.items():
        home, db = work / label / "home", work / label / "memlane.db"
        if (work / label / "key").exists():  # prepared by an earlier run in this --workdir
            keys[label] = (work / label / "key").read_text()
            continue
        env = environment(str(Path(src).resolve()), home)
        cpu, wall, _ = timed([*CLI, "--db", str(db), "memory", "store", sentence(0)], env)
        print(f"{label}: first process in a new home (model prepared, tables built): store {cpu:.2f} s CPU,"
              f" {wall:.2f} s wall", flush=True)  # fmt: skip
        for i in range(1, 6):  # something to recall
            timed([*CLI, "--db", str(db), "--embedder", "local", "memory", "store", sentence(i)], env)
        out = timed([*CLI, "--db", str(db), "keys", "create", "--admin", "--json"], env)[2]
        keys[label] = json.loads(out)["key"]
        (work / label / "key").write_text(keys[label])
    for run in range(options.runs):
        for label, src in trees.items():
            home, db = work / label / "home", work / label / "memlane.db"
            env = environment(str(Path(src).resolve()), home)
            n = 100 + run
            for embedder in embedders:
                cpu, wall, _ = timed([*CLI, "--db", str(db), "--embedder", embedder, "--json", "memory", "store",
                                      sentence(n + (0 if embedder == "local" else 50))], env)  # fmt: skip
                add(label, f"store {embedder} cpu", cpu)
                add(label, f"store {embedder} wall", wall)
                cpu, wall, out = timed([*CLI, "--db", str(db), "--embedder", embedder, "--json", "memory", "recall",
                                        question(n)], env)  # fmt: skip
                if not json.loads(out):
                    raise SystemExit("the recall found nothing: not a real recall")
                add(label, f"recall {embedder} cpu", cpu)
                add(label, f"recall {embedder} wall", wall)
            if not options.no_serve:
                for name, value in serve_once(str(Path(src).resolve()), home, db, keys[label], n).items():
                    add(label, f"serve {name}", value)
            if not options.no_mcp:
                for name, value in mcp_once(str(Path(src).resolve()), home, db, n).items():
                    add(label, f"mcp {name}", value)
            print(f"run {run + 1} {label} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    print(f"\nmedians of {options.runs} alternated runs (load average now {os.getloadavg()[0]:.1f}):")
    names = list(next(iter(figures.values())))
    print("| figure | " + " | ".join(trees) + " |")
    print("|---|" + "---|" * len(trees))
    for name in names:
        cells = []
        for label in trees:
            values = figures[label][name]
            cells.append(f"{statistics.median(values):.2f} s ({', '.join(f'{v:.2f}' for v in values)})")
        print(f"| {name} | " + " | ".join(cells) + " |")
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
