"""Linking's one-time ``gc.freeze`` (``graph.linking._settle_heap``): in memlane's own processes
(``own_process``, which the ``memlane`` command calls), a process's first linked batch moves what is alive
then out of the collector's sight, once; later stores do not freeze again, and what they leave behind in
reference cycles is still collected. A program embedding the library never has its heap frozen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import gc, json, sys, weakref
from memlane import Memlane
from memlane.graph.linking import own_process

if sys.argv[2] == "own":
    own_process()
out = {"before": gc.get_freeze_count()}
m = Memlane(sys.argv[1], user="ana", embedder="none")
m.store_many(["Kalina Ivanova met Dr. Georgiev in Sofia"], source="test")
out["after_first"] = gc.get_freeze_count()
m.store("Bob Smith called about the Acme renewal", source="test")
out["after_second"] = gc.get_freeze_count()

class Node:
    pass

a, b = Node(), Node()
a.other, b.other = b, a  # a cycle made after the freeze
gone = weakref.ref(a)
del a, b
gc.collect()
out["cycle_collected"] = gone() is None
out["linked"] = [e.name for e in m.entities.list()]
m.close()
print(json.dumps(out))
"""


def _last_line(script: str, *args: str) -> str:
    """The last line ``script`` prints, run in a fresh Python with this checkout's memlane."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.strip().splitlines()[-1]


def test_first_linked_batch_freezes_once_and_later_cycles_are_collected(tmp_path: Path) -> None:
    out = json.loads(_last_line(CHILD, str(tmp_path / "m.db"), "own"))
    assert out["before"] == 0
    assert out["after_first"] > 0
    assert out["after_second"] == out["after_first"]  # once per process
    assert out["cycle_collected"] is True
    assert {"Kalina Ivanova", "Georgiev", "Bob Smith"} <= set(out["linked"])


def test_a_program_embedding_the_library_keeps_its_heap(tmp_path: Path) -> None:
    out = json.loads(_last_line(CHILD, str(tmp_path / "m.db"), "embedded"))
    assert out["after_first"] == out["after_second"] == 0  # nothing frozen
    assert {"Kalina Ivanova", "Georgiev", "Bob Smith"} <= set(out["linked"])


def test_the_memlane_command_is_its_own_process(tmp_path: Path) -> None:
    script = (
        "import gc, sys\n"
        "from memlane.cli import main\n"
        "try:\n"
        "    main(['--db', sys.argv[1], '--user', 'ana', '--embedder', 'none', 'memory', 'store', 'Kalina met Dr. Georgiev'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('frozen', gc.get_freeze_count())\n"
    )
    assert int(_last_line(script, str(tmp_path / "c.db")).split()[1]) > 0
