"""Sentence splitting for extraction: the splitter as shipped against the one before the abbreviation fix
(and pysbd, when installed), alternated in one process.

    python bench/sentences.py [DIR_OR_FILE ...] [--repeat N]

For each labelled extraction file (default: every file in tests/data/extraction) the corpus figures of
``bench/extraction.py`` with each splitter in turn (any-type precision and recall, gate rejects/passes),
the number of messages each splits differently from the shipped one, then CPU time (time.process_time)
per exchange through gate + rule extractor and per message through the splitter alone: median and
slowest of ``--repeat`` rounds, the splitters alternated within each round. pysbd is not a dependency;
it is measured only when importable (``pip install pysbd``), each line's pieces given to it as text.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import extraction as bench  # noqa: E402

from memlane.extraction import Message, extractor_for, gate, statements  # noqa: E402

Splitter = Callable[[str], list[str]]
DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "extraction"
#: the splitter before the abbreviation fix: a few titles and initials only ("Acme Inc." ended a sentence)
_BEFORE_RE = re.compile(
    r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bMrs\.)(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<!\b[A-Z]\.)(?<=[.!?])\s+|\n+|\s+[-–—]\s+(?=[A-Z])"
)
_PIECES_RE = re.compile(r"\n+|\s+[-–—]\s+(?=[A-Z])")
_USERS = [importlib.import_module(f"memlane.extraction.{m}") for m in ("statements", "rules", "gate")]


def before(text: str) -> list[str]:
    return [s.strip() for s in _BEFORE_RE.split(text) if s and s.strip()]


def splitters() -> dict[str, Splitter]:
    found: dict[str, Splitter] = {"shipped": statements.split_statements, "before": before}
    try:
        import pysbd  # type: ignore[import-not-found]
    except ImportError:
        return found
    segmenter = pysbd.Segmenter(language="en", clean=False)

    def with_pysbd(text: str) -> list[str]:
        pieces = (p for p in _PIECES_RE.split(text) if p.strip())
        return [s.strip() for p in pieces for s in segmenter.segment(p) if s.strip()]

    found["pysbd"] = with_pysbd
    return found


def use(split: Splitter) -> None:
    for module in _USERS:
        module.split_statements = split  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=sorted(DATA.glob("*.jsonl")))
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    shipped = statements.split_statements
    variants = splitters()
    everything = []
    for path in args.paths:
        rows = bench.load([path])
        everything += rows
        texts = [m.get("text") or "" for row in rows for m in row["messages"]]
        for name, split in variants.items():
            use(split)
            fig = bench.evaluate(rows)
            differ = sum(split(t) != shipped(t) for t in texts)
            print(
                f"{path.name:<16}{name:<8} precision {fig.precision():.3f} recall {fig.recall():.3f} "
                f"gate rejects {fig.gate_reject:.3f} passes {fig.gate_pass:.3f}  "
                f"split unlike shipped: {differ}/{len(texts)} messages"
            )
    extractor = extractor_for("rules")
    prepared = [
        ([Message(**m) for m in r["messages"]], r.get("mode", "chat"), r.get("ceiling")) for r in everything
    ]
    texts = [m.text for messages, _, _ in prepared for m in messages]
    per_exchange: dict[str, list[float]] = {n: [] for n in variants}
    per_message: dict[str, list[float]] = {n: [] for n in variants}
    for _ in range(args.repeat):
        for name, split in variants.items():
            use(split)
            start = time.process_time()
            for messages, mode, ceiling in prepared:
                if gate(messages, mode).passed:
                    extractor.extract(messages, mode=mode, ceiling=ceiling or "personal")
            per_exchange[name].append((time.process_time() - start) / len(prepared) * 1e6)
            start = time.process_time()
            for text in texts:
                split(text)
            per_message[name].append((time.process_time() - start) / len(texts) * 1e6)
    use(shipped)
    print(f"CPU, {len(prepared)} exchanges / {len(texts)} messages, {args.repeat} rounds (median, slowest):")
    for name in variants:
        ex, msg = sorted(per_exchange[name]), sorted(per_message[name])
        print(
            f"  {name:<8} gate+extract {statistics.median(ex):7.1f} / {ex[-1]:7.1f} µs per exchange; "
            f"splitter alone {statistics.median(msg):6.1f} / {msg[-1]:6.1f} µs per message"
        )
    print("load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
