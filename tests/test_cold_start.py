"""What a fresh ``memlane`` process imports before it does anything (bench/cli_start.py measures the CPU):
the command line and the package import no web server, MCP SDK, model runtime, numpy or pydantic until a
command needs them, and ``memlane mcp`` has warmed up (tables read, patterns compiled) before it serves
stdio, as ``memlane serve`` does before it announces its URL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

HEAVY = ("fastapi", "uvicorn", "starlette", "mcp", "onnxruntime", "faiss", "numpy", "pydantic", "httpx",
         "memlane.service", "memlane.sdk", "memlane.models", "memlane.graph.resolution")  # fmt: skip


def _imported_after(code: str, tmp_path: Path) -> list[str]:
    """The modules of ``HEAVY`` a fresh interpreter holds after running ``code``."""
    script = (f"{code}\nimport json, sys\n"
              f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n")  # fmt: skip
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(tmp_path / "home"), "MEMLANE_USER": "ana"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_importing_the_command_line_imports_nothing_heavy(tmp_path: Path) -> None:
    assert _imported_after("import memlane.cli", tmp_path) == []


@pytest.mark.parametrize("args", [["--help"], ["memory", "store", "--help"], ["entities", "list", "--help"],
                                  ["serve", "--help"], ["mcp", "--help"], ["db", "--help"]])  # fmt: skip
def test_help_imports_nothing_heavy(tmp_path: Path, args: list[str]) -> None:
    code = f"from memlane.cli import main\ntry:\n    main({args!r}, obj={{}})\nexcept SystemExit as e:\n    assert not e.code\n"
    assert _imported_after(code, tmp_path) == []


def test_the_package_imports_its_public_names_when_used(tmp_path: Path) -> None:
    assert _imported_after("import memlane", tmp_path) == []
    code = "import memlane\nassert memlane.NotFound.__module__ == 'memlane.errors'\nassert 'Memlane' in dir(memlane)"
    assert _imported_after(code, tmp_path) == []
    assert "memlane.sdk" in _imported_after("from memlane import Memlane", tmp_path)


#: ``memlane mcp`` in a fresh process, ``run_stdio`` (what serves the client) replaced by a probe that
#: reports which of memlane's memoised table loaders (an ``lru_cache`` of one entry) had run by then
_MCP_PROBE = r"""
import json, sys
import memlane.mcp_server
from memlane.cli import main

async def probe(service, access, *, user, workspace):
    loaded = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("memlane"):
            continue
        for attr, value in list(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", None) == name and info().maxsize == 1:
                loaded[f"{name}.{attr}"] = info().misses
    print(json.dumps(loaded))

memlane.mcp_server.run_stdio = probe
try:
    main(["--db", sys.argv[1], "--embedder", "none", "mcp"], obj={})
except SystemExit as e:
    assert not e.code
"""


def test_memlane_mcp_warms_up_before_it_serves_stdio(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(tmp_path / "home"), "MEMLANE_USER": "ana"}
    done = subprocess.run([sys.executable, "-c", _MCP_PROBE, str(tmp_path / "m.db")], env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    # without the warm-up none has run when serving starts; with it, the tables a store and a recall read
    assert loaded["memlane.text.lexicon.lemminflect"] > 0
    assert loaded["memlane.text.given_names._dictionary"] > 0
    assert loaded["memlane.graph.places._cities"] > 0


#: what a store, a recall or a list never uses: imported by the commands that do (consolidate, extract,
#: forget by query, import, profiles and jobs)
UNUSED_BY_MEMORY_COMMANDS = ("memlane.consolidation", "memlane.extraction", "memlane.forgetting",
                             "memlane.import_runs", "memlane.importers", "memlane.profiles", "memlane.jobs")  # fmt: skip


def test_store_recall_and_list_import_no_consolidation_extraction_or_jobs(tmp_path: Path) -> None:
    db = str(tmp_path / "m.db")
    code = (
        "import sys\nfrom memlane.cli import main\n"
        f"for args in (['memory', 'store', 'Anna Berger moved to Porto and works at Zeiss.'],"
        f" ['memory', 'recall', 'Where does Anna work?'], ['--json', 'memory', 'list'], ['--json', 'entities', 'list']):\n"
        f"    try:\n        main(['--db', {db!r}, '--embedder', 'none', *args], obj={{}}, standalone_mode=False)\n"
        "    except SystemExit as e:\n        assert not e.code\n"
        f"print(sorted(m for m in sys.modules if m.startswith({UNUSED_BY_MEMORY_COMMANDS!r})))\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(tmp_path / "home"), "MEMLANE_USER": "ana"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert any(line.startswith("stored ") for line in lines)  # it did store
    assert lines[-1] == "[]"
