"""LoCoMo retrieval benchmark: memlane's recall against plain BM25 and plain MiniLM cosine, one run.

    python bench/locomo.py /path/to/locomo-dev [--embedder local] [--json out.json]

One fresh store per conversation; every turn stored through the public SDK as
``"<speaker>: <text>"`` (plus the photo caption when there is one), observed at its session's date,
subject = the speaker, provenance ``{"dia_id", "conversation_id": "<conversation>:<session>"}``,
``auto_supersede=False``; every question asked with ``recall``. Reported:
recall@k of the evidence turns (share of a question's evidence ``dia_id``s in the top k, averaged over
questions), overall and per category. The data is not shipped with memlane: pass its folder.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (1, 5, 10, 20)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "at",
        "by",
        "for",
        "with",
        "about",
        "to",
        "from",
        "in",
        "on",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "do",
        "does",
        "did",
        "have",
        "has",
        "had",
        "i",
        "you",
        "he",
        "she",
        "it",
        "we",
        "they",
        "me",
        "him",
        "her",
        "us",
        "them",
        "my",
        "your",
        "his",
        "its",
        "our",
        "their",
        "this",
        "that",
        "these",
        "those",
        "what",
        "which",
        "who",
        "whom",
        "when",
        "where",
        "why",
        "how",
        "not",
        "no",
        "so",
        "than",
        "too",
        "very",
        "can",
        "will",
        "just",
    ]
)


def load_conversation(path: Path) -> tuple[list[dict], list[dict]]:
    """(turns, questions) of one LoCoMo file; each turn has dia_id, speaker, content, observed_at."""
    data = json.loads(path.read_text())
    turns = []
    n = 1
    while f"session_{n}" in data:
        when = datetime.strptime(data[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y")
        for turn in data[f"session_{n}"]:
            content = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                content += f" [shared a photo: {turn['blip_caption']}]"
            turns.append({"dia_id": turn["dia_id"], "speaker": turn["speaker"], "content": content,
                          "observed_at": when, "conversation_id": f"{path.stem}:{n}"})  # fmt: skip
        n += 1
    questions = []
    for qa in data["qa"]:
        evidence = {e.strip() for ev in qa.get("evidence", []) for e in re.split(r"[;,]", ev) if e.strip()}
        if evidence:
            questions.append({"question": qa["question"], "evidence": evidence, "category": qa["category"]})
    return turns, questions


def recall_at(ranked: list[str], evidence: set[str], k: int) -> float:
    return len(evidence & set(ranked[:k])) / len(evidence)


def bm25_rank(docs: list[str], queries: list[str], k1: float = 1.2, b: float = 0.75) -> list[list[int]]:
    """Plain Okapi BM25: lowercase word tokens, a short stopword list, no stemming."""
    toks = [[w for w in _WORD.findall(d.lower()) if w not in _STOP] for d in docs]
    df: Counter[str] = Counter(w for t in toks for w in set(t))
    n = len(docs)
    avg = sum(map(len, toks)) / n
    tfs = [Counter(t) for t in toks]
    out = []
    for q in queries:
        terms = [w for w in _WORD.findall(q.lower()) if w not in _STOP]
        scores = np.zeros(n)
        for w in set(terms):
            if w not in df:
                continue
            idf = math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5))
            for i, tf in enumerate(tfs):
                f = tf.get(w)
                if f:
                    scores[i] += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(toks[i]) / avg))
        out.append([int(i) for i in np.argsort(-scores, kind="stable")[: max(KS)]])
    return out


def cosine_rank(doc_vecs: np.ndarray, query_vecs: np.ndarray) -> list[list[int]]:
    sims = query_vecs @ doc_vecs.T
    return [[int(i) for i in np.argsort(-row, kind="stable")[: max(KS)]] for row in sims]


def summarise(per_question: list[tuple[int, dict[int, float]]]) -> dict:
    overall = {k: statistics.fmean(r[k] for _, r in per_question) for k in KS}
    by_cat: dict[str, dict[int, float]] = {}
    for cat, name in CATEGORIES.items():
        rows = [r for c, r in per_question if c == cat]
        if rows:
            by_cat[name] = {k: statistics.fmean(r[k] for r in rows) for k in KS} | {"n": len(rows)}
    return {"overall": overall, "by_category": by_cat, "questions": len(per_question)}


def run(
    data_dir: Path, embedder_spec: str, preset: str | None, grid: dict[str, list[str]] | None = None
) -> dict:
    """Store every conversation once, then ask its questions under each configuration (the default, or
    every combination of ``grid``), each on a fresh copy of the stores (recall counts accesses, which
    the ranking reads). With a grid, leave-one-conversation-out: per held-out conversation the
    configuration best on the others (mean R@10), scored on the held-out one."""
    from memlane import PRESETS, Memlane, RetrievalConfig
    from memlane.providers.embedders import build_embedder

    home = Path(tempfile.mkdtemp(prefix="memlane-locomo-"))
    embedder = (
        None if embedder_spec == "none" else build_embedder(embedder_spec, home=Path.home() / ".memlane")
    )
    base = PRESETS[preset] if preset else RetrievalConfig()
    configs = {"memlane": base} if not grid else _grid_configs(base, grid)
    results: dict[str, list[tuple[int, dict[int, float]]]] = defaultdict(list)
    per_conv: dict[str, dict[str, list[tuple[int, dict[int, float]]]]] = defaultdict(dict)
    latencies: list[float] = []
    store_seconds = 0.0
    stored = 0
    for path in sorted(data_dir.glob("*.json")):
        turns, questions = load_conversation(path)
        ids = [t["dia_id"] for t in turns]
        texts = [t["content"] for t in turns]
        qtexts = [q["question"] for q in questions]
        # Baselines, same data, same run.
        for name, ranked in (("bm25", bm25_rank(texts, qtexts)),):
            for q, r in zip(questions, ranked, strict=True):
                results[name].append(
                    (q["category"], {k: recall_at([ids[i] for i in r], q["evidence"], k) for k in KS})
                )
        if embedder is not None:
            ranked = cosine_rank(embedder.embed(texts), embedder.embed(qtexts))
            for q, r in zip(questions, ranked, strict=True):
                results["minilm-cosine"].append(
                    (q["category"], {k: recall_at([ids[i] for i in r], q["evidence"], k) for k in KS})
                )
        # memlane, through the public SDK.
        db = home / f"{path.stem}.db"
        m = Memlane(db, user="bench", embedder=embedder or "none")
        t0 = time.perf_counter()
        m.store_many(
            [{"content": t["content"], "observed_at": t["observed_at"], "subject": t["speaker"],
              "provenance": {"dia_id": t["dia_id"], "conversation_id": t["conversation_id"]},
              "type": "episode"} for t in turns],
            source="locomo", auto_supersede=False,
        )  # fmt: skip
        store_seconds += time.perf_counter() - t0
        stored += len(turns)
        m.close()
        for name, config in configs.items():
            copy = home / f"{path.stem}-run.db"
            shutil.copyfile(db, copy)
            m = Memlane(copy, user="bench", embedder=embedder or "none", retrieval=config)
            rows = []
            for q in questions:
                t0 = time.perf_counter()
                hits = m.recall(q["question"], limit=max(KS))
                latencies.append(time.perf_counter() - t0)
                ranked_ids = [h.provenance["dia_id"] for h in hits]
                rows.append((q["category"], {k: recall_at(ranked_ids, q["evidence"], k) for k in KS}))
            m.close()
            copy.unlink()
            per_conv[path.stem][name] = rows
            results[name] += rows
    latencies.sort()
    report: dict = {
        "systems": {name: summarise(rows) for name, rows in results.items()},
        "memlane_recall_ms": {
            "p50": 1000 * latencies[len(latencies) // 2],
            "p95": 1000 * latencies[int(len(latencies) * 0.95)],
        },  # fmt: skip
        "memlane_store_per_s": stored / store_seconds,
        "embedder": embedder.identity if embedder else None,
    }
    if grid:
        report["leave_one_out"] = _leave_one_out(per_conv)
    return report


def _grid_configs(base: Any, grid: dict[str, list[str]]) -> dict[str, Any]:
    """Every combination of the grid's values, named ``field=value,...``."""
    names = sorted(grid)
    configs = {}
    for values in itertools.product(*(grid[n] for n in names)):
        changes = {n: type(getattr(base, n))(v) for n, v in zip(names, values, strict=True)}
        configs[",".join(f"{n}={v}" for n, v in zip(names, values, strict=True))] = replace(base, **changes)
    return configs


