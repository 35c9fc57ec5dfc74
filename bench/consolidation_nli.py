"""Does a model that reads both statements together tell one fact from two? (issue 15, requirement 4)

    python bench/consolidation_nli.py tests/data/consolidation/*.jsonl --model DIR [--design a,b,...]
        [--scope pool|agree] [--scores CACHE.json] [--json OUT]

Not shipped: a measurement (docs/benchmarks.md, "Consolidation: a model that reads both statements",
twenty-ninth session). ``DIR`` holds a sequence-pair classifier as ONNX (the one ``*.onnx`` file in
it) and its ``tokenizer.json`` (a Hugging Face ``tokenizers`` file, read as it is: truncation and
padding as it says) and fed each statement as written; the model's logits are turned into probabilities with a softmax. Nothing is
downloaded: the model must already be on disk (a registry package that carries it).

Pairs: ``--scope pool`` (default) is the pool of ``bench/consolidation_residual.py`` (anchors agree,
every guard holds, no frame, the rules undecided with words left on both sides: the pairs a new signal
would have to join); ``--scope agree`` every pair of one scope whose anchors agree (``anchors_agree``
with negations), whatever the rules say of it. Each pair is scored both ways (a as premise, then b);
``min`` is the lower of the two probabilities of class ``k`` (bidirectional entailment when ``k`` is
the entailment class), ``mean`` their mean; every class index is reported, so that a two-way model
whose labels are not documented is read both ways.

Figures: same-fact / two-fact pairs at or above each threshold, on the **design** files (``--design``,
default the sixteen oldest, as ``consolidation_residual.py``) and on the others; thresholds chosen
**leave-one-set-out** (for each file, the lowest threshold at which the other files' pairs are joined
with precision 1.000, then >= 0.97, applied to the file left out) and **design-only** (the lowest
threshold with precision 1.000 on the design files, applied to the others). Time: CPU seconds per
scored direction (``time.process_time``, one thread), which a loaded machine does not inflate.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import pickle
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from consolidation_residual import DESIGN, pool  # noqa: E402

GRID = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999)


def agreeing(paths: list[Path]) -> list[dict[str, Any]]:
    """Every pair of one scope whose anchors agree, with its label and set."""
    from memlane.consolidation import paraphrases as p

    out: list[dict[str, Any]] = []
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        ways = [p._in_one_way(r["text"]) for r in rows]
        for i, j in itertools.combinations(range(len(rows)), 2):
            if rows[i]["scope"] == rows[j]["scope"] and p.anchors_agree(ways[i], ways[j], negation=True):
                label = rows[i]["cluster"] == rows[j]["cluster"]
                out.append({"set": path.stem, "a": rows[i]["text"], "b": rows[j]["text"], "label": label})
    return out


def _raw(paths: list[Path]) -> dict[tuple[str, str], str]:
    """Each statement as written, by its set and its text as the pool reads it (``_in_one_way``)."""
    from memlane.consolidation import paraphrases as p

    out: dict[tuple[str, str], str] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                text = json.loads(line)["text"]
                out.setdefault((path.stem, p._in_one_way(text)), text)
    return out


class PairModel:
    """A sequence-pair classifier from ``DIR`` (one ``*.onnx`` and ``tokenizer.json``), one thread."""

    def __init__(self, folder: Path) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        (onnx,) = sorted(folder.rglob("*.onnx"))
        (tokenizer,) = sorted(folder.rglob("tokenizer.json"))
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(onnx), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.names = {i.name for i in self.session.get_inputs()}
        self.cpu = 0.0
        self.runs = 0

    def __call__(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        encoded = self.tokenizer.encode_batch(pairs)
        width = max(len(e.ids) for e in encoded)
        ids = np.zeros((len(encoded), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for row, e in enumerate(encoded):
            ids[row, : len(e.ids)] = e.ids
            mask[row, : len(e.ids)] = e.attention_mask
            types[row, : len(e.ids)] = e.type_ids
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        start = time.process_time()
        (logits,) = self.session.run(None, {k: v for k, v in feed.items() if k in self.names})[:1]
        self.cpu += time.process_time() - start
        self.runs += len(pairs)
        shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
        return shifted / shifted.sum(axis=1, keepdims=True)


def score(pairs: list[dict[str, Any]], model: PairModel, cache: dict[str, list[float]]) -> None:
    """Each pair's class probabilities both ways, through ``cache`` (key: premise, tab, hypothesis)."""
    wanted = sorted(
        {f"{x}\t{y}" for pair in pairs for x, y in ((pair["a"], pair["b"]), (pair["b"], pair["a"]))}
    )
    todo = [key for key in wanted if key not in cache]
    for start in range(0, len(todo), 16):
        batch = todo[start : start + 16]
        found = model([tuple(key.split("\t")) for key in batch])  # type: ignore[misc]
        for key, probabilities in zip(batch, found, strict=True):
            cache[key] = [float(x) for x in probabilities]
        if start % 320 == 0:
            print(f"scored {start + len(batch)} / {len(todo)}", file=sys.stderr, flush=True)
    for pair in pairs:
        pair["ab"] = cache[f"{pair['a']}\t{pair['b']}"]
        pair["ba"] = cache[f"{pair['b']}\t{pair['a']}"]


