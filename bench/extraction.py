"""The rule-based extractor and the gate on a labelled corpus of exchanges.

    python bench/extraction.py [DIR_OR_FILE ...] [--errors] [--repeat N] [--llm SPEC]

``--llm openai:<model>`` / ``anthropic:<model>`` measures the LLM extractor instead of the rules (with
``MEMLANE_LLM_URL`` and ``MEMLANE_LLM_API_KEY`` set as for memlane; e.g. a local Ollama or llama.cpp
server); throughput is then one run.

Each argument is a JSONL file or a folder of them (default: tests/data/extraction/dev.jsonl). One
exchange a line: ``messages`` (memlane.extraction.Message fields), ``mode``, ``ceiling``, ``keep`` (the
memories a careful person would keep: ``content`` paraphrase, ``type``, ``visibility``) and
``retract`` (what the user takes back).

Matching rule: a predicted fact matches a labelled one when it holds at least half of the labelled
content's key terms (``memlane.text.content_words``: stemmed, stopwords out, with the stand-ins for
the speaker "user", "team", "customer", "company" left out), each labelled memory matched at most
once, best overlap first. Reported:

* precision and recall per type — a match counts for its type only when the types agree (a match of
  the wrong type is a false positive of the predicted type and a false negative of the labelled one);
  "any type" counts every match;
* classification accuracy: matched pairs whose personal/shared class agrees;
* the gate, over chat-mode exchanges (agent mode always passes by design): the share of exchanges
  with nothing to keep that it rejects, and of exchanges with something to keep that it passes;
* retractions: labelled retractions found (same matching rule on ``retracts``);
* throughput: exchanges per second through gate + extractor (median of ``--repeat`` runs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from memlane.extraction import Extractor, Message, extractor_for, gate  # noqa: E402
from memlane.text import content_words  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "extraction" / "dev.jsonl"
TYPES = ("fact", "preference", "procedure", "episode", "decision", "relationship", "observation")
_STAND_INS = frozenset({"user", "team", "custom", "compani", "customer", "company"})


def load(paths: list[Path]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
        for file in files:
            rows += [
                json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line.strip()
            ]
    return rows


def terms(text: str) -> frozenset[str]:
    return frozenset(content_words(text)) - _STAND_INS - {"not"}


def coverage(gold: str, predicted: str) -> float:
    wanted = terms(gold)
    return len(wanted & terms(predicted)) / len(wanted) if wanted else 0.0


@dataclass
class Figures:
    tp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    fp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    fn: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    any_tp: int = 0
    any_fp: int = 0
    any_fn: int = 0
    class_right: int = 0
    class_total: int = 0
    gate_neg: int = 0
    gate_neg_rejected: int = 0
    gate_pos: int = 0
    gate_pos_passed: int = 0
    retract_total: int = 0
    retract_found: int = 0
    exchanges: int = 0
    errors: list[str] = field(default_factory=list)

    @staticmethod
    def ratio(a: int, b: int) -> float:
        return a / b if b else 1.0

    def precision(self, kind: str | None = None) -> float:
        if kind is None:
            return self.ratio(self.any_tp, self.any_tp + self.any_fp)
        return self.ratio(self.tp[kind], self.tp[kind] + self.fp[kind])

    def recall(self, kind: str | None = None) -> float:
        if kind is None:
            return self.ratio(self.any_tp, self.any_tp + self.any_fn)
        return self.ratio(self.tp[kind], self.tp[kind] + self.fn[kind])

    @property
    def classification(self) -> float:
        return self.ratio(self.class_right, self.class_total)

    @property
    def gate_reject(self) -> float:
        return self.ratio(self.gate_neg_rejected, self.gate_neg)

    @property
    def gate_pass(self) -> float:
        return self.ratio(self.gate_pos_passed, self.gate_pos)


def evaluate(rows: list[dict[str, Any]], extractor: Extractor | None = None) -> Figures:
    extractor = extractor or extractor_for("rules")
    fig = Figures()
    for row in rows:
        fig.exchanges += 1
        messages = [Message(**m) for m in row["messages"]]
        mode = row.get("mode", "chat")
        durable = bool(row["keep"] or row.get("retract"))
        decision = gate(messages, mode)
        if mode == "chat":
            if durable:
                fig.gate_pos += 1
                fig.gate_pos_passed += decision.passed
            else:
                fig.gate_neg += 1
                fig.gate_neg_rejected += not decision.passed
            if decision.passed != durable:
                fig.errors.append(f"{row['id']}: gate {'passed' if decision.passed else 'rejected'}")
        result = extractor.extract(messages, mode=mode, ceiling=row.get("ceiling", "personal"))
        gold = list(row["keep"])
        pairs = sorted(
            (
                (coverage(g["content"], p.content), gi, pi)
                for gi, g in enumerate(gold)
                for pi, p in enumerate(result.facts)
            ),
            reverse=True,
        )
        used_g: set[int] = set()
        used_p: set[int] = set()
        for score, gi, pi in pairs:
            if score < 0.5 or gi in used_g or pi in used_p:
                continue
            used_g.add(gi)
            used_p.add(pi)
            g, p = gold[gi], result.facts[pi]
            fig.any_tp += 1
            fig.class_total += 1
            fig.class_right += p.visibility.value == g["visibility"]
            if p.visibility.value != g["visibility"]:
                fig.errors.append(
                    f"{row['id']}: class {p.visibility.value} for {g['visibility']}: {p.content}"
                )
            if p.type.value == g["type"]:
                fig.tp[g["type"]] += 1
            else:
                fig.fp[p.type.value] += 1
                fig.fn[g["type"]] += 1
                fig.errors.append(f"{row['id']}: type {p.type.value} for {g['type']}: {p.content}")
        for pi, p in enumerate(result.facts):
            if pi not in used_p:
                fig.any_fp += 1
                fig.fp[p.type.value] += 1
                fig.errors.append(f"{row['id']}: extra {p.type.value}: {p.content}")
        for gi, g in enumerate(gold):
            if gi not in used_g:
                fig.any_fn += 1
                fig.fn[g["type"]] += 1
                fig.errors.append(f"{row['id']}: missed {g['type']}: {g['content']}")
        for wanted in row.get("retract", []):
            fig.retract_total += 1
            if any(coverage(wanted, r.retracts) >= 0.5 for r in result.retractions):
                fig.retract_found += 1
            else:
                fig.errors.append(f"{row['id']}: missed retraction: {wanted}")
    return fig


def throughput(rows: list[dict[str, Any]], repeat: int, extractor: Extractor | None = None) -> list[float]:
    extractor = extractor or extractor_for("rules")
    prepared = [
        ([Message(**m) for m in row["messages"]], row.get("mode", "chat"), row.get("ceiling")) for row in rows
    ]
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        for messages, mode, ceiling in prepared:
            if gate(messages, mode).passed:
                extractor.extract(messages, mode=mode, ceiling=ceiling or "personal")
        rates.append(len(prepared) / (time.perf_counter() - start))
    return rates


def report(fig: Figures) -> str:
    lines = [f"{fig.exchanges} exchanges", f"{'type':<14}{'precision':>10}{'recall':>8}{'labelled':>10}"]
    for kind in TYPES:
        lines.append(
            f"{kind:<14}{fig.precision(kind):>10.3f}{fig.recall(kind):>8.3f}{fig.tp[kind] + fig.fn[kind]:>10d}"
        )
    lines.append(
        f"{'any type':<14}{fig.precision():>10.3f}{fig.recall():>8.3f}{fig.any_tp + fig.any_fn:>10d}"
    )
    lines.append(f"classification accuracy {fig.classification:.3f} ({fig.class_right}/{fig.class_total})")
    lines.append(
        f"gate: rejects {fig.gate_reject:.3f} of {fig.gate_neg} with nothing durable, "
        f"passes {fig.gate_pass:.3f} of {fig.gate_pos} durable (chat mode)"
    )
    lines.append(f"retractions found {fig.retract_found}/{fig.retract_total}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[DEFAULT])
    parser.add_argument("--errors", action="store_true", help="list every miss, extra and misclassification")
    parser.add_argument("--repeat", type=int, default=5, help="throughput runs (median and slowest shown)")
    parser.add_argument("--llm", default="rules", help="the extractor: rules (default) or an LLM spec")
    args = parser.parse_args()
    extractor = extractor_for(args.llm)
    rows = load(args.paths)
    fig = evaluate(rows, extractor)
    print(report(fig))
    rates = throughput(rows, 1 if args.llm != "rules" else args.repeat, extractor)
    print(f"throughput: median {statistics.median(rates):,.0f} exchanges/s, slowest run {min(rates):,.0f}/s")
    if args.errors:
        print("\n".join(fig.errors))


if __name__ == "__main__":
    main()