def _leave_one_out(per_conv: dict[str, dict[str, list[tuple[int, dict[int, float]]]]]) -> dict:
    folds = {}
    held_rows: list[tuple[int, dict[int, float]]] = []
    for held, by_config in per_conv.items():

        def on_others(name: str, held: str = held) -> float:
            rows = [r for conv, cfgs in per_conv.items() if conv != held for r in cfgs[name]]
            return statistics.fmean(r[10] for _, r in rows)

        chosen = max(by_config, key=on_others)  # first best on ties (dict order)
        rows = by_config[chosen]
        held_rows += rows
        folds[held] = {"chosen": chosen, "held_out": summarise(rows)["overall"]}
    return {"folds": folds, "held_out": summarise(held_rows)}


def to_markdown(report: dict) -> str:
    lines = ["| system | " + " | ".join(f"R@{k}" for k in KS) + " |", "|---" * (len(KS) + 1) + "|"]
    for name, s in report["systems"].items():
        lines.append(f"| {name} | " + " | ".join(f"{s['overall'][k]:.3f}" for k in KS) + " |")
    lines.append("")
    cats = list(CATEGORIES.values())
    lines.append("| system | " + " | ".join(f"{c} R@5 / R@10" for c in cats) + " |")
    lines.append("|---" * (len(cats) + 1) + "|")
    for name, s in report["systems"].items():
        cells = [
            f"{s['by_category'][c][5]:.3f} / {s['by_category'][c][10]:.3f}" if c in s["by_category"] else "-"
            for c in cats
        ]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    ms = report["memlane_recall_ms"]
    lines.append(f"\nmemlane recall latency p50 {ms['p50']:.1f} ms, p95 {ms['p95']:.1f} ms;"
                 f" store_many {report['memlane_store_per_s']:.0f} turns/s; embedder {report['embedder']}")  # fmt: skip
    if "leave_one_out" in report:
        loo = report["leave_one_out"]
        lines.append("\nleave-one-conversation-out (chosen on the other conversations by mean R@10):")
        for conv, fold in loo["folds"].items():
            held = fold["held_out"]
            lines.append(f"- held out {conv}: chose {fold['chosen']}: R@5 {held[5]:.3f}, R@10 {held[10]:.3f}")
        o = loo["held_out"]["overall"]
        lines.append(f"- all held-out questions: R@5 {o[5]:.3f}, R@10 {o[10]:.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("data", type=Path, help="folder with the LoCoMo JSON files")
    parser.add_argument("--embedder", default="local")
    parser.add_argument("--preset", help="a retrieval preset of memlane.PRESETS")
    parser.add_argument("--json", type=Path, help="also write the full report here")
    parser.add_argument(
        "--grid", action="append", default=[], metavar="FIELD=V1,V2",
        help="a RetrievalConfig field and values to try (repeatable): every combination is run, and "
        "leave-one-conversation-out figures are reported",
    )  # fmt: skip
    args = parser.parse_args(argv)
    grid = {g.split("=", 1)[0]: g.split("=", 1)[1].split(",") for g in args.grid}
    if not any(args.data.glob("*.json")):
        parser.error(f"no LoCoMo *.json files in {args.data}")
    report = run(args.data, args.embedder, args.preset, grid)
    print(to_markdown(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