def _value(pair: dict[str, Any], how: str, k: int) -> float:
    x, y = pair["ab"][k], pair["ba"][k]
    return min(x, y) if how == "min" else (x + y) / 2


def _pick(pairs: list[dict[str, Any]], how: str, k: int, bar: float) -> float | None:
    for threshold in GRID:
        hits = [pair["label"] for pair in pairs if _value(pair, how, k) >= threshold]
        if hits and sum(hits) / len(hits) >= bar:
            return threshold
    return None


def report(pairs: list[dict[str, Any]], design: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for label in (True, False):
        side = collections.Counter(
            "design" if p["set"] in design else "other" for p in pairs if p["label"] == label
        )
        out["pairs " + ("same" if label else "two")] = dict(side)
    classes = len(pairs[0]["ab"]) if pairs else 0
    sets = sorted({pair["set"] for pair in pairs})
    for k, how in itertools.product(range(classes), ("min", "mean")):
        name = f"class {k} {how}"
        same = np.array([_value(p, how, k) for p in pairs if p["label"]])
        two = np.array([_value(p, how, k) for p in pairs if not p["label"]])
        auc = float((same[:, None] > two[None, :]).mean() + 0.5 * (same[:, None] == two[None, :]).mean())
        grid: dict[str, dict[str, int]] = {}
        for threshold in GRID:
            counts: collections.Counter[str] = collections.Counter()
            for pair in pairs:
                if _value(pair, how, k) >= threshold:
                    side = "design" if pair["set"] in design else "other"
                    counts[f"{side} {'same' if pair['label'] else 'two'}"] += 1
            grid[str(threshold)] = dict(counts)
        loso: dict[str, Any] = {}
        for bar in (1.0, 0.97):
            added: collections.Counter[str] = collections.Counter()
            chosen: dict[str, float | None] = {}
            for held in sets:
                pick = _pick([p for p in pairs if p["set"] != held], how, k, bar)
                chosen[held] = pick
                if pick is not None:
                    for pair in pairs:
                        if pair["set"] == held and _value(pair, how, k) >= pick:
                            added["same" if pair["label"] else "two"] += 1
            loso[f"bar {bar}"] = {
                "chosen": collections.Counter(map(str, chosen.values())),
                "added": dict(added),
            }
        pick = _pick([p for p in pairs if p["set"] in design], how, k, 1.0)
        held_out: collections.Counter[str] = collections.Counter()
        if pick is not None:
            for pair in pairs:
                if pair["set"] not in design and _value(pair, how, k) >= pick:
                    held_out["same" if pair["label"] else "two"] += 1
        out[name] = {
            "auc": round(auc, 3),
            "grid": grid,
            "loso": loso,
            "design-only": {"threshold": pick, "other": dict(held_out)},
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="+", help="labelled JSON Lines files")
    parser.add_argument("--model", type=Path, required=True, help="folder with one *.onnx and tokenizer.json")
    parser.add_argument("--design", default=",".join(DESIGN), help="stems of the files read for the design")
    parser.add_argument("--scope", choices=("pool", "agree"), default="pool")
    parser.add_argument("--pairs", type=Path, help="the pool kept by consolidation_residual.py --pairs")
    parser.add_argument("--scores", type=Path, help="a cache of scored pairs (JSON), read and written")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.scope == "pool":
        raw = _raw(args.files)
        pairs = [
            {"set": p["set"], "a": raw[p["set"], p["a"]], "b": raw[p["set"], p["b"]], "label": p["label"]}
            for p in (pickle.loads(args.pairs.read_bytes()) if args.pairs else pool(args.files)[0])
        ]
    else:
        pairs = agreeing(args.files)
    cache: dict[str, list[float]] = {}
    if args.scores and args.scores.exists():
        cache = json.loads(args.scores.read_text())
    model = PairModel(args.model)
    score(pairs, model, cache)
    if args.scores:
        args.scores.write_text(json.dumps(cache))
    result: dict[str, Any] = {"scope": args.scope, "pairs": len(pairs)}
    if model.runs:
        result["cpu seconds per direction"] = round(model.cpu / model.runs, 4)
    result |= report(pairs, set(args.design.split(",")))
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
