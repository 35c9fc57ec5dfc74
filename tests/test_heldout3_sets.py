"""The third held-out sets (issues 12 and 15) load and keep their shape.

Both were written blind and measured once (docs/benchmarks.md); the resolver's floor on the resolution
set is in tests/test_resolution.py. These checks catch an edit that breaks a set's format or thins it out.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RESOLUTION = ROOT / "tests" / "data" / "resolution-heldout3.txt"
PARAPHRASES = ROOT / "tests" / "data" / "consolidation" / "paraphrase-heldout3.jsonl"


def _bench(monkeypatch: pytest.MonkeyPatch) -> object:
    spec = importlib.util.spec_from_file_location("bench_resolution_h3", ROOT / "bench" / "resolution.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def test_third_resolution_set_keeps_its_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = _bench(monkeypatch)
    scenarios = bench.load(RESOLUTION)  # type: ignore[attr-defined]
    mentions = [m for s in scenarios for m in s]
    assert len(scenarios) >= 15 and len(mentions) >= 220
    # matches and traps both: every scenario holds a label seen more than once, and three labels or more
    repeated = [s for s in scenarios if Counter(m.gold for m in s).most_common(1)[0][1] > 1]
    assert len(repeated) == len(scenarios)
    assert all(len({m.gold for m in s}) >= 3 for s in scenarios)


def test_third_paraphrase_set_keeps_its_shape() -> None:
    rows = [json.loads(line) for line in PARAPHRASES.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) >= 110
    assert all(
        set(r) == {"scope", "cluster", "text"} and all(isinstance(v, str) and v for v in r.values())
        for r in rows
    )
    assert len({(r["scope"], r["text"]) for r in rows}) == len(rows)  # no store-time exact duplicates
    scopes_of: dict[str, set[str]] = {}
    for r in rows:
        scopes_of.setdefault(r["cluster"], set()).add(r["scope"])
    assert all(len(s) == 1 for s in scopes_of.values())  # a fact never spans users
    assert len({r["scope"] for r in rows}) >= 4
    pairs = sum(
        1 for a, b in combinations(rows, 2) if (a["scope"], a["cluster"]) == (b["scope"], b["cluster"])
    )
    assert pairs >= 40
    # near-misses: most facts with a rewording sit in a scope with facts that stay apart
    assert len(scopes_of) - sum(1 for c in Counter(r["cluster"] for r in rows).values() if c > 1) >= 50
