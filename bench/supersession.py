"""Automatic supersession benchmark: precision and recall over labelled statement pairs.

    python bench/supersession.py DIR [DIR ...] [--embedder none] [--json out.json] [--locomo DIR]

``DIR`` holds a ``pairs.json``: a list of ``{"old": ..., "new": ..., "update": bool}``. For each pair a
fresh store is opened through the public SDK, ``old`` is stored, then ``new``; the pair counts as
superseded when the second store's result lists the first item in ``superseded``. ``update: true``
pairs must be superseded, ``update: false`` pairs (look-alikes) must not. Reported per folder:
precision, recall, the confusion counts, every error (with the near-matches ``similar`` returned), and
the median and p95 time of the second store. The data is not shipped with memlane: pass its folder
(``bench/supersession-heldout`` is memlane's own hand-written set).

The same pairs also measure the memory manager's rule decision (``memlane.extraction.manager.decide``,
what ``extract`` does with a statement): the stored ``old`` item is its one neighbour, and an UPDATE of it
counts as a supersession; precision and recall as above, with its errors.

``--locomo DIR`` adds a check no pair set gives: every turn of each LoCoMo conversation (chat lines,
"<speaker>: <text>") stored in order into one store per conversation with automatic supersession on.
Turns are separate utterances, not updates of one another, so every supersession counted there is
almost certainly a wrong one (a true fact hidden); the examples are printed for a look.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def run(folder: Path, embedder: str, tmp: Path) -> dict:
    from memlane import Memlane
    from memlane.extraction.manager import decide

    pairs = json.loads((folder / "pairs.json").read_text())
    tp = fp = fn = tn = 0
    errors: list[dict] = []
    similar_offered = 0
    times: list[float] = []
    manager = {"tp": 0, "fp": 0, "fn": 0, "tn": 0}
    manager_errors: list[dict] = []
    for i, pair in enumerate(pairs):
        path = tmp / f"pair-{folder.name}-{i}.db"
        m = Memlane(path, user="bench", embedder=embedder)
        try:
            old = m.store(pair["old"], source="bench")
            old_item = m.get(old.id)
            t0 = time.perf_counter()
            new = m.store(pair["new"], source="bench")
            times.append(1000 * (time.perf_counter() - t0))
            decided = decide(pair["new"], str(old_item.type), [old_item]).action == "update"
        finally:
            m.close()
        label = bool(pair["update"])
        manager[("t" if decided == label else "f") + ("p" if decided else "n")] += 1
        if decided != label:
            kind = "false update" if decided else "missed"
            manager_errors.append({"kind": kind, "old": pair["old"], "new": pair["new"]})
        superseded = any(s.id == old.id for s in new.superseded)
        offered = any(s.id == old.id for s in getattr(new, "similar", ()))  # older versions: none
        if pair["update"] and superseded:
            tp += 1
        elif pair["update"]:
            fn += 1
            similar_offered += offered
        elif superseded:
            fp += 1
        else:
            tn += 1
        if superseded != bool(pair["update"]):
            errors.append(
                {
                    "kind": "false supersession" if superseded else "missed",
                    "old": pair["old"],
                    "new": pair["new"],
                    "offered_as_similar": offered,
                }
            )
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    m_tp, m_fp, m_fn = manager["tp"], manager["fp"], manager["fn"]
    return {
        "folder": folder.name,
        "pairs": len(pairs),
        "precision": round(precision, 3),
        "recall": round(recall, 3),
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "missed_but_offered_as_similar": similar_offered,
        "second_store_ms_p50": round(statistics.median(times), 2) if times else None,
        "second_store_ms_p95": round(pct(times, 0.95), 2) if times else None,
        "errors": errors,
        "manager": {
            **manager,
            "precision": round(m_tp / (m_tp + m_fp) if m_tp + m_fp else 1.0, 3),
            "recall": round(m_tp / (m_tp + m_fn) if m_tp + m_fn else 1.0, 3),
            "accuracy": round((m_tp + manager["tn"]) / len(pairs), 3) if pairs else None,
            "errors": manager_errors,
        },
    }


def chat(folder: Path, embedder: str, tmp: Path) -> dict:
    from locomo import load_conversation

    from memlane import Memlane

    turns_total = 0
    examples: list[dict] = []
    for path in sorted(folder.glob("*.json")):
        turns, _ = load_conversation(path)
        m = Memlane(tmp / f"chat-{path.stem}.db", user="bench", embedder=embedder)
        try:
            for t in turns:
                r = m.store(t["content"], observed_at=t["observed_at"], source="bench")
                turns_total += 1
                examples += [{"old": s.content, "new": t["content"]} for s in r.superseded]
        finally:
            m.close()
    return {"turns": turns_total, "superseded": len(examples), "examples": examples}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--embedder", default="none", help="embedder of each fresh store (default: none)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--locomo", type=Path, help="also count supersessions among LoCoMo chat turns")
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for folder in args.folders:
            if not (folder / "pairs.json").is_file():
                sys.exit(f"{folder}: no pairs.json")
            results.append(run(folder, args.embedder, Path(tmp)))
        chat_result = chat(args.locomo, args.embedder, Path(tmp)) if args.locomo else None
    for r in results:
        print(
            f"{r['folder']}: {r['pairs']} pairs  precision {r['precision']:.3f}  recall {r['recall']:.3f}"
            f"  (tp {r['tp']} fp {r['fp']} fn {r['fn']} tn {r['tn']}; missed but offered as similar:"
            f" {r['missed_but_offered_as_similar']})  second store p50 {r['second_store_ms_p50']} ms,"
            f" p95 {r['second_store_ms_p95']} ms"
        )
        for e in r["errors"]:
            hint = "  [offered as similar]" if e["offered_as_similar"] else ""
            print(f"  {e['kind']}: {e['old']!r} -> {e['new']!r}{hint}")
        mg = r["manager"]
        print(
            f"  memory manager (extract): precision {mg['precision']:.3f}  recall {mg['recall']:.3f}"
            f"  accuracy {mg['accuracy']:.3f}  (tp {mg['tp']} fp {mg['fp']} fn {mg['fn']} tn {mg['tn']})"
        )
        for e in mg["errors"]:
            print(f"    {e['kind']}: {e['old']!r} -> {e['new']!r}")
    if chat_result is not None:
        print(
            f"LoCoMo chat turns: {chat_result['superseded']} of {chat_result['turns']} superseded an earlier turn"
        )
        for e in chat_result["examples"][:20]:
            print(f"  {e['old'][:100]!r} -> {e['new'][:100]!r}")
    if args.json:
        out = {"pairs": results, "locomo_chat": chat_result}
        args.json.write_text(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
