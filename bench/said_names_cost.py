"""What one store of a long text costs in CPU, where names_said_for (graph/said_names.py) reads the other
name written before each occurrence of a name: each measurement in a fresh process (``PYTHONPATH`` the
code's ``src``), codes alternated round by round, median CPU seconds (``time.process_time``) of one store
after a warm-up store, with no embedder.

    python bench/said_names_cost.py --rounds 3 --code before=/path/to/old/src --code after=src

Texts: ``notes`` (test_cli_usability's ~27,000 characters: one sentence naming Ana 600 times) and
``word`` (a 9,000-character word, then a sentence naming Ana 20 times).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

TEXTS = {
    "notes": "Meeting notes, 14 March.\n" + "Falcon ships in Q3 and Ana owns the rollout. " * 600,
    "word": "Key " + "Qx7" * 3_000 + " then Ana met Bob. " + "Ana owns the rollout. " * 20,
}

CHILD = """
import json, os, sys, tempfile, time
from memlane import Memlane
text = sys.stdin.read()
with tempfile.TemporaryDirectory() as d:
    m = Memlane(os.path.join(d, "a.db"), user="alice", embedder="none")
    m.store("Ana met Bob at Acme on Monday.")
    t = time.process_time()
    m.store(text)
    print(json.dumps(time.process_time() - t))
    m.close()
"""


def _one(src: str, text: str) -> float:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD], input=text, env=env, capture_output=True, text=True, check=True
    )
    return float(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--code", action="append", default=[], help="label=path/to/src (default: after=src)")
    args = parser.parse_args()
    codes = dict(c.split("=", 1) for c in args.code) or {"after": "src"}
    cpu: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory():
        for r in range(args.rounds):
            order = list(codes.items())
            for label, src in order if r % 2 == 0 else reversed(order):
                for kind, text in TEXTS.items():
                    cpu.setdefault((label, kind), []).append(_one(src, text))
    for (label, kind), seconds in cpu.items():
        print(
            f"{label:>8} {kind:>6} ({len(TEXTS[kind]):,} chars): {statistics.median(seconds):.3f} s CPU per store"
        )


if __name__ == "__main__":
    main()
